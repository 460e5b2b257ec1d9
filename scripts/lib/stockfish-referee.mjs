// The referee of Chess960 games: Stockfish (15.1 as Debian ships it, /usr/games/stockfish, or
// `stockfish` on PATH) with UCI_Chess960 true, a rules implementation independent of Mainline's
// (chess.js, the referee of standard games, cannot play Chess960). For every position it is
// asked `position fen F moves M`, `d` ("Fen: ...", "Checkers: ...") and `go perft 1` (the legal
// moves, "e2e4: 1", castling as the king taking its own rook, "e1h1: 1"; then "Nodes searched").
// From these: the legality of each bestmove (exact text in the list), SAN (scripts/lib/chess960.mjs),
// checkmate and stalemate (no legal move, with or without checkers), the fifty-move rule
// (halfmove clock >= 100), threefold repetition (piece placement, side, castling rights, and the
// en passant square only when an en passant capture is legal: Stockfish writes it when a pawn
// could take, pinned or not, so it is normalised here) and insufficient material (as chess.js).
// The referee works between moves, never while an engine's clock runs.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { UciProcess } from './uci-process.mjs';
import { checkFen960, insufficientMaterial, parseBoard, sanToUci, sanWithoutSuffix, squareIndex } from './chess960.mjs';

const COLOR = { w: 'White', b: 'Black' };
const QUERY_TIMEOUT_MS = 10000;

/**
 * The Stockfish program for the referee: /usr/games/stockfish, else `stockfish` on PATH; null
 * when there is none.
 * @returns {string|null}
 */
export function findStockfish() {
  if (existsSync('/usr/games/stockfish')) return '/usr/games/stockfish';
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'stockfish'))) return path.join(dir, 'stockfish');
  }
  return null;
}

/**
 * One position as Stockfish describes it.
 * @typedef {Object} RefState
 * @property {string} fen      Stockfish's FEN (Shredder-FEN castling rights)
 * @property {string[]} legal  the legal moves, UCI (castling as king takes rook)
 * @property {string[]} checkers squares of the pieces giving check
 * @property {import('./chess960.mjs').Board} board
 * @property {string} key      repetition key: the first four FEN fields, en passant only when legal
 */

/** @typedef {import('./game.mjs').Referee} Referee */

/** @implements {Referee} */
export class StockfishReferee {
  /**
   * Starts the referee process (no game yet: call reset()).
   * @param {string} [cmd] default findStockfish()
   * @returns {Promise<StockfishReferee>}
   */
  static async start(cmd) {
    const r = new StockfishReferee(cmd);
    await r.launch();
    return r;
  }

  /** @param {string} [cmd] */
  constructor(cmd) {
    const c = cmd ?? findStockfish();
    if (!c) throw new Error('Chess960 needs Stockfish as its referee: /usr/games/stockfish or `stockfish` on PATH (apt package stockfish)');
    this.cmd = c;
    /** @type {'chess960'} */
    this.variant = 'chess960';
    /** @type {UciProcess|null} */
    this.proc = null;
    /** @type {RefState|null} */
    this.state = null;
    /** @type {Map<string, number>} */
    this.seen = new Map();
    /** CPU time of referee processes that have ended, ms */
    this.pastCpuMs = 0;
  }

  async launch() {
    if (this.proc) { this.pastCpuMs += this.proc.cpuMs() ?? 0; this.proc.kill(); }
    const p = new UciProcess(this.cmd, []);
    this.proc = p;
    try {
      await p.handshake(30000);
      p.setOption('UCI_Chess960', 'true');
      p.setOption('Threads', '1');
      p.setOption('Hash', '1');
      await p.isready(30000);
    } catch (e) {
      p.kill();
      throw new Error(`could not start the Chess960 referee (${this.cmd}): ${/** @type {Error} */ (e).message}`);
    }
  }

  /**
   * Asks Stockfish about `fen` after `moves` (restarting it once if it has died).
   * @param {string} fen
   * @param {string[]} [moves]
   * @returns {Promise<RefState>}
   */
  async query(fen, moves = []) {
    for (let attempt = 0; ; attempt++) {
      if (!this.proc || !this.proc.alive) await this.launch();
      const p = /** @type {UciProcess} */ (this.proc);
      p.drain();
      p.send(`position fen ${fen}${moves.length ? ` moves ${moves.join(' ')}` : ''}`);
      p.send('d');
      p.send('go perft 1');
      /** @type {string[]} */
      const legal = [];
      /** @type {{ fen: string|null, checkers: string[]|null }} */
      const got = { fen: null, checkers: null };
      try {
        const done = await p.waitFor(/^Nodes searched: (\d+)/, QUERY_TIMEOUT_MS, 'the referee\'s perft', ({ text }) => {
          const mv = /^([a-h][1-8][a-h][1-8][qrbn]?): 1$/.exec(text);
          if (mv) legal.push(mv[1]);
          else if (text.startsWith('Fen: ')) got.fen = text.slice(5).trim();
          else if (text.startsWith('Checkers:')) got.checkers = text.slice(9).trim().split(/\s+/).filter(Boolean);
        });
        if (Number(done.match[1]) !== legal.length) throw new Error(`referee listed ${legal.length} moves but counted ${done.match[1]}`);
      } catch (e) {
        if (attempt === 0 && !p.alive) continue;
        throw new Error(`Chess960 referee failed on '${fen}${moves.length ? ` moves ${moves.join(' ')}` : ''}': ${/** @type {Error} */ (e).message}`);
      }
      if (got.fen === null || got.checkers === null) throw new Error(`Chess960 referee: no Fen/Checkers from 'd' for '${fen}'`);
      return makeState(got.fen, legal, got.checkers);
    }
  }

  /**
   * A new game from `fen` (X-FEN or Shredder-FEN).
   * @param {string} fen
   */
  async reset(fen) {
    const bad = checkFen960(fen);
    if (bad) throw new Error(`bad Chess960 position '${fen}': ${bad}`);
    this.state = await this.query(fen);
    this.seen = new Map([[this.state.key, 1]]);
  }

  /** @returns {RefState} */
  cur() {
    if (!this.state) throw new Error('referee: no game (call reset first)');
    return this.state;
  }

  /** @returns {'w'|'b'} */
  turn() { return this.cur().fen.split(' ')[1] === 'b' ? 'b' : 'w'; }

  /** @returns {number} */
  moveNumber() { return Number(this.cur().fen.split(' ')[5]) || 1; }

  /** Stockfish's FEN of the current position. */
  fen() { return this.cur().fen; }

  /** @returns {string[]} the legal moves now, UCI */
  legalMoves() { return [...this.cur().legal]; }

  /**
   * Plays `uci` when it is exactly one of the legal moves (else null, nothing changes).
   * @param {string} uci
   * @returns {Promise<import('./game.mjs').RefereeMove|null>}
   */
  async play(uci) {
    const s = this.cur();
    if (!s.legal.includes(uci)) return null;
    const base = sanWithoutSuffix(s.board, s.legal, uci);
    const next = await this.query(s.fen, [uci]);
    this.state = next;
    this.seen.set(next.key, (this.seen.get(next.key) ?? 0) + 1);
    const suffix = next.checkers.length ? (next.legal.length ? '+' : '#') : '';
    return { uci, san: base + suffix };
  }

  /**
   * The UCI form of a SAN move in the current position, or null when it is not legal here.
   * @param {string} san
   * @returns {string|null}
   */
  parseSan(san) {
    const s = this.cur();
    return sanToUci(s.board, s.legal, san);
  }

  /**
   * Game end by the rules in the current position, in chess.js's order (mate, stalemate,
   * insufficient material, fifty moves, repetition).
   * @returns {import('./game.mjs').Outcome|null}
   */
  outcome() {
    const s = this.cur();
    const side = this.turn();
    if (!s.legal.length && s.checkers.length) {
      return { result: side === 'w' ? '0-1' : '1-0', kind: 'checkmate', reason: `${COLOR[side === 'w' ? 'b' : 'w']} mates`, loser: side };
    }
    if (!s.legal.length) return { result: '1/2-1/2', kind: 'stalemate', reason: 'Draw by stalemate', loser: null };
    if (insufficientMaterial(s.board)) return { result: '1/2-1/2', kind: 'insufficient', reason: 'Draw by insufficient mating material', loser: null };
    if (Number(s.fen.split(' ')[4]) >= 100) return { result: '1/2-1/2', kind: 'fifty', reason: 'Draw by fifty moves rule', loser: null };
    if ((this.seen.get(s.key) ?? 0) >= 3) return { result: '1/2-1/2', kind: 'repetition', reason: 'Draw by 3-fold repetition', loser: null };
    return null;
  }

  /**
   * @param {'w'|'b'} side
   * @returns {boolean} whether `side` has nothing but its king
   */
  loneKing(side) { return !this.cur().board.some((p) => p && p.color === side && p.type !== 'k'); }

  /** CPU time the referee processes have used, ms (null when unknown). */
  cpuMs() {
    const now = this.proc?.cpuMs();
    return now == null && !this.pastCpuMs ? null : this.pastCpuMs + (now ?? 0);
  }

  /** Ends the referee process. */
  async close() {
    if (this.proc) {
      this.pastCpuMs += this.proc.cpuMs() ?? 0;
      await this.proc.close(2000);
    }
  }
}

/**
 * @param {string} fen
 * @param {string[]} legal
 * @param {string[]} checkers
 * @returns {RefState}
 */
function makeState(fen, legal, checkers) {
  const board = parseBoard(fen);
  const f = fen.split(/\s+/);
  let ep = f[3];
  if (ep !== '-' && !legal.some((m) => m.slice(2, 4) === ep && board[squareIndex(m.slice(0, 2))]?.type === 'p')) ep = '-';
  return { fen, legal, checkers, board, key: [f[0], f[1], f[2], ep].join(' ') };
}

/**
 * Checks opening positions for a Chess960 match with the referee: structurally sound, the side
 * not to move not in check, at least one legal move. Throws with the first bad one.
 * @param {import('./openings.mjs').Opening[]} openings
 * @param {string} [cmd] Stockfish program (default findStockfish())
 */
export async function checkOpenings960(openings, cmd) {
  const r = await StockfishReferee.start(cmd);
  try {
    for (const o of openings) {
      const bad = checkFen960(o.fen);
      if (bad) throw new Error(`bad Chess960 position '${o.fen}': ${bad}`);
      const f = o.fen.split(/\s+/);
      const flipped = [f[0], f[1] === 'w' ? 'b' : 'w', f[2], '-', f[4], f[5]].join(' ');
      if ((await r.query(flipped)).checkers.length) throw new Error(`opening position has the side not to move in check: ${o.fen}`);
      await r.reset(o.fen);
      if (r.outcome()) throw new Error(`opening position is already over: ${o.fen}`);
    }
  } finally {
    await r.close();
  }
}
