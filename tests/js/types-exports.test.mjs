// The package's sub-entries (mainline-chess/annotate, /report, /wdl) declare in their .d.ts files
// exactly the values their modules export: read with TypeScript's own parser and compared with
// what the modules export, so that the types cannot drift from the code.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
const pkg = JSON.parse(readFileSync(path.join(WEB, 'package.json'), 'utf8'));

/** The names of the values (functions, constants, classes) a .d.ts file exports. */
function declaredValues(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const names = new Set();
  for (const st of source.statements) {
    const exported = st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) names.add(st.name.text);
    else if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) names.add(d.name.getText(source));
  }
  return [...names].sort();
}

const SUBPATHS = Object.entries(pkg.exports).filter(([key, v]) => key !== '.' && typeof v === 'object' && v.types);

describe('the sub-entries’ types declare what their modules export', () => {
  test.each(SUBPATHS)('%s', async (_key, entry) => {
    const mod = await import(path.join(WEB, entry.default));
    expect(declaredValues(path.join(WEB, entry.types))).toEqual(Object.keys(mod).sort());
  });
  test('there are sub-entries to check', () => {
    expect(SUBPATHS.map(([k]) => k)).toEqual(expect.arrayContaining(['./annotate', './report', './wdl']));
  });
});
