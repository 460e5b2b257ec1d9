// Review on every core: the positions of one game or of many, searched by several engines at once,
// each evaluation handed over as soon as it is made. One code path for the board app's "Analyse
// game" and "Analyse library" and for `mainline-analyse --jobs`.
//
// How the work is shared. Consecutive positions of a game share most of their search trees, so an
// engine that searches them in order finds much of the next search in its hash table: an engine
// takes a whole game (the next one not begun), and its positions in order. When no game is left
// to begin, an idle engine takes the back half of the positions the busiest engine has still to
// search (a contiguous run again, so it too searches neighbours in order). A single game is so
// split between all the engines within their first searches, and the last games of a library do
// not leave engines idle while one works alone. An engine that moves on to another game clears
// its hash table first (newGame), as a search of that game from scratch would.
//
// A position whose evaluation is known (the end of the game, or one already deep enough) is not
// searched. A search stopped by something else than cancelling, or lost to a crashed engine (which
// restarts by itself with autoRestart), is run again, up to SEARCH_ATTEMPTS times; any other
// failure ends that game only (onError), and the engines go on with the others.

import { evalFromSearch, secondLine } from './annotate.js';

/** A search stopped by something else, or lost to a crashed engine, is run this many times at most. */
export const SEARCH_ATTEMPTS = 4;

/** A time left or taken in words: "42 s", "3 min 05 s", "1 h 07 min" (what the CLI and the app say). */
export function formatDuration(/** @type {number} */ ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min ${String(s % 60).padStart(2, '0')} s` : `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/**
 * @typedef {import('./annotate.js').Eval} Eval
 * @typedef {import('./client.js').Engine} Engine
 * @typedef {import('./client.js').IterationInfo} IterationInfo
 *
 * @typedef {object} ReviewPosition  one position of a game to evaluate
 * @property {string | { fen: string, moves: string[] }} position  what the engine searches
 * @property {'w'|'b'} turn   the side to move (evaluations are from White's point of view)
 * @property {Eval} [eval]    known already (a game's end, a deep enough one): not searched
 *
 * @typedef {object} ReviewProgress
 * @property {number} done         positions evaluated (searched or known)
 * @property {number} total        positions of the games begun, and an estimate for the others
 * @property {number} searched     positions searched so far
 * @property {number} gamesDone    games whose every position is evaluated (or that failed)
 * @property {number} games        games in all
 * @property {number} elapsedMs
 * @property {number} perSecond    positions searched per second, all engines together
 * @property {number|null} etaMs   an estimate of the time left (null until a search is done)
 */

/**
 * Evaluates every position of `count` games on `engines`, in parallel.
 * @param {object} options
 * @param {Engine[]} options.engines  at least one; each searches one position at a time
 * @param {number} options.count      how many games
 * @param {(game: number, engine: Engine) => ReviewPosition[] | Promise<ReviewPosition[]>} options.prepare
 *   a game's positions, asked for by the engine that begins it (in game order)
 * @param {(game: number, index: number, ev: Eval) => void} options.onEval
 *   an evaluation made (not called for the positions given with one)
 * @param {(game: number, engine: Engine) => void | Promise<void>} [options.finish]
 *   a game's every position is evaluated: what comes next (its report), on the engine that
 *   evaluated the last of them, before that engine goes on
 * @param {(game: number, error: Error) => void} [options.onError]  a game failed (prepare,
 *   search or finish): its other positions are left
 * @param {(progress: ReviewProgress) => void} [options.onProgress]  after each evaluation
 * @param {{ depth?: number, movetime?: number, nodes?: number }} options.limits  per position
 * @param {number} [options.multipv]  2: each evaluation with its second-best line (`second`, null
 *   where there is one legal move), as the game report's Great moves need; 1 (the default): none
 * @param {string} [options.pvMethod] the engines' PvMethod, recorded in each evaluation
 * @param {AbortSignal} [options.signal]  cancels: the searches stop, nothing more is handed over
 * @returns {Promise<{ cancelled: boolean, searched: number, done: number, elapsedMs: number, perSecond: number }>}
 */
export async function reviewGames({ engines, count, prepare, onEval, finish, onError, onProgress, limits, multipv = 1, pvMethod, signal }) {
  if (!engines.length) throw new Error('reviewGames: no engines');
  const start = Date.now();
  /** @type {(ReviewPosition[]|null)[]} each begun game's positions */
  const games = new Array(count).fill(null);
  /** positions still to evaluate, per begun game; a failed game's is 0 */
  const left = new Array(count).fill(0);
  /** @type {(Error|null)[]} */
  const failed = new Array(count).fill(null);
  /** @typedef {{ game: number, next: number, end: number }} Run  positions next..end-1 of a game, one engine's */
  /** @type {Run[]} the runs engines are working through */
  const runs = [];
  let nextGame = 0;
  let done = 0, searched = 0, begun = 0, begunPositions = 0, gamesDone = 0;
  const cancelled = () => !!signal?.aborted;
  const onAbort = () => {
    for (const e of engines) e.stop().catch(() => {});
  };
  signal?.addEventListener('abort', onAbort);

  const progress = () => {
    if (!onProgress) return;
    const elapsedMs = Date.now() - start;
    // the games not begun are guessed at the mean length of those begun
    const total = begun ? begunPositions + Math.round((begunPositions / begun) * (count - begun)) : 0;
    const toSearch = Math.max(0, total - done);
    const perSecond = elapsedMs > 0 ? (searched * 1000) / elapsedMs : 0;
    const etaMs = searched ? Math.round((elapsedMs / searched) * toSearch) : null;
    onProgress({ done, total, searched, gamesDone, games: count, elapsedMs, perSecond, etaMs });
  };

  /** @param {number} g @param {Error} e */
  const fail = (g, e) => {
    if (failed[g]) return;
    failed[g] = e;
    done += left[g];
    left[g] = 0;
    gamesDone++;
    onError?.(g, e);
  };

  /**
   * The next run for an idle engine: a game not begun, else the back half of the longest run.
   * @param {Engine} engine @returns {Promise<Run|null>}
   */
  const take = async (engine) => {
    for (;;) {
      const run = await begin(engine);
      if (run || cancelled()) return run;
      const stolen = steal();
      if (stolen) return stolen;
      // nothing to take now, but a game being made ready may bring some
      if (!preparing) return null;
      await new Promise((resolve) => waiting.push(resolve));
    }
  };
  /** @type {(() => void)[]} engines waiting for a game being made ready */
  const waiting = [];
  let preparing = 0;
  const wake = () => {
    for (const w of waiting.splice(0)) w();
  };

  /** The next game not begun, made ready, as one run (null: none left). @param {Engine} engine @returns {Promise<Run|null>} */
  const begin = async (engine) => {
    while (nextGame < count && !cancelled()) {
      const g = nextGame++;
      let positions;
      preparing++;
      try {
        positions = await prepare(g, engine);
      } catch (e) {
        begun++;
        fail(g, /** @type {Error} */ (e));
        continue;
      } finally {
        preparing--;
        wake();
      }
      games[g] = positions;
      begun++;
      begunPositions += positions.length;
      const given = positions.filter((p) => p.eval).length;
      done += given;
      left[g] = positions.length - given;
      if (!left[g]) {
        gamesDone++;
        progress();
        await finishGame(g, engine);
        continue;
      }
      progress();
      const run = { game: g, next: 0, end: positions.length };
      runs.push(run);
      return run;
    }
    return null;
  };

  /** The back half of the longest run still to do (null: none has a position left). @returns {Run|null} */
  const steal = () => {
    let longest = null;
    for (const r of runs) if (!failed[r.game] && (!longest || r.end - r.next > longest.end - longest.next)) longest = r;
    if (!longest || longest.end <= longest.next) return null;
    const mid = longest.next + Math.floor((longest.end - longest.next) / 2);
    const run = { game: longest.game, next: mid, end: longest.end };
    longest.end = mid;
    runs.push(run);
    return run;
  };

  /** @param {number} g @param {Engine} engine */
  const finishGame = async (g, engine) => {
    if (!finish || failed[g] || cancelled()) return;
    try {
      await finish(g, engine);
    } catch (e) {
      failed[g] = /** @type {Error} */ (e);
      onError?.(g, /** @type {Error} */ (e));
    }
  };

  /** One engine's work, until none is left. @param {Engine} engine */
  const work = async (engine) => {
    let lastGame = -1;
    for (;;) {
      if (cancelled()) return;
      const run = await take(engine);
      if (!run) return;
      while (run.next < run.end && !cancelled() && !failed[run.game]) {
        const g = run.game, k = run.next++;
        const p = /** @type {ReviewPosition[]} */ (games[g])[k];
        if (p.eval) continue;
        let ev;
        try {
          if (g !== lastGame) {
            await engine.newGame();
            lastGame = g;
          }
          ev = await evaluate(engine, p, limits, multipv, pvMethod, cancelled);
        } catch (e) {
          if (cancelled()) return;
          fail(g, /** @type {Error} */ (e));
          break;
        }
        if (!ev || cancelled()) return;
        if (failed[g]) break;
        searched++;
        try {
          onEval(g, k, ev);
        } catch (e) {
          fail(g, /** @type {Error} */ (e)); // the caller could not keep it: that game fails, not the others
          break;
        }
        done++;
        if (--left[g] === 0) gamesDone++;
        progress();
        if (left[g] === 0) await finishGame(g, engine);
      }
      runs.splice(runs.indexOf(run), 1);
    }
  };

  try {
    await Promise.all(engines.map((e) => work(e)));
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  const elapsedMs = Date.now() - start;
  return { cancelled: cancelled(), searched, done, elapsedMs, perSecond: elapsedMs > 0 ? (searched * 1000) / elapsedMs : 0 };
}

/**
 * One position: the engine's evaluation, with the second-best line when two are asked for.
 * @param {Engine} engine @param {ReviewPosition} p @param {{ depth?: number, movetime?: number }} limits
 * @param {number} multipv @param {string|undefined} method @param {() => boolean} cancelled
 * @returns {Promise<Eval|null>} null when cancelled
 */
async function evaluate(engine, p, limits, multipv, method, cancelled) {
  for (let attempt = 1; ; attempt++) {
    /** @type {IterationInfo|null} */
    let second = null;
    // the first choice once depth 2 is done (the report's Great needs a move not found that soon)
    let shallow = '';
    try {
      const result = await engine.bestMove(p.position, { ...limits, multipv }, {
        onInfo: (info) => {
          if (info.multipv === 2 && info.bound === 'exact') second = info;
          if ((info.multipv ?? 1) === 1 && info.bound === 'exact' && info.depth <= 2 && info.pv.length) shallow = info.pv[0];
        },
      });
      if (cancelled()) return null;
      if (!result.stopped || attempt >= SEARCH_ATTEMPTS) {
        const ev = evalFromSearch(result, p.turn, method);
        // (for the report's Great, which needs the second line too: only when two are searched)
        if (multipv > 1 && shallow && result.depth > 2) ev.shallowBest = shallow;
        if (multipv > 1) {
          const s2 = /** @type {IterationInfo|null} */ (second);
          // one legal move: no second line, and none to look for again
          ev.second = s2 && s2.pv.length ? secondLine(s2, p.turn) : null;
        }
        return ev;
      }
    } catch (e) {
      if (cancelled()) return null;
      if (/** @type {any} */ (e).code !== 'CRASHED' || attempt >= SEARCH_ATTEMPTS) throw e;
    }
  }
}
