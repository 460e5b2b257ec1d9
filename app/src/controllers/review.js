// "Analyse game": the engine evaluates every position of the main line (to a depth, or for a time
// per position), two lines each (the second tells a Great move: the only one that keeps the
// result), with progress and Cancel. Each evaluation is saved as soon as it is made, so a reload,
// a closed tab or a crashed engine loses at most the position being searched, and running it
// again skips what is already deep enough. The game report (gamereport.js) is kept up to date
// with the evaluations, whoever made them: this analysis, the live one, an imported PGN.
import { evalFromSearch, isTerminal, secondLine, terminalEval } from 'mainline-chess/annotate';
import { statusAt } from '../model/rules.js';
import { fenTurn } from '../model/format.js';
import { reportOf } from '../model/gamereport.js';
import { reviewOf } from '../model/record.js';

/**
 * @typedef {import('../state.js').Store} Store
 * @typedef {import('../state.js').ReviewState} ReviewState
 * @typedef {import('../services/engine.js').EngineHandle} EngineHandle
 * @typedef {import('../model/tree.js').MoveNode} MoveNode
 * @typedef {import('mainline-chess/annotate').Eval} Eval
 * @typedef {{ depth?: number, movetime?: number }} ReviewLimits
 */

/** A search stopped by something else, or a crashed engine, is run again this many times. */
const SEARCH_ATTEMPTS = 4;

export class ReviewController {
  /**
   * @param {{ store: Store, engine: EngineHandle, halt: () => Promise<void>,
   *           evals: { set(node: MoveNode, ev: Eval): void, known(node: MoveNode): Promise<Eval|undefined>, flush(): Promise<void> } }} deps
   *   halt: stops the live analysis (the engine is this analysis's while it runs)
   */
  constructor({ store, engine, halt, evals }) {
    this.store = store;
    this.engine = engine;
    this.halt = halt;
    this.evals = evals;
    this.cancelled = false;
    store.on(['tree', 'evals'], (s) => this.store.set({ report: reportOf(s.tree) }));
    // a game against the engine, or another game, ends a running analysis
    store.on(['mode', 'tree'], (s, changed) => {
      if (s.review.running && (s.mode !== 'analyse' || (changed.has('tree') && s.tree !== this.tree))) this.cancel();
    });
    store.on(['tree'], (s) => {
      if (s.tree !== this.lastTree && !s.review.running && s.review.text) this.#set({ text: '', done: 0, total: 0, outcome: '' });
    });
    /** @type {import('../model/tree.js').GameTree|null} the tree being analysed */
    this.tree = null;
    /** @type {import('../model/tree.js').GameTree|null} the tree analysed last (its outcome is on show) */
    this.lastTree = null;
  }

  /** @param {Partial<ReviewState>} patch */
  #set(patch) {
    this.store.set({ review: { ...this.store.state.review, ...patch } });
  }

  /** Analyses every main-line position. Resolves when done, cancelled or failed. @param {ReviewLimits} limits */
  async run(limits) {
    const s = this.store.state;
    if (s.review.running || s.mode !== 'analyse') return;
    const tree = s.tree;
    const line = [tree.root, ...tree.mainline()];
    if (line.length < 2) {
      this.store.set({ error: 'Analyse game: there are no moves to analyse. Play or load a game first.' });
      return;
    }
    if (s.error) this.store.set({ error: '' });
    this.tree = tree;
    this.cancelled = false;
    this.#set({ running: true, done: 0, total: line.length, limits, text: '' });
    await this.halt();
    let done = 0;
    /** @type {Error|null} */
    let failure = null;
    try {
      const engine = await this.engine.get();
      const method = String(this.engine.options.PvMethod || 'pvhash');
      for (const node of line) {
        if (this.cancelled || this.store.state.tree !== tree) break;
        const status = statusAt(tree, node);
        let ev;
        if (isTerminal(status, !node.children.length)) ev = terminalEval(status);
        else {
          // an evaluation as deep as asked for, with its second line, is reused (a second run,
          // another game, the live analysis)
          const known = await this.evals.known(node);
          if (known && limits.depth && known.depth >= limits.depth && known.second !== undefined) ev = known;
          else {
            const found = await this.#search(engine, { fen: tree.root.fen, moves: tree.uciMoves(node) }, limits, node.fen, method);
            if (!found || this.cancelled || this.store.state.tree !== tree) break;
            ev = found;
            if (known && known.depth > ev.depth) ev = { ...known, second: known.second ?? ev.second }; // keep the deeper one
          }
        }
        if (ev !== node.eval) this.evals.set(node, ev);
        done++;
        this.#set({ done });
      }
    } catch (e) {
      failure = /** @type {Error} */ (e);
    }
    // complete only if the main line is still the one analysed (moves may be played, promoted or
    // deleted meanwhile)
    const now = [tree.root, ...tree.mainline()];
    const complete = done === line.length && now.length === line.length && now.every((n, i) => n === line[i]);
    if (this.store.state.tree === tree) this.store.set({ game: { ...this.store.state.game, review: reviewOf(tree, limits, complete) } });
    // shown as saved only once it is written
    const saved = await this.evals.flush().then(() => true, () => false);
    const changed = done === line.length && !complete;
    const text = complete
      ? `Analysed all ${line.length} positions${saved ? ' and saved them' : ''}.`
      : changed
        ? 'The main line changed during the analysis: Analyse game again to complete it (what was analysed is kept).'
        : failure
        ? `Stopped after ${done} of ${line.length} positions: ${failure.message}. What was analysed is kept; Analyse game continues from there.`
        : `Cancelled after ${done} of ${line.length} positions. What was analysed is kept; Analyse game continues from there.`;
    this.tree = null;
    this.lastTree = tree;
    this.#set({ running: false, done, text, outcome: complete ? 'done' : 'stopped' });
    if (failure) this.store.set({ error: `Analyse game: ${failure.message}` });
  }

  /** Stops a running analysis (what is done is kept). */
  cancel() {
    if (!this.store.state.review.running) return;
    this.cancelled = true;
    this.engine.stop();
  }

  /**
   * One position, two lines. A search stopped by something else, or by a crashed engine (which
   * restarts by itself), is run again.
   * @returns {Promise<Eval|null>} null when cancelled
   */
  /**
   * @param {import('mainline-chess').Engine} engine @param {import('../services/engine.js').SearchPosition} position
   * @param {ReviewLimits} limits @param {string} fen the position's FEN @param {string} method the PV method
   */
  async #search(engine, position, limits, fen, method) {
    const turn = fenTurn(fen).turn;
    for (let attempt = 1; ; attempt++) {
      /** @type {import('mainline-chess').IterationInfo|null} */
      let second = null;
      try {
        const result = await engine.bestMove(position, { ...limits, multipv: 2 }, {
          onInfo: (info) => {
            if (info.multipv === 2 && info.bound === 'exact') second = info;
          },
        });
        if (this.cancelled) return null;
        if (!result.stopped || attempt >= SEARCH_ATTEMPTS) {
          const ev = evalFromSearch(result, turn, method);
          const s2 = /** @type {import('mainline-chess').IterationInfo|null} */ (second);
          // only one legal move: no second line, and none to look for again
          ev.second = s2 && s2.pv.length ? secondLine(s2, turn) : null;
          return ev;
        }
      } catch (e) {
        if (this.cancelled) return null;
        if (/** @type {any} */ (e).code !== 'CRASHED' || attempt >= SEARCH_ATTEMPTS) throw e;
      }
    }
  }
}
