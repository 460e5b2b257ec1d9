// Matches end to end: PGN output parses back with chess.js, openings load, fault counts are
// reported, and one real short match Mainline vs Mainline through the CLI.
import { describe, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Chess } from 'chess.js';
import { runMatch } from '../../scripts/lib/runner.mjs';
import { resolveEngine, parseOption } from '../../scripts/lib/engines.mjs';
import { gameToPgn, pgnTimeControl, moveComment } from '../../scripts/lib/pgn.mjs';
import { loadOpenings, parseOpeningLine, orderOpenings } from '../../scripts/lib/openings.mjs';
import { STARTPOS } from '../../scripts/lib/game.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const FAKE = path.join(HERE, 'fixtures/fake-engine.mjs');
const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'mainline-match-'));
const fakeSpec = (args, name) => ({ spec: `fake ${args.join(' ')}`, cmd: process.execPath, args: [FAKE, ...args], name, options: [] });

/** Splits a multi-game PGN file into games and loads each with chess.js. */
function parsePgnFile(text) {
  const games = text.split(/\n(?=\[Event )/).map((s) => s.trim()).filter(Boolean);
  return games.map((g) => { const c = new Chess(); c.loadPgn(g); return c; });
}

describe('openings', () => {
  test('tests/data/openings.epd: >= 50 distinct valid positions, 4-10 plies in', () => {
    const o = loadOpenings(path.join(ROOT, 'tests/data/openings.epd'));
    expect(o.length).toBeGreaterThanOrEqual(50);
    expect(new Set(o.map((x) => x.fen.split(' ').slice(0, 4).join(' '))).size).toBe(o.length);
    for (const x of o) {
      const c = new Chess();
      for (const san of x.moves.replace(/\d+\./g, ' ').trim().split(/\s+/)) c.move(san);
      expect(c.fen()).toBe(x.fen);
      expect(c.history().length).toBeGreaterThanOrEqual(4);
      expect(c.history().length).toBeLessThanOrEqual(10);
      expect(x.id).toBeTruthy();
    }
  });
  test('FEN and EPD lines', () => {
    expect(parseOpeningLine('# comment')).toBe(null);
    expect(parseOpeningLine(STARTPOS).fen).toBe(STARTPOS);
    const e = parseOpeningLine('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - hmvc 0; fmvn 2; id "Open; Game"; c0 "1.e4 e5";');
    expect(e).toEqual({ fen: 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2', id: 'Open; Game', moves: '1.e4 e5' });
    expect(parseOpeningLine('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -').fen).toBe(STARTPOS);
    expect(() => parseOpeningLine('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1')).toThrow();
  });
  test('ordering is deterministic', () => {
    const o = [1, 2, 3, 4, 5].map((i) => ({ fen: String(i) }));
    expect(orderOpenings(o, { start: 2 }).map((x) => x.fen)).toEqual(['3', '4', '5', '1', '2']);
    expect(orderOpenings(o, { random: true, seed: 7 })).toEqual(orderOpenings(o, { random: true, seed: 7 }));
  });
});

describe('engines', () => {
  test('presets', () => {
    const sf = resolveEngine('stockfish:1500');
    expect(sf.cmd).toBe('/usr/games/stockfish');
    expect(sf.options).toEqual([['Threads', '1'], ['Hash', '16'], ['UCI_LimitStrength', 'true'], ['UCI_Elo', '1500']]);
    expect(() => resolveEngine('stockfish:1000')).toThrow(/1350/);
    expect(resolveEngine('mainline').cmd).toBe(path.join(ROOT, 'build/mainline'));
    expect(resolveEngine('mainline-wasm').args).toEqual([path.join(ROOT, 'build-wasm/mainline.js')]);
    expect(resolveEngine('glaurung').cmd).toBe('/usr/games/glaurung');
    expect(resolveEngine('toga2').cmd).toBe('/usr/games/toga2');
    expect(resolveEngine('node x.js --uci').args).toEqual(['x.js', '--uci']);
    expect(parseOption('Name With Spaces=a=b')).toEqual(['Name With Spaces', 'a=b']);
  });
});

describe('PGN', () => {
  test('tags, SAN, comments; parses back with chess.js', () => {
    const game = {
      result: '0-1', kind: 'checkmate', reason: 'Black mates', termination: 'normal', startFen: STARTPOS,
      whiteName: 'A', blackName: 'B',
      moves: [
        { uci: 'f2f3', san: 'f3', score: { type: 'cp', value: 12 }, depth: 5, timeMs: 250 },
        { uci: 'e7e5', san: 'e5', score: { type: 'cp', value: -3 }, depth: 6, timeMs: 1000 },
        { uci: 'g2g4', san: 'g4', score: null, depth: null, timeMs: 3 },
        { uci: 'd8h4', san: 'Qh4#', score: { type: 'mate', value: 1 }, depth: 1, timeMs: 12345 },
      ],
    };
    const pgn = gameToPgn(game, { event: 'T', site: 'here', date: new Date(2024, 0, 5), round: 3, timeControl: '10+0.1' });
    expect(pgn).toContain('[Date "2024.01.05"]');
    expect(pgn).toContain('[TimeControl "10+0.1"]');
    expect(pgn).toContain('[Termination "normal"]');
    expect(pgn).not.toContain('[FEN');
    expect(pgn.replace(/\s+/g, ' ')).toContain('1. f3 {+0.12/5 0.25s} 1... e5 {-0.03/6 1s} 2. g4 {0.003s} 2... Qh4# {+M1/1 12.35s, Black mates} 0-1');
    for (const line of pgn.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(pgn).toMatch(/, Black mates\} 0-1\n\n$/);
    expect(gameToPgn({ ...game, whiteName: 'A "q"' })).toContain('[White "A \\"q\\""]');   // PGN escaping
    const c = new Chess();
    c.loadPgn(pgn);
    expect(c.isCheckmate()).toBe(true);
    expect(c.getHeaders().Result).toBe('0-1');
    expect(moveComment({ score: null, timeMs: 0 })).toBe('0s');
  });
  test('FEN start with black to move', () => {
    const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
    const pgn = gameToPgn({
      result: '*', kind: 'aborted', reason: '', termination: 'unterminated', startFen: fen, whiteName: 'W', blackName: 'B',
      moves: [{ uci: 'e7e5', san: 'e5', score: null, timeMs: 1 }, { uci: 'g1f3', san: 'Nf3', score: null, timeMs: 1 }],
    }, { comments: false });
    expect(pgn).toContain('[SetUp "1"]');
    expect(pgn).toContain(`[FEN "${fen}"]`);
    expect(pgn).toContain('1... e5 2. Nf3 *');
    const c = new Chess();
    c.loadPgn(pgn);
    expect(c.history()).toEqual(['e5', 'Nf3']);
  });
  test('TimeControl values', () => {
    expect(pgnTimeControl({ baseMs: 10000, incMs: 100 })).toBe('10+0.1');
    expect(pgnTimeControl({ baseMs: 60000, incMs: 0 })).toBe('60');
    expect(pgnTimeControl({ nodes: 5 })).toBe('-');
  });
});

describe('runMatch with fake engines', () => {
  test('illegal moves and time losses are counted per engine; PGN parses back', async () => {
    const dir = tmp();
    const pgnFile = path.join(dir, 'games.pgn');
    const openings = loadOpenings(path.join(ROOT, 'tests/data/openings.epd')).slice(0, 2);
    const m = await runMatch({
      engines: [fakeSpec(['--illegal-after', '3'], 'Bad'), fakeSpec([], 'Good')],
      limits: { nodes: 1 }, games: 4, concurrency: 2, openings, pgnFile, log: () => {},
    });
    expect(m.summary).toMatchObject({ games: 4, wins: 0, draws: 0, losses: 4, completePairs: 2, penta: [2, 0, 0, 0, 0] });
    expect(m.tallies[0].illegal).toBe(4);
    expect(m.tallies[1].illegal).toBe(0);
    expect(m.terminations).toEqual({ illegal: 4 });
    const games = parsePgnFile(readFileSync(pgnFile, 'utf8'));
    expect(games).toHaveLength(4);
    for (const g of games) {
      const h = g.getHeaders();
      expect(h.Termination).toBe('rules infraction');
      expect(h.SetUp).toBe('1');
      expect([openings[0].fen, openings[1].fen]).toContain(h.FEN);
      expect(g.history().length).toBe(Number(h.PlyCount));
    }
    // colours alternate within a pair and the opening is shared
    const rounds = games.map((g) => g.getHeaders()).sort((a, b) => a.Round - b.Round);
    expect(rounds[0].White).toBe('Bad');
    expect(rounds[1].White).toBe('Good');
    expect(rounds[0].FEN).toBe(rounds[1].FEN);

    const t = await runMatch({
      engines: [fakeSpec([], 'Quick'), fakeSpec(['--delay', '1100'], 'Slow')],
      limits: { baseMs: 1000, incMs: 0 }, games: 2, concurrency: 1, openings: null, log: () => {},
    });
    expect(t.tallies[1].timeLosses).toBe(2);
    expect(t.tallies[0].timeLosses).toBe(0);
    expect(t.summary.wins).toBe(2);
  }, 30000);

  test('a crashed or hung engine is restarted for the next game', async () => {
    const m = await runMatch({
      engines: [fakeSpec([], 'Good'), fakeSpec(['--crash-after', '2'], 'Crashy')],
      limits: { nodes: 1 }, games: 4, concurrency: 2, openings: null, log: () => {},
    });
    expect(m.summary).toMatchObject({ games: 4, wins: 4 });
    expect(m.tallies[1].crashes).toBe(4);
    const h = await runMatch({
      engines: [fakeSpec(['--hang-after', '1'], 'Hangs'), fakeSpec([], 'Good')],
      limits: { nodes: 1, moveTimeoutMs: 200 }, games: 2, concurrency: 1, openings: null, log: () => {},
    });
    expect(h.summary.losses).toBe(2);
    expect(h.tallies[0].timeouts).toBe(2);
    expect(h.terminations).toEqual({ timeout: 2 });
  }, 30000);

  test('SPRT stops the match once a hypothesis is accepted', async () => {
    const m = await runMatch({
      engines: [fakeSpec([], 'Good'), fakeSpec(['--illegal-after', '0'], 'Bad')],
      limits: { nodes: 1 }, games: 200, concurrency: 1, openings: null, log: () => {},
      sprt: { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05, model: 'trinomial' },
    });
    expect(m.sprtDecision?.accepted).toBe('H1');
    expect(m.summary.games).toBeLessThan(200);
    expect(m.summary.sprt.llr).toBeGreaterThanOrEqual(m.summary.sprt.upper);
  }, 30000);
});

describe('real match', () => {
  const engine = path.join(ROOT, 'build/mainline');
  const have = existsSync(engine);
  if (!have) console.warn(`SKIP real match test: ${engine} is missing (run \`npm run build\`)`);
  test.skipIf(!have)('build/mainline vs itself, 2 games at --nodes 2000, via the CLI', async () => {
    const dir = tmp();
    const pgn = path.join(dir, 'm.pgn'), json = path.join(dir, 'm.json');
    const { stdout } = await promisify(execFile)(process.execPath, [
      path.join(ROOT, 'scripts/match.mjs'), '--engine1', 'mainline', '--engine2', 'mainline', '--nodes', '2000',
      '--games', '2', '--concurrency', '2', '--pgn', pgn, '--json', json,
    ], { cwd: ROOT, timeout: 60000 });
    expect(stdout).toMatch(/=== Result:/);
    const r = JSON.parse(readFileSync(json, 'utf8'));
    expect(r.summary.games).toBe(2);
    expect(r.summary.wins + r.summary.draws + r.summary.losses).toBe(2);
    expect(r.tallies.map((t) => t.illegal + t.crashes + t.timeouts + t.timeLosses)).toEqual([0, 0]);
    for (const g of r.games) expect(['checkmate', 'stalemate', 'repetition', 'fifty', 'insufficient']).toContain(g.kind);
    const games = parsePgnFile(readFileSync(pgn, 'utf8'));
    expect(games).toHaveLength(2);
    for (const g of games) expect(g.history().length).toBeGreaterThan(0);
  }, 60000);
});
