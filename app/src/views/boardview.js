// The main board, drawn from the state: the shown position (or the practice puzzle's), the side
// the user may move, the orientation, and the overlay: the engine's lines as arrows with their
// scores (thicker for better), the threat as a dashed arrow, the first moves of a hovered line,
// practice hints, and the shown move's class in the game report as a badge.
import { moveClass } from 'mainline-chess/report';
import { Board } from './board.js';
import { CLASS_BADGE, fenTurn, formatScore, whiteShare } from '../model/format.js';
import { movableSide, practiceBoard, shownEval } from '../model/shown.js';
import { currentHint } from '../model/hint.js';

/**
 * @typedef {import('../state.js').State} State
 * @typedef {import('../state.js').Store} Store
 * @typedef {import('./overlay.js').OverlayArrow} OverlayArrow
 */

/** Moves of a hovered line drawn as arrows. */
const HOVER_ARROWS = 6;

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
    /** @type {OverlayArrow[]} */
    const arrows = [];
    /** @type {import('./overlay.js').OverlaySquare[]} */
    const squares = [];
    /** @type {import('./overlay.js').OverlayBadge[]} */
    const badges = [];
    const shown = shownEval(s);
    if (shown && s.settings.arrows && s.mode !== 'practice') {
      const mover = fenTurn(s.current.fen).turn;
      const value = (/** @type {import('../model/format.js').Score} */ score) => (mover === 'w' ? whiteShare(score) : 1 - whiteShare(score));
      const best = value(shown.score);
      const several = shown.lines.length > 1;
      shown.lines.forEach((line, i) => {
        const uci = line.pv[0];
        if (!uci) return;
        // thicker for better: the width falls with the expected points a line gives up
        const width = i === 0 ? 1 : Math.max(0.35, 0.85 - 3 * Math.max(0, best - value(line.score)));
        arrows.push({ from: uci.slice(0, 2), to: uci.slice(2, 4), kind: i === 0 ? 'best' : 'line', width, opacity: i === 0 ? 0.85 : 0.7, label: several ? formatScore(line.score) : undefined });
      });
    }
    if (s.threat && s.threat.line && s.threat.line.pv[0]) {
      const t = s.threat.line.pv[0];
      arrows.push({ from: t.slice(0, 2), to: t.slice(2, 4), kind: 'threat', dashed: true, width: 0.9, opacity: 0.85 });
    }
    if (s.hover && s.hover.fen === s.current.fen && s.mode !== 'practice') {
      s.hover.uci.slice(0, HOVER_ARROWS).forEach((uci, i) => arrows.push({ from: uci.slice(0, 2), to: uci.slice(2, 4), kind: `hover hover-${i % 2 ? 'reply' : 'move'}`, width: 0.75, opacity: i < 3 ? 0.85 : 0.6, label: String(i + 1) }));
    }
    // a hint in a game: its move, on the position it was asked in
    const hint = currentHint(s);
    if (hint && hint.uci && hint.fen === s.current.fen) arrows.push({ from: hint.uci.slice(0, 2), to: hint.uci.slice(2, 4), kind: 'hint' });
    const puzzle = practiceBoard(s);
    if (puzzle && puzzle.hintSquare) squares.push({ square: puzzle.hintSquare, kind: 'hint', opacity: 0.55 });
    if (puzzle && puzzle.hintMove) arrows.push({ from: puzzle.hintMove.slice(0, 2), to: puzzle.hintMove.slice(2, 4), kind: 'hint' });
    // (a verdict is a move's: the start position has none)
    const verdict = s.mode === 'analyse' && s.report ? s.report.verdicts.get(s.current.id) : undefined;
    if (verdict && s.current.to) {
      const cls = moveClass(verdict.cls);
      badges.push({ square: s.current.to, kind: verdict.cls, text: CLASS_BADGE[/** @type {keyof typeof CLASS_BADGE} */ (verdict.cls)], title: cls.label });
    }
    this.board.setOverlay({ arrows, squares, badges });
    this.el.dataset.badge = verdict ? verdict.cls : '';
    this.el.dataset.threat = s.threat?.line?.pv[0] || '';
  }
}
