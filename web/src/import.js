// Games by username from lichess and chess.com, through their public APIs, for the board app and
// `mainline-analyse --import`. What the sites publish and this code keeps to:
//   lichess  GET /api/games/user/{username} (https://lichess.org/api#tag/Games): newest first, as
//            ndjson (Accept: application/x-ndjson) read as a stream; filters max, since/until
//            (ms, on the game's creation), perfType, rated, color; clocks, evals, opening and
//            pgnInJson ask for the PGN with [%clk] and the site's own [%eval]. One request at a
//            time; on HTTP 429 wait a full minute before the next (https://lichess.org/page/api-tips).
//   chess.com PubAPI (https://www.chess.com/news/view/published-data-api): /pub/player/{username}/
//            games/archives lists the monthly archives, each /pub/player/{username}/games/YYYY/MM
//            ({ games: [{ url, pgn, rules, time_class, rated, end_time, ... }] }). Serial requests
//            are never rate-limited, parallel ones may get 429: never parallel here. ETag and
//            If-None-Match: a month read before and unchanged answers 304 without a body.
// Nothing is sent anywhere else, and only when asked: each request goes to the site named (or to
// `apiBase`: a mirror, or the tests' local server).

/** The sites, by the names `importGames` takes. */
export const SITES = Object.freeze({
  lichess: Object.freeze({ name: 'lichess', title: 'lichess.org', api: 'https://lichess.org', web: 'https://lichess.org', user: /^[A-Za-z0-9][A-Za-z0-9_-]{0,29}$/ }),
  chesscom: Object.freeze({ name: 'chesscom', title: 'chess.com', api: 'https://api.chess.com', web: 'https://www.chess.com', user: /^[A-Za-z0-9][A-Za-z0-9_-]{0,29}$/ }),
});

/** How long to wait after HTTP 429 before asking again (lichess: "a full minute"). */
export const RATE_LIMIT_WAIT_MS = 60000;
/** 429s in a row for one request before the import gives up. */
const MAX_RATE_LIMITED = 3;

/** The time classes a filter may name, the same words for both sites. */
export const TIME_CLASSES = Object.freeze(['ultrabullet', 'bullet', 'blitz', 'rapid', 'classical', 'daily']);
const LICHESS_PERF = { ultrabullet: 'ultraBullet', bullet: 'bullet', blitz: 'blitz', rapid: 'rapid', classical: 'classical', daily: 'correspondence' };

/**
 * Why an import stopped: `NO_USER` (the site has no such user), `INPUT` (a bad username or
 * filter, named), `NETWORK` (the site could not be reached: offline, or the connection dropped),
 * `HTTP` (an answer the site's documentation does not give), `RATE_LIMITED` (still 429 after
 * waiting), `ABORTED` (cancelled). Games handed to `onGame` before it stay handed.
 */
export class ImportError extends Error {
  /** @param {'NO_USER'|'INPUT'|'NETWORK'|'HTTP'|'RATE_LIMITED'|'ABORTED'} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.name = 'ImportError';
    this.code = code;
  }
}

/**
 * @typedef {object} ImportedGame
 * @property {'lichess'|'chesscom'} site
 * @property {string} id the site's game id (lichess: 8 characters; chess.com: "live/123", "daily/45")
 * @property {string} url the game on the site
 * @property {string} pgn as the site wrote it (clocks, the site's evaluations where it sent them)
 * @property {string} white @property {string} black
 * @property {number|null} whiteElo @property {number|null} blackElo
 * @property {string} result "1-0", "0-1", "1/2-1/2" or "*"
 * @property {string} timeControl the PGN's TimeControl ("180+2", "1/86400", "-")
 * @property {string} timeClass one of TIME_CLASSES
 * @property {boolean} rated
 * @property {number} playedAt when the game started (lichess) or ended (chess.com), ms since 1970
 * @property {string} variant "standard", "chess960", "fromPosition", ...
 *
 * @typedef {object} ImportOptions
 * @property {'lichess'|'chesscom'} site
 * @property {string} username
 * @property {number} [max] at most this many new games
 * @property {number} [since] only games played at or after this time (ms since 1970)
 * @property {number} [until] only games played before this time
 * @property {string[]} [timeClasses] only these (TIME_CLASSES)
 * @property {boolean} [rated] only rated games
 * @property {'white'|'black'} [color] only games the user played with this colour
 * @property {(id: string) => boolean} [known] a game the library holds already: not handed again
 * @property {string[]} [variants] the variants to hand over (default ["standard", "fromPosition"]);
 *   the others are skipped and counted
 * @property {Record<string, string>} [etags] chess.com's ETag of each month read in full before,
 *   by its URL; updated as months are read (keep it for the next import)
 * @property {string} [apiBase] another host for the site's API (a mirror; the tests' server)
 * @property {Record<string, string>} [headers] sent with each request (Node: a User-Agent)
 * @property {typeof fetch} [fetch]
 * @property {AbortSignal} [signal]
 * @property {number} [rateLimitWaitMs] default RATE_LIMIT_WAIT_MS
 * @property {(wait: { site: string, ms: number, until: number }) => void} [onWait] a 429's wait begins
 * @property {(p: { requests: number, games: number, skipped: number }) => void} [onProgress]
 *
 * @typedef {object} ImportSummary
 * @property {number} games handed to onGame
 * @property {number} known already in the library (not handed)
 * @property {Record<string, number>} skippedVariants games of other variants, by variant
 * @property {number} filtered games the filters left out (chess.com filters on our side)
 * @property {number} malformed lines or games the site sent that could not be read
 * @property {number} requests
 * @property {number} notModified chess.com months unchanged since the last import (304)
 * @property {boolean} more whether `max` stopped the import before the site's games ran out
 */

/**
 * Imports a user's games, newest first, handing each new one to `onGame` as it arrives (an
 * awaited promise holds the next: a library saves each game before the next is read).
 * @param {ImportOptions} o
 * @param {(game: ImportedGame) => void|Promise<void>} onGame
 * @returns {Promise<ImportSummary>}
 */
export async function importGames(o, onGame) {
  const site = SITES[/** @type {'lichess'|'chesscom'} */ (o?.site)];
  if (!site) throw new ImportError('INPUT', `unknown site '${o?.site}' (known: ${Object.keys(SITES).join(', ')})`);
  const username = String(o.username ?? '').trim();
  if (!site.user.test(username)) throw new ImportError('INPUT', `'${username}' is not a ${site.title} username (letters, digits, _ and -, at most 30)`);
  if (o.max !== undefined && !(Number.isInteger(o.max) && o.max >= 1)) throw new ImportError('INPUT', `max must be a whole number of games, at least 1, not '${o.max}'`);
  for (const k of /** @type {const} */ (['since', 'until'])) {
    if (o[k] !== undefined && !Number.isFinite(o[k])) throw new ImportError('INPUT', `${k} must be a time in ms, not '${o[k]}'`);
  }
  for (const c of o.timeClasses ?? []) if (!TIME_CLASSES.includes(c)) throw new ImportError('INPUT', `unknown time class '${c}' (known: ${TIME_CLASSES.join(', ')})`);
  if (o.color !== undefined && o.color !== 'white' && o.color !== 'black') throw new ImportError('INPUT', `color must be white or black, not '${o.color}'`);
  /** @type {ImportSummary} */
  const summary = { games: 0, known: 0, skippedVariants: {}, filtered: 0, malformed: 0, requests: 0, notModified: 0, more: false };
  const ctx = { o, site, username, summary, onGame, base: (o.apiBase ?? site.api).replace(/\/+$/, ''), variants: o.variants ?? ['standard', 'fromPosition'] };
  if (site.name === 'lichess') await importLichess(ctx);
  else await importChesscom(ctx);
  return summary;
}

/**
 * @typedef {{ name: 'lichess'|'chesscom', title: string, api: string, web: string, user: RegExp }} SiteInfo
 * @typedef {{ o: ImportOptions, site: SiteInfo, username: string, summary: ImportSummary,
 *   onGame: (g: ImportedGame) => void|Promise<void>, base: string, variants: string[] }} Ctx
 */

/** Hands a game over unless known, of another variant or over `max`; false when max is reached. */
async function offer(/** @type {Ctx} */ ctx, /** @type {ImportedGame} */ game) {
  const { o, summary } = ctx;
  if (o.max !== undefined && summary.games >= o.max) {
    summary.more = true;
    return false;
  }
  if (o.known?.(game.id)) {
    summary.known++;
    return true;
  }
  if (!ctx.variants.includes(game.variant)) {
    summary.skippedVariants[game.variant] = (summary.skippedVariants[game.variant] ?? 0) + 1;
    return true;
  }
  await ctx.onGame(game);
  summary.games++;
  o.onProgress?.({ requests: summary.requests, games: summary.games, skipped: summary.known + summary.filtered + Object.values(summary.skippedVariants).reduce((a, b) => a + b, 0) });
  return true;
}

/** One request, waiting out 429s (`o.rateLimitWaitMs`, said through `onWait`); never two at once. */
async function request(/** @type {Ctx} */ ctx, /** @type {string} */ url, /** @type {Record<string, string>} */ headers) {
  const { o, site } = ctx;
  const doFetch = o.fetch ?? globalThis.fetch;
  for (let limited = 0; ; limited++) {
    if (o.signal?.aborted) throw new ImportError('ABORTED', 'the import was cancelled');
    ctx.summary.requests++;
    let res;
    try {
      res = await doFetch(url, { headers: { ...o.headers, ...headers }, signal: o.signal });
    } catch (e) {
      if (o.signal?.aborted) throw new ImportError('ABORTED', 'the import was cancelled');
      throw new ImportError('NETWORK', `could not reach ${site.title} (${/** @type {Error} */ (e).message}): importing needs the network`);
    }
    if (res.status !== 429) return res;
    await res.body?.cancel().catch(() => {});
    if (limited + 1 >= MAX_RATE_LIMITED) throw new ImportError('RATE_LIMITED', `${site.title} still asks to wait (HTTP 429) after ${MAX_RATE_LIMITED} waits of a minute: try again later`);
    const ms = o.rateLimitWaitMs ?? RATE_LIMIT_WAIT_MS;
    o.onWait?.({ site: site.title, ms, until: Date.now() + ms });
    await new Promise((resolve, reject) => {
      const timer = setTimeout(done, ms);
      function done() {
        o.signal?.removeEventListener('abort', aborted);
        resolve(undefined);
      }
      function aborted() {
        clearTimeout(timer);
        reject(new ImportError('ABORTED', 'the import was cancelled'));
      }
      o.signal?.addEventListener('abort', aborted, { once: true });
    });
  }
}

/** An answer the import cannot use, as an error naming the site and the status. */
async function httpError(/** @type {Ctx} */ ctx, /** @type {Response} */ res) {
  if (res.status === 404) return new ImportError('NO_USER', `${ctx.site.title} has no user '${ctx.username}'`);
  const text = (await res.text().catch(() => '')).slice(0, 200).trim();
  return new ImportError('HTTP', `${ctx.site.title} answered HTTP ${res.status}${text ? `: ${text}` : ''}`);
}

/** The lines of a streamed body, as they arrive. */
async function* lines(/** @type {Ctx} */ ctx, /** @type {Response} */ res) {
  if (!res.body) {
    yield* (await res.text()).split('\n');
    return;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      let chunk;
      try {
        chunk = await reader.read();
      } catch (e) {
        if (ctx.o.signal?.aborted) throw new ImportError('ABORTED', 'the import was cancelled');
        throw new ImportError('NETWORK', `the connection to ${ctx.site.title} dropped (${/** @type {Error} */ (e).message}); the games read before it are kept`);
      }
      if (chunk.done) break;
      buffered += decoder.decode(chunk.value, { stream: true });
      const parts = buffered.split('\n');
      buffered = /** @type {string} */ (parts.pop());
      yield* parts;
    }
    buffered += decoder.decode();
    if (buffered) yield buffered;
  } finally {
    reader.cancel().catch(() => {});
  }
}

/** A PGN's tag, or undefined. */
export function pgnTag(/** @type {string} */ pgn, /** @type {string} */ name) {
  const m = new RegExp(`^\\[${name} "((?:[^"\\\\]|\\\\.)*)"\\]`, 'm').exec(pgn);
  return m ? m[1].replace(/\\(.)/g, '$1') : undefined;
}

const elo = (/** @type {unknown} */ v) => (Number.isInteger(Number(v)) && v !== '' && v !== undefined && v !== null ? Number(v) : null);

async function importLichess(/** @type {Ctx} */ ctx) {
  const { o, username } = ctx;
  const q = new URLSearchParams({ clocks: 'true', evals: 'true', opening: 'true', pgnInJson: 'true', sort: 'dateDesc' });
  // one more than asked for: whether more games are there (summary.more)
  if (o.max !== undefined) q.set('max', String(o.max + 1));
  if (o.since !== undefined) q.set('since', String(Math.floor(o.since)));
  if (o.until !== undefined) q.set('until', String(Math.floor(o.until)));
  if (o.timeClasses?.length) q.set('perfType', o.timeClasses.map((c) => LICHESS_PERF[/** @type {keyof typeof LICHESS_PERF} */ (c)]).join(','));
  if (o.rated) q.set('rated', 'true');
  if (o.color) q.set('color', o.color);
  const res = await request(ctx, `${ctx.base}/api/games/user/${encodeURIComponent(username)}?${q}`, { Accept: 'application/x-ndjson' });
  if (!res.ok) throw await httpError(ctx, res);
  for await (const line of lines(ctx, res)) {
    if (!line.trim()) continue;
    const game = lichessGame(ctx, line);
    if (!game) {
      ctx.summary.malformed++;
      continue;
    }
    if (!(await offer(ctx, game))) break;
  }
}

/** One ndjson line as an ImportedGame, or null when it cannot be read. @returns {ImportedGame|null} */
function lichessGame(/** @type {Ctx} */ ctx, /** @type {string} */ line) {
  let g;
  try {
    g = JSON.parse(line);
  } catch {
    return null;
  }
  if (!g || typeof g.id !== 'string' || typeof g.pgn !== 'string' || !/^\s*\[/.test(g.pgn)) return null;
  const side = (/** @type {any} */ p) => p?.user?.name ?? (p?.aiLevel ? `lichess AI level ${p.aiLevel}` : 'Anonymous');
  const speed = String(g.speed ?? '').toLowerCase();
  return {
    site: 'lichess',
    id: g.id,
    url: `${ctx.site.web}/${g.id}`,
    pgn: g.pgn.trim(),
    white: side(g.players?.white),
    black: side(g.players?.black),
    whiteElo: elo(g.players?.white?.rating),
    blackElo: elo(g.players?.black?.rating),
    result: pgnTag(g.pgn, 'Result') ?? '*',
    timeControl: pgnTag(g.pgn, 'TimeControl') ?? '-',
    timeClass: speed === 'correspondence' ? 'daily' : TIME_CLASSES.includes(speed) ? speed : 'classical',
    rated: g.rated === true,
    playedAt: Number(g.createdAt) || 0,
    variant: String(g.variant ?? 'standard'),
  };
}

async function importChesscom(/** @type {Ctx} */ ctx) {
  const { o, username } = ctx;
  const list = await request(ctx, `${ctx.base}/pub/player/${encodeURIComponent(username.toLowerCase())}/games/archives`, { Accept: 'application/json' });
  if (!list.ok) throw await httpError(ctx, list);
  const archives = await jsonArray(list, 'archives');
  if (!archives) throw new ImportError('HTTP', `${ctx.site.title}'s list of monthly archives could not be read`);
  const etags = o.etags ?? {};
  // newest month first; a month ending before `since` has nothing to give
  const months = archives
    .map((u) => ({ u: String(u), m: /\/games\/(\d{4})\/(\d{2})\/?$/.exec(String(u)) }))
    .filter((x) => x.m)
    .map((x) => ({ url: `${ctx.base}/pub/player/${encodeURIComponent(username.toLowerCase())}/games/${x.m?.[1]}/${x.m?.[2]}`, start: Date.UTC(Number(x.m?.[1]), Number(x.m?.[2]) - 1, 1), end: Date.UTC(Number(x.m?.[1]), Number(x.m?.[2]), 1) }))
    .sort((a, b) => b.start - a.start);
  for (const month of months) {
    if (o.since !== undefined && month.end <= o.since) break;
    if (o.until !== undefined && month.start >= o.until) continue;
    const headers = /** @type {Record<string, string>} */ ({ Accept: 'application/json' });
    if (etags[month.url]) headers['If-None-Match'] = etags[month.url];
    const res = await request(ctx, month.url, headers);
    if (res.status === 304) {
      // read in full before and unchanged: every game of it was handed over then
      ctx.summary.notModified++;
      continue;
    }
    if (!res.ok) throw await httpError(ctx, res);
    const games = await jsonArray(res, 'games');
    if (!games) {
      ctx.summary.malformed++;
      continue;
    }
    let complete = true;
    // an archive lists its games oldest first
    for (const raw of [...games].sort((a, b) => (Number(b?.end_time) || 0) - (Number(a?.end_time) || 0))) {
      const game = chesscomGame(ctx, raw);
      if (!game) {
        ctx.summary.malformed++;
        continue;
      }
      const c = (raw.white?.username ?? '').toLowerCase() === username.toLowerCase() ? 'white' : 'black';
      const outside = (o.since !== undefined && game.playedAt < o.since) || (o.until !== undefined && game.playedAt >= o.until);
      const filtered = (o.rated && !game.rated) || (o.color && o.color !== c) || (o.timeClasses?.length && !o.timeClasses.includes(game.timeClass));
      if (outside || filtered) {
        // a game left out that the library does not hold: the month may not be skipped later
        if (!o.known?.(game.id)) complete = false;
        if (filtered && !outside) ctx.summary.filtered++;
        continue;
      }
      if (!(await offer(ctx, game))) return;
      if (!ctx.variants.includes(game.variant) && !o.known?.(game.id)) complete = false;
    }
    // every game of the month handed (or known): the next import may skip it while unchanged
    const tag = res.headers.get('ETag');
    if (complete && tag) etags[month.url] = tag;
    else delete etags[month.url];
  }
}

/** The array `key` of a JSON answer, or null when the body is not JSON or has none. */
async function jsonArray(/** @type {Response} */ res, /** @type {string} */ key) {
  try {
    const value = (await res.json())?.[key];
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** One game of a chess.com archive as an ImportedGame, or null when it cannot be read. @returns {ImportedGame|null} */
function chesscomGame(/** @type {Ctx} */ ctx, /** @type {any} */ g) {
  if (!g || typeof g.pgn !== 'string' || typeof g.url !== 'string') return null;
  const m = /\/game\/(live|daily)\/(\d+)/.exec(g.url) ?? /\/(live|daily)\/game\/(\d+)/.exec(g.url);
  const id = m ? `${m[1]}/${m[2]}` : (typeof g.uuid === 'string' ? g.uuid : null);
  if (!id) return null;
  const rules = String(g.rules ?? 'chess');
  const tc = String(g.time_class ?? '');
  return {
    site: 'chesscom',
    id,
    url: g.url,
    pgn: g.pgn.trim(),
    white: String(g.white?.username ?? pgnTag(g.pgn, 'White') ?? '?'),
    black: String(g.black?.username ?? pgnTag(g.pgn, 'Black') ?? '?'),
    whiteElo: elo(g.white?.rating),
    blackElo: elo(g.black?.rating),
    result: pgnTag(g.pgn, 'Result') ?? '*',
    timeControl: String(g.time_control ?? pgnTag(g.pgn, 'TimeControl') ?? '-'),
    timeClass: TIME_CLASSES.includes(tc) ? tc : 'classical',
    rated: g.rated === true,
    playedAt: (Number(g.end_time) || 0) * 1000,
    // chess.com's rules: chess, chess960, bughouse, kingofthehill, threecheck, crazyhouse
    variant: rules === 'chess' ? (pgnTag(g.pgn, 'SetUp') === '1' ? 'fromPosition' : 'standard') : rules,
  };
}
