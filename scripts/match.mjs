#!/usr/bin/env node
// `npm run match`: plays two UCI engines against each other and reports the result from
// engine 1's point of view (W/D/L, score, Elo +- 95% error, LOS, optional SPRT).
// Run with --help for the options; the modules are in scripts/lib/.
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, resolveEngine, engineAvailable, parseOption, formatOptions } from './lib/engines.mjs';
import { parseTimeControl, parseKeyValues } from './lib/game.mjs';
import { loadOpenings, orderOpenings } from './lib/openings.mjs';
import { chess960Fen, chess960Openings } from './lib/chess960.mjs';
import { checkOpenings960, findStockfish } from './lib/stockfish-referee.mjs';
import { runMatch } from './lib/runner.mjs';
import { fmtElo, perfectScoreBound } from './lib/stats.mjs';

const HELP = `usage: npm run match -- --engine1 ENGINE --engine2 ENGINE LIMITS [options]

engines (a preset or a command line, run without a shell):
  mainline | mainline-wasm | stockfish | stockfish:ELO (1350..2850) | glaurung | toga2 | "CMD ARGS..."
  --name1 NAME, --name2 NAME       display/PGN names (default: preset name or the engine's id name)
  --e1opt Name=Value               UCI option for engine 1 (repeatable); --e2opt for engine 2

limits per move (at least one; they combine):
  --tc S[+I]        clock of S seconds plus I seconds per move, e.g. 10+0.1 (kept by this tool,
                    sent as wtime/btime/winc/binc; an engine whose clock is below -timemargin
                    after its move loses on time)
  --movetime MS     --nodes N     --depth N
  --timemargin MS   tolerance for time losses (default 0)
  --move-timeout MS hard limit per move when no clock runs (default 60000, or 2*movetime+5000);
                    an engine that exceeds it loses ("stalled")

games:
  --variant V       standard (default) or chess960. Chess960: both engines get
                    'setoption name UCI_Chess960 value true'; the start positions are the 960
                    by their standard number (518 = the usual start), in an order shuffled by
                    --seed (--opening-start K: begin at the K-th of that order), unless
                    --openings FILE gives FENs (X-FEN "KQkq" or Shredder-FEN "HAha" castling
                    rights; "none": position 518); the referee is Stockfish with UCI_Chess960
                    (/usr/games/stockfish or stockfish on PATH) instead of chess.js; castling is
                    sent as the king taking its rook (e1h1) and written O-O / O-O-O in the PGN
  --games N         number of games (default 20; with --sprt the maximum, default 20000). Each
                    opening is played twice with colours swapped (a game pair).
  --concurrency N   games at once (default 2); each game has its own two engine processes
  --openings FILE   FEN/EPD file (default tests/data/openings.epd); "none": the start position
  --random          shuffle the openings (with --seed N, default 1); --opening-start K: begin at K
                    (Chess960 start positions are always shuffled by --seed)
  --resign score=S,moves=N            adjudicate a loss when the losing engine reported <= -S cp
                                      and the winning one >= +S cp for N consecutive moves each
  --draw movenumber=M,score=S,moves=N adjudicate a draw from move M on when both engines
                                      reported |score| <= S cp for N consecutive moves each
  --sprt elo0=A,elo1=B,alpha=X,beta=Y[,model=pentanomial|trinomial]
                    GSPRT in logistic Elo; stops when H0 or H1 is accepted

output:
  --pgn FILE        write the games (overwritten), with {score/depth time} comments unless
                    --no-pgn-comments
  --json FILE       machine-readable result
  --record LABEL    append a row to docs/strength.md (or to --record-file FILE)
  --event NAME      PGN Event tag (default "Mainline match")
  --quiet           only the final summary`;

// ------------------------------------------------------------------------------------------
// command line
function parseArgs(argv) {
  const o = { e1opt: [], e2opt: [], concurrency: 2, seed: 1, openingStart: 0, pgnComments: true, timemargin: 0, variant: 'standard' };
  const takes = new Set(['engine1', 'engine2', 'name1', 'name2', 'e1opt', 'e2opt', 'tc', 'movetime', 'nodes', 'depth', 'timemargin', 'variant',
    'move-timeout', 'games', 'concurrency', 'openings', 'seed', 'opening-start', 'resign', 'draw', 'sprt', 'pgn', 'json', 'record',
    'record-file', 'event']);
  const flags = new Set(['random', 'no-pgn-comments', 'quiet', 'help', 'h']);
  for (let i = 0; i < argv.length; i++) {
    let a = argv[i];
    if (!a.startsWith('-')) throw new Error(`unexpected argument '${a}'`);
    a = a.replace(/^--?/, '');
    let val;
    const eq = a.indexOf('=');
    if (eq > 0 && takes.has(a.slice(0, eq))) { val = a.slice(eq + 1); a = a.slice(0, eq); }
    if (flags.has(a)) { o[a] = true; continue; }
    if (!takes.has(a)) throw new Error(`unknown option --${a} (see --help)`);
    if (val === undefined) {
      if (i + 1 >= argv.length) throw new Error(`--${a} needs a value`);
      val = argv[++i];
    }
    if (a === 'e1opt' || a === 'e2opt') o[a].push(val);
    else o[a] = val;
  }
  return o;
}

function posInt(v, what, min = 1) {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new Error(`${what} must be a whole number >= ${min}, not '${v}'`);
  return n;
}

function buildConfig(o) {
  if (!o.engine1 || !o.engine2) throw new Error('--engine1 and --engine2 are required (see --help)');
  const engines = [resolveEngine(o.engine1), resolveEngine(o.engine2)];
  engines[0].options.push(...o.e1opt.map(parseOption));
  engines[1].options.push(...o.e2opt.map(parseOption));
  if (o.name1) engines[0].name = o.name1;
  if (o.name2) engines[1].name = o.name2;
  for (const e of engines) if (!engineAvailable(e)) throw new Error(e.missing ?? `${e.cmd} not found`);

  const limits = { timemarginMs: posInt(o.timemargin, '--timemargin', 0) };
  if (o.tc) Object.assign(limits, parseTimeControl(o.tc));
  if (o.movetime) limits.movetime = posInt(o.movetime, '--movetime');
  if (o.nodes) limits.nodes = posInt(o.nodes, '--nodes');
  if (o.depth) limits.depth = posInt(o.depth, '--depth');
  if (!o.tc && !o.movetime && !o.nodes && !o.depth) throw new Error('give a limit: --tc, --movetime, --nodes or --depth');
  limits.moveTimeoutMs = o['move-timeout'] ? posInt(o['move-timeout'], '--move-timeout')
    : limits.movetime ? 2 * limits.movetime + 5000 : 60000;

  const adjudication = {};
  if (o.resign) adjudication.resign = parseKeyValues(o.resign, ['score', 'moves']);
  if (o.draw) adjudication.draw = parseKeyValues(o.draw, ['movenumber', 'score', 'moves']);
  let sprt = null;
  if (o.sprt) {
    const model = o.sprt.match(/model=(pentanomial|trinomial)/)?.[1] ?? 'pentanomial';
    const rest = o.sprt.replace(/,?\s*model=\w+/, '');
    sprt = { ...parseKeyValues(rest, ['elo0', 'elo1', 'alpha', 'beta'], ['elo0', 'elo1']), model };
    sprt.alpha ??= 0.05; sprt.beta ??= 0.05;
    if (!(sprt.elo1 > sprt.elo0)) throw new Error('--sprt needs elo1 > elo0');
    if (!(sprt.alpha > 0 && sprt.alpha < 0.5 && sprt.beta > 0 && sprt.beta < 0.5)) throw new Error('--sprt alpha and beta must be in (0, 0.5)');
  }
  const games = o.games ? posInt(o.games, '--games') : sprt ? 20000 : 20;
  const variant = String(o.variant).toLowerCase();
  if (variant !== 'standard' && variant !== 'chess960') throw new Error(`--variant must be standard or chess960, not '${o.variant}'`);
  const order = { random: !!o.random, seed: posInt(o.seed, '--seed', 0), start: posInt(o['opening-start'] ?? 0, '--opening-start', 0) };
  let openings = null, refereeCmd;
  if (variant === 'chess960') {
    refereeCmd = findStockfish() ?? undefined;
    if (!refereeCmd) throw new Error('--variant chess960 needs Stockfish as its referee: /usr/games/stockfish or `stockfish` on PATH (`npm run setup`, apt package stockfish)');
    if (o.openings === undefined) openings = orderOpenings(chess960Openings(), { ...order, random: true });
    else if (o.openings === 'none') openings = [{ fen: chess960Fen(518), id: 'Chess960 #518' }];
    else openings = orderOpenings(loadOpenings(o.openings, { variant: 'chess960' }), order);
  } else if (o.openings !== 'none') {
    openings = orderOpenings(loadOpenings(o.openings ?? path.join(ROOT, 'tests/data/openings.epd')), order);
  }
  return {
    engines, limits, games, concurrency: posInt(o.concurrency, '--concurrency'), openings, variant, refereeCmd, adjudication, sprt,
    pgnFile: o.pgn ? path.resolve(o.pgn) : null, pgnComments: !o['no-pgn-comments'], event: o.event ?? 'Mainline match',
  };
}

// ------------------------------------------------------------------------------------------
// report
const pct = (x) => `${(100 * x).toFixed(1)}%`;
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
function duration(ms) {
  const s = Math.round(ms / 1000);
  return s >= 3600 ? `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m` : s >= 60 ? `${Math.floor(s / 60)}m ${s % 60}s` : `${s}s`;
}
function limitsText(l) {
  const parts = [];
  if (l.baseMs !== undefined) parts.push(`tc ${l.baseMs / 1000}+${(l.incMs ?? 0) / 1000}`);
  if (l.movetime) parts.push(`movetime ${l.movetime} ms`);
  if (l.nodes) parts.push(`nodes ${l.nodes}`);
  if (l.depth) parts.push(`depth ${l.depth}`);
  return parts.join(', ');
}
function engineLine(name, spec) {
  const opts = formatOptions(spec.options);
  return `${name} = ${spec.spec}${opts ? `  [${opts}]` : ''}`;
}
function eloText(e) {
  if (!e || !e.units) return 'n/a';
  return `${fmtElo(e.elo)} +/- ${fmtElo(e.error).replace('+', '')} (95% interval ${fmtElo(e.eloLow)} .. ${fmtElo(e.eloHigh)}; ` +
    `${e.model}, ${e.units} ${e.model === 'pentanomial' ? 'pairs' : 'games'})`;
}

function printSummary(m, log) {
  const s = m.summary;
  const [n1, n2] = m.names;
  log('');
  log(`=== Result: ${n1} vs ${n2}, ${m.variant === 'chess960' ? 'Chess960, ' : ''}${limitsText(m.limits)}, ${s.games} games${m.aborted ? ' (interrupted)' : ''}`);
  log(`engine 1: ${engineLine(n1, m.engines[0])}`);
  log(`engine 2: ${engineLine(n2, m.engines[1])}`);
  if (!s.games) { log('no finished games'); return; }
  log(`W/D/L: ${s.wins}/${s.draws}/${s.losses}  score ${pct((s.wins + s.draws / 2) / s.games)}  draw ratio ${pct(s.draws / s.games)}`);
  log(`Elo difference: ${eloText(s.estimate)}`);
  const pb = perfectScoreBound(s.wins, s.draws, s.losses);
  if (pb) log(`  (every game ${pb.side === 'lower' ? 'won' : 'lost'}: Elo ${pb.side === 'lower' ? '>=' : '<='} ${fmtElo(pb.elo)} with 97.5% confidence, exact binomial bound)`);
  if (s.estimate.model !== 'trinomial') log(`  (trinomial model: ${eloText(s.trinomial)})`);
  log(`LOS: ${pct(s.los)}`);
  if (s.completePairs) log(`pentanomial [0, 0.5, 1, 1.5, 2 points per pair]: [${s.penta.join(', ')}] over ${s.completePairs} pairs`);
  if (s.sprt) {
    const d = m.sprtDecision;
    log(`SPRT [${s.sprt.elo0}, ${s.sprt.elo1}] alpha ${s.sprt.alpha} beta ${s.sprt.beta} (${s.sprt.model}): LLR ${s.sprt.llr.toFixed(3)}, bounds [${s.sprt.lower.toFixed(3)}, ${s.sprt.upper.toFixed(3)}]` +
      ` -> ${d ? `${d.accepted} accepted (after ${d.games} games)` : 'no decision yet'}`);
  }
  log(`terminations: ${Object.entries(m.terminations).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  const tl = m.tallies;
  log(`time losses: ${n1} ${tl[0].timeLosses}, ${n2} ${tl[1].timeLosses} (timemargin ${m.limits.timemarginMs ?? 0} ms)` +
    `; illegal moves: ${n1} ${tl[0].illegal}, ${n2} ${tl[1].illegal}` +
    `; crashes: ${tl[0].crashes}/${tl[1].crashes}; stalls: ${tl[0].timeouts}/${tl[1].timeouts}`);
  for (const [i, n] of [[0, n1], [1, n2]]) {
    const t = tl[i];
    if (!t.moves) continue;
    log(`time use ${n}: ${t.moves} moves, mean ${(t.thinkMs / t.moves).toFixed(0)} ms, longest ${t.maxMoveMs.toFixed(0)} ms` +
      (t.minClockMs !== null ? `, lowest clock after a move ${t.minClockMs.toFixed(0)} ms` : '') +
      (t.overheadMoves ? `; bestmove came after the last reported 'info time' by mean ${(t.overheadMs / t.overheadMoves).toFixed(1)} ms, max ${t.maxOverheadMs.toFixed(0)} ms` : ''));
  }
  log(`game duration: mean ${secs(m.durations.mean)} (min ${secs(m.durations.min)}, max ${secs(m.durations.max)}), mean ${m.plies.toFixed(0)} plies; wall time ${duration(m.wallMs)}`);
  const c = m.cpu;
  log(`CPU (average cores busy, of ${c.cpus}): engines ${c.engines.toFixed(2)}, this tool ${c.tool.toFixed(2)}` +
    (c.other !== null ? `, other processes ${c.other.toFixed(2)}` : '') +
    (c.other !== null && c.other > 0.2 && m.limits.baseMs !== undefined
      ? ' -- WARNING: other load competed with the engines; time use and time losses are not representative' : ''));
}

// ------------------------------------------------------------------------------------------
// docs/strength.md
const STRENGTH_HEADER = `# Playing strength

Results of \`npm run match -- ... --record "label"\` (scripts/match.mjs), newest last. Everything is
from engine 1's point of view.

| column | meaning |
|---|---|
| date | when the match ended (local time) |
| label | the \`--record\` text |
| commit | \`git rev-parse --short HEAD\` of this repository when the match ran; \`+dirty\` if \`engine/\`, \`cmake/\` or \`CMakeLists.txt\` had uncommitted changes (the binary may not match the commit) |
| engine 1, opponent | engine (preset or command) and the UCI options set |
| TC | limits per move: \`tc S+I\` (clock seconds + increment), \`movetime\`, \`nodes\`, \`depth\`; \`chess960\` first for Chess960 games |
| games | finished games (each opening played twice, colours swapped) |
| W/D/L | wins / draws / losses of engine 1 |
| score | points of engine 1 / games |
| Elo | logistic Elo difference \`-400 log10(1/score - 1)\` +- the 95% error, from game pairs (pentanomial) when all games form complete pairs, else per game (trinomial) |
| SPRT | \`[elo0, elo1]\`: H0/H1 accepted, or the LLR when undecided |
| time losses, illegal | engine 1 / opponent: games lost on time, illegal moves |

| date | label | commit | engine 1 | opponent | TC | games | W/D/L | score | Elo (95%) | SPRT | time losses | illegal |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
`;

function gitCommit() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'engine', 'cmake', 'CMakeLists.txt'], { cwd: ROOT, encoding: 'utf8' }).trim();
    return dirty ? `${head}+dirty` : head;
  } catch { return 'unknown'; }
}

function record(m, label, file = path.join(ROOT, 'docs/strength.md')) {
  const s = m.summary;
  const cell = (x) => String(x).replace(/\|/g, '\\|');
  const eng = (i) => {
    const opts = formatOptions(m.engines[i].options);
    return `${m.names[i]} (\`${m.engines[i].spec}\`${opts ? ` ${opts}` : ''})`;
  };
  const d = new Date();
  const p2 = (n) => String(n).padStart(2, '0');
  const date = `${d.getFullYear()}-${p2(d.getMonth() + 1)}-${p2(d.getDate())} ${p2(d.getHours())}:${p2(d.getMinutes())}`;
  const e = s.estimate;
  const pb = perfectScoreBound(s.wins, s.draws, s.losses);
  const elo = pb ? `${pb.side === 'lower' ? '>=' : '<='} ${fmtElo(pb.elo, 0)} (all ${pb.side === 'lower' ? 'won' : 'lost'}, 97.5% bound)`
    : e.units ? `${fmtElo(e.elo)} ± ${fmtElo(e.error).replace('+', '')} (${e.model === 'pentanomial' ? 'penta' : 'tri'})` : 'n/a';
  let sprt = '-';
  if (s.sprt) {
    const dec = m.sprtDecision;
    sprt = `[${s.sprt.elo0}, ${s.sprt.elo1}] ${dec ? `${dec.accepted} accepted` : `LLR ${s.sprt.llr.toFixed(2)} (${s.sprt.lower.toFixed(2)}, ${s.sprt.upper.toFixed(2)})`}`;
  }
  const row = [date, label, gitCommit(), eng(0), eng(1),
    (m.variant === 'chess960' ? 'chess960, ' : '') + limitsText(m.limits) + (m.limits.timemarginMs ? `, margin ${m.limits.timemarginMs} ms` : ''),
    s.games, `${s.wins}/${s.draws}/${s.losses}`, pct((s.wins + s.draws / 2) / s.games), elo, sprt,
    `${m.tallies[0].timeLosses} / ${m.tallies[1].timeLosses}`, `${m.tallies[0].illegal} / ${m.tallies[1].illegal}`];
  mkdirSync(path.dirname(file), { recursive: true });
  if (!existsSync(file) || !readFileSync(file, 'utf8').trim()) writeFileSync(file, STRENGTH_HEADER);
  appendFileSync(file, `| ${row.map(cell).join(' | ')} |\n`);
  return file;
}

// ------------------------------------------------------------------------------------------
async function main() {
  let o;
  try {
    o = parseArgs(process.argv.slice(2));
    if (o.help || o.h) { console.log(HELP); return 0; }
  } catch (e) { console.error(`match: ${e.message}`); return 2; }
  let cfg;
  try {
    cfg = buildConfig(o);
    // Chess960 positions from a file: checked by the referee (side not to move in check, game over)
    if (cfg.variant === 'chess960' && o.openings !== undefined && o.openings !== 'none') await checkOpenings960(cfg.openings, cfg.refereeCmd);
  } catch (e) { console.error(`match: ${e.message}`); return 2; }

  const log = (s) => console.log(s);
  const controller = new AbortController();
  let interrupts = 0;
  process.on('SIGINT', () => {
    if (++interrupts > 1) process.exit(130);
    console.error('\nmatch: interrupted, stopping the engines (Ctrl-C again to quit at once)');
    controller.abort();
  });

  const startText = cfg.variant === 'chess960'
    ? (o.openings === undefined ? `Chess960 start positions in the order of seed ${o.seed}${o['opening-start'] ? ` from the ${o['opening-start']}-th` : ''}`
      : o.openings === 'none' ? 'Chess960 start position 518'
        : `${cfg.openings.length} Chess960 positions from ${path.relative(ROOT, path.resolve(o.openings)) || o.openings}`)
    : cfg.openings ? `${cfg.openings.length} openings from ${path.relative(ROOT, path.resolve(o.openings ?? path.join(ROOT, 'tests/data/openings.epd'))) || o.openings}` : 'start position';
  log(`Match: ${cfg.engines.map((e) => e.spec).join(' vs ')}, ${cfg.variant === 'chess960' ? 'variant chess960, ' : ''}${limitsText(cfg.limits)}, ` +
    `${cfg.games} games, concurrency ${cfg.concurrency}, ${startText}`);
  let m;
  try {
    m = await runMatch({ ...cfg, log: o.quiet ? () => {} : log, signal: controller.signal });
  } catch (e) {
    console.error(`match: ${e.message}`);
    return 1;
  }
  printSummary(m, log);
  if (cfg.pgnFile) log(`PGN: ${cfg.pgnFile}`);
  if (o.json) {
    const out = {
      names: m.names, variant: m.variant, engines: m.engines.map((e) => ({ spec: e.spec, options: e.options })), limits: m.limits,
      summary: m.summary, sprtDecision: m.sprtDecision, tallies: m.tallies, terminations: m.terminations,
      durations: m.durations, wallMs: m.wallMs, cpu: m.cpu, aborted: m.aborted,
      games: m.results.map((r) => ({
        index: r.index, pair: r.pair, e1White: r.e1White, opening: r.opening?.id ?? null, startFen: r.record.startFen,
        white: r.record.whiteName, black: r.record.blackName,
        result: r.record.result, kind: r.record.kind, reason: r.record.reason, plies: r.record.moves.length, durationMs: r.record.durationMs,
        illegalMove: r.record.illegalMove, moves: r.record.moves.map((x) => x.uci).join(' '),
      })),
    };
    writeFileSync(o.json, JSON.stringify(out, null, 2));
  }
  if (o.record !== undefined) {
    if (m.aborted || !m.summary.games) log('not recorded: the match was interrupted or has no games');
    else log(`recorded in ${record(m, o.record, o['record-file'] ? path.resolve(o['record-file']) : undefined)}`);
  }
  return m.aborted ? 130 : 0;
}

process.exitCode = await main();
