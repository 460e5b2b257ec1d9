// Play-mode levels, as the level selector and the engine see them. Everything about a level (what
// it runs, its rating or "not yet measured") is in the generated level-table.js
// (scripts/levels.mjs, from the design and the calibration matches); the engine's UCI_Elo reads
// the same table (engine/level_table.h), so a level is asked for by the UCI_Elo that names it.
// With a clock, the clock times are sent as well and the engine stops at whichever comes first.
import { LEVEL_TABLE } from './level-table.js';

/**
 * @typedef {import('./level-table.js').LevelRow} LevelRow
 * @typedef {object} Level
 * @property {string} name
 * @property {string} label   "Level 4 · 1410 ± 60 Elo", "… · ≈1600 Elo (interpolated)" or "… · not yet measured"
 * @property {string} short   the rating for the players' names and the PGN: "≈1410", or "" when unmeasured
 * @property {LevelRow} row
 * @property {Record<string, string|number|boolean>} options  UCI options set before the engine plays
 * @property {import('mainline-chess').SearchLimits} limits    search limits of each engine move
 */

/** @type {Level[]} */
export const LEVELS = LEVEL_TABLE.map((row) => {
  /** @type {Record<string, string|number|boolean>} */
  const options = row.full ? { UCI_LimitStrength: false, Threads: 1 } : { UCI_LimitStrength: true, UCI_Elo: /** @type {number} */ (row.uciElo) };
  return {
  name: row.name,
  label: row.label,
  short: row.rating.elo === null ? '' : `≈${row.rating.elo}`,
  row,
  // full strength on one thread, as it was calibrated (the limited levels run on one anyway)
  options,
  limits: { movetime: row.movetime },
  };
});
