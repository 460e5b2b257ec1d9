#!/usr/bin/env node
// Keeps a generation's labelled positions in the repository: packs DIR/labelled*.txt (the output
// of `npm run net:generate`, in slice order) into nets/data/gen<G>-seed<S>.mlpk.gz (gzip) with
// build/mainline_data, checks the pack by unpacking it against the input, and records the file in
// nets/data/manifest.json (counts, bytes, labeller, self-play settings). Refuses when nets/data
// would pass its 60 MB budget. Format: docs/network.md "Data files".
//
// Usage: node scripts/tune/pack-data.mjs --generation G --seed S --labeller TEXT --selfplay TEXT DIR
//   (npm run net:pack -- ... calls it after building mainline_data)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DATA = path.join(ROOT, 'nets/data');
const MANIFEST = path.join(DATA, 'manifest.json');
export const BUDGET_BYTES = 60 * 1000 * 1000;
const TOOL = path.join(ROOT, 'build/mainline_data');

const die = (msg) => {
  console.error(`pack-data: ${msg}`);
  process.exit(2);
};
const args = process.argv.slice(2);
const o = { generation: null, seed: null, labeller: null, selfplay: null, dir: null };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const key = a.replace(/^--/, '');
  if (a.startsWith('--') && key in o && key !== 'dir') {
    if (i + 1 >= args.length) die(`${a} needs a value`);
    o[key] = args[++i];
  } else if (!a.startsWith('--') && !o.dir) o.dir = a;
  else die(`unknown argument ${a} (usage: --generation G --seed S --labeller TEXT --selfplay TEXT DIR)`);
}
for (const k of ['generation', 'seed']) if (!/^\d+$/.test(o[k] ?? '')) die(`--${k} must be a whole number (got ${o[k] ?? 'nothing'})`);
for (const k of ['labeller', 'selfplay']) if (!o[k]) die(`--${k} is required: say how the positions were made (it goes into the manifest)`);
if (!o.dir || !existsSync(o.dir)) die(`no such directory: ${o.dir ?? '(none given)'}`);
if (!existsSync(TOOL)) die('build/mainline_data not found (npm run net:pack builds it)');

// labelled-<start>.txt (self-play process 0) and labelled-<k>-<start>.txt, in play order.
const inputs = readdirSync(o.dir)
  .map((f) => /^labelled(?:-(\d+))?-(\d+)\.txt$/.exec(f))
  .filter(Boolean)
  .map((m) => ({ f: m[0], k: m[1] ? Number(m[1]) : 0, start: Number(m[2]) }))
  .sort((a, b) => a.k - b.k || a.start - b.start)
  .map((x) => path.join(o.dir, x.f));
if (!inputs.length) die(`no labelled*.txt in ${o.dir}`);

const name = `gen${o.generation}-seed${o.seed}.mlpk.gz`;
const out = path.join(DATA, name);
if (existsSync(out)) die(`${path.relative(ROOT, out)} exists already: a pack is never overwritten (choose another --seed)`);
const manifest = existsSync(MANIFEST) ? JSON.parse(readFileSync(MANIFEST, 'utf8')) : { format: 'docs/network.md "Data files"', budgetBytes: BUDGET_BYTES, files: [] };

mkdirSync(DATA, { recursive: true });
const tmp = `${out}.new`;
const packed = execFileSync(TOOL, ['pack', tmp, ...inputs], { encoding: 'utf8' });
process.stdout.write(packed);
const m = /: (\d+) positions in (\d+) chains, (\d+) bytes/.exec(packed);
if (!m) die(`unexpected output of mainline_data pack: ${packed}`);

// The pack holds exactly the input: unpacked, it must equal the input lines (FENs in the engine's
// form), compared line by line as both stream (a generation can be millions of lines).
const normal = (/** @type {string} */ l) => l.split('|').map((x) => x.trim()).join(' | ');
async function* inputLines() {
  for (const f of inputs) for await (const l of createInterface({ input: createReadStream(f), crlfDelay: Infinity })) if (l.trim()) yield normal(l);
}
const unpack = spawn(TOOL, ['unpack', tmp], { stdio: ['ignore', 'pipe', 'pipe'] });
let stderr = '';
unpack.stderr.on('data', (d) => (stderr += d));
const exited = new Promise((resolve) => unpack.on('close', resolve));
const want = inputLines();
let count = 0;
let differ = 0;
for await (const back of createInterface({ input: unpack.stdout, crlfDelay: Infinity })) {
  const w = await want.next();
  if (w.done || w.value !== back) differ++;
  count++;
}
if ((await exited) !== 0) die(`unpacking the new pack failed: ${stderr}`);
let left = 0;
for (let w = await want.next(); !w.done; w = await want.next()) left++;
if (left) die(`round trip: ${left} input lines missing from the pack`);
if (differ) die(`round trip: ${differ} of ${count} lines differ (a FEN not in the engine's form?)`);

// Kept gzip-compressed (about a third smaller again; the tools read .mlpk.gz directly), and read
// back through the tool once more: the same count, the checksum whole.
const gz = `${out}.tmp`;
writeFileSync(gz, gzipSync(readFileSync(tmp), { level: 9 }));
const stats = execFileSync(TOOL, ['stats', gz], { encoding: 'utf8' });
if (!stats.includes(`: ${m[1]} positions,`)) die(`the compressed pack reads back differently: ${stats}`);
rmSync(tmp);
const bytes = statSync(gz).size;
const total = manifest.files.reduce((a, f) => a + f.bytes, 0) + bytes;
if (total > BUDGET_BYTES) die(`nets/data would hold ${total} bytes, over the ${BUDGET_BYTES}-byte budget: not added (${gz} kept for inspection)`);
renameSync(gz, out);
manifest.files.push({
  file: name,
  generation: Number(o.generation),
  seed: Number(o.seed),
  positions: Number(m[1]),
  chains: Number(m[2]),
  bytes,
  sha256: createHash('sha256').update(readFileSync(out)).digest('hex'),
  labeller: o.labeller,
  selfplay: o.selfplay,
  packed: new Date().toISOString().slice(0, 10),
});
writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`pack-data: ${path.relative(ROOT, out)} added; nets/data holds ${manifest.files.length} file(s), ${total} bytes of ${BUDGET_BYTES}`);
