// Where does the web build spend the time that native does not? The same `bench` natively under
// `perf` and as WebAssembly under Node's CPU profiler (V8, the engine Chromium runs), each
// function's self time in milliseconds side by side, sorted by what WebAssembly spends more.
//
// Usage: node scripts/profile.mjs [--depth N] [--top N] [--no-build] [--out DIR]
//   --depth N    bench depth (default: the engine's bench depth)
//   --top N      rows to print (default 30)
//   --no-build   use build-wasm-prof/ as it is (else it is configured and built: Release, the same
//                flags as build-wasm/ plus a name section, MAINLINE_WASM_PROFILING=ON)
//   --out DIR    keep perf.data and the .cpuprofile there (default: a temporary folder)
// Needs build/mainline (npm run build), perf (linux-perf) and emcmake. Inlining differs between
// the two compilers, so a function's row holds whatever was inlined into it: compare the big rows
// and the totals, not the small ones. Results and their reading: docs/web-speed.md.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  if (i < 0) return def;
  if (i + 1 >= args.length) throw new Error(`${name} needs a value`);
  return args[i + 1];
};
for (const a of args) {
  if (a.startsWith('--') && !['--depth', '--top', '--no-build', '--out', '--help'].includes(a)) {
    console.error(`profile: unknown option ${a} (see --help)`);
    process.exit(2);
  }
}
if (args.includes('--help')) {
  console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(0, 13).map((l) => l.replace(/^\/\/ ?/, '')).join('\n'));
  process.exit(0);
}
const depth = opt('--depth', '');
if (depth && !/^\d+$/.test(depth)) throw new Error(`--depth: not a whole number: ${depth}`);
const top = Number(opt('--top', '30'));
if (!Number.isInteger(top) || top < 1) throw new Error('--top must be a whole number of rows');
const out = opt('--out', '') || mkdtempSync(path.join(os.tmpdir(), 'mainline-profile-'));
mkdirSync(out, { recursive: true });
const benchCmd = depth ? `bench ${depth}` : 'bench';

const native = path.join(ROOT, 'build/mainline');
if (!existsSync(native)) throw new Error('build/mainline not found: run `npm run build` first');
const profDir = path.join(ROOT, 'build-wasm-prof');
if (!args.includes('--no-build')) {
  const run = (cmd, a) => {
    // em++ -O2 and above run acorn (Debian's node-acorn), found through NODE_PATH as scripts/build.sh sets it
    const env = { ...process.env, NODE_PATH: ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(':') };
    const r = spawnSync(cmd, a, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`${cmd} ${a.join(' ')} failed (${r.status})`);
  };
  console.log('building build-wasm-prof/mainline.js (Release, with function names) ...');
  run('emcmake', ['cmake', '-S', '.', '-B', profDir, '-DCMAKE_BUILD_TYPE=Release', '-DMAINLINE_WASM_PROFILING=ON', `-DMAINLINE_WEB_DIST_DIR=${path.join(profDir, 'dist')}`]);
  run('cmake', ['--build', profDir, '-j', String(os.availableParallelism?.() ?? 2), '--target', 'mainline']);
}
const wasmCli = path.join(profDir, 'mainline.js');
if (!existsSync(wasmCli)) throw new Error(`${wasmCli} not found (run without --no-build)`);

const benchFigures = (text) => ({
  nodes: Number(/Nodes searched\s*:\s*(\d+)/.exec(text)?.[1]),
  ms: Number(/Total time \(ms\)\s*:\s*(\d+)/.exec(text)?.[1]),
});

/** Short names: no argument lists, no namespace, no template arguments. */
const shortName = (name) => {
  let s = name.replace(/\(anonymous namespace\)::/g, '').replace(/mainline::/g, '');
  // drop the argument list (the last balanced (...) group) and template arguments
  let depthP = 0;
  let cut = -1;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '(') {
      if (depthP === 0 && cut < 0 && i > 0) cut = i;
      depthP++;
    } else if (s[i] === ')') depthP--;
  }
  if (cut > 0) s = s.slice(0, cut);
  s = s.replace(/<[^<>]*(<[^<>]*>[^<>]*)*>/g, '<>').trim();
  // a return type in front ("int Searcher::search_node<>", "Move* generate<>"): the last word is the name
  return s.split(' ').filter(Boolean).at(-1) || name;
};

const demangle = (names) => {
  const mangled = names.filter((n) => n.startsWith('_Z'));
  if (!mangled.length) return new Map();
  const r = spawnSync('c++filt', [], { input: mangled.join('\n'), encoding: 'utf8' });
  const lines = r.status === 0 ? r.stdout.split('\n') : mangled;
  return new Map(mangled.map((m, i) => [m, lines[i] || m]));
};

// ---- native under perf
console.log(`native: perf record ${native} "${benchCmd}" ...`);
const perfData = path.join(out, 'perf.data');
const nativeOut = execFileSync('perf', ['record', '-e', 'cpu-clock', '-F', '4000', '-o', perfData, '--', native, benchCmd], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
const nb = benchFigures(nativeOut);
const report = execFileSync('perf', ['report', '-i', perfData, '--stdio', '--no-children', '--sort', 'symbol', '--percent-limit', '0.05'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 << 20 });
/** @type {Map<string, number>} share of self samples, 0..1 */
const nativeShare = new Map();
for (const line of report.split('\n')) {
  // "    20.36%  [.] mainline::TranspositionTable::probe      -      -" (IPC columns after the name)
  const m = /^\s+([\d.]+)%\s+\[[.k]\]\s+(.+?)(?:\s{2,}.*)?$/.exec(line);
  if (!m) continue;
  const k = shortName(m[2]);
  nativeShare.set(k, (nativeShare.get(k) ?? 0) + Number(m[1]) / 100);
}

// ---- WebAssembly under Node's profiler
console.log(`wasm:   node --cpu-prof ${path.relative(ROOT, wasmCli)} "${benchCmd}" ...`);
const cpuDir = path.join(out, 'cpuprofile');
const wasmOut = execFileSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', cpuDir, '--cpu-prof-interval', '250', wasmCli, benchCmd], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
const wb = benchFigures(wasmOut);
const profFile = readdirSync(cpuDir).filter((f) => f.endsWith('.cpuprofile')).map((f) => path.join(cpuDir, f)).at(-1);
const prof = JSON.parse(readFileSync(profFile, 'utf8'));
const self = new Map();
let totalHits = 0;
for (const n of prof.nodes) {
  const hits = n.hitCount ?? 0;
  if (!hits) continue;
  const name = n.callFrame.functionName || '(anonymous)';
  if (name === '(idle)') continue;
  self.set(name, (self.get(name) ?? 0) + hits);
  totalHits += hits;
}
const dm = demangle([...self.keys()]);
/** @type {Map<string, number>} */
const wasmShare = new Map();
for (const [name, hits] of self) {
  const k = shortName(dm.get(name) ?? name.replace(/^\$/, ''));
  wasmShare.set(k, (wasmShare.get(k) ?? 0) + hits / totalHits);
}

// ---- side by side: each function's self time in ms of each run (share x the bench's time)
if (nb.nodes !== wb.nodes) console.log(`WARNING: bench signatures differ: native ${nb.nodes}, wasm ${wb.nodes}`);
const rows = [...new Set([...nativeShare.keys(), ...wasmShare.keys()])].map((k) => {
  const n = (nativeShare.get(k) ?? 0) * nb.ms;
  const w = (wasmShare.get(k) ?? 0) * wb.ms;
  return { k, n, w, d: w - n };
});
rows.sort((a, b) => b.d - a.d);
const f = (x) => x.toFixed(0).padStart(7);
console.log(`\nbench ${depth || '(default depth)'}: ${nb.nodes} nodes; native ${nb.ms} ms (under perf), wasm ${wb.ms} ms (under the profiler): wasm/native time ${(wb.ms / nb.ms).toFixed(2)}, nps ratio ${(nb.ms / wb.ms).toFixed(2)}`);
console.log(`self time in ms (share of samples x the run's time), sorted by wasm - native; profiles in ${out}\n`);
console.log(`${'function'.padEnd(48)} ${'native'.padStart(7)} ${'wasm'.padStart(7)} ${'extra'.padStart(7)}  wasm/native`);
for (const r of rows.slice(0, top)) {
  console.log(`${r.k.slice(0, 48).padEnd(48)} ${f(r.n)} ${f(r.w)} ${f(r.d)}  ${r.n > 0.5 ? (r.w / r.n).toFixed(2) : '-'}`);
}
const rest = rows.slice(top).reduce((a, r) => ({ n: a.n + r.n, w: a.w + r.w }), { n: 0, w: 0 });
console.log(`${'(the rest)'.padEnd(48)} ${f(rest.n)} ${f(rest.w)} ${f(rest.w - rest.n)}`);
