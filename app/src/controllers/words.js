// Why a move is a mistake, or why the best move is best, in one or two sentences: the engine's
// facts along its own lines (Engine.lineFacts) worded by mainline-chess/explain, which checks every
// claim against them before a sentence is shown. The facts come from an engine of their own, so
// asking never stops the live analysis or a practice search.
import { explainLine, explainMove } from 'mainline-chess/explain';
import { pgnAnnotations, reportOf } from '../model/gamereport.js';

/**
 * @typedef {import('../services/engine.js').EngineHandle} EngineHandle
 * @typedef {import('../model/tree.js').GameTree} GameTree
 * @typedef {import('../model/tree.js').MoveNode} MoveNode
 * @typedef {import('mainline-chess/explain').Sentence} Sentence
 * @typedef {{ sentences: Sentence[], numbersOnly: boolean }} Words
 */

/** Report classes (report.js's names) -> explain.js's verdicts. */
const VERDICT = /** @type {Record<string, string>} */ ({ 'missed-win': 'missedWin' });

export class WordsController {
  /** @param {{ engine: EngineHandle }} deps */
  constructor({ engine }) {
    this.engine = engine;
    /** @type {WeakMap<object, Map<string, Promise<Words>>>} by the evaluation after the move (a new evaluation is a new object) */
    this.cache = new WeakMap();
  }

  /**
   * The words for a move of the tree with both evaluations and a class.
   * @param {MoveNode} node @param {string} cls the report's class of the move
   * @returns {Promise<Words>}
   */
  explain(node, cls) {
    const parent = node.parent;
    const before = parent?.eval;
    const after = node.eval;
    if (!parent || !before || !after || !node.uci || !node.color) return Promise.reject(new Error('the move has no evaluations to explain'));
    let byClass = this.cache.get(after);
    if (!byClass) this.cache.set(after, (byClass = new Map()));
    const key = `${cls}|${JSON.stringify(before.score)}|${(before.pv || []).join(' ')}`;
    let p = byClass.get(key);
    if (!p) {
      p = this.#words(parent.fen, node, cls, before, after);
      byClass.set(key, p);
      p.catch(() => byClass?.delete(key)); // a failure is not remembered: asked again next time
    }
    return p;
  }

  /**
   * Why the engine's best move is best, from the facts along its line from `fen` (the board in
   * words' `why` when the move shown has no class to explain): only sentences those facts bear out.
   * (explain.js's explainLine, as the element's explain attribute words its best line)
   * @param {string} fen @param {string[]} pv the engine's line, UCI
   * @param {{ cp?: number, mate?: number }} [score] its score, White's view
   * @returns {Promise<Words>}
   */
  async best(fen, pv, score) {
    const engine = await this.engine.get();
    const line = await engine.lineFacts(fen, pv);
    return explainLine(line, score);
  }

  /**
   * The reason in words of every move the game report judges (the moves whose PGN comment gets
   * a judgement), by node id, for the PGN export: the sentences explainMove verified, joined.
   * A move whose words cannot be had (no evaluations, an engine error) has none; the others are
   * still given.
   * @param {GameTree} tree
   * @returns {Promise<Map<number, string>>}
   */
  async reasons(tree) {
    const report = reportOf(tree);
    const { judgements } = pgnAnnotations(report);
    /** @type {Map<number, string>} */
    const out = new Map();
    for (const [id, verdict] of report.verdicts) {
      const node = tree.nodes.get(id);
      if (!node || !judgements.get(id)) continue;
      try {
        const words = await this.explain(node, verdict.cls);
        const text = words.sentences.map((s) => s.text).join(' ');
        if (text) out.set(id, text);
      } catch {
        // no words for this move: its judgement is written without them
      }
    }
    return out;
  }

  /**
   * @param {string} fen the position before the move
   * @param {MoveNode} node
   * @param {string} cls
   * @param {import('mainline-chess/annotate').Eval} before
   * @param {import('mainline-chess/annotate').Eval} after
   */
  async #words(fen, node, cls, before, after) {
    const engine = await this.engine.get();
    const played = /** @type {string} */ (node.uci);
    const line = await engine.lineFacts(fen, [played, ...(after.pv || [])]);
    const bestPv = before.pv || [];
    const best = bestPv.length && bestPv[0] !== played ? await engine.lineFacts(fen, bestPv) : undefined;
    return explainMove({ mover: /** @type {'w'|'b'} */ (node.color), line, best, verdict: VERDICT[cls] || cls, before: before.score, after: after.score });
  }
}
