#!/usr/bin/env node
// `npm run sprt`: is a search or evaluation change stronger than the engine it changes? Plays the
// two builds against each other at a short time control until a sequential probability ratio
// test (pentanomial, logistic Elo) accepts H0 (elo <= elo0) or H1 (elo >= elo1), and appends the
// result as a row of docs/strength.md. The defaults are the project's method (docs/strength.md,
// "How search changes are tested"); the match itself is scripts/match.mjs.
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/engines.mjs';

export const SPRT_DEFAULTS = Object.freeze({
  tc: '4+0.04', elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05, concurrency: 2, maxGames: 20000,
  openings: 'build/sprt-openings.epd', openingCount: 4000, openingSeed: 11,
});

const HELP = `usage: npm run sprt -- --dev ENGINE --base ENGINE --label TEXT [options]

  --dev ENGINE       the changed build (default build/mainline)
  --base ENGINE      the build it is tested against (required: e.g. a copy of build/mainline made
                     before the change)
  --label TEXT       what the change is, for the row in docs/strength.md (required)
  --tc S+I           time control (default ${SPRT_DEFAULTS.tc})
  --elo0 A --elo1 B  SPRT bounds in logistic Elo (default ${SPRT_DEFAULTS.elo0}, ${SPRT_DEFAULTS.elo1})
  --alpha X --beta Y error rates (default ${SPRT_DEFAULTS.alpha}, ${SPRT_DEFAULTS.beta})
  --max-games N      stop undecided after N games (default ${SPRT_DEFAULTS.maxGames})
  --concurrency N    games at once (default ${SPRT_DEFAULTS.concurrency}: one per core of a 2-core machine)
  --seed N           opening order (default: a new one each run, printed)
  --no-record        do not append the row
  --e1opt/--e2opt Name=Value  UCI options for dev/base (repeatable)

Openings: ${SPRT_DEFAULTS.openings}, ${SPRT_DEFAULTS.openingCount} positions made by
scripts/tune/random-openings.mjs --seed ${SPRT_DEFAULTS.openingSeed} (written if missing), each played
with both colours. Run it on an idle machine: nothing else, not even a build.`;

function parse(argv) {
  const o = { dev: 'build/mainline', e1opt: [], e2opt: [], record: true };
  const takes = new Set(['dev', 'base', 'label', 'tc', 'elo0', 'elo1', 'alpha', 'beta', 'max-games', 'concurrency', 'seed', 'e1opt', 'e2opt']);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i].replace(/^--?/, '');
    if (a === 'help' || a === 'h') { o.help = true; continue; }
    if (a === 'no-record') { o.record = false; continue; }
    if (!takes.has(a)) throw new Error(`unknown option '${argv[i]}' (see --help)`);
    if (i + 1 >= argv.length) throw new Error(`--${a} needs a value`);
    const v = argv[++i];
    if (a === 'e1opt' || a === 'e2opt') o[a].push(v);
    else o[a] = v;
  }
  return o;
}

function main() {
  let o;
  try { o = parse(process.argv.slice(2)); } catch (e) { console.error(`sprt: ${e.message}`); return 2; }
  if (o.help) { console.log(HELP); return 0; }
  if (!o.base) { console.error('sprt: --base ENGINE is required (the build the change is tested against)'); return 2; }
  if (!o.label && o.record) { console.error('sprt: --label TEXT is required (what the change is), or --no-record'); return 2; }
  const d = SPRT_DEFAULTS;
  const num = (v, def, what) => {
    if (v === undefined) return def;
    const n = Number(v);
    if (!Number.isFinite(n)) throw new Error(`${what} must be a number, not '${v}'`);
    return n;
  };
  let elo0, elo1, alpha, beta;
  try {
    elo0 = num(o.elo0, d.elo0, '--elo0'); elo1 = num(o.elo1, d.elo1, '--elo1');
    alpha = num(o.alpha, d.alpha, '--alpha'); beta = num(o.beta, d.beta, '--beta');
  } catch (e) { console.error(`sprt: ${e.message}`); return 2; }

  const openings = path.join(ROOT, d.openings);
  if (!existsSync(openings)) {
    mkdirSync(path.dirname(openings), { recursive: true });
    const epd = execFileSync(process.execPath, [path.join(ROOT, 'scripts/tune/random-openings.mjs'), '--count', String(d.openingCount),
      '--seed', String(d.openingSeed)], { encoding: 'utf8' });
    writeFileSync(openings, epd);
    console.log(`sprt: wrote ${d.openingCount} openings to ${d.openings}`);
  }
  const seed = o.seed ?? String(1 + Math.floor(Math.random() * 1e6));
  const tc = o.tc ?? d.tc;
  const args = [path.join(ROOT, 'scripts/match.mjs'), '--engine1', o.dev, '--engine2', o.base, '--name1', 'dev', '--name2', 'base',
    '--tc', tc, '--games', String(o['max-games'] ?? d.maxGames), '--concurrency', String(o.concurrency ?? d.concurrency),
    '--openings', openings, '--random', '--seed', seed,
    '--sprt', `elo0=${elo0},elo1=${elo1},alpha=${alpha},beta=${beta},model=pentanomial`,
    '--pgn', path.join(ROOT, 'build/sprt-last.pgn'), '--no-pgn-comments'];
  for (const x of o.e1opt) args.push('--e1opt', x);
  for (const x of o.e2opt) args.push('--e2opt', x);
  if (o.record) args.push('--record', `SPRT: ${o.label} (openings seed ${seed})`);
  console.log(`sprt: ${o.dev} against ${o.base}, ${tc}, [${elo0}, ${elo1}], openings seed ${seed}`);
  const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
  return r.status ?? 1;
}

process.exitCode = main();
