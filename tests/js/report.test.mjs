// The game report (web/src/report.js): win%, move accuracy, move classes and the players'
// accuracy and average centipawn loss, on fixed evaluations with answers worked out by hand
// (the arithmetic is in the comments; toBeCloseTo checks to the shown decimals).
import { describe, expect, test } from 'vitest';
import {
  classifyMove, gameReport, moveAccuracy, volatilityWeights, winPercent, moveClass, MOVE_CLASSES, practiceMoves, solves,
} from '../../web/src/report.js';

const ev = (cp, pv) => ({ score: { cp }, depth: 12, ...(pv ? { pv } : {}) });

describe('win% and move accuracy', () => {
  test('win% from centipawns, capped at 1000, mates at the cap', () => {
    expect(winPercent({ cp: 0 }, 'w')).toBe(50);
    // 100 / (1 + e^-0.368208) = 100 / 1.69193
    expect(winPercent({ cp: 100 }, 'w')).toBeCloseTo(59.10, 2);
    expect(winPercent({ cp: -100 }, 'b')).toBeCloseTo(40.90, 2);
    // 100 / (1 + e^-3.68208) = 100 / 1.02517
    expect(winPercent({ cp: 5000 }, 'w')).toBeCloseTo(97.54, 2);
    expect(winPercent({ mate: 3 }, 'b')).toBeCloseTo(97.54, 2);
    expect(winPercent({ mate: -2 }, 'w')).toBeCloseTo(2.46, 2);
    // mate 0: the side to move is checkmated
    expect(winPercent({ mate: 0 }, 'w')).toBeCloseTo(2.46, 2);
    expect(winPercent({ mate: 0 }, 'b')).toBeCloseTo(97.54, 2);
  });

  test("lichess's accuracy formula", () => {
    expect(moveAccuracy(50, 50)).toBe(100);
    expect(moveAccuracy(40, 55)).toBe(100); // a gain is never penalised
    // 103.1668 * e^(-0.4354) - 3.1669 = 103.1668 * 0.647000 - 3.1669
    expect(moveAccuracy(60, 50)).toBeCloseTo(63.58, 2);
    // 103.1668 * e^(-4.354) - 3.1669 < 0
    expect(moveAccuracy(100, 0)).toBe(0);
  });

  test('volatility weights: windows of clamp(moves / 10, 2, 8) positions, clamped to 0.5 .. 12', () => {
    // 4 moves: windows of 2, one per move; std of two values is half their difference
    expect(volatilityWeights([50, 50, 56, 30, 30])).toEqual([0.5, 3, 12, 0.5]);
    // 30 moves: windows of 3; the first move shares the first window
    const wins = Array.from({ length: 31 }, (_, i) => (i % 2 ? 60 : 50));
    const w = volatilityWeights(wins);
    expect(w).toHaveLength(30);
    // std of [50, 60, 50] = sqrt(((−3.33)² · 2 + 6.67²) / 3) = 4.714
    expect(w[0]).toBeCloseTo(4.714, 3);
    expect(w[1]).toBeCloseTo(4.714, 3);
    expect(volatilityWeights([50])).toEqual([]);
  });
});

describe('move classes', () => {
  test('the engine’s move is Best; small losses Excellent and Good', () => {
    // 52.759% -> 52.300%: loss 0.0046; accuracy 103.1668 e^(-0.04354 · 0.459) - 3.1669 = 97.96
    const best = classifyMove({ mover: 'w', played: 'e2e4', before: ev(30, ['e2e4']), after: ev(25) });
    expect(best.cls).toBe('best');
    expect(best.loss).toBeCloseTo(0.0046, 4);
    expect(best.accuracy).toBeCloseTo(97.96, 2);
    expect(best.cpLoss).toBe(5);
    // 54.596% -> 53.677%: 0.0092
    expect(classifyMove({ mover: 'w', played: 'd2d4', before: ev(50, ['e2e4']), after: ev(40) }).cls).toBe('excellent');
    // 54.596% -> 50%: 0.046
    expect(classifyMove({ mover: 'w', played: 'd2d4', before: ev(50, ['e2e4']), after: ev(0) }).cls).toBe('good');
    // no loss at all is Best whatever the engine preferred
    expect(classifyMove({ mover: 'w', played: 'd2d4', before: ev(20, ['e2e4']), after: ev(20) }).cls).toBe('best');
  });

  test('Inaccuracy, Mistake and Blunder, for either side', () => {
    // Black: 50% -> 100 - 55.501% (White +60): 0.055
    expect(classifyMove({ mover: 'b', played: 'a7a6', before: ev(0, ['e7e5']), after: ev(60) }).cls).toBe('inaccuracy');
    // Black: 50% -> 100 - 63.467% (White +150): 0.1347, 150 cp
    const mistake = classifyMove({ mover: 'b', played: 'a7a6', before: ev(0, ['e7e5']), after: ev(150) });
    expect(mistake.cls).toBe('mistake');
    expect(mistake.loss).toBeCloseTo(0.1347, 4);
    expect(mistake.cpLoss).toBe(150);
    // White: 50% -> 24.887% (-300): 0.2511
    const blunder = classifyMove({ mover: 'w', played: 'g2g4', before: ev(0, ['d2d4']), after: ev(-300) });
    expect(blunder.cls).toBe('blunder');
    expect(blunder.loss).toBeCloseTo(0.2511, 4);
    expect(blunder.cpLoss).toBe(300);
    // a mate thrown away: cp loss capped (1000 - 0)
    const mate = classifyMove({ mover: 'w', played: 'h2h3', before: { score: { mate: 2 }, depth: 10, pv: ['d1h5'] }, after: ev(0) });
    expect(mate.cpLoss).toBe(1000);
    expect(mate.cls).toBe('missed-win');
  });

  test('Missed win: a won position that is not won any more, keeping its severity', () => {
    // White +400 (81.35%) -> +150 (63.47%): loss 0.179, a blunder that throws the win away
    const m = classifyMove({ mover: 'w', played: 'a2a3', before: ev(400, ['e1e8']), after: ev(150) });
    expect(m.cls).toBe('missed-win');
    expect(m.severity).toBe('blunder');
    // +600 -> +400 is still won: a plain Mistake (89.38% -> 81.35%: 0.080 -> Inaccuracy)
    expect(classifyMove({ mover: 'w', played: 'a2a3', before: ev(600, ['e1e8']), after: ev(400) }).cls).toBe('inaccuracy');
  });

  test('Great: the only move that keeps the result', () => {
    // best +400 (81.35%, won), the second-best 0 (50%, drawn): 0.31 apart, a worse band
    const great = classifyMove({ mover: 'w', played: 'f1f7', before: ev(400, ['f1f7']), second: ev(0), after: ev(390) });
    expect(great.cls).toBe('great');
    expect(great.severity).toBe('best');
    // second-best +200 (67.6%, drawn band) from +400: 0.137 apart, not a blunder's 0.15
    expect(classifyMove({ mover: 'w', played: 'f1f7', before: ev(400, ['f1f7']), second: ev(200), after: ev(390) }).cls).toBe('best');
    // both drawn: a big gap alone is not enough (+200 67.6% vs -200 32.4%: 0.35 apart, same band)
    expect(classifyMove({ mover: 'w', played: 'f1f7', before: ev(200, ['f1f7']), second: ev(-200), after: ev(200) }).cls).toBe('best');
    // Black's view: White -400 is Black's win
    expect(classifyMove({ mover: 'b', played: 'f8f2', before: ev(-400, ['f8f2']), second: ev(0), after: ev(-400) }).cls).toBe('great');
  });

  test('Brilliant: a sound sacrifice that is also the best move', () => {
    const base = { mover: 'w', played: 'c4f7', before: ev(160, ['c4f7']), after: ev(150) };
    expect(classifyMove({ ...base, sacrifice: 3 }).cls).toBe('brilliant');
    expect(classifyMove({ ...base, sacrifice: 1 }).cls).toBe('best'); // a pawn is no sacrifice
    // unsound: not the best move
    expect(classifyMove({ ...base, before: ev(160, ['e1g1']), after: ev(-100), sacrifice: 3 }).cls).not.toBe('brilliant');
    // already won outright (+1000: 97.5%)
    expect(classifyMove({ ...base, before: ev(1000, ['c4f7']), after: ev(1000), sacrifice: 5 }).cls).toBe('best');
    // best, but losing after it (-100: 40.9% < 45%)
    expect(classifyMove({ ...base, before: ev(-100, ['c4f7']), after: ev(-100), sacrifice: 3 }).cls).toBe('best');
  });

  test('every class has a label, and the error classes their NAGs', () => {
    for (const c of MOVE_CLASSES) expect(moveClass(c.name).label).toMatch(/^[A-Z]/);
    expect([moveClass('inaccuracy').nag, moveClass('mistake').nag, moveClass('blunder').nag]).toEqual([6, 2, 4]);
    expect([moveClass('brilliant').glyph, moveClass('great').glyph]).toEqual(['!!', '!']);
  });
});

describe('the game report', () => {
  test('accuracy and ACPL per player on a four-move game', () => {
    // 1. e4 (engine's, 0) e5 (0) 2. g4?? (-300) Qh4 (engine's, -300)
    const moves = [
      { mover: 'w', played: 'e2e4', before: ev(0, ['e2e4']), after: ev(0, ['e7e5']) },
      { mover: 'b', played: 'e7e5', before: ev(0, ['e7e5']), after: ev(0, ['d2d4']) },
      { mover: 'w', played: 'g2g4', before: ev(0, ['d2d4']), after: ev(-300, ['d8h4']) },
      { mover: 'b', played: 'd8h4', before: ev(-300, ['d8h4']), after: ev(-300) },
    ];
    const r = gameReport(moves);
    expect(r.moves.map((m) => m.cls)).toEqual(['best', 'best', 'blunder', 'best']);
    // White: accuracies 100 (weight 0.5) and 31.40 (50% -> 24.887%: 103.1668 e^-1.09343 - 3.1669;
    // weight |50 - 24.887| / 2 = 12.56 -> 12). Weighted (50 + 376.79) / 12.5 = 34.14;
    // harmonic 2 / (1/100 + 1/31.40) = 47.79; accuracy (34.14 + 47.79) / 2 = 40.97
    expect(r.players.w.accuracy).toBeCloseTo(40.97, 1);
    expect(r.players.w.acpl).toBe(150);
    expect(r.players.w.counts.blunder).toBe(1);
    expect(r.players.w.counts.best).toBe(1);
    expect(r.players.b.accuracy).toBe(100);
    expect(r.players.b.acpl).toBe(0);
    expect(r.players.b.moves).toBe(2);
  });

  test('no moves, and one side without moves', () => {
    const empty = gameReport([]);
    expect(empty.moves).toEqual([]);
    expect(empty.players.w.accuracy).toBeNull();
    const one = gameReport([{ mover: 'b', played: 'e7e5', before: ev(30, ['e7e5']), after: ev(30) }]);
    expect(one.players.w.moves).toBe(0);
    expect(one.players.b.accuracy).toBe(100);
  });

  test('a single 0% move pulls the harmonic mean, and so the accuracy, down hard', () => {
    // mate in 1 thrown into a lost position: 97.5% -> 2.5%, accuracy 0
    const moves = [
      { mover: 'w', played: 'a2a3', before: { score: { mate: 1 }, depth: 5, pv: ['d1h7'] }, after: { score: { mate: -1 }, depth: 5 } },
    ];
    const r = gameReport(moves);
    expect(r.moves[0].accuracy).toBe(0);
    expect(r.players.w.accuracy).toBe(0);
  });
});

describe('learning from mistakes', () => {
  test('a player’s mistakes, blunders and missed wins, in game order', () => {
    const v = ['best', 'mistake', 'blunder', 'inaccuracy', 'blunder', 'good'].map((severity) => ({ cls: severity, severity }));
    v.push({ cls: 'missed-win', severity: 'inaccuracy' });
    const movers = ['w', 'b', 'w', 'b', 'b', 'w', 'w'];
    expect(practiceMoves(v, movers, 'w')).toEqual([2, 6]);
    expect(practiceMoves(v, movers, 'b')).toEqual([1, 4]); // not the inaccuracy
  });
  test('a try solves it when it loses less than an inaccuracy against the best move', () => {
    const before = ev(0, ['d2d4']);
    expect(solves({ mover: 'w', played: 'd2d4', before, after: ev(-200) })).toBe(true); // the engine's move
    expect(solves({ mover: 'w', played: 'e2e4', before, after: ev(-30) })).toBe(true); // 50% -> 47.2%: Good
    expect(solves({ mover: 'w', played: 'g2g4', before, after: ev(-60) })).toBe(false); // 50% -> 44.5%: Inaccuracy
  });
});
