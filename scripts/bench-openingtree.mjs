#!/usr/bin/env node
// The opening tree's benchmark (issue 54, part 1: 2,000 games in at most 2 s in Chromium): a
// library of N made-up games of one player (a biased random walk from the start, so that openings
// repeat as a player's do, then random moves), and the player's tree built with each colour (the
// two together cover all N games) in Chromium (app/src/model/openingtree.js and its package modules bundled by esbuild, as
// the app's bundler ships them), the records already read (reading them from IndexedDB is the
// library's own cost). Prints the build times of several rounds.
//
// Usage: node scripts/bench-openingtree.mjs [--games 2000] [--plies 60] [--rounds 5] [--seed 1]
import { build } from 'esbuild';
import path from 'node:path';
import { ROOT } from './lib/engines.mjs';
import { launchChromium } from '../web/test/server.mjs';
import { legalMoves, STARTING_FEN } from '../web/src/rules.js';

const arg = (/** @type {string} */ name, /** @type {number} */ fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const GAMES = arg('games', 2000), PLIES = arg('plies', 60), ROUNDS = arg('rounds', 5);
let seed = arg('seed', 1);
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

/** A made-up game record: the first moves drawn mostly from the first few legal moves (repeated openings), then any. */
function madeUpGame(/** @type {number} */ i) {
  // Anna plays every game, White and Black in turn, against three others
  const other = ['Boris', 'Cleo', 'Dan'][i % 3];
  const [white, black] = i % 2 ? [other, 'Anna'] : ['Anna', other];
  let fen = STARTING_FEN;
  const nodes = [{ id: 0, parent: null, uci: null, san: null }];
  for (let p = 0; p < PLIES; p++) {
    const legal = legalMoves(fen);
    if (!legal.length) break;
    const k = p < 16 ? Math.min(legal.length - 1, Math.floor(random() ** 3 * 4)) : Math.floor(random() * legal.length);
    const m = legal[k];
    fen = rules.playMoves(fen, [m.uci])[0].fen;
    nodes.push({ id: p + 1, parent: p, uci: m.uci, san: m.san, ...(p < 20 ? { eval: { score: { cp: Math.round((random() - 0.5) * 200) }, depth: 12 } } : {}) });
  }
  nodes[0].eval = { score: { cp: 20 }, depth: 12 };
  return { format: 1, id: `g${i}`, name: `${white} – ${black}`, created: 0, updated: i, headers: { White: white, Black: black, Result: ['1-0', '0-1', '1/2-1/2'][i % 3] }, startFen: STARTING_FEN, nodes, current: 0, moveCount: nodes.length - 1, review: null };
}
const rules = await import('../web/src/rules.js');

const t0 = performance.now();
const records = Array.from({ length: GAMES }, (_, i) => madeUpGame(i));
console.log(`bench-openingtree: ${GAMES} made-up games of ${PLIES} plies in ${((performance.now() - t0) / 1000).toFixed(1)} s (Node, not timed below)`);

const bundle = await build({
  stdin: { contents: "export { buildOpeningTree } from './app/src/model/openingtree.js';", resolveDir: ROOT, loader: 'js' },
  bundle: true, format: 'esm', platform: 'browser', target: 'es2022', minify: true, write: false,
});
const code = bundle.outputFiles[0].text;
const chromium = await launchChromium();
try {
  const page = await (await chromium.browser.newContext()).newPage();
  await page.setContent('<!doctype html><title>bench</title>');
  await page.evaluate((c) => {
    const url = URL.createObjectURL(new Blob([c], { type: 'text/javascript' }));
    return import(url).then((m) => {
      /** @type {any} */ (window).build = m.buildOpeningTree;
    });
  }, code);
  const times = await page.evaluate(({ records, rounds }) => {
    const out = [];
    for (let r = 0; r < rounds; r++) {
      for (const color of ['w', 'b']) {
        const t = performance.now();
        const tree = /** @type {any} */ (window).build(records, 'Anna', color);
        out.push({ color, ms: performance.now() - t, games: tree.games, first: tree.moves.length });
      }
    }
    return out;
  }, { records, rounds: ROUNDS });
  for (const color of ['w', 'b']) {
    const xs = times.filter((t) => t.color === color);
    const ms = xs.map((t) => t.ms).sort((a, b) => a - b);
    console.log(`Chromium: Anna's tree with ${color === 'w' ? 'White' : 'Black'} (${xs[0].games} of ${GAMES} games, ${xs[0].first} first moves): build ${ms.map((x) => x.toFixed(0)).join(', ')} ms (median ${ms[Math.floor(ms.length / 2)].toFixed(0)})`);
  }
  // both colours together: every game of the library once
  const both = Array.from({ length: ROUNDS }, (_, r) => times[2 * r].ms + times[2 * r + 1].ms);
  const worst = Math.max(...both);
  console.log(`bench-openingtree: both trees together (all ${GAMES} games): ${both.map((x) => x.toFixed(0)).join(', ')} ms; slowest ${worst.toFixed(0)} ms (target 2000 ms: ${worst <= 2000 ? 'met' : 'missed'})`);
} finally {
  await chromium.close();
}
