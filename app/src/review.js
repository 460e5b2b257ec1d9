// "Analyse game": the engine evaluates every position of the main line (to a depth, or for a time
// per move, as the user chooses), with a progress bar and Cancel. Each evaluation is saved with
// the game as soon as it is made (a reload, a closed tab or a crashed engine loses at most the
// position being searched; running it again skips what is already deep enough). Then the
// evaluation graph, the judged moves (?!, ?, ??: record.js, annotate.js) and the engine's line
// at each are shown.
import { evalFromSearch, isTerminal, terminalEval } from 'mainline-chess/annotate';
import { gameStatus } from './tree.js';
import { fenTurn } from './format.js';
import { judgement } from './record.js';

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * @typedef {{ depth?: number, movetime?: number }} ReviewLimits
 */

export class GameReview {
  /** @param {any} app the App of main.js */
  constructor(app) {
    this.app = app;
    this.running = false;
    this.cancelled = false;
    $('review-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.run(this.limits());
    });
    $('review-cancel').addEventListener('click', () => this.cancel());
  }

  /** The limits chosen in the form ("depth:12", "movetime:1000"). @returns {ReviewLimits} */
  limits() {
    const [kind, value] = /** @type {HTMLSelectElement} */ ($('review-limit')).value.split(':');
    return kind === 'movetime' ? { movetime: Number(value) } : { depth: Number(value) };
  }

  /**
   * Analyses every main-line position. Resolves when done, cancelled or failed.
   * @param {ReviewLimits} limits
   */
  async run(limits) {
    const app = this.app;
    if (this.running || app.mode !== 'analyse') return;
    const tree = app.tree;
    const line = [tree.root, ...tree.mainline()];
    if (line.length < 2) {
      app.showError('Analyse game: there are no moves to analyse. Play or load a game first.');
      return;
    }
    app.clearError();
    this.running = true;
    this.cancelled = false;
    document.body.dataset.review = 'running';
    this.#ui(true);
    this.#progress(0, line.length, limits);
    await app.analyser.halt();
    app.panel.message('Analysing the whole game: the engine goes through every position of the main line.');
    let done = 0;
    let failure = null;
    try {
      const engine = await app.engine.get();
      const method = String(app.engine.options.PvMethod || 'pvhash');
      for (let i = 0; i < line.length; i++) {
        if (this.cancelled || app.tree !== tree) break;
        const node = line[i];
        const status = gameStatus(tree.chessAt(node));
        let ev;
        if (isTerminal(status, !node.children.length)) ev = terminalEval(status);
        else {
          // evaluations as deep as asked for are reused (a second run, another game, live analysis)
          const known = await app.knownEval(node);
          if (known && limits.depth && known.depth >= limits.depth) ev = known;
          else {
            const result = await this.#search(engine, { fen: tree.root.fen, moves: tree.uciMoves(node) }, limits);
            if (!result || this.cancelled || app.tree !== tree) break;
            ev = evalFromSearch(result, fenTurn(node.fen).turn, method);
            if (known && known.depth > ev.depth) ev = known; // keep the deeper one
          }
        }
        app.setEval(node, ev);
        done++;
        this.#progress(done, line.length, limits);
      }
    } catch (e) {
      failure = /** @type {Error} */ (e);
    }
    const complete = done === line.length;
    if (app.tree === tree) app.setReview({ limits, date: Date.now(), complete });
    // shown as saved only once it is written
    const saved = await app.flushSaves().then(
      () => true,
      () => false,
    );
    this.running = false;
    document.body.dataset.review = complete ? 'done' : 'stopped';
    this.#ui(false);
    const counts = this.summary();
    const text = complete
      ? `Analysed all ${line.length} positions${saved ? ' and saved them' : ''}.`
      : failure
        ? `Stopped after ${done} of ${line.length} positions: ${failure.message}. What was analysed is kept; Analyse game continues from there.`
        : `Cancelled after ${done} of ${line.length} positions. What was analysed is kept; Analyse game continues from there.`;
    $('review-progress-text').textContent = text;
    if (failure) app.showError(`Analyse game: ${failure.message}`);
    $('review-summary').textContent = counts;
    app.refreshAnnotations();
    app.goTo(app.current, { animate: false }); // the live analysis resumes
  }

  /** Stops a running analysis (what is done is kept). */
  cancel() {
    if (!this.running) return;
    this.cancelled = true;
    this.app.engine.engine?.stop().catch(() => null);
  }

  /**
   * One search. A search stopped by someone else, or by a crashed engine (which restarts by
   * itself), is run again (three times at most).
   * @returns {Promise<any|null>} null when cancelled
   */
  async #search(engine, position, limits) {
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await engine.bestMove(position, { ...limits, multipv: 1 });
        if (this.cancelled) return null;
        if (!result.stopped || attempt >= 3) return result;
      } catch (e) {
        if (this.cancelled) return null;
        if (/** @type {any} */ (e).code !== 'CRASHED' || attempt >= 3) throw e;
      }
    }
  }

  #progress(done, total, limits) {
    const bar = /** @type {HTMLProgressElement} */ ($('review-progress'));
    bar.max = total;
    bar.value = done;
    bar.setAttribute('aria-valuetext', `${done} of ${total} positions`);
    $('review-progress-text').textContent = `${done} / ${total} positions · ${limits.depth ? `depth ${limits.depth}` : `${limits.movetime / 1000} s`} per position`;
  }

  #ui(running) {
    $('review-progress-box').hidden = false;
    $('review-cancel').hidden = !running;
    /** @type {HTMLButtonElement} */ ($('review-start')).disabled = running;
    /** @type {HTMLSelectElement} */ ($('review-limit')).disabled = running;
  }

  /** "White: 1 inaccuracy, 2 mistakes, 0 blunders · Black: …" for the main line, or ''. */
  summary() {
    const tree = this.app.tree;
    const count = { w: { inaccuracy: 0, mistake: 0, blunder: 0 }, b: { inaccuracy: 0, mistake: 0, blunder: 0 } };
    let judged = 0;
    for (const n of tree.mainline()) {
      if (!n.eval || !n.parent?.eval) continue;
      judged++;
      const j = judgement(n);
      if (j) count[/** @type {'w'|'b'} */ (n.color)][/** @type {'inaccuracy'|'mistake'|'blunder'} */ (j.name)]++;
    }
    if (!judged) return '';
    const side = (c) => `${c.inaccuracy} ${c.inaccuracy === 1 ? 'inaccuracy' : 'inaccuracies'}, ${c.mistake} ${c.mistake === 1 ? 'mistake' : 'mistakes'}, ${c.blunder} ${c.blunder === 1 ? 'blunder' : 'blunders'}`;
    return `White: ${side(count.w)} · Black: ${side(count.b)}`;
  }

  /** Resets the panel for another game. */
  reset() {
    if (this.running) this.cancel();
    $('review-progress-box').hidden = true;
    $('review-progress-text').textContent = '';
    $('review-summary').textContent = this.summary();
    delete document.body.dataset.review;
  }
}
