// Explanations in words (mainline-chess/explain) from the engine's own facts (Engine.lineFacts):
// the sentences name the motif and the moves, and every claim is checked against the line.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createEngine } from '../../web/src/node.js';
import { describeTrade, explainMove, lineText, verifyClaims } from '../../web/src/explain.js';

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

  test('a good move that gives up the exchange is called that, not a loss', async () => {
    const line = await engine.lineFacts('4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1', ['Rxd5', 'exd5']);
    expect(texts(explainMove({ mover: 'w', line, verdict: 'great' }))).toEqual(['Rxd5 gives up the exchange: 1.Rxd5 exd5.']);
  });

  test('when nothing can be named for certain, only the numbers are said, and so marked', async () => {
    const line = await engine.lineFacts('startpos', ['a3', 'e5', 'h3', 'd5']);
    const r = explainMove({ mover: 'w', line, verdict: 'inaccuracy', before: { cp: 30 }, after: { cp: -40 } });
    expect(r.numbersOnly).toBe(true);
    expect(texts(r)).toEqual(['No tactic can be named for certain (the engine’s line keeps the material level): the evaluation goes from +0.30 to -0.40.']);
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
    const f = await engine.lineFacts({ fen: 'startpos', moves: ['e4'] }, ['e5', 'Nf3', 'Nc6']);
    expect(lineText(f)).toBe('1...e5 2.Nf3 Nc6');
  });
});
