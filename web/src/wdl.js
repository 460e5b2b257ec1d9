// Win / draw / loss chances for a score: Mainline's own model, fitted to Mainline's games by
// tools/wdl-fit.mjs, of the form of Stockfish's win-rate model. For a score x in centipawns (from
// the side to move's view) in a position with m pawns of material on the board (P 1, N B 3, R 5,
// Q 9; 78 at the start):
//
//   win  = 1 / (1 + exp((a(m) - x) / b(m)))
//   loss = 1 / (1 + exp((a(m) + x) / b(m)))
//   draw = 1 - win - loss
//
// with a and b polynomials in m / 78 (quadratic: 100 games do not support more; tools/wdl-fit.mjs
// fits any degree): a is the score at which a win is as likely as not, b how quickly that
// certainty grows. A mate score is a certain win or loss.
//
// Mainline's scores are the network's, trained on Stockfish 15.1's normalised scores, so their
// scale is not lichess's (annotate.js's WIN_K): the chances here are what Mainline's own games
// say its scores mean.

/**
 * @typedef {object} WdlModel
 * @property {number[]} a  coefficients of a(m) in powers of m / 78, constant first
 * @property {number[]} b  the same for b(m)
 * @property {string} source what it was fitted to
 */

/**
 * Fitted 2026-11-25 by `node tools/wdl-fit.mjs --degree 2 build/wasm-vs-native.pgn`: 11,795
 * positions (from the 17th half-move on, both sides) of 100 games of generation 4 against itself
 * at 10+0.1 (the WebAssembly build against the native one, `npm run match -- --engine1
 * mainline-wasm --engine2 mainline --tc 10+0.1 --games 100 --random --seed 41 --pgn ...`); log-loss
 * 0.4715. Observed against predicted win/draw/loss by score band, e.g. +25..+74: 15.3/80.7/4.1%
 * against 15.8/79.8/4.3%; +150..+299: 50.7/48.1/1.1% against 53.5/46.2/0.3% (the tool prints all).
 * a(m) falls from 403 cp with no material to 113 with all of it: the same advantage wins more
 * often with more pieces on the board.
 * @type {WdlModel}
 */
export const WDL_MODEL = Object.freeze({
  a: Object.freeze([403.209, -677.675, 388.39]),
  b: Object.freeze([124.086, -229.699, 181.786]),
  source: '11795 positions of 100 games of generation 4 against itself at 10+0.1 (2026-11-25)',
});

/** Material on the board at the start (both sides, pawns). */
export const START_MATERIAL = 78;
/** The material assumed when the caller does not know it (about a middlegame's). */
export const DEFAULT_MATERIAL = 58;

/** @param {number[]} coeffs @param {number} t */
function poly(coeffs, t) {
  let v = 0;
  for (let i = coeffs.length - 1; i >= 0; i--) v = v * t + coeffs[i];
  return v;
}

/**
 * The model's a(m) and b(m).
 * @param {number} material pawns on the board
 * @param {WdlModel} [model]
 */
export function wdlParams(material, model = WDL_MODEL) {
  const t = Math.max(0, Math.min(START_MATERIAL, material)) / START_MATERIAL;
  return { a: poly(model.a, t), b: Math.max(1, poly(model.b, t)) };
}

/**
 * Win, draw and loss chances (0..1, summing to 1) for the side whose view the score is from.
 * @param {{ cp?: number, mate?: number }} score  `{ mate: 0 }`: that side is checkmated
 * @param {number} [material] pawns on the board (DEFAULT_MATERIAL when unknown)
 * @param {WdlModel} [model]
 * @returns {{ win: number, draw: number, loss: number }}
 */
export function wdl(score, material = DEFAULT_MATERIAL, model = WDL_MODEL) {
  if (score.mate !== undefined) return score.mate > 0 ? { win: 1, draw: 0, loss: 0 } : { win: 0, draw: 0, loss: 1 };
  const x = score.cp || 0;
  const { a, b } = wdlParams(material, model);
  const win = 1 / (1 + Math.exp((a - x) / b));
  const loss = 1 / (1 + Math.exp((a + x) / b));
  return { win, draw: Math.max(0, 1 - win - loss), loss };
}

/**
 * Chances as whole per-mille that add up to 1000 (the largest remainder takes the rounding),
 * as an engine's `wdl` output gives them.
 * @param {{ win: number, draw: number, loss: number }} p
 */
export function perMille(p) {
  const raw = [p.win, p.draw, p.loss].map((x) => x * 1000);
  const out = raw.map(Math.floor);
  let left = 1000 - out.reduce((s, x) => s + x, 0);
  const order = raw.map((x, i) => [x - Math.floor(x), i]).sort((u, v) => v[0] - u[0]);
  for (const [, i] of order) if (left-- > 0) out[i]++;
  return { win: out[0], draw: out[1], loss: out[2] };
}

/**
 * Fits a model to samples by maximum likelihood (Adam on the mean log-loss). What
 * tools/wdl-fit.mjs runs on games; here so that it is tested on samples of a known model.
 * @param {{ cp: number, material: number, outcome: 1 | 0.5 | 0 }[]} samples  outcome for the side
 *   whose view cp is from
 * @param {{ degree?: number, steps?: number, rate?: number }} [opts]
 * @returns {{ model: WdlModel, logLoss: number }}
 */
export function fitWdl(samples, { degree = 3, steps = 3000, rate = 0.05 } = {}) {
  if (!samples.length) throw new Error('no samples to fit');
  const n = degree + 1;
  // Parameters in scaled units (a / 100, b / 100) keep the step sizes alike.
  const theta = new Float64Array(2 * n);
  theta[0] = 1;
  theta[n] = 1;
  const m1 = new Float64Array(2 * n), m2 = new Float64Array(2 * n);
  const b1 = 0.9, b2 = 0.999, eps = 1e-8;
  const powers = samples.map((s) => {
    const t = Math.max(0, Math.min(START_MATERIAL, s.material)) / START_MATERIAL;
    return Array.from({ length: n }, (_, k) => t ** k);
  });
  const xs = samples.map((s) => s.cp / 100);
  let logLoss = 0;
  for (let step = 1; step <= steps; step++) {
    const grad = new Float64Array(2 * n);
    logLoss = 0;
    for (let i = 0; i < samples.length; i++) {
      const p = powers[i], x = xs[i];
      let a = 0, b = 0;
      for (let k = 0; k < n; k++) {
        a += theta[k] * p[k];
        b += theta[n + k] * p[k];
      }
      b = Math.max(b, 0.01);
      const w = 1 / (1 + Math.exp((a - x) / b)); // win
      const l = 1 / (1 + Math.exp((a + x) / b)); // loss
      const d = Math.max(1e-12, 1 - w - l);
      // derivatives of w and l with respect to a and b
      const dwda = -w * (1 - w) / b, dwdb = w * (1 - w) * (a - x) / (b * b);
      const dlda = -l * (1 - l) / b, dldb = l * (1 - l) * (a + x) / (b * b);
      let ga, gb;
      const o = samples[i].outcome;
      if (o === 1) {
        logLoss -= Math.log(Math.max(1e-12, w));
        ga = -dwda / Math.max(1e-12, w);
        gb = -dwdb / Math.max(1e-12, w);
      } else if (o === 0) {
        logLoss -= Math.log(Math.max(1e-12, l));
        ga = -dlda / Math.max(1e-12, l);
        gb = -dldb / Math.max(1e-12, l);
      } else {
        logLoss -= Math.log(d);
        ga = (dwda + dlda) / d;
        gb = (dwdb + dldb) / d;
      }
      for (let k = 0; k < n; k++) {
        grad[k] += ga * p[k];
        grad[n + k] += gb * p[k];
      }
    }
    logLoss /= samples.length;
    for (let j = 0; j < 2 * n; j++) {
      const g = grad[j] / samples.length;
      m1[j] = b1 * m1[j] + (1 - b1) * g;
      m2[j] = b2 * m2[j] + (1 - b2) * g * g;
      theta[j] -= (rate * (m1[j] / (1 - b1 ** step))) / (Math.sqrt(m2[j] / (1 - b2 ** step)) + eps);
    }
  }
  const round = (/** @type {number} */ v) => Math.round(v * 100 * 1000) / 1000;
  return {
    model: { a: Array.from(theta.slice(0, n), round), b: Array.from(theta.slice(n), round), source: `${samples.length} positions` },
    logLoss,
  };
}
