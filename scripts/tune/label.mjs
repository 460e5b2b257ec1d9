#!/usr/bin/env node
// Labels tuning positions with a reference engine's search score (default: Debian's Stockfish
// 15.1), so that the tuner can fit the evaluation to a stronger judgement than the result of one
// game. Reads the lines mainline_datagen writes,
//     FEN | score | result
// and writes each with the reference score (centipawns, white's side) appended:
//     FEN | score | result | reference score
// or, with --replace, in place of Mainline's own score (the network trainer's input):
//     FEN | reference score | result
// Positions the reference scores as a mate are dropped (no centipawn value to fit).
//
// Usage: node scripts/tune/label.mjs [--engine CMD] [--nodes N | --depth N] [--jobs N] [--replace] in.txt > out.txt
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { UciProcess, splitCommand } from '../lib/uci-process.mjs';

const args = process.argv.slice(2);
const opt = { engine: '/usr/games/stockfish', nodes: 0, depth: 0, jobs: 2, replace: false, input: null };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--engine') opt.engine = args[++i];
  else if (a === '--nodes') opt.nodes = Number(args[++i]);
  else if (a === '--depth') opt.depth = Number(args[++i]);
  else if (a === '--jobs') opt.jobs = Math.max(1, Number(args[++i]));
  else if (a === '--replace') opt.replace = true;
  else if (!a.startsWith('--') && !opt.input) opt.input = a;
  else {
    console.error('usage: node scripts/tune/label.mjs [--engine CMD] [--nodes N | --depth N] [--jobs N] [--replace] in.txt > out.txt');
    process.exit(2);
  }
}
if (!opt.input) {
  console.error('label: no input file');
  process.exit(2);
}
if (!opt.nodes && !opt.depth) opt.nodes = 3000;
const go = opt.depth ? `go depth ${opt.depth}` : `go nodes ${opt.nodes}`;

const lines = createInterface({ input: createReadStream(opt.input), crlfDelay: Infinity })[Symbol.asyncIterator]();
let done = 0, dropped = 0;
const t0 = Date.now();

/** One reference engine working through the shared input. */
async function worker() {
  const [cmd, ...cmdArgs] = splitCommand(opt.engine);
  const e = new UciProcess(cmd, cmdArgs);
  await e.handshake();
  e.setOption('Threads', '1');
  e.setOption('Hash', '16');
  await e.isready();
  for (;;) {
    const next = await lines.next();
    if (next.done) break;
    const line = next.value.trim();
    if (!line) continue;
    const fen = line.split('|')[0].trim();
    e.send(`position fen ${fen}`);
    e.send(go);
    let score = null;
    await e.waitFor(/^bestmove/, 60000, 'bestmove', (l) => {
      const m = / score (cp|mate) (-?\d+)/.exec(l.text);
      if (m && !/ (lower|upper)bound/.test(l.text)) score = m[1] === 'cp' ? Number(m[2]) : null;
    });
    if (score === null) {
      dropped++;
      continue;
    }
    const white = / w /.test(fen) ? score : -score;
    if (opt.replace) {
      const fields = line.split('|').map((f) => f.trim());
      process.stdout.write(`${fields[0]} | ${white} | ${fields[2]}\n`);
    } else {
      process.stdout.write(`${line} | ${white}\n`);
    }
    if (++done % 10000 === 0) {
      const s = (Date.now() - t0) / 1000;
      console.error(`label: ${done} positions in ${s.toFixed(0)} s (${(done / s).toFixed(0)}/s), ${dropped} dropped`);
    }
  }
  e.send('quit');
  await e.close();
}

await Promise.all(Array.from({ length: opt.jobs }, worker));
console.error(`label: ${done} positions, ${dropped} dropped (mate scores)`);
