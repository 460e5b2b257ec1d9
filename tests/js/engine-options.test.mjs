// The option registry through the web package, on the real WebAssembly build: `engine.options`
// is the engine's own declaration list, index.d.ts states the same names, types, defaults and
// ranges (this file fails when either side changes alone), the per-search MultiPV is checked with
// the option's range and message, and VerifyPv puts the PV checker's verdict on every exact line.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { createEngine, EngineError } from '../../web/src/node.js';
import { crashForTesting } from '../../web/src/client.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

// What index.d.ts says about the options: EngineOptionValues (one property per option with a
// value: its type, and @default/@min/@max in its JSDoc) and ButtonOptionName (the buttons).
function declaredOptions(text) {
  const file = ts.createSourceFile('index.d.ts', text, ts.ScriptTarget.Latest, true);
  let values = null;
  let buttons = null;
  file.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'EngineOptionValues') values = node;
    if (ts.isTypeAliasDeclaration(node) && node.name.text === 'ButtonOptionName') buttons = node;
  });
  if (!values || !buttons) throw new Error('index.d.ts has no EngineOptionValues interface or ButtonOptionName type');
  const literals = (type) => {
    const parts = ts.isUnionTypeNode(type) ? type.types : [type];
    return parts.map((t) => {
      if (!ts.isLiteralTypeNode(t) || !ts.isStringLiteral(t.literal)) throw new Error(`not a string literal: ${t.getText(file)}`);
      return t.literal.text;
    });
  };
  const options = values.members.map((m) => {
    const tags = Object.fromEntries(ts.getJSDocTags(m).map((t) => [t.tagName.text, ts.getTextOfJSDocComment(t.comment)?.trim()]));
    const d = { name: m.name.text };
    const kind = m.type.kind;
    if (kind === ts.SyntaxKind.NumberKeyword) Object.assign(d, { type: 'spin', default: Number(tags.default), min: Number(tags.min), max: Number(tags.max) });
    else if (kind === ts.SyntaxKind.BooleanKeyword) Object.assign(d, { type: 'check', default: { true: true, false: false }[tags.default] });
    else if (kind === ts.SyntaxKind.StringKeyword) Object.assign(d, { type: 'string', default: tags.default ?? '' });
    else Object.assign(d, { type: 'combo', default: tags.default, vars: literals(m.type) });
    return d;
  });
  return { options, buttons: literals(buttons.type) };
}

let engine;
beforeAll(async () => {
  engine = await createEngine();
});
afterAll(() => engine?.terminate());

describe('the registry in the web API', () => {
  test('engine.options lists every option once, as the uci answer does', async () => {
    const options = engine.options;
    expect(Object.isFrozen(options)).toBe(true);
    expect(new Set(options.map((o) => o.name.toLowerCase())).size).toBe(options.length);
    const lines = options.map((o) => {
      let line = `option name ${o.name} type ${o.type}`;
      if (o.type !== 'button') line += ` default ${o.default === '' ? '<empty>' : o.default}`;
      if (o.type === 'spin') line += ` min ${o.min} max ${o.max}`;
      for (const v of o.vars || []) line += ` var ${v}`;
      return line;
    });
    expect(lines).toEqual(await engine.uciOptions());
  });

  test('index.d.ts declares the same options, types, defaults and ranges as the engine', () => {
    const declared = declaredOptions(readFileSync(path.join(ROOT, 'web/index.d.ts'), 'utf8'));
    const engineSide = engine.options.map((o) => ({ ...o, vars: o.vars && [...o.vars] }));
    expect(declared.options).toEqual(
      engineSide.filter((o) => o.type !== 'button').map(({ vars, ...o }) => (vars ? { ...o, vars } : o)),
    );
    expect(declared.buttons).toEqual(engineSide.filter((o) => o.type === 'button').map((o) => o.name));
  });

  test('the drift check sees a changed range, default, type or name', () => {
    const text = readFileSync(path.join(ROOT, 'web/index.d.ts'), 'utf8');
    const base = declaredOptions(text).options;
    const edited = declaredOptions(text.replace(/(@max )(\d+)( \*\/\n  MultiPV:)/, (_, a, max, b) => `${a}${Number(max) + 1}${b}`));
    expect(edited.options.find((o) => o.name === 'MultiPV').max).toBe(base.find((o) => o.name === 'MultiPV').max + 1);
    expect(edited.options).not.toEqual(base);
    expect(declaredOptions(text.replace("'Skill Level': number", "'Skill Level': boolean")).options).not.toEqual(base);
    expect(declaredOptions(text.replace("'tt' | 'pvhash'", "'pvhash'")).options).not.toEqual(base);
    expect(declaredOptions(text.replace('UCI_Elo: number', 'UCI_ELO: number')).options).not.toEqual(base);
  });

  test('a per-search MultiPV is checked with the option range and message', async () => {
    const { min, max } = engine.options.find((o) => o.name === 'MultiPV');
    for (const bad of [min - 1, max + 1, 2.5]) {
      const e = await engine.bestMove('startpos', { depth: 2, multipv: bad }).then(() => null, (err) => err);
      expect(e).toBeInstanceOf(EngineError);
      expect(e.code).toBe('INPUT');
      expect(e.message).toBe(`MultiPV must be a whole number from ${min} to ${max}, not '${bad}'`);
    }
    const e = await engine.bestMove('startpos', { multipv: '2' }).then(() => null, (err) => err);
    expect(e.code).toBe('INPUT');
    const lines = new Set();
    await engine.bestMove('startpos', { depth: 1, multipv: max }, { onInfo: (i) => lines.add(i.multipv) });
    expect(lines.size).toBe(20); // every legal move, which is fewer than the maximum
    expect((await engine.bestMove('startpos', { depth: 3 })).depth).toBe(3);
  });
});

describe('VerifyPv in the structured API', () => {
  test('on: every exact line carries an ok pvCheck, bounds none; off: no pvCheck at all', async () => {
    await engine.setOption('VerifyPv', true);
    const on = [];
    await engine.bestMove(KIWIPETE, { depth: 7, multipv: 2 }, { onInfo: (i) => on.push(i) });
    await engine.setOption('VerifyPv', false);
    const exact = on.filter((i) => i.bound === 'exact');
    expect(exact.length).toBe(14);
    for (const i of exact) expect(i.pvCheck).toEqual({ ok: true });
    for (const i of on.filter((i) => i.bound !== 'exact')) expect(i).not.toHaveProperty('pvCheck');

    const off = [];
    await engine.bestMove(KIWIPETE, { depth: 7, multipv: 2 }, { onInfo: (i) => off.push(i) });
    expect(off.filter((i) => i.bound === 'exact').length).toBe(14);
    for (const i of off) expect(i).not.toHaveProperty('pvCheck');
  });

  test('VerifyPv given at start and after a restart still applies', async () => {
    const e = await createEngine({ stopMode: 'terminate', options: { VerifyPv: true, PvMethod: 'triangular' } });
    try {
      const first = [];
      await e.bestMove('startpos', { depth: 5 }, { onInfo: (i) => first.push(i) });
      expect(first.filter((i) => i.bound === 'exact').every((i) => i.pvCheck?.ok === true)).toBe(true);
      await crashForTesting(e, 'trap').catch(() => {});
      await e.restart();
      const again = [];
      await e.bestMove('startpos', { depth: 4 }, { onInfo: (i) => again.push(i) });
      const exact = again.filter((i) => i.bound === 'exact');
      expect(exact.length).toBe(4);
      for (const i of exact) expect(i.pvCheck).toEqual({ ok: true });
    } finally {
      e.terminate();
    }
  });
});
