// The hand-checked motif set (tests/data/motifs.json, tests/data/README.md) through the engine's
// facts and mainline-chess/explain exactly as the app words a move (motif-set.mjs): no sentence
// may claim what an entry says the position is not, every sentence must pass the verifier, and
// at least 85% of the motifs the entries require must be named. The figures are printed.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createEngine } from '../../web/src/node.js';
import { figuresText, MOTIF_LABELS, runSet } from './motif-set.mjs';

/** @type {import('./motif-set.mjs').SetEntry[]} */
const SET = JSON.parse(readFileSync(new URL('../data/motifs.json', import.meta.url), 'utf8'));

/** @type {import('../../web/index.js').Engine} */
let engine;
beforeAll(async () => {
  engine = await createEngine();
}, 60000);
afterAll(() => engine?.terminate());

describe('the motif test set (tests/data/motifs.json)', () => {
  test('the set is well formed: 120 positions or more, every motif with positives, hard negatives', () => {
    expect(SET.length).toBeGreaterThanOrEqual(120);
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
    expect(SET.filter((e) => e.must.includes('none')).length).toBeGreaterThanOrEqual(30);
  });

  test('0 wrong claims, and at least 85% of the positives named with their motif', async () => {
    const r = await runSet(engine, SET);
    console.log(figuresText(r));
    expect(r.wrong).toEqual([]);
    expect(r.named / r.total).toBeGreaterThanOrEqual(0.85);
  }, 120000);
});
