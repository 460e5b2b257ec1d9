#!/usr/bin/env node
// The game rating's data and fit (issue 54, part 2): a rating for each side of a game from the
// quality of its moves, fitted on games whose players' strength is known — the play levels', on
// Stockfish 15.1's UCI_Elo scale (docs/strength.md) — and tested on level games held out of the fit.
//
//   node scripts/game-rating.mjs --play [--games N]    play the level games (build/mainline) into
//                                                       docs/data/rating/games.pgn (N a pairing)
//   node scripts/game-rating.mjs --analyse             review them: mainline-analyse --report at
//                                                       the CLI's default depth, into reviewed.pgn
//   node scripts/game-rating.mjs --fit                 fit on the training games, measure on the
//                                                       held-out ones, write web/src/rating-model.js
//                                                       and docs/data/rating/fit.json
//   node scripts/game-rating.mjs --check               exit 1 when those differ from the fit of
//                                                       docs/data/rating/scores.json (the test)
//
// Levels of equal or neighbouring strength meet (as players of a rating pool do), each pairing
// with both colours of the same openings. Which games are held out is fixed by their round
// number (the last opening pair of every pairing: rounds 9 and 10), not chosen after seeing the
// fit. The reviewed PGN (28 KB a game) is not committed: --fit keeps every position's evaluation
// in docs/data/rating/scores.json, and fits from that when the PGN is not there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './lib/engines.mjs';
import { LEVEL_TABLE } from '../app/src/model/level-table.js';

export const DIR = path.join(ROOT, 'docs/data/rating');
export const GAMES = path.join(DIR, 'games.pgn');
export const REVIEWED = path.join(DIR, 'reviewed.pgn');

const HELP = readFileSync(new URL(import.meta.url), 'utf8').split('\n').slice(4, 15).map((l) => l.replace(/^\/\/ ?/, '')).join('\n');

/** The level pairings played: each level against itself and the next one up. */
export function pairings() {
  /** @type {[number, number][]} */
  const out = [];
  for (let i = 0; i < LEVEL_TABLE.length; i++) {
    if (!LEVEL_TABLE[i].full) out.push([i, i]);
    if (i + 1 < LEVEL_TABLE.length) out.push([i, i + 1]);
  }
  return out;
}

/** UCI options that make build/mainline play a level. @param {number} i */
const levelOptions = (i) => {
  const row = LEVEL_TABLE[i];
  return row.full ? ['UCI_LimitStrength=false', 'Threads=1'] : ['UCI_LimitStrength=true', `UCI_Elo=${row.uciElo}`, 'Threads=1'];
};

/** @param {number} games */
function play(games) {
  mkdirSync(DIR, { recursive: true });
  const engine = path.join(ROOT, 'build/mainline');
  if (!existsSync(engine)) throw new Error('build/mainline is missing: bash scripts/build.sh');
  const tmp = mkdtempSync(path.join(tmpdir(), 'rating-'));
  let pgnAll = existsSync(GAMES) ? readFileSync(GAMES, 'utf8') : '';
  pairings().forEach(([a, b], k) => {
    const event = `Mainline level games ${k + 1}`;
    if (pgnAll.includes(`[Event "${event}"]`)) return; // played by an earlier run
    const pgn = path.join(tmp, `${k}.pgn`);
    const args = [
      path.join(ROOT, 'scripts/match.mjs'), '--engine1', engine, '--name1', `Mainline ${LEVEL_TABLE[a].name}`, ...levelOptions(a).flatMap((x) => ['--e1opt', x]),
      '--engine2', engine, '--name2', `Mainline ${LEVEL_TABLE[b].name}`, ...levelOptions(b).flatMap((x) => ['--e2opt', x]),
      // the app's clock for a level's move; the node-limited levels stop at their budget first
      '--movetime', String(LEVEL_TABLE[Math.max(a, b)].movetime), '--games', String(games), '--concurrency', '1',
      '--random', '--seed', String(541 + k), '--pgn', pgn, '--no-pgn-comments', '--event', event, '--quiet',
    ];
    console.log(`rating: ${LEVEL_TABLE[a].name} against ${LEVEL_TABLE[b].name}, ${games} games`);
    const run = spawnSync(process.execPath, args, { stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`the match stopped (exit ${run.status})`);
    const text = readFileSync(pgn, 'utf8').trim() + '\n\n';
    appendFileSync(GAMES, text); // after each pairing, so an interrupted run keeps what it played
    pgnAll += text;
  });
}

function analyse() {
  const bin = path.join(ROOT, 'web/bin/mainline-analyse.js');
  // --out skips the games it already holds: an interrupted run goes on where it stopped
  const run = spawnSync(process.execPath, [bin, '--report', '--out', REVIEWED, GAMES], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`mainline-analyse stopped (exit ${run.status})`);
}

/** @param {string[]} argv */
async function main(argv) {
  const o = /** @type {Record<string, string|boolean>} */ ({});
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i].replace(/^--/, '');
    if (['play', 'analyse', 'fit', 'check', 'help'].includes(a)) o[a] = true;
    else if (a === 'games') o[a] = argv[++i];
    else throw new Error(`unknown argument ${argv[i]}\n${HELP}`);
  }
  if (o.check) {
    const why = (await import('./lib/rating-fit.mjs')).checkFit();
    console.log(why ? `rating: ${why}` : 'rating: the model is the fit of the committed scores');
    return why ? 1 : 0;
  }
  if (o.help || !(o.play || o.analyse || o.fit)) {
    console.log(HELP);
    return 0;
  }
  if (o.play) play(Number(o.games || 10));
  if (o.analyse) analyse();
  if (o.fit) (await import('./lib/rating-fit.mjs')).fitAndWrite();
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (e) {
    console.error(`rating: ${/** @type {Error} */ (e).message}`);
    process.exitCode = 1;
  }
}
