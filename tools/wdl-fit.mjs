#!/usr/bin/env node
// Fits Mainline's win/draw/loss model (web/src/wdl.js) to games: every move of a chosen player
// whose PGN comment holds the engine's score ({+0.31/12 0.2s}, as `npm run match -- --pgn` writes
// it) gives a sample: that score, the material on the board, and the game's result for the mover.
//
//   node tools/wdl-fit.mjs [--player NAME] [--min-ply N] [--degree D] games.pgn...
//
// --player  only the moves of players whose name contains NAME (default: every player; for
//           self-play, where both sides are the engine being fitted)
// --min-ply skip the first N half-moves of each game (default 16: book-like openings)
// Prints the model (paste it into WDL_MODEL) and a check table: observed against predicted
// chances by score band.
import { readFileSync } from 'node:fs';
import { Chess } from 'chess.js';
import { parsePgnGames } from '../web/src/annotate.js';
import { material } from '../web/src/report.js';
import { fitWdl, wdl } from '../web/src/wdl.js';

const args = process.argv.slice(2);
let player = '', minPly = 16, degree = 3;
const files = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--player') player = args[++i] ?? '';
  else if (a === '--min-ply') minPly = Number(args[++i]);
  else if (a === '--degree') degree = Number(args[++i]);
  else if (a === '-h' || a === '--help') {
    console.log(readFileSync(new URL(import.meta.url), 'utf8').split('\n').slice(1, 12).map((l) => l.replace(/^\/\/ ?/, '')).join('\n'));
    process.exit(0);
  } else if (a.startsWith('--')) {
    console.error(`wdl-fit: unknown option '${a}'`);
    process.exit(2);
  } else files.push(a);
}
if (!files.length || !Number.isInteger(minPly) || minPly < 0 || !Number.isInteger(degree) || degree < 0 || degree > 5) {
  console.error('usage: node tools/wdl-fit.mjs [--player NAME] [--min-ply N] [--degree 0..5] games.pgn...');
  process.exit(2);
}

const SCORE = /^\s*([+-])(M?)(\d+(?:\.\d+)?)\//;
const samples = [];
let games = 0, skippedGames = 0;
for (const file of files) {
  for (const g of parsePgnGames(readFileSync(file, 'utf8'))) {
    const result = g.headers.Result;
    if (!['1-0', '0-1', '1/2-1/2'].includes(result)) {
      skippedGames++;
      continue;
    }
    const white = result === '1-0' ? 1 : result === '0-1' ? 0 : 0.5;
    let chess;
    try {
      chess = new Chess(g.headers.FEN || undefined);
    } catch {
      skippedGames++;
      continue;
    }
    games++;
    let node = g.root, ply = 0;
    while (node.children.length) {
      node = node.children[0];
      const mover = chess.turn();
      const name = (mover === 'w' ? g.headers.White : g.headers.Black) || '';
      const m = SCORE.exec(node.comment || '');
      if (m && !m[2] && ply >= minPly && (!player || name.includes(player))) {
        const cp = (m[1] === '-' ? -1 : 1) * Math.round(Number(m[3]) * 100);
        // scores past +-20 pawns say nothing about the curve's shape
        if (Math.abs(cp) <= 2000) samples.push({ cp, material: material(chess.fen()).total, outcome: mover === 'w' ? white : 1 - white });
      }
      try {
        chess.move(node.san);
      } catch {
        break;
      }
      ply++;
    }
  }
}
if (samples.length < 100) {
  console.error(`wdl-fit: only ${samples.length} samples from ${games} games: not enough to fit`);
  process.exit(1);
}
const t0 = Date.now();
const { model, logLoss } = fitWdl(samples, { degree });
model.source = `${samples.length} positions of ${games} games (${files.join(', ')}${player ? `, player ${player}` : ''}, from ply ${minPly})`;
console.log(`wdl-fit: ${samples.length} samples from ${games} games (${skippedGames} skipped), fitted in ${((Date.now() - t0) / 1000).toFixed(1)} s, log-loss ${logLoss.toFixed(4)}`);
console.log(JSON.stringify(model));

// Observed against predicted, by score band.
const bands = [-2000, -300, -150, -75, -25, 25, 75, 150, 300, 2001];
console.log('\n  score band       n   observed W/D/L %    predicted W/D/L %');
for (let i = 0; i + 1 < bands.length; i++) {
  const inBand = samples.filter((s) => s.cp >= bands[i] && s.cp < bands[i + 1]);
  if (!inBand.length) continue;
  const obs = [1, 0.5, 0].map((o) => (100 * inBand.filter((s) => s.outcome === o).length) / inBand.length);
  const pred = [0, 0, 0];
  for (const s of inBand) {
    const p = wdl({ cp: s.cp }, s.material, model);
    pred[0] += p.win;
    pred[1] += p.draw;
    pred[2] += p.loss;
  }
  const f = (/** @type {number[]} */ v) => v.map((x) => x.toFixed(1).padStart(5)).join(' ');
  console.log(`  ${String(bands[i]).padStart(5)}..${String(bands[i + 1] - 1).padEnd(6)} ${String(inBand.length).padStart(6)}  ${f(obs)}    ${f(pred.map((x) => (100 * x) / inBand.length))}`);
}
