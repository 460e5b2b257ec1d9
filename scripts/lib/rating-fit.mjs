// The game rating's fit (scripts/game-rating.mjs --fit): from the reviewed level games
// (docs/data/rating/reviewed.pgn, mainline-analyse --report at its default depth) to each side's
// accuracy and average centipawn loss, computed by mainline-chess/report exactly as the app and the
// CLI compute them, and from those to a least-squares fit of the side's level rating (Stockfish
// 15.1's UCI_Elo scale, app/src/model/level-table.js). The evaluations are kept compact in
// docs/data/rating/scores.json (committed; the reviewed PGN is not, it is 28 KB a game), so the
// fit can be checked and made again without the engine.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './engines.mjs';
import { mainLine, parsePgnGames, readComment } from '../../web/src/annotate.js';
import { gameReport, ratingFeatures } from '../../web/src/report.js';
import { LEVEL_TABLE } from '../../app/src/model/level-table.js';

export const SCORES = path.join(ROOT, 'docs/data/rating/scores.json');
export const FIT = path.join(ROOT, 'docs/data/rating/fit.json');
export const MODEL = path.join(ROOT, 'web/src/rating-model.js');
const REVIEWED = path.join(ROOT, 'docs/data/rating/reviewed.pgn');

/** Games held out of the fit: the last opening pair (rounds 9 and 10) of every pairing of ten. */
export const heldOut = (/** @type {number} */ round) => (round - 1) % 10 >= 8;

/**
 * @typedef {{ event: string, round: number, white: string, black: string, turn: 'w'|'b', scores: (number|string)[] }} ScoredGame
 *   scores: every main-line position's evaluation, White's view: centipawns, or "#N" a mate
 */

/** The level a player name of the level games is ("Mainline Level 4 (2)" -> its row). */
export function levelOf(/** @type {string} */ name) {
  const m = /^Mainline (Level \d+)(?: \(2\))?$/.exec(name);
  const row = m && LEVEL_TABLE.find((r) => r.name === m[1]);
  if (!row || row.rating.elo === null) throw new Error(`${name}: not a measured level`);
  return row;
}

/** The compact scores of the reviewed games. @param {string} text @returns {ScoredGame[]} */
export function scoresFromPgn(text) {
  return parsePgnGames(text).map((g) => {
    const line = mainLine(g);
    const scores = [g.root, ...line].map((n, i) => {
      const ev = readComment([n.before, n.comment].filter(Boolean).join(' ')).eval;
      if (!ev) throw new Error(`${g.headers.Event} round ${g.headers.Round}: position ${i} has no evaluation`);
      return ev.score.mate !== undefined ? `#${ev.score.mate}` : /** @type {number} */ (ev.score.cp);
    });
    const turn = /** @type {'w'|'b'} */ ((g.headers.FEN || '').split(/\s+/)[1] === 'b' ? 'b' : 'w');
    return { event: g.headers.Event, round: Number(g.headers.Round), white: g.headers.White, black: g.headers.Black, turn, scores };
  });
}

/** @param {number|string} s */
const scoreOf = (s) => (typeof s === 'string' ? { mate: Number(s.slice(1)) } : { cp: s });

/** Each side's report of a scored game (mainline-chess/report's gameReport, the app's and the CLI's). */
export function reportOfScores(/** @type {ScoredGame} */ g) {
  const moves = [];
  for (let i = 0; i + 1 < g.scores.length; i++) {
    const mover = /** @type {'w'|'b'} */ ((i % 2 === 0) === (g.turn === 'w') ? 'w' : 'b');
    moves.push({ mover, before: { score: scoreOf(g.scores[i]), depth: 1 }, after: { score: scoreOf(g.scores[i + 1]), depth: 1 } });
  }
  return gameReport(moves);
}

/** Least squares: the coefficients b minimising |X b - y|^2 (normal equations, Gaussian elimination). */
export function leastSquares(/** @type {number[][]} */ X, /** @type {number[]} */ y) {
  const k = X[0].length;
  const A = Array.from({ length: k }, (_, i) => Array.from({ length: k + 1 }, (_, j) => (j < k ? X.reduce((s, r) => s + r[i] * r[j], 0) : X.reduce((s, r, n) => s + r[i] * y[n], 0))));
  for (let c = 0; c < k; c++) {
    let p = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(A[r][c]) > Math.abs(A[p][c])) p = r;
    [A[c], A[p]] = [A[p], A[c]];
    for (let r = 0; r < k; r++) {
      if (r === c) continue;
      const f = A[r][c] / A[c][c];
      for (let j = c; j <= k; j++) A[r][j] -= f * A[c][j];
    }
  }
  return A.map((row, i) => row[k] / row[i]);
}

export const MIN_MOVES = 10;

/** The samples (one per side of a game) of the scored games. @param {ScoredGame[]} games */
export function samplesOf(games) {
  const out = [];
  for (const g of games) {
    const r = reportOfScores(g);
    for (const [color, name] of /** @type {const} */ ([['w', g.white], ['b', g.black]])) {
      const x = ratingFeatures(r.players[color], MIN_MOVES);
      if (!x) continue;
      const row = levelOf(name);
      out.push({ x, elo: /** @type {number} */ (row.rating.elo), level: row.name, heldOut: heldOut(g.round), accuracy: r.players[color].accuracy, acpl: r.players[color].acpl });
    }
  }
  return out;
}

/** The fit and its figures. @param {ScoredGame[]} games */
export function fitGames(games) {
  const samples = samplesOf(games);
  const train = samples.filter((s) => !s.heldOut);
  const test = samples.filter((s) => s.heldOut);
  const coefficients = leastSquares(train.map((s) => s.x), train.map((s) => s.elo)).map((c) => Number(c.toFixed(4)));
  const elos = samples.map((s) => s.elo);
  const range = [Math.min(...elos), Math.max(...elos)];
  const predict = (/** @type {number[]} */ x) => Math.max(range[0], Math.min(range[1], x.reduce((s, v, i) => s + v * coefficients[i], 0)));
  const mae = (/** @type {typeof samples} */ xs) => xs.reduce((s, x) => s + Math.abs(predict(x.x) - x.elo), 0) / xs.length;
  /** @type {Record<string, { n: number, mean: number, mae: number }>} */
  const byLevel = {};
  for (const l of [...new Set(test.map((s) => s.level))]) {
    const xs = test.filter((s) => s.level === l);
    byLevel[l] = { n: xs.length, mean: Math.round(xs.reduce((s, x) => s + predict(x.x), 0) / xs.length), mae: Math.round(mae(xs)) };
  }
  // what always answering the mean rating would miss by: the fit must do better than that
  const meanElo = train.reduce((s, x) => s + x.elo, 0) / train.length;
  const baseline = test.reduce((s, x) => s + Math.abs(meanElo - x.elo), 0) / test.length;
  return {
    coefficients, range, minMoves: MIN_MOVES,
    trainSides: train.length, heldOutSides: test.length, trainMae: Math.round(mae(train)), heldOutMae: Math.round(mae(test)), baselineMae: Math.round(baseline), byLevel,
  };
}

/** The generated module's text. @param {ReturnType<typeof fitGames>} f */
export function modelModule(f) {
  return `// Generated by \`node scripts/game-rating.mjs --fit\` from docs/data/rating/scores.json: do not edit (a test
// compares it). The game rating's linear model: rating = c0 + c1 * accuracy + c2 * ln(10 + ACPL),
// fitted on ${f.trainSides} sides of the play levels' games against each other (Stockfish 15.1's UCI_Elo
// scale: engine levels, not human games), clamped to the levels' range; its mean absolute error
// on ${f.heldOutSides} held-out sides is ${f.heldOutMae} Elo (always answering the mean: ${f.baselineMae}).
export const RATING_MODEL = Object.freeze(${JSON.stringify({ coefficients: f.coefficients, range: f.range, minMoves: f.minMoves, heldOutMae: f.heldOutMae, heldOutSides: f.heldOutSides })});
`;
}

/** Whether the committed model and figures are what the committed scores give ('' when they are). */
export function checkFit() {
  const f = fitGames(JSON.parse(readFileSync(SCORES, 'utf8')).games);
  if (readFileSync(MODEL, 'utf8') !== modelModule(f)) return 'web/src/rating-model.js differs from the fit of docs/data/rating/scores.json';
  if (readFileSync(FIT, 'utf8') !== `${JSON.stringify(f, null, 2)}\n`) return 'docs/data/rating/fit.json differs from the fit of docs/data/rating/scores.json';
  return '';
}

/** Reads the reviewed games (when there), writes scores.json, fit.json and the model. */
export function fitAndWrite() {
  let games;
  try {
    games = scoresFromPgn(readFileSync(REVIEWED, 'utf8'));
    writeFileSync(SCORES, `${JSON.stringify({ about: 'Each reviewed level game (scripts/game-rating.mjs): every main-line position\'s evaluation, White\'s view (centipawns, "#N" a mate), from mainline-analyse --report at its default depth.', games }, null, 0).replace(/\},\{/g, '},\n{')}\n`);
  } catch (e) {
    if (/** @type {any} */ (e).code !== 'ENOENT') throw e;
    games = JSON.parse(readFileSync(SCORES, 'utf8')).games;
  }
  const f = fitGames(games);
  writeFileSync(FIT, `${JSON.stringify(f, null, 2)}\n`);
  writeFileSync(MODEL, modelModule(f));
  console.log(`rating: ${games.length} games; fit on ${f.trainSides} sides, train MAE ${f.trainMae}; held-out ${f.heldOutSides} sides, MAE ${f.heldOutMae} Elo (the mean rating for all: ${f.baselineMae})`);
  for (const [l, v] of Object.entries(f.byLevel)) console.log(`  ${l.padEnd(9)} held-out ${v.n} sides, mean estimate ${v.mean}, MAE ${v.mae}`);
  console.log(`  coefficients ${f.coefficients.join(', ')}`);
}
