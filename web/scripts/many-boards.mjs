#!/usr/bin/env node
// A page of many boards, measured (docs/web-speed.md, "A page of many boards"): twelve
// <mainline-analysis> elements with middlegame positions (tests/data/positions.fen) and no depth
// or movetime, two of them in view, in headless Chromium. For each way asked:
//   --impl new      this checkout's element (a shared pool of engines, boards out of view paused,
//                   searches that end by themselves), at each --pool size
//   --impl old      the element of an earlier commit (--old-commit, default e33beda: a worker per
//                   element, every board searching until it is stopped)
// it prints the page's CPU time over --seconds (default 30: every Chromium process of the run,
// from /proc), the most Workers alive at once, and when each of the boards in view finished.
// Needs an idle machine. Usage:
//   node web/scripts/many-boards.mjs [--impl new,old] [--pool 1,2,3] [--seconds 30] [--reps 1]
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, startServer } from '../test/server.mjs';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(WEB, '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const impls = arg('impl', 'new,old').split(',');
const pools = arg('pool', '1,2,3').split(',').map(Number);
const seconds = Number(arg('seconds', '30'));
const reps = Number(arg('reps', '1'));
const oldCommit = arg('old-commit', 'e33beda');
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;

// A folder the test server serves: the page, this checkout's src/ and dist/, and the old src/.
const root = mkdtempSync(path.join(os.tmpdir(), 'mainline-many-'));
for (const impl of ['new', 'old']) {
  mkdirSync(path.join(root, impl), { recursive: true });
  cpSync(path.join(WEB, 'dist'), path.join(root, impl, 'dist'), { recursive: true });
}
cpSync(path.join(WEB, 'src'), path.join(root, 'new/src'), { recursive: true });
mkdirSync(path.join(root, 'old/src'));
for (const f of execFileSync('git', ['ls-tree', '--name-only', `${oldCommit}:web/src`], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean))
  writeFileSync(path.join(root, 'old/src', f), execFileSync('git', ['show', `${oldCommit}:web/src/${f}`], { cwd: ROOT }));
mkdirSync(path.join(root, 'test'));
const fens = readFileSync(path.join(ROOT, 'tests/data/positions.fen'), 'utf8').split('\n').filter((l) => l.trim()).filter((l) => l.split(' ')[0].replace(/[^a-zA-Z]/g, '').length >= 20).slice(0, 12);
writeFileSync(path.join(root, 'test/many.html'), '<!doctype html><meta charset="utf-8"><title>many boards</title><body><script type="module" src="./many.js"></script></body>\n');
writeFileSync(
  path.join(root, 'test/many.js'),
  `// twelve boards, two in view (written by web/scripts/many-boards.mjs)
const params = new URLSearchParams(location.search);
const impl = params.get('impl');
let live = 0, most = 0, started = 0;
const W = globalThis.Worker;
globalThis.Worker = class extends W { constructor(...a) { super(...a); started++; most = Math.max(most, ++live); } terminate() { live--; super.terminate(); } };
const module = await import(\`../\${impl}/src/element.js\`);
if (params.get('pool')) module.MainlineAnalysis.poolSize = Number(params.get('pool'));
const fens = ${JSON.stringify(fens)};
const t0 = performance.now();
const done = {};
fens.forEach((fen, i) => {
  const b = document.createElement('mainline-analysis');
  b.id = 'b' + i;
  b.setAttribute('fen', fen);
  b.style.cssText = 'display:block;height:190px;--mainline-board-size:160px;margin-bottom:' + (i === 1 ? innerHeight * 3 : 40) + 'px';
  b.addEventListener('bestmove', (e) => { done[b.id] ??= { ms: Math.round(performance.now() - t0), depth: e.detail.depth }; });
  document.body.append(b);
});
window.__state = () => ({ done, most, started, live });
`,
);

/** CPU seconds (user + system) of this process's descendants (the browser and its children). */
function descendantsCpu() {
  const parent = new Map();
  const cpu = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(pid), Number(f[1]));
      cpu.set(Number(pid), (Number(f[11]) + Number(f[12])) / TICKS);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  for (const [pid, t] of cpu) {
    let p = pid;
    while (p > 1 && p !== process.pid) p = parent.get(p) ?? 1;
    if (p === process.pid && pid !== process.pid) total += t;
  }
  return total;
}

const server = await startServer({ root });
try {
  const runs = impls.flatMap((impl) => (impl === 'new' ? pools.map((pool) => ({ impl, pool })) : [{ impl, pool: null }]));
  console.log(`many-boards: 12 boards (tests/data/positions.fen, middlegames), 2 in view, ${seconds} s each, Chromium headless, ${os.cpus().length} cores, old = ${oldCommit}`);
  for (let rep = 0; rep < reps; rep++) {
    for (const { impl, pool } of runs) {
      const chromium = await launchChromium();
      const page = await (await chromium.browser.newContext({ viewport: { width: 900, height: 700 } })).newPage();
      const cpu0 = descendantsCpu();
      const t0 = Date.now();
      await page.goto(`${server.url}/plain/test/many.html?impl=${impl}${pool ? `&pool=${pool}` : ''}`);
      await new Promise((r) => setTimeout(r, seconds * 1000 - (Date.now() - t0)));
      const cpu = descendantsCpu() - cpu0;
      const state = await page.evaluate(() => window.__state());
      await chromium.close();
      const inView = ['b0', 'b1'].map((id) => (state.done[id] ? `${(state.done[id].ms / 1000).toFixed(1)} s (depth ${state.done[id].depth})` : 'not finished')).join(', ');
      console.log(`  ${impl === 'new' ? `new, pool ${pool}` : 'old (a worker each)'}: CPU ${cpu.toFixed(1)} s in ${seconds} s; Workers at most ${state.most} (${state.started} started); boards in view done at ${inView}; boards done ${Object.keys(state.done).length}/12`);
    }
  }
} finally {
  await server.close();
  rmSync(root, { recursive: true, force: true });
}
