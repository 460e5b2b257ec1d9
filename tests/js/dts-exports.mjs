// The names a .d.ts file exports, as TypeScript's own parser reads them (types-exports.test.mjs
// compares the values with what the modules export; consumers.test.mjs names every export in tsc).
import { readFileSync } from 'node:fs';
import ts from 'typescript';

/**
 * The exported names of a .d.ts file, in the order it declares them: `types` (interfaces, type
 * aliases, classes) and `values` (functions, constants, classes; each once).
 */
export function dtsExports(file) {
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const names = { types: [], values: [] };
  for (const st of src.statements) {
    if (!st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st)) names.types.push(st.name.text);
    else if (ts.isClassDeclaration(st)) names.types.push(st.name.text), names.values.push(st.name.text);
    else if (ts.isFunctionDeclaration(st)) names.values.push(st.name.text);
    else if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) names.values.push(d.name.getText(src));
  }
  names.values = [...new Set(names.values)];
  return names;
}
