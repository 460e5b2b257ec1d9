// The live analysis of the shown position: whenever the shown position, the mode or the number of
// lines changes, the search starts again (after a short pause, so stepping through moves stays
// cheap) and its iterations go into a new log. A deeper exact line of the shown position is
// saved as its evaluation. Also the engine's keys: on/off (`l`), several lines or one (`z`),
// play the best move (space), and the engine settings.
import { evalFromSearch, isTerminal, secondLine } from 'mainline-chess/annotate';
import { Analyser } from '../services/engine.js';
import { IterationLog } from '../model/iterationlog.js';
import { fenTurn } from '../model/format.js';
import { statusAt, STATUS_TEXT } from '../model/rules.js';
import { shownEval } from '../model/shown.js';

/**
 * @typedef {import('../state.js').Store} Store
 * @typedef {import('../state.js').State} State
 * @typedef {import('../state.js').Settings} Settings
 * @typedef {import('../services/engine.js').EngineHandle} EngineHandle
 * @typedef {import('../model/tree.js').MoveNode} MoveNode
 * @typedef {import('mainline-chess').Engine} Engine
 */

/** Stepping through moves starts a search only where the user stops for this long. */
const START_DELAY_MS = 60;
/** What the panel says while "Analyse game" has the engine. */
const REVIEW_NOTE = 'Analysing the whole game: the live analysis resumes when it is done (or cancelled).';

export class AnalyseController {
  /**
   * @param {{ store: Store, engine: EngineHandle,
   *           evals: { set(node: MoveNode, ev: import('mainline-chess/annotate').Eval): void, known(node: MoveNode): Promise<unknown> },
   *           play: (uci: string) => void }} deps  play: plays a move after the shown one (the game controller's);
   *   evals.known: looks for an evaluation of the position saved in any game (it is shown at once)
   */
  constructor({ store, engine, evals, play }) {
    this.store = store;
    this.engine = engine;
    this.evals = evals;
    this.playMove = play;
    /** what the search is for (restarted when this changes) */
    this.key = '';
    /** a search runs (or is about to) */
    this.running = false;
    this.analyser = new Analyser(engine, {
      onInfo: (info) => this.#onInfo(info),
      onState: (state, detail) => this.#engineState(state, detail),
    });
    store.on(['current', 'tree', 'mode', 'engineOn', 'review', 'practice', 'settings'], () => this.#refresh());
    this.#refresh();
  }

  get state() {
    return this.store.state;
  }

  /** What should be searched now: a key for the search, and the position; null: nothing. */
  #wanted() {
    const s = this.state;
    if (s.mode !== 'analyse' || s.practice || s.review.running) return null;
    const node = s.current;
    return { key: `${node.fen}|${s.tree.uciMoves(node).join(' ')}|${s.tree.chess960}|${s.settings.multipv}`, node };
  }

  /**
   * Starts, stops or leaves the search as the state asks. Turning the engine off keeps the
   * iterations on show; turning it on starts the search again from depth 1.
   */
  #refresh(force = false) {
    const s = this.state;
    const want = this.#wanted();
    if (!want) {
      if (this.running) this.analyser.stop();
      this.running = false;
      this.key = '';
      // (said once: the analysis's progress comes back here with every position)
      if (s.mode === 'analyse' && s.review.running && (s.log || s.panelNote !== REVIEW_NOTE)) {
        this.store.set({ log: null, panelNote: REVIEW_NOTE, ended: '' });
      }
      return;
    }
    const samePosition = want.key === this.key;
    if (samePosition && !force && (this.running || !s.engineOn)) {
      if (!s.engineOn && this.running) {
        this.running = false;
        this.analyser.stop();
        this.#engineState('paused');
      }
      return;
    }
    this.key = want.key;
    const node = want.node;
    this.evals.known(node).catch(() => {});
    this.store.set({ log: new IterationLog(node.fen), panelNote: '', ended: '' });
    const status = statusAt(s.tree, node);
    // a repetition or fifty moves the players went on from is no end (annotate.js's isTerminal)
    const over = isTerminal(status, !node.children.length);
    if (over || !s.engineOn) {
      if (this.running) this.analyser.stop();
      this.running = false;
      if (over) {
        this.#engineState('idle');
        const text = STATUS_TEXT[/** @type {keyof typeof STATUS_TEXT} */ (status)];
        this.store.set({ log: null, panelNote: `${text}: nothing to analyse.`, ended: text.replace(/: draw$/, '') });
      } else this.#engineState('paused');
      return;
    }
    this.running = true;
    // chess960: the lines come back with castling as the king taking its rook, as the tree has it
    this.analyser.analyse({ fen: s.tree.root.fen, moves: s.tree.uciMoves(node), chess960: s.tree.chess960 }, { multipv: s.settings.multipv, delayMs: START_DELAY_MS });
  }

  /** @param {import('mainline-chess').IterationInfo} info */
  #onInfo(info) {
    const s = this.state;
    const log = s.log;
    if (!log || log.fen !== s.current.fen) return;
    if (s.engine.state !== 'running') this.#engineState('running');
    log.add(info);
    this.store.touch('log');
    if (info.bound !== 'exact') return;
    const node = s.current;
    const turn = fenTurn(node.fen).turn;
    // a deeper exact line of the shown position is its evaluation from now on
    if (info.multipv === 1) {
      if (node.eval && node.eval.depth >= info.depth) return;
      this.evals.set(node, evalFromSearch(info, turn, s.settings.pvMethod));
    } else if (info.multipv === 2 && node.eval && node.eval.depth === info.depth && node.eval.pv?.[0] !== info.pv[0]) {
      // the same iteration's second line (the engine reports the lines in order): the report's
      // Great moves need it
      this.evals.set(node, { ...node.eval, second: secondLine(info, turn) });
    }
  }

  #engineState(/** @type {State['engine']['state']} */ state, detail = '') {
    this.store.set({ engine: { ...this.state.engine, state } });
    if (state === 'error' && detail) this.store.set({ error: `Engine: ${detail}` });
  }

  // ---- the user's commands ------------------------------------------------------------------------

  /** Engine on or off (`l`, Pause / Resume): off stops the search; on starts it again from depth 1. */
  toggle() {
    this.store.set({ engineOn: !this.state.engineOn });
  }

  /** One line or several (`z`): between 1 and the number chosen last (3 at first). */
  toggleMultiLine() {
    const st = this.state.settings;
    const multipv = st.multipv > 1 ? 1 : Math.max(2, st.multiLines);
    this.store.set({ settings: { ...st, multipv, multiLines: st.multipv > 1 ? st.multipv : st.multiLines } });
  }

  /** Plays the engine's best move in the shown position (space). */
  playBest() {
    const s = this.state;
    if (s.mode !== 'analyse') return;
    const best = shownEval(s);
    const move = best && best.lines[0] && best.lines[0].pv[0];
    if (move) this.playMove(move);
  }

  /**
   * Applies engine settings: Hash, Threads and PvMethod as the engine's options (the search
   * starts again), lines per search. Rejects with the engine's message.
   * @param {Partial<Settings>} patch
   */
  async configure(patch) {
    const before = this.state.settings;
    const next = { ...before, ...patch };
    if (next.multipv > 1) next.multiLines = next.multipv;
    const options = [];
    if (patch.hash !== undefined && patch.hash !== before.hash) options.push(['Hash', patch.hash]);
    if (patch.pvMethod !== undefined && patch.pvMethod !== before.pvMethod) options.push(['PvMethod', patch.pvMethod]);
    if (patch.threads !== undefined && patch.threads > 0 && (!this.engine.engine || patch.threads !== this.engine.engine.threads)) options.push(['Threads', patch.threads]);
    if (!options.length) {
      this.store.set({ settings: next });
      return;
    }
    await this.analyser.stop();
    try {
      for (const [name, value] of options) await this.engine.setOption(/** @type {any} */ (name), value);
      this.store.set({ settings: next });
    } finally {
      // the search starts again, with the options the engine took (a refused one changes
      // nothing, and the settings show what they were)
      this.store.touch('settings');
      queueMicrotask(() => this.#refresh(true));
    }
  }

  /** Stops the live search (the engine is wanted for something else: a whole-game analysis). */
  async halt() {
    this.key = '';
    this.running = false;
    await this.analyser.stop();
  }
}
