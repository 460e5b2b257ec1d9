// Runs a match: game pairs (each opening played twice, colours swapped), several games at once
// (each game has its own two engine processes, reused for the next game of that slot), PGN
// written as games finish, running score and SPRT after every game. Standard chess is refereed
// by chess.js; Chess960 (variant 'chess960': both engines get UCI_Chess960 true) by a Stockfish
// process per game slot (scripts/lib/stockfish-referee.mjs).
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { UciProcess } from './uci-process.mjs';
import { playGame, ChessJsReferee } from './game.mjs';
import { gameToPgn, pgnTimeControl } from './pgn.mjs';
import { chess960Pgn } from './chess960.mjs';
import { StockfishReferee } from './stockfish-referee.mjs';
import { eloEstimate, los, pentanomialIndex, sprtState, fmtElo } from './stats.mjs';

/**
 * @typedef {import('./engines.mjs').EngineSpec} EngineSpec
 * @typedef {import('./game.mjs').Limits} Limits
 * @typedef {import('./game.mjs').GameRecord} GameRecord
 * @typedef {import('./openings.mjs').Opening} Opening
 *
 * @typedef {Object} MatchConfig
 * @property {[EngineSpec, EngineSpec]} engines engine 1 (the one results are reported for) and engine 2
 * @property {Limits} limits
 * @property {number} games       games to play (with SPRT: the maximum)
 * @property {number} [concurrency] games at once (default 1)
 * @property {Opening[]|null} [openings] one per game pair, in order, repeating; null: standard start
 *                               (Chess960 needs openings: its start positions, chess960Openings())
 * @property {'standard'|'chess960'} [variant] default 'standard'
 * @property {string} [refereeCmd] Chess960: the Stockfish program that referees (default findStockfish())
 * @property {{ resign?: { score: number, moves: number }, draw?: { movenumber: number, score: number, moves: number } }} [adjudication]
 * @property {{ elo0: number, elo1: number, alpha: number, beta: number, model?: 'pentanomial'|'trinomial' }|null} [sprt]
 * @property {string|null} [pgnFile] written afresh, one game appended as it finishes
 * @property {boolean} [pgnComments] {score/depth time} after each move (default true)
 * @property {string} [event]
 * @property {(line: string) => void} [log] progress output (default console.log)
 * @property {AbortSignal} [signal] aborting stops the match; unfinished games are not counted
 *
 * @typedef {Object} GameResult
 * @property {number} index   0-based game number
 * @property {number} pair    0-based pair number (games 2k and 2k+1)
 * @property {boolean} e1White
 * @property {Opening|null} opening
 * @property {GameRecord} record
 * @property {number} score1  engine 1's score in this game: 1, 0.5 or 0
 *
 * @typedef {Object} EngineTally per engine: faults and time use
 * @property {number} timeLosses   games in which this engine's clock ran out (flag)
 * @property {number} illegal      illegal or malformed moves
 * @property {number} crashes
 * @property {number} timeouts     no move within the hard per-move limit (no clock)
 * @property {number} moves
 * @property {number} thinkMs      total time used
 * @property {number} maxMoveMs    longest single move
 * @property {number|null} minClockMs lowest clock reading right after a move, before the increment
 * @property {number} overheadMoves moves for which the engine reported its own time
 * @property {number} overheadMs    sum over those of (time measured here - time the engine reported):
 *                                  process, pipe and scheduling latency charged to the engine's clock
 * @property {number} maxOverheadMs
 */

/**
 * Starts an engine: `uci` handshake, options, `isready`.
 * @param {EngineSpec} spec
 * @param {(s: string) => void} [warn]
 * @returns {Promise<UciProcess>}
 */
export async function startEngine(spec, warn) {
  const p = new UciProcess(spec.cmd, spec.args);
  try {
    await p.handshake(30000);
    for (const [k, v] of spec.options) {
      if (!p.hasOption(k)) warn?.(`engine '${spec.spec}' does not announce option '${k}' (sent anyway)`);
      p.setOption(k, v);
    }
    await p.isready(30000);
    return p;
  } catch (e) {
    p.kill();
    throw new Error(`could not start engine '${spec.spec}' (${[spec.cmd, ...spec.args].join(' ')}): ${e.message}`);
  }
}

/**
 * Machine-wide CPU time in ms from /proc/stat: busy (user, nice, system, irq, softirq, steal)
 * and the number of CPUs. null where /proc/stat is missing. (Assumes 100 ticks per second.)
 * @returns {null | { busyMs: number, cpus: number }}
 */
export function machineCpu() {
  try {
    const lines = readFileSync('/proc/stat', 'utf8').split('\n');
    const f = lines[0].trim().split(/\s+/).slice(1).map(Number);
    const busy = f[0] + f[1] + f[2] + f[5] + f[6] + (f[7] || 0);
    return { busyMs: busy * 10, cpus: lines.filter((l) => /^cpu\d/.test(l)).length };
  } catch { return null; }
}

/** Empty per-engine tally. */
function tally() {
  return { timeLosses: 0, illegal: 0, crashes: 0, timeouts: 0, moves: 0, thinkMs: 0, maxMoveMs: 0, minClockMs: null, overheadMoves: 0, overheadMs: 0, maxOverheadMs: 0 };
}

/**
 * Statistics of finished games, from engine 1's point of view.
 * @param {GameResult[]} results
 * @param {{ sprt?: MatchConfig['sprt'] }} [o]
 * @returns {{ games: number, wins: number, draws: number, losses: number, penta: number[], completePairs: number,
 *   trinomial: import('./stats.mjs').EloEstimate, pentanomial: import('./stats.mjs').EloEstimate|null,
 *   estimate: import('./stats.mjs').EloEstimate, los: number, sprt: null|Object }}
 */
export function summarize(results, o = {}) {
  const done = results.filter((r) => r.record.result !== '*');
  const w = done.filter((r) => r.score1 === 1).length;
  const l = done.filter((r) => r.score1 === 0).length;
  const d = done.length - w - l;
  const byPair = new Map();
  for (const r of done) {
    if (!byPair.has(r.pair)) byPair.set(r.pair, []);
    byPair.get(r.pair).push(r.score1);
  }
  const penta = [0, 0, 0, 0, 0];
  let completePairs = 0;
  for (const s of byPair.values()) if (s.length === 2) { penta[pentanomialIndex(s[0], s[1])]++; completePairs++; }
  const trinomial = eloEstimate([l, d, w]);
  const pentanomial = completePairs ? eloEstimate(penta) : null;
  // Pentanomial model when every finished game is part of a finished pair.
  const estimate = pentanomial && completePairs * 2 === done.length ? pentanomial : trinomial;
  let sprt = null;
  if (o.sprt) {
    const model = o.sprt.model ?? 'pentanomial';
    const counts = model === 'pentanomial' ? penta : [l, d, w];
    sprt = { ...sprtState(counts, o.sprt), model, counts, elo0: o.sprt.elo0, elo1: o.sprt.elo1, alpha: o.sprt.alpha, beta: o.sprt.beta };
  }
  return { games: done.length, wins: w, draws: d, losses: l, penta, completePairs, trinomial, pentanomial, estimate, los: los(w, l), sprt };
}

/**
 * @typedef {Object} MatchResult
 * @property {[string, string]} names display names of engine 1 and engine 2
 * @property {'standard'|'chess960'} variant
 * @property {[EngineSpec, EngineSpec]} engines
 * @property {Limits} limits
 * @property {string} timeControl PGN TimeControl value
 * @property {GameResult[]} results finished games, by game number
 * @property {ReturnType<typeof summarize>} summary W/D/L, pentanomial counts, Elo estimates, LOS, SPRT state
 * @property {null | { accepted: 'H0'|'H1', games: number, llr: number }} sprtDecision when the SPRT stopped the match
 * @property {[EngineTally, EngineTally]} tallies faults and time use per engine
 * @property {Record<string, number>} terminations game count per GameRecord.kind
 * @property {boolean} aborted
 * @property {number} wallMs
 * @property {{ tool: number, engines: number, other: number|null, cpus: number }} cpu average cores busy
 *           (the tool's: this process and, in Chess960, its referee processes)
 * @property {null | { mean: number, min: number, max: number }} durations game durations in ms
 * @property {number} plies mean plies per game
 */

/**
 * Plays the match. Throws only when an engine (or the Chess960 referee) cannot be started
 * (or restarted), or the referee fails.
 * @param {MatchConfig} cfg
 * @returns {Promise<MatchResult>}
 */
export async function runMatch(cfg) {
  const log = cfg.log ?? ((s) => console.log(s));
  const warned = new Set();
  const warn = (s) => { if (!warned.has(s)) { warned.add(s); log(`warning: ${s}`); } };
  const concurrency = Math.max(1, Math.min(cfg.concurrency ?? 1, cfg.games));
  const limits = cfg.limits;
  const openings = cfg.openings?.length ? cfg.openings : null;
  const variant = cfg.variant ?? 'standard';
  const chess960 = variant === 'chess960';
  if (chess960 && !openings) throw new Error('a Chess960 match needs its start positions (openings)');
  const tc = pgnTimeControl(limits);
  const site = os.hostname();
  const event = cfg.event ?? 'Mainline match';
  const t0 = performance.now();
  const machine0 = machineCpu();
  const cpu0 = process.cpuUsage();
  let engineCpuMs = 0;                          // CPU used by engine processes, added when each is closed
  let refereeCpuMs = 0;                         // CPU used by the Chess960 referees, added when each is closed
  const counted = new WeakSet();
  const countCpu = (p) => { if (p && !counted.has(p)) { counted.add(p); engineCpuMs += p.cpuMs() ?? 0; } };
  const startDate = new Date();
  if (cfg.pgnFile) writeFileSync(cfg.pgnFile, '');

  /** @type {GameResult[]} */
  const results = [];
  const tallies = [tally(), tally()];
  const terminations = {};
  const names = [null, null];
  const procs = new Set();                      // every live process, to kill on abort
  let next = 0, stop = false, fatal = null;
  let decision = null;                          // { accepted, games, llr }

  const aborted = () => cfg.signal?.aborted;
  const onAbort = () => { stop = true; for (const p of procs) { countCpu(p); p.kill(); } };
  cfg.signal?.addEventListener('abort', onAbort);

  async function launch(which) {
    const spec = cfg.engines[which];
    const p = await startEngine(chess960 ? { ...spec, options: [...spec.options, ['UCI_Chess960', 'true']] } : spec, warn);
    procs.add(p);
    p.exitPromise.then(() => procs.delete(p));
    if (!names[which]) {
      let n = spec.name ?? p.name ?? spec.spec;
      if (which === 1 && n === names[0]) n = `${n} (2)`;
      names[which] = n;
    }
    return p;
  }

  function account(gr) {
    const rec = gr.record;
    const sideOf = (which) => ((which === 0) === gr.e1White ? 'w' : 'b');
    for (const which of [0, 1]) {
      const side = sideOf(which);
      const t = tallies[which];
      if (rec.flagged === side) t.timeLosses++;
      if (rec.loser === side && rec.kind === 'illegal') t.illegal++;
      if (rec.loser === side && rec.kind === 'crash') t.crashes++;
      if (rec.loser === side && rec.kind === 'timeout') t.timeouts++;
      const first = rec.startFen.split(' ')[1] === 'w' ? 'w' : 'b';
      rec.moves.forEach((m, i) => {
        const mover = (i % 2 === 0) === (first === 'w') ? 'w' : 'b';
        if (mover !== side) return;
        t.moves++;
        t.thinkMs += m.timeMs;
        t.maxMoveMs = Math.max(t.maxMoveMs, m.timeMs);
        if (m.engineTimeMs != null) {
          const o = m.timeMs - m.engineTimeMs;
          t.overheadMoves++;
          t.overheadMs += o;
          t.maxOverheadMs = Math.max(t.maxOverheadMs, o);
        }
        if (m.clockMs !== null) {
          const before = m.clockMs - (limits.incMs ?? 0);
          t.minClockMs = t.minClockMs === null ? before : Math.min(t.minClockMs, before);
        }
      });
      if (rec.flagged === side && rec.clocks) t.minClockMs = Math.min(t.minClockMs ?? Infinity, rec.clocks[side]);
    }
    terminations[rec.kind] = (terminations[rec.kind] ?? 0) + 1;
  }

  async function worker(slot) {
    /** @type {[UciProcess|null, UciProcess|null]} */
    const eng = [null, null];
    /** @type {[import('./game.mjs').Player, import('./game.mjs').Player]} */
    const players = [null, null];
    /** @type {StockfishReferee|null} */
    let sfReferee = null;
    try {
      if (chess960) sfReferee = await StockfishReferee.start(cfg.refereeCmd);
      const referee = sfReferee ?? new ChessJsReferee();
      while (!stop && !aborted() && next < cfg.games) {
        const index = next++;
        const pair = Math.floor(index / 2);
        const e1White = index % 2 === 0;
        const opening = openings ? openings[pair % openings.length] : null;
        for (const which of [0, 1]) {
          if (!eng[which] || !eng[which].alive || players[which]?.dirty) {
            countCpu(eng[which]);
            eng[which]?.kill();
            eng[which] = await launch(which);
            players[which] = { proc: eng[which], name: '' };
          }
          players[which].name = names[which];
        }
        const [white, black] = e1White ? [players[0], players[1]] : [players[1], players[0]];
        const record = await playGame({
          white, black, startFen: opening?.fen, referee, limits, adjudication: cfg.adjudication, signal: cfg.signal,
        });
        if (record.result === '*' || aborted()) continue;
        const score1 = record.result === '1/2-1/2' ? 0.5 : (record.result === '1-0') === e1White ? 1 : 0;
        const gr = { index, pair, e1White, opening, record, score1 };
        results.push(gr);
        account(gr);
        if (cfg.pgnFile) {
          appendFileSync(cfg.pgnFile, (chess960 ? chess960Pgn : gameToPgn)(record, {
            event, site, date: startDate, round: index + 1, timeControl: tc, opening: opening?.id,
            comments: cfg.pgnComments ?? true,
          }));
        }
        report(gr);
      }
    } catch (e) {
      fatal ??= e;
      stop = true;
    } finally {
      if (sfReferee) {
        await sfReferee.close();
        refereeCpuMs += sfReferee.cpuMs() ?? 0;
      }
      await Promise.all(eng.map((p) => {
        if (!p) return null;
        countCpu(p);
        return aborted() ? p.kill() : p.close(2000);
      }));
    }
  }

  function report(gr) {
    const rec = gr.record;
    const s = summarize(results, { sprt: cfg.sprt });
    const op = gr.opening ? ` "${gr.opening.id ?? gr.opening.fen}"` : '';
    const f = rec.flag;
    const flagText = f ? ` [flag: ${f.clockMs.toFixed(0)} ms left, ${f.answered ? 'moved after' : 'no move within'} ${f.usedMs.toFixed(0)} ms` +
      `${f.engineTimeMs != null ? `, engine's last info time ${f.engineTimeMs} ms` : ''}` +
      `${f.timerLateMs != null ? `, the tool's deadline timer ran ${f.timerLateMs.toFixed(0)} ms late` : ''}]` : '';
    log(`Game ${gr.index + 1}/${cfg.games} (${rec.whiteName} vs ${rec.blackName}${op}): ${rec.result} {${rec.reason}}${flagText} ` +
      `${rec.moves.length} plies, ${(rec.durationMs / 1000).toFixed(1)} s`);
    const pct = s.games ? ((s.wins + s.draws / 2) / s.games) : NaN;
    log(`Score of ${names[0]} vs ${names[1]}: ${s.wins} - ${s.losses} - ${s.draws}  [${pct.toFixed(3)}] ${s.games}` +
      (s.games >= 2 ? `  Elo ${fmtElo(s.estimate.elo)} +/- ${fmtElo(s.estimate.error).replace('+', '')}` : ''));
    if (s.sprt) {
      log(`SPRT: llr ${s.sprt.llr.toFixed(3)} (${(100 * s.sprt.llr / s.sprt.upper).toFixed(1)}%), lbound ${s.sprt.lower.toFixed(2)}, ubound ${s.sprt.upper.toFixed(2)}` +
        `  [elo0 ${s.sprt.elo0}, elo1 ${s.sprt.elo1}, ${s.sprt.model}]`);
      if (s.sprt.accepted && !decision) {
        decision = { accepted: s.sprt.accepted, games: s.games, llr: s.sprt.llr };
        log(`SPRT: ${s.sprt.accepted} accepted after ${s.games} games; finishing the games in progress`);
        stop = true;
      }
    }
  }

  await Promise.all(Array.from({ length: concurrency }, (_, i) => worker(i)));
  cfg.signal?.removeEventListener('abort', onAbort);
  if (fatal) throw fatal;

  const machine1 = machineCpu();
  const wallMs = performance.now() - t0;
  const toolMs = ((c) => (c.user + c.system) / 1000)(process.cpuUsage(cpu0)) + refereeCpuMs;
  results.sort((a, b) => a.index - b.index);
  const durations = results.map((r) => r.record.durationMs);
  return {
    names,
    variant,
    engines: cfg.engines,
    limits,
    timeControl: tc,
    results,
    summary: summarize(results, { sprt: cfg.sprt }),
    sprtDecision: decision,
    tallies,
    terminations,
    aborted: !!aborted(),
    wallMs,
    // average number of cores busy with: this tool, the engines, everything else on the machine
    // (other processes compete with the engines: clock results from a busy machine are distorted)
    cpu: {
      tool: toolMs / wallMs,
      engines: engineCpuMs / wallMs,
      other: machine0 && machine1 ? Math.max(0, (machine1.busyMs - machine0.busyMs - toolMs - engineCpuMs) / wallMs) : null,
      cpus: machine1?.cpus ?? os.cpus().length,
    },
    durations: durations.length ? {
      mean: durations.reduce((a, b) => a + b, 0) / durations.length, min: Math.min(...durations), max: Math.max(...durations),
    } : null,
    plies: results.length ? results.reduce((a, r) => a + r.record.moves.length, 0) / results.length : 0,
  };
}
