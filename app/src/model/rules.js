// The app's one source of chess rules: how a game stands (mate, draws), moves checked and played,
// positions along a line, the moves the board may accept, what a move gives up along the engine's
// line (the game report's sacrifices) and the position with the other side to move (the threat).
// Nothing else in the app decides a rule; the board only asks.
//
// The rules are the engine's own, through the package (mainline-chess/rules: the engine's move
// generation, FEN and notation compiled to a small WebAssembly module that the import itself
// instantiates, so every call here is synchronous), for standard chess and Chess960 alike: one
// implementation of the rules for the engine, the package and the app, verified by perft against
// Stockfish on all 960 start positions. (The app used chess.js before, which has no Chess960.)
//
// Notation: in a Chess960 game (`chess960: true`) castling in UCI is the king taking its own rook
// (e1h1, c1g1 with a rook on g1), as Chess960 tools and the engine with UCI_Chess960 write it; in
// standard chess it is the king's move (e1g1). Both forms are read anywhere; SAN is O-O / O-O-O.
import {
  chess960Fen, chess960Number, fenError, gameStatus, legalMoves as engineLegalMoves, normalizeFen, playMoves, query, randomChess960, RulesError,
  STARTING_FEN, tryMove as engineTryMove,
} from 'mainline-chess/rules';
import { SACRIFICE_MAX_PLIES, sacrificed } from 'mainline-chess/report';

export { chess960Fen, chess960Number, randomChess960, RulesError, STARTING_FEN };

/**
 * @typedef {import('mainline-chess/rules').GameStatus} GameStatus
 * @typedef {{ chess960?: boolean }} Variant  the game's notation (see the header)
 * @typedef {string | { from: string, to: string, promotion?: string }} MoveInput  SAN, UCI, or squares
 * @typedef {import('./tree.js').GameTree} GameTree
 * @typedef {import('./tree.js').MoveNode} MoveNode
 */

/** A move as the rules read it: SAN or UCI as given, squares as UCI. @param {MoveInput} move */
function moveText(move) {
  if (typeof move === 'string') return move.trim();
  return `${move.from}${move.to}${move.promotion || ''}`;
}

/**
 * A FEN as the app keeps it: as the engine writes it (castling rights as KQkq where that names
 * the rook, else by file), with an en passant square only where a pawn can take en passant. The
 * engine writes the square after every double step; chess.js, lichess and the app before wrote
 * it only when the capture is legal, and the app's stored positions are keyed by the FEN's first
 * four fields, so a transposition and the library's older evaluations still meet.
 * Throws RulesError for a bad FEN.
 * @param {string} fen
 */
export function appFen(fen) {
  const fields = normalizeFen(fen).fen.split(' ');
  if (fields[3] !== '-' && !engineLegalMoves(fields.join(' ')).some((m) => m.enPassant)) fields[3] = '-';
  return fields.join(' ');
}

/** Whether a FEN's position can only be Chess960 (king or a castling rook off its square). Throws RulesError for a bad FEN. */
export function onlyChess960(/** @type {string} */ fen) {
  return normalizeFen(fen).chess960;
}

// A node's status depends on its path from the root only, which never changes: kept per node.
/** @type {WeakMap<MoveNode, GameStatus>} */
const statuses = new WeakMap();

/**
 * How the game stands at a node of a tree (the moves from the root count, for repetitions).
 * @param {GameTree} tree @param {MoveNode} node
 * @returns {GameStatus}
 */
export function statusAt(tree, node) {
  let status = statuses.get(node);
  if (status === undefined) {
    status = gameStatus(tree.root.fen, tree.uciMoves(node)).status;
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
 * A move from a position, if it is legal there: its UCI (in the game's notation), SAN and the
 * position after it (appFen); null when it is not.
 * @param {string} fen @param {MoveInput} move @param {Variant} [variant]
 * @returns {{ uci: string, san: string, fen: string } | null}
 */
export function tryMove(fen, move, variant = {}) {
  const played = engineTryMove(fen, moveText(move), { chess960: !!variant.chess960 });
  return played && { uci: played.uci, san: played.san, fen: appFen(played.fen) };
}

/**
 * Plays one move, or says why it cannot be played: the rules' reason ("illegal move Ke3: no
 * legal king move to e3"). Throws RulesError with it.
 * @param {string} fen @param {MoveInput} move @param {Variant} [variant]
 * @returns {{ uci: string, san: string, fen: string }}
 */
export function playMove(fen, move, variant = {}) {
  const text = moveText(move);
  const q = query(fen, [text], { chess960: !!variant.chess960 });
  if (q.error) throw new RulesError(q.error.message, q.error);
  return { uci: q.moves[0].uci, san: q.moves[0].san, fen: appFen(q.moves[0].fen) };
}

/**
 * What is wrong with a FEN (the engine's words), or null when it is a legal position (of
 * standard chess or Chess960).
 */
export function fenProblem(/** @type {string} */ fen) {
  return fenError(fen);
}

/** The position after the moves of a line (UCI or SAN) from `fen`. Throws RulesError on an illegal move. */
export function fenAfter(/** @type {string} */ fen, /** @type {string[]} */ uci) {
  const played = playMoves(fen, uci);
  return played.length ? appFen(played[played.length - 1].fen) : appFen(fen);
}

/**
 * Every legal move of the position as { uci, san } (the screen-reader box checks typed moves
 * against them: SAN, O-O / O-O-O, or UCI in the game's notation).
 * @param {string} fen @param {Variant} [variant]
 */
export function legalMoves(fen, variant = {}) {
  return engineLegalMoves(fen, { chess960: !!variant.chess960 }).map((m) => ({ uci: m.uci, san: m.san }));
}

/**
 * @typedef {object} BoardTarget  a square the board accepts a piece on, and the move it makes
 * @property {string} to        the square the piece is put down on
 * @property {string} uci       the move (castling: the king taking its own rook, which every game reads)
 * @property {string} [promotion]
 */

/**
 * Where the piece on `square` may be put down (the board's hints and its move input). Castling
 * is the king put down on its own rook, as lichess and chess.com take it (the only way in
 * Chess960, where the king may stand next to where it goes, or already there), and also on the
 * square the king goes to (e1g1), wherever no other move of the king goes there: in standard
 * chess that is the king's two-square move, and in Chess960 the same gesture when it can mean
 * nothing else.
 * @param {string} fen @param {string} square
 * @returns {BoardTarget[]}
 */
export function boardTargets(fen, square) {
  // in Chess960 notation `to` is the rook's square for castling in every position
  const moves = engineLegalMoves(fen, { chess960: true }).filter((m) => m.from === square);
  /** @type {BoardTarget[]} */
  const out = moves.map((m) => ({ to: m.to, uci: m.uci, ...(m.promotion ? { promotion: m.promotion } : {}) }));
  for (const m of moves) {
    if (m.castling && m.kingTo !== m.from && !out.some((t) => t.to === m.kingTo)) out.push({ to: m.kingTo, uci: m.uci });
  }
  return out;
}

/** The square of the king in check, or null. */
export function checkedKing(/** @type {string} */ fen) {
  return query(fen).checkedKing;
}

/** Whether the side to move is in check. */
export function inCheck(/** @type {string} */ fen) {
  return checkedKing(fen) !== null;
}

/**
 * A line of moves (UCI or SAN) from `fen`, played as far as it is legal: its moves in UCI (in
 * the game's notation), their SAN and the position after each.
 * @param {string} fen @param {string[]} uci @param {Variant} [variant]
 */
export function playLegal(fen, uci, variant = {}) {
  const q = query(fen, uci, { chess960: !!variant.chess960 });
  return { pv: q.moves.map((m) => m.uci), pvSan: q.moves.map((m) => m.san), fens: q.moves.map((m) => m.fen) };
}

/**
 * How many pawns of material the mover is down along the line that starts with the move played
 * and goes on with the engine's line after it, where the line has settled (report.js's
 * `sacrificed`: four half-moves in, or later while an exchange goes on); the line is played only
 * as far as it is legal.
 * @param {string} fen the position before the move
 * @param {string} played UCI
 * @param {string[]} line the engine's line after the move (UCI, starting with the reply)
 */
export function sacrificeAlong(fen, played, line) {
  return sacrificed(fen, playLegal(fen, [played, ...line].slice(0, SACRIFICE_MAX_PLIES)).fens);
}

/**
 * The position with the other side to move, for "what would the opponent play here": the same
 * board and castling rights, no en passant square. null when the side to move is in check (the
 * opponent could take the king) or the result is not a legal position.
 * @param {string} fen
 * @returns {string|null}
 */
export function threatFen(fen) {
  if (fenError(fen) !== null || inCheck(fen)) return null;
  const f = fen.trim().split(/\s+/);
  const turn = f[1] === 'w' ? 'b' : 'w';
  // the move number counts Black's moves: it goes up when White is handed the move
  const fullmove = Math.max(1, Number(f[5]) || 1) + (turn === 'w' ? 1 : 0);
  const flipped = [f[0], turn, f[2] || '-', '-', f[4] || '0', String(fullmove)].join(' ');
  return fenError(flipped) === null ? flipped : null;
}
