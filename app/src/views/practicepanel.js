// "Learn from your mistakes" and the key moments while they run: which puzzle of how many, what
// it asks, the verdict on the move tried, and Hint / Show the move / Next / Stop; once a key
// moment is solved or given up, why the game's move was not it (the verified sentences) and the
// engine's line. (The engine's own lines are hidden meanwhile: they would give the answer away.)
import { $, h } from '../dom.js';
import { numberedLine } from '../model/format.js';
import { motifName } from '../model/schedule.js';

/** @typedef {import('../state.js').State} State */

export class PracticePanel {
  /**
   * @param {import('../state.js').Store} store
   * @param {{ hint: () => void, reveal: () => void, next: () => void, stop: () => void,
   *   words?: (node: import('../model/tree.js').MoveNode, cls: string) => Promise<import('../controllers/words.js').Words> }} actions
   */
  constructor(store, actions) {
    this.el = $('practice-panel');
    this.actions = actions;
    this.store = store;
    /** @type {{ id: number, text: string } | null} the shown key moment's words, once found */
    this.why = null;
    // one live region for the whole practice, so that screen readers hear every verdict
    this.message = h('p', { class: 'practice-message', 'data-testid': 'practice-message', role: 'status', 'aria-live': 'polite' });
    this.el.addEventListener('click', (e) => {
      const b = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (e.target).closest('button[data-action]'));
      const act = b && /** @type {keyof typeof actions} */ (b.dataset.action);
      if (act && act !== 'words' && actions[act]) /** @type {() => void} */ (actions[act])();
    });
    store.on(['practice', 'game'], (s) => this.render(s));
  }

  /** @param {State} s */
  render(s) {
    const p = s.practice;
    this.el.hidden = !p;
    document.body.dataset.practice = p ? p.phase : '';
    if (!p) {
      this.el.replaceChildren();
      return;
    }
    const asking = p.phase === 'ask' || p.phase === 'wrong';
    // one game's mistakes: a dot per puzzle, solved or not; a deck from the library: a dot per
    // card, right or wrong by the schedule's rule
    const deck = p.deck;
    const marks = deck
      ? deck.results.map((r, i) => ({ current: i === deck.index, done: r !== null, ok: r === true, word: r === null ? (i === deck.index ? 'this one' : 'to do') : r ? 'right' : 'wrong' }))
      : p.items.map((id, i) => {
          const r = s.game.practice[id];
          return { current: i === p.index, done: !!r, ok: !!r?.solved, word: r ? (r.solved ? 'solved' : 'not solved') : i === p.index ? 'this one' : 'to do' };
        });
    const dots = h(
      'ol',
      { class: 'practice-dots', 'aria-label': deck ? 'Cards' : 'Puzzles' },
      ...marks.map((m, i) => h('li', { class: `${m.current ? 'current ' : ''}${m.done ? (m.ok ? 'solved' : 'missed') : ''}`, title: m.word }, String(i + 1), h('span', { class: 'sr-only', text: `: ${m.word}` }))),
    );
    this.message.className = `practice-message phase-${p.phase}`;
    if (this.message.textContent !== p.message) this.message.textContent = p.message;
    const button = (/** @type {string} */ action, /** @type {string} */ text, /** @type {boolean} */ show, primary = false) => (show ? h('button', { type: 'button', class: primary ? 'primary' : '', dataset: { action }, 'data-testid': `practice-${action}`, text }) : null);
    const card = deck ? deck.cards[deck.index] : null;
    const moments = p.kind === 'moments';
    const title = card ? `Practice: card ${(deck?.index ?? 0) + 1} of ${deck?.cards.length} · ${motifName(card.motif)}` : moments ? `Key moments: ${p.color === 'w' ? 'White' : 'Black'} to move` : `Learn from your mistakes: ${p.color === 'w' ? 'White' : 'Black'}`;
    const why = moments && p.phase === 'solved' ? this.#why(s) : null;
    this.el.replaceChildren(
      h('h2', { text: title }),
      dots,
      this.message,
      ...(why ? [why] : []),
      h(
        'div',
        { class: 'practice-actions' },
        button('hint', p.hints === 0 ? 'Hint' : 'Show the move', asking && p.hints < 2),
        button('reveal', 'Give up', asking),
        button('next', (deck ? deck.index + 1 < deck.cards.length : p.index + 1 < p.items.length) ? 'Next' : 'Finish', p.phase !== 'done' && p.phase !== 'judging', p.phase === 'solved'),
        button('stop', p.phase === 'done' ? 'Back to the game' : 'Stop', true, p.phase === 'done'),
      ),
    );
  }

  /**
   * Why the game's move of the shown key moment was not it, in words checked against the
   * engine's line (found once, then kept), and the engine's best line from the position.
   * @param {State} s
   */
  #why(s) {
    const p = /** @type {import('../state.js').Practice} */ (s.practice);
    const node = s.tree.node(p.items[p.index]);
    const parent = node?.parent;
    if (!node || !parent) return null;
    const words = h('p', { class: 'practice-words', 'data-testid': 'practice-words', 'aria-live': 'polite' });
    if (this.why && this.why.id === node.id) words.textContent = this.why.text;
    else if (this.actions.words) {
      words.textContent = 'Looking for the reason in the engine’s line…';
      const v = s.report?.verdicts.get(node.id);
      const id = node.id;
      this.actions.words(node, v ? v.cls : 'blunder').then(
        (w) => {
          this.why = { id, text: `${node.san}: ${w.sentences.map((x) => x.text).join(' ')}` };
          if (this.store.state.practice && this.store.state.practice.items[this.store.state.practice.index] === id) this.render(this.store.state);
        },
        (e) => {
          this.why = { id, text: `No reason can be given: ${/** @type {Error} */ (e).message}` };
          this.render(this.store.state);
        },
      );
    }
    const pv = parent.eval?.pvSan || [];
    const line = pv.length ? h('p', { class: 'practice-line', 'data-testid': 'practice-line', text: `The engine’s line: ${numberedLine(parent.fen, pv).map((m) => `${m.number ? `${m.number} ` : ''}${m.san}`).join(' ')}` }) : null;
    return h('div', { class: 'practice-why' }, words, line);
  }
}
