// Browser test page for mainline-chess (driven by tests/js/browsers.test.mjs in Chromium, Firefox
// and WebKit, and by the web figures' scripts). Loads the package's browser entry, runs the
// scenarios named in ?run=a,b,c and stores the results in window.__results (window.__done = true
// at the end; with ?report=ID they are also posted to the test server).
import { createEngine, createUciWorker } from '../src/index.js';
import { crashForTesting } from '../src/client.js';

// The page's own Workers (the worker files used directly, in the stockfish.js style): where
// Trusted Types are enforced (the test server's /tt/), through the page's own policy.
const testPolicy = globalThis.trustedTypes?.createPolicy('mainline-test', { createScriptURL: (u) => u });
const rawWorker = (file) => new Worker(testPolicy ? testPolicy.createScriptURL(String(new URL(file, import.meta.url))) : new URL(file, import.meta.url), { type: 'module' });

const t0 = performance.now();
const params = new URLSearchParams(location.search);
// where the page is, posted as it goes (a browser driven without playwright that hangs says where)
const progress = (/** @type {string} */ at) => {
  const id = params.get('report');
  if (id) fetch(`/report/${encodeURIComponent(id)}-progress`, { method: 'POST', body: JSON.stringify({ at, ms: Math.round(performance.now()) }) }).catch(() => {});
};
const runs = (params.get('run') || 'cold').split(',');
const results = { crossOriginIsolated: globalThis.crossOriginIsolated === true, pageStartMs: t0 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const abs = () => performance.timeOrigin + performance.now();

async function cold() {
  const start = performance.now();
  const startAbs = abs();
  const engine = await createEngine();
  const ready = performance.now();
  const steps = {};
  for (const [k, v] of Object.entries(engine.startupTiming || {})) steps[k] = v - startAbs;
  let first = null;
  const a = engine.analyze('startpos', { depth: 6 }, { onInfo: () => (first ??= performance.now()) });
  const r = await a.result;
  results.cold = {
    stopMode: engine.stopMode,
    build: engine.build,
    threads: engine.threads,
    readyMs: ready - start,
    firstIterationMs: first - start,
    firstIterationSinceNavigationMs: first,
    bestMove: r.bestMove,
    steps,
  };
  engine.terminate();
}

async function analyze() {
  const engine = await createEngine();
  const infos = [];
  for await (const info of engine.analyze({ fen: 'startpos', moves: ['e4', 'e5'] }, { depth: 9 })) infos.push(info);
  const legal = [];
  for (const i of infos) legal.push((await engine.convertMoves({ moves: ['e4', 'e5'] }, i.pv)).san.join(' ') === i.pvSan.join(' '));
  const r = await engine.bestMove('startpos', { depth: 5 });
  results.analyze = { depths: infos.map((i) => i.depth), bounds: infos.map((i) => i.bound), legal, last: infos.at(-1), bestMove: r };
  engine.terminate();
}

async function stop() {
  const engine = await createEngine();
  const out = [];
  for (let i = 0; i < 3; i++) {
    const a = engine.analyze('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', { infinite: true });
    await sleep(300);
    const t = performance.now();
    const r = await a.stop();
    const stopMs = performance.now() - t;
    const t2 = performance.now();
    await engine.evaluate('startpos'); // the engine is usable again (after a respawn without SAB)
    out.push({ stopMs, readyAgainMs: performance.now() - t2, bestMove: r.bestMove, depth: r.depth, stopped: r.stopped });
  }
  // a new analyze cancels the previous one
  const first = engine.analyze('startpos', { infinite: true });
  await sleep(100);
  const second = engine.analyze('startpos', { depth: 4 });
  const [r1, r2] = await Promise.all([first.result, second.result]);
  results.stop = { stopMode: engine.stopMode, runs: out, cancelled: { bestMove: r1.bestMove, stopped: r1.stopped }, next: r2.bestMove };
  engine.terminate();
}

async function two() {
  const [e1, e2] = await Promise.all([createEngine(), createEngine()]);
  const [r1, r2] = await Promise.all([e1.bestMove('startpos', { depth: 8 }), e2.bestMove({ moves: ['d4'] }, { depth: 8 })]);
  results.two = { first: r1.bestMove, second: r2.bestMove };
  e1.terminate();
  e2.terminate();
}

function lines(worker, untilRe, timeoutMs = 20000) {
  return new Promise((resolve, reject) => {
    const got = [];
    const timer = setTimeout(() => reject(new Error(`timeout; got ${JSON.stringify(got)}`)), timeoutMs);
    const onMessage = (e) => {
      got.push(e.data);
      if (untilRe.test(e.data)) {
        clearTimeout(timer);
        worker.removeEventListener('message', onMessage);
        resolve(got);
      }
    };
    worker.addEventListener('message', onMessage);
  });
}

async function uci() {
  const w = createUciWorker();
  let p = lines(w, /^uciok/);
  w.postMessage('uci');
  const hello = await p;
  p = lines(w, /^bestmove/);
  w.postMessage('position startpos moves e2e4');
  w.postMessage('go infinite');
  await sleep(300);
  const t = performance.now();
  w.postMessage('stop');
  const search = await p;
  const stopMs = performance.now() - t;
  w.terminate();
  // stockfish.js style: the worker file itself, strings in and out
  const raw = rawWorker('../dist/worker.js');
  p = lines(raw, /^bestmove/);
  raw.postMessage('uci');
  raw.postMessage('position startpos');
  raw.postMessage('go depth 5');
  const rawOut = await p;
  raw.terminate();
  results.uci = { uciok: hello.includes('uciok'), bestmove: search.at(-1), stopMs, rawBestmove: rawOut.at(-1), rawUciok: rawOut.includes('uciok') };
}

async function crash() {
  const engine = await createEngine();
  const errors = [];
  engine.on('error', (e) => errors.push(e.code));
  let code = null;
  try {
    await crashForTesting(engine, 'trap');
  } catch (e) {
    code = e.code;
  }
  await engine.restart();
  const r = await engine.bestMove('startpos', { depth: 3 });
  results.crash = { code, errors, state: engine.state, after: r.bestMove };
  engine.terminate();
}

// Two threads where the page allows them (the threaded build), a clear refusal where not.
async function threads() {
  const engine = await createEngine();
  const out = { build: engine.build, defaultThreads: engine.threads, hardwareConcurrency: navigator.hardwareConcurrency };
  try {
    await engine.setOption('Threads', 2);
  } catch (e) {
    out.refused = { code: e.code, message: e.message };
  }
  out.threads = engine.threads;
  const fen = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
  const infos = [];
  for await (const info of engine.analyze(fen, { depth: 10 })) infos.push(info);
  const legal = [];
  for (const i of infos) legal.push((await engine.convertMoves(fen, i.pv)).san.join(' ') === i.pvSan.join(' '));
  out.analyze = { depths: infos.map((i) => i.depth), legal, nodes: infos.at(-1).nodes };
  const stops = [];
  for (let i = 0; i < 3; i++) {
    const a = engine.analyze(fen, { infinite: true });
    await sleep(300);
    const t = performance.now();
    const r = await a.stop();
    stops.push({ stopMs: performance.now() - t, bestMove: r.bestMove, stopped: r.stopped });
  }
  out.stops = stops;
  engine.terminate();
  // The threaded worker file in the stockfish.js style, where the page is isolated.
  if (out.build === 'threaded') {
    const raw = rawWorker('../dist/worker-mt.js');
    const p = lines(raw, /^bestmove/);
    raw.postMessage('uci');
    raw.postMessage('setoption name Threads value 2');
    raw.postMessage('position startpos');
    raw.postMessage('go depth 8');
    out.raw = (await p).filter((l) => /^(option name Threads|bestmove|info string error)/.test(l));
    raw.terminate();
  }
  results.threads = out;
}

// The engine's bench in this browser (for `npm run bench -- --section web`): ?build=single|threaded
// picks the build (threaded needs a cross-origin isolated page), ?depth=N the depth (0: default),
// ?threads=N the threads (the threaded build).
async function bench() {
  const build = params.get('build') || 'auto';
  const depth = Number(params.get('depth') || 0);
  const threads = Number(params.get('threads') || 1);
  // ?warmup=N: benches first run and not counted (to tell compile-and-tier-up time from steady speed)
  const warmup = Number(params.get('warmup') || 0);
  const engine = await createEngine({ build });
  try {
    const warm = [];
    for (let i = 0; i < warmup; i++) warm.push((await engine.bench(depth, threads)).nps);
    const r = await engine.bench(depth, threads);
    results.bench = { build: engine.build, nodes: r.nodes, nps: r.nps, timeMs: r.timeMs, warmupNps: warm, userAgent: navigator.userAgent };
  } finally {
    engine.terminate();
  }
}

const SCENARIOS = { cold, analyze, stop, two, uci, crash, threads, bench };
try {
  for (const name of runs) {
    progress(name);
    await SCENARIOS[name]();
  }
} catch (e) {
  results.error = String(e && e.stack ? e.stack : e);
}
window.__results = results;
// Browsers driven without playwright (Firefox: firefox.mjs) get the results by a POST.
if (params.get('report')) {
  await fetch(`/report/${encodeURIComponent(params.get('report'))}`, { method: 'POST', body: JSON.stringify(results) }).catch(() => {});
}
window.__done = true;
document.getElementById('status').textContent = 'done';
