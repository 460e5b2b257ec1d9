// One game between two UCI engines: the tool keeps the clocks, checks every move for legality
// with a referee, ends the game by the rules (mate, stalemate, threefold repetition, fifty
// moves, insufficient material), by optional resign/draw adjudication on the engines' reported
// scores, on time, on an illegal move, or when an engine crashes or stops answering.
// The referee of standard chess is chess.js (ChessJsReferee, here); of Chess960, Stockfish
// (StockfishReferee, scripts/lib/stockfish-referee.mjs). Both implement `Referee` below.
import { Chess, DEFAULT_POSITION } from 'chess.js';
import { performance } from 'node:perf_hooks';

export const STARTPOS = DEFAULT_POSITION;

/**
 * @typedef {Object} Limits   what each `go` carries, and how long the tool waits for a move
 * @property {number} [baseMs]        clock time per side (enables wtime/btime/winc/binc and time losses)
 * @property {number} [incMs]         increment per move
 * @property {number} [movetime]      go movetime (ms)
 * @property {number} [nodes]         go nodes
 * @property {number} [depth]         go depth
 * @property {number} [timemarginMs]  a move that leaves the clock at >= -timemargin is not a time loss (default 0)
 * @property {number} [moveTimeoutMs] hard limit for one move when no clock runs (default 60000)
 * @property {number} [readyTimeoutMs] limit for `isready` at the start of a game (default 30000)
 *
 * @typedef {{ type: 'cp'|'mate', value: number }} Score   from the point of view of the engine's side
 *
 * @typedef {Object} Player
 * @property {import('./uci-process.mjs').UciProcess} proc
 * @property {string} name
 * @property {boolean} [dirty] set by playGame when the process may still be searching or is dead:
 *                             the caller must restart it before the next game
 *
 * @typedef {Object} MoveRecord
 * @property {string} uci
 * @property {string} san
 * @property {Score|null} score   the last `info ... score` before bestmove (multipv 1)
 * @property {number|null} depth
 * @property {number|null} nodes
 * @property {number} timeMs      from sending `go` to receiving `bestmove`
 * @property {number|null} engineTimeMs the last `info ... time` the engine reported for this move
 * @property {number|null} clockMs the mover's clock after the move (with increment), null without clock
 *
 * @typedef {Object} GameRecord
 * @property {'1-0'|'0-1'|'1/2-1/2'|'*'} result
 * @property {string} kind   checkmate | stalemate | repetition | fifty | insufficient | resign |
 *                           draw-adjudication | time | illegal | crash | timeout | aborted
 * @property {string} reason human text, e.g. "White loses on time"
 * @property {string} termination PGN Termination tag value
 * @property {'w'|'b'|null} loser side that lost by an engine fault or the rules, null for draws
 * @property {'w'|'b'|null} flagged side whose clock ran out (also set when that was a draw)
 * @property {{ clockMs: number, usedMs: number, engineTimeMs: number|null, answered: boolean, timerLateMs?: number|null }} [flag]
 *           the flagged move: clock before it, time taken (until bestmove, or until the tool
 *           stopped waiting), the engine's own last reported time, whether a bestmove came at all,
 *           and (no bestmove) how late the tool's own deadline timer ran
 * @property {string} startFen
 * @property {MoveRecord[]} moves
 * @property {number} durationMs
 * @property {string} [illegalMove]  the offending bestmove text
 * @property {string} [variant]  'chess960' for Chess960 games (absent for standard chess)
 *
 * @typedef {{ result: '1-0'|'0-1'|'1/2-1/2', kind: string, reason: string, loser: 'w'|'b'|null }} Outcome
 *
 * @typedef {Object} RefereeMove a legal move as played
 * @property {string} uci  as the engines get it in `position ... moves` (Chess960 castling: king takes rook)
 * @property {string} san  with + or # (Chess960 castling: O-O, O-O-O)
 *
 * @typedef {Object} Referee  the rules of one game at a time; the game's position is its state
 * @property {'standard'|'chess960'} variant
 * @property {(fen: string) => (void|Promise<void>)} reset  a new game from this FEN
 * @property {() => 'w'|'b'} turn  side to move
 * @property {() => number} moveNumber  full move number of the side to move
 * @property {(uci: string) => (RefereeMove|null|Promise<RefereeMove|null>)} play
 *           plays `uci` when it is legal and well-formed (the exact UCI text, promotion suffix
 *           included), else returns null and leaves the position as it was
 * @property {() => Outcome|null} outcome  end of the game by the rules in the current position
 * @property {(side: 'w'|'b') => boolean} loneKing  whether `side` has nothing but its king
 */

const COLOR = { w: 'White', b: 'Black' };
const other = (side) => (side === 'w' ? 'b' : 'w');

// ------------------------------------------------------------------------------------------
// parsing helpers

/**
 * Parses a time control "S[+I]" in seconds (fractions allowed), also "M:SS[+I]":
 * "10+0.1" -> { baseMs: 10000, incMs: 100 }.
 * @param {string} s
 * @returns {{ baseMs: number, incMs: number }}
 */
export function parseTimeControl(s) {
  const m = String(s).trim().match(/^(?:(\d+):)?(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$/);
  if (!m) throw new Error(`bad time control '${s}': expected seconds[+increment], e.g. 10+0.1 or 1:30+1`);
  const baseMs = Math.round(((m[1] ? Number(m[1]) * 60 : 0) + Number(m[2])) * 1000);
  const incMs = Math.round(Number(m[3] ?? 0) * 1000);
  if (baseMs <= 0) throw new Error(`bad time control '${s}': the base time must be positive`);
  return { baseMs, incMs };
}

/**
 * Parses "key=value,key=value" with numeric values; every key must be in `allowed`, and every
 * key in `required` must be present.
 * @param {string} s
 * @param {string[]} allowed
 * @param {string[]} [required]
 * @returns {Record<string, number>}
 */
export function parseKeyValues(s, allowed, required = allowed) {
  const out = {};
  for (const part of String(s).split(/[,\s]+/).filter(Boolean)) {
    const m = part.match(/^([A-Za-z0-9_]+)=(-?\d+(?:\.\d+)?)$/);
    if (!m) throw new Error(`bad 'key=value' item '${part}' in '${s}'`);
    if (!allowed.includes(m[1])) throw new Error(`unknown key '${m[1]}' in '${s}' (allowed: ${allowed.join(', ')})`);
    out[m[1]] = Number(m[2]);
  }
  for (const k of required) if (!(k in out)) throw new Error(`'${s}' needs ${k}=...`);
  return out;
}

/**
 * Parses a UCI `info` line (fields used here: depth, seldepth, multipv, score cp/mate with an
 * optional lowerbound/upperbound, nodes, time). Returns null for other lines.
 * @param {string} line
 * @returns {null | { depth?: number, seldepth?: number, multipv?: number, nodes?: number, time?: number, score?: Score, bound?: string }}
 */
export function parseInfo(line) {
  const t = line.trim().split(/\s+/);
  if (t[0] !== 'info') return null;
  const r = {};
  const num = (x) => { const v = Number(x); return Number.isFinite(v) ? v : undefined; };
  for (let i = 1; i < t.length; i++) {
    const k = t[i];
    if (k === 'depth' || k === 'seldepth' || k === 'multipv' || k === 'nodes' || k === 'time' || k === 'nps' ||
        k === 'hashfull' || k === 'tbhits' || k === 'cpuload' || k === 'currmovenumber') {
      const v = num(t[++i]);
      if (v !== undefined) r[k] = v;
    } else if (k === 'score') {
      const type = t[i + 1], v = num(t[i + 2]);
      if ((type === 'cp' || type === 'mate') && v !== undefined) { r.score = { type, value: v }; i += 2; }
      while (t[i + 1] === 'lowerbound' || t[i + 1] === 'upperbound') r.bound = t[++i];
    } else if (k === 'currmove') i++;
    else if (k === 'string' || k === 'pv' || k === 'refutation' || k === 'currline') break;
  }
  return r;
}

/** Centipawn value used for adjudication: mate in n -> 100000 - n, mated in n -> -100000 + n. */
export function scoreToCp(score) {
  if (score.type === 'cp') return score.value;
  return score.value > 0 ? 100000 - score.value : -100000 - score.value;
}

/**
 * PGN-comment form of a score in pawns, cutechess style: "+0.34", "-1.20", "+M5", "-M3".
 * @param {Score|null} score
 * @returns {string}
 */
export function formatScore(score) {
  if (!score) return '';
  if (score.type === 'mate') return (score.value > 0 ? '+M' : '-M') + Math.abs(score.value);
  return (score.value >= 0 ? '+' : '-') + (Math.abs(score.value) / 100).toFixed(2);
}

/**
 * Plays a UCI move string on `chess` if it is legal and well-formed; returns the chess.js move
 * (with san and lan), or null without changing the position. A promotion suffix on a
 * non-promotion, or a missing one on a promotion, is illegal.
 * (chess.move() checks legality without computing SAN for every legal move, which
 * moves({ verbose: true }) would; it is lenient only about a stray promotion suffix.)
 * @param {Chess} chess
 * @param {string} uci
 */
export function applyUciMove(chess, uci) {
  const m = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/.exec(uci);
  if (!m) return null;
  const [, from, to, promotion] = m;
  if (promotion) {
    const piece = chess.get(from);
    if (!piece || piece.type !== 'p' || (to[1] !== '8' && to[1] !== '1')) return null;
  }
  try {
    return chess.move({ from, to, promotion });
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------------------------------
// end of game

/**
 * Game end by the rules in the current position (after the last move), or null.
 * @param {Chess} chess
 * @returns {null | { result: string, kind: string, reason: string, loser: 'w'|'b'|null }}
 */
export function ruleOutcome(chess) {
  if (chess.isCheckmate()) {
    const loser = chess.turn();
    return { result: loser === 'w' ? '0-1' : '1-0', kind: 'checkmate', reason: `${COLOR[other(loser)]} mates`, loser };
  }
  if (chess.isStalemate()) return { result: '1/2-1/2', kind: 'stalemate', reason: 'Draw by stalemate', loser: null };
  if (chess.isInsufficientMaterial()) return { result: '1/2-1/2', kind: 'insufficient', reason: 'Draw by insufficient mating material', loser: null };
  if (chess.isDrawByFiftyMoves()) return { result: '1/2-1/2', kind: 'fifty', reason: 'Draw by fifty moves rule', loser: null };
  if (chess.isThreefoldRepetition()) return { result: '1/2-1/2', kind: 'repetition', reason: 'Draw by 3-fold repetition', loser: null };
  return null;
}

/**
 * True when `side` has nothing but its king (it can never mate: a flag against it is a draw).
 * @param {Chess} chess
 * @param {'w'|'b'} side
 */
function loneKing(chess, side) {
  for (const row of chess.board()) for (const p of row) if (p && p.color === side && p.type !== 'k') return false;
  return true;
}

/**
 * Resign and draw adjudication on the engines' own scores (each from its side's view).
 * Resign {score, moves}: a side loses when it reported <= -score for its last `moves` moves
 * and the opponent reported >= +score for its last `moves` moves.
 * Draw {movenumber, score, moves}: drawn when, from full move `movenumber` on, both sides
 * reported |score| <= score for their last `moves` moves each (2 * moves plies in a row).
 * A move without a score resets the counts.
 */
export class Adjudicator {
  /**
   * @param {{ resign?: { score: number, moves: number }, draw?: { movenumber: number, score: number, moves: number } }} [rules]
   */
  constructor(rules = {}) {
    this.resign = rules.resign ?? null;
    this.draw = rules.draw ?? null;
    this.winStreak = { w: 0, b: 0 };
    this.loseStreak = { w: 0, b: 0 };
    this.drawStreak = 0;
  }

  /**
   * Feeds the score the mover reported for the move it just played.
   * @param {'w'|'b'} side
   * @param {Score|null} score
   * @param {number} moveNumber full move number of that move
   * @returns {null | { result: string, kind: string, reason: string, loser: 'w'|'b'|null }}
   */
  update(side, score, moveNumber) {
    const cp = score ? scoreToCp(score) : null;
    if (this.resign) {
      const S = this.resign.score;
      this.loseStreak[side] = cp !== null && cp <= -S ? this.loseStreak[side] + 1 : 0;
      this.winStreak[side] = cp !== null && cp >= S ? this.winStreak[side] + 1 : 0;
      for (const loser of [side, other(side)]) {
        const winner = other(loser);
        if (this.loseStreak[loser] >= this.resign.moves && this.winStreak[winner] >= this.resign.moves) {
          return { result: winner === 'w' ? '1-0' : '0-1', kind: 'resign', reason: `${COLOR[winner]} wins by adjudication`, loser };
        }
      }
    }
    if (this.draw) {
      const ok = cp !== null && moveNumber >= this.draw.movenumber && Math.abs(cp) <= this.draw.score;
      this.drawStreak = ok ? this.drawStreak + 1 : 0;
      if (this.drawStreak >= 2 * this.draw.moves) return { result: '1/2-1/2', kind: 'draw-adjudication', reason: 'Draw by adjudication', loser: null };
    }
    return null;
  }
}

/**
 * The referee of standard chess: chess.js.
 * @implements {Referee}
 */
export class ChessJsReferee {
  constructor() {
    /** @type {'standard'} */
    this.variant = 'standard';
    this.chess = new Chess();
  }

  /** @param {string} fen */
  reset(fen) { this.chess = new Chess(fen); }

  /** @returns {'w'|'b'} */
  turn() { return this.chess.turn(); }

  moveNumber() { return this.chess.moveNumber(); }

  /**
   * @param {string} uci
   * @returns {RefereeMove|null}
   */
  play(uci) {
    const m = applyUciMove(this.chess, uci);
    return m ? { uci: m.lan, san: m.san } : null;
  }

  /** @returns {Outcome|null} */
  outcome() { return /** @type {Outcome|null} */ (ruleOutcome(this.chess)); }

  /** @param {'w'|'b'} side */
  loneKing(side) { return loneKing(this.chess, side); }
}

const TERMINATION = {
  checkmate: 'normal', stalemate: 'normal', repetition: 'normal', fifty: 'normal', insufficient: 'normal',
  resign: 'adjudication', 'draw-adjudication': 'adjudication',
  time: 'time forfeit', illegal: 'rules infraction', crash: 'abandoned', timeout: 'stalled', aborted: 'unterminated',
};

// ------------------------------------------------------------------------------------------
// playing

/**
 * Plays one game. Both players' processes must have done the UCI handshake and option set-up.
 * Never throws for engine faults: they end the game as a loss of the faulty side.
 * @param {Object} o
 * @param {Player} o.white
 * @param {Player} o.black
 * @param {string} [o.startFen] FEN of the opening position (default: the standard start; a
 *                              Chess960 game needs one)
 * @param {Referee} [o.referee] the rules (default a new ChessJsReferee: standard chess); a
 *                              Chess960 referee also makes every `position` a `position fen`
 * @param {Limits} o.limits
 * @param {{ resign?: { score: number, moves: number }, draw?: { movenumber: number, score: number, moves: number } }} [o.adjudication]
 * @param {AbortSignal} [o.signal] aborting ends the game with result '*'
 * @param {(m: MoveRecord, referee: Referee) => void} [o.onMove] after every move (for standard
 *                              chess, `referee.chess` is the chess.js game)
 * @returns {Promise<GameRecord>}
 */
export async function playGame({ white, black, startFen, referee = new ChessJsReferee(), limits, adjudication, signal, onMove }) {
  const t0Game = performance.now();
  const fen = startFen ?? STARTPOS;
  const chess960 = referee.variant === 'chess960';
  await referee.reset(fen);
  const players = { w: white, b: black };
  const adj = new Adjudicator(adjudication);
  const uciMoves = [];
  /** @type {MoveRecord[]} */
  const moves = [];
  const hasClock = limits.baseMs !== undefined;
  const clock = { w: limits.baseMs ?? 0, b: limits.baseMs ?? 0 };
  const inc = limits.incMs ?? 0;
  const margin = limits.timemarginMs ?? 0;
  const moveTimeout = limits.moveTimeoutMs ?? 60000;
  let flagged = null;

  const finish = (o, extra = {}) => {
    if (signal?.aborted && o.kind !== 'aborted') o = abortedOutcome();
    return {
      result: o.result, kind: o.kind, reason: o.reason, termination: TERMINATION[o.kind] ?? 'normal',
      loser: o.loser ?? null, flagged, startFen: fen, moves, durationMs: performance.now() - t0Game,
      whiteName: white.name, blackName: black.name, ...(chess960 ? { variant: 'chess960' } : {}), ...extra,
    };
  };
  const abortedOutcome = () => ({ result: '*', kind: 'aborted', reason: 'Game aborted', loser: null });
  const loss = (side, kind, reason) => ({ result: side === 'w' ? '0-1' : '1-0', kind, reason, loser: side });

  // new game
  for (const side of ['w', 'b']) {
    const p = players[side];
    if (!p.proc.alive) { p.dirty = true; return finish(loss(side, 'crash', `${COLOR[side]}'s engine is not running (${p.proc.exitReason()})`)); }
    p.proc.drain();
    p.proc.send('ucinewgame');
    try {
      await p.proc.isready(limits.readyTimeoutMs ?? 30000);
    } catch (e) {
      p.dirty = true;
      if (signal?.aborted) return finish(abortedOutcome());
      return e.code === 'UCI_EXITED'
        ? finish(loss(side, 'crash', `${COLOR[side]}'s engine crashed (${p.proc.exitReason()})`))
        : finish(loss(side, 'timeout', `${COLOR[side]}'s engine did not answer isready`));
    }
  }
  const positionPrefix = startFen || chess960 ? `position fen ${fen}` : 'position startpos';

  for (;;) {
    if (signal?.aborted) return finish(abortedOutcome());
    const side = referee.turn();
    const me = players[side];
    const moveNumber = referee.moveNumber();
    me.proc.drain();
    me.proc.send(uciMoves.length ? `${positionPrefix} moves ${uciMoves.join(' ')}` : positionPrefix);
    let go = 'go';
    if (hasClock) go += ` wtime ${Math.max(1, Math.round(clock.w))} btime ${Math.max(1, Math.round(clock.b))} winc ${inc} binc ${inc}`;
    if (limits.movetime) go += ` movetime ${limits.movetime}`;
    if (limits.nodes) go += ` nodes ${limits.nodes}`;
    if (limits.depth) go += ` depth ${limits.depth}`;
    me.proc.send(go);
    const tGo = performance.now();
    // With a clock, stop waiting once the clock (plus margin) has run out: that is a time loss.
    const waitMs = hasClock ? Math.max(1, Math.ceil(clock[side] + margin) + 1) : moveTimeout;

    let score = null, depth = null, nodes = null, engineTime = null;
    const onInfo = (l) => {
      const info = parseInfo(l.text);
      if (!info) return;
      if (info.nodes !== undefined) nodes = info.nodes;
      if (info.time !== undefined) engineTime = info.time;
      if (info.score && (info.multipv === undefined || info.multipv === 1)) {
        score = info.score;
        if (info.depth !== undefined) depth = info.depth;
      }
    };
    let reply;
    try {
      reply = await me.proc.waitFor(/^bestmove(?:\s+(\S+))?/, waitMs, 'bestmove', onInfo);
    } catch (e) {
      if (signal?.aborted) { me.dirty = true; return finish(abortedOutcome()); }
      if (e.code === 'UCI_EXITED') {
        me.dirty = true;
        return finish(loss(side, 'crash', `${COLOR[side]}'s engine crashed (${me.proc.exitReason()})`));
      }
      // Timed out: stop the search and resynchronise, or mark the process for a restart.
      const used = performance.now() - tGo;
      await stopSearch(me);
      if (hasClock) {
        const flag = { clockMs: clock[side], usedMs: used, engineTimeMs: engineTime, answered: false, timerLateMs: e.timerLateMs ?? null };
        clock[side] -= used;
        flagged = side;
        return finish(timeLoss(referee, side), { clocks: { ...clock }, flag });
      }
      return finish(loss(side, 'timeout', `${COLOR[side]}'s engine did not move within ${moveTimeout} ms`));
    }
    const elapsed = reply.t - tGo;
    if (hasClock) {
      const flag = { clockMs: clock[side], usedMs: elapsed, engineTimeMs: engineTime, answered: true };
      clock[side] -= elapsed;
      if (clock[side] < -margin) {
        flagged = side;
        return finish(timeLoss(referee, side), { clocks: { ...clock }, flag });
      }
      clock[side] += inc;
    }
    const text = reply.match[1] ?? '';
    // The referee's time (after bestmove, before the next `go`) is on nobody's clock.
    const legal = await referee.play(text);
    if (!legal) {
      return finish(loss(side, 'illegal', `${COLOR[side]} makes an illegal move: ${text || '(none)'}`), { illegalMove: text || '(none)' });
    }
    uciMoves.push(legal.uci);
    const rec = { uci: legal.uci, san: legal.san, score, depth, nodes, timeMs: elapsed, engineTimeMs: engineTime, clockMs: hasClock ? clock[side] : null };
    moves.push(rec);
    onMove?.(rec, referee);

    const byRule = referee.outcome();
    if (byRule) return finish(byRule, { clocks: { ...clock } });
    const byAdj = adj.update(side, score, moveNumber);
    if (byAdj) return finish(byAdj, { clocks: { ...clock } });
  }
}

/**
 * Loss on time for `side`, or a draw when the opponent has a lone king (it cannot mate).
 * @param {Referee} referee
 * @param {'w'|'b'} side
 */
function timeLoss(referee, side) {
  if (referee.loneKing(other(side))) {
    return { result: '1/2-1/2', kind: 'time', reason: `${COLOR[side]} loses on time, but ${COLOR[other(side)]} has a lone king: draw`, loser: null };
  }
  return { result: side === 'w' ? '0-1' : '1-0', kind: 'time', reason: `${COLOR[side]} loses on time`, loser: side };
}

/** After a timeout: `stop` and wait briefly for the bestmove; failing that, kill the process. */
async function stopSearch(player) {
  player.proc.send('stop');
  try {
    await player.proc.waitFor(/^bestmove/, 1000, 'bestmove after stop');
    player.proc.drain();
  } catch {
    player.dirty = true;
    player.proc.kill();
  }
}
