#!/usr/bin/env node
// The play levels: calibration matches, the fitted ratings, and the generated tables
// (scripts/lib/levels.mjs says what is generated from what).
//
//   node scripts/levels.mjs --table                 regenerate the tables from the results file
//   node scripts/levels.mjs --check                 exit 1 when a generated file differs (the test)
//   node scripts/levels.mjs --calibrate --levels 1,4,11 [--games 40] [--against stockfish:1400]
//        [--concurrency 2] [--dry-run]      (played by build-levels/mainline, a calibration build)
//                                                   play each level's matches (scripts/match.mjs),
//                                                   append them to the results, regenerate
//                                                   (--dry-run: play and print, write nothing)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './lib/engines.mjs';
import { cppTable, designKey, generate, settingsOf } from './lib/levels.mjs';

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
 * The clock of a calibration match: the app's, except where neither side's strength depends on
 * time (levels.json says why): two node-limited sides, or a node-limited level against
 * Stockfish at a UCI_Elo up to `fastUpTo`, with node budgets of at most `fastNodes`.
 * @param {import('./lib/levels.mjs').Design} design @param {import('./lib/levels.mjs').LevelDesign} l
 * @param {string} opponent @param {import('./lib/levels.mjs').LevelDesign|null|undefined} engine2
 */
export function clockFor(design, l, opponent, engine2) {
  const { movetime, fastMovetime, fastUpTo, fastNodes } = design.calibration;
  if (!fastMovetime || l.full || engine2?.full) return movetime;
  // a budget the fast clock could cut short (two games share the cores) would make time matter
  if (fastNodes && [l, engine2].some((x) => x && /** @type {number} */ (x.nodes) > fastNodes)) return movetime;
  if (engine2) return fastMovetime;
  const elo = Number(opponent.slice('stockfish:'.length));
  return opponent.startsWith('stockfish:') && fastUpTo && elo <= fastUpTo ? fastMovetime : movetime;
}

/**
 * A calibration build (build-levels/mainline): the same engine, reading a generated table of
 * every entry to be played (levels, anchors, candidates) instead of engine/level_table.h, so
 * that designs which are not levels can be played too. Entry i is played by UCI_Elo 1500 + 10 i
 * (its row exactly). A match records what each side ran, so which binary played it does not
 * matter to the results.
 * @param {import('./lib/levels.mjs').LevelDesign[]} entries @param {string} [dir]
 * @returns {{ engine: string, options: (e: import('./lib/levels.mjs').LevelDesign) => string[] }}
 */
export function buildCalibrationEngine(entries, dir = path.join(ROOT, 'build-levels')) {
  const limited = entries.filter((e) => !e.full);
  const rows = limited.map((e, i) => ({ ...e, uciElo: 1500 + 10 * i, rating: { status: /** @type {const} */ ('unmeasured'), elo: null, error: null, games: 0, note: 'calibration' } }));
  mkdirSync(dir, { recursive: true });
  const header = path.join(dir, 'level_table_calibration.h');
  const text = cppTable(/** @type {any} */ ({}), rows).replace(/^\/\/ Generated by[^\n]*/, '// Generated by scripts/levels.mjs for a calibration build (build-levels/): not a product table.');
  let old = '';
  try {
    old = readFileSync(header, 'utf8');
  } catch {}
  if (old !== text) writeFileSync(header, text); // unchanged: no rebuild
  execFileSync('cmake', ['-S', ROOT, '-B', dir, '-DCMAKE_BUILD_TYPE=Release', `-DMAINLINE_LEVEL_TABLE_FILE=${header}`], { stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync('cmake', ['--build', dir, '--target', 'mainline', '-j2'], { stdio: ['ignore', 'ignore', 'inherit'] });
  return {
    engine: path.join(dir, 'mainline'),
    options: (e) => {
      if (e.full) return ['UCI_LimitStrength=false', 'Threads=1'];
      const row = rows.find((r) => r.name === e.name);
      if (!row) throw new Error(`${e.name}: not in the calibration build`);
      return ['UCI_LimitStrength=true', `UCI_Elo=${row.uciElo}`, 'Threads=1'];
    },
  };
}

/** @param {string[]} argv */
async function main(argv) {
  const o = /** @type {Record<string, string|boolean>} */ ({});
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i].replace(/^--/, '');
    if (['table', 'check', 'calibrate', 'dry-run', 'help'].includes(a)) o[a] = true;
    else if (['levels', 'games', 'against', 'concurrency'].includes(a)) o[a] = argv[++i];
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
    const { levels, anchors } = expectedFiles().out;
    const entries = [...levels, ...anchors];
    if (typeof o.levels !== 'string') throw new Error('--calibrate needs --levels, e.g. --levels 1,4,11 (level numbers, 1 = the weakest, or anchor names)');
    const { engine, options: levelOptions } = buildCalibrationEngine(entries);
    const games = Number(o.games || design.calibration.games);
    if (!(games >= 2 && games % 2 === 0)) throw new Error('--games: an even number (each opening twice, colours swapped)');
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).trim() ? '+dirty' : '';
    for (const item of o.levels.split(',')) {
      const i = /^\d+$/.test(item) ? Number(item) - 1 : -1;
      const l = i >= 0 ? levels[i] : entries.find((x) => x.name === item);
      if (!l) throw new Error(`no level or anchor '${item}' (levels 1..${levels.length}; anchors: ${anchors.map((x) => x.name).join(', ') || 'none'})`);
      if (i < 0 && typeof o.against !== 'string') throw new Error(`${l.name}: give its opponent (--against)`);
      const opponent = typeof o.against === 'string' ? o.against : autoOpponent(design, i);
      const engine2 = opponent.startsWith('level:') ? entries.find((x) => x.name === opponent.slice(6)) : null;
      if (opponent.startsWith('level:') && !engine2) throw new Error(`${opponent}: no such level or anchor`);
      const movetime = clockFor(design, l, opponent, engine2);
      const played = results.matches.filter((/** @type {any} */ m) => m.level === l.name && designKey(m.design) === designKey(settingsOf(l))).reduce((/** @type {number} */ s, /** @type {any} */ m) => s + m.w + m.d + m.l, 0);
      const json = path.join(mkdtempSync(path.join(tmpdir(), 'levels-')), 'match.json');
      const args = [
        path.join(ROOT, 'scripts/match.mjs'), '--engine1', engine, '--name1', `Mainline ${l.name}`, ...levelOptions(l).flatMap((x) => ['--e1opt', x]),
        '--engine2', engine2 ? engine : opponent, ...(engine2 ? ['--name2', `Mainline ${engine2.name}`, ...levelOptions(engine2).flatMap((x) => ['--e2opt', x])] : ['--e2opt', 'Move Overhead=200']),
        '--movetime', String(movetime), '--games', String(games), '--concurrency', String(o.concurrency || 2),
        // later matches of a level take the next openings, so its games do not repeat
        '--opening-start', String(played / 2), '--json', json, '--quiet',
      ];
      console.log(`levels: ${l.name} against ${opponent}, ${games} games, movetime ${movetime}`);
      const run = spawnSync(process.execPath, args, { stdio: 'inherit' });
      if (run.status !== 0) throw new Error(`the match stopped (exit ${run.status}); nothing recorded for ${l.name}`);
      const s = readJson(json).summary;
      const match = {
        level: l.name, opponent, w: s.wins, d: s.draws, l: s.losses, clock: `movetime ${movetime}`, date: new Date().toISOString().slice(0, 10), commit: commit + dirty,
        // what both sides ran: the match stops counting when the design changes (currentMatches)
        design: settingsOf(l), ...(engine2 ? { opponentDesign: settingsOf(engine2) } : {}),
      };
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
  if (changed.some((f) => f.endsWith('.h'))) console.log('levels: engine/level_table.h changed: rebuild (bash scripts/build.sh) and commit the generated files with the results');
  const { levels: lv, anchors: an } = expectedFiles().out;
  for (const l of [...lv, ...an]) console.log(`  ${l.name.padEnd(9)} ${l.rating.status.padEnd(12)} ${l.rating.elo ?? '-'} ± ${l.rating.error ?? '-'}  ${l.rating.note}`);
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
