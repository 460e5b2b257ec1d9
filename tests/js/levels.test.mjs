// The play levels' one source of truth (scripts/lib/levels.mjs): the committed tables must be
// exactly what `node scripts/levels.mjs --table` writes from the design and the calibration
// results (a hand edit fails here), and the fit must say what it knows and nothing more.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { clockFor, PATHS } from '../../scripts/levels.mjs';
import { currentMatches, expected, fitRatings, generate, levelLabel, MIN_GAMES, rateLevels, settingsOf } from '../../scripts/lib/levels.mjs';
import { LEVELS } from '../../app/src/model/levels.js';

const read = (/** @type {string} */ p) => readFileSync(p, 'utf8');
const design = JSON.parse(read(PATHS.design));
const results = JSON.parse(read(PATHS.results));

describe('the level table', () => {
  test('engine/level_table.h, app/src/model/level-table.js, docs/strength.md and UCI_Elo in web/index.d.ts are generated, not edited', () => {
    const out = generate(design, results, read(PATHS.docs), read(PATHS.dts));
    expect(read(PATHS.cpp), 'engine/level_table.h: run node scripts/levels.mjs --table').toBe(out.cpp);
    expect(read(PATHS.js), 'app/src/model/level-table.js: run node scripts/levels.mjs --table').toBe(out.js);
    expect(read(PATHS.docs), 'docs/strength.md: run node scripts/levels.mjs --table').toBe(out.docs);
    expect(read(PATHS.dts), "web/index.d.ts (UCI_Elo's range): run node scripts/levels.mjs --table").toBe(out.dts);
  });

  test('the app shows the table: no rating without its own measurement or an interpolation', () => {
    const { levels } = rateLevels(design, results.matches);
    expect(LEVELS.map((l) => l.label)).toEqual(levels.map(levelLabel));
    for (const l of LEVELS) {
      if (l.row.rating.status === 'unmeasured') expect(l.label).toMatch(/not yet measured$/);
      if (l.row.rating.status === 'interpolated') expect(l.label).toMatch(/\(interpolated\)$/);
    }
    // from a beginner to full strength, and UCI_Elo names each limited level, rising
    expect(LEVELS.at(-1)?.row.full).toBe(true);
    const keys = LEVELS.filter((l) => !l.row.full).map((l) => Number(l.options.UCI_Elo));
    expect(keys.every((k, i) => i === 0 || k > keys[i - 1])).toBe(true);
  });
});

describe('the clock of a calibration', () => {
  const cal = { movetime: 1000, fastMovetime: 300, fastUpTo: 2300, fastNodes: 60000, games: 40, stockfish: { min: 1350, max: 2850 } };
  const d = /** @type {any} */ ({ calibration: cal, levels: [] });
  const level = (/** @type {number} */ nodes) => ({ name: `L${nodes}`, nodes, temperature: 0, network: true });

  test("the fast clock only where neither side's strength can depend on time", () => {
    // two small node budgets; a small budget against Stockfish's depth-capped skill levels
    expect(clockFor(d, level(400), 'level:x', level(1500))).toBe(300);
    expect(clockFor(d, level(40000), 'stockfish:2200', undefined)).toBe(300);
    // Stockfish above fastUpTo, full strength, or a budget the 300 ms could cut short: the app's clock
    expect(clockFor(d, level(40000), 'stockfish:2600', undefined)).toBe(1000);
    expect(clockFor(d, /** @type {any} */ ({ name: 'full', full: true }), 'stockfish:2850', undefined)).toBe(1000);
    expect(clockFor(d, level(600000), 'level:x', level(150000))).toBe(1000);
    expect(clockFor(d, level(150000), 'stockfish:2200', undefined)).toBe(1000);
    expect(clockFor(d, level(1500), 'level:x', level(150000))).toBe(1000);
  });
});

describe('fitting ratings', () => {
  const game = (/** @type {object} */ m) => ({ clock: 'movetime 1000', date: '2026-11-26', commit: 'test', ...m });

  test('a score against one known rating gives the logistic rating and a sensible error', () => {
    // 75% against 1600: +191 by the logistic model
    const fit = fitRatings(['A'], [game({ level: 'A', opponent: 'stockfish:1600', w: 26, d: 8, l: 6 })]).get('A');
    expect(fit).toBeDefined();
    expect(expected(/** @type {any} */ (fit).elo - 1600)).toBeCloseTo(0.75, 6);
    expect(/** @type {any} */ (fit).error).toBeGreaterThan(60);
    expect(/** @type {any} */ (fit).error).toBeLessThan(200);
  });

  test('a level met only by the next one is rated through it; all won has no estimate', () => {
    const fits = fitRatings(['A', 'B', 'C'], [
      game({ level: 'B', opponent: 'stockfish:1400', w: 20, d: 0, l: 20 }),
      game({ level: 'A', opponent: 'level:B', w: 10, d: 0, l: 30 }),
      game({ level: 'C', opponent: 'stockfish:1400', w: 40, d: 0, l: 0 }),
    ]);
    expect(/** @type {any} */ (fits.get('B')).elo).toBeCloseTo(1400, 3);
    expect(expected(/** @type {any} */ (fits.get('A')).elo - 1400)).toBeCloseTo(0.25, 3);
    expect(fits.has('C')).toBe(false);
    // perfect against the only known rating: no finite estimate, for it or the level tied to it
    const lone = fitRatings(['C', 'D'], [game({ level: 'C', opponent: 'stockfish:1400', w: 40, d: 0, l: 0 }), game({ level: 'D', opponent: 'level:C', w: 5, d: 0, l: 35 })]);
    expect(lone.size).toBe(0);
  });

  test('labels: measured with its error, interpolated said so, too few games not yet measured', () => {
    const d = {
      calibration: design.calibration,
      levels: [
        { name: 'L1', target: 1000, nodes: 100, temperature: 100, network: false },
        { name: 'L2', target: 1200, nodes: 200, temperature: 50, network: false },
        { name: 'L3', target: 1400, nodes: 400, temperature: 0, network: false },
        { name: 'L4', full: true },
      ],
    };
    const as = (/** @type {number} */ i) => ({ design: settingsOf(d.levels[i]) });
    const { levels } = rateLevels(d, [
      game({ level: 'L1', opponent: 'stockfish:1350', w: 10, d: 4, l: 26, ...as(0) }),
      game({ level: 'L3', opponent: 'stockfish:1400', w: 18, d: 4, l: 18, ...as(2) }),
      game({ level: 'L4', opponent: 'stockfish:2850', w: 1, d: 1, l: MIN_GAMES - 10, ...as(3) }),
    ]);
    expect(levels.map((l) => l.rating.status)).toEqual(['measured', 'interpolated', 'measured', 'unmeasured']);
    expect(levelLabel(levels[0])).toMatch(/^L1 · \d+ ± \d+ Elo$/);
    expect(levelLabel(levels[1])).toMatch(/^L2 · ≈\d+ Elo \(interpolated\)$/);
    expect(levels[2].rating.elo).toBe(1400);
    expect(levelLabel(levels[3])).toBe('L4 · full strength · not yet measured');
    expect(levels[3].rating.note).toMatch(/32 games so far/);
    // UCI_Elo's names: the ratings, since they rise
    expect(levels.slice(0, 3).map((l) => l.uciElo)).toEqual(levels.slice(0, 3).map((l) => l.rating.elo));
  });

  test('a match counts only while the level and a level opponent still run what they ran then', () => {
    const d = {
      calibration: design.calibration,
      levels: [
        { name: 'L1', target: 1000, nodes: 100, temperature: 100, network: false },
        { name: 'L2', target: 1400, nodes: 400, temperature: 0, network: false },
      ],
    };
    const [a, b] = d.levels.map(settingsOf);
    const played = [
      game({ level: 'L2', opponent: 'stockfish:1400', w: 18, d: 4, l: 18, design: b }),
      game({ level: 'L1', opponent: 'level:L2', w: 10, d: 4, l: 26, design: a, opponentDesign: b }),
    ];
    expect(currentMatches(d, played)).toHaveLength(2);
    expect(rateLevels(d, played).levels.map((l) => l.rating.status)).toEqual(['measured', 'measured']);
    // L2 now searches more: its own match and L1's match against the old L2 no longer count
    const changed = { ...d, levels: [d.levels[0], { ...d.levels[1], nodes: 800 }] };
    expect(currentMatches(changed, played)).toHaveLength(0);
    expect(rateLevels(changed, played).levels.map((l) => l.rating.status)).toEqual(['unmeasured', 'unmeasured']);
    // kept as a calibration anchor, the old L2 keeps its matches (and L1's against it) under its new name
    const anchored = { ...changed, anchors: [{ name: 'A', nodes: 400, temperature: 0, network: false }] };
    const kept = currentMatches(anchored, played);
    expect(kept.map((m) => [m.level, m.opponent])).toEqual([['A', 'stockfish:1400'], ['L1', 'level:A']]);
    const rated = rateLevels(anchored, played);
    expect(rated.levels.map((l) => l.rating.status)).toEqual(['measured', 'unmeasured']);
    expect(rated.anchors[0].rating.status).toBe('measured');
    // and a match without its design recorded counts for nothing
    expect(currentMatches(d, [game({ level: 'L2', opponent: 'stockfish:1400', w: 1, d: 0, l: 1 })])).toHaveLength(0);
  });
});
