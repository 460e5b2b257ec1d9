// How "Analyse game / library" and `mainline-analyse --jobs` scale with engines: the positions of
// whole games (the main line of each, two lines per position, as the game report searches them)
// evaluated by mainline-chess/review on 1 engine and on 2 (or the --jobs given), in Node, each
// engine a worker thread of the package's WebAssembly build. Rounds run A B B A so that a machine
// that slows down or speeds up weighs on both alike; each round starts its engines before the
// clock (a review's start costs ~0.1 s an engine, not counted) and clears their hash per game.
//
//   node web/scripts/bench-review.mjs [--games 10] [--depth 12] [--jobs 1,2] [--rounds 2]
//                                     [--pgn tests/js/fixtures/club-games.pgn] [--json FILE]
//
// Prints positions per second for each number of engines and each one's ratio to 1 engine.
// Target (issue 52): 2 engines >= 1.8x the positions per second of 1, on an idle 2-core machine.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Chess } from 'chess.js';
import { createEngine } from '../src/node.js';
import { mainLine, parsePgnGames, startFen } from '../src/annotate.js';
import { reviewGames } from '../src/review.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const GAMES = Number(opt('--games', 10));
const DEPTH = Number(opt('--depth', 12));
const JOBS = String(opt('--jobs', '1,2')).split(',').map(Number);
const ROUNDS = Number(opt('--rounds', 2));
const PGN = path.resolve(ROOT, opt('--pgn', 'tests/js/fixtures/club-games.pgn'));
const JSON_OUT = opt('--json', null);

/** Each game's main-line positions, as a review hands them over (the game's end not searched). */
function positionsOf(game) {
  const fen = startFen(game.headers) ?? new Chess().fen();
  const chess = new Chess(fen);
  const uci = [];
  const out = [{ position: { fen, moves: [] }, turn: chess.turn() }];
  for (const node of mainLine(game)) {
    const m = chess.move(node.san);
    uci.push(m.from + m.to + (m.promotion ?? ''));
    out.push({ position: { fen, moves: [...uci] }, turn: chess.turn(), ...(chess.isGameOver() ? { eval: { score: { cp: 0 }, depth: 0, pv: [], pvSan: [] } } : {}) });
  }
  return out;
}

const games = parsePgnGames(readFileSync(PGN, 'utf8')).slice(0, GAMES).map(positionsOf);
const total = games.reduce((n, g) => n + g.filter((p) => !p.eval).length, 0);
console.log(`bench-review: ${games.length} games of ${path.relative(ROOT, PGN)}, ${total} positions to search at depth ${DEPTH} (MultiPV 2), engines ${JOBS.join(' and ')}, ${ROUNDS} round${ROUNDS === 1 ? '' : 's'} each (A B B A), ${os.cpus().length} CPUs`);

/** One round: every position of every game on `jobs` engines. @param {number} jobs */
async function round(jobs) {
  const engines = await Promise.all(Array.from({ length: jobs }, () => createEngine({ options: { Hash: 32 } })));
  try {
    const t0 = performance.now();
    const outcome = await reviewGames({ engines, count: games.length, prepare: (g) => games[g], onEval: () => {}, limits: { depth: DEPTH }, multipv: 2 });
    const s = (performance.now() - t0) / 1000;
    return { seconds: s, searched: outcome.searched, perSecond: outcome.searched / s };
  } finally {
    for (const e of engines) e.terminate();
  }
}

/** @type {Record<number, { seconds: number, perSecond: number }[]>} */
const results = Object.fromEntries(JOBS.map((j) => [j, []]));
const order = [];
for (let r = 0; r < ROUNDS; r++) order.push(...(r % 2 === 0 ? JOBS : [...JOBS].reverse()));
for (const jobs of order) {
  const res = await round(jobs);
  results[jobs].push(res);
  console.log(`  ${jobs} engine${jobs === 1 ? ' ' : 's'}: ${res.searched} positions in ${res.seconds.toFixed(1)} s = ${res.perSecond.toFixed(2)} positions/s`);
}
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const base = mean(results[JOBS[0]].map((r) => r.perSecond));
const summary = JOBS.map((j) => ({ engines: j, perSecond: mean(results[j].map((r) => r.perSecond)), seconds: mean(results[j].map((r) => r.seconds)) }));
console.log('bench-review: mean of the rounds');
for (const s of summary) console.log(`  ${s.engines} engine${s.engines === 1 ? ' ' : 's'}: ${s.perSecond.toFixed(2)} positions/s (${s.seconds.toFixed(1)} s for ${total} positions), ${(s.perSecond / base).toFixed(2)}x ${JOBS[0]} engine${JOBS[0] === 1 ? '' : 's'}`);
if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify({ games: games.length, positions: total, depth: DEPTH, cpus: os.cpus().length, summary, rounds: results }, null, 2));
process.exit(0);
