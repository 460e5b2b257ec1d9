// Explanations in words (mainline-chess/explain) from the engine's own facts (Engine.lineFacts):
// the sentences name the motif and the moves, and every claim is checked against the line.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createEngine } from '../../web/src/node.js';
import { describeTrade, explainLine, explainMove, forcingPlies, lineText, verifyClaims } from '../../web/src/explain.js';

/** @type {import('../../web/index.js').Engine} */
let engine;
beforeAll(async () => {
  engine = await createEngine();
}, 60000);
afterAll(() => engine?.terminate());

const texts = (/** @type {{ sentences: { text: string }[] }} */ r) => r.sentences.map((s) => s.text);

describe('sentences from the engine’s line', () => {
  test('a knight fork that wins the rook, said of the best move', async () => {
    const line = await engine.lineFacts('r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1', ['Nc7+', 'Kd7', 'Nxa8']);
    const r = explainMove({ mover: 'w', line, verdict: 'best' });
    expect(texts(r)).toEqual(['Nc7+ wins a rook: Nc7+ forks the king and the rook on a8 (1.Nc7+ Kd7 2.Nxa8).']);
    expect(r.numbersOnly).toBe(false);
  });

  test('a blunder that leaves a piece hanging, with the best move beside it', async () => {
    const fen = '6k1/3n4/8/8/8/8/4R3/4K3 b - - 0 1';
    const line = await engine.lineFacts(fen, ['Ne5', 'Rxe5']);
    const best = await engine.lineFacts(fen, ['Nf6']);
    const r = explainMove({ mover: 'b', line, best, verdict: 'blunder', before: { cp: -500 }, after: { cp: 800 } });
    expect(texts(r)).toEqual(['This loses a knight: it leaves the knight on e5 hanging, and Rxe5 takes it (2.Rxe5).', 'Nf6 was best.']);
  });

  test('a blunder that allows a back-rank mate', async () => {
    const line = await engine.lineFacts('r5k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1', ['Re2', 'Ra1+', 'Re1', 'Rxe1#']);
    const r = explainMove({ mover: 'w', line, verdict: 'blunder' });
    expect(texts(r)).toEqual(['This allows a back-rank mate, mate in 2: 1...Ra1+ 2.Re1 Rxe1#.']);
  });

  test('a smothered mate, and a perpetual check', async () => {
    const mate = await engine.lineFacts('6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1', ['Nf7#']);
    expect(texts(explainMove({ mover: 'w', line: mate, verdict: 'best' }))).toEqual(['Nf7# forces a smothered mate, mate in one: 1.Nf7#.']);
    const perpetual = await engine.lineFacts('6k1/5pp1/8/8/8/8/8/3Q2K1 w - - 0 1', ['Qd8+', 'Kh7', 'Qh4+', 'Kg8', 'Qd8+', 'Kh7', 'Qh4+', 'Kg8']);
    expect(texts(explainMove({ mover: 'w', line: perpetual, verdict: 'best' }))[0]).toMatch(/^Qd8\+ draws by perpetual check: 1\.Qd8\+ Kh7 2\.Qh4\+/);
  });

  test('a good move that gives up the exchange is called an exchange sacrifice, not a loss', async () => {
    const line = await engine.lineFacts('4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1', ['Rxd5', 'exd5']);
    expect(texts(explainMove({ mover: 'w', line, verdict: 'great' }))).toEqual(['Rxd5 sacrifices the exchange: 1.Rxd5 exd5.']);
  });

  test('when nothing can be named for certain, only the numbers are said, and so marked', async () => {
    const line = await engine.lineFacts('startpos', ['a3', 'e5', 'h3', 'd5']);
    const r = explainMove({ mover: 'w', line, verdict: 'inaccuracy', before: { cp: 30 }, after: { cp: -40 } });
    expect(r.numbersOnly).toBe(true);
    expect(texts(r)).toEqual(['No tactic can be named for certain (the engine’s line keeps the material level): the evaluation goes from +0.30 to -0.40.']);
  });
});

// Issue 54's misleading outputs: every sentence true, and yet wrong in what it tells a player.
describe('a reason is what wins the material, and praise is what the move forces', () => {
  test('an even trade at the start of the line is not the cause of what is lost later', async () => {
    // 1...Nxg4 2.hxg4 is a bishop for a knight; the rook is lost later, to 2...Re4?? 3.Rxe4
    const line = await engine.lineFacts('4rk2/5ppp/5n2/8/6B1/7P/5PP1/4R1K1 b - - 0 1', ['Nxg4', 'hxg4', 'Re4', 'Rxe4']);
    const r = explainMove({ mover: 'b', line, verdict: 'blunder' });
    // (it said "This loses a rook and a knight for a bishop: it leaves the knight on g4 hanging, and hxg4 takes it")
    expect(texts(r)).toEqual(['This loses a rook: Re4 leaves the rook on e4 hanging, and Rxe4 takes it (2.hxg4 Re4 3.Rxe4).']);
  });
  test('... nor of what a good move wins: no reason rather than the wrong one', async () => {
    // 1.Qb3 Nxd5 2.exd5 trades knights; the pawn is won by 3.Qxb7, which nothing named explains
    const line = await engine.lineFacts('6k1/1p3ppp/5n2/3N4/4P3/8/5PPP/3Q2K1 w - - 0 1', ['Qb3', 'Nxd5', 'exd5', 'h6', 'Qxb7']);
    // (it said "Qb3 wins a pawn: Nxd5 leaves the knight on d5 hanging, and exd5 takes it (...)")
    expect(texts(explainMove({ mover: 'w', line, verdict: 'best' }))).toEqual(['Qb3 wins a pawn (1.Qb3 Nxd5 2.exd5 h6 3.Qxb7).']);
  });
  test('praise counts only the forcing part of the line: not the opponent’s later blunder in it', async () => {
    const fen = '4rk2/5ppp/8/8/8/7P/3R1PP1/6K1 w - - 0 1';
    // 1.Kh2 g6 2.g3 (two quiet moves) Re2?? 3.Rxe2: the rook is the engine's guess at play, not forced
    const late = await engine.lineFacts(fen, ['Kh2', 'g6', 'g3', 'Re2', 'Rxe2']);
    expect(forcingPlies(late)).toBe(2);
    // (it said "Kh2 wins a rook: Re2 leaves the rook on e2 hanging, and Rxe2 takes it (1.Kh2 g6 2.g3 Re2 3.Rxe2).")
    expect(texts(explainMove({ mover: 'w', line: late, verdict: 'best', before: { cp: 0 }, after: { cp: 30 } }))).toEqual(['No tactic can be named for certain: the evaluation goes from 0.00 to +0.30.']);
    // the reply itself is within it; and a fork's capture two plies on
    const reply = await engine.lineFacts(fen, ['Kh2', 'Re2', 'Rxe2']);
    expect(texts(explainMove({ mover: 'w', line: reply, verdict: 'best' }))).toEqual(['Kh2 wins a rook: Re2 leaves the rook on e2 hanging, and Rxe2 takes it (1.Kh2 Re2 2.Rxe2).']);
    // a check, its answer and the capture: all of it forcing
    const fork = await engine.lineFacts('r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1', ['Nc7+', 'Kd7', 'Nxa8']);
    expect(forcingPlies(fork)).toBe(3);
  });
});

describe('verification before display', () => {
  test('claims that do not match the line are refused, with the reason', async () => {
    const fork = await engine.lineFacts('r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1', ['Nc7+', 'Kd7', 'Nxa8']);
    expect(verifyClaims([{ type: 'material', side: 'w', points: 5, until: 3 }], fork)).toBe('');
    expect(verifyClaims([{ type: 'material', side: 'w', points: 3, until: 3 }], fork)).toMatch(/changes w's balance by 5/);
    expect(verifyClaims([{ type: 'motif', kind: 'fork', ply: 0, square: 'c7', targets: ['e8', 'a8'] }], fork)).toBe('');
    expect(verifyClaims([{ type: 'motif', kind: 'fork', ply: 0, square: 'c7', targets: ['e8', 'd8'] }], fork)).toMatch(/not all attacked/);
    expect(verifyClaims([{ type: 'mate', mated: 'b', moves: 1, pattern: 'none' }], fork)).toMatch(/does not end in mate/);
    expect(verifyClaims([{ type: 'capture', ply: 1, square: 'a8', piece: 'r' }], fork)).toMatch(/no capture/);
    const mate = await engine.lineFacts('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', ['Ra8#']);
    expect(verifyClaims([{ type: 'mate', mated: 'w', moves: 1, pattern: 'none' }], mate)).toMatch(/wrong side/);
    expect(verifyClaims([{ type: 'mate', mated: 'b', moves: 2, pattern: 'none' }], mate)).toMatch(/mate in 2 claimed/);
    expect(verifyClaims([{ type: 'mate', mated: 'b', moves: 1, pattern: 'smothered' }], mate)).toMatch(/pattern/);
  });

  test('an illegal line is refused by the engine with the move named', async () => {
    await expect(engine.lineFacts('startpos', ['e4', 'e4'])).rejects.toThrow(/line move 2 \(e4\)/);
  });

  test('trades and lines in words', async () => {
    expect(describeTrade(['r'], ['n'])).toBe('the exchange');
    expect(describeTrade(['q'], ['r'])).toBe('the queen for a rook');
    expect(describeTrade(['p', 'p', 'n'], ['p'])).toBe('a knight and a pawn');
    // a knight for a bishop is even: not "a rook and a knight for a bishop"
    expect(describeTrade(['r', 'n'], ['b'])).toBe('a rook');
    expect(describeTrade(['b', 'b'], ['n', 'r'])).toBe('a bishop for a rook');
    const f = await engine.lineFacts({ fen: 'startpos', moves: ['e4'] }, ['e5', 'Nf3', 'Nc6']);
    expect(lineText(f)).toBe('1...e5 2.Nf3 Nc6');
  });
});

// Composed positions (the same as tests/test_motifs.cpp): each motif said when the line shows it
// paying off, and not said when it does not.
describe('the motifs the continuation shows', () => {
  const RUY = 'r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4';
  const OVERLOAD = '2r3k1/3q1ppp/3b4/8/8/6QP/5PP1/2R3K1 w - - 0 1';
  const TRAP = '6k1/8/8/8/2b5/8/PPK5/R7 b - - 0 1';
  const ZWISCHENZUG = '3q1bk1/6pp/5n2/6B1/8/8/2P5/4K3 w - - 0 1';
  const motifClaims = (/** @type {{ sentences: { claims: any[] }[] }} */ r) => r.sentences.flatMap((s) => s.claims).filter((c) => c.type === 'motif').map((c) => c.kind);

  test('removal of the defender: the guard taken, then what it guarded', async () => {
    const line = await engine.lineFacts(RUY, ['Bxc6', 'dxc6', 'Nxe5']);
    const r = explainMove({ mover: 'w', line, verdict: 'best' });
    expect(texts(r)).toEqual(['Bxc6 wins a pawn: Bxc6 removes the knight on c6, the only guard of the pawn on e5, and Nxe5 takes it (4.Bxc6 dxc6 5.Nxe5).']);
    // the pawn not taken: no such claim, and the claim is refused against that line
    const quiet = await engine.lineFacts(RUY, ['Bxc6', 'dxc6', 'O-O']);
    expect(motifClaims(explainMove({ mover: 'w', line: quiet, verdict: 'best' }))).toEqual([]);
    const claim = { type: 'motif', kind: 'removalOfDefender', ply: 0, square: 'c6', targets: ['c6', 'e5'] };
    expect(verifyClaims([/** @type {any} */ (claim)], line)).toBe('');
    expect(verifyClaims([/** @type {any} */ (claim)], quiet)).toMatch(/no removalOfDefender at ply 0/);
    // facts that name the motif but lack the capture that makes it one are refused too
    const cut = { ...line, motifs: line.motifs.filter((m) => !(m.kind === 'capture' && m.ply === 2)) };
    expect(verifyClaims([/** @type {any} */ (claim)], cut)).toMatch(/does not take the guard and then what it guarded/);
  });

  test('an overloaded defender: it takes back, and the other piece falls', async () => {
    const line = await engine.lineFacts(OVERLOAD, ['Rxc8+', 'Qxc8', 'Qxd6']);
    expect(texts(explainMove({ mover: 'w', line, verdict: 'best' }))).toEqual([
      'Rxc8+ wins a bishop: the queen on d7 cannot guard both the rook on c8 and the bishop on d6: after Rxc8+ Qxc8, Qxd6 takes the bishop on d6 (1.Rxc8+ Qxc8 2.Qxd6).',
    ]);
    const guarded = await engine.lineFacts('2r3k1/3qpppp/3b4/8/8/6QP/5PP1/2R3K1 w - - 0 1', ['Rxc8+', 'Qxc8', 'Qxd6', 'exd6']);
    // (what it says instead: the queen left hanging on d6)
    expect(motifClaims(explainMove({ mover: 'w', line: guarded, verdict: 'blunder' }))).toEqual(['hanging']);
    const cut = { ...line, motifs: line.motifs.filter((m) => !(m.kind === 'capture' && m.ply === 2)) };
    expect(verifyClaims([{ type: 'motif', kind: 'overloadedDefender', ply: 0, square: 'c8', targets: ['d7', 'c8', 'd6'] }], cut)).toMatch(/does not take both/);
  });

  test('a trapped piece: what the blunder allows', async () => {
    const line = await engine.lineFacts(TRAP, ['Bxa2', 'b3', 'Kf7', 'Rxa2']);
    const r = explainMove({ mover: 'b', line, verdict: 'blunder', before: { cp: 0 }, after: { cp: 250 } });
    expect(texts(r)).toEqual(['This loses a bishop for a pawn: b3 traps the bishop on a2, which has no safe square, and Rxa2 takes it (2.b3 Kf7 3.Rxa2).']);
    // the bishop gets out: nothing is trapped, and nothing is said of it
    const out = await engine.lineFacts(TRAP, ['Bxa2', 'Kc3', 'Bd5']);
    expect(out.motifs.some((m) => m.kind === 'trappedPiece')).toBe(false);
    const cut = { ...line, motifs: line.motifs.filter((m) => m.kind !== 'capture' || m.ply !== 3) };
    expect(verifyClaims([{ type: 'motif', kind: 'trappedPiece', ply: 1, square: 'b3', targets: ['a2'] }], cut)).toMatch(/does not take it/);
  });

  test('an in-between move: allowed by one side, played by the other', async () => {
    const line = await engine.lineFacts(ZWISCHENZUG, ['Bxf6', 'Bb4+', 'c3', 'Qxf6']);
    expect(texts(explainMove({ mover: 'w', line, verdict: 'mistake', before: { cp: 0 }, after: { cp: -80 } }))).toEqual([
      'This allows an in-between move: instead of taking back on f6 at once, 1...Bb4+ comes first, and 2...Qxf6 takes back.',
    ]);
    const own = await engine.lineFacts(ZWISCHENZUG.replace(' w ', ' b '), ['h6', 'Bxf6', 'Bb4+', 'c3', 'Qxf6']);
    expect(texts(explainMove({ mover: 'b', line: own, verdict: 'best' }))).toEqual([
      'After h6, the line has an in-between move: instead of taking back on f6 at once, 2...Bb4+ comes first, and 3...Qxf6 takes back.',
    ]);
    // taken back at once: no in-between move, only the numbers
    const direct = await engine.lineFacts(ZWISCHENZUG, ['Bxf6', 'Qxf6']);
    const r = explainMove({ mover: 'w', line: direct, verdict: 'mistake', before: { cp: 0 }, after: { cp: -80 } });
    expect(r.numbersOnly).toBe(true);
    expect(motifClaims(r)).toEqual([]);
    // the capture before it missing from the facts: refused
    const cut = { ...line, motifs: line.motifs.filter((m) => m.kind !== 'capture' || m.ply !== 0) };
    expect(verifyClaims([{ type: 'motif', kind: 'zwischenzug', ply: 1, square: 'b4', targets: ['f6', 'e1'] }], cut)).toMatch(/in-between move/);
  });

  test('the best line of a live analysis in words, or its score only', async () => {
    const win = explainLine(await engine.lineFacts(OVERLOAD, ['Rxc8+', 'Qxc8', 'Qxd6']), { cp: 350 });
    expect(win.numbersOnly).toBe(false);
    expect(win.sentences[0].text).toMatch(/^Rxc8\+ wins a bishop: the queen on d7 cannot guard both/);
    const level = explainLine(await engine.lineFacts('startpos', ['e4', 'e5', 'Nf3', 'Nc6']), { cp: 35 });
    expect(level).toEqual({ numbersOnly: true, sentences: [{ text: 'No tactic can be named for certain (the engine\u2019s line keeps the material level): the engine scores e4 +0.35.', claims: [{ type: 'level', until: 4 }] }] });
    expect(explainLine(await engine.lineFacts('startpos', []))).toEqual({ sentences: [], numbersOnly: true });
  });
});
