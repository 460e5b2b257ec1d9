// The game's bar: its name in the library (editable), whether everything is saved (with Retry
// when a write failed), the opening it is, and New. Below the board: the shown position's
// opening, the status line (whose move, check, mate, draw; the game against the engine) and, in a
// Chess960 game, that it is one and its start position's number.
import { $ } from '../dom.js';
import { isTerminal } from 'mainline-chess/annotate';
import { fenTurn } from '../model/format.js';
import { chess960Number, inCheck, statusAt, STATUS_TEXT } from '../model/rules.js';

/** @typedef {import('../state.js').State} State */

export class GameBar {
  /**
   * @param {import('../state.js').Store} store
   * @param {{ rename: (name: string) => void, newAnalysis: () => void, retry: () => void }} actions
   */
  constructor(store, actions) {
    const name = /** @type {HTMLInputElement} */ ($('game-name'));
    name.addEventListener('change', () => actions.rename(name.value));
    $('game-new').addEventListener('click', () => actions.newAnalysis());
    $('save-retry').addEventListener('click', () => actions.retry());
    store.on(['game'], (s) => this.#name(s));
    store.on(['save'], (s) => this.#save(s));
    store.on(['opening', 'gameOpening'], (s) => this.#openings(s));
    store.on(['current', 'tree', 'mode', 'play', 'practice'], (s) => this.#status(s));
    store.on(['tree'], (s) => this.#variant(s));
    this.#name(store.state);
    this.#variant(store.state);
    this.#save(store.state);
    this.#status(store.state);
  }

  /** @param {State} s */
  #name(s) {
    const input = /** @type {HTMLInputElement} */ ($('game-name'));
    if (document.activeElement !== input) input.value = s.game.name;
    input.dataset.gameId = s.game.id || '';
  }

  /** @param {State} s */
  #save(s) {
    const el = $('save-state');
    el.dataset.state = s.save.state;
    el.textContent = s.save.text;
    el.title = s.save.title;
    $('save-retry').hidden = s.save.state !== 'error';
    const note = $('storage-note');
    note.textContent = s.save.problem;
    note.hidden = !s.save.problem;
  }

  /** @param {State} s */
  #openings(s) {
    const here = $('opening');
    here.textContent = s.opening ? `${s.opening.eco} ${s.opening.name}` : '';
    here.title = s.opening ? `${s.opening.moves} (ECO ${s.opening.eco})` : '';
    here.hidden = !s.opening;
    const game = $('game-opening');
    game.textContent = s.gameOpening ? `${s.gameOpening.eco} · ${s.gameOpening.name}` : '';
    game.hidden = !s.gameOpening;
  }

  /**
   * "Chess960 · start position 123" under the board in a Chess960 game (its start position's
   * number when it began from one; a game from a later position is only said to be Chess960).
   * @param {State} s
   */
  #variant(s) {
    const el = $('variant');
    const tree = s.tree;
    if (this.#shownTree === tree) return;
    this.#shownTree = tree;
    const n = tree.chess960 ? chess960Number(tree.root.fen) : null;
    el.textContent = !tree.chess960 ? '' : n === null ? 'Chess960' : `Chess960 · start position ${n}`;
    el.dataset.number = n === null ? '' : String(n);
    el.hidden = !tree.chess960;
  }
  /** @type {import('../model/tree.js').GameTree|null} the tree #variant was drawn for (its variant and root never change) */
  #shownTree = null;

  /** The line under the board. @param {State} s */
  #status(s) {
    const status = statusAt(s.tree, s.current);
    const white = fenTurn(s.current.fen).turn === 'w';
    const turn = white ? 'White' : 'Black';
    const check = inCheck(s.current.fen);
    let text;
    const g = s.play;
    if (s.mode === 'practice') text = `${turn} to move: find a better move`;
    else if (s.mode === 'play' && !g) text = 'Set up a game: colour, level and clock, then New game.';
    else if (s.mode === 'play' && g && g.end) text = `${g.end.text} · ${g.end.result === '1/2-1/2' ? '½-½' : g.end.result}`;
    else if (s.mode === 'play' && g && g.thinking) text = `${g.level.name} is thinking…`;
    else if (s.mode === 'play') text = `Your move${check ? ' (check)' : ''}`;
    else if (status === 'checkmate') text = `Checkmate: ${white ? 'Black' : 'White'} wins`;
    else if (isTerminal(status, !s.current.children.length)) text = STATUS_TEXT[/** @type {keyof typeof STATUS_TEXT} */ (status)];
    else text = `${turn} to move${check ? ' (check)' : ''}${status === 'ongoing' ? '' : ` · ${STATUS_TEXT[/** @type {keyof typeof STATUS_TEXT} */ (status)].replace(/: draw$/, '')}: a draw could be claimed`}`;
    $('status').textContent = text;
  }
}
