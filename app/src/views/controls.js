// The page's controls that act on the game: mode buttons, move navigation, flip, the variation
// tools, the note on the shown move, the FEN box, a new Chess960 game (by its start position's
// number, or at random) and the PGN box (load, open a file, export).
// Each one calls an action and shows what the state says (disabled buttons, the FEN, the note).
import { $ } from '../dom.js';
import { moveNumber } from '../model/format.js';

/** @typedef {import('../state.js').State} State */

/**
 * @typedef {object} ControlActions
 * @property {(mode: 'analyse'|'play') => void} setMode
 * @property {() => void} first
 * @property {() => void} back
 * @property {() => void} forward
 * @property {() => void} last
 * @property {() => void} flip
 * @property {() => void} promote
 * @property {() => void} remove
 * @property {(text: string) => void} note
 * @property {(fen: string) => void} loadFen
 * @property {(number: number|null) => void} newChess960  null: a start position at random
 * @property {(message: string) => void} fail  says what is wrong (the error line)
 * @property {(pgn: string) => void} loadPgn
 * @property {() => Promise<string>} exportPgn   resolves with the PGN written
 */

export class Controls {
  /** @param {import('../state.js').Store} store @param {ControlActions} actions */
  constructor(store, actions) {
    $('mode-analyse').addEventListener('click', () => actions.setMode('analyse'));
    $('mode-play').addEventListener('click', () => actions.setMode('play'));
    $('nav-start').addEventListener('click', () => actions.first());
    $('nav-back').addEventListener('click', () => actions.back());
    $('nav-forward').addEventListener('click', () => actions.forward());
    $('nav-end').addEventListener('click', () => actions.last());
    $('flip').addEventListener('click', () => actions.flip());
    $('move-promote').addEventListener('click', () => actions.promote());
    $('move-delete').addEventListener('click', () => actions.remove());
    const note = /** @type {HTMLTextAreaElement} */ ($('move-note'));
    note.addEventListener('input', () => actions.note(note.value));
    $('fen-form').addEventListener('submit', (e) => {
      e.preventDefault();
      actions.loadFen(/** @type {HTMLInputElement} */ ($('fen-input')).value);
    });
    // the number is checked by the rules (the error line says what is wrong), not by the browser
    const c960 = /** @type {HTMLFormElement} */ ($('c960-form'));
    c960.noValidate = true;
    c960.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = /** @type {HTMLInputElement} */ ($('c960-number')).value.trim();
      if (!text) actions.fail('Type the number of a Chess960 start position, 0 to 959, or press Random.');
      else actions.newChess960(Number(text));
    });
    $('c960-random').addEventListener('click', () => actions.newChess960(null));
    const pgn = /** @type {HTMLTextAreaElement} */ ($('pgn-input'));
    $('pgn-form').addEventListener('submit', (e) => {
      e.preventDefault();
      actions.loadPgn(pgn.value);
    });
    $('pgn-file').addEventListener('change', async (e) => {
      const input = /** @type {HTMLInputElement} */ (e.target);
      const file = input.files && input.files[0];
      if (!file) return;
      const text = await file.text();
      pgn.value = text;
      actions.loadPgn(text);
      input.value = '';
    });
    // the reasons in words are made first: the button is busy until the PGN is written
    const exportButton = $('pgn-export');
    exportButton.addEventListener('click', async () => {
      exportButton.setAttribute('aria-busy', 'true');
      try {
        pgn.value = await actions.exportPgn();
      } finally {
        exportButton.removeAttribute('aria-busy');
      }
    });
    store.on(['mode'], (s) => this.#mode(s));
    store.on(['current', 'tree', 'mode'], (s) => this.#position(s));
    this.#mode(store.state);
    this.#position(store.state);
  }

  /** @param {State} s */
  #mode(s) {
    document.body.dataset.mode = s.mode;
    // practice is part of analysis: the game's own moves, a report's mistakes
    $('mode-analyse').setAttribute('aria-pressed', String(s.mode !== 'play'));
    $('mode-play').setAttribute('aria-pressed', String(s.mode === 'play'));
    $('play-panel').hidden = s.mode !== 'play';
  }

  /** @param {State} s */
  #position(s) {
    const node = s.current;
    const atStart = !node.parent;
    const atEnd = !node.children.length;
    const practising = s.mode === 'practice';
    /** @type {HTMLButtonElement} */ ($('nav-start')).disabled = atStart || practising;
    /** @type {HTMLButtonElement} */ ($('nav-back')).disabled = atStart || practising;
    /** @type {HTMLButtonElement} */ ($('nav-forward')).disabled = atEnd || practising;
    /** @type {HTMLButtonElement} */ ($('nav-end')).disabled = atEnd || practising;
    /** @type {HTMLButtonElement} */ ($('move-promote')).disabled = s.mode !== 'analyse' || !node.parent || s.tree.isMainline(node);
    /** @type {HTMLButtonElement} */ ($('move-delete')).disabled = s.mode !== 'analyse' || !node.parent;
    /** @type {HTMLInputElement} */ ($('fen-input')).value = node.fen;
    const box = /** @type {HTMLTextAreaElement} */ ($('move-note'));
    if (document.activeElement !== box) box.value = node.note || '';
    $('move-note-label').textContent = node.parent ? `Note on ${moveNumber(node.parent.fen, 0)} ${node.san}` : 'Note on the game';
  }
}
