// Match statistics: logistic Elo from the score, its 95% error (trinomial per game or
// pentanomial per game pair), likelihood of superiority, and the GSPRT log-likelihood ratio in
// logistic Elo as used by fishtest (LLR_logistic, M. Van den Bergh) and cutechess-cli's SPRT.
//
// Conventions: a trinomial count is [losses, draws, wins]; a pentanomial count is over game
// pairs (same opening, colours swapped) by the pair's total score 0, 0.5, 1, 1.5, 2:
// [LL, LD+DL, DD+WL+LW, WD+DW, WW]. Everything is from engine 1's point of view.

/** Two-sided 95% normal quantile. */
export const Z95 = 1.959963984540054;

/**
 * Logistic Elo difference for an expected score: -400 log10(1/s - 1).
 * @param {number} score in [0, 1]; 0 and 1 give -Infinity and +Infinity
 * @returns {number}
 */
export function eloFromScore(score) {
  if (score <= 0) return -Infinity;
  if (score >= 1) return Infinity;
  return -400 * Math.log10(1 / score - 1) + 0;   // + 0: no -0 for score 0.5
}

/**
 * Expected score for a logistic Elo difference: 1 / (1 + 10^(-elo/400)).
 * @param {number} elo
 * @returns {number}
 */
export function scoreFromElo(elo) {
  return 1 / (1 + 10 ** (-elo / 400));
}

/**
 * Error function: Taylor series for |x| < 3, continued fraction of erfc beyond
 * (absolute error below 1e-13).
 * @param {number} x
 * @returns {number}
 */
export function erf(x) {
  const z = Math.abs(x);
  let r;
  if (z < 3) {
    // erf(z) = 2/sqrt(pi) * sum (-1)^n z^(2n+1) / (n! (2n+1))
    let term = z, sum = z;
    for (let n = 1; n < 100 && Math.abs(term) > 1e-17; n++) {
      term *= (-z * z) / n;
      sum += term / (2 * n + 1);
    }
    r = (2 / Math.sqrt(Math.PI)) * sum;
  } else {
    // erfc(z) = exp(-z^2)/sqrt(pi) / (z + (1/2)/(z + 1/(z + (3/2)/(z + ...))))
    let k = z;
    for (let n = 60; n >= 1; n--) k = z + n / 2 / k;
    r = 1 - Math.exp(-z * z) / Math.sqrt(Math.PI) / k;
  }
  return x < 0 ? -r : r;
}

/**
 * Likelihood of superiority from wins and losses (draws do not count):
 * LOS = 0.5 * (1 + erf((W - L) / sqrt(2 (W + L)))).
 * @param {number} wins
 * @param {number} losses
 * @returns {number} probability in [0, 1]; 0.5 when W + L = 0
 */
export function los(wins, losses) {
  if (wins + losses === 0) return 0.5;
  return 0.5 * (1 + erf((wins - losses) / Math.sqrt(2 * (wins + losses))));
}

/**
 * Mean and variance of a discrete distribution given by counts at equally spaced scores
 * 0 .. 1 (3 counts: 0, 0.5, 1; 5 counts: 0, 0.25, 0.5, 0.75, 1).
 * @param {number[]} counts
 * @returns {{ n: number, mean: number, variance: number }} variance per unit (game or pair)
 */
export function countsMeanVariance(counts) {
  const n = counts.reduce((a, b) => a + b, 0);
  if (n === 0) return { n: 0, mean: NaN, variance: NaN };
  const k = counts.length - 1;
  let mean = 0;
  for (let i = 0; i <= k; i++) mean += (i / k) * counts[i];
  mean /= n;
  let variance = 0;
  for (let i = 0; i <= k; i++) variance += counts[i] * (i / k - mean) ** 2;
  variance /= n;
  return { n, mean, variance };
}

/**
 * @typedef {Object} EloEstimate
 * @property {'trinomial'|'pentanomial'} model
 * @property {number} units   games (trinomial) or game pairs (pentanomial)
 * @property {number} score   mean score per game, 0..1
 * @property {number} elo     logistic Elo of the score
 * @property {number} eloLow  lower end of the 95% interval
 * @property {number} eloHigh upper end of the 95% interval
 * @property {number} error   half-width of the interval in Elo, (eloHigh - eloLow) / 2, as cutechess-cli prints "±"
 * @property {number} stderr  standard error of the mean score
 */

/**
 * Elo and its 95% error from trinomial [L, D, W] or pentanomial [LL, LD, DD+WL, WD, WW] counts.
 * The score interval is mean ± 1.96 * sqrt(variance / N) with the per-game (trinomial) or
 * per-pair (pentanomial) variance; its ends are converted to Elo.
 * @param {number[]} counts 3 or 5 numbers
 * @returns {EloEstimate}
 */
export function eloEstimate(counts) {
  if (counts.length !== 3 && counts.length !== 5) throw new Error('counts must have 3 or 5 entries');
  const { n, mean, variance } = countsMeanVariance(counts);
  const model = counts.length === 3 ? 'trinomial' : 'pentanomial';
  if (n === 0) return { model, units: 0, score: NaN, elo: NaN, eloLow: NaN, eloHigh: NaN, error: NaN, stderr: NaN };
  const stderr = Math.sqrt(variance / n);
  const lo = mean - Z95 * stderr, hi = mean + Z95 * stderr;
  const eloLow = eloFromScore(lo), eloHigh = eloFromScore(hi);
  const width = eloHigh - eloLow;                // inf - inf (score 0 or 1 and no variance) counts as infinite
  return { model, units: n, score: mean, elo: eloFromScore(mean), eloLow, eloHigh, error: Number.isNaN(width) ? Infinity : width / 2, stderr };
}

/**
 * When every game was won (or every game lost) the variance is 0 and the normal interval says
 * nothing. This gives the exact one-sided 97.5% binomial bound instead (the end of a two-sided
 * 95% Clopper-Pearson interval): with N wins out of N, the score is at least 0.025^(1/N).
 * @param {number} wins
 * @param {number} draws
 * @param {number} losses
 * @returns {null | { side: 'lower'|'upper', elo: number }} null unless the result is all wins or all losses
 */
export function perfectScoreBound(wins, draws, losses) {
  const n = wins + draws + losses;
  if (n === 0 || draws > 0 || (wins > 0 && losses > 0)) return null;
  const s = 0.025 ** (1 / n);
  return wins ? { side: 'lower', elo: eloFromScore(s) } : { side: 'upper', elo: -eloFromScore(s) };
}

/**
 * Index 0..4 of a game pair in the pentanomial count, from engine 1's scores in both games.
 * @param {number} s1 score of the first game (0, 0.5, 1)
 * @param {number} s2 score of the second game
 * @returns {number}
 */
export function pentanomialIndex(s1, s2) {
  return Math.round((s1 + s2) * 2);
}

// ------------------------------------------------------------------------------------------
// SPRT

/**
 * SPRT stopping bounds for the LLR: lower ln(beta / (1 - alpha)), upper ln((1 - beta) / alpha).
 * @param {number} alpha false-positive rate (accepting H1 when H0 holds)
 * @param {number} beta  false-negative rate
 * @returns {{ lower: number, upper: number }}
 */
export function sprtBounds(alpha, beta) {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/** fishtest's regularisation: a zero count becomes 1e-3, so MLEs stay inside the simplex. */
function regularize(counts) { return counts.map((c) => (c === 0 ? 1e-3 : c)); }

/** counts -> { N, pdf: [[score, probability]] } as fishtest's results_to_pdf (regularised). */
function resultsToPdf(counts) {
  const r = regularize(counts);
  const N = r.reduce((a, b) => a + b, 0);
  const k = r.length - 1;
  return { N, pdf: r.map((c, i) => [i / k, c / N]) };
}

/**
 * Maximum-likelihood distribution with expectation s, given the empirical pdf:
 * p_i' = p_i / (1 + x (a_i - s)) where x solves sum p_i (a_i - s) / (1 + x (a_i - s)) = 0.
 * The left side decreases strictly in x on (-1/(max a - s), 1/(s - min a)): solved by bisection.
 */
function mleExpected(pdf, s) {
  const d = pdf.map(([a, p]) => [a - s, p]);
  const v = Math.min(...d.map(([a]) => a)), w = Math.max(...d.map(([a]) => a));
  if (!(v < 0 && w > 0)) throw new Error(`SPRT: expected score ${s} outside the possible range`);
  const f = (x) => d.reduce((sum, [a, p]) => sum + (p * a) / (1 + x * a), 0);
  let lo = -1 / w, hi = -1 / v;              // f(lo+) = +inf, f(hi-) = -inf
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (mid === lo || mid === hi) break;
    if (f(mid) > 0) lo = mid; else hi = mid;
  }
  const x = (lo + hi) / 2;
  return pdf.map(([a, p]) => [a, p / (1 + x * (a - s))]);
}

/**
 * Generalised SPRT log-likelihood ratio of H1: elo = elo1 against H0: elo = elo0 in logistic Elo
 * (fishtest's LLR_logistic): N * sum_i p_i ln(p1_i / p0_i), with p0, p1 the maximum-likelihood
 * distributions of expectation s0 = L(elo0), s1 = L(elo1) and p the (regularised) observed one.
 * @param {number[]} counts trinomial [L, D, W] or pentanomial [LL, LD, DD+WL, WD, WW]
 * @param {number} elo0
 * @param {number} elo1
 * @returns {number} LLR (0 when there is nothing to test yet)
 */
export function sprtLLR(counts, elo0, elo1) {
  if (counts.length !== 3 && counts.length !== 5) throw new Error('counts must have 3 or 5 entries');
  if (counts.reduce((a, b) => a + b, 0) === 0) return 0;
  const s0 = scoreFromElo(elo0), s1 = scoreFromElo(elo1);
  const { N, pdf } = resultsToPdf(counts);
  const p0 = mleExpected(pdf, s0), p1 = mleExpected(pdf, s1);
  let llr = 0;
  for (let i = 0; i < pdf.length; i++) llr += pdf[i][1] * (Math.log(p1[i][1]) - Math.log(p0[i][1]));
  return N * llr;
}

/**
 * The normal approximation of the same LLR (fishtest's LLR_alt2):
 * N (s1 - s0) (2 mean - s0 - s1) / (2 variance).
 * @param {number[]} counts
 * @param {number} elo0
 * @param {number} elo1
 * @returns {number}
 */
export function sprtLLRApprox(counts, elo0, elo1) {
  const s0 = scoreFromElo(elo0), s1 = scoreFromElo(elo1);
  const { N, pdf } = resultsToPdf(counts);
  let mean = 0, variance = 0;
  for (const [a, p] of pdf) mean += a * p;
  for (const [a, p] of pdf) variance += p * (a - mean) ** 2;
  if (!(variance > 0)) return 0;
  return (N * (s1 - s0) * (2 * mean - s0 - s1)) / variance / 2;
}

/**
 * @typedef {Object} SprtState
 * @property {number} llr
 * @property {number} lower
 * @property {number} upper
 * @property {null|'H0'|'H1'} accepted
 */

/**
 * LLR and decision for the counts.
 * @param {number[]} counts
 * @param {{ elo0: number, elo1: number, alpha: number, beta: number }} p
 * @returns {SprtState}
 */
export function sprtState(counts, { elo0, elo1, alpha, beta }) {
  const { lower, upper } = sprtBounds(alpha, beta);
  const llr = sprtLLR(counts, elo0, elo1);
  return { llr, lower, upper, accepted: llr >= upper ? 'H1' : llr <= lower ? 'H0' : null };
}

/**
 * Formats an Elo value with sign ("+12.3", "-inf").
 * @param {number} x
 * @param {number} [digits]
 * @returns {string}
 */
export function fmtElo(x, digits = 1) {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return '+inf';
  if (x === -Infinity) return '-inf';
  return (x >= 0 ? '+' : '') + x.toFixed(digits);
}
