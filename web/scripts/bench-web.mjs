// The 'web' section of `npm run bench` (scripts/bench.mjs): budgets of the web package.
//   size    gzip -9 of what a browser downloads: dist/mainline_web.wasm + dist/worker.js (the
//           engine: wasm, Emscripten glue and worker), plus the client (`createEngine` from
//           src/index.js, bundled and minified as an app's bundler would: what the element and the
//           structured API ship; every export's size shown beside), the network included
//                                                                         target: all <= 200 KB
//           The threaded build instead: dist/mainline_web_mt.wasm + worker-mt.js +
//           mainline_web_mt.js + mainline_web_mt.worker.js       target: <= 1.10x the single
//           <mainline-analysis> (src/element.js minified, the client outside) on top   <= 30 KB
//   speed   `bench` nodes/second of the web build in Node (the package, in a worker thread) and in
//           Chromium, Firefox and WebKit (test/page.html?run=bench) vs the native `build/mainline bench`, rounds
//           interleaved; same bench signature required; the median of the rounds' ratios to the
//           same round's native run                                      target: >= 0.92
//           (the node CLI build, build-wasm/mainline.js, is shown for reference)
//           (both builds: the single-threaded one, and the threaded one with Threads 1)
//   stop    stop() -> result latency in Node, SharedArrayBuffer flag (1 and 2 threads) and
//           terminate-and-respawn                                        target: <= 50 ms
//   browser cold start to the first iteration and stop latency in Chromium (playwright-core),
//           with and without cross-origin isolation                      target: <= 100 ms
// Can also run alone: node web/scripts/bench-web.mjs [--reps N] [--quick]
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

const run = promisify(execFile);
const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(WEB, '..');
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const fmt = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-');
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const gz = (buf) => gzipSync(buf, { level: 9 }).length;

/** The download's parts, gzip -9 (also docs/figures.json's download figure, held to them by tests/js/docs.test.mjs). */
export async function sizes() {
  const file = (f) => readFileSync(path.join(WEB, f));
  const wasm = file('dist/mainline_web.wasm');
  const worker = file('dist/worker.js');
  const glue = file('dist/mainline_web.js');
  const mt = ['dist/mainline_web_mt.wasm', 'dist/worker-mt.js', 'dist/mainline_web_mt.js', 'dist/mainline_web_mt.worker.js'].map((f) => ({ f, gz: gz(file(f)) }));
  let client = null;
  /** @type {Buffer|null} every export of the entry: createUciWorker (the UCI text mode) as well */
  let clientAll = null;
  let clientNote = 'esbuild --minify --bundle of `import { createEngine } from \'mainline-chess\'`: what the element and the structured API ship';
  /** @type {Buffer|null} the element on top of the client: its own code, the PGN reader, the pieces */
  let element = null;
  try {
    const esbuild = await import('esbuild');
    const bundle = async (entry, external = []) =>
      Buffer.from((await esbuild.build({ entryPoints: [path.join(WEB, entry)], bundle: true, format: 'esm', minify: true, write: false, logLevel: 'silent', external })).outputFiles[0].contents);
    // what a page that uses the structured API or the element ships: the bundler leaves out the
    // UCI text mode (createUciWorker), which the all-exports figure includes
    const stdin = async (contents) =>
      Buffer.from((await esbuild.build({ stdin: { contents, resolveDir: path.join(WEB, 'src'), loader: 'js' }, bundle: true, format: 'esm', minify: true, write: false, logLevel: 'silent' })).outputFiles[0].contents);
    client = await stdin("export { createEngine, EngineError } from './index.js';");
    clientAll = await bundle('src/index.js');
    element = await bundle('src/element.js', ['./index.js']);
  } catch {
    client = Buffer.concat([file('src/index.js'), file('src/client.js')]);
    clientNote = 'src/index.js + src/client.js unminified (esbuild not installed)';
  }
  return {
    wasm: { raw: wasm.length, gz: gz(wasm) },
    worker: { raw: worker.length, gz: gz(worker) },
    glue: { raw: glue.length, gz: gz(glue) },
    client: { raw: client.length, gz: gz(client), note: clientNote },
    clientAll: clientAll ? { raw: clientAll.length, gz: gz(clientAll) } : null,
    element: element ? { raw: element.length, gz: gz(element) } : null,
    threaded: mt,
  };
}

async function benchCli(cmd, args) {
  const { stdout } = await run(cmd, args, { maxBuffer: 1 << 24 });
  const nodes = Number(/Nodes searched\s*:\s*(\d+)/.exec(stdout)?.[1]);
  const nps = Number(/Nodes\/second\s*:\s*(\d+)/.exec(stdout)?.[1]);
  return { nodes, nps };
}

async function stopLatencies(createEngine, stopMode, n, threads = 1) {
  const engine = await createEngine({ stopMode, options: { Threads: threads } });
  const stops = [];
  const ready = [];
  try {
    for (let i = 0; i < n; i++) {
      const a = engine.analyze(KIWIPETE, { infinite: true });
      await sleep(100 + ((i * 37) % 200));
      let t = performance.now();
      await a.stop();
      stops.push(performance.now() - t);
      t = performance.now();
      await engine.evaluate('startpos');
      ready.push(performance.now() - t);
    }
  } finally {
    engine.terminate();
  }
  return { stops, ready };
}

export async function runWebBench({ reps = 3, quick = false, log = console.log } = {}) {
  const errors = [];
  const rows = [];
  const ratios = [];
  let missed = 0;
  const target = (label, value, limit, higherIsBetter, extra = '') => {
    const pass = Number.isFinite(value) && (higherIsBetter ? value >= limit : value <= limit);
    if (!pass) missed++;
    ratios.push({ case: 'web', ratio: label, value, target: limit, pass });
    log(`  ${label.padEnd(46)} ${fmt(value, higherIsBetter ? 2 : 1).padStart(8)}  target ${higherIsBetter ? '>=' : '<='} ${limit}  ${pass ? 'PASS' : 'MISS'}${extra}`);
  };
  for (const f of ['dist/mainline_web.wasm', 'dist/worker.js', 'dist/mainline_web_mt.wasm', 'dist/worker-mt.js']) {
    if (!existsSync(path.join(WEB, f))) {
      errors.push(`web/${f} not found: run \`npm run build\` first`);
      return { id: 'web', rows, ratios, errors, missed };
    }
  }

  // ---- size
  const s = await sizes();
  log('\n  download size (gzip -9):');
  log(`    dist/mainline_web.wasm  ${kb(s.wasm.raw).padStart(9)} raw  ${kb(s.wasm.gz).padStart(9)} gz`);
  log(`    dist/worker.js          ${kb(s.worker.raw).padStart(9)} raw  ${kb(s.worker.gz).padStart(9)} gz   (worker + Emscripten glue, minified; the glue alone unminified: ${kb(s.glue.gz)} gz)`);
  log(`    client                  ${kb(s.client.raw).padStart(9)} raw  ${kb(s.client.gz).padStart(9)} gz   (${s.client.note})`);
  if (s.clientAll) log(`    client, every export    ${kb(s.clientAll.raw).padStart(9)} raw  ${kb(s.clientAll.gz).padStart(9)} gz   (createUciWorker too: ${fmt((s.wasm.gz + s.worker.gz + s.clientAll.gz) / 1024)} KB in all)`);
  const engineKb = (s.wasm.gz + s.worker.gz) / 1024;
  const totalKb = engineKb + s.client.gz / 1024;
  log('    threaded build, instead of the first two:');
  for (const { f, gz: n } of s.threaded) log(`    ${f.padEnd(34)} ${kb(n).padStart(9)} gz`);
  const threadedKb = s.threaded.reduce((a, x) => a + x.gz, 0) / 1024 + s.client.gz / 1024;
  log(`    single-threaded download ${fmt(totalKb)} KB, threaded ${fmt(threadedKb)} KB (client included)`);
  if (s.element) log(`    <mainline-analysis> adds  ${kb(s.element.raw).padStart(9)} raw  ${kb(s.element.gz).padStart(9)} gz   (esbuild --minify of src/element.js, its board, pieces and PGN reader; the client outside)`);
  rows.push({ what: 'size', wasmGz: s.wasm.gz, workerGz: s.worker.gz, clientGz: s.client.gz, clientAllGz: s.clientAll?.gz ?? null, elementGz: s.element?.gz ?? null, engineKb, totalKb, threadedKb });

  // ---- speed: bench nps, web build in Node and in Chromium vs native, interleaved rounds
  const { createEngine } = await import(pathToFileURL(path.join(WEB, 'src/node.js')));
  const depth = quick ? 9 : 0; // 0: the engine's default bench depth
  const native = path.join(ROOT, 'build/mainline');
  const cli = path.join(ROOT, 'build-wasm/mainline.js');
  const benchArgs = depth ? [`bench ${depth}`] : ['bench'];
  // Chromium (Debian's, through playwright-core) serves the same package files; started once here and
  // used again for the cold-start and stop figures below.
  let cr = null;
  let crSkip = '';
  try {
    const { startServer, launchChromium, runPage, CHROMIUM } = await import(pathToFileURL(path.join(WEB, 'test/server.mjs')));
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found`);
    const server = await startServer();
    try {
      const chromium = await launchChromium();
      cr = { server, chromium, runPage, version: chromium.browser.version() };
    } catch (e) {
      await server.close();
      throw e;
    }
  } catch (e) {
    crSkip = e.message;
  }
  // Firefox (Debian's firefox-esr, headless, test/firefox.mjs) where installed, on the same server.
  const { runFirefoxPage, firefoxVersion, FIREFOX } = await import(pathToFileURL(path.join(WEB, 'test/firefox.mjs')).href);
  const ffVersion = cr ? await firefoxVersion() : null;
  const ffSkip = !cr ? 'no test server' : ffVersion ? '' : `${FIREFOX} not found or does not start (bash scripts/setup.sh installs it)`;
  /** @param {'plain'|'coi'} mode @param {'single'|'threaded'} build */
  const firefoxBench = async (mode, build, threads = 1) => {
    const r = await runFirefoxPage(cr.server, mode, ['bench'], { query: `build=${build}&depth=${depth}&threads=${threads}` });
    if (r.error) throw new Error(`Firefox bench (${mode}, ${build}): ${r.error}`);
    if (r.bench.build !== build) throw new Error(`Firefox bench (${mode}): asked for the ${build} build, got ${r.bench.build}`);
    return { nodes: r.bench.nodes, nps: r.bench.nps };
  };
  // WebKit (Debian's WebKitGTK in its MiniBrowser on a virtual display, test/webkit.mjs) where
  // installed: the single build (WebKitGTK has no SharedArrayBuffer), and the threaded one with
  // JavaScriptCore's shared memory switched on as Safari has it on an isolated page.
  const { runWebKitPage, startDisplay, webkitVersion, haveWebKit } = await import(pathToFileURL(path.join(WEB, 'test/webkit.mjs')).href);
  const wkVersion = cr && haveWebKit ? webkitVersion() : null;
  const wkSkip = !cr ? 'no test server' : wkVersion ? '' : 'WebKitGTK\'s MiniBrowser or Xvfb not found (bash scripts/setup.sh installs them)';
  const display = wkVersion ? await startDisplay() : null;
  /** @param {'plain'|'coi'} mode @param {'single'|'threaded'} build */
  const webkitBench = async (mode, build, threads = 1) => {
    const r = await runWebKitPage(cr.server, display.display, mode, ['bench'], { query: `build=${build}&depth=${depth}&threads=${threads}`, safariThreads: build === 'threaded' });
    if (r.error) throw new Error(`WebKit bench (${mode}, ${build}): ${r.error}`);
    if (r.bench.build !== build) throw new Error(`WebKit bench (${mode}): asked for the ${build} build, got ${r.bench.build}`);
    return { nodes: r.bench.nodes, nps: r.bench.nps };
  };
  /** @param {'plain'|'coi'} mode @param {'single'|'threaded'} build */
  const pageBench = async (mode, build, threads = 1) => {
    const r = await cr.runPage(cr.chromium.browser, cr.server.url, mode, ['bench'], { query: `build=${build}&depth=${depth}&threads=${threads}`, timeoutMs: 120000 });
    if (r.error) throw new Error(`Chromium bench (${mode}, ${build}): ${r.error}`);
    if (r.bench.build !== build) throw new Error(`Chromium bench (${mode}): asked for the ${build} build, got ${r.bench.build}`);
    return { nodes: r.bench.nodes, nps: r.bench.nps };
  };
  const workerBench = (build, threads = 1) => async () => {
    const e = await createEngine({ build });
    try {
      return await e.bench(depth, threads);
    } finally {
      e.terminate();
    }
  };
  const engines = {
    native: existsSync(native) ? () => benchCli(native, benchArgs) : null,
    web: workerBench('single'),
    webmt: workerBench('threaded'),
    cli: existsSync(cli) ? () => benchCli(process.execPath, [cli, ...benchArgs]) : null,
    chromium: cr ? () => pageBench('plain', 'single') : null,
    chromiummt: cr ? () => pageBench('coi', 'threaded') : null,
    firefox: ffVersion ? () => firefoxBench('plain', 'single') : null,
    firefoxmt: ffVersion ? () => firefoxBench('coi', 'threaded') : null,
    webkit: wkVersion ? () => webkitBench('plain', 'single') : null,
    webkitmt: wkVersion ? () => webkitBench('coi', 'threaded') : null,
    // Two threads (Lazy SMP): nodes differ from run to run, so these are left out of the signature check.
    native2: existsSync(native) ? () => benchCli(native, [`bench ${depth || ''} threads 2`.replace('  ', ' ')]) : null,
    webmt2: workerBench('threaded', 2),
    chromiummt2: cr ? () => pageBench('coi', 'threaded', 2) : null,
    firefoxmt2: ffVersion ? () => firefoxBench('coi', 'threaded', 2) : null,
    webkitmt2: wkVersion ? () => webkitBench('coi', 'threaded', 2) : null,
  };
  const labels = {
    native: 'native build/mainline', web: 'web build (package, Node worker)', webmt: 'threaded web build, 1 thread', cli: 'node CLI build-wasm/mainline.js',
    chromium: 'web build in Chromium', chromiummt: 'threaded web build in Chromium, 1 th.',
    native2: 'native, 2 threads', webmt2: 'threaded web build in Node, 2 threads', chromiummt2: 'threaded web build in Chromium, 2 th.',
    firefox: 'web build in Firefox', firefoxmt: 'threaded web build in Firefox, 1 th.', firefoxmt2: 'threaded web build in Firefox, 2 th.',
    webkit: 'web build in WebKit', webkitmt: 'threaded web build in WebKit, 1 th.', webkitmt2: 'threaded web build in WebKit, 2 th.',
  };
  const ids = Object.keys(engines).filter((k) => engines[k]);
  const got = Object.fromEntries(ids.map((k) => [k, []]));
  log(`\n  bench ${depth || '(default depth)'}, ${reps} rounds interleaved${cr ? ` (Chromium ${cr.version})` : `; Chromium skipped: ${crSkip}`}` +
    `${ffVersion ? ` (${ffVersion}, headless)` : `; Firefox skipped: ${ffSkip}`}` +
    `${wkVersion ? ` (${wkVersion}, MiniBrowser on Xvfb)` : `; WebKit skipped: ${wkSkip}`}:`);
  for (let rep = 0; rep < reps; rep++) {
    for (let k = 0; k < ids.length; k++) {
      const id = ids[(k + rep) % ids.length];
      const r = await engines[id]();
      got[id].push(r);
      log(`    round ${rep + 1}/${reps}  ${labels[id].padEnd(38)} ${String(r.nodes).padStart(10)} nodes  ${String(r.nps).padStart(9)} nps`);
    }
  }
  const signatures = new Set(ids.filter((id) => !id.endsWith('2')).flatMap((id) => got[id].map((r) => r.nodes)));
  if (signatures.size !== 1) errors.push(`bench signatures differ: ${ids.map((id) => `${id}=${[...new Set(got[id].map((r) => r.nodes))].join('/')}`).join(', ')}`);
  const best = (id) => Math.max(...got[id].map((r) => r.nps));
  const med = (id) => median(got[id].map((r) => r.nps));
  for (const id of ids) rows.push({ what: 'bench', engine: id, nodes: got[id][0].nodes, npsBest: best(id), npsMedian: med(id) });
  // Each round's ratio to the native run of the same round (interleaved: the same machine state).
  const roundRatios = (id, base = 'native') => got[id].map((r, i) => r.nps / got[base][i].nps);
  await display?.close();

  // ---- stop latency in Node
  const sab = await stopLatencies(createEngine, 'sab', quick ? 4 : 10);
  const sab2 = await stopLatencies(createEngine, 'sab', quick ? 4 : 10, 2);
  const term = await stopLatencies(createEngine, 'terminate', quick ? 3 : 5);
  rows.push({ what: 'stop-node', sab, sab2, terminate: term });
  log(`\n  stop() -> result in Node: SharedArrayBuffer flag ${sab.stops.map((x) => fmt(x)).join(', ')} ms`);
  log(`                            same, 2 threads        ${sab2.stops.map((x) => fmt(x)).join(', ')} ms`);
  log(`                            terminate + respawn    ${term.stops.map((x) => fmt(x)).join(', ')} ms (engine ready again after ${term.ready.map((x) => fmt(x, 0)).join(', ')} ms)`);

  // ---- Chromium: cold start and stop
  let browser = null;
  if (cr) {
    try {
      browser = {};
      for (const mode of ['plain', 'coi', 'csp']) {
        const cold = [];
        const stops = [];
        const ready = [];
        const threadStops = [];
        for (let rep = 0; rep < reps; rep++) {
          const r = await cr.runPage(cr.chromium.browser, cr.server.url, mode, mode === 'coi' ? ['cold', 'stop', 'threads'] : ['cold', 'stop']);
          if (r.error) throw new Error(r.error);
          cold.push(r.cold.firstIterationMs);
          for (const x of r.stop.runs) stops.push(x.stopMs), ready.push(x.readyAgainMs);
          if (r.threads) for (const x of r.threads.stops) threadStops.push(x.stopMs);
        }
        browser[mode] = { cold, stops, ready, threadStops };
        log(`\n  Chromium ${mode.padEnd(5)} cold start -> first iteration ${cold.map((x) => fmt(x)).join(', ')} ms; stop -> result ${stops.map((x) => fmt(x)).join(', ')} ms`);
        if (threadStops.length) log(`  Chromium ${mode.padEnd(5)} 2 threads: stop -> result ${threadStops.map((x) => fmt(x)).join(', ')} ms`);
      }
      rows.push({ what: 'browser', version: cr.version, ...browser });
    } catch (e) {
      log(`\n  Chromium: failed (${e.message})`);
      errors.push(`Chromium: ${e.message}`);
      browser = null;
    } finally {
      await cr.chromium.close();
      await cr.server.close();
    }
  } else {
    log(`\n  Chromium: skipped (${crSkip})`);
  }

  // ---- targets
  log('\n  budgets:');
  target('download: wasm + worker JS + client, gzip (KB)', totalKb, 200, false, `   (engine ${fmt(engineKb)} KB + client ${kb(s.client.gz)})`);
  target('threaded download / single-threaded', threadedKb / totalKb, 1.1, false, `   (${fmt(threadedKb)} KB)`);
  if (s.element) target('<mainline-analysis> on top of the engine download, gzip (KB)', s.element.gz / 1024, 30, false, '   (board included)');
  if (got.native) {
    // Issue 30: the median of the interleaved rounds' ratios, >= 0.92 (the best rounds shown beside it).
    const speed = (label, id) => {
      const rr = roundRatios(id);
      target(label, median(rr), 0.92, true, `   (rounds ${rr.map((x) => fmt(x, 2)).join(', ')}; best/best ${fmt(best(id) / best('native'), 2)})`);
    };
    speed('bench nps, web build in Node / native', 'web');
    speed('bench nps, threaded web build in Node / native', 'webmt');
    if (got.chromium) speed('bench nps, web build in Chromium / native', 'chromium');
    if (got.chromiummt) speed('bench nps, threaded build in Chromium / native', 'chromiummt');
    if (got.firefox) speed('bench nps, web build in Firefox / native', 'firefox');
    if (got.firefoxmt) speed('bench nps, threaded build in Firefox / native', 'firefoxmt');
    if (got.webkit) speed('bench nps, web build in WebKit / native', 'webkit');
    if (got.webkitmt) speed('bench nps, threaded build in WebKit / native', 'webkitmt');
    const speed2 = (label, id) => {
      const rr = roundRatios(id, 'native2');
      target(label, median(rr), 0.9, true, `   (rounds ${rr.map((x) => fmt(x, 2)).join(', ')})`);
    };
    if (got.native2) {
      speed2('bench nps, 2 threads, Node / native 2 threads', 'webmt2');
      if (got.chromiummt2) speed2('bench nps, 2 threads, Chromium / native 2 thr.', 'chromiummt2');
      if (got.firefoxmt2) speed2('bench nps, 2 threads, Firefox / native 2 thr.', 'firefoxmt2');
      if (got.webkitmt2) speed2('bench nps, 2 threads, WebKit / native 2 thr.', 'webkitmt2');
    }
    if (got.cli) log(`  (node CLI build build-wasm/mainline.js / native: median ${fmt(median(roundRatios('cli')), 2)})`);
  }
  target('stop latency, Node, SharedArrayBuffer (max ms)', Math.max(...sab.stops), 50, false, `   (median ${fmt(median(sab.stops))})`);
  target('stop latency, Node, 2 threads (max ms)', Math.max(...sab2.stops), 50, false, `   (median ${fmt(median(sab2.stops))})`);
  target('stop latency, Node, terminate (max ms)', Math.max(...term.stops), 50, false);
  if (browser) {
    target('stop latency, Chromium COOP/COEP (max ms)', Math.max(...browser.coi.stops), 50, false, `   (median ${fmt(median(browser.coi.stops))})`);
    target('stop latency, Chromium COOP/COEP, 2 threads (max ms)', Math.max(...browser.coi.threadStops), 50, false, `   (median ${fmt(median(browser.coi.threadStops))})`);
    target('stop latency, Chromium plain (max ms)', Math.max(...browser.plain.stops), 50, false);
    target('cold start -> 1st iteration, Chromium plain', median(browser.plain.cold), 100, false, `   (median; best ${fmt(Math.min(...browser.plain.cold))})`);
    target('cold start -> 1st iteration, Chromium COOP/COEP', median(browser.coi.cold), 100, false, `   (median; best ${fmt(Math.min(...browser.coi.cold))})`);
  }
  return { id: 'web', rows, ratios, errors, missed };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const reps = Number(process.argv[process.argv.indexOf('--reps') + 1]) || 3;
  const r = await runWebBench({ reps: process.argv.includes('--reps') ? reps : 3, quick: process.argv.includes('--quick') });
  for (const e of r.errors) console.error(`ERROR: ${e}`);
  console.log(`\n${r.missed} target(s) missed`);
  process.exit(r.errors.length ? 1 : 0);
}
