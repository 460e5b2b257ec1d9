// mainline-chess/rules (web/src/rules.js over the engine's own rules in wasm_bindings/rules.cpp):
// its move lists counted by perft against Stockfish 15.1's (tests/data/perft-960.epd), Chess960
// castling in both notations, SAN, game endings, bad input, and the start positions' numbering.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Chess } from 'chess.js';
import {
  RulesError, STARTING_FEN, chess960Fen, chess960Number, fenError, gameStatus, legalMoves, normalizeFen, playMoves, query, randomChess960, tryMove,
} from '../../web/src/rules.js';

const EPD = readFileSync(new URL('../data/perft-960.epd', import.meta.url), 'utf8').trim().split('\n').map((line) => {
  const [fen, ...counts] = line.split(' ;');
  return { fen, counts: Object.fromEntries(counts.map((c) => [Number(c.slice(1, c.indexOf(' '))), Number(c.slice(c.indexOf(' ') + 1))])) };
});

/** perft through the package's API: every move list from a FEN, as a page would ask for it */
function perft(/** @type {string} */ fen, /** @type {number} */ depth) {
  const moves = legalMoves(fen, { chess960: true });
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) n += perft(playMoves(fen, [m.uci], { chess960: true })[0].fen, depth - 1);
  return n;
}

describe('perft equal to Stockfish 15.1 (tests/data/perft-960.epd)', () => {
  test('all 960 start positions to depth 2', () => {
    expect(EPD.length).toBe(1210);
    for (const { fen, counts } of EPD.slice(0, 960)) expect(perft(fen, 2), fen).toBe(counts[2]);
  });
  test('250 positions after play (rights partly lost, castling through and into check) to depth 2, every tenth to depth 3', () => {
    EPD.slice(960).forEach(({ fen, counts }, i) => {
      expect(perft(fen, 2), fen).toBe(counts[2]);
      if (i % 10 === 0) expect(perft(fen, 3), fen).toBe(counts[3]);
    });
  });
});

describe('Chess960 castling', () => {
  // king on c1, rooks on b1 and g1: O-O takes the king onto its rook's square, O-O-O leaves it where it is
  const open = '1rk3r1/pppppppp/8/8/8/8/PPPPPPPP/1RK3R1 w KQkq - 0 1';
  test('both castlings: king takes its rook in UCI, O-O / O-O-O in SAN, king and rook where the rules say', () => {
    const castles = legalMoves(open, { chess960: true }).filter((m) => m.castling);
    expect(castles.map((m) => [m.uci, m.san, m.kingTo]).sort()).toEqual([['c1b1', 'O-O-O', 'c1'], ['c1g1', 'O-O', 'g1']]);
    const [long] = playMoves(open, ['O-O-O']);
    expect(long.uci).toBe('c1b1');
    expect(long.fen.split(' ')[0]).toBe('1rk3r1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1');
    expect(long.fen.split(' ')[2]).toBe('kq');
    const [short] = playMoves(open, ['c1g1']);
    expect(short.san).toBe('O-O');
    expect(short.fen.split(' ')[0]).toBe('1rk3r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1');
    // Black's too, after a white move
    expect(playMoves(open, ['a3', 'O-O-O', 'O-O'], { chess960: true }).map((m) => m.uci)).toEqual(['a2a3', 'c8b8', 'c1g1']);
  });
  test('read as Shredder-FEN and X-FEN alike; written KQkq where that names the rook', () => {
    expect(normalizeFen('1rk3r1/pppppppp/8/8/8/8/PPPPPPPP/1RK3R1 w GBgb - 0 1')).toEqual({ fen: open, chess960: true });
    expect(normalizeFen(STARTING_FEN)).toEqual({ fen: STARTING_FEN, chess960: false });
  });
  test('refused through an attacked square, with the reason', () => {
    // a black rook on d8 looks down the open d-file: O-O (king c1 -> g1) crosses d1
    const fen = '1rkr2r1/ppp1pppp/8/8/8/8/PPP1PPPP/1RK3R1 w KQ - 0 1';
    expect(legalMoves(fen).filter((m) => m.castling).map((m) => m.san)).toEqual(['O-O-O']);
    expect(tryMove(fen, 'O-O')).toBeNull();
    const q = query(fen, ['O-O']);
    expect(q.error?.index).toBe(0);
    expect(q.error?.message).toMatch(/O-O/);
  });
  test('a king step that shares its squares with castling is plain Kg1 (king f1, rook h1)', () => {
    const fen = '4k3/8/8/8/8/8/8/5K1R w H - 0 1';
    const moves = legalMoves(fen);
    expect(moves.find((m) => m.uci === 'f1g1')?.san).toBe('Kg1');
    expect(moves.find((m) => m.castling)).toMatchObject({ uci: 'f1h1', san: 'O-O', kingTo: 'g1' });
    expect(tryMove(fen, 'Kg1')?.uci).toBe('f1g1');
  });
  test('standard chess: e1g1 without the option, e1h1 with it; both read', () => {
    const fen = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1';
    expect(legalMoves(fen).filter((m) => m.castling).map((m) => m.uci).sort()).toEqual(['e1c1', 'e1g1']);
    expect(legalMoves(fen, { chess960: true }).filter((m) => m.castling).map((m) => m.uci).sort()).toEqual(['e1a1', 'e1h1']);
    expect(tryMove(fen, 'e1h1')?.san).toBe('O-O');
    expect(tryMove(fen, 'e1g1')?.fen).toBe(tryMove(fen, 'e1h1')?.fen);
  });
});

describe('standard chess agrees with chess.js', () => {
  test('SAN, UCI and FEN along a game with checks, captures, en passant and promotion', () => {
    const san = ['e4', 'Nf6', 'e5', 'd5', 'exd6', 'Qxd6', 'd4', 'Qxd4', 'Qxd4', 'Nc6', 'Qc4', 'Be6', 'Qxc6+', 'bxc6', 'Bb5', 'cxb5', 'a4', 'bxa4',
      'b4', 'a3', 'b5', 'a2', 'b6', 'axb1=Q', 'bxc7', 'Qxc1+', 'Ke2', 'Qxc2+', 'Ke1', 'Qc1+', 'Ke2', 'Bc4+'];
    const chess = new Chess();
    const ours = playMoves(STARTING_FEN, san);
    ours.forEach((m, i) => {
      const theirs = chess.move(san[i]);
      expect(m.san).toBe(theirs.san);
      expect(m.uci).toBe(theirs.from + theirs.to + (theirs.promotion ?? ''));
      expect(m.fen.split(' ').slice(0, 3)).toEqual(chess.fen().split(' ').slice(0, 3));
    });
  });
  test('move lists equal chess.js on positions along 20 random games', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let g = 0; g < 20; g++) {
      const chess = new Chess();
      for (let ply = 0; ply < 80 && !chess.isGameOver(); ply++) {
        const theirs = chess.moves().sort();
        expect(legalMoves(chess.fen()).map((m) => m.san).sort()).toEqual(theirs);
        chess.move(theirs[Math.floor(random() * theirs.length)]);
      }
    }
  });
});

describe('how a game stands', () => {
  test('mate, stalemate, repetition, fifty moves, insufficient material, check', () => {
    expect(gameStatus(STARTING_FEN, ['f3', 'e5', 'g4', 'Qh4'])).toMatchObject({ status: 'checkmate', checkedKing: 'e1' });
    expect(gameStatus('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1').status).toBe('stalemate');
    expect(gameStatus(STARTING_FEN, ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8']).status).toBe('repetition');
    expect(gameStatus(STARTING_FEN, ['Nf3', 'Nf6', 'Ng1', 'Ng8']).status).toBe('ongoing');
    expect(gameStatus('4k3/8/8/8/8/8/8/R3K3 w - - 100 80').status).toBe('fifty');
    expect(gameStatus('4k3/8/8/8/8/8/8/2B1K3 w - - 0 1').status).toBe('material');
    expect(gameStatus(STARTING_FEN, ['e4', 'f5', 'Qh5+'])).toMatchObject({ status: 'ongoing', checkedKing: 'e8' });
  });
});

describe('bad input is named, nothing thrown that is not a RulesError', () => {
  test('FENs', () => {
    expect(fenError(STARTING_FEN)).toBeNull();
    expect(fenError('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -')).toBeNull(); // EPD's four fields
    for (const bad of ['', 'hello', '8/8/8/8/8/8/8/8 w - - 0 1', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra']) {
      if (bad === '') continue; // the empty start is the start position
      expect(fenError(bad), bad).toMatch(/\w/);
      expect(() => normalizeFen(bad)).toThrow(RulesError);
    }
  });
  test('moves', () => {
    expect(() => playMoves(STARTING_FEN, ['e4', 'e5', 'Ke3'])).toThrow(/move 3 \(Ke3\)/);
    expect(() => query(STARTING_FEN, ['e2 e4'])).toThrow(RulesError);
    expect(tryMove(STARTING_FEN, 'zz')).toBeNull();
    expect(tryMove(STARTING_FEN, '')).toBeNull();
    // long input does not break the module
    expect(fenError('x'.repeat(100000))).toMatch(/\w/);
    expect(query(STARTING_FEN, Array(3000).fill('Nf3')).error?.index).toBe(1);
  });
});

describe('Chess960 start positions by number', () => {
  test('all 960 as Scharnagl numbers them (the perft file lists them in that order)', () => {
    for (let n = 0; n < 960; n++) {
      expect(chess960Fen(n).split(' ')[0]).toBe(EPD[n].fen.split(' ')[0]);
      expect(chess960Number(chess960Fen(n))).toBe(n);
    }
    expect(chess960Fen(518)).toBe(STARTING_FEN);
    expect(chess960Number(EPD[5].fen)).toBe(5); // Shredder-FEN read too
    expect(chess960Number('bb3rkr/pppppppp/8/8/8/8/PPPPPPPP/BB3RKR w KQkq - 0 1')).toBeNull();
    expect(() => chess960Fen(960)).toThrow(/0 to 959/);
    expect(randomChess960(() => 0.5).number).toBe(480);
  });
});
