// Compiler flags for the WebAssembly build, measured: each variant's node CLI build
// (build-wasm-var-<name>/mainline.js, Release, the flags added to every wasm object and the link)
// runs `bench` in interleaved rounds beside the native build/mainline; prints each round's nodes per
// second, the median ratio to native of each variant, and checks that every bench signature is
// the same. Results and their reading: docs/web-speed.md.
//
// Usage: node scripts/wasm-flags.mjs [--rounds N] [--depth D] [--no-build] NAME=FLAGS...
//   e.g. node scripts/wasm-flags.mjs base= signext=-msign-ext "both=-msign-ext;-mbulk-memory"
//   FLAGS is a ;-list (MAINLINE_WASM_EXTRA_FLAGS); an empty one is the default build.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
let rounds = 5;
let depth = '';
let build = true;
const variants = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--rounds') rounds = Number(args[++i]);
  else if (a === '--depth') depth = args[++i];
  else if (a === '--no-build') build = false;
  else if (/^[a-z0-9_-]+=/i.test(a)) variants.push({ name: a.slice(0, a.indexOf('=')), flags: a.slice(a.indexOf('=') + 1) });
  else {
    console.error(`wasm-flags: unknown argument ${a} (usage: [--rounds N] [--depth D] [--no-build] NAME=FLAGS...)`);
    process.exit(2);
  }
}
if (!variants.length || !Number.isInteger(rounds) || rounds < 1 || (depth && !/^\d+$/.test(depth))) {
  console.error('wasm-flags: give at least one NAME=FLAGS, --rounds a whole number, --depth a number');
  process.exit(2);
}
const native = path.join(ROOT, 'build/mainline');
if (!existsSync(native)) throw new Error('build/mainline not found: run `npm run build` first');

for (const v of variants) {
  v.dir = path.join(ROOT, `build-wasm-var-${v.name}`);
  if (!build) continue;
  console.log(`building ${path.relative(ROOT, v.dir)} (${v.flags || 'default flags'}) ...`);
  const run = (cmd, a) => {
    // em++ -O2 and above run acorn (Debian's node-acorn), found through NODE_PATH as scripts/build.sh sets it
    const env = { ...process.env, NODE_PATH: ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(':') };
    const r = spawnSync(cmd, a, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`${cmd} ${a.join(' ')} failed (${r.status})`);
  };
  run('emcmake', ['cmake', '-S', '.', '-B', v.dir, '-DCMAKE_BUILD_TYPE=Release', '-DMAINLINE_BUILD_TESTS=OFF', `-DMAINLINE_WASM_EXTRA_FLAGS=${v.flags}`]);
  run('cmake', ['--build', v.dir, '-j', String(os.availableParallelism?.() ?? 2), '--target', 'mainline']);
}

const bench = (cmd, a) => {
  const out = execFileSync(cmd, [...a, depth ? `bench ${depth}` : 'bench'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return { nodes: Number(/Nodes searched\s*:\s*(\d+)/.exec(out)?.[1]), nps: Number(/Nodes\/second\s*:\s*(\d+)/.exec(out)?.[1]) };
};
const engines = [{ name: 'native', run: () => bench(native, []) }, ...variants.map((v) => ({ name: v.name, run: () => bench(process.execPath, [path.join(v.dir, 'mainline.js')]) }))];
/** @type {Record<string, { nodes: number, nps: number }[]>} */
const got = Object.fromEntries(engines.map((e) => [e.name, []]));
for (let r = 0; r < rounds; r++) {
  const line = [];
  for (let k = 0; k < engines.length; k++) {
    const e = engines[(k + r) % engines.length];
    const x = e.run();
    got[e.name].push(x);
    line.push(`${e.name} ${x.nps}`);
  }
  console.log(`round ${r + 1}/${rounds}: ${line.join(', ')}`);
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const signatures = new Set(Object.values(got).flat().map((x) => x.nodes));
console.log(`\nbench signature: ${[...signatures].join(', ')}${signatures.size === 1 ? ' (all agree)' : '  MISMATCH'}`);
for (const e of engines) {
  const ratios = got[e.name].map((x, i) => x.nps / got.native[i].nps);
  console.log(`${e.name.padEnd(12)} median nps ${String(median(got[e.name].map((x) => x.nps))).padStart(8)}   / native: median ${median(ratios).toFixed(3)} (rounds ${ratios.map((x) => x.toFixed(3)).join(', ')})`);
}
process.exit(signatures.size === 1 ? 0 : 1);
