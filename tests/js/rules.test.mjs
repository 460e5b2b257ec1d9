// The app's rule helpers (app/src/rules.js): material, sacrifices along a line, the threat position.
import { describe, expect, test } from 'vitest';
import { sacrificeAlong, threatFen } from '../../app/src/model/rules.js';
import { material, sacrificed } from '../../web/src/report.js';
import { ITALIAN } from './fixtures/report-tree.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

describe('material (report.js, from the FEN)', () => {
  test('balance and total', () => {
    expect(material(START)).toEqual({ balance: 0, total: 78 });
    // White is a knight up
    expect(material('4k3/8/8/8/8/8/8/3NK3 w - - 0 1')).toEqual({ balance: 3, total: 3 });
    expect(material('4k3/8/8/8/8/8/8/q3K3 b - - 0 1')).toEqual({ balance: -9, total: 9 });
  });
  test('sacrificed: judged after the last reply within four half-moves', () => {
    const before = '4k3/8/8/8/8/8/8/3NK3 w - - 0 1';
    expect(sacrificed(before, [])).toBe(0);
    expect(sacrificed(before, ['4k3/8/8/8/8/8/8/4K3 b - - 0 1'])).toBe(0); // no reply yet
    expect(sacrificed(before, ['x', '4k3/8/8/8/8/8/8/4K3 w - - 0 1'])).toBe(3);
    expect(sacrificed(before, ['x', '4k3/8/8/8/8/8/8/4K3 w - - 0 1', 'y', before])).toBe(0); // won back
  });
  // (issue 54: a quiet queen move whose line goes on with a knight move, its capture and the
  // recapture was called Brilliant: four half-moves in, the knight's taker was about to be taken)
  const start = '4k3/1b6/8/8/8/2N5/8/3QK3 w - - 0 1';
  const exchange = [
    '4k3/1b6/8/8/8/2N5/3Q4/4K3 b - - 1 1', // Qd2
    '8/1b3k2/8/8/8/2N5/3Q4/4K3 w - - 2 2', // Kf7
    '8/1b3k2/8/3N4/8/8/3Q4/4K3 b - - 3 2', // Nd5
    '8/5k2/8/3b4/8/8/3Q4/4K3 w - - 0 3', // Bxd5: a knight down, four half-moves in
    '8/5k2/8/3Q4/8/8/8/4K3 b - - 0 3', // Qxd5+: taken back
    '8/8/5k2/3Q4/8/8/8/4K3 w - - 1 4', // Kf6
  ];
  test('sacrificed: an exchange still going on four half-moves in is judged once it has settled (no sacrifice)', () => {
    expect(sacrificed(start, exchange)).toBe(0);
    // the line as given ends in the middle of the exchange: judged where it ends
    expect(sacrificed(start, exchange.slice(0, 4))).toBe(3);
    // a capture that answers a capture, and another after it: followed to where the captures
    // stop (the board's material only counts here, not whether a king could take on d5)
    const longer = [...exchange.slice(0, 5), '8/8/8/3k4/8/8/8/4K3 w - - 0 4', '8/8/8/3k4/8/8/4K3/8 b - - 1 4'];
    expect(sacrificed(start, longer)).toBe(9); // Kxd5: the queen is gone for good
  });
  test('sacrificed: a piece given for nothing is still a sacrifice, whatever follows quietly', () => {
    const given = [
      '4k3/1b6/8/3N4/8/8/8/3QK3 b - - 1 1', // Nd5
      '4k3/8/8/3b4/8/8/8/3QK3 w - - 0 2', // Bxd5
      '4k3/8/8/3b4/8/8/3Q4/4K3 b - - 1 2', // Qd2 (not taking back)
      '8/4k3/8/3b4/8/8/3Q4/4K3 w - - 2 3', // Ke7
    ];
    expect(sacrificed(start, given)).toBe(3);
  });
});

describe('sacrifices', () => {
  // ITALIAN (the report fixture's): 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6, then Bxf7+ Kxf7 Ng5+ Kg8
  test('a bishop given for a pawn, not won back by the fourth half-move: 2 pawns', () => {
    expect(sacrificeAlong(ITALIAN, 'c4f7', ['e8f7', 'f3g5', 'f7g8'])).toBe(2);
  });
  test('an exchange won straight back is no sacrifice', () => {
    // 1. e4 d5 2. exd5 Qxd5 3. Nc3: White takes, Black takes back
    const fen = 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2';
    expect(sacrificeAlong(fen, 'e4d5', ['d8d5', 'b1c3', 'd5a5'])).toBe(0);
  });
  test('a quiet move gives nothing up; a short or broken line counts what it can', () => {
    expect(sacrificeAlong(START, 'e2e4', ['e7e5', 'g1f3', 'b8c6'])).toBe(0);
    expect(sacrificeAlong(ITALIAN, 'c4f7', ['e8f7'])).toBe(2); // judged after the only reply
    expect(sacrificeAlong(ITALIAN, 'c4f7', [])).toBe(0); // no reply: nothing to judge
    expect(sacrificeAlong(ITALIAN, 'c4f7', ['e8e7', 'a1a8'])).toBe(0); // Ke7 declines; the illegal Ra8 ends the line
  });
  test('from Black’s side', () => {
    // after 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O: Black plays Bxf2+ Rxf2 (a bishop for a pawn)
    const fen = 'r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4';
    expect(sacrificeAlong(fen, 'c5f2', ['f1f2', 'g8f6', 'd2d3'])).toBe(2);
  });
});

describe('the threat position', () => {
  test('the other side to move, en passant cleared, move number kept right', () => {
    expect(threatFen(START)).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1');
    const afterE4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
    expect(threatFen(afterE4)).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
  });
  test('none when the side to move is in check', () => {
    // 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+: Black is mated; and a plain check
    expect(threatFen('r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4')).toBeNull();
    expect(threatFen('4k3/8/8/8/8/8/8/4K2r w - - 0 1')).toBeNull();
  });
});
