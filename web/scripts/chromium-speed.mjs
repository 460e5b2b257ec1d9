#!/usr/bin/env node
// Why does the web build search more slowly in Chromium than in Node? The same web module
// (dist/mainline_web.js + .wasm), its bench, in every place it can run, rounds interleaved with
// native; and with --profile, the same module with function names profiled in Node and in
// Chromium's engine worker, function by function. Results and their reading: docs/web-speed.md.
//
// Usage: node web/scripts/chromium-speed.mjs [--rounds N] [--depth N] [--profile] [--no-build]
//   --rounds N   interleaved rounds (default 5); each round runs every place once, in turn
//                forwards and backwards
//   --depth N    bench depth (default 0: the engine's bench depth)
//   --warmup N   unmeasured benches before the measured one in each wasm place (default 1:
//                compilation and tier-up done; 0 is what `npm run bench -- --section web` does)
//   --js-flags F Chromium's V8 flags (--js-flags=F), e.g. --no-wasm-dynamic-tiering
//   --profile    instead of timing: CPU profiles of the bench in Node (main thread, inspector)
//                and in Chromium (the package's engine worker, DevTools protocol), from a build
//                with a name section (build-wasm-prof/, MAINLINE_WASM_PROFILING=ON)
//   --no-build   (--profile) use build-wasm-prof/dist as it is
// The places: native (build/mainline bench), Node's main thread (the module loaded directly),
// Node through the package (its worker thread: `npm run bench -- --section web`'s figure),
// Chromium's page main thread, a bare module Worker in Chromium that loads only the module, and
// Chromium through the package (its engine worker).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(WEB, '..');
const args = process.argv.slice(2);
const KNOWN = ['--rounds', '--depth', '--warmup', '--js-flags', '--profile', '--no-build', '--help'];
const TAKES_VALUE = ['--rounds', '--depth', '--warmup', '--js-flags'];
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (TAKES_VALUE.includes(a)) i++;
  else if (!KNOWN.includes(a)) {
    console.error(`chromium-speed: unknown option ${a} (see --help)`);
    process.exit(2);
  }
}
if (args.includes('--help')) {
  const lines = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1);
  console.log(lines.slice(0, lines.findIndex((l) => !l.startsWith('//'))).map((l) => l.replace(/^\/\/ ?/, '')).join('\n'));
  process.exit(0);
}
/** @param {string} name @param {number} def @param {number} min @param {number} max */
const intOpt = (name, def, min, max = Infinity) => {
  const i = args.indexOf(name);
  if (i < 0) return def;
  const v = args[i + 1];
  if (v === undefined || !/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
    console.error(`chromium-speed: ${name} needs a whole number from ${min}${max < Infinity ? ` to ${max}` : ' up'}, got ${v ?? 'nothing'}`);
    process.exit(2);
  }
  return Number(v);
};
const rounds = intOpt('--rounds', 5, 1);
const depth = intOpt('--depth', 0, 0, 30); // the engine's bench accepts 1-30 (0: its default)
const warmup = intOpt('--warmup', 1, 0);
const jsFlagsAt = args.indexOf('--js-flags');
const jsFlags = jsFlagsAt < 0 ? '' : args[jsFlagsAt + 1];
if (jsFlagsAt >= 0 && !jsFlags) {
  console.error('chromium-speed: --js-flags needs a value');
  process.exit(2);
}
const profileMode = args.includes('--profile');

// The DevTools protocol to a worker needs a WebSocket client: global in Node 22, a flag in Node 20.
if (profileMode && typeof WebSocket === 'undefined') {
  const r = spawnSync(process.execPath, ['--experimental-websocket', '--no-warnings', fileURLToPath(import.meta.url), ...args], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

const native = path.join(ROOT, 'build/mainline');
if (!existsSync(native)) throw new Error('build/mainline not found: run `npm run build` first');
if (!existsSync(path.join(WEB, 'dist/worker.js'))) throw new Error('web/dist/worker.js not found: run `npm run build` first');
const { startServer, launchChromium } = await import(pathToFileURL(path.join(WEB, 'test/server.mjs')).href);

// A copy of the package to serve: web/ as built, or with the named profiling module in its dist
// (then the engine worker is bundled again around that module's glue, whose import names differ).
const root = mkdtempSync(path.join(os.tmpdir(), 'mainline-chromium-speed-'));
process.on('exit', () => rmSync(root, { recursive: true, force: true }));
process.on('SIGINT', () => process.exit(130)); // through 'exit', so the copy is removed
for (const d of ['src', 'test', 'scripts', 'dist', 'package.json']) cpSync(path.join(WEB, d), path.join(root, d), { recursive: true });
symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
if (profileMode) {
  const prof = path.join(ROOT, 'build-wasm-prof');
  if (!args.includes('--no-build')) {
    const env = { ...process.env, NODE_PATH: ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(':') };
    const run = (/** @type {string} */ cmd, /** @type {string[]} */ a) => {
      const r = spawnSync(cmd, a, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
      if (r.status !== 0) throw new Error(`${cmd} ${a.join(' ')} failed (${r.status})`);
    };
    console.log('building build-wasm-prof/dist/mainline_web.js (Release, with function names) ...');
    run('emcmake', ['cmake', '-S', '.', '-B', prof, '-DCMAKE_BUILD_TYPE=Release', '-DMAINLINE_WASM_PROFILING=ON', `-DMAINLINE_WEB_DIST_DIR=${path.join(prof, 'dist')}`]);
    run('cmake', ['--build', prof, '-j', String(os.availableParallelism?.() ?? 2), '--target', 'mainline_web']);
  }
  for (const f of ['mainline_web.js', 'mainline_web.wasm']) {
    const from = path.join(prof, 'dist', f);
    if (!existsSync(from)) throw new Error(`${from} not found: run without --no-build`);
    cpSync(from, path.join(root, 'dist', f));
  }
  execFileSync(process.execPath, [path.join(root, 'scripts/bundle.mjs'), '--force'], { stdio: 'ignore' });
}
// The bare places: the module alone, on the page or in a Worker of its own.
const load = `const { default: factory } = await import('../dist/mainline_web.js');
const url = new URL('../dist/mainline_web.wasm', import.meta.url);
const wasm = url.protocol === 'file:' // Node: the file itself
  ? await WebAssembly.compile(await (await import('node:fs/promises')).readFile(url))
  : await WebAssembly.compileStreaming(fetch(url));
const M = await factory({ instantiateWasm(imports, done) { WebAssembly.instantiate(wasm, imports).then((i) => done(i, wasm)); return {}; }, print() {}, printErr() {} });
const engine = new M.Engine(16, 1);
for (let i = 0; i < ${warmup}; i++) engine.bench(${depth}, 1);`;
mkdirSync(path.join(root, 'speed'));
writeFileSync(path.join(root, 'speed/page.html'), '<!doctype html><meta charset="utf-8"><title>speed</title>');
writeFileSync(path.join(root, 'speed/worker.js'), `${load}\npostMessage(engine.bench(${depth}, 1));\n`);
writeFileSync(path.join(root, 'speed/main.js'), `${load}\nexport const result = engine.bench(${depth}, 1);\n`);
// Node's places run in a process of their own each time: V8 keeps a compiled module, and its
// optimised code, for every later compile of the same bytes in a process, so a second run in one
// process would not be cold.
writeFileSync(path.join(root, 'speed/node-main.mjs'), "import { result } from './main.js';\nconsole.log(JSON.stringify(result));\n");
writeFileSync(path.join(root, 'speed/node-package.mjs'), `import { createEngine } from '../src/node.js';
const e = await createEngine({ build: 'single' });
for (let i = 0; i < ${warmup}; i++) await e.bench(${depth}, 1);
console.log(JSON.stringify(await e.bench(${depth}, 1)));
e.terminate();
`);

const server = await startServer({ root });
// A port free a moment ago (the system picks it), for the DevTools protocol of this browser only.
const DEBUG_PORT = profileMode
  ? await new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    }).on('error', reject);
  })
  : 0;
const launch = async () => (await launchChromium([...(jsFlags ? [`--js-flags=${jsFlags}`] : []),
  ...(profileMode ? [`--remote-debugging-port=${DEBUG_PORT}`] : [])])).browser;
// One browser for the profiles (its DevTools port); for timings a fresh browser each time, so that
// no compiled module is left from an earlier run in a renderer process that is used again.
const browser = await launch();
const base = `${server.url}/plain`;

/** Runs `fn` in a fresh page of the served package; closes the page after `after` (if given). */
async function inPage(/** @type {(page: any) => Promise<any>} */ fn, /** @type {(() => Promise<void>) | null} */ after = null) {
  const own = profileMode ? null : await launch();
  const context = await (own ?? browser).newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${base}/speed/page.html`);
    const r = await fn(page);
    if (after) await after();
    return r;
  } finally {
    await context.close();
    if (own) await own.close();
  }
}
const pkgBench = async (/** @type {any} */ page) => page.evaluate(async (/** @type {[number, number, string]} */ [d, w, src]) => {
  const { createEngine } = await import(src);
  const e = await createEngine({ build: 'single' });
  for (let i = 0; i < w; i++) await e.bench(d, 1);
  const r = await e.bench(d, 1);
  /** @type {any} */ (window).speedEngine = e; // its worker lives on until the page closes, after any profile is taken
  return r;
}, [depth, warmup, `${base}/src/index.js`]);
/** The bench's nodes/second from a result the engine returned (an error has none). */
const npsOf = (/** @type {any} */ r, /** @type {string} */ where) => {
  if (!r || typeof r.nps !== 'number') throw new Error(`${where}: no bench result (${JSON.stringify(r)})`);
  return r.nps;
};
const nodeRun = (/** @type {string} */ file) => npsOf(JSON.parse(execFileSync(process.execPath, [path.join(root, file)], { encoding: 'utf8' }).trim().split('\n').pop() || 'null'), file);
const places = {
  native: async () => {
    const out = execFileSync(native, [depth ? `bench ${depth}` : 'bench'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const m = /Nodes\/second\s*:\s*(\d+)/.exec(out);
    if (!m) throw new Error(`no nodes/second in native bench output: ${out.slice(-300)}`);
    return Number(m[1]);
  },
  'Node, main thread': async () => nodeRun('speed/node-main.mjs'),
  'Node, package': async () => nodeRun('speed/node-package.mjs'),
  'Chromium, page main thread': () => inPage(async (page) => npsOf(await page.evaluate(async (/** @type {string} */ u) => (await import(u)).result, `${base}/speed/main.js`), 'Chromium page')),
  'Chromium, bare Worker': () => inPage(async (page) => npsOf(await page.evaluate(() => new Promise((resolve, reject) => {
    const w = new Worker('./worker.js', { type: 'module' });
    w.onmessage = (e) => resolve(e.data);
    w.onerror = (e) => reject(new Error(e.message));
  })), 'Chromium Worker')),
  'Chromium, package': () => inPage(async (page) => npsOf(await pkgBench(page), 'Chromium package')),
};

const median = (/** @type {number[]} */ a) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

if (!profileMode) {
  /** @type {Record<string, number[]>} */
  const nps = {};
  /** @type {Record<string, number[]>} */
  const ratio = {};
  console.log(`bench ${depth || '(default depth)'} after ${warmup} unmeasured, ${rounds} rounds interleaved (Chromium ${browser.version()}${jsFlags ? ` --js-flags=${jsFlags}` : ''}, Node ${process.version})`);
  for (let r = 0; r < rounds; r++) {
    const order = Object.keys(places);
    if (r % 2) order.reverse();
    /** @type {Record<string, number>} */
    const got = {};
    for (const k of order) got[k] = await places[/** @type {keyof typeof places} */ (k)]();
    for (const k of order) {
      (nps[k] ??= []).push(got[k]);
      (ratio[k] ??= []).push(got[k] / got.native);
    }
    console.log(`  round ${r + 1}: ` + Object.keys(places).map((k) => `${k} ${(got[k] / 1e6).toFixed(2)}M (${(got[k] / got.native).toFixed(2)})`).join(', '));
  }
  console.log('\n  place                          median M nodes/s   / native (median of rounds)   rounds');
  for (const k of Object.keys(places)) {
    console.log(`  ${k.padEnd(30)} ${(median(nps[k]) / 1e6).toFixed(3).padStart(10)}   ${median(ratio[k]).toFixed(3).padStart(12)}                 ${ratio[k].map((x) => x.toFixed(2)).join(' ')}`);
  }
} else {
  // The DevTools protocol at browser level: the engine worker is attached as it appears, profiled
  // through both benches, and the profile taken before the page (and its worker) closes.
  const version = await (await fetch(`http://127.0.0.1:${DEBUG_PORT}/json/version`)).json();
  const ws = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ((ws.onopen = resolve), (ws.onerror = reject)));
  let nextId = 1;
  /** @type {Map<number, {resolve: (v: any) => void, reject: (e: Error) => void}>} */
  const pending = new Map();
  /** @type {((m: any) => void) | null} */
  let onEvent = null;
  ws.onmessage = (ev) => {
    const m = JSON.parse(String(ev.data));
    const p = m.id && pending.get(m.id);
    if (p) {
      pending.delete(m.id);
      if (m.error) p.reject(new Error(`${m.error.message} (${m.error.code})`));
      else p.resolve(m.result);
    } else if (onEvent) onEvent(m);
  };
  const send = (/** @type {string} */ method, params = {}, /** @type {string | undefined} */ sessionId = undefined) => new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
  });
  await send('Target.setDiscoverTargets', { discover: true });
  const INTERVAL_US = 250;

  /** Self time in ms per function name, from a V8 CPU profile (both sides report the same format). */
  const selfMs = (/** @type {any} */ profile) => {
    const byId = new Map(profile.nodes.map((/** @type {any} */ n) => [n.id, n]));
    const span = (profile.endTime - profile.startTime) / 1000;
    /** @type {Map<string, number>} */
    const out = new Map();
    for (const id of profile.samples) {
      const f = byId.get(id).callFrame;
      const name = f.functionName || `(${f.url ? path.basename(f.url) : 'anonymous'})`;
      out.set(name, (out.get(name) ?? 0) + span / profile.samples.length);
    }
    return out;
  };
  const chromiumProfile = async () => {
    /** @type {string | null} */
    let session = null;
    const attached = new Promise((resolve, reject) => {
      onEvent = (m) => {
        if (m.method !== 'Target.targetCreated' || m.params.targetInfo.type !== 'worker' || session) return;
        send('Target.attachToTarget', { targetId: m.params.targetInfo.targetId, flatten: true })
          .then(async (/** @type {any} */ r) => {
            session = r.sessionId;
            await send('Profiler.enable', {}, r.sessionId);
            await send('Profiler.setSamplingInterval', { interval: INTERVAL_US }, r.sessionId);
            await send('Profiler.start', {}, r.sessionId);
            resolve(undefined);
          }, reject);
      };
    });
    /** @type {any} */
    let profile = null;
    const r = await inPage(pkgBench, async () => {
      let timer;
      await Promise.race([attached, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no engine worker appeared to profile within 60 s')), 60000)))]);
      clearTimeout(timer);
      profile = (/** @type {any} */ (await send('Profiler.stop', {}, session ?? undefined))).profile;
    });
    onEvent = null;
    return { nps: r.nps, ms: selfMs(profile) };
  };
  const nodeProfile = async () => {
    const s = new inspector.Session();
    s.connect();
    const post = (/** @type {string} */ m, p = {}) => new Promise((resolve, reject) => s.post(m, p, (e, r) => (e ? reject(e) : resolve(r))));
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: INTERVAL_US });
    await post('Profiler.start');
    const { result } = await import(`${pathToFileURL(path.join(root, 'speed/main.js')).href}?${Math.random()}`);
    const { profile } = /** @type {any} */ (await post('Profiler.stop'));
    s.disconnect();
    return { nps: result.nps, ms: selfMs(profile) };
  };
  /** @type {Record<string, Map<string, number>>} */
  const sums = { node: new Map(), chromium: new Map() };
  for (let r = 0; r < rounds; r++) {
    for (const [k, f] of /** @type {const} */ ([['node', nodeProfile], ['chromium', chromiumProfile]])) {
      const p = await f();
      for (const [n, v] of p.ms) sums[k].set(n, (sums[k].get(n) ?? 0) + v / rounds);
      console.log(`  round ${r + 1} ${k}: ${(p.nps / 1e6).toFixed(2)}M nodes/s (profiler on)`);
    }
  }
  ws.close();
  // Both profiles cover both benches (warm-up and measured); Node's also the module's loading.
  const idle = (/** @type {string} */ n) => /^\((idle|program|garbage collector)\)$/.test(n);
  const total = (/** @type {string} */ k) => [...sums[k]].filter(([n]) => !idle(n)).reduce((a, [, v]) => a + v, 0);
  const tn = total('node');
  const tc = total('chromium');
  console.log(`\n  busy ms per round: Node ${tn.toFixed(0)}, Chromium ${tc.toFixed(0)} (x${(tc / tn).toFixed(2)})`);
  console.log('  function                                                      Node ms  share   Chromium ms  share   Chromium/Node');
  const names = [...new Set([...sums.node.keys(), ...sums.chromium.keys()])].filter((n) => !idle(n));
  names.sort((a, b) => (sums.chromium.get(b) ?? 0) - (sums.chromium.get(a) ?? 0));
  for (const n of names.slice(0, 25)) {
    const a = sums.node.get(n) ?? 0;
    const b = sums.chromium.get(n) ?? 0;
    console.log(`  ${n.replace(/^mainline::/, '').slice(0, 60).padEnd(60)} ${a.toFixed(0).padStart(7)} ${(100 * a / tn).toFixed(1).padStart(5)}% ${b.toFixed(0).padStart(10)} ${(100 * b / tc).toFixed(1).padStart(6)}%   ${a > 0 ? (b / a).toFixed(2) : '-'}`);
  }
}
await browser.close();
await server.close();
