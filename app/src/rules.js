// Chess facts that the game report and the threat need, from chess.js (the app's one source of
// rules): what a move gives up along the engine's line, the position with the other side to move.
import { Chess } from 'chess.js';
import { SACRIFICE_PLIES, sacrificed } from 'mainline-chess/report';
import { uciToObject } from './tree.js';

/**
 * How many pawns of material the mover is down SACRIFICE_PLIES half-moves into the line that
 * starts with the move played and goes on with the engine's line after it (report.js's
 * `sacrificed`); the line is played only as far as it is legal.
 * @param {string} fen the position before the move
 * @param {string} played UCI
 * @param {string[]} line the engine's line after the move (UCI, starting with the reply)
 */
export function sacrificeAlong(fen, played, line) {
  const chess = new Chess(fen);
  const fens = [];
  for (const uci of [played, ...line].slice(0, SACRIFICE_PLIES)) {
    try {
      chess.move(uciToObject(uci));
    } catch {
      break;
    }
    fens.push(chess.fen());
  }
  return sacrificed(fen, fens);
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
