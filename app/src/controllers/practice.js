// "Learn from your mistakes": after a game report, each of a player's Mistakes, Blunders and
// Missed wins comes back as a puzzle. The position before the move is shown with that player to
// move; a move tried is judged by the engine against the best move of the report's evaluation
// (report.js's `solves`: Best, Excellent or Good), hints show the piece and then the move, and
// each result is kept with the game in the library.
//
// The same puzzles come from the whole library too (a deck: controllers/learn.js picks the cards
// the schedule says are due): each card's game is opened at its move, and each answer goes to the
// schedule as right (solved at the first try, no hint) or wrong.
import { evalFromSearch } from 'mainline-chess/annotate';
import { classifyMove, moveClass, solves } from 'mainline-chess/report';
import { keyMomentList, practiceList } from '../model/gamereport.js';
import { fenTurn, formatScore, moveNumber } from '../model/format.js';
import { tryMove } from '../model/rules.js';
import { bestBefore, practiceAsks, practiceItem } from '../model/shown.js';

/**
 * @typedef {import('../state.js').Store} Store
 * @typedef {import('../state.js').Practice} Practice
 * @typedef {import('../services/engine.js').EngineHandle} EngineHandle
 * @typedef {import('../model/tree.js').MoveNode} MoveNode
 */

/**
 * @typedef {import('../model/schedule.js').Card} Card
 * @typedef {{ open: (card: Card) => Promise<MoveNode|null>, grade: (card: Card, right: boolean) => void }} DeckHooks
 *   open: shows the card's game (at the move before the error) and gives the error's node (null:
 *   the game or the move is gone); grade: keeps an answer in the schedule
 */

/** A tried move is judged at the report's depth, at most this deep (an answer within a second or two). */
export const PRACTICE_MAX_DEPTH = 14;
/** ... and at this depth when the report was made by time per move. */
const PRACTICE_DEFAULT_DEPTH = 12;

export class PracticeController {
  /**
   * @param {{ store: Store, engine: EngineHandle, goTo: (node: MoveNode) => void }} deps  goTo: the game controller's
   */
  constructor({ store, engine, goTo }) {
    this.store = store;
    this.engine = engine;
    this.goTo = goTo;
    this.token = 0;
    /** @type {DeckHooks|null} */
    this.hooks = null;
    /** a deck opens its next card's game: that is no reason to end the practice */
    this.switching = false;
    // another game, or another mode, ends the practice
    store.on(['mode', 'tree'], (s, changed) => {
      if (!s.practice || this.switching) return;
      if (s.mode !== 'practice' || (changed.has('tree') && s.tree !== this.tree)) this.#close();
    });
    /** @type {import('../model/tree.js').GameTree|null} */
    this.tree = null;
  }

  get practice() {
    return this.store.state.practice;
  }

  /** The moves a player could practise now (none until the report is complete). */
  available(/** @type {'w'|'b'} */ color) {
    const report = this.store.state.report;
    return report ? practiceList(report, color) : [];
  }

  /** Starts practising a player's mistakes. */
  start(/** @type {'w'|'b'} */ color) {
    const items = this.available(color).map((n) => n.id);
    if (!items.length) {
      this.store.set({ error: `There is nothing to practise for ${color === 'w' ? 'White' : 'Black'}: no mistakes, blunders or missed wins in the report.` });
      return;
    }
    this.tree = this.store.state.tree;
    this.store.set({ mode: 'practice', orientation: color === 'w' ? 'white' : 'black', error: '' });
    this.hooks = null;
    this.#show({ kind: 'mistakes', color, items, index: 0, phase: 'ask', tried: null, message: '', hints: 0, tries: 0, recorded: [], deck: null });
  }

  /** The game's key moments now (none until the report is complete). */
  moments() {
    const report = this.store.state.report;
    return report ? keyMomentList(report) : [];
  }

  /**
   * Walks through the game's key moments, both sides' (the largest swings): each the position
   * before the move, a better move to find (judged as a mistake's puzzle), then why the game's
   * move was not it and the engine's line.
   */
  startMoments() {
    const items = this.moments().map((n) => n.id);
    if (!items.length) {
      this.store.set({ error: 'This game has no key moment: no move lost its side 15 points of expected score or more.' });
      return;
    }
    this.tree = this.store.state.tree;
    this.store.set({ mode: 'practice', error: '' });
    this.hooks = null;
    this.#show({ kind: 'moments', color: 'w', items, index: 0, phase: 'ask', tried: null, message: '', hints: 0, tries: 0, recorded: [], deck: null });
  }

  /**
   * Starts a session of cards from the whole library (the schedule's due cards, in order).
   * @param {Card[]} cards @param {DeckHooks} hooks
   */
  async startDeck(cards, hooks) {
    if (!cards.length) {
      this.store.set({ error: 'Nothing is due for practice now.' });
      return;
    }
    this.hooks = hooks;
    await this.#showCard({ cards, index: 0, results: cards.map(() => null) });
  }

  /**
   * Opens a deck's card (its game, at the move before the error) and asks it; a card whose game
   * or move is gone is passed over.
   * @param {NonNullable<Practice['deck']>} deck
   */
  async #showCard(deck) {
    const hooks = /** @type {DeckHooks} */ (this.hooks);
    const token = ++this.token;
    for (let index = deck.index; index < deck.cards.length; index++) {
      const card = deck.cards[index];
      /** @type {MoveNode|null} */
      let node = null;
      this.switching = true;
      try {
        node = await hooks.open(card);
      } catch {
        node = null;
      } finally {
        // the store tells its subscribers a microtask after the change: the flag outlives it
        await Promise.resolve();
        this.switching = false;
      }
      if (token !== this.token) return;
      if (!node || !node.parent) continue;
      this.tree = this.store.state.tree;
      this.store.set({ mode: 'practice', orientation: card.color === 'w' ? 'white' : 'black', error: '' });
      this.#show({ kind: 'mistakes', color: card.color, items: [node.id], index: 0, phase: 'ask', tried: null, message: '', hints: 0, tries: 0, recorded: [], deck: { ...deck, index } });
      return;
    }
    this.#deckDone({ ...deck, index: deck.cards.length - 1 });
  }

  /** The end of a deck: how many were right, and when they come back. @param {NonNullable<Practice['deck']>} deck */
  #deckDone(deck) {
    const right = deck.results.filter((r) => r === true).length;
    const answered = deck.results.filter((r) => r !== null).length;
    const text = answered
      ? `Done: ${right} of ${answered} right. A card answered right comes back in a day or more (longer each time); the others in ten minutes.`
      : 'The cards due belong to games or moves no longer in the library: nothing to practise.';
    if (this.practice) this.#set({ phase: 'done', deck, message: text });
    else this.store.set({ mode: 'analyse', error: text });
  }

  /** Shows a puzzle: the position before the mistake, the player to move. @param {Practice} p */
  #show(p) {
    const node = this.store.state.tree.node(p.items[p.index]);
    if (!node || !node.parent) return;
    const from = p.deck ? `${p.deck.cards[p.deck.index].gameName}: ` : '';
    if (p.kind === 'moments') {
      // each moment is its own side's: the board turns to the side to find a move for
      const color = /** @type {'w'|'b'} */ (node.color);
      this.store.set({ practice: { ...p, color, message: momentIntro(node, this.store.state.report?.verdicts.get(node.id), p) }, orientation: color === 'w' ? 'white' : 'black' });
    } else this.store.set({ practice: { ...p, message: from + intro(node) } });
    this.goTo(node.parent);
  }

  /**
   * A move tried on the board: the game's own move is wrong at once, the engine's best move is
   * right at once; anything else is searched and judged by what it loses against the best.
   * @param {{ from: string, to: string, promotion?: string }} move
   */
  async tryMove(move) {
    const p = this.practice;
    const node = practiceItem(this.store.state);
    if (!p || !node || !node.parent || !practiceAsks(p)) return;
    const before = /** @type {import('mainline-chess/annotate').Eval} */ (node.parent.eval);
    const played = tryMove(node.parent.fen, move, { chess960: this.store.state.tree.chess960 });
    if (!played) {
      this.store.touch('practice'); // an illegal move: the board puts the piece back
      return;
    }
    const uci = played.uci;
    const tries = p.tries + 1;
    if (uci === node.uci) {
      this.#set({ phase: 'wrong', tried: null, tries, ...this.#missHint(p), message: `${played.san} is the move played in the game. Look for a better one.${this.#missHintText(p)}` });
      return;
    }
    if (before.pv && before.pv[0] === uci) {
      this.#solved(played.san, tries, null);
      return;
    }
    const token = ++this.token;
    this.#set({ phase: 'judging', tried: uci, tries, message: `${played.san}: the engine is looking at it…` });
    try {
      const engine = await this.engine.get();
      const fen = played.fen;
      const result = await engine.bestMove({ fen, moves: [], chess960: this.store.state.tree.chess960 }, { depth: this.#depth() });
      const now = this.practice;
      if (token !== this.token || !now || now.items !== p.items || now.index !== p.index) return;
      const after = evalFromSearch(result, fenTurn(fen).turn);
      const mover = /** @type {'w'|'b'} */ (node.color);
      const attempt = { mover, played: uci, before, after };
      if (solves(attempt)) this.#solved(played.san, tries, formatScore(after.score));
      else {
        const v = classifyMove(attempt);
        const hint = this.#missHintText(now);
        this.#set({ phase: 'wrong', tried: null, ...this.#missHint(now), message: `${played.san} is not better: ${formatScore(before.score)} → ${formatScore(after.score)} (${moveClass(v.cls).label.toLowerCase()}). ${hint ? `Try again.${hint}` : 'Try again, or take a hint.'}` });
      }
    } catch (e) {
      if (token === this.token) this.#set({ phase: 'wrong', tried: null, message: `The move could not be judged: ${/** @type {Error} */ (e).message}. Try again.` });
    }
  }

  /** A key moment gives its first hint (the piece to move) after the first miss. @param {Practice} p */
  #missHint(p) {
    return p.kind === 'moments' && p.hints === 0 && bestBefore(practiceItem(this.store.state)) ? { hints: 1 } : {};
  }

  /** @param {Practice} p */
  #missHintText(p) {
    return 'hints' in this.#missHint(p) ? ' Hint: the piece to move is marked.' : '';
  }

  #depth() {
    const limits = this.store.state.game.review?.limits;
    return Math.min(PRACTICE_MAX_DEPTH, limits?.depth ?? PRACTICE_DEFAULT_DEPTH);
  }

  #solved(/** @type {string} */ san, /** @type {number} */ tries, /** @type {string|null} */ score) {
    const p = /** @type {Practice} */ (this.practice);
    this.#record(true, tries);
    const last = p.index + 1 >= p.items.length;
    this.#set({ phase: 'solved', tries, message: `Correct: ${san}${score ? ` keeps it (${score})` : ' is the best move'}.${last ? '' : ' On to the next one.'}` });
  }

  /**
   * Keeps the result of the shown puzzle with the game: the latest practice's result stands (a
   * mistake solved today counts, whatever happened the first time).
   */
  #record(/** @type {boolean} */ solved, /** @type {number} */ tries) {
    const p = /** @type {Practice} */ (this.practice);
    const id = p.items[p.index];
    const game = this.store.state.game;
    this.store.set({ game: { ...game, practice: { ...game.practice, [id]: { solved, tries, hints: p.hints, date: Date.now() } } } });
    if (p.deck && this.hooks) {
      // the schedule's answer: right only at the first try without a hint
      const right = solved && tries <= 1 && p.hints === 0;
      const results = p.deck.results.map((r, i) => (i === p.deck?.index ? right : r));
      this.hooks.grade(p.deck.cards[p.deck.index], right);
      this.#set({ recorded: [...p.recorded, id], deck: { ...p.deck, results } });
    } else this.#set({ recorded: [...p.recorded, id] });
  }

  /** A hint: first the piece to move, then the move itself. */
  hint() {
    const p = this.practice;
    if (!p || !practiceAsks(p) || p.hints >= 2 || !bestBefore(practiceItem(this.store.state))) return;
    // a hint starts the question again (no longer "wrong")
    this.#set({ phase: 'ask', hints: p.hints + 1, message: p.hints === 0 ? 'Hint: the piece to move is marked.' : 'Hint: the arrow shows the best move.' });
  }

  /** Gives up on this one: the best move is shown and it counts as not solved. */
  reveal() {
    const p = this.practice;
    const node = practiceItem(this.store.state);
    if (!p || !node || !node.parent || p.phase === 'solved') return;
    this.token++;
    this.#record(false, p.tries);
    const san = node.parent.eval?.pvSan?.[0] || bestBefore(node);
    this.#set({ phase: 'solved', hints: 2, message: `The best move was ${san}.` });
  }

  /** The next puzzle, or the summary after the last. */
  next() {
    const p = this.practice;
    if (!p) return;
    this.token++;
    // skipped: not solved, this time
    if (!p.recorded.includes(p.items[p.index])) this.#record(false, p.tries);
    const q = /** @type {Practice} */ (this.practice);
    if (q.deck) {
      if (q.deck.index + 1 >= q.deck.cards.length) this.#deckDone(q.deck);
      else this.#showCard({ ...q.deck, index: q.deck.index + 1 });
      return;
    }
    if (q.index + 1 >= q.items.length) {
      const results = q.items.map((id) => this.store.state.game.practice[id]);
      const solved = results.filter((r) => r && r.solved).length;
      const what = q.kind === 'moments' ? 'key moments' : '';
      this.#set({ phase: 'done', message: `Done: ${solved} of ${q.items.length}${what ? ` ${what}` : ''} solved. The results are saved with the game.` });
      return;
    }
    this.#show({ ...q, index: q.index + 1, phase: 'ask', tried: null, hints: 0, tries: 0 });
  }

  /** Back to analysis, at the last puzzle's move. */
  stop() {
    const node = practiceItem(this.store.state);
    this.store.set({ mode: 'analyse' });
    if (node) this.goTo(node);
  }

  #close() {
    this.token++;
    this.tree = null;
    this.hooks = null;
    this.store.set({ practice: null });
  }

  /** @param {Partial<Practice>} patch */
  #set(patch) {
    const p = this.practice;
    if (p) this.store.set({ practice: { ...p, ...patch } });
  }
}

/**
 * What a key moment asks: the move played, the swing it made, a better move to find.
 * @param {MoveNode} node @param {import('mainline-chess/report').MoveVerdict|undefined} v @param {Practice} p
 */
function momentIntro(node, v, p) {
  const side = node.color === 'w' ? 'White' : 'Black';
  const swing = v ? `, and ${side}'s expected score fell from ${Math.round(v.winBefore)}% to ${Math.round(v.winAfter)}%` : '';
  return `Key moment ${p.index + 1} of ${p.items.length}: ${side} played ${moveText(node)} here${swing}. Find a better move for ${side}.`;
}

/** "23. Nxe5" / "23... Nxe5". @param {MoveNode} node */
function moveText(node) {
  return `${moveNumber(/** @type {MoveNode} */ (node.parent).fen, 0)} ${node.san}`;
}

/** What the puzzle asks. @param {MoveNode} node */
function intro(node) {
  const side = node.color === 'w' ? 'White' : 'Black';
  return `${side} played ${node.san} here. Find a better move for ${side}.`;
}
