// mainline-analyse (web/bin/mainline-analyse.js): annotated PGN from the command line with the
// package's WebAssembly engine. Run on a few short games at a small depth: the output is PGN
// that chess.js reads, with [%eval] on every move, the engine's lines, judgements, the input's
// variations and comments kept, games in input order; bad input is reported, not fatal.
import { describe, expect, test } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Chess } from 'chess.js';
import { parsePgnGames, readComment } from '../../web/src/annotate.js';
import { gameRating } from '../../web/src/report.js';
import { parsePgn } from '../../app/src/model/pgn.js';
import { reportOf } from '../../app/src/model/gamereport.js';
// the one place the version is written (the Annotator header names it)
const VERSION = JSON.parse(readFileSync(new URL('../../web/package.json', import.meta.url), 'utf8')).version;

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'web/bin/mainline-analyse.js');
const haveEngine = existsSync(path.join(ROOT, 'web/dist/mainline_web.wasm'));

const GAMES = `[Event "Fool's mate"]
[White "Alpha"]
[Black "Beta"]
[Result "0-1"]

1. f3 e5 2. g4 { a bold idea } Qh4# 0-1

[Event "Opening"]
[White "Gamma"]
[Black "Delta"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 (2... d6 3. d4) 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 *

[Event "From a position"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
[Result "*"]

1. e4 Kd7 2. Kd2 *
`;

/** Runs the command with `input` on stdin. */
function analyse(args, input) {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [BIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (code) => resolve({ code, stdout, stderr }));
    p.stdin.end(input);
  });
}

/** Every main-line position's comment in a game read by parsePgnGames. */
function mainLine(game) {
  const out = [game.root];
  for (let n = game.root; n.children.length; ) out.push((n = n.children[0]));
  return out;
}

describe.skipIf(!haveEngine)('mainline-analyse', () => {
  test('three games at depth 5: valid PGN, [%eval] and the engine’s line on every move, judgements, input kept', async () => {
    const { code, stdout, stderr } = await analyse(['--depth', '5', '-'], GAMES);
    expect(stderr).toMatch(/3 of 3 games annotated/);
    expect(code).toBe(0);
    const games = parsePgnGames(stdout);
    expect(games.map((g) => g.headers.Event)).toEqual(["Fool's mate", 'Opening', 'From a position']);
    for (const g of games) {
      // chess.js reads every game and finds the same moves
      const chess = new Chess();
      chess.loadPgn(g.text);
      const line = mainLine(g);
      expect(chess.history()).toEqual(line.slice(1).map((n) => n.san));
      expect(g.headers.Annotator).toBe(`Mainline ${VERSION} (depth 5)`);
      for (const node of line) {
        const c = readComment(node.comment);
        expect(c.eval, `${g.headers.Event}: ${node.san}`).not.toBeNull();
        const over = c.eval.score.mate === 0 || (!node.children.length && c.eval.depth === 0);
        if (!over) {
          expect(c.eval.depth).toBeGreaterThanOrEqual(1); // a found mate can end the search early
          expect(c.eval.depth).toBeLessThanOrEqual(5);
          expect(c.eval.method).toBe('pvhash');
          expect(c.eval.pv.length).toBeGreaterThan(0);
        }
      }
    }
    const [fool, opening, position] = games;
    // the last position is mate: #0; 2. g4 lost at once: a blunder, with the user's comment kept
    const foolLine = mainLine(fool);
    expect(readComment(foolLine[4].comment).eval.score).toEqual({ mate: 0 });
    expect(foolLine[3].nags).toEqual([4]);
    expect(foolLine[3].comment).toMatch(/\[%eval #-1\].*\(\S+ → #-1\) Blunder\. \S+ was best\. a bold idea$/);
    expect(fool.result).toBe('0-1');
    // the variation of the input is still there; 5. Nxf7 drops the rook on h1
    expect(opening.root.children[0].children[0].children[0].children.map((n) => n.san)).toEqual(['Nc6', 'd6']);
    expect([2, 4]).toContain(mainLine(opening)[9].nags[0]);
    // a game from a FEN keeps it
    expect(position.headers.FEN).toBe('4k3/8/8/8/8/8/4P3/4K3 w - - 0 1');
  }, 60000);

  test('--report: every move classed in the PGN, accuracy and ACPL per player; read back by chess.js', async () => {
    const SCHOLAR = '[Event "Scholar"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n';
    const { code, stdout, stderr } = await analyse(['--depth', '6', '--report', '-'], SCHOLAR);
    expect(code).toBe(0);
    // with each player's accuracy by phase: seven moves, all of the opening (six or more pieces
    // on each back rank, all fourteen knights, bishops, rooks and queens on the board)
    const phases = /Accuracy by phase \(White \/ Black\): opening \d+% \/ \d+%, middlegame – \/ –, endgame – \/ –/;
    expect(stderr).toMatch(/game 1\/1 \(A – B\): White \d+% accuracy, \d+ ACPL; Black \d+% accuracy, \d+ ACPL; Accuracy by phase/);
    expect(stderr).toMatch(phases);
    const [g] = parsePgnGames(stdout);
    expect(g.root.comment).toMatch(/^Mainline report: White \d+% accuracy, \d+ ACPL; Black \d+% accuracy, \d+ ACPL\. Accuracy by phase/);
    expect(g.root.comment).toMatch(phases);
    const line = mainLine(g);
    // 3... Nf6 allows mate in one: a blunder; 4. Qxf7# is the only move that wins, but found at
    // depth 2 ([%mlshallow h5f7] before it): Best, not Great
    expect(line[6].nags).toEqual([4]);
    // why, in words checked against the engine's line, in brackets; dropped when read back
    expect(line[6].comment).toMatch(/\(\S+ → #1\) Blunder\. \[This allows mate in one: 4\.Qxf7#\.[^\]]*\]$/);
    expect(readComment(line[6].comment).note).toBe('');
    expect(line[6].comment).toContain('[%mlshallow h5f7]');
    expect(line[7].nags).toEqual([]);
    expect(line[7].comment ?? '').not.toMatch(/Great/);
    const chess = new Chess();
    chess.loadPgn(g.text);
    expect(chess.history()).toEqual(['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#']);
    // the summary is not read back as a note
    expect(readComment(g.root.comment).note).toBe('');
  }, 60000);

  test('--report: the only legal move is Forced ("Forced move.", no NAG, no words); a move with a choice is not', async () => {
    // 4... Qxf2+ leaves White one move, 5. Kxf2
    const pgn = '[Event "Forced"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e3 h5 2. Ne2 e5 3. h3 Qh4 4. b4 Qxf2+ 5. Kxf2 Nc6 *\n';
    const { code, stdout, stderr } = await analyse(['--depth', '5', '--report', '--quiet', '-'], pgn);
    expect(code, stderr).toBe(0);
    const line = mainLine(parsePgnGames(stdout)[0]);
    const forced = line.filter((n) => /Forced/.test(n.comment ?? ''));
    expect(forced.map((n) => n.san)).toEqual(['Kxf2']);
    expect(forced[0].nags).toEqual([]);
    expect(forced[0].comment).toMatch(/Forced move\.$/);
    // the sentence is the report's, made again from the evaluations: not read back as a note
    expect(readComment(forced[0].comment).note).toBe('');
  }, 60000);

  test('--report: the moves inside the named openings are Book ("Book move.", no NAG, no words), to the first move out; none in Chess960', async () => {
    const moves = '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. h4 h6 *';
    const standard = `[Event "Book"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n${moves}\n`;
    const chess960 = `[Event "Book 960"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n[Variant "Chess960"]\n[SetUp "1"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]\n\n${moves}\n`;
    const { code, stdout, stderr } = await analyse(['--depth', '5', '--report', '--quiet', '-'], `${standard}\n${chess960}`);
    expect(code, stderr).toBe(0);
    const [a, b] = parsePgnGames(stdout).map(mainLine);
    const book = a.filter((n) => /Book move\./.test(n.comment ?? ''));
    expect(book.map((n) => n.san)).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', 'O-O', 'Be7']);
    for (const n of book) {
      expect(n.nags).toEqual([]);
      expect(n.comment).toMatch(/Book move\.$/);
      expect(readComment(n.comment).note).toBe('');
    }
    expect(b.filter((n) => /Book move/.test(n.comment ?? ''))).toEqual([]);
  }, 60000);

  test('--report: each side’s game rating as a tag, the same as the app gives the same game read back', async () => {
    // the Opera game (Morphy, Paris 1858)
    const pgn = '[Event "Rated"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n';
    const { code, stdout, stderr } = await analyse(['--depth', '5', '--report', '--quiet', '-'], pgn);
    expect(code, stderr).toBe(0);
    const [g] = parsePgnGames(stdout);
    expect(g.headers.WhiteGameRating).toMatch(/^\d+0$/);
    expect(g.headers.BlackGameRating).toMatch(/^\d+0$/);
    // the app, on the PGN the CLI wrote: the same evaluations, the same report, the same ratings
    const { tree } = parsePgn(stdout);
    const game = /** @type {any} */ (reportOf(tree).game);
    expect(String(gameRating(game.players.w)?.elo)).toBe(g.headers.WhiteGameRating);
    expect(String(gameRating(game.players.b)?.elo)).toBe(g.headers.BlackGameRating);
    // a side with too few moves gets no tag
    const short = await analyse(['--depth', '3', '--report', '--quiet', '-'], '[Event "Short"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 *\n');
    expect(parsePgnGames(short.stdout)[0].headers.WhiteGameRating).toBeUndefined();
  }, 60000);

  test('--out is resumable: a second run skips what the file holds; an interrupted file is completed', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mainline-analyse-'));
    try {
      const out = path.join(dir, 'out.pgn');
      const first = await analyse(['--depth', '3', '--out', out, '-'], GAMES);
      expect(first.code).toBe(0);
      expect(first.stdout).toBe(''); // the games went to the file
      const all = readFileSync(out, 'utf8');
      expect(parsePgnGames(all).map((g) => g.headers.Event)).toEqual(["Fool's mate", 'Opening', 'From a position']);
      const again = await analyse(['--depth', '3', '--out', out, '-'], GAMES);
      expect(again.code).toBe(0);
      expect(again.stderr).toMatch(/3 games already in .*out\.pgn, skipped/);
      expect(readFileSync(out, 'utf8')).toBe(all);
      // as if stopped after the first game: the rest is added, nothing twice
      writeFileSync(out, `${all.split(/\n\n(?=\[Event )/)[0]}\n`);
      const resumed = await analyse(['--depth', '3', '--out', out, '-'], GAMES);
      expect(resumed.stderr).toMatch(/1 game already in .*, skipped/);
      expect(resumed.stderr).toMatch(/2 of 2 left of 3 games annotated/);
      expect(parsePgnGames(readFileSync(out, 'utf8')).map((g) => g.headers.Event)).toEqual(["Fool's mate", 'Opening', 'From a position']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60000);

  test('--shard I/N: two workers at once share the games, each game once (as Indexed Jobs would run it)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mainline-analyse-'));
    try {
      const input = path.join(dir, 'games.pgn');
      writeFileSync(input, GAMES);
      const outs = [0, 1].map((i) => path.join(dir, `part-${i}.pgn`));
      const runs = await Promise.all([0, 1].map((i) => analyse(['--depth', '3', '--quiet', '--shard', `${i}/2`, '--out', outs[i], input], '')));
      expect(runs.map((r) => r.code)).toEqual([0, 0]);
      const events = outs.map((f) => parsePgnGames(readFileSync(f, 'utf8')).map((g) => g.headers.Event));
      expect(events).toEqual([["Fool's mate", 'From a position'], ['Opening']]);
      const bad = await analyse(['--shard', '2/2', input], '');
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/--shard needs I\/N with 0 <= I < N, not "2\/2"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60000);

  test('files, --eval-only, --variations, --jobs 2 (same order); a bad game is left out with exit status 1', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mainline-analyse-'));
    const file = path.join(dir, 'games.pgn');
    writeFileSync(file, `${GAMES}\n[Event "Broken"]\n\n1. e4 e5 2. Ke3 *\n`);
    const { code, stdout, stderr } = await analyse(['--depth', '3', '--jobs', '2', '--eval-only', '--variations', '--quiet', file], '').finally(() => rmSync(dir, { recursive: true, force: true }));
    expect(code).toBe(1);
    expect(stderr).toMatch(/game 4\/4: illegal move Ke3.*\(left out\)/);
    const games = parsePgnGames(stdout);
    expect(games.map((g) => g.headers.Event)).toEqual(["Fool's mate", 'Opening', 'From a position']);
    expect(stdout).not.toContain('[%mlpv');
    expect(stdout).toContain('[%eval');
    // with --variations, each ?, ?? gets the engine's line as a variation (lichess style)
    const fool = mainLine(games[0]);
    expect(fool[2].children.length).toBe(2); // 2. g4 and the engine's alternative
    // options are checked
    const wrong = await run(process.execPath, [BIN, '--depth', '0']).then(() => null, (e) => e);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/--depth needs a whole number from 1 to 64/);
    const help = await run(process.execPath, [BIN, '--help']);
    expect(help.stdout).toMatch(/^usage: mainline-analyse/);
  }, 60000);
  test('Chess960: a game with both castlings (king onto its rook) annotated and reported; tags, O-O and O-O-O kept; the lines legal from its FEN', async () => {
    // white's king on g1 castles short with the rook on h1 (the king stays, the rook goes to
    // f1); black's on g8 castles long with the rook on f8 (king to c8, rook to d8)
    const fen = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9';
    const pgn = `[Event "Chess960"]\n[Variant "Chess960"]\n[SetUp "1"]\n[FEN "${fen}"]\n[Result "*"]\n\n9. e3 d5 10. Qc1 Nd6 11. Nf3 b5 12. Ne5 h5 13. b3 Nf5 14. Bf3 c4 15. a4 bxa4 16. bxc4 Bb6 17. Re1 O-O-O 18. O-O Qc7 19. Nc3 Ng4 *\n`;
    const { code, stdout, stderr } = await analyse(['--depth', '5', '--report', '--quiet', '-'], pgn);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const [game] = parsePgnGames(stdout);
    // the FEN as the engine writes it: X-FEN's KQkq where that names the rooks (it does here)
    expect(game.headers).toMatchObject({ Variant: 'Chess960', SetUp: '1', FEN: fen.replace('HFhf', 'KQkq') });
    const line = mainLine(game).slice(1);
    expect(line.map((n) => n.san)).toContain('O-O-O');
    expect(line.map((n) => n.san)).toContain('O-O');
    expect(line).toHaveLength(22);
    // every position's line is legal from its position (castling as the king taking its rook)
    const { createEngine } = await import('../../web/src/node.js');
    const engine = await createEngine();
    try {
      const played = (await engine.convertMoves(fen, line.map((n) => n.san))).uci;
      expect(played).toContain('g1h1'); // O-O: the king onto the h1 rook
      expect(played).toContain('g8f8'); // O-O-O: the king onto the f8 rook
      for (const [i, n] of mainLine(game).slice(0, -1).entries()) {
        const c = readComment([n.before, n.comment].filter(Boolean).join(' '));
        expect(c.eval, `position ${i}`).toBeTruthy();
        const pv = /\[%mlpv \d+ \S+ ([^\]]*)\]/.exec(c.commands ?? '')?.[1]?.trim().split(/\s+/) ?? [];
        await engine.convertMoves({ fen, moves: played.slice(0, i) }, pv); // throws if illegal
      }
    } finally {
      engine.terminate();
    }
    expect(stdout).toMatch(/Mainline report: White \d+% accuracy/);
  }, 60000);
});
