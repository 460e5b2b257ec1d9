// Chess facts that the game report and the threat need, from chess.js (the app's one source of
// rules): material along a line, what a move gives up, the position with the other side to move.
import { Chess } from 'chess.js';

/** Pawns per piece for material counts. */
export const PIECE_VALUES = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 0 };
/** A sacrifice is judged this many half-moves into the line (the move, a reply, a move, a reply):
 * material won straight back by then (an exchange) is no sacrifice. */
export const SACRIFICE_PLIES = 4;

/**
 * White's material minus Black's, in pawns.
 * @param {Chess} chess
 */
export function materialBalance(chess) {
  let sum = 0;
  for (const row of chess.board())
    for (const sq of row) if (sq) sum += (sq.color === 'w' ? 1 : -1) * PIECE_VALUES[sq.type];
  return sum;
}

/**
 * All the material on the board, both sides, in pawns (the start position has 78).
 * @param {string} fen
 */
export function totalMaterial(fen) {
  let sum = 0;
  for (const row of new Chess(fen).board()) for (const sq of row) if (sq) sum += PIECE_VALUES[sq.type];
  return sum;
}

/**
 * How many pawns of material the mover is down SACRIFICE_PLIES half-moves into the line that
 * starts with the move played and goes on with the engine's line after it (or at the line's
 * last position after a reply, if it is shorter), against before the move. 0 when nothing is
 * given up or the line cannot be played.
 * @param {string} fen the position before the move
 * @param {string} played UCI
 * @param {string[]} line the engine's line after the move (UCI, starting with the reply)
 */
export function sacrificeAlong(fen, played, line) {
  const chess = new Chess(fen);
  const sign = chess.turn() === 'w' ? 1 : -1;
  const before = sign * materialBalance(chess);
  let judged = null;
  const moves = [played, ...line].slice(0, SACRIFICE_PLIES);
  for (let i = 0; i < moves.length; i++) {
    try {
      chess.move(fromUci(moves[i]));
    } catch {
      break;
    }
    // after each of the opponent's replies
    if (i % 2 === 1) judged = sign * materialBalance(chess);
  }
  return judged === null ? 0 : Math.max(0, before - judged);
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

/** @param {string} uci */
function fromUci(uci) {
  return { from: uci.slice(0, 2), to: uci.slice(2, 4), ...(uci.length > 4 ? { promotion: uci[4] } : {}) };
}
