// Chess960 through the package's engine API (web/src/client.js, worker-core.js): a position's
// `chess960` writes castling as the king taking its own rook in what comes back, per position,
// on one engine that serves both variants; the UCI_Chess960 option holds for positions that say
// nothing; a position standard chess cannot have is written so whatever is said. Lines are
// checked with mainline-chess/rules (perft-verified against Stockfish 15.1: engine-rules.test.mjs).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createEngine, EngineError } from '../../web/src/node.js';
import { chess960Fen, playMoves } from '../../web/src/rules.js';
import { isChess960, parsePgnGames } from '../../web/src/annotate.js';

// king on e1, rooks in the corners: standard chess could have it, Chess960 too (start 518 after 1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7)
const BOTH = 'rnbqk2r/ppppppbp/5np1/8/8/5NP1/PPPPPPBP/RNBQK2R w KQkq - 2 4';
// king on c1, rooks on b1 and g1: only Chess960
const ONLY960 = '1rk3r1/pppppppp/8/8/8/8/PPPPPPPP/1RK3R1 w KQkq - 0 1';

/** @type {import('../../web/index.d.ts').Engine} */
let engine;
beforeAll(async () => {
  engine = await createEngine();
}, 30000);
afterAll(() => engine?.terminate());

const castles = async (/** @type {any} */ position) => (await engine.legalMoves(position)).filter((m) => /^O-O/.test(m.san)).map((m) => m.uci).sort();

describe('castling notation per position', () => {
  test('chess960: true / false / left out, on one engine, in any order', async () => {
    expect(await castles(BOTH)).toEqual(['e1g1']);
    expect(await castles({ fen: BOTH, chess960: true })).toEqual(['e1h1']);
    expect(await castles({ fen: BOTH })).toEqual(['e1g1']); // the next position says nothing: the option's default
    expect(await castles({ fen: BOTH, chess960: false })).toEqual(['e1g1']);
    expect(await castles({ fen: ONLY960, chess960: false })).toEqual(['c1b1', 'c1g1']); // no other way to write it
    // the option as the caller sets it holds for positions that say nothing
    await engine.setOption('UCI_Chess960', true);
    expect(await castles(BOTH)).toEqual(['e1h1']);
    expect(await castles({ fen: BOTH, chess960: false })).toEqual(['e1g1']);
    expect(await castles(BOTH)).toEqual(['e1h1']);
    await engine.setOption('UCI_Chess960', false);
    expect(await castles(BOTH)).toEqual(['e1g1']);
  });
  test('moves read either way; a bad chess960 value is named', async () => {
    const info = await engine.positionInfo({ fen: BOTH, moves: ['e1h1'], chess960: true });
    expect(info.fen.split(' ')[0]).toBe('rnbqk2r/ppppppbp/5np1/8/8/5NP1/PPPPPPBP/RNBQ1RK1');
    expect((await engine.positionInfo({ fen: BOTH, moves: ['O-O'] })).fen).toBe(info.fen);
    await expect(engine.legalMoves({ fen: BOTH, chess960: 'yes' })).rejects.toThrow(EngineError);
    await expect(engine.legalMoves({ fen: BOTH, chess960: 'yes' })).rejects.toThrow(/chess960/);
  });
});

describe('analysis of Chess960 positions', () => {
  test('start positions by number: every line legal, its SAN the rules\', castling as the king takes its rook', async () => {
    for (const n of [0, 101, 517, 959]) {
      const fen = chess960Fen(n);
      const infos = [];
      const result = await engine.analyze({ fen, chess960: true }, { depth: 8 }, { onInfo: (i) => infos.push(i) }).result;
      expect(result.depth).toBe(8);
      for (const i of infos.filter((x) => x.pv?.length)) {
        const played = playMoves(fen, i.pv, { chess960: true });
        expect(played.map((m) => m.uci)).toEqual(i.pv);
        expect(played.map((m) => m.san)).toEqual(i.pvSan);
      }
    }
  }, 60000);
  test('a line through castling: UCI king-takes-rook, SAN O-O', async () => {
    // White to move with O-O open and strong (the rook to the open f-file): searched among others
    const fen = ONLY960;
    const result = await engine.analyze({ fen, chess960: true }, { depth: 4, searchmoves: ['O-O', 'O-O-O'], multipv: 2 }).result;
    const lines = result.lines ?? [result];
    for (const l of lines) {
      expect(['c1g1', 'c1b1']).toContain(l.pv[0]);
      expect(playMoves(fen, l.pv, { chess960: true }).map((m) => m.san)).toEqual(l.pvSan);
    }
  }, 30000);
});

describe('PGN', () => {
  test('[Variant "Chess960"] is recognised, as lichess and chess.com write it', () => {
    const [game] = parsePgnGames('[Variant "Chess960"]\n[SetUp "1"]\n[FEN "1rk3r1/pppppppp/8/8/8/8/PPPPPPPP/1RK3R1 w GBgb - 0 1"]\n\n1. O-O O-O-O *\n');
    expect(isChess960(game.headers)).toBe(true);
    expect(isChess960({ variant: 'fischerandom' })).toBe(true);
    expect(isChess960({ Variant: 'Standard' })).toBe(false);
    expect(isChess960({})).toBe(false);
  });
});
