// A player's opening tree from the library (app/src/model/openingtree.js), on a small library
// whose counts were worked out by hand.
import { describe, expect, test } from 'vitest';
import { GameTree } from '../../app/src/model/tree.js';
import { recordFromTree } from '../../app/src/model/record.js';
import { buildOpeningTree, libraryPlayers, meanAccuracy, scorePercent } from '../../app/src/model/openingtree.js';

/** A library record of a game: SAN moves, headers, and evaluations (White's cp) where given, by ply (0: the start). */
function game(id, white, black, result, sans, { evals = {}, fen } = /** @type {{ evals?: Record<number, number>, fen?: string }} */ ({})) {
  const tree = new GameTree(fen);
  tree.playLine(tree.root, sans);
  [tree.root, ...tree.mainline()].forEach((n, i) => {
    if (evals[i] !== undefined) n.eval = { score: { cp: evals[i] }, depth: 10 };
  });
  return recordFromTree(tree, { id, name: id, created: 0, headers: { White: white, Black: black, Result: result, ...(fen ? { SetUp: '1', FEN: fen } : {}) } });
}

const RUY = ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', 'O-O', 'Be7', 'h4', 'h6'];
const LIBRARY = [
  // Anna's Whites: 1. e4 three times, 1. d4 once
  game('g1', 'Anna', 'X', '1-0', RUY, { evals: { 0: 20, 1: 20 } }),
  game('g2', 'anna ', 'Y', '0-1', ['e4', 'c5', 'Nf3', 'd6'], { evals: { 0: 20, 1: -100 } }),
  game('g3', 'Anna', 'Z', '1/2-1/2', ['e4', 'e5', 'Bc4', 'Nf6']),
  game('g4', 'Anna', 'X', '*', ['d4', 'd5']),
  // not in the tree of Anna's Whites: her Black, someone else's White, a game from a position
  game('g5', 'X', 'Anna', '0-1', ['e4', 'e5']),
  game('g6', 'Bob', 'Anna', '1-0', ['c4']),
  game('g7', 'Anna', 'Bob', '1-0', ['e5'], { fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' }),
];

describe('the opening tree of one player and colour', () => {
  const t = buildOpeningTree(LIBRARY, 'Anna', 'w');
  const at = (/** @type {string[]} */ path) => {
    let level = t.moves;
    let m = null;
    for (const san of path) {
      m = level.find((x) => x.san === san);
      if (!m) return null;
      level = m.children;
    }
    return m;
  };
  test('games, score, order and the usual move, counted by hand', () => {
    expect(t.games).toBe(4);
    expect(t.skipped).toBe(1); // g7, from a position
    expect(t.moves.map((m) => [m.san, m.games, m.points, m.scored])).toEqual([['e4', 3, 1.5, 3], ['d4', 1, 0, 0]]);
    expect(scorePercent(/** @type {any} */ (at(['e4'])))).toBe(50);
    expect(scorePercent(/** @type {any} */ (at(['d4'])))).toBeNull(); // unfinished
    expect(at(['e4'])).toMatchObject({ mine: true, usual: true, gameIds: ['g1', 'g2', 'g3'] });
    expect(at(['d4'])).toMatchObject({ mine: true, usual: false });
    // the opponent's replies: no usual move of Anna's there
    expect(at(['e4'])?.children.map((m) => [m.san, m.games, m.mine, m.usual])).toEqual([['e5', 2, false, false], ['c5', 1, false, false]]);
    // after 1. e4 e5: 2. Nf3 once, 2. Bc4 once: the first played is the usual one
    expect(at(['e4', 'e5'])?.children.map((m) => [m.san, m.usual])).toEqual([['Nf3', true], ['Bc4', false]]);
    expect(at(['e4', 'e5', 'Nf3'])?.gameIds).toEqual(['g1']);
  });
  test('accuracy on the player’s own moves, where analysed: the mean of the games’', () => {
    // g1: +0.20 -> +0.20 loses nothing (100); g2: +0.20 -> -1.00, 51.84% -> 40.90%:
    // 103.1668 e^(-0.04354 * 10.94) - 3.1669 = 60.90; g3 not analysed
    const e4 = /** @type {any} */ (at(['e4']));
    expect(e4.accuracyGames).toBe(2);
    expect(meanAccuracy(e4)).toBeCloseTo((100 + 60.9) / 2, 0);
    expect(meanAccuracy(/** @type {any} */ (at(['e4', 'e5'])))).toBeNull(); // the opponent's move
  });
  test('the named openings: book to the first move out; where each game left them, and who left', () => {
    expect(at(RUY.slice(0, 10))?.book).toBe(true);
    expect(at(RUY.slice(0, 11))?.book).toBe(false);
    expect(at(RUY)?.book).toBe(false);
    expect(t.exits).toEqual([
      { gameId: 'g1', ply: 11, by: 'player', san: 'h4' },
      expect.objectContaining({ gameId: 'g2' }),
      expect.objectContaining({ gameId: 'g3' }),
      expect.objectContaining({ gameId: 'g4' }),
    ]);
  });
  test('Black’s tree; a name in any case; the tree stops at its depth', () => {
    const b = buildOpeningTree(LIBRARY, 'ANNA', 'b');
    expect(b.games).toBe(2);
    expect(b.moves.map((m) => [m.san, m.games, m.mine])).toEqual([['e4', 1, false], ['c4', 1, false]]);
    expect(b.moves[0].children[0]).toMatchObject({ san: 'e5', mine: true, usual: true, points: 1 });
    const short = buildOpeningTree(LIBRARY, 'Anna', 'w', 2);
    expect(short.moves[0].children[0].children).toEqual([]);
  });
  test('the library’s players, most games first', () => {
    expect(libraryPlayers([{ white: 'Anna', black: 'Bob' }, { white: 'bob', black: 'Cleo' }, { white: 'Anna', black: '?' }])).toEqual([
      { name: 'Anna', games: 2 }, { name: 'Bob', games: 2 }, { name: 'Cleo', games: 1 },
    ]);
  });
});
