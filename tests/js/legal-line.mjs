// The check every test of the engine's lines makes (the structured API, the element, the app,
// the consumers' builds): a line is legal and its SAN is the UCI's, as chess.js sees them.
import { expect } from 'vitest';
import { Chess } from 'chess.js';

/** Every move of `pv` (UCI) is legal from `fen` (chess.js throws on one that is not), and `pvSan` is the line in chess.js's SAN, move for move. */
export function expectLegalLine(fen, pv, pvSan) {
  const chess = new Chess(fen);
  expect(pv.map((uci) => chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] }).san)).toEqual(pvSan);
}
