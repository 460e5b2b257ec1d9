// The main board, drawn from the state: the shown position (or the practice puzzle's), the side
// the user may move, the orientation, and the overlay: the engine's lines as arrows with their
// scores (thicker for better), the threat as a dashed arrow, the first moves of a hovered line,
// practice hints, and the shown move's class in the game report as a badge.
import { Board } from './board.js';
import { movableSide, practiceBoard } from '../model/shown.js';
import { overlayItems } from '../model/boardpicture.js';

/**
 * @typedef {import('../state.js').State} State
 * @typedef {import('../state.js').Store} Store
 */

export class BoardView {
  /**
   * @param {HTMLElement} el @param {Store} store
   * @param {{ onMove: (from: string, to: string, promotion?: string) => void }} actions
   */
  constructor(el, store, actions) {
    this.el = el;
    this.board = new Board(el, { onMove: actions.onMove });
    /** @type {import('../model/tree.js').MoveNode|null} */
    this.shown = null;
    store.on(['current', 'tree', 'mode', 'play', 'practice'], (s) => this.#position(s));
    store.on(['orientation'], (s) => this.board.setOrientation(s.orientation));
    store.on(['current', 'log', 'evals', 'settings', 'mode', 'play', 'practice', 'threat', 'hover', 'report'], (s) => this.#overlay(s));
    this.#position(store.state);
  }

  #position(/** @type {State} */ s) {
    const puzzle = practiceBoard(s);
    const node = s.current;
    // one step along the tree is animated; a jump is drawn at once
    const step = !!this.shown && (node.parent === this.shown || this.shown.parent === node);
    this.shown = node;
    if (puzzle) this.board.set({ fen: puzzle.fen, lastMove: puzzle.lastMove, movable: movableSide(s), animate: true });
    else this.board.set({ fen: node.fen, lastMove: node.from && node.to ? { from: node.from, to: node.to } : null, movable: movableSide(s), animate: step });
    this.el.dataset.ply = String(node.ply);
  }

  #overlay(/** @type {State} */ s) {
    const { arrows, squares, badges } = overlayItems(s);
    this.board.setOverlay({ arrows, squares, badges });
    this.el.dataset.badge = badges.length ? badges[0].kind : '';
    this.el.dataset.threat = s.threat?.line?.pv[0] || '';
  }
}
