// The package's sub-entries (mainline-chess/annotate, /report, /wdl) declare in their .d.ts files
// exactly the values their modules export: read with TypeScript's own parser and compared with
// what the modules export, so that the types cannot drift from the code.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { dtsExports } from './dts-exports.mjs';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
const pkg = JSON.parse(readFileSync(path.join(WEB, 'package.json'), 'utf8'));

// (the jsx/* entries are types only: declarations of the tag for each framework, no module)
const SUBPATHS = Object.entries(pkg.exports).filter(([key, v]) => key !== '.' && typeof v === 'object' && v.types && v.default);

describe('the sub-entries’ types declare what their modules export', () => {
  test.each(SUBPATHS)('%s', async (_key, entry) => {
    const mod = await import(path.join(WEB, entry.default));
    expect(dtsExports(path.join(WEB, entry.types)).values.sort()).toEqual(Object.keys(mod).sort());
  });
  test('there are sub-entries to check', () => {
    expect(SUBPATHS.map(([k]) => k)).toEqual(expect.arrayContaining(['./annotate', './report', './wdl']));
  });
});

/** The members of an interface of a .d.ts file: required and optional. */
function members(file, name) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const decl = source.statements.find((s) => ts.isInterfaceDeclaration(s) && s.name.text === name);
  if (!decl) throw new Error(`${file} declares no interface ${name}`);
  const required = [];
  const optional = [];
  for (const m of decl.members) if (ts.isPropertySignature(m)) (m.questionToken ? optional : required).push(m.name.getText(source));
  return { required, optional };
}

describe('the message types: index.d.ts declares the fields the engine sends', () => {
  test('IterationInfo, SearchResult, EvalTrace, LegalMove, PositionInfo, LineFacts, LineMotif', async () => {
    const { createEngine } = await import('../../web/src/node.js');
    const engine = await createEngine({ options: { VerifyPv: true } });
    try {
      const infos = [];
      const result = await engine.bestMove('startpos', { depth: 4 }, { onInfo: (i) => infos.push(i) });
      const sent = {
        IterationInfo: infos.find((i) => i.bound === 'exact'),
        SearchResult: result,
        EvalTrace: await engine.evalTrace('startpos'),
        LegalMove: (await engine.legalMoves('startpos'))[0],
        PositionInfo: await engine.positionInfo('startpos'),
        LineFacts: await engine.lineFacts('r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1', ['Nc7+', 'Kd7', 'Nxa8']),
      };
      sent.LineMotif = sent.LineFacts.motifs[0];
      for (const [name, object] of Object.entries(sent)) {
        const { required, optional } = members(path.join(WEB, 'index.d.ts'), name);
        const keys = Object.keys(object);
        expect(keys.filter((k) => !required.includes(k) && !optional.includes(k)), `${name}: sent but not declared`).toEqual([]);
        expect(required.filter((k) => !keys.includes(k)), `${name}: declared but not sent`).toEqual([]);
      }
      expect(Object.keys(sent.IterationInfo)).toContain('pvCheck'); // the optional one, sent with VerifyPv
    } finally {
      engine.terminate();
    }
  });
});
