// Stress of a UCI engine's go/stop handling (docs/robustness.md): thousands of rapid
// `go` / `stop` cycles mixed with `position`, `setoption Hash`, `setoption MultiPV`,
// `ucinewgame` and (1 in 100) a bad command, with searches of every kind (`infinite`,
// `depth 100`, `movetime 1`, `nodes`, clocks, `ponder` + `ponderhit`, `mate`) stopped at once
// (70%), after 0-3 ms, or (`longRate`, default 1 in 50) after 10-100 ms, timed from `stop` to
// `bestmove`. Checked: every `go` gets exactly one `bestmove`, legal in the position it was given
// (or `(none)` exactly when there is no legal move); every bad command gets one error line and
// nothing else is refused; `isready` is answered within the time limit at every checkpoint (no
// deadlock); and the memory at the end, with the same Hash, is within a bound of the memory after
// the warm-up.
//
// `threads` > 1: the engine searches with Lazy SMP (`setoption name Threads`), and 1 cycle in 50
// changes the thread count between 1 and `threads`.
//
// Works on anything line-based: the native binary over a pipe (scripts/stress.mjs), the wasm
// UciWorker (tests/js/worker-stress.test.mjs).
import { Chess } from 'chess.js';

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const MAX218 = 'R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1';

/** A small seeded generator (mulberry32), so that a run can be repeated. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (n) => Math.floor(next() * n);
  next.pick = (list) => list[next.int(list.length)];
  return next;
}

// A position: its UCI command, the same as { fen, moves } (the web API's form), its legal moves.
function entry(command, fen, moves = []) {
  const chess = new Chess(fen);
  for (const m of moves) chess.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
  return { command, fen, moves, legal: new Set(chess.moves({ verbose: true }).map((m) => m.lan)) };
}

// A random game of up to `plies` plies from the start position, in UCI notation.
function randomGame(random, plies) {
  const chess = new Chess();
  const moves = [];
  while (moves.length < plies && !chess.isGameOver()) {
    const m = random.pick(chess.moves({ verbose: true }));
    chess.move(m);
    moves.push(m.lan);
  }
  return moves;
}

/**
 * The positions the stress picks from, each with its `position` command and its legal moves:
 * the start, random games (some long), Kiwipete, 218 legal moves, mate in one, checkmate and
 * stalemate on the board, the 99th half move of the fifty-move rule, and a game that repeats the
 * start position 25 times (200 plies).
 */
export function stressPositions(random) {
  const START = new Chess().fen();
  const out = [entry('position startpos', START)];
  for (const plies of [1, 2, 5, 10, 20, 40, 80, 150, 300]) {
    const moves = randomGame(random, plies);
    out.push(entry(`position startpos moves ${moves.join(' ')}`, START, moves));
  }
  for (const fen of [KIWIPETE, MAX218, '6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1', '7k/6Q1/6K1/8/8/8/8/8 b - - 0 1',
    '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1', '8/8/4k3/8/8/8/8/R3K3 w - - 99 80', '7k/8/6K1/8/8/8/8/R7 w - - 99 120'])
    out.push(entry(`position fen ${fen}`, fen));
  const shuffle = Array.from({ length: 50 }, () => ['g1f3', 'g8f6', 'f3g1', 'f6g8']).flat();
  out.push(entry(`position startpos moves ${shuffle.join(' ')}`, START, shuffle));
  return out;
}

const GO = [
  [30, 'go infinite'],
  [25, 'go depth 100'],
  [15, 'go movetime 1'],
  [10, 'go nodes 2000'],
  [5, 'go wtime 100 btime 100 winc 0 binc 0'],
  [5, 'go depth 1'],
  [5, 'go ponder wtime 1000 btime 1000'],
  [5, 'go mate 3'],
];

const BAD = [
  'position fen 8/8/8 w - - 0 1',
  'position startpos moves e2e5',
  'setoption name Hash value lots',
  'setoption name NoSuchOption value 1',
  'go depth 0',
  'go searchmoves a1a1',
  'frobnicate',
];

function weighted(random, table) {
  let r = random.int(table.reduce((s, [w]) => s + w, 0));
  for (const [w, v] of table) if ((r -= w) < 0) return v;
  return table.at(-1)[1];
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs the stress. `engine`: { send(line), onLine(fn) } (every output line goes to fn);
 * `memory`: async () => bytes (the engine's resident memory), sampled with Hash 16 after
 * `warmup` cycles, every 2000 cycles and at the end. Returns the figures; `problems` lists
 * everything that went wrong (empty: passed). A missing `readyok` throws.
 */
export async function runUciStress(engine, { cycles = 10000, seed = 1, memory = null, readyTimeoutMs = 10000, warmup = 2000, longRate = 0.02, threads = 1, log = () => {} } = {}) {
  const random = rng(seed);
  warmup = Math.min(warmup, Math.floor(cycles / 2));
  const positions = stressPositions(random);
  const expected = []; // per `go` sent and not yet answered: the legal moves of its position
  const problems = [];
  const problem = (p) => {
    if (problems.length < 20) problems.push(p);
  };
  const latencies = []; // ms from `stop` to `bestmove`, for the long searches
  let readyWaiter = null;
  let errorWaiter = null;
  let errorsSeen = 0;
  let errorsExpected = 0;
  let bestmoves = 0;
  let extra = 0;
  let lastLines = [];
  engine.onLine((line) => {
    lastLines.push(line);
    if (lastLines.length > 20) lastLines = lastLines.slice(-10);
    if (line.startsWith('bestmove')) {
      bestmoves++;
      const e = expected.shift();
      if (!e) {
        extra++;
        problem(`a bestmove no go asked for: '${line}'`);
        return;
      }
      if (e.stopAt !== undefined) latencies.push({ ms: Math.max(0, performance.now() - e.stopAt), go: e.go, position: e.command.slice(0, 60), before: e.before });
      const move = line.split(/\s+/)[1];
      if (e.legal.size === 0 ? move !== '(none)' : !e.legal.has(move)) problem(`'${line}' after '${e.command.slice(0, 80)}' / '${e.go}'`);
    } else if (line === 'readyok') {
      readyWaiter?.();
    } else if (line.startsWith('info string error')) {
      errorsSeen++;
      if (errorsSeen > errorsExpected) problem(`the engine refused a good command: ${line}`);
      errorWaiter?.();
    }
  });

  let maxReadyMs = 0;
  async function ready(label) {
    const t = performance.now();
    const answered = new Promise((resolve) => (readyWaiter = resolve));
    engine.send('isready');
    const ok = await Promise.race([answered.then(() => true), sleep(readyTimeoutMs).then(() => false)]);
    readyWaiter = null;
    const ms = performance.now() - t;
    maxReadyMs = Math.max(maxReadyMs, ms);
    if (!ok) throw new Error(`no readyok within ${readyTimeoutMs} ms (${label}): deadlock? last lines: ${lastLines.join(' | ')}`);
  }

  // Waits until every go sent so far has its bestmove (an idle engine).
  async function answered(label) {
    const deadline = performance.now() + readyTimeoutMs;
    while (expected.length && performance.now() < deadline) await sleep(1);
    if (expected.length) throw new Error(`${expected.length} go commands unanswered after ${readyTimeoutMs} ms (${label}): deadlock? last lines: ${lastLines.join(' | ')}`);
  }

  let current = positions[0];
  const memorySamples = [];
  const sample = async (label) => {
    if (!memory) return null;
    engine.send('setoption name Hash value 16'); // the same table size at every sample
    await ready(`memory sample ${label}`);
    const bytes = await memory();
    memorySamples.push({ label, bytes });
    return bytes;
  };

  const t0 = performance.now();
  let gos = 0;
  // Every table size once before the warm-up sample: the C library may keep a freed table's
  // memory for later allocations (measured: with Hash 16, 28 MB before Hash 64 was ever set and
  // 92 MB after), which is a bounded one-off, not growth.
  for (const mb of [1, 2, 4, 8, 16, 32, 64]) engine.send(`setoption name Hash value ${mb}`);
  if (threads > 1) engine.send(`setoption name Threads value ${threads}`);
  let memWarm = null;
  for (let i = 0; i < cycles; i++) {
    const r = random();
    let before = null;
    if (r < 0.1) {
      current = random.pick(positions);
      engine.send(current.command);
      before = 'position';
    } else if (r < 0.12) {
      engine.send((before = `setoption name Hash value ${random.pick([1, 2, 4, 8, 16, 32, 64])}`));
    } else if (r < 0.14) {
      engine.send((before = `setoption name MultiPV value ${random.pick([1, 1, 2, 5, 64])}`));
    } else if (r < 0.16) {
      engine.send((before = 'ucinewgame'));
      current = positions[0];
    } else if (threads > 1 && r < 0.18) {
      engine.send((before = `setoption name Threads value ${1 + random.int(threads)}`));
    }
    if (random() < 0.01) {
      // A bad command: exactly one error line, and the engine carries on as before. Waiting for
      // it keeps the count exact (a stop right behind a refused `go` could otherwise reach the
      // UciWorker's respawn mode before the refusal does).
      errorsExpected++;
      const answered = new Promise((resolve) => (errorWaiter = () => errorsSeen >= errorsExpected && resolve()));
      engine.send(random.pick(BAD));
      const ok = await Promise.race([answered.then(() => true), sleep(readyTimeoutMs).then(() => false)]);
      errorWaiter = null;
      if (!ok) problem(`no error line for a bad command within ${readyTimeoutMs} ms`);
    }
    const go = weighted(random, GO);
    const e = { legal: current.legal, command: current.command, go, before };
    const when = random();
    // 1 in 50: a search of 10-100 ms, timed from `stop` to `bestmove` (after draining the
    // commands still queued, so that the time is the engine's and not the queue's).
    const long = when < longRate;
    if (long) await answered(`before the long search of cycle ${i + 1}`);
    expected.push(e);
    engine.send(go);
    gos++;
    if (long) await sleep(10 + random.int(91));
    else if (when < 0.3 + longRate) await sleep(random.int(4));
    if (go.includes('ponder') && random() < 0.5) engine.send('ponderhit');
    if (long) e.stopAt = performance.now();
    engine.send('stop');
    if (i % 50 === 49) await ready(`cycle ${i + 1}`);
    if (i + 1 === warmup) memWarm = await sample('after warm-up');
    if (i % 2000 === 1999) {
      const bytes = await sample(`cycle ${i + 1}`);
      log(`${i + 1} cycles, ${((performance.now() - t0) / 1000).toFixed(1)} s${bytes ? `, ${(bytes / 1048576).toFixed(1)} MB` : ''}`);
    }
  }
  await ready('end');
  // Every go has been stopped: the answers still on their way must arrive now.
  try {
    await answered('end');
  } catch (e) {
    problem(e.message);
  }
  await sleep(200); // a second bestmove for some go would arrive by now
  const elapsedMs = performance.now() - t0;
  const memEnd = await sample('end');
  latencies.sort((a, b) => a.ms - b.ms);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]?.ms ?? NaN;
  const stopMs = { count: latencies.length, median: at(0.5), p99: at(0.99), max: at(1), slowest: latencies.slice(-5).reverse() };
  if (errorsSeen !== errorsExpected) problem(`${errorsExpected} bad commands, ${errorsSeen} error lines`);
  const result = { cycles, gos, bestmoves, extra, errors: errorsSeen, elapsedMs, maxReadyMs, stopMs, memWarm, memEnd, memorySamples, problems };
  return result;
}
