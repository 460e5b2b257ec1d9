#!/usr/bin/env node
// `npm run bench`: speed benchmarks of Mainline (native and wasm) against Debian's Stockfish.
//
// Every engine is driven as a child process over UCI on stdin/stdout: `uci` -> `uciok`,
// `isready` -> `readyok` (load/init time excluded), `position ...`, `isready` -> `readyok`, then the
// clock runs from writing `go perft N` until the `Nodes searched: N` line arrives. Each measurement
// uses a fresh process, is repeated (default 3x) and engines are interleaved (order rotated every
// round) so machine noise hits all of them alike. Reported: best and median time, nodes, Mnps, and
// speed ratios against targets. Node counts must agree between all engines (else exit 1).
//
// Usage: node scripts/bench.mjs [--reps N] [--quick] [--section perft|web|threads] [--json FILE] [--strict]
//   --quick   one ply less everywhere (smoke test of the benchmark itself)
//   --strict  exit 1 when a target is missed (default: report only)
//   --wasm-argv  time the wasm build in argv mode (the fallback used if UCI over stdin fails)
//
// Benchmarks are organised as SECTIONS (see the bottom of the file); a later "search bench"
// section adds an entry there with its own measure() function and ratios.
import { existsSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import os from 'node:os';
import { UciProcess } from './lib/uci-process.mjs';
import { runWebBench } from '../web/scripts/bench-web.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// ---------------------------------------------------------------------------------------------
// command line
const opts = { reps: 3, quick: false, sections: null, json: null, strict: false, wasmArgv: false };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--reps') opts.reps = Math.max(1, parseInt(process.argv[++i], 10) || 3);
  else if (a === '--quick') opts.quick = true;
  else if (a === '--section') (opts.sections ??= []).push(process.argv[++i]);
  else if (a === '--json') opts.json = process.argv[++i];
  else if (a === '--strict') opts.strict = true;
  else if (a === '--wasm-argv') opts.wasmArgv = true;
  else if (a === '-h' || a === '--help') {
    console.log('usage: node scripts/bench.mjs [--reps N] [--quick] [--section perft] [--json FILE] [--strict] [--wasm-argv]');
    process.exit(0);
  } else { console.error(`bench: unknown argument ${a}`); process.exit(2); }
}

// ---------------------------------------------------------------------------------------------
// engines
function findStockfish() {
  for (const p of ['/usr/games/stockfish', '/usr/bin/stockfish', '/usr/local/bin/stockfish']) {
    if (existsSync(p)) return p;
  }
  return null;
}

const ENGINES = {
  native: {
    label: 'Mainline native',
    cmd: path.join(ROOT, 'build/mainline'), args: [],
    missing: 'build/mainline not found: run `npm run build` first',
  },
  stockfish: {
    label: 'Stockfish (Debian)',
    cmd: findStockfish(), args: [],
    missing: 'stockfish not found (/usr/games/stockfish): run `npm run setup` (apt-get install stockfish)',
  },
  wasm: {
    label: 'Mainline wasm/node',
    cmd: process.execPath, args: [path.join(ROOT, 'build-wasm/mainline.js')],
    requires: path.join(ROOT, 'build-wasm/mainline.js'),
    missing: 'build-wasm/mainline.js not found: run `npm run build` first',
    argvFallback: true,            // may be timed via argv mode if UCI over stdin does not work
  },
};

// Measurement of one `go perft` over UCI on stdin. Returns { ms, nodes, name }.
// Every engine first runs the same perft once, untimed, in the same process: the timed
// run then measures steady-state speed. Without it the WASM engine's timing would include V8
// compiling its hot functions to the optimising tier, which native code never pays, and an
// embedded engine is long-lived. All engines get the same warm-up.
async function perftViaUci(engine, position, depth) {
  const p = new UciProcess(engine.cmd, engine.args);
  try {
    await p.handshake();
    p.send(`position ${position}`);
    await p.isready();
    p.send(`go perft ${depth}`);
    await p.waitFor(/^Nodes searched\s*:\s*(\d+)/, 30 * 60 * 1000, "'Nodes searched: N' (warm-up)");
    await p.isready();
    const t0 = performance.now();
    p.send(`go perft ${depth}`);
    const { match, t } = await p.waitFor(/^Nodes searched\s*:\s*(\d+)/, 30 * 60 * 1000, "'Nodes searched: N'");
    const r = { ms: t - t0, nodes: Number(match[1]), name: p.name };
    await p.close();
    return r;
  } finally { p.kill(); }
}

// Fallback when a program cannot be driven over stdin: run it as
//   prog isready "position ..." "go perft N"
// (argv elements are executed in order) and time from the arrival of `readyok`, printed after
// start-up and init, to the `Nodes searched` line.
async function perftViaArgv(engine, position, depth) {
  const p = new UciProcess(engine.cmd, [...engine.args, 'isready', `position ${position}`, `go perft ${depth}`]);
  try {
    const ready = await p.waitFor(/^readyok\s*$/, 60000, 'readyok');
    const { match, t } = await p.waitFor(/^Nodes searched\s*:\s*(\d+)/, 30 * 60 * 1000, "'Nodes searched: N'");
    await p.exitPromise;
    return { ms: t - ready.t, nodes: Number(match[1]) };
  } finally { p.kill(); }
}

async function measurePerft(engine, c) {
  if (engine.mode !== 'argv') {
    try {
      const r = await perftViaUci(engine, c.position, c.depth);
      engine.mode = 'uci';
      if (r.name) engine.name = r.name;
      return r;
    } catch (e) {
      if (!engine.argvFallback || engine.mode === 'uci') throw e;
      engine.mode = 'argv';
      engine.note = `UCI over stdin failed (${e.message}); timed in argv mode (\`prog isready 'position ...' 'go perft N'\`, from readyok to 'Nodes searched')`;
      console.log(`  note: ${engine.label}: ${engine.note}`);
    }
  }
  return perftViaArgv(engine, c.position, c.depth);
}

// ---------------------------------------------------------------------------------------------
// helpers
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const n = s.length; return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; };
const fmt = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-');
const pad = (s, n, right = false) => (right ? String(s).padStart(n) : String(s).padEnd(n));

// ---------------------------------------------------------------------------------------------
// benchmark sections
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const EXPECTED_PERFT = {
  startpos: { 4: 197281, 5: 4865609, 6: 119060324 },
  kiwipete: { 3: 97862, 4: 4085603, 5: 193690690 },
};

const SECTIONS = [
  {
    id: 'perft',
    title: 'Perft speed (move generation)',
    engines: ['native', 'stockfish', 'wasm'],
    cases: [
      { id: 'startpos', label: 'start position', position: 'startpos', depth: 6 },
      { id: 'kiwipete', label: 'Kiwipete', position: `fen ${KIWIPETE}`, depth: 5 },
    ],
    measure: measurePerft,
    // speed ratio a/b = time(b) / time(a), from best times
    ratios: [
      { label: 'ours/stockfish', a: 'native', b: 'stockfish', target: 1.0 },
      { label: 'wasm/native', a: 'wasm', b: 'native', target: 0.85 },
    ],
    expected: (c) => EXPECTED_PERFT[c.id]?.[c.depth],
  },
  {
    // web package budgets: gzipped download size, bench nps of the web build in Node vs native,
    // stop latency, cold start in Chromium (web/scripts/bench-web.mjs)
    id: 'web',
    title: 'Web package (wasm_bindings/, web/): size, wasm/native bench nps, stop latency, cold start',
    engines: [],
    run: () => runWebBench({ reps: opts.reps, quick: opts.quick }),
  },
  {
    // Lazy SMP: time to depth over the bench positions (`bench D hash 64 threads N`, the main
    // thread's depth), 1 thread against 2, interleaved; natively and in the threaded web build
    // under Node (the package's engine.bench(D, threads), 16 MB hash).
    id: 'threads',
    title: 'Threads: time to depth, 1 thread vs 2 (native and threaded web build in Node, bench positions)',
    engines: [],
    run: () => runThreadsBench(),
  },
  // >>> later: { id: 'search', title: 'Search speed (fixed-depth bench)', engines: [...], cases: [...],
  //             measure: measureSearch, ratios: [...] },
];

// ---------------------------------------------------------------------------------------------
async function runThreadsBench() {
  const { execFileSync } = await import('node:child_process');
  const depth = opts.quick ? 11 : 14;
  const counts = [1, 2];
  const times = { 1: [], 2: [] };
  const run = (threads) => {
    const out = execFileSync(ENGINES.native.cmd, [`bench ${depth} hash 64 threads ${threads}`], { encoding: 'utf8' });
    const ms = Number(/Total time \(ms\)\s*:\s*(\d+)/.exec(out)?.[1]);
    const nodes = Number(/Nodes searched\s*:\s*(\d+)/.exec(out)?.[1]);
    if (!Number.isFinite(ms)) throw new Error(`no 'Total time' in the output of bench with ${threads} threads`);
    return { ms, nodes };
  };
  const ratios = [];
  for (let rep = 0; rep < opts.reps; rep++) {
    const round = {};
    for (const t of rep % 2 ? [...counts].reverse() : counts) {
      round[t] = run(t);
      times[t].push(round[t].ms);
      console.log(`  round ${rep + 1}/${opts.reps}  ${t} thread${t > 1 ? 's' : ' '}  depth ${depth}  ${pad(round[t].ms, 7, true)} ms  ${round[t].nodes} nodes`);
    }
    ratios.push(round[1].ms / round[2].ms);
  }
  const target = 1.6;
  const ratio = median(ratios);
  const pass = ratio >= target;
  console.log(`\nnative: time to depth ${depth}, 1 thread / 2 threads: median ${fmt(ratio, 2)} (rounds ${ratios.map((r) => fmt(r, 2)).join(', ')}), ` +
    `target >= ${fmt(target, 2)}  ${pass ? 'PASS' : 'MISS'}`);

  // The threaded web build in Node: one engine, its bench with 1 and 2 threads, interleaved.
  const { createEngine } = await import(pathToFileURL(path.join(ROOT, 'web/src/node.js')).href);
  const engine = await createEngine({ build: 'threaded' });
  const webTimes = { 1: [], 2: [] };
  const webRatios = [];
  try {
    for (let rep = 0; rep < opts.reps; rep++) {
      const round = {};
      for (const t of rep % 2 ? [...counts].reverse() : counts) {
        round[t] = await engine.bench(depth, t);
        webTimes[t].push(round[t].timeMs);
        console.log(`  round ${rep + 1}/${opts.reps}  web ${t} thread${t > 1 ? 's' : ' '}  depth ${depth}  ${pad(round[t].timeMs, 7, true)} ms  ${round[t].nodes} nodes`);
      }
      webRatios.push(round[1].timeMs / round[2].timeMs);
    }
  } finally {
    engine.terminate();
  }
  const webTarget = 1.5;
  const webRatio = median(webRatios);
  const webPass = webRatio >= webTarget;
  console.log(`threaded web build in Node: time to depth ${depth}, 1 thread / 2 threads: median ${fmt(webRatio, 2)} ` +
    `(rounds ${webRatios.map((r) => fmt(r, 2)).join(', ')}), target >= ${fmt(webTarget, 2)}  ${webPass ? 'PASS' : 'MISS'}`);
  return { id: 'threads',
    rows: [...counts.map((t) => ({ build: 'native', threads: t, depth, ms: times[t] })), ...counts.map((t) => ({ build: 'web-threaded', threads: t, depth, ms: webTimes[t] }))],
    ratios: [{ ratio: 'ttd 1/2 native', value: ratio, target, pass }, { ratio: 'ttd 1/2 web', value: webRatio, target: webTarget, pass: webPass }],
    errors: [], missed: (pass ? 0 : 1) + (webPass ? 0 : 1) };
}

async function runSection(sec) {
  const cases = sec.cases.map((c) => ({ ...c, depth: opts.quick ? c.depth - 1 : c.depth }));
  const engines = sec.engines;
  const results = {};                              // results[case][engine] = [{ms, nodes}]
  for (const c of cases) { results[c.id] = {}; for (const e of engines) results[c.id][e] = []; }

  console.log(`\n## ${sec.title} — ${opts.reps} rounds, engines interleaved`);
  for (let rep = 0; rep < opts.reps; rep++) {
    for (const c of cases) {
      for (let k = 0; k < engines.length; k++) {
        const eid = engines[(k + rep) % engines.length];       // rotate order each round
        const r = await sec.measure(ENGINES[eid], c);
        results[c.id][eid].push(r);
        console.log(`  round ${rep + 1}/${opts.reps}  ${pad(c.label, 15)} d${c.depth}  ${pad(ENGINES[eid].label, 20)} ${pad(fmt(r.ms, 1), 10, true)} ms  ${r.nodes} nodes`);
      }
    }
  }

  // node-count agreement
  const errors = [];
  for (const c of cases) {
    const expect = sec.expected?.(c);
    const counts = new Set();
    for (const e of engines) for (const r of results[c.id][e]) counts.add(r.nodes);
    if (counts.size !== 1) {
      errors.push(`${c.label} d${c.depth}: node counts disagree: ` +
        engines.map((e) => `${ENGINES[e].label}=${[...new Set(results[c.id][e].map((r) => r.nodes))].join('/')}`).join(', '));
    } else if (expect !== undefined && !counts.has(expect)) {
      errors.push(`${c.label} d${c.depth}: all engines report ${[...counts][0]} nodes, expected ${expect}`);
    }
  }

  // table
  const rows = [];
  const hdr = `${pad('position', 15)} ${pad('depth', 5, true)}  ${pad('engine', 20)} ${pad('nodes', 11, true)} ${pad('best ms', 10, true)} ${pad('median ms', 10, true)} ${pad('Mnps best', 9, true)} ${pad('Mnps med', 9, true)}`;
  console.log(`\n${hdr}\n${'-'.repeat(hdr.length)}`);
  const summary = {};
  for (const c of cases) {
    summary[c.id] = {};
    for (const e of engines) {
      const rs = results[c.id][e];
      const best = Math.min(...rs.map((r) => r.ms));
      const med = median(rs.map((r) => r.ms));
      const nodes = rs[0].nodes;
      summary[c.id][e] = { best, median: med, nodes, mnpsBest: nodes / best / 1000, mnpsMedian: nodes / med / 1000 };
      const s = summary[c.id][e];
      const row = `${pad(c.label, 15)} ${pad(c.depth, 5, true)}  ${pad(ENGINES[e].label, 20)} ${pad(nodes, 11, true)} ${pad(fmt(best), 10, true)} ${pad(fmt(med), 10, true)} ${pad(fmt(s.mnpsBest), 9, true)} ${pad(fmt(s.mnpsMedian), 9, true)}`;
      console.log(row);
      rows.push({ case: c.id, depth: c.depth, engine: e, ...s, mode: ENGINES[e].mode });
    }
  }

  // ratios
  const ratioRows = [];
  let missed = 0;
  console.log(`\nspeed ratios (from best times; median in parentheses)`);
  for (const c of cases) {
    for (const r of sec.ratios) {
      if (!engines.includes(r.a) || !engines.includes(r.b)) continue;
      const A = summary[c.id][r.a], B = summary[c.id][r.b];
      const ratio = B.best / A.best, ratioMed = B.median / A.median;
      const ok = Number.isFinite(ratio) && ratio >= r.target;
      if (!ok) missed++;
      ratioRows.push({ case: c.id, ratio: r.label, value: ratio, median: ratioMed, target: r.target, pass: ok });
      console.log(`  ${pad(c.label, 15)} d${c.depth}  ${pad(r.label, 15)} ${pad(fmt(ratio, 2), 6, true)} (${fmt(ratioMed, 2)})  target >= ${fmt(r.target, 2)}  ${ok ? 'PASS' : 'MISS'}`);
    }
  }
  return { id: sec.id, rows, ratios: ratioRows, errors, missed };
}

async function main() {
  const sections = SECTIONS.filter((s) => !opts.sections || opts.sections.includes(s.id));
  if (!sections.length) { console.error(`bench: no such section (have: ${SECTIONS.map((s) => s.id).join(', ')})`); process.exit(2); }
  const needed = new Set(sections.flatMap((s) => s.engines));
  if (opts.wasmArgv) {
    ENGINES.wasm.mode = 'argv';
    ENGINES.wasm.note = "forced by --wasm-argv: `node mainline.js isready 'position ...' 'go perft N'`, timed from readyok to 'Nodes searched'";
  }
  const missing = [...needed].filter((e) => !ENGINES[e].cmd || !existsSync(ENGINES[e].requires ?? ENGINES[e].cmd));
  if (missing.length) {
    for (const e of missing) console.error(`bench: ${ENGINES[e].missing}`);
    process.exit(1);
  }
  console.log(`Mainline benchmark — ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, node ${process.version}`);
  console.log('timing: UCI over stdin, from writing `go ...` to the result line; process start-up and engine init (uci/isready) excluded');

  const out = [];
  for (const s of sections) {
    if (s.run) console.log(`\n## ${s.title} — ${opts.reps} rounds`);
    out.push(await (s.run ? s.run(s) : runSection(s)));
  }

  const show = (p) => (p.startsWith(ROOT + path.sep) ? path.relative(ROOT, p) : p);
  console.log('\nengines:');
  for (const e of needed) {
    const en = ENGINES[e];
    const how = en.mode === 'argv' ? 'argv mode' : 'UCI over stdin';
    console.log(`  ${pad(en.label, 20)} ${pad(en.name ? `"${en.name}"` : '', 18)} ${[en.cmd, ...en.args].map(show).join(' ')}  [${how}]${en.note ? '\n    note: ' + en.note : ''}`);
  }
  const errors = out.flatMap((s) => s.errors);
  const missed = out.reduce((n, s) => n + s.missed, 0);
  if (opts.json) writeFileSync(opts.json, JSON.stringify({ date: new Date().toISOString(), cpu: os.cpus()[0]?.model, sections: out }, null, 2));
  for (const e of errors) console.error(`ERROR: ${e}`);
  console.log(`\n${errors.length ? 'FAILED: node counts disagree' : 'node counts agree'}; ${missed} target(s) missed`);
  process.exit(errors.length || (opts.strict && missed) ? 1 : 0);
}

main().catch((e) => { console.error(`bench: ${e.stack || e}`); process.exit(1); });
