// lichess's and chess.com's game APIs played by a local server, as their public documentation
// describes them, so that no test reaches the internet:
//   lichess   GET /api/games/user/{username}  https://lichess.org/api#tag/Games/operation/apiGamesUser
//             newest first; ndjson (Accept: application/x-ndjson), streamed, or PGN otherwise;
//             max, since/until (ms, on createdAt), perfType (comma-separated), rated, color,
//             pgnInJson, clocks, evals, opening; 404 for no such user; 429 when asked too fast.
//   chess.com GET /pub/player/{username}/games/archives  {"archives": [month URLs, oldest first]}
//             GET /pub/player/{username}/games/YYYY/MM    {"games": [...]} oldest first, with an
//             ETag; If-None-Match with it: 304 and no body; 404 {"code":0,"message":...};
//             429 when two requests overlap (chess.com: "parallel requests may be rate limited").
// Its users: `alice` (a game a day for 60 days, both sites, every time class, rated and casual,
// both colours, clocks, some with the site's evaluations, one Chess960 game), `ratelimited`
// (lichess: the first request 429), `broken` (a line of lichess's stream that is not JSON),
// `nobody` (no games), `bigmonth` (chess.com: one month of 2,000 games), `club` (lichess: 50 whole
// games of club strength, 40 to 100 moves, fixtures/club-games.pgn: what a review of a real
// user's games costs). Anyone else: 404.
// Everything it was asked is in `requests`; `mostInFlight` is the most requests at once.
import http from 'node:http';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mainLine, parsePgnGames } from '../../web/src/annotate.js';

/** Legal games (checked by the test against chess.js), as SAN, with how they ended. */
export const MOVES = [
  { san: 'e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#', result: '1-0' },
  { san: 'f3 e5 g4 Qh4#', result: '0-1' },
  { san: 'e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+ Bd2 Bxd2+ Nbxd2 d5 exd5 Nxd5 Qb3 Nce7 O-O O-O Rfe1 c6', result: '1/2-1/2' },
  { san: 'd4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 h6 Bh4 b6 cxd5 Nxd5 Bxe7 Qxe7 Nxd5 exd5 Rc1 Be6', result: '0-1' },
  { san: 'e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O Nbd7 g4 b5', result: '1-0' },
  { san: 'e4 e5 Nf3 d6 Bc4 Bg4 Nc3 g6 Nxe5 Bxd1 Bxf7+ Ke7 Nd5#', result: '1-0' },
];
export const CHESS960_FEN = 'nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1';
const DAY = 86400000;
/** alice's first game; one a day after it, the newest `DAYS - 1` days later. */
export const FIRST_GAME = Date.UTC(2026, 8, 1, 12);
export const DAYS = 60;
const LICHESS_SPEEDS = ['bullet', 'blitz', 'rapid', 'classical', 'correspondence'];
const CLOCKS = { bullet: [60, 0], blitz: [180, 2], rapid: [600, 5], classical: [1800, 20], correspondence: null, daily: null };
const CHESSCOM_CLASSES = ['bullet', 'blitz', 'rapid', 'daily'];

const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
const clk = (/** @type {number} */ s) => `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
const day = (/** @type {number} */ t) => new Date(t).toISOString().slice(0, 10).replace(/-/g, '.');

/** A PGN with clocks (when timed) and evaluations (`evals`), as the sites write them. */
function pgn(/** @type {Record<string, string>} */ tags, /** @type {string[]} */ san, /** @type {string} */ result, /** @type {number[]|null} */ clock, evals = false) {
  let left = clock ? [clock[0], clock[0]] : null;
  const moves = san.map((m, i) => {
    const num = i % 2 === 0 ? `${i / 2 + 1}. ` : '';
    const comments = [];
    if (evals) comments.push(`[%eval ${(((i % 5) - 2) * 0.17).toFixed(2)}]`);
    if (left && clock) {
      left[i % 2] = Math.max(1, left[i % 2] - 3 - (i % 7) + clock[1]);
      comments.push(`[%clk ${clk(left[i % 2])}]`);
    }
    return `${num}${m}${comments.length ? ` { ${comments.join(' ')} }` : ''}`;
  });
  const head = Object.entries({ ...tags, Result: result }).map(([k, v]) => `[${k} "${v}"]`).join('\n');
  return `${head}\n\n${moves.join(' ')} ${result}\n`;
}

/** club's 50 games (fixtures/club-games.pgn, Stockfish at 1500 and 1700 Elo): a game a day, club playing both colours. */
function clubGames() {
  const games = parsePgnGames(readFileSync(new URL('./fixtures/club-games.pgn', import.meta.url), 'utf8'));
  return games.map((g, d) => {
    const san = mainLine(g).map((n) => n.san);
    const result = g.headers.Result;
    const createdAt = FIRST_GAME + d * DAY;
    const id = `cl${String(d).padStart(6, '0')}`;
    const [w, b] = d % 2 === 0 ? ['club', `member${d}`] : [`member${d}`, 'club'];
    const tags = { Event: 'Rated blitz game', Site: `https://lichess.org/${id}`, Date: day(createdAt), White: w, Black: b, WhiteElo: '1500', BlackElo: '1700', TimeControl: '300+3', Variant: 'Standard' };
    return {
      id, rated: true, variant: 'standard', speed: 'blitz', perf: 'blitz', createdAt, lastMoveAt: createdAt + 900000,
      status: result === '1/2-1/2' ? 'draw' : 'mate',
      players: { white: { user: { name: w, id: w }, rating: 1500 }, black: { user: { name: b, id: b }, rating: 1700 } },
      ...(result === '1-0' ? { winner: 'white' } : result === '0-1' ? { winner: 'black' } : {}),
      moves: san.join(' '),
      clock: { initial: 300, increment: 3, totalTime: 420 },
      pgn: pgn(tags, san, result, [300, 3]),
    };
  }).reverse();
}

/** alice's lichess games, newest first (the order the API streams them in). */
function lichessGames(/** @type {string} */ user) {
  if (user === 'club') return clubGames();
  if (user !== 'alice' && user !== 'ratelimited' && user !== 'broken') return [];
  const games = [];
  for (let d = 0; d < DAYS; d++) {
    const g = MOVES[d % MOVES.length];
    const speed = LICHESS_SPEEDS[d % LICHESS_SPEEDS.length];
    const white = d % 2 === 0;
    const chess960 = d === 7;
    const createdAt = FIRST_GAME + d * DAY;
    const id = `li${String(d).padStart(6, '0')}`;
    const clock = CLOCKS[/** @type {keyof typeof CLOCKS} */ (speed)];
    const [w, b] = white ? [user, `opponent${d}`] : [`opponent${d}`, user];
    const tags = { Event: `${d % 3 ? 'Rated' : 'Casual'} ${speed} game`, Site: `https://lichess.org/${id}`, Date: day(createdAt), White: w, Black: b, WhiteElo: String(1500 + d), BlackElo: String(1600 - d), TimeControl: clock ? `${clock[0]}+${clock[1]}` : '-', ...(chess960 ? { Variant: 'Chess960', FEN: CHESS960_FEN, SetUp: '1' } : { Variant: 'Standard' }) };
    const san = chess960 ? ['e4', 'e5', 'd4', 'd5'] : g.san.split(' ');
    games.push({
      id,
      rated: d % 3 !== 0,
      variant: chess960 ? 'chess960' : 'standard',
      speed,
      perf: speed,
      createdAt,
      lastMoveAt: createdAt + 600000,
      status: g.result === '1/2-1/2' ? 'draw' : 'mate',
      players: { white: { user: { name: w, id: w.toLowerCase() }, rating: 1500 + d }, black: { user: { name: b, id: b.toLowerCase() }, rating: 1600 - d } },
      ...(g.result === '1-0' ? { winner: 'white' } : g.result === '0-1' ? { winner: 'black' } : {}),
      opening: { eco: 'C50', name: 'Italian Game', ply: 5 },
      moves: san.join(' '),
      clock: clock ? { initial: clock[0], increment: clock[1], totalTime: clock[0] + 40 * clock[1] } : undefined,
      pgn: pgn(tags, san, g.result, clock, d % 4 === 0),
    });
  }
  return games.reverse();
}

/** chess.com's monthly archives of `user`: { 'YYYY/MM': games oldest first }. */
function chesscomArchives(/** @type {string} */ user, /** @type {string} */ base) {
  /** @type {Record<string, any[]>} */
  const months = {};
  const add = (/** @type {number} */ t, /** @type {any} */ g) => {
    const d = new Date(t);
    (months[`${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}`] ??= []).push(g);
  };
  const game = (/** @type {number} */ d, /** @type {number} */ t, /** @type {number} */ n) => {
    const g = MOVES[d % MOVES.length];
    const tc = CHESSCOM_CLASSES[d % CHESSCOM_CLASSES.length];
    const white = d % 2 === 1;
    const chess960 = d === 11;
    const clock = CLOCKS[/** @type {keyof typeof CLOCKS} */ (tc)];
    const [w, b] = white ? [user, `rival${d}`] : [`rival${d}`, user];
    const url = `https://www.chess.com/game/${tc === 'daily' ? 'daily' : 'live'}/${100000 + n}`;
    const san = chess960 ? ['e4', 'e5', 'd4', 'd5'] : g.san.split(' ');
    const tags = { Event: 'Live Chess', Site: 'Chess.com', Date: day(t), White: w, Black: b, WhiteElo: String(1200 + d), BlackElo: String(1300 - (d % 100)), TimeControl: clock ? `${clock[0]}+${clock[1]}` : '1/86400', Link: url, ...(chess960 ? { Variant: 'Chess960', SetUp: '1', FEN: CHESS960_FEN } : {}) };
    return {
      url,
      pgn: pgn(tags, san, g.result, clock),
      time_control: clock ? (clock[1] ? `${clock[0]}+${clock[1]}` : String(clock[0])) : '1/86400',
      end_time: Math.floor(t / 1000),
      rated: d % 3 !== 0,
      uuid: `uuid-${n}`,
      time_class: tc,
      rules: chess960 ? 'chess960' : 'chess',
      white: { rating: 1200 + d, result: g.result === '1-0' ? 'win' : g.result === '0-1' ? 'checkmated' : 'agreed', username: w },
      black: { rating: 1300 - (d % 100), result: g.result === '0-1' ? 'win' : g.result === '1-0' ? 'checkmated' : 'agreed', username: b },
    };
  };
  if (user === 'alice') for (let d = 0; d < DAYS; d++) add(FIRST_GAME + d * DAY, game(d, FIRST_GAME + d * DAY, d));
  if (user === 'bigmonth') for (let n = 0; n < 2000; n++) add(FIRST_GAME + n * 600000, game(n % 50, FIRST_GAME + n * 600000, n));
  return { months, list: Object.keys(months).sort().map((m) => `${base}/pub/player/${user}/games/${m}`) };
}

/**
 * Starts the server on a free port of 127.0.0.1.
 * @param {{ lineDelayMs?: number }} [o] lichess's stream: a pause before each line (a slow stream)
 */
export async function startFakeSites({ lineDelayMs = 2 } = {}) {
  /** @type {{ method: string, url: string, accept: string, ifNoneMatch: string }[]} */
  const requests = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const limited = new Set();
  /** games added later to alice's (a second import finds them): lichess games, chess.com games */
  const extra = { lichess: /** @type {any[]} */ ([]), chesscom: /** @type {any[]} */ ([]) };
  const server = http.createServer(async (req, res) => {
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    res.on('close', () => inFlight--);
    // as both sites answer their public APIs: readable from any page
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', 'ETag');
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ method: req.method ?? 'GET', url: url.pathname + url.search, accept: String(req.headers.accept ?? ''), ifNoneMatch: String(req.headers['if-none-match'] ?? '') });
    const json = (/** @type {number} */ status, /** @type {any} */ body, /** @type {Record<string, string>} */ headers = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    let m;
    if ((m = /^\/api\/games\/user\/([^/]+)$/.exec(url.pathname))) {
      const user = decodeURIComponent(m[1]);
      if (user === 'ratelimited' && !limited.has(user)) {
        limited.add(user);
        res.writeHead(429, { 'Content-Type': 'text/plain' });
        return res.end('Too many requests. Try again later.');
      }
      if (!['alice', 'ratelimited', 'broken', 'nobody', 'club'].includes(user)) return json(404, { error: 'Not found' });
      const q = url.searchParams;
      let games = [...(user === 'alice' ? extra.lichess : []), ...lichessGames(user)];
      if (q.has('since')) games = games.filter((g) => g.createdAt >= Number(q.get('since')));
      if (q.has('until')) games = games.filter((g) => g.createdAt <= Number(q.get('until')));
      if (q.has('perfType')) games = games.filter((g) => String(q.get('perfType')).split(',').includes(g.perf));
      if (q.has('rated')) games = games.filter((g) => g.rated === (q.get('rated') === 'true'));
      if (q.has('color')) games = games.filter((g) => g.players[String(q.get('color'))].user.id === user.toLowerCase());
      if (q.has('max')) games = games.slice(0, Number(q.get('max')));
      const ndjson = String(req.headers.accept).includes('application/x-ndjson');
      res.writeHead(200, { 'Content-Type': ndjson ? 'application/x-ndjson' : 'application/x-chess-pgn' });
      for (const [i, g] of games.entries()) {
        if (res.destroyed) return;
        await new Promise((r) => setTimeout(r, lineDelayMs));
        if (user === 'broken' && i === 3) res.write('{"id": "truncated", "pgn": \n');
        if (!ndjson) res.write(`${g.pgn}\n\n`);
        else {
          const { pgn: text, ...rest } = g;
          res.write(`${JSON.stringify(q.get('pgnInJson') === 'true' ? g : rest)}\n`);
        }
      }
      return res.end();
    }
    const base = `http://${req.headers.host}`;
    if ((m = /^\/pub\/player\/([^/]+)\/games\/archives$/.exec(url.pathname))) {
      const user = decodeURIComponent(m[1]).toLowerCase();
      if (inFlight > 1) return json(429, { code: 0, message: 'Too many requests' });
      if (!['alice', 'nobody', 'bigmonth'].includes(user)) return json(404, { code: 0, message: `User "${user}" not found.` });
      const extraMonths = user === 'alice' ? extra.chesscom.map((g) => new Date(g.end_time * 1000).toISOString().slice(0, 7).replace('-', '/')) : [];
      const list = [...new Set([...chesscomArchives(user, base).list, ...extraMonths.map((m) => `${base}/pub/player/${user}/games/${m}`)])].sort();
      return json(200, { archives: list });
    }
    if ((m = /^\/pub\/player\/([^/]+)\/games\/(\d{4})\/(\d{2})$/.exec(url.pathname))) {
      const user = decodeURIComponent(m[1]).toLowerCase();
      if (inFlight > 1) return json(429, { code: 0, message: 'Too many requests' });
      const { months } = chesscomArchives(user, base);
      const key = `${m[2]}/${m[3]}`;
      const games = [...(months[key] ?? []), ...(user === 'alice' ? extra.chesscom.filter((g) => new Date(g.end_time * 1000).toISOString().slice(0, 7) === `${m[2]}-${m[3]}`) : [])];
      if (!games.length) return json(404, { code: 0, message: 'Date cannot be set in the future' });
      const body = JSON.stringify({ games });
      const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, { ETag: etag });
        return res.end();
      }
      res.writeHead(200, { 'Content-Type': 'application/json', ETag: etag });
      return res.end(body);
    }
    json(404, { error: 'Not found' });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const port = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    requests,
    get mostInFlight() {
      return mostInFlight;
    },
    /** A new game of alice's, `at` ms since 1970, on `site` (a later import finds it). */
    addGame(/** @type {'lichess'|'chesscom'} */ site, /** @type {number} */ at) {
      const n = extra.lichess.length;
      const tags = { Event: 'Rated blitz game', Site: `https://lichess.org/new${n}`, Date: day(at), White: 'alice', Black: 'newcomer', TimeControl: '180+2' };
      if (site === 'lichess') extra.lichess.unshift({ id: `new${String(n).padStart(5, '0')}`, rated: true, variant: 'standard', speed: 'blitz', perf: 'blitz', createdAt: at, lastMoveAt: at, status: 'mate', players: { white: { user: { name: 'alice', id: 'alice' }, rating: 1600 }, black: { user: { name: 'newcomer', id: 'newcomer' }, rating: 1600 } }, winner: 'white', pgn: pgn(tags, MOVES[0].san.split(' '), '1-0', [180, 2]) });
      const link = `https://www.chess.com/game/live/${900000 + extra.chesscom.length}`;
      if (site === 'chesscom') extra.chesscom.push({ url: link, pgn: pgn({ ...tags, Site: 'Chess.com', Link: link }, MOVES[0].san.split(' '), '1-0', [180, 2]), time_control: '180+2', end_time: Math.floor(at / 1000), rated: true, time_class: 'blitz', rules: 'chess', white: { rating: 1600, result: 'win', username: 'alice' }, black: { rating: 1600, result: 'checkmated', username: 'newcomer' } });
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

// Run by itself (`node tests/js/fake-sites.mjs`), it serves until stopped and prints its address:
// point MAINLINE_LICHESS_API / MAINLINE_CHESSCOM_API (or the app's localStorage) at it, e.g. to
// time `mainline-analyse --import lichess:club --max 50 --report` without reaching lichess.
if (process.argv[1] && new URL(import.meta.url).pathname === (await import('node:path')).resolve(process.argv[1])) {
  const sites = await startFakeSites();
  console.log(sites.url);
}
