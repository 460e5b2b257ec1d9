// "Analyse game" and "Analyse library": the engine evaluates every position of the main line of
// one game, or of many games of the library, two lines each (the second tells a Great move: the
// only one that keeps the result), on several engines at once (mainline-chess/review: the same
// code as `mainline-analyse --jobs`; as many engines as the setting says, by default the cores
// less one), with progress, an estimate of the time left, and Cancel.
//
// Nothing is lost: each evaluation is saved as soon as it is made (in the positions store, and in
// the open game), a game's record is written as soon as its last position is evaluated, and the
// games still to do are kept in the database, so that a reload, a closed tab or a crashed engine
// loses at most the positions being searched: the review goes on after a reload by itself, and
// running it again skips what is already deep enough. The open game's report (gamereport.js) is
// kept up to date with its evaluations as they come, whoever made them: this review, the live
// analysis, an imported PGN.
import { isTerminal, terminalEval } from 'mainline-chess/annotate';
import { reviewGames } from 'mainline-chess/review';
import { statusAt } from '../model/rules.js';
import { fenTurn } from '../model/format.js';
import { reportOf } from '../model/gamereport.js';
import { evalForGame, recordFromTree, reviewOf, treeFromRecord } from '../model/record.js';
import { withSecond } from './saving.js';

/**
 * @typedef {import('../state.js').Store} Store
 * @typedef {import('../state.js').ReviewState} ReviewState
 * @typedef {import('../services/storage.js').Storage} Storage
 * @typedef {import('../services/storage.js').ReviewJob} ReviewJob
 * @typedef {import('../model/tree.js').MoveNode} MoveNode
 * @typedef {import('../model/tree.js').GameTree} GameTree
 * @typedef {import('../model/record.js').GameRecord} GameRecord
 * @typedef {import('mainline-chess/annotate').Eval} Eval
 * @typedef {import('mainline-chess').Engine} Engine
 * @typedef {{ depth?: number, movetime?: number }} ReviewLimits
 *
 * @typedef {object} Target  one game of a review
 * @property {string|null} id       its library id (null: the open game, not saved)
 * @property {string} name
 * @property {GameTree|null} tree   the tree whose main line is evaluated (the open game's, or one
 *                                  read from its record)
 * @property {MoveNode[]} line
 * @property {boolean} finished
 */

export class ReviewController {
  /**
   * @param {{ store: Store,
   *           engines: { get(count: number): Promise<Engine[]>, stop(): Promise<void>, close(): void },
   *           workers: () => number,
   *           pvMethod: () => string,
   *           halt: () => Promise<void>,
   *           storage: () => Storage|null,
   *           evals: { set(node: MoveNode, ev: Eval): void, known(node: MoveNode): Promise<Eval|undefined>, flush(): Promise<void>,
   *                    savePosition(fen: string, ev: Eval): void, saveRecord(record: GameRecord): void },
   *           onGameDone?: (id: string) => void }} deps
   *   engines: the review's engines (ReviewEngines); workers: how many; halt: stops the live
   *   analysis (the cores are the review's while it runs); storage: the database once open;
   *   evals: the saving controller's; onGameDone: a library game's record was written
   */
  constructor({ store, engines, workers, pvMethod, halt, storage, evals, onGameDone = () => {} }) {
    this.store = store;
    this.engines = engines;
    this.workers = workers;
    this.pvMethod = pvMethod;
    this.halt = halt;
    this.storage = storage;
    this.evals = evals;
    this.onGameDone = onGameDone;
    /** @type {AbortController|null} */
    this.abort = null;
    /** @type {Target[]} the games of the review under way */
    this.targets = [];
    store.on(['tree', 'evals'], (s) => this.store.set({ report: reportOf(s.tree) }));
    // a game against the engine ends a running review; another game ends "Analyse game"
    store.on(['mode', 'tree'], (s, changed) => {
      if (!s.review.running) return;
      if (s.mode !== 'analyse' || (changed.has('tree') && s.review.scope === 'game' && s.tree !== this.targets[0]?.tree)) this.cancel();
    });
    store.on(['tree'], (s) => {
      if (s.tree !== this.lastTree && !s.review.running && s.review.text && s.review.scope === 'game') this.#set({ text: '', done: 0, total: 0, outcome: '' });
    });
    /** @type {GameTree|null} the tree analysed last by "Analyse game" (its outcome is on show) */
    this.lastTree = null;
  }

  /** @param {Partial<ReviewState>} patch */
  #set(patch) {
    this.store.set({ review: { ...this.store.state.review, ...patch } });
  }

  /** "Analyse game": every main-line position of the open game. @param {ReviewLimits} limits */
  async run(limits) {
    const s = this.store.state;
    if (s.review.running || s.mode !== 'analyse') return;
    if (!s.tree.mainline().length) {
      this.store.set({ error: 'Analyse game: there are no moves to analyse. Play or load a game first.' });
      return;
    }
    await this.#review('game', [s.game.id ?? null], limits);
  }

  /**
   * "Analyse library": the games given (a selection), or every game not yet analysed to the end.
   * @param {string[]|null} ids @param {ReviewLimits} limits
   */
  async runLibrary(ids, limits) {
    const s = this.store.state;
    if (s.review.running || s.mode !== 'analyse') return;
    const storage = this.storage();
    if (!storage) {
      this.store.set({ error: `Analyse library: ${s.save.problem || 'saving is not available in this browser window, so there is no library'}.` });
      return;
    }
    let list = ids;
    if (!list) {
      try {
        list = (await storage.listGames()).filter((g) => !g.reviewed && g.moveCount > 0).map((g) => g.id);
      } catch (e) {
        this.store.set({ error: `Analyse library: ${/** @type {Error} */ (e).message}` });
        return;
      }
    }
    if (!list.length) {
      this.#set({ scope: 'library', text: ids ? 'No games selected.' : 'Every game of the library is analysed already.', outcome: '', done: 0, total: 0, games: 0, gamesDone: 0 });
      return;
    }
    await this.#review('library', list, limits);
  }

  /**
   * Goes on with the review a reload interrupted, if there was one (the database is open).
   * @returns {Promise<boolean>} whether one was resumed
   */
  async resume() {
    const storage = this.storage();
    if (!storage || this.store.state.review.running) return false;
    /** @type {ReviewJob|undefined} */
    let job;
    try {
      job = await storage.getReviewJob();
    } catch {
      return false;
    }
    if (!job || this.store.state.mode !== 'analyse') return false;
    const ids = job.scope === 'game' && job.ids[0] !== this.store.state.game.id ? [] : job.ids;
    if (!ids.length) {
      // "Analyse game" of a game no longer open: its evaluations are kept; nothing to go on with
      await storage.setReviewJob(null).catch(() => {});
      return false;
    }
    this.#set({ text: '' });
    void this.#review(job.scope, ids, job.limits, true);
    return true;
  }

  /** Stops a running review (what is done is kept). */
  cancel() {
    if (!this.store.state.review.running || !this.abort) return;
    this.abort.abort();
  }

  /**
   * @param {'game'|'library'} scope @param {(string|null)[]} ids  null: the open game, not saved
   * @param {ReviewLimits} limits @param {boolean} [resumed]
   */
  async #review(scope, ids, limits, resumed = false) {
    const s = this.store.state;
    if (s.error) this.store.set({ error: '' });
    const abort = (this.abort = new AbortController());
    /** @type {Target[]} */
    // the open game's tree is known now: a change of game from here on ends "Analyse game"
    const targets = (this.targets = ids.map((id) => ({ id, name: '', tree: id === null || id === s.game.id ? s.tree : null, line: [], finished: false })));
    const count = Math.max(1, Math.min(this.workers(), 64));
    this.#set({ running: true, scope, done: 0, total: 0, searched: 0, games: ids.length, gamesDone: 0, etaMs: null, perSecond: 0, workers: count, limits, text: '', outcome: '', resumed });
    const storage = this.storage();
    const saved = ids.filter((id) => id !== null);
    await this.#saveJob(storage, saved.length ? { ids: /** @type {string[]} */ (saved), limits, scope, started: Date.now() } : null);
    await this.halt();
    /** @type {string[]} */
    const failures = [];
    let outcome = null;
    /** @type {Error|null} */
    let failure = null;
    try {
      const engines = await this.engines.get(count);
      if (abort.signal.aborted) throw Object.assign(new Error('cancelled'), { cancelled: true });
      outcome = await reviewGames({
        engines,
        count: targets.length,
        limits,
        multipv: 2,
        pvMethod: this.pvMethod(),
        signal: abort.signal,
        prepare: (g) => this.#prepare(targets[g], limits),
        onEval: (g, k, ev) => this.#onEval(targets[g], k, ev),
        finish: async (g) => {
          targets[g].finished = true;
          await this.#writeBack(targets[g], limits, true);
          if (storage && scope === 'library') await this.#saveJob(storage, { ids: /** @type {string[]} */ (targets.filter((t) => !t.finished && t.id).map((t) => t.id)), limits, scope, started: Date.now() });
        },
        onError: (g, e) => failures.push(`${targets[g].name || 'a game'}: ${e.message}`),
        onProgress: (p) => this.#set({ done: p.done, total: p.total, searched: p.searched, gamesDone: p.gamesDone, etaMs: p.etaMs, perSecond: p.perSecond }),
      });
    } catch (e) {
      if (!(/** @type {any} */ (e).cancelled)) failure = /** @type {Error} */ (e);
    }
    const cancelled = abort.signal.aborted || !!failure;
    // what a cancelled review evaluated is written back too (its report so far, not complete)
    for (const t of targets) if (t.tree && !t.finished) await this.#writeBack(t, limits, false).catch(() => {});
    this.engines.close();
    // kept for a reload only when the review failed: a finished one is done, a cancelled one the user's choice
    if (!failure || abort.signal.aborted) await this.#saveJob(storage, null);
    // shown as saved only once it is written
    const written = await this.evals.flush().then(() => true, () => false);
    const st = this.store.state.review;
    const finished = targets.filter((t) => t.finished).length;
    const positions = `${st.done} position${st.done === 1 ? '' : 's'}`;
    const failed = failures.length ? ` ${failures.length === 1 ? 'One game' : `${failures.length} games`} could not be analysed: ${failures.slice(0, 3).join('; ')}${failures.length > 3 ? '; …' : ''}.` : '';
    const rate = outcome && outcome.searched ? ` (${count} engine${count === 1 ? '' : 's'}, ${outcome.perSecond.toFixed(1)} positions a second)` : '';
    let text;
    const open = targets[0];
    if (scope === 'game') {
      const now = open.tree ? [open.tree.root, ...open.tree.mainline()] : [];
      const complete = open.finished && now.length === open.line.length && now.every((n, i) => n === open.line[i]);
      text = complete
        ? `Analysed all ${open.line.length} positions${written ? ' and saved them' : ''}${rate}.`
        : open.finished
        ? 'The main line changed during the analysis: Analyse game again to complete it (what was analysed is kept).'
        : failure || failures.length
        ? `Stopped after ${positions}: ${failure ? failure.message : failures[0]}. What was analysed is kept; Analyse game continues from there.`
        : `Cancelled after ${positions}. What was analysed is kept; Analyse game continues from there.`;
      this.lastTree = open.tree;
      this.#set({ running: false, text, outcome: complete ? 'done' : 'stopped' });
    } else {
      text = !cancelled && finished === targets.length
        ? `Analysed ${finished} game${finished === 1 ? '' : 's'}, ${positions}${written ? ', and saved them' : ''}${rate}.${failed}`
        : failure
        ? `Stopped after ${finished} of ${targets.length} games: ${failure.message}. What was analysed is kept; Analyse library continues from there.${failed}`
        : cancelled
        ? `Cancelled after ${finished} of ${targets.length} games (${positions}). What was analysed is kept; Analyse library continues from there.${failed}`
        : `Analysed ${finished} of ${targets.length} games.${failed}`;
      this.#set({ running: false, text, outcome: !cancelled && !failures.length ? 'done' : 'stopped' });
    }
    this.targets = [];
    this.abort = null;
    if (failure) this.store.set({ error: `${scope === 'game' ? 'Analyse game' : 'Analyse library'}: ${failure.message}` });
  }

  /** @param {Storage|null} storage @param {ReviewJob|null} job */
  async #saveJob(storage, job) {
    if (!storage) return;
    await storage.setReviewJob(job).catch(() => {});
  }

  /**
   * A game's positions: the open game's main line (when it is the one), else its record's; a
   * position whose evaluation is known deep enough (this game's, or the positions store's), with
   * its second line, is not searched again, nor the end of the game.
   * @param {Target} t @param {ReviewLimits} limits
   * @returns {Promise<import('mainline-chess/review').ReviewPosition[]>}
   */
  async #prepare(t, limits) {
    const s = this.store.state;
    const open = t.id === null || t.id === s.game.id;
    if (open) {
      t.tree = s.tree;
      t.name = s.game.name;
    } else {
      const storage = this.storage();
      const record = storage ? await storage.getGame(/** @type {string} */ (t.id)) : undefined;
      if (!record) throw new Error('it is no longer in the library');
      t.tree = treeFromRecord(record);
      t.name = record.name;
    }
    const tree = t.tree;
    t.line = [tree.root, ...tree.mainline()];
    this.#set({ current: t.name });
    const storage = this.storage();
    /** @type {import('mainline-chess/review').ReviewPosition[]} */
    const positions = [];
    for (const [i, node] of t.line.entries()) {
      const p = { position: { fen: tree.root.fen, moves: tree.uciMoves(node), chess960: tree.chess960 }, turn: fenTurn(node.fen).turn };
      const status = statusAt(tree, node);
      if (isTerminal(status, i === t.line.length - 1)) {
        const ev = terminalEval(status);
        if (!node.eval || node.eval.depth !== 0 || JSON.stringify(node.eval.score) !== JSON.stringify(ev.score)) this.#put(t, node, ev);
        positions.push({ ...p, eval: ev });
        continue;
      }
      let known = node.eval;
      if (open) known = await this.evals.known(node);
      else if (storage) {
        const stored = await storage.getPosition(node.fen).catch(() => undefined);
        if (stored && (!known || stored.depth > known.depth)) node.eval = known = evalForGame(withSecond(stored, known), node.fen, tree.chess960);
      }
      // an evaluation as deep as asked for, with its second line, is reused (a run before a
      // reload, another game, the live analysis)
      if (known && limits.depth && known.depth >= limits.depth && known.second !== undefined) positions.push({ ...p, eval: known });
      else positions.push(p);
    }
    return positions;
  }

  /** An evaluation made: kept (the deeper one, if one is known already) and saved. @param {Target} t @param {number} k @param {Eval} ev */
  #onEval(t, k, ev) {
    const node = t.line[k];
    const known = node.eval;
    if (known && known.depth > ev.depth) ev = { ...known, second: known.second ?? ev.second }; // keep the deeper one
    this.#put(t, node, ev);
  }

  /**
   * Sets a node's evaluation: in the open game through the saving controller (which saves the
   * game and the position, and its report fills in); in another game's tree, and the positions
   * store (its record is written when the game is done).
   * @param {Target} t @param {MoveNode} node @param {Eval} ev
   */
  #put(t, node, ev) {
    const s = this.store.state;
    if (t.tree === s.tree) {
      this.evals.set(node, ev);
      return;
    }
    node.eval = withSecond(ev, node.eval);
    if (ev.depth > 0) this.evals.savePosition(node.fen, node.eval);
    // the same game opened meanwhile: its report fills in too
    const twin = t.id && t.id === s.game.id ? sameNode(s.tree, t.line, node) : null;
    if (twin) this.evals.set(twin, node.eval);
  }

  /**
   * A game's evaluations into its record: the open game's review is set (the saving controller
   * writes it); another game's record is read again (it may have changed) and written with them.
   * @param {Target} t @param {ReviewLimits} limits @param {boolean} complete every position evaluated
   */
  async #writeBack(t, limits, complete) {
    if (!t.tree) return;
    const s = this.store.state;
    if (t.tree === s.tree || (t.id && t.id === s.game.id)) {
      // the open game: its evaluations are in it (#put); complete only if its main line is still
      // the one analysed (moves may be played, promoted or deleted meanwhile)
      const tree = s.tree;
      const now = [tree.root, ...tree.mainline()];
      const whole = complete && now.length === t.line.length && now.every((n, i) => n.fen === t.line[i].fen && !!n.eval);
      // a cancelled second review leaves the first one's standing
      this.store.set({ game: { ...s.game, review: !whole && s.game.review?.complete ? s.game.review : reviewOf(tree, limits, whole) } });
      return;
    }
    const storage = this.storage();
    if (!storage || !t.id) return;
    const record = await storage.getGame(t.id);
    if (!record) return; // deleted meanwhile: not brought back
    const tree = treeFromRecord(record);
    const line = [tree.root, ...tree.mainline()];
    let all = line.length === t.line.length;
    for (const [i, node] of line.entries()) {
      const ev = t.line[i]?.fen === node.fen ? t.line[i].eval : undefined;
      if (ev && (!node.eval || ev.depth >= node.eval.depth)) node.eval = withSecond(ev, node.eval);
      if (!node.eval) all = false;
    }
    const keep = !complete && record.review?.complete ? record.review : reviewOf(tree, limits, complete && all);
    this.evals.saveRecord(recordFromTree(tree, { id: record.id, name: record.name, created: record.created, headers: record.headers, current: record.current, review: keep, practice: record.practice, source: record.source }));
    this.onGameDone(record.id);
  }
}

/**
 * The node of `tree` at the place of `node` in `line` (the same main-line index and position), or null.
 * @param {GameTree} tree @param {MoveNode[]} line @param {MoveNode} node
 */
function sameNode(tree, line, node) {
  const i = line.indexOf(node);
  const there = i === 0 ? tree.root : tree.mainline()[i - 1];
  return there && there.fen === node.fen ? there : null;
}
