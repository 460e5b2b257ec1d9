// Types of `mainline-chess/openings` (src/openings.js): the ECO classification's named openings
// and the book they make, offline and synchronous (about 47 KB gzipped: import it dynamically
// where it is not needed at once). Standard chess only.

export interface Opening {
  /** the ECO code, e.g. "C65" */
  eco: string;
  name: string;
  /** the named line, in SAN from the start ("e4 c5 Nf3") */
  moves: string;
}

/** The part of a FEN that identifies an opening position: board, side to move, castling rights. */
export declare function openingKey(fen: string): string;
/** The opening named at exactly this position, or null. */
export declare function openingAt(fen: string): Opening | null;
/** Whether a position is in the book: named, or on the way to a named one along its line (the start is). */
export declare function inBook(fen: string): boolean;
/** Whether a move keeps the game inside the book: the positions before and after it are both in it. */
export declare function isBookMove(fenBefore: string, fenAfter: string): boolean;
/** The latest named position of a line of FENs (the start first), with its index in the line; null: none. */
export declare function openingOf(fens: string[]): (Opening & { ply: number }) | null;
