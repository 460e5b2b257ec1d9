// The hand-checked motif sets (tests/data/README.md) through the engine's facts and
// mainline-chess/explain exactly as the app words a move (motif-set.mjs): no sentence may claim
// what an entry says the position is not, every sentence must pass the verifier, and at least 85%
// of the motifs the entries require must be named. Two sets, each with its own figures printed:
// motifs.json, written while the sentences were tuned, and motifs-heldout.json, written after
// them and committed before the detector was run on it (a held-out figure).
import { readFileSync } from 'node:fs';
import { Chess } from 'chess.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createEngine } from '../../web/src/node.js';
import { figuresText, MOTIF_LABELS, runSet } from './motif-set.mjs';

/** @param {string} file @returns {import('./motif-set.mjs').SetEntry[]} */
const load = (file) => JSON.parse(readFileSync(new URL(`../data/${file}`, import.meta.url), 'utf8'));

const SETS = [
  { file: 'motifs.json', name: 'motif set', set: load('motifs.json'), minEntries: 120, minNegatives: 30 },
  { file: 'motifs-heldout.json', name: 'held-out motif set', set: load('motifs-heldout.json'), minEntries: 40, minNegatives: 12 },
];

/** @type {import('../../web/index.js').Engine} */
let engine;
beforeAll(async () => {
  engine = await createEngine();
}, 60000);
afterAll(() => engine?.terminate());

/** the first four fields of a FEN: the position, without the move counters */
const positionOf = (/** @type {string} */ fen) => fen.split(/\s+/).slice(0, 4).join(' ');

test('the held-out set shares no position with motifs.json', () => {
  const seen = new Set(SETS[0].set.map((e) => positionOf(e.fen)));
  expect(SETS[1].set.filter((e) => seen.has(positionOf(e.fen))).map((e) => e.id)).toEqual([]);
});

for (const { file, name, set: SET, minEntries, minNegatives } of SETS) describe(`the ${name} (tests/data/${file})`, () => {
  test(`the set is well formed: ${minEntries} positions or more, every motif with positives, hard negatives`, () => {
    expect(SET.length).toBeGreaterThanOrEqual(minEntries);
    const ids = new Set(SET.map((e) => e.id));
    expect(ids.size).toBe(SET.length);
    for (const e of SET) {
      expect(e.line.length, e.id).toBeGreaterThan(0);
      expect(['best', 'blunder'], e.id).toContain(e.explain);
      for (const l of [...e.must, ...e.mustNot]) if (l !== 'none') expect(MOTIF_LABELS, `${e.id}: ${l}`).toContain(l);
      if (e.must.includes('none')) expect(e.mustNot.length, e.id).toBeGreaterThan(0);
      expect(e.source && e.note, e.id).toBeTruthy();
    }
    const required = new Set(SET.flatMap((e) => e.must));
    const forbidden = new Set(SET.flatMap((e) => e.mustNot));
    // every motif the detector knows, named somewhere and forbidden somewhere
    for (const l of ['fork', 'kingFork', 'absolutePin', 'relativePin', 'skewer', 'discoveredAttack', 'discoveredCheck', 'doubleCheck', 'hanging', 'promotion',
      'exchangeSacrifice', 'removalOfDefender', 'overloadedDefender', 'trappedPiece', 'zwischenzug', 'backRankMate', 'smotheredMate', 'perpetual', 'materialWon']) {
      expect(required.has(l), `no positive for ${l}`).toBe(true);
      expect(forbidden.has(l), `no negative for ${l}`).toBe(true);
    }
    expect(SET.filter((e) => e.must.includes('none')).length).toBeGreaterThanOrEqual(minNegatives);
  });

  test('every FEN and line is legal (chess.js), and the hand-counted material is what the line does', () => {
    const VALUE = /** @type {Record<string, number>} */ ({ p: 1, n: 3, b: 3, r: 5, q: 9, k: 0 });
    const balance = (/** @type {Chess} */ c, /** @type {string} */ side) => c.board().flat().reduce((a, x) => a + (x ? (x.color === side ? 1 : -1) * VALUE[x.type] : 0), 0);
    for (const e of SET) {
      const c = new Chess(e.fen);
      const side = c.turn();
      const before = balance(c, side);
      for (const m of e.line) expect(() => c.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] }), `${e.id}: ${m}`).not.toThrow();
      if (e.material !== undefined) expect(balance(c, side) - before, e.id).toBe(e.material);
    }
  });

  test('0 wrong claims, and at least 85% of the positives named with their motif', async () => {
    const r = await runSet(engine, SET);
    console.log(figuresText(r, name));
    expect(r.wrong).toEqual([]);
    expect(r.named / r.total).toBeGreaterThanOrEqual(0.85);
  }, 120000);
});
