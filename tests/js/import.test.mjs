// Importing a user's games from lichess and chess.com (web/src/import.js), against the local
// server that speaks both APIs as their documentation describes (fake-sites.mjs): the stream,
// filters, a second import finding only the new games, 429, 404, 304, a line that is not JSON, a
// very large month, a Chess960 game, a user without games, no network, a cancel; never two
// requests at once.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Chess } from 'chess.js';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importGames, ImportError } from '../../web/src/import.js';
import { parsePgnGames, readComment, mainLine } from '../../web/src/annotate.js';
import { startFakeSites, MOVES, FIRST_GAME, DAYS } from './fake-sites.mjs';

const DAY = 86400000;
let sites;
beforeAll(async () => {
  sites = await startFakeSites();
});
afterAll(async () => {
  await sites?.close();
});

/** Imports into an array; returns { games, summary } or { error }. */
async function run(o) {
  const games = [];
  try {
    const summary = await importGames({ apiBase: sites.url, rateLimitWaitMs: 200, ...o }, (g) => {
      games.push(g);
    });
    return { games, summary };
  } catch (e) {
    return { games, error: e };
  }
}

test("the fake sites' games are legal chess (chess.js)", () => {
  for (const m of MOVES) {
    const c = new Chess();
    for (const san of m.san.split(' ')) expect(() => c.move(san)).not.toThrow();
  }
});

describe('lichess', () => {
  test('the newest games first, read as an ndjson stream, with clocks, evaluations and the tags the library keeps', async () => {
    const before = sites.requests.length;
    const { games, summary, error } = await run({ site: 'lichess', username: 'alice', max: 10 });
    expect(error).toBeUndefined();
    expect(games).toHaveLength(10);
    expect(summary).toMatchObject({ games: 10, known: 0, more: true, malformed: 0, requests: 1 });
    const asked = sites.requests.slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0].accept).toBe('application/x-ndjson');
    const q = new URL(asked[0].url, 'http://x').searchParams;
    expect(Object.fromEntries(q)).toMatchObject({ clocks: 'true', evals: 'true', opening: 'true', pgnInJson: 'true', max: '11' });
    const times = games.map((g) => g.playedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0]).toBe(FIRST_GAME + (DAYS - 1) * DAY);
    const g = games[0];
    expect(g).toMatchObject({ site: 'lichess', url: `https://lichess.org/${g.id}`, variant: 'standard' });
    expect([g.white, g.black]).toContain('alice');
    expect(typeof g.whiteElo).toBe('number');
    // every game reads as PGN; the timed ones carry [%clk], some the site's [%eval]
    let clocks = 0, evals = 0;
    for (const x of games) {
      const [p] = parsePgnGames(x.pgn);
      expect(p.headers.Result).toBe(x.result);
      const comments = mainLine(p).map((n) => readComment(n.comment ?? ''));
      if (comments.some((c) => c.commands.includes('[%clk '))) clocks++;
      if (comments.some((c) => c.eval)) evals++;
    }
    expect(clocks).toBeGreaterThan(5);
    expect(evals).toBeGreaterThan(0);
  });

  test('all of them: the Chess960 game skipped, counted and named', async () => {
    const { games, summary } = await run({ site: 'lichess', username: 'alice' });
    expect(games).toHaveLength(DAYS - 1);
    expect(summary).toMatchObject({ skippedVariants: { chess960: 1 }, more: false });
    expect(new Set(games.map((g) => g.id)).size).toBe(DAYS - 1);
  });

  test('a second import adds only the newer games; a game the library holds is never handed again', async () => {
    const library = new Map();
    const first = await run({ site: 'lichess', username: 'alice', max: 20 });
    for (const g of first.games) library.set(g.id, g);
    const newest = Math.max(...first.games.map((g) => g.playedAt));
    const again = await run({ site: 'lichess', username: 'alice', since: newest, known: (id) => library.has(id) });
    expect(again.games).toHaveLength(0);
    expect(again.summary.known).toBe(1); // (since is inclusive: the newest game again, known)
    sites.addGame('lichess', newest + DAY);
    const third = await run({ site: 'lichess', username: 'alice', since: newest, known: (id) => library.has(id) });
    expect(third.games.map((g) => g.white)).toEqual(['alice']);
    expect(third.games[0].playedAt).toBe(newest + DAY);
  });

  test('filters: time class, rated only, colour, a date range', async () => {
    const since = FIRST_GAME + 10 * DAY, until = FIRST_GAME + 40 * DAY;
    const before = sites.requests.length;
    const { games } = await run({ site: 'lichess', username: 'alice', timeClasses: ['blitz', 'daily'], rated: true, color: 'white', since, until });
    const q = new URL(sites.requests[before].url, 'http://x').searchParams;
    expect(Object.fromEntries(q)).toMatchObject({ perfType: 'blitz,correspondence', rated: 'true', color: 'white', since: String(since), until: String(until) });
    expect(games.length).toBeGreaterThan(0);
    for (const g of games) {
      expect(['blitz', 'daily']).toContain(g.timeClass);
      expect(g.rated).toBe(true);
      expect(g.white).toBe('alice');
      expect(g.playedAt).toBeGreaterThanOrEqual(since);
    }
  });

  test('HTTP 429: a wait said through onWait, then the same request again', async () => {
    const waits = [];
    const { games, summary, error } = await run({ site: 'lichess', username: 'ratelimited', max: 3, onWait: (w) => waits.push(w) });
    expect(error).toBeUndefined();
    expect(waits).toHaveLength(1);
    expect(waits[0]).toMatchObject({ site: 'lichess.org', ms: 200 });
    expect(summary.requests).toBe(2);
    expect(games).toHaveLength(3);
  });

  test('no such user; a user without games; a line that is not JSON; a bad username', async () => {
    const none = await run({ site: 'lichess', username: 'zz-nobody-here' });
    expect(none.error).toBeInstanceOf(ImportError);
    expect(none.error).toMatchObject({ code: 'NO_USER', message: "lichess.org has no user 'zz-nobody-here'" });
    const empty = await run({ site: 'lichess', username: 'nobody' });
    expect(empty.summary).toMatchObject({ games: 0, more: false });
    const broken = await run({ site: 'lichess', username: 'broken' });
    expect(broken.summary.malformed).toBe(1);
    expect(broken.games).toHaveLength(DAYS - 1);
    const bad = await run({ site: 'lichess', username: 'al ice/../x' });
    expect(bad.error).toMatchObject({ code: 'INPUT', message: expect.stringMatching(/^'al ice\/\.\.\/x' is not a lichess\.org username/) });
    const badClass = await run({ site: 'lichess', username: 'alice', timeClasses: ['hyperbullet'] });
    expect(badClass.error).toMatchObject({ code: 'INPUT', message: expect.stringMatching(/unknown time class 'hyperbullet'/) });
  });

  test('no network: the import says it needs it; a cancel during a wait ends it', async () => {
    const off = await run({ site: 'lichess', username: 'alice', apiBase: 'http://127.0.0.1:9' });
    expect(off.error).toMatchObject({ code: 'NETWORK', message: expect.stringMatching(/could not reach lichess\.org .*importing needs the network/) });
    const ac = new AbortController();
    const cancelled = await run({ site: 'lichess', username: 'ratelimited-again', rateLimitWaitMs: 60000, signal: ac.signal, fetch: async () => new Response('slow down', { status: 429 }), onWait: () => setTimeout(() => ac.abort(), 50) });
    expect(cancelled.error).toMatchObject({ code: 'ABORTED' });
  });
});

describe('chess.com', () => {
  test('the monthly archives newest first, one request at a time; a second import with the ETags reads nothing again', async () => {
    const etags = {};
    const before = sites.requests.length;
    const first = await run({ site: 'chesscom', username: 'Alice', etags });
    expect(first.error).toBeUndefined();
    expect(first.games).toHaveLength(DAYS - 1);
    expect(first.summary.skippedVariants).toEqual({ chess960: 1 });
    const asked = sites.requests.slice(before).map((r) => r.url);
    expect(asked[0]).toBe('/pub/player/alice/games/archives');
    expect(asked.slice(1)).toEqual(['/pub/player/alice/games/2026/10', '/pub/player/alice/games/2026/09']);
    const times = first.games.map((g) => g.playedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const g = first.games[0];
    expect(g).toMatchObject({ site: 'chesscom', url: expect.stringMatching(/^https:\/\/www\.chess\.com\/game\/(live|daily)\/\d+$/), id: expect.stringMatching(/^(live|daily)\/\d+$/) });
    // the month with the Chess960 game is not skipped next time; the other is
    expect(Object.keys(etags)).toHaveLength(1);
    const library = new Set(first.games.map((x) => x.id));
    const second = await run({ site: 'chesscom', username: 'alice', etags, known: (id) => library.has(id) });
    expect(second.games).toHaveLength(0);
    expect(second.summary.notModified).toBe(1);
    const withEtag = sites.requests.filter((r) => r.ifNoneMatch);
    expect(withEtag.length).toBeGreaterThan(0);
    // a new game: its month read again, the game handed, nothing else
    const newest = Math.max(...first.games.map((x) => x.playedAt));
    sites.addGame('chesscom', newest + 3600000);
    const third = await run({ site: 'chesscom', username: 'alice', etags, since: newest, known: (id) => library.has(id) });
    expect(third.games.map((x) => x.black)).toEqual(['newcomer']);
    expect(sites.mostInFlight).toBe(1);
  });

  test('a month of 2,000 games; max; filters on our side', async () => {
    const t = performance.now();
    const all = await run({ site: 'chesscom', username: 'bigmonth' });
    const ms = performance.now() - t;
    expect(all.games.length + (all.summary.skippedVariants.chess960 ?? 0)).toBe(2000);
    console.log(`chess.com, a month of 2,000 games: ${ms.toFixed(0)} ms`);
    const some = await run({ site: 'chesscom', username: 'bigmonth', max: 50 });
    expect(some.games).toHaveLength(50);
    expect(some.summary.more).toBe(true);
    const daily = await run({ site: 'chesscom', username: 'alice', timeClasses: ['daily'], color: 'white' });
    expect(daily.games.length).toBeGreaterThan(0);
    for (const g of daily.games) {
      expect(g.timeClass).toBe('daily');
      expect(g.white).toBe('alice');
    }
    expect(daily.summary.filtered).toBeGreaterThan(0);
  });

  test('no such user: 404 said by name', async () => {
    const r = await run({ site: 'chesscom', username: 'nobody-at-all' });
    expect(r.error).toMatchObject({ code: 'NO_USER', message: "chess.com has no user 'nobody-at-all'" });
  });
});

describe('mainline-analyse --import', () => {
  const BIN = fileURLToPath(new URL('../../web/bin/mainline-analyse.js', import.meta.url));
  /** Runs the CLI against the fake sites; resolves { code, stdout, stderr }. */
  const cli = (/** @type {string[]} */ args) =>
    new Promise((resolve) => {
      execFile(process.execPath, [BIN, ...args], { env: { ...process.env, MAINLINE_LICHESS_API: sites.url, MAINLINE_CHESSCOM_API: sites.url }, timeout: 120000 }, (e, stdout, stderr) => resolve({ code: e ? e.code : 0, stdout, stderr }));
    });
  let dir;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mainline-import-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('the games to --out as the site sent them; a second run adds none; a newer game only', async () => {
    const out = path.join(dir, 'alice.pgn');
    const first = await cli(['--import', 'chesscom:alice', '--max', '12', '--out', out]);
    expect(first.stderr).toMatch(/chess\.com: 12 new games of alice added to .*alice\.pgn \(more are there \(--max 12\)\)/);
    expect(first.code).toBe(0);
    const games = parsePgnGames(readFileSync(out, 'utf8'));
    expect(games).toHaveLength(12);
    for (const g of games) expect(g.headers.Link).toMatch(/^https:\/\/www\.chess\.com\/game\//);
    const again = await cli(['--import', 'chesscom:alice', '--out', out]);
    expect(again.stderr).toMatch(/chess\.com: 0 new games of alice added to .*\(\d+ already in /);
    expect(parsePgnGames(readFileSync(out, 'utf8'))).toHaveLength(12);
    const newest = Math.max(...games.map((g) => Date.parse(g.headers.Date.replace(/\./g, '-'))));
    sites.addGame('chesscom', newest + 2 * DAY);
    const third = await cli(['--import', 'chesscom:alice', '--out', out]);
    expect(third.stderr).toMatch(/chess\.com: 1 new game of alice added/);
    expect(parsePgnGames(readFileSync(out, 'utf8'))).toHaveLength(13);
  });

  test('with --report the imported games are reviewed; errors named: no such user, bad flags', async () => {
    const out = path.join(dir, 'reviewed.pgn');
    const r = await cli(['--import', 'lichess:alice', '--max', '2', '--time-class', 'bullet', '--report', '--depth', '4', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/lichess\.org: 2 new games of alice/);
    const games = parsePgnGames(readFileSync(out, 'utf8'));
    expect(games).toHaveLength(2);
    for (const g of games) {
      expect(g.headers.Site).toMatch(/^https:\/\/lichess\.org\/li\d{6}$/);
      expect(g.headers.Annotator).toMatch(/Mainline/);
      expect(g.headers.WhiteAccuracy ?? g.text).toMatch(/\S/);
      expect(g.text).toMatch(/\[%eval /);
    }
    const missing = await cli(['--import', 'lichess:no-one-here', '--out', path.join(dir, 'x.pgn')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/lichess\.org has no user 'no-one-here'/);
    const noOut = await cli(['--import', 'lichess:alice']);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toMatch(/--import needs --out/);
    const badSite = await cli(['--import', 'fics:alice', '--out', path.join(dir, 'y.pgn')]);
    expect(badSite.stderr).toMatch(/--import needs lichess:USER or chesscom:USER, not "fics:alice"/);
    const stray = await cli(['--max', '3', 'a.pgn']);
    expect(stray.stderr).toMatch(/--max goes with --import/);
  }, 120000);
});
