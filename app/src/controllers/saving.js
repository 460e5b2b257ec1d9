// Saving, as the user works: the open game (moves, notes, evaluations, the report, practice
// results) as soon as it changes, every evaluation in the positions store (shared by all games:
// a position analysed once is known everywhere), and which game and move are open, so a reload,
// a closed tab or a restart reopens it. Writes are queued, retried, and never dropped: one that
// keeps failing is shown (the save state, the error line) and written with the next change or
// the Retry button. Nothing is written while the store is still opening; it is written then.
import { positionKey, requestPersistence, WriteQueue } from '../services/storage.js';
import { defaultName, evalForGame, newGameId, recordFromTree } from '../model/record.js';
import { START_FEN } from '../model/tree.js';

/**
 * @typedef {import('../state.js').Store} Store
 * @typedef {import('../state.js').State} State
 * @typedef {import('../services/storage.js').Storage} Storage
 * @typedef {import('../model/tree.js').MoveNode} MoveNode
 * @typedef {import('mainline-chess/annotate').Eval} Eval
 */

export class SavingController {
  /**
   * @param {{ store: Store, open: () => Promise<Storage> }} deps  open: the database (storage.js's openStorage)
   */
  constructor({ store, open }) {
    this.store = store;
    this.open = open;
    /** @type {Storage|null} */
    this.storage = null;
    this.persistAsked = false;
    const onState = () => this.#showState();
    this.games = new WriteQueue((_id, record) => /** @type {Storage} */ (this.storage).putGame(record), onState);
    this.positions = new WriteQueue((_key, p) => /** @type {Storage} */ (this.storage).putPosition(p.fen, p.eval), onState);
    this.session = new WriteQueue((_key, session) => /** @type {Storage} */ (this.storage).setSession(session), onState);

    /** the tree last seen: another one with a library id is a saved game just opened */
    this.tree = store.state.tree;
    /** the identity #saveGame gave a new game (telling the store of it is no change to save) */
    this.assigned = /** @type {import('../state.js').GameMeta|null} */ (null);
    store.on(['tree', 'headers', 'game', 'evals'], (s, changed) => {
      const opened = s.tree !== this.tree && !!s.game.id;
      this.tree = s.tree;
      const mine = ['tree', 'headers', 'game', 'evals'].filter((k) => changed.has(k));
      if (mine.length === 1 && mine[0] === 'game' && s.game === this.assigned) return;
      // a game opened from the library is as it was saved (opening it is not a change, and
      // does not move it up the library's list); anything else is saved at once
      if (opened) this.#saveSession();
      else this.#saveGame();
    });
    store.on(['current'], () => this.#saveSession());
  }

  /**
   * Opens the database and reopens the game and move that were open last time (unless the user
   * has started something else meanwhile). `reopen` gets the stored game's record and node.
   * @param {(record: import('../model/record.js').GameRecord, nodeId: number) => void} reopen
   */
  async start(reopen) {
    try {
      this.storage = await this.open();
    } catch (e) {
      this.#setSave({ state: 'off', text: 'Not saved', title: /** @type {Error} */ (e).message, problem: /** @type {Error} */ (e).message });
      return;
    }
    this.#showState();
    const s = this.store.state;
    // what changed while the database was opening
    if (s.game.id || !isEmpty(s)) this.#saveGame();
    for (const node of s.tree.nodes.values()) if (node.eval) this.#savePosition(node.fen, node.eval);
    try {
      const session = await this.storage.getSession();
      if (session && session.gameId && !this.store.state.game.id && isEmpty(this.store.state)) {
        const record = await this.storage.getGame(session.gameId);
        if (record) reopen(record, session.nodeId);
      } else await this.known(this.store.state.current);
    } catch (e) {
      this.store.set({ error: `Could not reopen the last game: ${/** @type {Error} */ (e).message}` });
    }
  }

  /** A saved game's record. */
  async load(/** @type {string} */ id) {
    if (!this.storage) throw new Error(this.store.state.save.problem || 'saving is not available');
    const record = await this.storage.getGame(id);
    if (!record) throw new Error('that game is no longer in the library');
    return record;
  }

  // ---- evaluations ------------------------------------------------------------------------------

  /**
   * Sets the engine's evaluation of a node's position and saves it (with the game, and in the
   * positions store for every game).
   * @param {MoveNode} node @param {Eval} ev
   */
  setEval(node, ev) {
    node.eval = withSecond(ev, node.eval);
    this.#savePosition(node.fen, node.eval);
    this.store.touch('evals');
  }

  /**
   * The deepest evaluation known for a node's position: its own, or one saved for the same
   * position elsewhere (which is then copied to the node).
   * @param {MoveNode} node @returns {Promise<Eval|undefined>}
   */
  async known(node) {
    let stored;
    try {
      stored = this.storage ? await this.storage.getPosition(node.fen) : undefined;
    } catch {
      stored = undefined;
    }
    if (stored && (!node.eval || stored.depth > node.eval.depth)) {
      // a line saved for another game: its SAN is the same here (same position); its UCI is written as this game writes castling
      node.eval = evalForGame(withSecond(stored, node.eval), node.fen, this.store.state.tree.chess960);
      this.store.touch('evals');
    }
    return node.eval;
  }

  /**
   * Saves an evaluation of a position in the positions store only (a game that is not open:
   * "Analyse library" writes its record when it is done). @param {string} fen @param {Eval} ev
   */
  savePosition(fen, ev) {
    this.#savePosition(fen, ev);
  }

  /**
   * Writes the record of a game that is not open (queued and retried as the open game's are).
   * @param {import('../model/record.js').GameRecord} record
   */
  saveRecord(record) {
    if (record.id === this.store.state.game.id) return; // the open game is saved from the store
    this.games.save(record.id, record);
  }

  // ---- writing ----------------------------------------------------------------------------------

  /** Resolves when every write asked for so far is on disk (rejects if one failed). */
  async flush() {
    await Promise.all([this.games.flush(), this.positions.flush(), this.session.flush()]);
  }

  /**
   * Forgets a game about to be deleted: nothing still waiting to be written (or kept after a
   * failure) may bring it back.
   */
  forget(/** @type {string} */ id) {
    this.games.forget(id);
  }

  /** Writes again what failed (the Retry button). */
  retry() {
    for (const q of [this.games, this.positions, this.session]) q.retry();
  }

  #saveGame() {
    if (!this.storage) return;
    const s = this.store.state;
    let meta = s.game;
    const fresh = !meta.id;
    if (fresh) {
      if (isEmpty(s)) return;
      meta = { ...meta, id: newGameId(), created: Date.now(), name: meta.name || defaultName(s.headers) };
      // the game now has an identity (the name field shows the name it got)
      this.assigned = meta;
      this.store.set({ game: meta });
    }
    const record = recordFromTree(s.tree, { id: /** @type {string} */ (meta.id), name: meta.name, created: meta.created, headers: s.headers, current: s.current.id, review: meta.review, practice: meta.practice, source: meta.source });
    this.games.save(/** @type {string} */ (meta.id), record);
    // the session names the game: written when it gets its identity (and as the shown move
    // changes, or another game is opened); a session write that failed goes again with the game
    if (fresh) this.#saveSession();
    else this.session.retry();
    if (!this.persistAsked) {
      // ask once, after the first real save, for storage the browser does not clear by itself
      this.persistAsked = true;
      this.games.flush().then(() => requestPersistence()).catch(() => {});
    }
  }

  #savePosition(/** @type {string} */ fen, /** @type {Eval} */ ev) {
    if (this.storage && ev.depth > 0) this.positions.save(positionKey(fen), { fen, eval: ev });
  }

  #saveSession() {
    const s = this.store.state;
    if (this.storage) this.session.save('session', { gameId: s.game.id, nodeId: s.current.id });
  }

  #setSave(/** @type {Partial<State['save']>} */ patch) {
    this.store.set({ save: { ...this.store.state.save, ...patch } });
  }

  #showState() {
    if (!this.storage) return;
    const queues = [this.games, this.positions, this.session];
    const failed = queues.find((q) => q.state === 'error' && q.error);
    const named = !!this.store.state.game.id;
    if (failed && failed.error) {
      const e = failed.error;
      this.#setSave({ state: 'error', text: e.kind === 'full' ? 'Not saved: storage full' : 'Not saved', title: e.message });
      if (this.store.state.error !== e.message) this.store.set({ error: e.message });
    } else if (queues.some((q) => q.state === 'saving')) {
      this.#setSave({ state: 'saving', text: 'Saving…', title: '' });
    } else {
      this.#setSave({
        state: 'saved',
        text: named ? 'Saved' : 'Saved (evaluations)',
        title: named ? 'Everything in this game is stored in this browser.' : 'The engine’s evaluations are stored; the game is saved once it has a move, a note or a name.',
      });
    }
  }
}

/**
 * A new evaluation keeps the second line of the one it replaces when it has none of its own (a
 * search for one line) and that line is still not its best move: the report's Great moves need
 * a second line, and losing it to a deeper one-line search would take them away.
 * @param {Eval} ev @param {Eval|undefined} old @returns {Eval}
 */
export function withSecond(ev, old) {
  if (ev.second !== undefined || !old || !old.second || old.second.pv[0] === ev.pv?.[0]) return ev;
  return { ...ev, second: old.second };
}

/** Nothing worth a library entry: the standard start position, no moves, no note, no name (a Chess960 game is kept). */
function isEmpty(/** @type {State} */ s) {
  const r = s.tree.root;
  return !r.children.length && r.fen === START_FEN && !s.tree.chess960 && !r.note && !s.game.named;
}
