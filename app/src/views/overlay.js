// What the app draws over cm-chessboard's board (a cm-chessboard extension): arrows with a width,
// a dash and a label (the engine's lines with their scores, the threat, a hovered line, a hint),
// tinted squares with a label (the heat map of what each piece adds), and a badge on a square
// (the shown move's class in the game report). Everything is redrawn from a plain description,
// `board.setOverlay({ arrows, squares, badges })`, whenever the board is.
import { Extension, EXTENSION_POINT } from 'cm-chessboard/src/model/Extension.js';
import { svg } from '../dom.js';

/**
 * @typedef {object} OverlayArrow
 * @property {string} from
 * @property {string} to
 * @property {string} kind      a CSS class: the arrow's colour ('best', 'line', 'threat', 'hint', 'hover')
 * @property {number} [width]   relative width (1: normal)
 * @property {boolean} [dashed]
 * @property {string} [label]   text in a tag by the arrow's head (a score)
 * @property {number} [opacity]
 *
 * @typedef {{ square: string, kind: string, label?: string, opacity?: number, title?: string }} OverlaySquare
 * @typedef {{ square: string, kind: string, text: string, title?: string }} OverlayBadge  kind: a report class (its colour is styles.css's .cls-*)
 * @typedef {{ arrows?: OverlayArrow[], squares?: OverlaySquare[], badges?: OverlayBadge[] }} OverlayItems
 */

// cm-chessboard is plain JavaScript without types: its Extension base, as this file uses it
const Base = /** @type {new (chessboard: any) => { chessboard: any, registerExtensionPoint(name: string, fn: () => void): void }} */ (/** @type {unknown} */ (Extension));

export class Overlay extends Base {
  /** @param {any} chessboard */
  constructor(chessboard) {
    super(chessboard);
    const view = chessboard.view;
    // tints under the pieces, arrows and badges over them
    this.under = svg('g', { class: 'overlay overlay-under' }, view.markersLayer);
    this.over = svg('g', { class: 'overlay overlay-over' }, view.markersTopLayer);
    /** @type {OverlayItems} */
    this.items = {};
    this.registerExtensionPoint(EXTENSION_POINT.afterRedrawBoard, () => this.draw());
    chessboard.setOverlay = (/** @type {OverlayItems} */ items) => {
      this.items = items;
      this.draw();
    };
  }

  draw() {
    const view = this.chessboard.view;
    if (!view.squareWidth) return;
    this.under.replaceChildren();
    this.over.replaceChildren();
    const size = view.squareWidth;
    const centre = (/** @type {string} */ sq) => {
      const p = view.squareToPoint(sq);
      return { x: p.x + size / 2, y: p.y + size / 2 };
    };
    for (const s of this.items.squares || []) {
      const p = view.squareToPoint(s.square);
      const g = svg('g', { class: `ov-square ov-${s.kind}`, 'data-square': s.square }, this.under);
      svg('rect', { x: p.x, y: p.y, width: size, height: size, 'fill-opacity': s.opacity ?? 0.5 }, g);
      if (s.title) svg('title', {}, g).textContent = s.title;
      if (s.label) {
        const t = svg('text', { x: p.x + size - size * 0.06, y: p.y + size - size * 0.08, 'text-anchor': 'end', 'font-size': size * 0.2 }, this.over);
        t.setAttribute('class', `ov-square-label ov-${s.kind}`);
        t.textContent = s.label;
      }
    }
    for (const a of this.items.arrows || []) this.#arrow(a, centre(a.from), centre(a.to), size);
    for (const b of this.items.badges || []) {
      const p = view.squareToPoint(b.square);
      const r = size * 0.19;
      const g = svg('g', { class: `ov-badge cls-${b.kind}`, 'data-square': b.square, 'data-kind': b.kind, transform: `translate(${p.x + size - r * 0.8} ${p.y + r * 0.8})` }, this.over);
      svg('circle', { r }, g);
      const t = svg('text', { 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': r * (b.text.length > 1 ? 1.05 : 1.3) }, g);
      t.textContent = b.text;
      if (b.title) svg('title', {}, g).textContent = b.title;
    }
  }

  /** One arrow: a line with a triangular head, shortened so that it ends before the square's centre. */
  /** @param {OverlayArrow} a @param {{ x: number, y: number }} from @param {{ x: number, y: number }} to @param {number} size */
  #arrow(a, from, to, size) {
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const len = Math.hypot(dx, dy);
    if (!len) return;
    const ux = dx / len;
    const uy = dy / len;
    const width = size * 0.14 * (a.width ?? 1);
    const head = Math.max(width * 2.4, size * 0.3);
    const end = { x: to.x - ux * size * 0.18, y: to.y - uy * size * 0.18 };
    const base = { x: end.x - ux * head, y: end.y - uy * head };
    const start = { x: from.x + ux * size * 0.12, y: from.y + uy * size * 0.12 };
    const g = svg('g', { class: `ov-arrow arrow-${a.kind}`, 'data-arrow': a.from + a.to, opacity: a.opacity ?? 1 }, this.over);
    const line = svg('line', { x1: start.x, y1: start.y, x2: base.x, y2: base.y, 'stroke-width': width, 'stroke-linecap': a.dashed ? 'butt' : 'round' }, g);
    if (a.dashed) line.setAttribute('stroke-dasharray', `${width * 1.1} ${width * 0.9}`);
    const nx = -uy;
    const ny = ux;
    const half = head * 0.62;
    svg('polygon', { points: [`${end.x},${end.y}`, `${base.x + nx * half},${base.y + ny * half}`, `${base.x - nx * half},${base.y - ny * half}`].join(' ') }, g);
    if (a.label) {
      const fs = size * 0.2;
      const w = fs * 0.62 * a.label.length + fs * 0.6;
      const hgt = fs * 1.35;
      const cx = base.x;
      const cy = base.y;
      const tag = svg('g', { class: 'ov-arrow-label', transform: `translate(${cx} ${cy})` }, g);
      svg('rect', { x: -w / 2, y: -hgt / 2, width: w, height: hgt, rx: hgt / 2 }, tag);
      const t = svg('text', { 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': fs }, tag);
      t.textContent = a.label;
    }
  }
}
