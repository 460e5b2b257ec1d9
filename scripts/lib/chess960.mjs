// Chess960 helpers for matches, none of which knows the rules of movement (the legal moves come
// from the referee, scripts/lib/stockfish-referee.mjs):
//   - the 960 start positions by their standard number (Scharnagl's; 518 is the usual start; the
//     numbering is mainline-chess/rules' chess960Fen),
//   - a board read from a FEN's first field, a structural check of a Chess960 FEN,
//   - SAN written (and read) from the list of legal moves, castling as O-O / O-O-O where the
//     move is the king taking its own rook,
//   - insufficient material as chess.js judges it,
//   - PGN of a Chess960 game (Variant, SetUp and FEN tags).
import { gameToPgn } from './pgn.mjs';
import { chess960Fen } from '../../web/src/rules.js';

const FILES = 'abcdefgh';

// The numbering is not rules: it is the package's (mainline-chess/rules, the app's New Chess960),
// one table for the app, the package and the match tool.
export { chess960Fen };

/**
 * White's back rank of Chess960 start position `n` (0..959) by the standard numbering: 0 is
 * "BBQNNRKR", 518 "RNBQKBNR".
 * @param {number} n
 * @returns {string}
 */
export function chess960BackRank(n) {
  return chess960Fen(n).split(/[/ ]/)[7];
}

/**
 * All 960 start positions as openings, in number order, id "Chess960 #N".
 * @returns {import('./openings.mjs').Opening[]}
 */
export function chess960Openings() {
  return Array.from({ length: 960 }, (_, n) => ({ fen: chess960Fen(n), id: `Chess960 #${n}` }));
}

// ------------------------------------------------------------------------------------------
// board and FEN

/**
 * @typedef {{ color: 'w'|'b', type: 'p'|'n'|'b'|'r'|'q'|'k' }} Piece
 * @typedef {(Piece|null)[]} Board  64 squares, index file + 8 * rank (a1 = 0, h8 = 63)
 */

/** @param {string} sq e.g. "e4" @returns {number} */
export const squareIndex = (sq) => FILES.indexOf(sq[0]) + 8 * (Number(sq[1]) - 1);

/**
 * The board of a FEN's piece placement field (throws when it is not 8 ranks of 8 squares).
 * @param {string} fen a FEN, or just its first field
 * @returns {Board}
 */
export function parseBoard(fen) {
  const placement = fen.trim().split(/\s+/)[0];
  const ranks = placement.split('/');
  if (ranks.length !== 8) throw new Error(`bad piece placement '${placement}': ${ranks.length} ranks`);
  /** @type {Board} */
  const board = new Array(64).fill(null);
  ranks.forEach((row, i) => {
    const rank = 7 - i;
    let file = 0;
    for (const c of row) {
      if (/[1-8]/.test(c)) file += Number(c);
      else if (/[pnbrqkPNBRQK]/.test(c)) {
        if (file > 7) break;
        const lower = /** @type {Piece['type']} */ (c.toLowerCase());
        board[file + 8 * rank] = { color: c === lower ? 'b' : 'w', type: lower };
        file++;
      } else throw new Error(`bad character '${c}' in piece placement '${placement}'`);
    }
    if (file !== 8) throw new Error(`bad piece placement '${placement}': rank ${rank + 1} has ${file} squares`);
  });
  return board;
}

/**
 * Checks a Chess960 FEN (X-FEN "KQkq" or Shredder-FEN "HAha" castling rights) for what can be
 * seen without move generation: 6 fields, 8x8 squares, one king a side, no pawn on the first or
 * last rank, castling rights only with the king on its first rank and a rook on the named
 * (or, for K/Q, some) file beyond it, a plausible en passant square. Returns an error text or null.
 * @param {string} fen
 * @returns {string|null}
 */
export function checkFen960(fen) {
  const f = fen.trim().split(/\s+/);
  if (f.length !== 6) return `a FEN has 6 fields, this has ${f.length}`;
  /** @type {Board} */
  let board;
  try { board = parseBoard(f[0]); } catch (e) { return /** @type {Error} */ (e).message; }
  for (const color of /** @type {const} */ (['w', 'b'])) {
    const kings = board.filter((p) => p?.type === 'k' && p.color === color).length;
    if (kings !== 1) return `${color === 'w' ? 'White' : 'Black'} has ${kings} kings`;
  }
  for (let i = 0; i < 64; i++) if (board[i]?.type === 'p' && (i < 8 || i >= 56)) return 'a pawn on the first or last rank';
  if (f[1] !== 'w' && f[1] !== 'b') return `side to move must be w or b, not '${f[1]}'`;
  if (f[2] !== '-') {
    if (!/^[KQA-Hkqa-h]{1,4}$/.test(f[2])) return `bad castling field '${f[2]}'`;
    for (const c of f[2]) {
      const color = c === c.toUpperCase() ? 'w' : 'b';
      const base = color === 'w' ? 0 : 56;
      const kingAt = board.slice(base, base + 8).findIndex((p) => p?.type === 'k' && p.color === color);
      if (kingAt < 0) return `castling right '${c}' without the king on its first rank`;
      const rooks = board.slice(base, base + 8).flatMap((p, i) => (p?.type === 'r' && p.color === color ? [i] : []));
      const l = c.toLowerCase();
      const ok = l === 'k' ? rooks.some((i) => i > kingAt) : l === 'q' ? rooks.some((i) => i < kingAt)
        : rooks.includes(FILES.indexOf(l)) && FILES.indexOf(l) !== kingAt;
      if (!ok) return `castling right '${c}' without a rook for it`;
    }
  }
  if (f[3] !== '-' && !(f[1] === 'w' ? /^[a-h]6$/ : /^[a-h]3$/).test(f[3])) return `bad en passant square '${f[3]}'`;
  if (!/^\d+$/.test(f[4]) || !/^[1-9]\d*$/.test(f[5])) return 'bad move counters';
  return null;
}

/**
 * chess.js's rule for insufficient material: king against king, king and one minor piece
 * against a king, or only kings and bishops, all bishops on squares of one colour.
 * @param {Board} board
 * @returns {boolean}
 */
export function insufficientMaterial(board) {
  let pieces = 0, knights = 0;
  /** @type {number[]} */
  const bishops = [];
  board.forEach((p, i) => {
    if (!p) return;
    pieces++;
    if (p.type === 'n') knights++;
    if (p.type === 'b') bishops.push(((i & 7) + (i >> 3)) % 2);
  });
  if (pieces === 2) return true;
  if (pieces === 3 && (bishops.length === 1 || knights === 1)) return true;
  if (pieces === bishops.length + 2) {
    const sum = bishops.reduce((a, b) => a + b, 0);
    return sum === 0 || sum === bishops.length;
  }
  return false;
}

// ------------------------------------------------------------------------------------------
// SAN

/**
 * SAN of a legal move without the check suffix ('+' or '#': that needs the position after it).
 * Castling is the king moving onto its own rook: O-O when the rook stands on the king's h-side,
 * else O-O-O. A piece move names the file of its origin, else the rank, else both, when another
 * legal move of a piece of the same kind goes to the same square.
 * @param {Board} board the position before the move
 * @param {string[]} legal the legal moves in UCI form (castling as king takes rook)
 * @param {string} uci one of them
 * @returns {string}
 */
export function sanWithoutSuffix(board, legal, uci) {
  const from = squareIndex(uci.slice(0, 2)), to = squareIndex(uci.slice(2, 4));
  const piece = board[from];
  if (!piece) throw new Error(`no piece on ${uci.slice(0, 2)} for ${uci}`);
  const target = board[to];
  if (piece.type === 'k' && target?.type === 'r' && target.color === piece.color) return (to & 7) > (from & 7) ? 'O-O' : 'O-O-O';
  const dest = uci.slice(2, 4);
  if (piece.type === 'p') {
    const promo = uci.length > 4 ? `=${uci[4].toUpperCase()}` : '';
    return ((from & 7) !== (to & 7) ? `${uci[0]}x${dest}` : dest) + promo;
  }
  const capture = target && target.color !== piece.color ? 'x' : '';
  let dis = '';
  if (piece.type !== 'k') {
    const rivals = legal.filter((m) => m !== uci && m.slice(2, 4) === dest && m.slice(0, 2) !== uci.slice(0, 2) &&
      board[squareIndex(m.slice(0, 2))]?.type === piece.type);
    if (rivals.length) {
      if (!rivals.some((m) => m[0] === uci[0])) dis = uci[0];
      else if (!rivals.some((m) => m[1] === uci[1])) dis = uci[1];
      else dis = uci.slice(0, 2);
    }
  }
  return `${piece.type.toUpperCase()}${dis}${capture}${dest}`;
}

/**
 * Reads a SAN move (check/mate marks, "!?" and the like ignored; "0-0" read as "O-O") against
 * the legal moves; returns its UCI form or null when no legal move, or more than one, has it.
 * @param {Board} board
 * @param {string[]} legal
 * @param {string} san
 * @returns {string|null}
 */
export function sanToUci(board, legal, san) {
  const want = san.replace(/[+#!?]+$/, '').replace(/^0-0-0$/, 'O-O-O').replace(/^0-0$/, 'O-O');
  const hits = legal.filter((m) => sanWithoutSuffix(board, legal, m) === want);
  return hits.length === 1 ? hits[0] : null;
}

// ------------------------------------------------------------------------------------------
// PGN

/**
 * PGN of a Chess960 game: as gameToPgn (scripts/lib/pgn.mjs), with the tags
 * [Variant "Chess960"], [SetUp "1"] and [FEN "..."] after the Seven Tag Roster, also for
 * start position 518.
 * @param {import('./game.mjs').GameRecord} game
 * @param {import('./pgn.mjs').PgnInfo} [info]
 * @returns {string}
 */
export function chess960Pgn(game, info = {}) {
  const text = gameToPgn(game, info);
  const cut = text.indexOf('\n\n');
  const head = text.slice(0, cut).split('\n').filter((l) => !/^\[(SetUp|FEN|Variant) /.test(l));
  const at = head.findIndex((l) => l.startsWith('[Result ')) + 1;
  const esc = (/** @type {string} */ v) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
  head.splice(at, 0, '[Variant "Chess960"]', '[SetUp "1"]', `[FEN "${esc(game.startFen)}"]`);
  return head.join('\n') + text.slice(cut);
}
