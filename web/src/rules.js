// mainline-chess/rules: the engine's own rules, at once and on the thread that asks. A small
// WebAssembly module (wasm_bindings/rules.cpp: the engine's position, move generation, FEN and
// notation; no search, no network; about 26 KB gzipped) embedded in dist/rules-wasm.js and
// instantiated when this module is first imported (a top-level await), so every function here
// is synchronous. Standard chess and Chess960 alike: FEN in X-FEN (KQkq) or Shredder-FEN (HAha),
// castling written O-O / O-O-O in SAN, and in UCI as the king taking its own rook when asked
// (`chess960: true`) or when the position cannot be standard chess.
import WASM_BASE64 from '../dist/rules-wasm.js';

/**
 * @typedef {'checkmate'|'stalemate'|'material'|'repetition'|'fifty'|'ongoing'} GameStatus
 * @typedef {{ uci: string, san: string, from: string, to: string, promotion?: string, castling: boolean,
 *   capture: boolean, enPassant: boolean, check: boolean, kingTo: string }} LegalMove
 * @typedef {{ uci: string, san: string, fen: string }} PlayedMove
 * @typedef {{ index: number, move: string, message: string }} MoveError
 * @typedef {{ fen: string, chess960: boolean, moves: PlayedMove[], error: MoveError | null, finalFen: string,
 *   status: GameStatus, checkedKing: string | null, legal: LegalMove[] }} Outcome
 * @typedef {{ chess960?: boolean }} NotationOptions
 */

/** The standard starting position. */
export const STARTING_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** A FEN the rules refuse, or a move list that cannot be played: the message names what is wrong. */
export class RulesError extends Error {
  /** @param {string} message @param {MoveError | null} [move] */
  constructor(message, move = null) {
    super(message);
    this.name = 'RulesError';
    /** the move that failed (its index from 0 in the list, its text), when a move did */
    this.move = move;
  }
}

/**
 * @typedef {{ memory: WebAssembly.Memory, ml_alloc: (n: number) => number, ml_free: (p: number) => void,
 *   ml_query: (fen: number, moves: number, flags: number) => number, _initialize: () => void }} Exports
 */

/** @returns {Promise<Exports>} */
async function instantiate() {
  const bytes = Uint8Array.from(atob(WASM_BASE64), (c) => c.charCodeAt(0));
  const fail = () => {
    throw new Error('mainline-chess/rules: the rules module aborted');
  };
  // the module writes nothing and never exits: its C library's few imports only fail loudly
  const imports = {
    env: { emscripten_notify_memory_growth: () => {} },
    wasi_snapshot_preview1: { proc_exit: fail, fd_close: fail, fd_write: fail, fd_seek: fail },
  };
  const { instance } = await WebAssembly.instantiate(bytes, imports);
  const exports = /** @type {Exports} */ (/** @type {unknown} */ (instance.exports));
  exports._initialize();
  return exports;
}

const wasm = await instantiate();
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** @param {string} text @returns {number} a NUL-terminated copy in the module's memory */
function put(text) {
  const bytes = encoder.encode(text);
  const p = wasm.ml_alloc(bytes.length + 1);
  const view = new Uint8Array(wasm.memory.buffer, p, bytes.length + 1);
  view.set(bytes);
  view[bytes.length] = 0;
  return p;
}

/** @param {number} p @returns {string} */
function take(p) {
  if (!p) throw new Error('mainline-chess/rules: out of memory');
  const heap = new Uint8Array(wasm.memory.buffer);
  let end = p;
  while (heap[end] !== 0) end++;
  const text = decoder.decode(heap.subarray(p, end));
  wasm.ml_free(p);
  return text;
}

const CHESS960_NOTATION = 1;
const WITH_LEGAL_MOVES = 2;
const PROMOTION = /^[a-h][1-8][a-h][1-8]([nbrq])$/;

/**
 * The whole answer for a start and a list of moves: the start as the engine writes it, each move
 * played (UCI, SAN, the position after), the first that failed, how the game then stands, and
 * (with `legal`) every legal move there. Throws RulesError for a FEN the rules refuse; a move that
 * fails does not throw (see `error`).
 * @param {string} fen a FEN, or "" / "startpos" for the start position
 * @param {readonly string[]} [moves] UCI or SAN
 * @param {NotationOptions & { legal?: boolean }} [options]
 * @returns {Outcome}
 */
export function query(fen, moves = [], options = {}) {
  for (const m of moves) if (typeof m !== 'string' || /\s/.test(m) || m === '') throw new RulesError(`not a move: ${JSON.stringify(m)}`);
  const flags = (options.chess960 ? CHESS960_NOTATION : 0) | (options.legal ? WITH_LEGAL_MOVES : 0);
  const fenPtr = put(String(fen).trim());
  const movesPtr = put(moves.join(' '));
  let text;
  try {
    text = take(wasm.ml_query(fenPtr, movesPtr, flags));
  } finally {
    wasm.ml_free(fenPtr);
    wasm.ml_free(movesPtr);
  }
  /** @type {Outcome} */
  const out = { fen: '', chess960: false, moves: [], error: null, finalFen: '', status: 'ongoing', checkedKing: null, legal: [] };
  for (const line of text.split('\n')) {
    if (!line) continue;
    const space = line.indexOf(' ');
    const kind = line.slice(0, space);
    const rest = line.slice(space + 1);
    if (kind === 'fen-error') throw new RulesError(`bad FEN: ${rest}`);
    if (kind === 'start') {
      const at = rest.lastIndexOf(' ');
      out.fen = rest.slice(0, at);
      out.chess960 = rest.slice(at + 1) === '960';
    } else if (kind === 'move') {
      const [uci, san, ...f] = rest.split(' ');
      out.moves.push({ uci, san, fen: f.join(' ') });
    } else if (kind === 'error') {
      const at = rest.indexOf(' ');
      const index = Number(rest.slice(0, at)) - 1;
      out.error = { index, move: moves[index], message: rest.slice(at + 1) };
    } else if (kind === 'end') {
      const [status, king] = rest.split(' ');
      out.status = /** @type {GameStatus} */ (status);
      out.checkedKing = king === '-' ? null : king;
    } else if (kind === 'legal') {
      const [uci, san, f, kingTo] = rest.split(' ');
      const promo = PROMOTION.exec(uci);
      /** @type {LegalMove} */
      const m = { uci, san, from: uci.slice(0, 2), to: uci.slice(2, 4), castling: f.includes('c'), capture: f.includes('x') || f.includes('e'),
        enPassant: f.includes('e'), check: f.includes('+'), kingTo };
      if (promo) m.promotion = promo[1];
      out.legal.push(m);
    }
  }
  out.finalFen = out.moves.length ? out.moves[out.moves.length - 1].fen : out.fen;
  return out;
}

/** What is wrong with a FEN (the engine's words), or null when it is a legal position. */
export function fenError(/** @type {string} */ fen) {
  try {
    query(fen);
    return null;
  } catch (e) {
    return e instanceof RulesError ? e.message.replace(/^bad FEN: /, '') : String(e);
  }
}

/**
 * A FEN as the engine writes it (castling as KQkq where that names the rook, else by file), and
 * whether the position can only be Chess960. Throws RulesError for a bad FEN.
 * @param {string} fen
 */
export function normalizeFen(fen) {
  const q = query(fen);
  return { fen: q.fen, chess960: q.chess960 };
}

/**
 * Every legal move of a position. Castling: `uci` is the king taking its own rook with
 * `chess960` (or in a position standard chess cannot have), else the king's move (e1g1); `to` is
 * the square the UCI names, `kingTo` where the king lands.
 * @param {string} fen @param {NotationOptions} [options] @returns {LegalMove[]}
 */
export function legalMoves(fen, options = {}) {
  return query(fen, [], { ...options, legal: true }).legal;
}

/**
 * Plays moves (UCI or SAN) from a position: each move's UCI, SAN and the position after it.
 * Throws RulesError naming the first move that cannot be played and why.
 * @param {string} fen @param {readonly string[]} moves @param {NotationOptions} [options]
 * @returns {PlayedMove[]}
 */
export function playMoves(fen, moves, options = {}) {
  const q = query(fen, moves, options);
  if (q.error) throw new RulesError(`move ${q.error.index + 1} (${q.error.move}): ${q.error.message}`, q.error);
  return q.moves;
}

/**
 * One move from a position, if it is legal there: its UCI, SAN and the position after it; null
 * when it is not.
 * @param {string} fen @param {string} move UCI or SAN @param {NotationOptions} [options]
 * @returns {PlayedMove | null}
 */
export function tryMove(fen, move, options = {}) {
  if (typeof move !== 'string' || !move || /\s/.test(move)) return null;
  const q = query(fen, [move], options);
  return q.error ? null : q.moves[0];
}

/**
 * How the game stands after `moves` from `fen` (the moves count for repetitions), and the square
 * of a king in check. Throws RulesError when a move cannot be played.
 * @param {string} fen @param {readonly string[]} [moves]
 * @returns {{ status: GameStatus, checkedKing: string | null, fen: string }}
 */
export function gameStatus(fen, moves = []) {
  const q = query(fen, moves);
  if (q.error) throw new RulesError(`move ${q.error.index + 1} (${q.error.move}): ${q.error.message}`, q.error);
  return { status: q.status, checkedKing: q.checkedKing, fen: q.finalFen };
}

// Chess960's start positions by their standard numbers (Scharnagl): 0-959, 518 the standard one.
const KNIGHTS = [[0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]];

/**
 * The FEN of Chess960 start position `n` (0-959; 518 is standard chess), castling rights as KQkq.
 * @param {number} n
 */
export function chess960Fen(n) {
  if (!Number.isInteger(n) || n < 0 || n > 959) throw new RulesError(`Chess960 start positions are numbered 0 to 959, not ${n}`);
  /** @type {string[]} */
  const rank = Array(8).fill('');
  rank[2 * (n % 4) + 1] = 'B';
  n = Math.floor(n / 4);
  rank[2 * (n % 4)] = 'B';
  n = Math.floor(n / 4);
  const empty = () => rank.flatMap((p, i) => (p ? [] : [i]));
  rank[empty()[n % 6]] = 'Q';
  n = Math.floor(n / 6);
  const free = empty();
  for (const k of KNIGHTS[n]) rank[free[k]] = 'N';
  const [r1, k, r2] = empty();
  rank[r1] = 'R';
  rank[k] = 'K';
  rank[r2] = 'R';
  const white = rank.join('');
  return `${white.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${white} w KQkq - 0 1`;
}

/** @type {Map<string, number> | null} each start position's placement and number, made when first asked */
let numbers = null;

/**
 * The number (0-959) of a Chess960 start position (its placement, with both sides' castling
 * rights whole and White to move), or null when `fen` is not one.
 * @param {string} fen
 */
export function chess960Number(fen) {
  let norm;
  try {
    norm = normalizeFen(fen).fen;
  } catch {
    return null;
  }
  const [placement, side, castling] = norm.split(' ');
  const m = /^([a-z]{8})\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/([A-Z]{8})$/.exec(placement);
  if (!m || side !== 'w' || m[1].toUpperCase() !== m[2]) return null;
  // a start position has two rooks a side: the engine writes its rights as KQkq
  if (castling !== 'KQkq') return null;
  if (!numbers) numbers = new Map(Array.from({ length: 960 }, (_, n) => [chess960Fen(n).split(' ')[0], n]));
  return numbers.get(placement) ?? null;
}

/** A Chess960 start position chosen at random (`random` in [0, 1), Math.random by default). */
export function randomChess960(random = Math.random) {
  const n = Math.min(959, Math.floor(random() * 960));
  return { number: n, fen: chess960Fen(n) };
}
