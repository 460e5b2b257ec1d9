#!/usr/bin/env node
// Opening positions for self-play data (Texel tuning): each of tests/data/openings.epd (and the
// start position) followed by 2-5 random legal plies, deduplicated. Random plies give positions
// the engine would never choose, so the games (and the tuned weights) see varied structures.
// Usage: node scripts/tune/random-openings.mjs [--count 4000] [--seed 7] > openings.epd
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Chess } from 'chess.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const count = arg('count', 4000);
let seed = arg('seed', 7) >>> 0;
// xorshift32: reproducible from --seed
const rand = (n) => {
  seed ^= seed << 13; seed >>>= 0; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0;
  return seed % n;
};

const bases = ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'];
for (const line of readFileSync(path.join(ROOT, 'tests/data/openings.epd'), 'utf8').split('\n')) {
  const t = line.trim();
  if (t && !t.startsWith('#')) bases.push(t.split(/\s+/).slice(0, 4).join(' ') + ' 0 1');
}
const seen = new Set();
for (let tries = 0; seen.size < count && tries < count * 20; ++tries) {
  const game = new Chess(bases[rand(bases.length)]);
  const plies = 2 + rand(4);
  let ok = true;
  for (let i = 0; i < plies; ++i) {
    const moves = game.moves();
    if (!moves.length) { ok = false; break; }
    game.move(moves[rand(moves.length)]);
  }
  if (!ok || game.isGameOver() || game.inCheck()) continue;
  const key = game.fen().split(' ').slice(0, 4).join(' ');
  if (seen.has(key)) continue;
  seen.add(key);
  console.log(game.fen());
}
