// The game rating (issue 54, part 2): mainline-chess/report's gameRating, the fit it comes from
// (scripts/game-rating.mjs on the play levels' games), and the library's per-player means.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { gameRating, ratingFeatures } from '../../web/src/report.js';
import { RATING_MODEL } from '../../web/src/rating-model.js';
import { playerRatings, playerRatingsText } from '../../app/src/model/playerratings.js';
import { ROOT } from '../../scripts/lib/engines.mjs';

const fit = JSON.parse(readFileSync(path.join(ROOT, 'docs/data/rating/fit.json'), 'utf8'));

describe('the fit', () => {
  test('the committed model is the fit of the committed scores; it beats always answering the mean', () => {
    expect(execFileSync(process.execPath, [path.join(ROOT, 'scripts/game-rating.mjs'), '--check'], { encoding: 'utf8' })).toMatch(/is the fit/);
    expect(RATING_MODEL.heldOutMae).toBe(fit.heldOutMae);
    expect(fit.heldOutSides).toBeGreaterThanOrEqual(60);
    expect(fit.heldOutMae).toBeLessThan(fit.baselineMae);
  });
});

describe('gameRating', () => {
  const player = (accuracy, acpl, moves = 30) => ({ accuracy, acpl, moves });
  test('the model on a player’s accuracy and ACPL, rounded to 10, with the held-out error', () => {
    const p = player(85, 40);
    const raw = /** @type {number[]} */ (ratingFeatures(p)).reduce((s, v, i) => s + v * RATING_MODEL.coefficients[i], 0);
    const [lo, hi] = RATING_MODEL.range;
    expect(gameRating(p)).toEqual({ elo: Math.round(Math.max(lo, Math.min(hi, raw)) / 10) * 10, error: RATING_MODEL.heldOutMae });
  });
  test('better moves never rate lower; the estimate stays within the levels’ range', () => {
    const [lo, hi] = RATING_MODEL.range;
    let last = -Infinity;
    for (const [a, c] of [[40, 300], [60, 150], [75, 80], [85, 40], [92, 20], [97, 8], [100, 0]]) {
      const r = /** @type {{ elo: number }} */ (gameRating(player(a, c)));
      expect(r.elo).toBeGreaterThanOrEqual(last);
      expect(r.elo).toBeGreaterThanOrEqual(lo);
      expect(r.elo).toBeLessThanOrEqual(hi);
      last = r.elo;
    }
  });
  test('too few moves, or none: no rating', () => {
    expect(gameRating(player(90, 20, RATING_MODEL.minMoves - 1))).toBeNull();
    expect(gameRating({ accuracy: null, acpl: null, moves: 0 })).toBeNull();
    expect(gameRating(player(90, 20, RATING_MODEL.minMoves))).not.toBeNull();
  });
});

describe('the library’s per-player means', () => {
  const game = (white, black, w, b) => /** @type {any} */ ({ white, black, players: { w: { accuracy: 80, acpl: 40, rating: w }, b: { accuracy: 80, acpl: 40, rating: b } } });
  test('the mean of each player’s rated games, most games first; unrated and unnamed sides left out', () => {
    const games = [game('Anna', 'Boris', 1500, 1300), game('Boris', 'Anna', 1420, 1620), game('Anna', '?', 1555, 1900), game('Cleo', 'Anna', null, 1700), /** @type {any} */ ({ white: 'Dan', black: 'Anna', players: null })];
    const r = playerRatings(games);
    expect(r).toEqual([
      { name: 'Anna', games: 4, mean: 1590 },
      { name: 'Boris', games: 2, mean: 1360 },
    ]);
    expect(playerRatingsText(r)).toBe("Game ratings, mean of the games shown (the play levels' scale: engine games, not human ones): Anna ≈1590 (4 games), Boris ≈1360 (2 games).");
    expect(playerRatingsText([])).toBe('');
    // a review saved before there was a rating has none
    expect(playerRatings([/** @type {any} */ ({ white: 'Old', black: 'Timer', players: { w: { accuracy: 90, acpl: 10 }, b: { accuracy: 70, acpl: 60 } } })])).toEqual([]);
  });
});

describe('key moments on ten varied games (the level games, 860 to 2670)', () => {
  test('every moment a swing of 15 points or more for the side that moved; the largest ones; both sides', async () => {
    const { reportOfScores } = await import('../../scripts/lib/rating-fit.mjs');
    const { keyMoments, KEY_MOMENTS_MAX } = await import('../../web/src/report.js');
    const { games } = JSON.parse(readFileSync(path.join(ROOT, 'docs/data/rating/scores.json'), 'utf8'));
    // the first game of every other pairing: ten pairings from Level 1 against itself to Level 10 against 11
    const ten = [1, 3, 5, 7, 9, 11, 13, 15, 17, 19].map((k) => games.find((g) => g.event === `Mainline level games ${k}`));
    expect(ten.every(Boolean)).toBe(true);
    const movers = new Set();
    let moments = 0;
    for (const g of ten) {
      const r = reportOfScores(g);
      const m = keyMoments(r.moves);
      const big = r.moves.filter((v) => v.loss >= 0.15).length;
      expect(m.length).toBe(Math.min(big, KEY_MOMENTS_MAX));
      for (const i of m) {
        expect(r.moves[i].loss).toBeGreaterThanOrEqual(0.15);
        movers.add((i % 2 === 0) === (g.turn === 'w') ? 'w' : 'b');
      }
      // none left out is larger than one taken
      const smallest = Math.min(...m.map((i) => r.moves[i].loss));
      expect(r.moves.filter((v, i) => !m.includes(i) && v.loss > smallest)).toEqual([]);
      moments += m.length;
    }
    expect(moments).toBeGreaterThanOrEqual(10);
    expect([...movers].sort()).toEqual(['b', 'w']);
  });
});
