// Play-mode levels: one table, nothing else.
//
//   name      what the level selector shows
//   elo       approximate playing strength on Stockfish 15.1's UCI_Elo scale. Levels 1-6 use the
//             engine's UCI_Elo, calibrated with the match tool against Stockfish at the same
//             UCI_Elo (docs/strength.md: 30-game matches at 5+0.05; 1400 and 1800 measured, the
//             rest interpolated or, below 1400, extrapolated; about +-100 Elo). Levels 7-8 are
//             full strength, measured about 2100 at 10+0.1 (31-42% against Stockfish 2200).
//   options   UCI options set before the engine plays (strength limiting).
//   limits    search limits of each engine move.
// With a clock, the clock times are sent as well and the engine stops at whichever comes first.

/**
 * @typedef {object} Level
 * @property {string} name
 * @property {number} elo
 * @property {Record<string, string|number|boolean>} options
 * @property {import('mainline-chess').SearchLimits} limits
 */

/** @type {Level[]} */
export const LEVELS = [
  { name: 'Level 1', elo: 1000, options: { UCI_LimitStrength: true, UCI_Elo: 1000 }, limits: { movetime: 300 } },
  { name: 'Level 2', elo: 1200, options: { UCI_LimitStrength: true, UCI_Elo: 1200 }, limits: { movetime: 400 } },
  { name: 'Level 3', elo: 1400, options: { UCI_LimitStrength: true, UCI_Elo: 1400 }, limits: { movetime: 500 } },
  { name: 'Level 4', elo: 1600, options: { UCI_LimitStrength: true, UCI_Elo: 1600 }, limits: { movetime: 600 } },
  { name: 'Level 5', elo: 1800, options: { UCI_LimitStrength: true, UCI_Elo: 1800 }, limits: { movetime: 800 } },
  { name: 'Level 6', elo: 2000, options: { UCI_LimitStrength: true, UCI_Elo: 2000 }, limits: { movetime: 1000 } },
  { name: 'Level 7', elo: 2100, options: { UCI_LimitStrength: false }, limits: { movetime: 1000 } },
  { name: 'Level 8', elo: 2150, options: { UCI_LimitStrength: false }, limits: { movetime: 3000 } },
];
