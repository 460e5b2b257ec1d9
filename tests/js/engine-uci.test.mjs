// The web package's UCI text mode on the real WebAssembly build: the Worker-like UciWorker
// (createUciWorker), the worker file driven directly with strings (stockfish.js style), and the
// mainline-uci binary compared line by line with the native engine.
import { afterEach, describe, expect, test } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createUciWorker } from '../../web/src/node.js';
import { crashUciForTesting } from '../../web/src/client.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'web/bin/mainline-uci.js');
const NATIVE = path.join(ROOT, 'build/mainline');
// the one place the version is written (the engine's `id name` is built from it)
const VERSION = JSON.parse(readFileSync(path.join(ROOT, 'web/package.json'), 'utf8')).version;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Collects every line a Worker-like object emits; until(re) waits for the next matching line.
function collector(target, on = (fn) => target.addEventListener('message', (e) => fn(e.data))) {
  const lines = [];
  let waiter = null;
  on((line) => {
    lines.push(line);
    waiter?.();
  });
  return {
    lines,
    until(re, timeoutMs = 20000) {
      const start = lines.length;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timeout waiting for ${re}; got ${JSON.stringify(lines.slice(start))}`)), timeoutMs);
        let from = start;
        waiter = () => {
          for (; from < lines.length; from++)
            if (re.test(lines[from])) {
              clearTimeout(timer);
              waiter = null;
              resolve(lines.slice(start, from + 1));
              return;
            }
        };
        waiter();
      });
    },
  };
}

const started = [];
afterEach(() => {
  for (const w of started.splice(0)) w.terminate();
});

describe.each(['sab', 'terminate'])('UciWorker, stopMode %s', (stopMode) => {
  // A GUI waits for bestmove and readyok: after its last restart the worker still answers them
  // (it used to fall silent after its fourth crash).
  test('crashes: restarted up to maxRestarts, then every command answered, none left waiting', async () => {
    const w = createUciWorker({ stopMode, maxRestarts: 1 });
    started.push(w);
    const out = collector(w);
    const errors = [];
    w.addEventListener('error', (e) => errors.push(e.code));
    w.postMessage('uci');
    await out.until(/^uciok$/);
    w.postMessage('position startpos moves e2e4');
    await w.whenIdle();
    // (a search keeps the worker busy: the crash goes first, and the search sent after it is
    // the one the crash leaves owing a move)
    crashUciForTesting(w, 'trap');
    w.postMessage('go infinite');
    await out.until(/^bestmove \(none\)$/); // the search owed a move; the worker restarts
    w.postMessage('isready');
    await out.until(/^readyok$/);
    w.postMessage('go depth 3');
    await out.until(/^bestmove [a-h][1-8]/); // restarted with the position it had
    await w.whenIdle();
    crashUciForTesting(w, 'abort');
    // (the crash is the worker's first message: the position is the command it ends; the search
    // queued behind it is still owed a move: it used to stay unanswered)
    w.postMessage('position startpos moves e2e4 e7e5\ngo depth 3');
    const last = await out.until(/^bestmove \(none\)$/);
    expect(last.filter((l) => /^info string error: the engine crashed 2 times/.test(l))).toHaveLength(1);
    await sleep(100);
    expect(out.lines.filter((l) => l === 'bestmove (none)')).toHaveLength(2); // this one and the first crash's
    expect(last.some((l) => /^info string error: engine crashed/.test(l))).toBe(true);
    expect(errors).toEqual(['CRASHED', 'CRASHED']);
    // no more restarts, and no silence: each command gets what a GUI waits for
    w.postMessage('isready');
    await out.until(/^readyok$/);
    w.postMessage('go depth 5');
    const go = await out.until(/^bestmove \(none\)$/);
    expect(go[0]).toMatch(/^info string error: the engine crashed 2 times and is not restarted/);
    w.postMessage('uci');
    await out.until(/^uciok$/);
    w.postMessage('position startpos');
    await out.until(/^info string error: the engine crashed/);
    await w.whenIdle();
  }, 30000);

  test('scripted session: handshake, errors, position, search, stop, isready while searching', async () => {
    const w = createUciWorker({ stopMode });
    started.push(w);
    const out = collector(w);
    w.postMessage('uci');
    const hello = await out.until(/^uciok$/);
    expect(hello[0]).toBe(`id name Mainline ${VERSION}`);
    expect(hello.some((l) => l.startsWith('option name MultiPV'))).toBe(true);
    w.postMessage('setoption name Hash value 8');
    w.postMessage('setoption name Hash value lots');
    w.postMessage('position fen not/a/fen w - - 0 1');
    w.postMessage('isready');
    const errs = await out.until(/^readyok$/);
    expect(errs.filter((l) => l.startsWith('info string error: ')).length).toBe(2);
    w.postMessage('position startpos moves e2e4 e7e5\ngo depth 6');
    const search = await out.until(/^bestmove /);
    expect(search.filter((l) => /^info depth \d+ .* pv /.test(l)).length).toBeGreaterThanOrEqual(6);
    expect(search.at(-1)).toMatch(/^bestmove [a-h][1-8][a-h][1-8] ponder [a-h][1-8][a-h][1-8]$/);
    w.postMessage('go perft 3');
    expect((await out.until(/^Nodes searched/)).at(-1)).toBe('Nodes searched: 24825');
    // infinite search: isready is answered at once, stop ends it with a best move
    w.postMessage('go infinite');
    await out.until(/^info depth 5 /);
    w.postMessage('isready');
    await out.until(/^readyok$/, 1000);
    const t = performance.now();
    w.postMessage('stop');
    const end = await out.until(/^bestmove /, 2000);
    expect(end.at(-1)).toMatch(/^bestmove [a-h][1-8][a-h][1-8]/);
    console.log(`UCI text mode (${stopMode}): stop -> bestmove ${(performance.now() - t).toFixed(1)} ms`);
    // the engine keeps its state after a respawn (terminate mode) or anyway (sab)
    w.postMessage('go depth 3');
    expect((await out.until(/^bestmove /)).at(-1)).toMatch(/^bestmove /);
    w.postMessage('d');
    expect((await out.until(/^Fen: /)).at(-1)).toBe('Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2');
    // a new go while searching stops the old search first (it answers, then the new one does)
    w.postMessage('go infinite');
    await out.until(/^info depth 3 /);
    w.postMessage('go depth 2');
    await out.until(/^bestmove /);
    expect((await out.until(/^bestmove /)).at(-1)).toMatch(/^bestmove /);
    await w.whenIdle();
  });

  test('ponder and ponderhit', async () => {
    const w = createUciWorker({ stopMode });
    started.push(w);
    const out = collector(w);
    w.postMessage('position startpos moves d2d4 d7d5\ngo ponder wtime 1000 btime 1000');
    await out.until(/^info depth 4 /);
    await sleep(100);
    expect(out.lines.some((l) => l.startsWith('bestmove'))).toBe(false);
    w.postMessage('ponderhit');
    const end = await out.until(/^bestmove /, 5000);
    expect(end.at(-1)).toMatch(/^bestmove [a-h][1-8][a-h][1-8]/);
  });
});

test('the worker file answers UCI strings directly (stockfish.js style)', async () => {
  const worker = new Worker(path.join(ROOT, 'web/src/worker-node.js'));
  started.push(worker);
  const out = collector(worker, (fn) => worker.on('message', fn));
  worker.postMessage('uci');
  await out.until(/^uciok$/);
  worker.postMessage('position startpos');
  worker.postMessage('go depth 4');
  expect((await out.until(/^bestmove /)).at(-1)).toMatch(/^bestmove [a-h][1-8][a-h][1-8]/);
  worker.postMessage('position startpos moves e2e5');
  worker.postMessage('isready');
  const err = await out.until(/^readyok$/);
  expect(err[0]).toMatch(/^info string error: illegal move e2e5/);
  expect(out.lines.every((l) => typeof l === 'string')).toBe(true);
});

// Runs a UCI program with `input` on stdin; resolves with its stdout lines.
function runUci(cmd, args, input) {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'inherit'] });
    let stdout = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve(stdout.split('\n')) : reject(new Error(`${cmd} exited ${code}`))));
    p.stdin.end(input);
  });
}

// Timing fields differ from run to run; everything else must be identical.
// Timing differs, and so do the ranges of Threads and Hash: mainline-uci runs the threaded wasm
// build (32 threads, 512 MB), the native engine allows 64 and 32768.
const normalize = (lines) =>
  lines.map((l) => l.replace(/ nps \d+/, ' nps N').replace(/ time \d+/, ' time T').replace(/^(option name (Threads|Hash) .* max) \d+$/, '$1 M'));

test('mainline-uci (wasm) answers a scripted session exactly like the native engine', async () => {
  const script = [
    'uci', 'isready', 'setoption name Hash value 8', 'setoption name Bogus value 1', 'position fen 8/8/8 w - - 0 1',
    'position startpos moves e2e4 e7e5 g1f3', 'd', 'eval', 'go perft 3', 'position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    'setoption name MultiPV value 2', 'go depth 5',
  ].join('\n') + '\n';
  const wasm = await runUci(process.execPath, [BIN], script);
  expect(wasm).toContain('uciok');
  expect(wasm).toContain('option name Threads type spin default 1 min 1 max 32');
  expect(wasm).toContain('option name Hash type spin default 16 min 1 max 512');
  expect(wasm).toContain('Nodes searched: 23193');
  expect(wasm.filter((l) => l.startsWith('bestmove')).length).toBe(1);
  if (!existsSync(NATIVE)) return;
  const native = await runUci(NATIVE, [], script);
  expect(normalize(wasm)).toEqual(normalize(native));
}, 30000);

test('mainline-uci: stop during go infinite, then quit', async () => {
  const p = spawn(process.execPath, [BIN], { stdio: ['pipe', 'pipe', 'inherit'] });
  const out = collector(p, (fn) => {
    let buf = '';
    p.stdout.on('data', (d) => {
      buf += d;
      const parts = buf.split('\n');
      buf = parts.pop();
      for (const l of parts) fn(l);
    });
  });
  const exited = new Promise((r) => p.on('exit', r));
  p.stdin.write('position startpos\ngo infinite\n');
  await out.until(/^info depth 6 /);
  p.stdin.write('stop\n');
  expect((await out.until(/^bestmove /, 2000)).at(-1)).toMatch(/^bestmove /);
  p.stdin.write('quit\n');
  expect(await exited).toBe(0);
}, 30000);
