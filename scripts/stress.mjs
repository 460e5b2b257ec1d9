#!/usr/bin/env node
// Stress test of a UCI engine program over a real pipe: rapid go/stop cycles mixed with position,
// setoption and ucinewgame (scripts/lib/uci-stress.mjs says what is sent and checked). Prints the
// figures and exits 1 on any problem. Run by scripts/test.sh on build/mainline (10,000 cycles) and
// on the ASan+UBSan build.
//   node scripts/stress.mjs [--engine build/mainline] [--cycles 10000] [--seed 1] [--max-growth-mb 32] [--threads 1]
// --engine takes a program and its arguments ("node web/bin/mainline-uci.js" works too).
// --max-growth-mb: how much the resident memory (with Hash 16) may grow between the sample after
// the warm-up and the end; -1 reports it without checking (sanitizer builds keep freed memory).
// --threads N: search with N threads (Lazy SMP), changing between 1 and N now and then.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runUciStress } from './lib/uci-stress.mjs';

const { values: opt } = parseArgs({
  options: {
    engine: { type: 'string', default: 'build/mainline' },
    cycles: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    'max-growth-mb': { type: 'string', default: '32' },
    threads: { type: 'string', default: '1' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (opt.help) {
  console.log('usage: node scripts/stress.mjs [--engine CMD] [--cycles N] [--seed N] [--max-growth-mb MB] [--threads N]');
  process.exit(0);
}
const cycles = Number(opt.cycles);
const seed = Number(opt.seed);
const threads = Number(opt.threads);
const maxGrowth = Number(opt['max-growth-mb']) * 1024 * 1024;
const [cmd, ...args] = opt.engine.split(/\s+/);

const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
let exited = null;
const exit = new Promise((resolve) => child.on('exit', (code, signal) => resolve((exited = { code, signal }))));
child.on('error', (e) => {
  console.error(`stress: cannot start ${opt.engine}: ${e.message}`);
  process.exit(1);
});
let stderr = '';
child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-8000)));
child.stdin.on('error', () => {}); // EPIPE when the engine died: reported below

const listeners = [];
let partial = '';
child.stdout.setEncoding('utf8');
child.stdout.on('data', (chunk) => {
  const parts = (partial + chunk).split('\n');
  partial = parts.pop();
  for (const line of parts) for (const fn of listeners) fn(line.replace(/\r$/, ''));
});

// Resident and peak memory of the engine process (Linux /proc), in bytes.
const status = (field) => {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
};
const mb = (b) => (b / 1048576).toFixed(1);

const engine = {
  send(line) {
    if (!exited) child.stdin.write(`${line}\n`);
  },
  onLine: (fn) => listeners.push(fn),
};

let result;
try {
  result = await runUciStress(engine, { cycles, seed, threads, memory: async () => status('VmRSS'), log: (s) => console.log(`stress: ${s}`) });
} catch (e) {
  console.error(`stress: FAIL ${e.message}`);
  if (exited) console.error(`stress: the engine exited (${JSON.stringify(exited)}); stderr:\n${stderr}`);
  child.kill('SIGKILL');
  process.exit(1);
}
const peak = status('VmHWM');
engine.send('quit');
const end = await Promise.race([exit, new Promise((r) => setTimeout(() => r(null), 5000))]);
const problems = [...result.problems];
if (!end) {
  problems.push('the engine did not exit within 5 s of quit');
  child.kill('SIGKILL');
} else if (end.code !== 0) problems.push(`the engine exited with ${JSON.stringify(end)}; stderr:\n${stderr}`);
if (result.gos !== result.bestmoves) problems.push(`${result.gos} go commands, ${result.bestmoves} bestmoves`);
const growth = result.memEnd - result.memWarm;
if (maxGrowth >= 0 && !(growth <= maxGrowth)) problems.push(`resident memory grew by ${mb(growth)} MB (limit ${mb(maxGrowth)} MB)`);

console.log(`stress: ${opt.engine}: ${result.cycles} go/stop cycles (seed ${seed}${threads > 1 ? `, Threads up to ${threads}` : ''}) in ${(result.elapsedMs / 1000).toFixed(1)} s ` +
  `(${Math.round(result.cycles / (result.elapsedMs / 1000))}/s); ${result.gos} go, ${result.bestmoves} bestmove, ` +
  `${result.errors} bad commands refused; ` +
  `stop -> bestmove median ${result.stopMs.median.toFixed(1)} ms, 99% ${result.stopMs.p99.toFixed(1)} ms, ` +
  `max ${result.stopMs.max.toFixed(1)} ms; slowest isready ${result.maxReadyMs.toFixed(1)} ms; RSS (Hash 16) after warm-up ${mb(result.memWarm)} MB, ` +
  `at the end ${mb(result.memEnd)} MB, peak ${mb(peak)} MB`);
for (const x of result.stopMs.slowest)
  console.log(`stress:   slow stop: ${x.ms.toFixed(1)} ms, '${x.go}' after '${x.before ?? '-'}' in '${x.position}'`);
if (problems.length) {
  for (const p of problems) console.error(`stress: FAIL ${p}`);
  process.exit(1);
}
console.log('stress: ok');
