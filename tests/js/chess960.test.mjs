// Chess960 matches: the start positions by number (scripts/lib/chess960.mjs), the SAN writer
// (checked against chess.js on standard games), the Stockfish referee on hand-made positions
// (scripts/lib/stockfish-referee.mjs), and a short real Chess960 match, Mainline vs Stockfish,
// through the CLI (scripts/match.mjs --variant chess960).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Chess } from 'chess.js';
import {
  chess960BackRank, chess960Fen, chess960Openings, checkFen960, parseBoard, insufficientMaterial, sanWithoutSuffix, sanToUci, chess960Pgn, squareIndex,
} from '../../scripts/lib/chess960.mjs';
import { StockfishReferee, findStockfish } from '../../scripts/lib/stockfish-referee.mjs';
import { parseOpeningLine, rng } from '../../scripts/lib/openings.mjs';
import { ChessJsReferee } from '../../scripts/lib/game.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const STOCKFISH = findStockfish();
if (!STOCKFISH) console.warn('SKIP Chess960 referee tests: no /usr/games/stockfish or stockfish on PATH (`npm run setup`)');

describe('start positions by number', () => {
  test('all 960 equal tests/data/perft-960.epd (Scharnagl order); known numbers', () => {
    const lines = readFileSync(path.join(ROOT, 'tests/data/perft-960.epd'), 'utf8').split('\n').slice(0, 960);
    expect(lines).toHaveLength(960);
    lines.forEach((line, n) => expect(chess960Fen(n).split(' ')[0]).toBe(line.split(' ')[0]));
    expect(chess960Fen(0)).toBe('bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1');
    expect(chess960Fen(518)).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(chess960BackRank(959)).toBe('RKRNNQBB');
    expect(chess960BackRank(1)).toBe('BQNBNRKR');
    expect(() => chess960BackRank(960)).toThrow();
    const all = chess960Openings();
    expect(new Set(all.map((o) => o.fen)).size).toBe(960);
    expect(all[518].id).toBe('Chess960 #518');
    for (const o of all) expect(checkFen960(o.fen)).toBe(null);
  });
});

describe('FEN checks, material, openings', () => {
  test('structural FEN check', () => {
    expect(checkFen960('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1')).toBe(null);
    expect(checkFen960('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1')).toBe(null);
    expect(checkFen960('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w HAha - 0 1')).toMatch(/castling/);
    expect(checkFen960('r3r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w - - 0 1')).toMatch(/kings/);
    expect(checkFen960('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w - -')).toMatch(/6 fields/);
    expect(checkFen960('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R2 w - - 0 1')).toMatch(/squares/);
    expect(checkFen960('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w - e3 0 1')).toMatch(/en passant/);
  });
  test('Chess960 openings load without chess.js', () => {
    expect(parseOpeningLine('bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1 ;D1 20', { variant: 'chess960' }))
      .toEqual({ fen: 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1' });
    expect(parseOpeningLine('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - id "x";', { variant: 'chess960' }))
      .toEqual({ fen: 'rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1', id: 'x' });
    expect(() => parseOpeningLine('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w HAha - 0 1', { variant: 'chess960' })).toThrow(/castling/);
  });
  test('insufficient material as chess.js judges it', () => {
    for (const fen of ['4k3/8/8/8/8/8/8/4K3 w - - 0 1', '4k3/8/8/8/8/8/8/3NK3 w - - 0 1', '4kb2/8/8/8/8/8/8/4K3 w - - 0 1',
      '4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1', '4kb2/8/8/8/8/8/8/3BK3 w - - 0 1', '4k3/8/8/8/8/8/8/2NNK3 w - - 0 1',
      '4k3/8/8/8/8/8/8/2BBK3 w - - 0 1', 'B3k3/8/8/8/8/8/8/2B1K3 w - - 0 1', '4kn2/8/8/8/8/8/8/3NK3 w - - 0 1',
      '4k3/8/8/8/8/8/3P4/4K3 w - - 0 1']) {
      expect(insufficientMaterial(parseBoard(fen)), fen).toBe(new Chess(fen).isInsufficientMaterial());
    }
  });
});

describe('SAN writer', () => {
  test('equals chess.js on standard games (castling given as king takes rook)', () => {
    const rand = rng(960);
    const kingTakesRook = (/** @type {import('chess.js').Move} */ m) =>
      m.isKingsideCastle() ? `${m.from}h${m.from[1]}` : m.isQueensideCastle() ? `${m.from}a${m.from[1]}` : m.lan;
    let castles = 0, checked = 0;
    const kinds = new Set();
    for (let g = 0; g < 4; g++) {
      const c = new Chess();
      for (let ply = 0; ply < 100 && !c.isGameOver(); ply++) {
        const moves = c.moves({ verbose: true });
        const board = parseBoard(c.fen());
        const legal = moves.map(kingTakesRook);
        moves.forEach((m, i) => {
          const base = m.san.replace(/[+#]$/, '');
          expect(sanWithoutSuffix(board, legal, legal[i]), `${c.fen()} ${m.lan}`).toBe(base);
          if (/[=x]|[a-h1-8][a-h]\d/.test(base)) kinds.add(base.includes('=') ? '=' : base.includes('x') ? 'x' : 'disambiguated');
          checked++;
        });
        // prefer castling, captures and promotions now and then, so that they come up
        const special = moves.filter((m) => m.isKingsideCastle() || m.isQueensideCastle() || m.isPromotion() || m.isCapture());
        const pick = special.length && rand() < 0.5 ? special[Math.floor(rand() * special.length)] : moves[Math.floor(rand() * moves.length)];
        expect(sanToUci(board, legal, pick.san)).toBe(kingTakesRook(pick));
        if (pick.isKingsideCastle() || pick.isQueensideCastle()) castles++;
        c.move(pick);
      }
    }
    expect(castles).toBeGreaterThan(0);
    expect([...kinds].sort()).toEqual(['=', 'disambiguated', 'x']);
    expect(checked).toBeGreaterThan(4000);
  }, 20000);
  test('disambiguation by file, rank, both', () => {
    const board = parseBoard('4k3/8/8/8/Q6Q/8/8/Q3K2Q w - - 0 1');
    const legal = ['a1d4', 'h1d4', 'a4d4', 'h4d4', 'a1b1', 'h4h5', 'a4a3'];
    expect(sanWithoutSuffix(board, legal, 'a1d4')).toBe('Qa1d4');
    expect(sanWithoutSuffix(board, ['a1d4', 'h1d4'], 'a1d4')).toBe('Qad4');
    expect(sanWithoutSuffix(board, ['a1a2', 'a4a2'], 'a1a2')).toBe('Q1a2');
    expect(sanWithoutSuffix(board, legal, 'a1b1')).toBe('Qb1');
  });
});

describe('PGN', () => {
  test('Chess960 tags, also for position 518', () => {
    const game = /** @type {import('../../scripts/lib/game.mjs').GameRecord} */ ({
      result: '1/2-1/2', kind: 'repetition', reason: 'Draw by 3-fold repetition', termination: 'normal', loser: null, flagged: null,
      startFen: chess960Fen(518), durationMs: 1, variant: 'chess960', whiteName: 'A', blackName: 'B',
      moves: [{ uci: 'g1f3', san: 'Nf3', score: null, depth: null, nodes: null, timeMs: 1, engineTimeMs: null, clockMs: null }],
    });
    const pgn = chess960Pgn(game, { event: 'T', comments: false });
    expect(pgn).toMatch(/\[Result "1\/2-1\/2"\]\n\[Variant "Chess960"\]\n\[SetUp "1"\]\n\[FEN "rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w KQkq - 0 1"\]\n/);
    expect(pgn.match(/\[FEN /g)).toHaveLength(1);
    expect(pgn).toContain('\n\n1. Nf3 {Draw by 3-fold repetition} 1/2-1/2\n\n');
    const other = chess960Pgn({ ...game, startFen: chess960Fen(0) });
    expect(other.match(/\[SetUp /g)).toHaveLength(1);
    expect(other).toContain(`[FEN "${chess960Fen(0)}"]`);
  });
});

describe.skipIf(!STOCKFISH)('Stockfish referee', () => {
  /** @type {StockfishReferee} */
  let r;
  beforeAll(async () => { r = await StockfishReferee.start(); }, 30000);
  afterAll(async () => { await r?.close(); });

  test('castling both ways: king takes rook, O-O and O-O-O', async () => {
    const fen = 'rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1';
    await r.reset(fen);
    expect(r.legalMoves()).toEqual(expect.arrayContaining(['b1e1', 'b1a1']));
    expect(r.parseSan('O-O')).toBe('b1e1');
    expect(r.parseSan('O-O-O')).toBe('b1a1');
    expect(await r.play('b1e1')).toEqual({ uci: 'b1e1', san: 'O-O' });
    expect(r.fen().split(' ')[0]).toBe('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/R4RK1');
    expect(await r.play('b8a8')).toEqual({ uci: 'b8a8', san: 'O-O-O' });
    expect(r.fen()).toBe('2krr3/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2');
    // a king that stays on its square: g1 with the rook on h1 (O-O), and the X-FEN of a start position
    await r.reset('1k5r/8/8/8/8/8/8/6KR w Kk - 0 1');
    expect(await r.play('g1h1')).toEqual({ uci: 'g1h1', san: 'O-O' });
    expect(r.fen().split(' ')[0]).toBe('1k5r/8/8/8/8/8/8/5RK1');
    await r.reset(chess960Fen(0));
    expect(r.fen()).toBe('bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1');
    expect(r.legalMoves()).toHaveLength(20);
  });
  test('standard castling squares are not castling in Chess960; illegal text changes nothing', async () => {
    await r.reset('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    for (const bad of ['e1g1', 'e1c1', 'e1h1q', 'E1H1', 'a1a1', '', '0000']) expect(await r.play(bad)).toBe(null);
    expect(r.fen()).toBe('r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1');
    expect((await r.play('e1h1'))?.san).toBe('O-O');
    expect((await r.play('e8a8'))?.san).toBe('O-O-O');
  });
  test('checkmate, with # in the SAN', async () => {
    await r.reset('rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2');
    expect(r.outcome()).toBe(null);
    expect(await r.play('d8h4')).toEqual({ uci: 'd8h4', san: 'Qh4#' });
    expect(r.outcome()).toEqual({ result: '0-1', kind: 'checkmate', reason: 'Black mates', loser: 'w' });
    await r.reset('4k3/8/8/8/8/8/3q4/4K3 b - - 0 1');
    expect((await r.play('d2e2'))?.san).toBe('Qe2+');
  });
  test('stalemate, insufficient material, fifty moves', async () => {
    await r.reset('7k/8/6K1/8/8/8/8/5Q2 w - - 0 1');
    expect(await r.play('f1f7')).toEqual({ uci: 'f1f7', san: 'Qf7' });
    expect(r.outcome()).toMatchObject({ result: '1/2-1/2', kind: 'stalemate' });
    await r.reset('4k3/8/8/8/8/8/3r4/4K3 w - - 0 1');
    expect((await r.play('e1d2'))?.san).toBe('Kxd2');
    expect(r.outcome()).toMatchObject({ kind: 'insufficient' });
    await r.reset('4k3/8/8/8/8/8/8/R3K3 w - - 99 80');
    await r.play('a1a2');
    expect(r.outcome()).toMatchObject({ kind: 'fifty', reason: 'Draw by fifty moves rule' });
    // mate on the 100th half move is mate
    await r.reset('7k/8/6K1/8/8/8/8/R7 w - - 99 80');
    await r.play('a1a8');
    expect(r.outcome()).toMatchObject({ kind: 'checkmate' });
  });
  test('threefold repetition; the en passant square counts only when the capture is legal', async () => {
    await r.reset(chess960Fen(518));
    const shuffle = ['g1f3', 'g8f6', 'f3g1', 'f6g8'];
    for (const m of [...shuffle, ...shuffle.slice(0, 3)]) { expect(await r.play(m)).not.toBe(null); expect(r.outcome()).toBe(null); }
    await r.play('f6g8');
    expect(r.outcome()).toMatchObject({ result: '1/2-1/2', kind: 'repetition', reason: 'Draw by 3-fold repetition' });
    // d4xe3 would expose the black king on a4 to the rook on h4: no en passant, whatever the FEN says
    await r.reset('8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1');
    await r.play('e2e4');
    expect(r.cur().key.split(' ')[3]).toBe('-');
    expect(r.legalMoves()).not.toContain('d4e3');
    await r.reset('4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1');
    await r.play('e2e4');
    expect(r.cur().key.split(' ')[3]).toBe('e3');
    expect(r.legalMoves()).toContain('d4e3');
  });
  test('the standard referee answers the same questions (chess.js)', () => {
    const c = new ChessJsReferee();
    c.reset('rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2');
    expect(c.play('d8h4')).toEqual({ uci: 'd8h4', san: 'Qh4#' });
    expect(c.outcome()).toEqual({ result: '0-1', kind: 'checkmate', reason: 'Black mates', loser: 'w' });
  });
});

/** Movetext SAN tokens of one PGN game. */
function pgnSans(pgn) {
  const body = pgn.slice(pgn.indexOf('\n\n')).replace(/\{[^}]*\}/g, ' ');
  return body.trim().split(/\s+/).filter((t) => t && !/^\d+\.+$/.test(t) && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(t));
}

describe('real Chess960 match', () => {
  const engine = path.join(ROOT, 'build/mainline');
  const have = existsSync(engine) && !!STOCKFISH;
  if (!existsSync(engine)) console.warn(`SKIP real Chess960 match test: ${engine} is missing (run \`npm run build\`)`);
  test.skipIf(!have)('build/mainline vs Stockfish, 2 games at --nodes 2000, via the CLI; the PGN reads back', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mainline-960-'));
    const pgn = path.join(dir, 'm.pgn'), json = path.join(dir, 'm.json');
    const { stdout } = await promisify(execFile)(process.execPath, [
      path.join(ROOT, 'scripts/match.mjs'), '--engine1', 'mainline', '--engine2', 'stockfish', '--variant', 'chess960', '--nodes', '2000',
      '--games', '2', '--concurrency', '1', '--seed', '5', '--pgn', pgn, '--json', json,
    ], { cwd: ROOT, timeout: 60000 });
    expect(stdout).toMatch(/variant chess960/);
    expect(stdout).toMatch(/=== Result: .*Chess960/);
    const r = JSON.parse(readFileSync(json, 'utf8'));
    expect(r.variant).toBe('chess960');
    expect(r.summary.games).toBe(2);
    expect(r.tallies.map((t) => t.illegal + t.crashes + t.timeouts + t.timeLosses)).toEqual([0, 0]);
    for (const g of r.games) expect(['checkmate', 'stalemate', 'repetition', 'fifty', 'insufficient']).toContain(g.kind);
    expect(r.games[0].startFen).toBe(r.games[1].startFen);                   // a pair: one start position
    expect(r.games[0].opening).toMatch(/^Chess960 #\d+$/);

    const texts = readFileSync(pgn, 'utf8').split(/\n(?=\[Event )/).filter((s) => s.trim());
    expect(texts).toHaveLength(2);
    const ref = await StockfishReferee.start();
    let castles = 0;
    try {
      for (const text of texts) {
        const round = Number(/\[Round "(\d+)"\]/.exec(text)?.[1]);
        const g = r.games.find((x) => x.index === round - 1);
        expect(text).toContain('[Variant "Chess960"]');
        expect(text).toContain('[SetUp "1"]');
        expect(text).toContain(`[FEN "${g.startFen}"]`);
        // every SAN move reads back to the move played, castling included
        const uci = g.moves.split(' ');
        const sans = pgnSans(text);
        expect(sans).toHaveLength(uci.length);
        await ref.reset(g.startFen);
        for (let i = 0; i < sans.length; i++) {
          if (/^O-O/.test(sans[i])) {                                         // the king takes its own rook
            castles++;
            expect(ref.cur().board[squareIndex(uci[i].slice(2, 4))]).toEqual({ type: 'r', color: ref.turn() });
          }
          expect(ref.parseSan(sans[i]), `${sans[i]} in ${ref.fen()}`).toBe(uci[i]);
          expect((await ref.play(uci[i]))?.san).toBe(sans[i]);
        }
        expect(ref.outcome()?.kind).toBe(g.kind);
      }
    } finally {
      await ref.close();
    }
    console.log(`real Chess960 match: ${r.games.map((g) => `${g.opening} ${g.kind} ${g.plies} plies`).join('; ')}; ${castles} castlings read back`);
  }, 60000);
});
