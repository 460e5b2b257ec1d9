// A score that explains itself: a click on the end of an iteration's line opens the position the
// line ends in, the engine's own evaluation of it beside the line's score (for a line that ends
// at the search's horizon they are the same number: that is what makes the line the explanation
// of its score), and what each piece adds to that evaluation (the network's evaluation with the
// piece minus without it) as a heat map: both from the engine's evalTrace. A line that ends in a
// result (mate, a draw) is explained by the rule. The searches go to an engine of their own.
import { fenAfter } from '../model/rules.js';
import { formatScore, PV_END } from '../model/format.js';

/**
 * @typedef {import('../state.js').Store} Store
 * @typedef {import('../state.js').Explanation} Explanation
 * @typedef {import('../services/engine.js').EngineHandle} EngineHandle
 * @typedef {import('../model/format.js').Score} Score
 */

/** Line endings decided by the rules: the score is the result's, not an evaluation's. */
const RESULT_TEXT = {
  mate: 'The line ends in checkmate: the score counts the moves to it.',
  stalemate: 'The line ends in stalemate: a draw, so the score is 0.00.',
  repetition: 'The line ends in a repeated position: a draw, so the score is 0.00.',
  fifty: 'The line ends by the fifty-move rule: a draw, so the score is 0.00.',
  material: 'The line ends with too little material to mate: a draw, so the score is 0.00.',
};

export class ExplainController {
  /** @param {{ store: Store, engine: EngineHandle }} deps */
  constructor({ store, engine }) {
    this.store = store;
    this.engine = engine;
    this.token = 0;
  }

  /**
   * Explains one line of an iteration.
   * @param {{ fen: string, uci: string[], pvSan: string[], depth: number, score: Score, pvEnd: string }} line  score: White's view
   */
  async open(line) {
    const token = ++this.token;
    let endFen;
    try {
      endFen = fenAfter(line.fen, line.uci);
    } catch (e) {
      this.store.set({ error: `That line cannot be played out: ${/** @type {Error} */ (e).message}` });
      return;
    }
    /** @type {Explanation} */
    const base = { status: 'loading', fen: line.fen, endFen, pvSan: line.pvSan, depth: line.depth, score: line.score, staticEval: null, pieces: [], message: 'The engine is evaluating the position at the end of the line…' };
    this.store.set({ explain: base });
    try {
      const engine = await this.engine.get();
      // the evaluation the search uses at its leaves (White's view), and each piece's part
      const trace = await engine.evalTrace(endFen);
      if (token !== this.token) return;
      const staticEval = trace.eval;
      this.store.set({ explain: { ...base, status: 'ready', staticEval, pieces: trace.pieces, message: explanation(line.pvEnd, line.score, staticEval) } });
    } catch (e) {
      if (token !== this.token) return;
      this.store.set({ explain: { ...base, status: 'error', message: `The position could not be evaluated: ${/** @type {Error} */ (e).message}` } });
    }
  }

  close() {
    this.token++;
    if (this.store.state.explain) this.store.set({ explain: null });
  }
}

/**
 * Why the line's score is what it is, in words.
 * @param {string} pvEnd @param {Score} score @param {number} staticEval White's view
 */
export function explanation(pvEnd, score, staticEval) {
  const own = formatScore({ cp: staticEval });
  if (pvEnd in RESULT_TEXT) return /** @type {Record<string,string>} */ (RESULT_TEXT)[pvEnd];
  if (score.mate === undefined && score.cp === staticEval)
    return `The line ends here, at the search's horizon, and the engine's evaluation of this position, ${own}, is the score the search reported for the line.`;
  if (pvEnd === 'hashcut')
    return `${PV_END.hashcut.title} This position's own evaluation is ${own}; the score ${formatScore(score)} comes from a deeper search of it, stored in the table.`;
  return `This position's evaluation is ${own}, the line's score ${formatScore(score)}: they differ by ${formatScore({ cp: (score.cp ?? 0) - staticEval }).replace(/^\+/, '')}.`;
}
