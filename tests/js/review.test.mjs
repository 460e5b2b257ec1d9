// mainline-chess/review (web/src/review.js) on the package's real engines in Node: how the work is
// shared (a single game split between the engines in contiguous runs, each position once), known
// positions not searched, a game's finish on the engine that ended it, progress and its estimate,
// cancel, a game that fails while the others go on, a crashed engine's search run again.
import { afterAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { Chess } from 'chess.js';
import { createEngine } from '../../web/src/node.js';
import { crashForTesting } from '../../web/src/client.js';
import { mainLine, parsePgnGames } from '../../web/src/annotate.js';
import { reviewGames } from '../../web/src/review.js';

const CLUB = parsePgnGames(readFileSync(new URL('./fixtures/club-games.pgn', import.meta.url), 'utf8'));

/** A game's main-line positions as a review takes them, the first `plies + 1` of them. */
function positions(game, plies = Infinity) {
  const chess = new Chess();
  const fen = chess.fen();
  const uci = [];
  const out = [{ position: { fen, moves: [] }, turn: 'w' }];
  for (const n of mainLine(game).slice(0, plies)) {
    const m = chess.move(n.san);
    uci.push(m.from + m.to + (m.promotion ?? ''));
    out.push({ position: { fen, moves: [...uci] }, turn: chess.turn() });
  }
  return out;
}

const engines = [];
async function start(n) {
  const made = await Promise.all(Array.from({ length: n }, () => createEngine({ options: { Hash: 16 }, autoRestart: true })));
  engines.push(...made);
  return made;
}
afterAll(() => {
  for (const e of engines) e.terminate();
});

/** Engines that say which of them searched what: `log` holds [engine index, moves played]. */
function watched(list) {
  const log = [];
  const wrapped = list.map((e, i) =>
    through(e, (position, limits, opts) => {
      log.push([i, position.moves.length]);
      return e.bestMove(position, limits, opts);
    }),
  );
  return { wrapped, log };
}

/** An engine whose bestMove is `bestMove` (the calls a review makes, passed on). */
function through(e, bestMove) {
  return { bestMove, newGame: () => e.newGame(), stop: () => e.stop() };
}

describe('mainline-chess/review: reviewGames', () => {
  test('one game on 2 engines: each position once, in two contiguous runs; two lines each; finish on the last engine; progress and its estimate', async () => {
    const pos = positions(CLUB[0], 30);
    const { wrapped, log } = watched(await start(2));
    const evals = new Map();
    const finished = [];
    const progress = [];
    const outcome = await reviewGames({
      engines: wrapped,
      count: 1,
      prepare: () => pos,
      onEval: (g, k, ev) => {
        expect(evals.has(k)).toBe(false);
        evals.set(k, ev);
      },
      finish: (g, engine) => finished.push([g, wrapped.indexOf(engine)]),
      onProgress: (p) => progress.push(p),
      limits: { depth: 5 },
      multipv: 2,
      pvMethod: 'pvhash',
    });
    expect(outcome).toMatchObject({ cancelled: false, searched: 31, done: 31 });
    expect([...evals.keys()].sort((a, b) => a - b)).toEqual([...Array(31).keys()]);
    for (const [k, ev] of evals) {
      expect(ev.depth, `position ${k}`).toBeGreaterThanOrEqual(5);
      expect(ev.method).toBe('pvhash');
      expect(ev.second === null || ev.second.pv.length > 0).toBe(true);
      expect(ev.second).not.toBeUndefined();
    }
    // both engines worked, each on runs of neighbours (the second took the back half at once)
    const by = [0, 1].map((i) => log.filter(([e]) => e === i).map(([, k]) => k));
    expect(by[0].length).toBeGreaterThan(5);
    expect(by[1].length).toBeGreaterThan(5);
    // runs of neighbours: an engine jumps only when it takes another run (a few at the end, when
    // the runs left are split between the engines; not in order: it may go back to a lower run)
    for (const ks of by) expect(ks.filter((k, i) => i > 0 && k !== ks[i - 1] + 1).length).toBeLessThanOrEqual(8);
    expect(finished).toHaveLength(1);
    expect(finished[0][0]).toBe(0);
    // progress: counted up to the end, with an estimate of the time left once a search is done
    expect(progress.map((p) => p.done)).toEqual([...progress.map((p) => p.done)].sort((a, b) => a - b));
    expect(progress.at(-1)).toMatchObject({ done: 31, total: 31, gamesDone: 1, games: 1, etaMs: 0 });
    expect(progress.some((p) => p.etaMs > 0)).toBe(true);
  }, 60000);

  test('known positions are not searched; many games on 2 engines, each finished once; a game that fails is reported and the others go on', async () => {
    const { wrapped, log } = watched(await start(2));
    const games = [positions(CLUB[1], 12), positions(CLUB[2], 8), positions(CLUB[3], 10)];
    const known = { score: { cp: 15 }, depth: 30, pv: ['e2e4'], pvSan: ['e4'] };
    games[0][0] = { ...games[0][0], eval: known };
    games[0][5] = { ...games[0][5], eval: known };
    const evals = Array.from({ length: 4 }, () => new Map());
    const finished = [];
    const errors = [];
    await reviewGames({
      engines: wrapped,
      count: 4,
      prepare: (g) => {
        if (g === 2) throw new Error('it is no longer in the library');
        return games[g === 3 ? 2 : g];
      },
      onEval: (g, k, ev) => evals[g].set(k, ev),
      finish: (g) => finished.push(g),
      onError: (g, e) => errors.push([g, e.message]),
      limits: { depth: 4 },
    });
    expect(errors).toEqual([[2, 'it is no longer in the library']]);
    expect(finished.sort()).toEqual([0, 1, 3]);
    expect(evals[0].size).toBe(11); // 13 positions, 2 known
    expect(evals[0].has(0) || evals[0].has(5)).toBe(false);
    expect(evals[1].size).toBe(9);
    expect(evals[3].size).toBe(11);
    for (const m of evals) for (const ev of m.values()) expect(ev.second).toBeUndefined(); // one line asked for
    expect(log.length).toBe(31);
  }, 60000);

  test('cancel: the searches stop at once, nothing is handed over after it; a crashed engine\'s search is run again', async () => {
    const [engine] = await start(1);
    const abort = new AbortController();
    let after = 0;
    const running = reviewGames({
      engines: [engine],
      count: 1,
      prepare: () => positions(CLUB[4], 20),
      onEval: () => {
        if (abort.signal.aborted) after++;
      },
      limits: { depth: 30 }, // far beyond what 1.5 s reaches
      signal: abort.signal,
    });
    await new Promise((r) => setTimeout(r, 1500));
    const t0 = performance.now();
    abort.abort();
    const outcome = await running;
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(outcome.cancelled).toBe(true);
    expect(after).toBe(0);

    // a crash in the middle of a search: the engine restarts by itself and the position is searched again
    const [crashy] = await start(1);
    crashy.on('error', () => {}); // the crash is this test's doing
    const got = [];
    let crashed = false;
    const done = await reviewGames({
      engines: [
        through(crashy, (position, limits, opts) => {
          const p = crashy.bestMove(position, limits, opts);
          if (!crashed && position.moves.length === 3) {
            crashed = true;
            setTimeout(() => crashForTesting(crashy, 'trap').catch(() => {}), 5);
          }
          return p;
        }),
      ],
      count: 1,
      prepare: () => positions(CLUB[5], 6),
      onEval: (g, k, ev) => got.push([k, ev.depth]),
      limits: { depth: 14 },
    });
    expect(crashed).toBe(true);
    expect(done.cancelled).toBe(false);
    expect(got.map(([k]) => k)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  }, 90000);
});
