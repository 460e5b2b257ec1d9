#!/usr/bin/env node
// The play levels: calibration matches, the fitted ratings, and the generated tables
// (scripts/lib/levels.mjs says what is generated from what).
//
//   node scripts/levels.mjs --table                 regenerate the tables from the results file
//   node scripts/levels.mjs --check                 exit 1 when a generated file differs (the test)
//   node scripts/levels.mjs --calibrate --levels 1,4,11 [--games 40] [--against stockfish:1400]
//        [--concurrency 2] [--engine build/mainline] [--dry-run]
//                                                   play each level's matches (scripts/match.mjs),
//                                                   append them to the results, regenerate
//                                                   (--dry-run: play and print, write nothing)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './lib/engines.mjs';
import { generate } from './lib/levels.mjs';

export const PATHS = {
  design: path.join(ROOT, 'scripts/data/levels.json'),
  results: path.join(ROOT, 'docs/data/levels-results.json'),
  cpp: path.join(ROOT, 'engine/level_table.h'),
  js: path.join(ROOT, 'app/src/model/level-table.js'),
  docs: path.join(ROOT, 'docs/strength.md'),
  dts: path.join(ROOT, 'web/index.d.ts'),
};

const HELP = readFileSync(new URL(import.meta.url), 'utf8').split('\n').slice(3, 11).map((l) => l.replace(/^\/\/ ?/, '')).join('\n');

/** @param {string} p */
const readJson = (p) => JSON.parse(readFileSync(p, 'utf8'));

/** What the files should hold now. */
function expectedFiles() {
  const out = generate(readJson(PATHS.design), readJson(PATHS.results), readFileSync(PATHS.docs, 'utf8'), readFileSync(PATHS.dts, 'utf8'));
  return { out, files: /** @type {[string, string][]} */ ([[PATHS.cpp, out.cpp], [PATHS.js, out.js], [PATHS.docs, out.docs], [PATHS.dts, out.dts]]) };
}

/** Writes the generated files; returns the ones that changed. */
function writeTables() {
  const changed = [];
  for (const [file, text] of expectedFiles().files) {
    let old = '';
    try {
      old = readFileSync(file, 'utf8');
    } catch {}
    if (old !== text) {
      writeFileSync(file, text);
      changed.push(path.relative(ROOT, file));
    }
  }
  return changed;
}

/**
 * The opponent a level is measured against when none is given: Stockfish at the level's aim
 * inside its UCI_Elo range (its top for full strength); below the range, the next level up,
 * so the weakest levels are rated through the chain that reaches Stockfish's ladder.
 * @param {import('./lib/levels.mjs').Design} design @param {number} i
 */
function autoOpponent(design, i) {
  const { min, max } = design.calibration.stockfish;
  const l = design.levels[i];
  if (l.full) return `stockfish:${max}`;
  const t = /** @type {number} */ (l.target);
  if (t >= min - 100) return `stockfish:${Math.max(min, Math.min(max, Math.round(t / 50) * 50))}`;
  return `level:${design.levels[i + 1].name}`;
}

/**
 * The UCI options that play a level in build/mainline (UCI_Elo names a limited level exactly,
 * engine/level_table.h, which the binary must have been built with).
 * @param {import('./lib/levels.mjs').Level} l
 */
const levelOptions = (l) => (l.full ? ['UCI_LimitStrength=false', 'Threads=1'] : ['UCI_LimitStrength=true', `UCI_Elo=${l.uciElo}`, 'Threads=1']);

/** Stops a calibration with a stale binary: its levels would not be the table's. @param {string} engine @param {import('./lib/levels.mjs').Level[]} levels */
function checkBinary(engine, levels) {
  if (statSync(engine).mtimeMs < statSync(PATHS.cpp).mtimeMs) throw new Error(`${engine} is older than engine/level_table.h: rebuild it (bash scripts/build.sh --native-only --no-debug)`);
  const uci = execFileSync(engine, [], { input: 'uci\nquit\n', encoding: 'utf8' });
  const m = uci.match(/option name UCI_Elo type spin default \d+ min (\d+) max (\d+)/);
  const keys = levels.filter((l) => !l.full).map((l) => /** @type {number} */ (l.uciElo));
  if (!m || Number(m[1]) !== keys[0] || Number(m[2]) !== keys[keys.length - 1]) throw new Error(`${engine}'s UCI_Elo range is not the level table's (${keys[0]}..${keys[keys.length - 1]}): rebuild it`);
}

/** @param {string[]} argv */
async function main(argv) {
  const o = /** @type {Record<string, string|boolean>} */ ({});
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i].replace(/^--/, '');
    if (['table', 'check', 'calibrate', 'dry-run', 'help'].includes(a)) o[a] = true;
    else if (['levels', 'games', 'against', 'concurrency', 'engine'].includes(a)) o[a] = argv[++i];
    else throw new Error(`unknown argument ${argv[i]}\n${HELP}`);
  }
  if (o.help || !(o.table || o.check || o.calibrate)) {
    console.log(HELP);
    return 0;
  }
  if (o.check) {
    const stale = expectedFiles().files.filter(([f, text]) => readFileSync(f, 'utf8') !== text).map(([f]) => path.relative(ROOT, f));
    if (stale.length) {
      console.error(`levels: ${stale.join(', ')} differ from what scripts/levels.mjs --table writes (edited by hand, or not regenerated)`);
      return 1;
    }
    console.log('levels: the generated tables are up to date');
    return 0;
  }
  if (o.calibrate) {
    const design = readJson(PATHS.design);
    const results = readJson(PATHS.results);
    const { levels } = expectedFiles().out;
    const engine = path.resolve(ROOT, /** @type {string} */ (o.engine || 'build/mainline'));
    checkBinary(engine, levels);
    if (typeof o.levels !== 'string') throw new Error('--calibrate needs --levels, e.g. --levels 1,4,11 (level numbers, 1 = the weakest)');
    const games = Number(o.games || design.calibration.games);
    if (!(games >= 2 && games % 2 === 0)) throw new Error('--games: an even number (each opening twice, colours swapped)');
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).trim() ? '+dirty' : '';
    for (const n of o.levels.split(',').map(Number)) {
      const i = n - 1;
      const l = levels[i];
      if (!l) throw new Error(`no level ${n} (1..${levels.length})`);
      const opponent = typeof o.against === 'string' ? o.against : autoOpponent(design, i);
      const engine2 = opponent.startsWith('level:') ? levels.find((x) => x.name === opponent.slice(6)) : null;
      if (opponent.startsWith('level:') && !engine2) throw new Error(`${opponent}: no such level`);
      const played = results.matches.filter((/** @type {any} */ m) => m.level === l.name).reduce((/** @type {number} */ s, /** @type {any} */ m) => s + m.w + m.d + m.l, 0);
      const json = path.join(mkdtempSync(path.join(tmpdir(), 'levels-')), 'match.json');
      const args = [
        path.join(ROOT, 'scripts/match.mjs'), '--engine1', engine, '--name1', `Mainline ${l.name}`, ...levelOptions(l).flatMap((x) => ['--e1opt', x]),
        '--engine2', engine2 ? engine : opponent, ...(engine2 ? ['--name2', `Mainline ${engine2.name}`, ...levelOptions(engine2).flatMap((x) => ['--e2opt', x])] : ['--e2opt', 'Move Overhead=200']),
        '--movetime', String(design.calibration.movetime), '--games', String(games), '--concurrency', String(o.concurrency || 2),
        // later matches of a level take the next openings, so its games do not repeat
        '--opening-start', String(played / 2), '--json', json, '--quiet',
      ];
      console.log(`levels: ${l.name} against ${opponent}, ${games} games, movetime ${design.calibration.movetime}`);
      const run = spawnSync(process.execPath, args, { stdio: 'inherit' });
      if (run.status !== 0) throw new Error(`the match stopped (exit ${run.status}); nothing recorded for ${l.name}`);
      const s = readJson(json).summary;
      const match = { level: l.name, opponent, w: s.wins, d: s.draws, l: s.losses, clock: `movetime ${design.calibration.movetime}`, date: new Date().toISOString().slice(0, 10), commit: commit + dirty };
      console.log(`levels: ${l.name} against ${opponent}: ${match.w}/${match.d}/${match.l}`);
      if (o['dry-run']) continue;
      results.matches.push(match);
      // written after each match, so an interrupted run keeps what it played
      writeFileSync(PATHS.results, `${JSON.stringify(results, null, 2)}\n`);
    }
    if (o['dry-run']) return 0;
  }
  const changed = writeTables();
  console.log(changed.length ? `levels: wrote ${changed.join(', ')}` : 'levels: the tables were up to date');
  if (changed.some((f) => f.endsWith('.h'))) console.log('levels: engine/level_table.h changed: rebuild (bash scripts/build.sh) before the next calibration, and commit the generated files with the results');
  for (const l of expectedFiles().out.levels) console.log(`  ${l.name.padEnd(9)} ${l.rating.status.padEnd(12)} ${l.rating.elo ?? '-'} ± ${l.rating.error ?? '-'}  ${l.rating.note}`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (e) {
    console.error(`levels: ${/** @type {Error} */ (e).message}`);
    process.exitCode = 1;
  }
}
