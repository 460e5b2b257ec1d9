// The game report (web/src/report.js): win%, move accuracy, move classes and the players'
// accuracy and average centipawn loss, on fixed evaluations with answers worked out by hand
// (the arithmetic is in the comments; toBeCloseTo checks to the shown decimals).
import { describe, expect, test } from 'vitest';
import { Chess } from 'chess.js';
import {
  classifyMove, gameReport, pgnJudgement, moveAccuracy, volatilityWeights, winPercent, moveClass, MOVE_CLASSES, practiceMoves, solves, nextWithSeverity, isRecapture, keyMoments, KEY_MOMENT_MIN_LOSS,
  gamePhases, phaseSigns, phaseSummary, PHASES,
} from '../../web/src/report.js';
import { CLOCK_GAME, PHASE_MOVES, PHASE_STARTS } from './fixtures/clock-game.mjs';

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
  test('Forced: the only legal move, whatever the evaluations say; never with two moves or more', () => {
    // a king's only way out of check, the position falling from +1.00 to -3.00 across it
    const forced = classifyMove({ mover: 'w', played: 'e1f2', before: ev(100, ['e1f2']), after: ev(-300), legalMoves: 1 });
    expect(forced).toMatchObject({ cls: 'forced', severity: 'best', loss: 0, cpLoss: 0, accuracy: 100 });
    expect(pgnJudgement(forced)).toEqual({ label: 'Forced', nag: 0, error: false });
    // the same move with a second one there: judged by its loss (a Blunder), not Forced
    const chosen = classifyMove({ mover: 'w', played: 'e1f2', before: ev(100, ['e1d2']), after: ev(-300), legalMoves: 2 });
    expect(chosen.cls).toBe('blunder');
    // the only move that was also a sacrifice is still only Forced: there was nothing to find
    expect(classifyMove({ mover: 'w', played: 'e1f2', before: ev(0, ['e1f2']), after: ev(0), legalMoves: 1, sacrifice: 5 }).cls).toBe('forced');
    // the count not given: the classes as before
    expect(classifyMove({ mover: 'w', played: 'e1f2', before: ev(100, ['e1f2']), after: ev(100) }).cls).toBe('best');
  });
  test('Book: a move inside the named openings, short of a Mistake; never praised, never an Inaccuracy', () => {
    // the engine's own move and a small loss: Book, its loss and accuracy as any move's
    const book = classifyMove({ mover: 'w', played: 'e2e4', before: ev(30, ['e2e4']), after: ev(25), book: true });
    expect(book).toMatchObject({ cls: 'book', severity: 'best' });
    expect(book.accuracy).toBeCloseTo(97.96, 2);
    expect(pgnJudgement(book)).toEqual({ label: 'Book', nag: 0, error: false });
    expect(classifyMove({ mover: 'w', played: 'd2d4', before: ev(50, ['e2e4']), after: ev(0), book: true }).cls).toBe('book');
    // a named gambit the engine finds an Inaccuracy at its depth: Book, not ?!, and the
    // next-inaccuracy key passes it by
    const gambit = classifyMove({ mover: 'b', played: 'a7a6', before: ev(0, ['e7e5']), after: ev(60), book: true });
    expect(gambit).toMatchObject({ cls: 'book', severity: 'inaccuracy' });
    expect(pgnJudgement(gambit)).toEqual({ label: 'Book', nag: 0, error: false });
    expect(nextWithSeverity([gambit, { cls: 'inaccuracy', severity: 'inaccuracy' }], -1, 'inaccuracy')).toBe(1);
    // negatives: a named line's Mistake or Blunder is shown as the error it is
    expect(classifyMove({ mover: 'b', played: 'a7a6', before: ev(0, ['e7e5']), after: ev(150), book: true }).cls).toBe('mistake');
    expect(classifyMove({ mover: 'b', played: 'a7a6', before: ev(0, ['e7e5']), after: ev(500), book: true }).cls).toBe('blunder');
    // ... a Missed win stays one (+3.30 -> +2.30: 77% -> 70%, an Inaccuracy's loss from a won position)
    expect(classifyMove({ mover: 'w', played: 'd2d4', before: ev(330, ['e2e4']), after: ev(230), book: true }).cls).toBe('missed-win');
    // ... a theory sacrifice is Book, not Brilliant; the only move that holds, Book, not Great
    expect(classifyMove({ mover: 'w', played: 'e2e4', before: ev(0, ['e2e4']), after: ev(0), sacrifice: 3, book: true }).cls).toBe('book');
    expect(classifyMove({ mover: 'w', played: 'e2e4', before: ev(0, ['e2e4']), second: { score: { cp: -400 } }, after: ev(0), book: true }).cls).toBe('book');
    // ... the only legal move is Forced, book or not; without the flag nothing changes
    expect(classifyMove({ mover: 'w', played: 'e1f2', before: ev(0, ['e1f2']), after: ev(0), book: true, legalMoves: 1 }).cls).toBe('forced');
    expect(classifyMove({ mover: 'w', played: 'e2e4', before: ev(30, ['e2e4']), after: ev(25), book: false }).cls).toBe('best');
  });
  test('Great only for a move that is hard to find: not a recapture, not the first choice at depth 2', () => {
    // the only move that holds: the second line falls from a draw to a loss
    const only = { mover: 'b', played: 'e8f7', before: { ...ev(100, ['e8f7']), shallowBest: 'e8e7' }, second: { score: { cp: 900 } }, after: ev(100) };
    expect(classifyMove(/** @type {any} */ (only)).cls).toBe('great');
    // taking back the piece that just took keeps the result by definition (it was Great before issue 54)
    expect(classifyMove(/** @type {any} */ ({ ...only, recapture: true })).cls).toBe('best');
    // the one move plain material shows is found at depth 2
    expect(classifyMove(/** @type {any} */ ({ ...only, before: { ...only.before, shallowBest: 'e8f7' } })).cls).toBe('best');
    // without the depth-2 choice (an older evaluation), judged without that test
    expect(classifyMove(/** @type {any} */ ({ ...only, before: ev(100, ['e8f7']) })).cls).toBe('great');
    // isRecapture, from the positions: 5. Bxf7+ Kxf7 takes back; 5... Ke7 does not; a capture elsewhere does not
    const italian = 'r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R w KQkq - 1 5';
    const afterBxf7 = 'r1bqk2r/pppp1Bpp/2n2n2/2b1p3/4P3/2P2N2/PP1P1PPP/RNBQK2R b KQkq - 0 5';
    expect(isRecapture(italian, 'c4f7', afterBxf7, 'e8f7', 'r1bq3r/pppp1kpp/2n2n2/2b1p3/4P3/2P2N2/PP1P1PPP/RNBQK2R w KQ - 0 6')).toBe(true);
    expect(isRecapture(italian, 'c4f7', afterBxf7, 'e8e7', 'r1bq3r/ppppkBpp/2n2n2/2b1p3/4P3/2P2N2/PP1P1PPP/RNBQK2R w KQ - 1 6')).toBe(false);
    expect(isRecapture(italian, 'c4f7', afterBxf7, 'f6e4', 'r1bqk2r/pppp1Bpp/2n5/2b1p3/4n3/2P2N2/PP1P1PPP/RNBQK2R w KQkq - 0 6')).toBe(false);
    // the last move did not capture: a capture on its square is no recapture
    expect(isRecapture(italian, 'e1g1', 'r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQ1RK1 b kq - 2 5', 'f6e4', 'r1bqk2r/pppp1ppp/2n5/2b1p3/2B1n3/2P2N2/PP1P1PPP/RNBQ1RK1 w kq - 0 6')).toBe(false);
  });
  test('key moments: the largest swings of both sides, each at least 15 points; never Book or Forced; in game order', () => {
    const v = (cls, loss) => ({ cls, loss });
    const verdicts = [v('book', 0.2), v('best', 0), v('blunder', 0.31), v('mistake', 0.12), v('missed-win', 0.16), v('forced', 0.5), v('blunder', 0.45), v('inaccuracy', 0.09), v('blunder', 0.15), v('blunder', 0.149)];
    expect(keyMoments(verdicts)).toEqual([2, 4, 6, 8]);
    // at most `max`: the largest, in game order
    expect(keyMoments(verdicts, 2)).toEqual([2, 6]);
    expect(keyMoments([v('best', 0), v('mistake', 0.14)])).toEqual([]);
    expect(KEY_MOMENT_MIN_LOSS).toBe(0.15);
  });
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

describe('accuracy by phase', () => {
  // positions of the game in tests/js/fixtures/clock-game.mjs, by chess.js
  const game = () => {
    const c = new Chess();
    c.loadPgn(CLOCK_GAME);
    const moves = c.history({ verbose: true });
    return { moves, fens: [moves[0].before, ...moves.map((m) => m.after)] };
  };

  test('the divider on single positions: development, pieces traded, the move number, few pieces', () => {
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    expect(phaseSigns(start)).toEqual({ pieces: 14, backRank: { w: 8, b: 8 }, move: 1 });
    expect(gamePhases([start])).toEqual(['opening']);
    // White has developed: Ra1, Rf1, Kg1 are all its back rank holds (the queen went to b3)
    expect(gamePhases(['r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/1QNP1N2/PPPB1PPP/R4RK1 b kq - 0 7'])).toEqual(['middlegame']);
    // ... but not with four: Ra1 Qd1 Rf1 Kg1
    expect(gamePhases(['r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPPB1PPP/R2Q1RK1 b kq - 0 7'])).toEqual(['opening']);
    // move 16 reached with everything at home but a knight each
    expect(gamePhases(['r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 30 16'])).toEqual(['middlegame']);
    expect(gamePhases(['r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 28 15'])).toEqual(['opening']);
    // 10 knights, bishops, rooks and queens: middlegame; 6: endgame (straight from the opening)
    expect(phaseSigns('r3k2r/pppq1ppp/2n5/4p3/4P3/2N5/PPPQ1PPP/R3K2R w KQkq - 0 9').pieces).toBe(8);
    expect(gamePhases(['r3kb1r/pppq1ppp/2n5/4p3/4P3/2N5/PPPQ1PPP/R3KB1R w KQkq - 0 9'])).toEqual(['middlegame']);
    expect(gamePhases(['r3k2r/ppp2ppp/2n5/4p3/4P3/2N5/PPP2PPP/R3K2R w KQkq - 0 9'])).toEqual(['endgame']);
    // phases only go forward: a promotion after the endgame began does not bring back the middlegame
    expect(gamePhases(['8/8/8/8/8/8/8/K6k w - - 0 1', '8/8/8/8/8/8/8/K6k w - - 0 1'.replace('8/8/8/8/8/8/8', 'QQQQ4/QQQQ4/QQQ5/8/8/8/8')])).toEqual(['endgame', 'endgame']);
  });

  test('a whole game, counted by hand: middlegame from 10... Nce7, endgame from 19. Re5', () => {
    const { moves, fens } = game();
    const phases = gamePhases(fens.slice(0, -1));
    expect(phases.indexOf('middlegame')).toBe(PHASE_STARTS.middlegame);
    expect(phases.indexOf('endgame')).toBe(PHASE_STARTS.endgame);
    expect(moves[PHASE_STARTS.middlegame].san).toBe('Nce7');
    expect(moves[PHASE_STARTS.endgame].san).toBe('Re5');
    expect(phases.slice(0, 19).every((p) => p === 'opening')).toBe(true);
    expect(phases.slice(19, 36).every((p) => p === 'middlegame')).toBe(true);
    expect(phases.slice(36).every((p) => p === 'endgame')).toBe(true);
  });

  test("each player's accuracy and ACPL by phase; one line for the PGN; none without positions", () => {
    const { moves, fens } = game();
    // +0.20 up to 14. Nc5, +2.00 after 14... Qb6 (index 27): only that move loses anything
    const cp = (pos) => (pos < 28 ? 20 : 200);
    const report = moves.map((m, i) => ({ mover: m.color, played: m.from + m.to, before: ev(cp(i)), after: ev(cp(i + 1)), fen: fens[i] }));
    const r = gameReport(report);
    expect(r.phases.indexOf('endgame')).toBe(36);
    for (const side of ['w', 'b']) for (const p of PHASES) expect(r.players[side].phases[p].moves).toBe(PHASE_MOVES[side][p]);
    expect(r.players.w.phases.opening.accuracy).toBe(100);
    expect(r.players.w.phases.middlegame.accuracy).toBe(100);
    expect(r.players.w.phases.endgame.accuracy).toBe(100);
    expect(r.players.b.phases.opening.accuracy).toBe(100);
    expect(r.players.b.phases.endgame.accuracy).toBe(100);
    expect(r.players.b.phases.opening.acpl).toBe(0);
    // Black's middlegame: nine moves, one (14... Qb6) from Black's win% 48.16 to 32.39, the
    // rest 100; the two means over those nine moves alone, with the game's volatility weights
    const blunder = r.moves[27];
    expect(blunder.cls).toBe('blunder');
    expect(blunder.cpLoss).toBe(180);
    const wins = [winPercent({ cp: 20 }, 'w'), ...report.map((m) => winPercent(m.after.score, m.mover === 'w' ? 'b' : 'w'))];
    const weights = volatilityWeights(wins);
    const idx = [19, 21, 23, 25, 27, 29, 31, 33, 35];
    const acc = idx.map((i) => r.moves[i].accuracy);
    const weighted = idx.reduce((s, i, k) => s + acc[k] * weights[i], 0) / idx.reduce((s, i) => s + weights[i], 0);
    const harmonic = acc.length / acc.reduce((s, a) => s + 1 / a, 0);
    expect(r.players.b.phases.middlegame.accuracy).toBeCloseTo((weighted + harmonic) / 2, 10);
    expect(r.players.b.phases.middlegame.accuracy).toBeLessThan(100);
    expect(r.players.b.phases.middlegame.acpl).toBe(20); // 180 / 9
    expect(phaseSummary(r)).toBe(`Accuracy by phase (White / Black): opening 100% / 100%, middlegame 100% / ${Math.round(r.players.b.phases.middlegame.accuracy)}%, endgame 100% / 100%`);
    // a phase a player never reached
    const short = gameReport(report.slice(0, 4));
    expect(short.players.w.phases.endgame).toEqual({ accuracy: null, acpl: null, moves: 0 });
    expect(phaseSummary(short)).toBe('Accuracy by phase (White / Black): opening 100% / 100%, middlegame – / –, endgame – / –');
    // without the positions: no phases (and the rest as before)
    const bare = gameReport(report.map(({ fen, ...m }) => m));
    expect(bare.phases).toBeNull();
    expect(bare.players.b.phases).toBeNull();
    expect(phaseSummary(bare)).toBe('');
    expect(bare.players.b.accuracy).toBe(r.players.b.accuracy);
  });
});
