// The app's one source of chess rules, on chess.js: how a game stands (mate, draws), positions
// along a line, the moves the board may accept, what a move gives up along the engine's line
// (the game report's sacrifices) and the position with the other side to move (the threat).
// Nothing else in the app decides a rule; the board only asks.
import { Chess, validateFen } from 'chess.js';
import { SACRIFICE_PLIES, sacrificed } from 'mainline-chess/report';

/**
 * @typedef {'checkmate'|'stalemate'|'material'|'repetition'|'fifty'|'ongoing'} GameStatus
 * @typedef {import('./tree.js').GameTree} GameTree
 * @typedef {import('./tree.js').MoveNode} MoveNode
 */

/** @param {string} uci @returns {{ from: string, to: string, promotion?: string }} */
export function uciToObject(uci) {
  return { from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci.length > 4 ? uci[4] : undefined };
}

/**
 * How the game stands at a chess.js position (with the moves that led there, for repetitions).
 * @param {Chess} chess
 * @returns {GameStatus}
 */
function gameStatus(chess) {
  if (chess.isCheckmate()) return 'checkmate';
  if (chess.isStalemate()) return 'stalemate';
  if (chess.isInsufficientMaterial()) return 'material';
  if (chess.isThreefoldRepetition()) return 'repetition';
  if (chess.isDrawByFiftyMoves()) return 'fifty';
  return 'ongoing';
}

// A node's status depends on its path from the root only, which never changes: kept per node.
/** @type {WeakMap<MoveNode, GameStatus>} */
const statuses = new WeakMap();

/**
 * How the game stands at a node of a tree (the moves that led there count, for repetitions).
 * @param {GameTree} tree @param {MoveNode} node
 * @returns {GameStatus}
 */
export function statusAt(tree, node) {
  let status = statuses.get(node);
  if (status === undefined) {
    status = gameStatus(tree.chessAt(node));
    statuses.set(node, status);
  }
  return status;
}

/** How each way a game ends is said. @type {Record<Exclude<GameStatus, 'ongoing'>, string>} */
export const STATUS_TEXT = {
  checkmate: 'Checkmate',
  stalemate: 'Stalemate: draw',
  material: 'Insufficient material: draw',
  repetition: 'Threefold repetition: draw',
  fifty: 'Fifty-move rule: draw',
};

/** The result of a finished game by its status and the side to move ('1-0', '0-1', '1/2-1/2'). */
export function resultOf(/** @type {GameStatus} */ status, /** @type {'w'|'b'} */ toMove) {
  if (status === 'checkmate') return toMove === 'w' ? '0-1' : '1-0';
  return '1/2-1/2';
}

/**
 * A move from a position, if it is legal there: its UCI, SAN and the position after it; null
 * when it is not.
 * @param {string} fen @param {string | { from: string, to: string, promotion?: string }} move
 */
export function tryMove(fen, move) {
  const chess = new Chess(fen);
  try {
    const m = chess.move(move);
    return { uci: m.from + m.to + (m.promotion || ''), san: m.san, fen: chess.fen() };
  } catch {
    return null;
  }
}

/**
 * What is wrong with a FEN (chess.js's reason, without its "Invalid FEN:"), or null when it is a
 * legal position.
 */
export function fenProblem(/** @type {string} */ fen) {
  const check = validateFen(fen);
  return check.ok ? null : String(check.error).replace(/^Invalid FEN:\s*/i, '');
}

/** The position after the moves of a line (UCI) from `fen`. Throws on an illegal move. */
export function fenAfter(/** @type {string} */ fen, /** @type {string[]} */ uci) {
  const chess = new Chess(fen);
  for (const m of uci) chess.move(uciToObject(m));
  return chess.fen();
}

/** Every legal move of the position as { uci, san } (the screen-reader box checks typed moves against them). */
export function legalMoves(/** @type {string} */ fen) {
  return new Chess(fen).moves({ verbose: true }).map((m) => ({ uci: m.from + m.to + (m.promotion || ''), san: m.san }));
}

/** The legal moves of the piece on `square` (for the board's hints and its move input). */
export function movesFrom(/** @type {string} */ fen, /** @type {string} */ square) {
  return new Chess(fen).moves({ square: /** @type {any} */ (square), verbose: true });
}

/** The square of the king in check, or null. */
export function checkedKing(/** @type {string} */ fen) {
  const chess = new Chess(fen);
  if (!chess.inCheck()) return null;
  return chess.findPiece({ type: 'k', color: chess.turn() })[0] || null;
}

/** Whether the side to move is in check. */
export function inCheck(/** @type {string} */ fen) {
  return new Chess(fen).inCheck();
}

/**
 * A line of UCI moves from `fen`, played as far as it is legal: its moves, their SAN and the
 * position after each.
 * @param {string} fen @param {string[]} uci
 */
export function playLegal(fen, uci) {
  const chess = new Chess(fen);
  /** @type {string[]} */
  const pv = [];
  /** @type {string[]} */
  const pvSan = [];
  /** @type {string[]} */
  const fens = [];
  for (const m of uci) {
    let move;
    try {
      move = chess.move(uciToObject(m));
    } catch {
      break;
    }
    pv.push(m);
    pvSan.push(move.san);
    fens.push(chess.fen());
  }
  return { pv, pvSan, fens };
}

/**
 * How many pawns of material the mover is down SACRIFICE_PLIES half-moves into the line that
 * starts with the move played and goes on with the engine's line after it (report.js's
 * `sacrificed`); the line is played only as far as it is legal.
 * @param {string} fen the position before the move
 * @param {string} played UCI
 * @param {string[]} line the engine's line after the move (UCI, starting with the reply)
 */
export function sacrificeAlong(fen, played, line) {
  return sacrificed(fen, playLegal(fen, [played, ...line].slice(0, SACRIFICE_PLIES)).fens);
}

/**
 * The position with the other side to move, for "what would the opponent play here": the same
 * board and castling rights, no en passant square. null when the side to move is in check (the
 * opponent could take the king) or the result is not a legal position.
 * @param {string} fen
 * @returns {string|null}
 */
export function threatFen(fen) {
  const chess = new Chess(fen);
  if (chess.inCheck()) return null;
  const f = fen.trim().split(/\s+/);
  const turn = f[1] === 'w' ? 'b' : 'w';
  // the move number counts Black's moves: it goes up when White is handed the move
  const fullmove = Math.max(1, Number(f[5]) || 1) + (turn === 'w' ? 1 : 0);
  const flipped = [f[0], turn, f[2] || '-', '-', f[4] || '0', String(fullmove)].join(' ');
  try {
    new Chess(flipped);
  } catch {
    return null;
  }
  return flipped;
}
