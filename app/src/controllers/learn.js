// Practice that learns: the user's errors from every analysed game of the library, as the cards
// of a spaced-repetition schedule (model/schedule.js), kept in IndexedDB (storage.js's `cards`).
// `refresh()` reads the library, finds each error's motif in the words that explain it (the
// WordsController, from the engine's facts, verified; 'other' when they name none), keeps the
// schedule of the cards it had and adds the new ones; `start(motif)` hands the due cards to the
// practice controller, which opens each card's game and asks it; every answer moves its card.
// `now` is injected: a test clock decides every date.
import { answer, dueCards, gameErrors, motifOf, newCard, parseNames, progress } from '../model/schedule.js';
import { treeFromRecord } from '../model/record.js';

/**
 * @typedef {import('../state.js').Store} Store
 * @typedef {import('../services/storage.js').Storage} Storage
 * @typedef {import('../model/schedule.js').Card} Card
 * @typedef {import('../model/tree.js').MoveNode} MoveNode
 * @typedef {import('../model/record.js').GameRecord} GameRecord
 */

export class LearnController {
  /**
   * @param {{ store: Store, storage: () => Storage|null,
   *           words: { explain: (node: MoveNode, cls: string) => Promise<{ sentences: { claims: import('mainline-chess/explain').Claim[] }[] }> },
   *           practice: import('./practice.js').PracticeController,
   *           openAt: (record: GameRecord, nodeId: number) => void,
   *           flush?: () => Promise<void>, now?: () => number }} deps
   *   storage: the database once open; words: the reasons in words of a move; openAt: shows a
   *   saved game at a move (main.js's openRecord); flush: resolves when every change of the open
   *   game is written (so that a card's game is read with the last card's result in it); now: the clock (ms)
   */
  constructor({ store, storage, words, practice, openAt, flush = async () => {}, now = () => Date.now() }) {
    this.flush = flush;
    this.store = store;
    this.storage = storage;
    this.words = words;
    this.practice = practice;
    this.openAt = openAt;
    this.now = now;
    /** @type {Card[]} the cards of the library as the last refresh found them */
    this.cards = [];
    this.token = 0;
  }

  /** Sets the learn state (what the practice view draws). @param {Partial<import('../state.js').Learn>} patch */
  #set(patch) {
    this.store.set({ learn: { ...this.store.state.learn, ...patch } });
  }

  /** The user's names (the view's field), kept with the settings. @param {string} text */
  setNames(text) {
    this.store.set({ settings: { ...this.store.state.settings, learnNames: text } });
    return this.refresh();
  }

  /**
   * Reads the library and the schedule: the cards of every analysed game's errors by the user,
   * with their schedule (new cards are written to it), and the progress per motif.
   * @returns {Promise<Card[]>}
   */
  async refresh() {
    const token = ++this.token;
    const storage = this.storage();
    if (!storage) {
      this.#set({ status: 'error', message: this.store.state.save.problem || 'Saving is not available in this browser window, so there is no library to practise from.', rows: [], due: 0, total: 0 });
      return [];
    }
    this.#set({ status: 'loading', message: 'Gathering your mistakes from the library…' });
    try {
      const names = parseNames(this.store.state.settings.learnNames ?? 'You');
      const stored = new Map((await storage.allCards()).map((c) => [c.key, c]));
      const games = (await storage.listGames()).filter((g) => g.reviewed);
      const now = this.now();
      /** @type {Card[]} */
      const cards = [];
      /** @type {Card[]} */
      const changed = [];
      for (const g of games) {
        const record = await storage.getGame(g.id);
        if (!record) continue;
        const tree = treeFromRecord(record);
        for (const e of gameErrors(record, tree, names)) {
          const old = stored.get(e.key);
          const label = `${moveLabel(e.node)}`;
          const fields = { key: e.key, gameId: record.id, gameName: record.name, nodeId: e.node.id, color: e.color, label, cls: e.cls };
          /** @type {Card} */
          let card = old ? { ...old, ...fields } : newCard({ ...fields, motif: 'other', sig: '' }, now, record.practice?.[e.node.id]);
          if (card.sig !== e.sig) {
            // the motif the explanation names, found again when the evaluations changed; an
            // error among the opening tree's moves that names no tactic is the player's repertoire
            let motif = 'other', sig = e.sig;
            try {
              motif = motifOf((await this.words.explain(e.node, e.cls)).sentences);
            } catch {
              sig = ''; // no words now (an engine error): tried again next time
            }
            if (e.repertoire && motif === 'other') motif = 'repertoire';
            card = { ...card, motif, sig };
          }
          if (!old || JSON.stringify(old) !== JSON.stringify(card)) changed.push(card);
          cards.push(card);
        }
      }
      await storage.putCards(changed);
      if (token !== this.token) return cards;
      this.cards = cards;
      this.#show();
      return cards;
    } catch (e) {
      if (token === this.token) this.#set({ status: 'error', message: `The practice schedule could not be read: ${/** @type {Error} */ (e).message}` });
      return [];
    }
  }

  /** The progress per motif, as of now. */
  #show() {
    const now = this.now();
    const rows = progress(this.cards, now);
    const due = rows.reduce((a, r) => a + r.due, 0);
    const message = this.cards.length
      ? ''
      : 'No mistakes to practise yet: analyse games in which you played (Analyse game, or import PGN files with evaluations), and give your name as your games spell it.';
    this.#set({ status: 'ready', message, rows, due, total: this.cards.length });
  }

  /**
   * Practises the due cards (of one motif, or all): the practice controller opens each card's
   * game and asks it; each answer moves the card in the schedule and is written at once.
   * @param {string|null} [motif]
   */
  async start(motif = null) {
    const cards = dueCards(this.cards, this.now(), motif);
    if (!cards.length) {
      this.#set({ message: 'Nothing is due now: come back when a card is due again.' });
      return;
    }
    this.#set({ open: false });
    await this.practice.startDeck(cards, {
      open: async (card) => {
        await this.flush();
        const storage = this.storage();
        const record = storage ? await storage.getGame(card.gameId) : undefined;
        if (!record) return null;
        const node = treeFromRecord(record).node(card.nodeId);
        if (!node || !node.parent) return null;
        this.openAt(record, node.parent.id);
        return this.store.state.tree.node(card.nodeId);
      },
      grade: (card, right) => this.grade(card, right),
    });
  }

  /**
   * Keeps an answer: the card moves in the schedule, written at once (a failed write is said, and
   * the card keeps its place until the next answer).
   * @param {Card} card @param {boolean} right
   */
  async grade(card, right) {
    const current = this.cards.find((c) => c.key === card.key) || card;
    const next = answer(current, right, this.now());
    this.cards = this.cards.map((c) => (c.key === card.key ? next : c));
    if (!this.cards.includes(next)) this.cards.push(next);
    try {
      await this.storage()?.putCards([next]);
    } catch (e) {
      this.store.set({ error: `The practice schedule could not be saved: ${/** @type {Error} */ (e).message}` });
    }
    this.#show();
  }

  /** Opens the practice view (and reads the library again). */
  open() {
    this.#set({ open: true });
    return this.refresh();
  }

  close() {
    this.#set({ open: false });
  }
}

/** "14... Qb6" for a move node. @param {MoveNode} node */
function moveLabel(node) {
  const parent = /** @type {MoveNode} */ (node.parent);
  const [, turn, , , , full] = parent.fen.split(/\s+/);
  return `${full}${turn === 'w' ? '.' : '...'} ${node.san}`;
}
