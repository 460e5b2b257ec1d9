// Each player's game ratings over the library (the games shown): how many of their games have a
// rating (mainline-chess/report's gameRating, saved with each analysis) and the mean of those.
// A name is a player as the PGN spells it; "?" is nobody.

/**
 * @typedef {import('../services/storage.js').GameSummary} GameSummary
 * @typedef {{ name: string, games: number, mean: number }} PlayerRating
 */

/**
 * The players with at least one rated game among `games`, most rated games first (then by name).
 * @param {GameSummary[]} games @returns {PlayerRating[]}
 */
export function playerRatings(games) {
  /** @type {Map<string, number[]>} */
  const by = new Map();
  for (const g of games) {
    for (const [name, side] of /** @type {const} */ ([[g.white, 'w'], [g.black, 'b']])) {
      const r = g.players?.[side]?.rating;
      if (!name || name === '?' || typeof r !== 'number') continue;
      const list = by.get(name) || [];
      list.push(r);
      by.set(name, list);
    }
  }
  return [...by]
    .map(([name, rs]) => ({ name, games: rs.length, mean: Math.round(rs.reduce((a, b) => a + b, 0) / rs.length / 10) * 10 }))
    .sort((a, b) => b.games - a.games || a.name.localeCompare(b.name));
}

/**
 * The library's line about them: "Game ratings (mean): Anna ≈1580 (12 games), Boris ≈1420 (3
 * games)"; '' when none. At most `max` players.
 * @param {PlayerRating[]} ratings
 */
export function playerRatingsText(ratings, max = 5) {
  if (!ratings.length) return '';
  const shown = ratings.slice(0, max).map((p) => `${p.name} ≈${p.mean} (${p.games} game${p.games === 1 ? '' : 's'})`);
  const more = ratings.length > max ? `, and ${ratings.length - max} more` : '';
  return `Game ratings, mean of the games shown (the play levels' scale: engine games, not human ones): ${shown.join(', ')}${more}.`;
}
