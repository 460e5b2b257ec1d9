// The evaluation graph of a game: White's expected score (from the engine's evaluation of each
// main-line position, annotate.js's curve) over the moves, White's area light and Black's dark as
// on lichess, the moves the game report marks as coloured dots (inaccuracy, mistake, blunder,
// missed win; brilliant, great), the shown move as a vertical line. Clicking goes to that move.
// Plain SVG.
import { expectedScore } from 'mainline-chess/annotate';
import { moveClass } from 'mainline-chess/report';
import { formatScore, fenTurn, moveNumber, CLASS_BADGE, LISTED_CLASSES } from '../model/format.js';
import { svg } from '../dom.js';

// the width and side padding are shared with the time graph under it (views/timegraph.js), so a move is at one x in both
export const W = 320;
const H = 96;
export const PAD = { left: 4, right: 4, top: 4, bottom: 4 };

export class EvalGraph {
  /**
   * @param {HTMLElement} container @param {import('../state.js').Store} store
   * @param {(node: import('../model/tree.js').MoveNode) => void} onSelect
   */
  constructor(container, store, onSelect) {
    this.container = container;
    this.onSelect = onSelect;
    this.svg = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', class: 'eval-graph-svg', preserveAspectRatio: 'none' });
    this.title = svg('title', {}, this.svg);
    container.append(this.svg);
    /** @type {import('../model/tree.js').MoveNode[]} */
    this.line = [];
    store.on(['tree', 'current', 'report'], (st, changed) => {
      // another shown move only moves the line that marks it, where it can
      if (changed.has('tree') || changed.has('report') || !this.#moveCurrent(st)) this.draw(st);
    });
    this.draw(store.state);
    this.svg.addEventListener('click', (e) => {
      if (this.line.length < 2) return;
      const r = this.svg.getBoundingClientRect();
      const fx = ((e.clientX - r.left) / r.width) * W;
      const ply = Math.round(((fx - PAD.left) / (W - PAD.left - PAD.right)) * (this.line.length - 1));
      const node = this.line[Math.max(0, Math.min(this.line.length - 1, ply))];
      if (node) this.onSelect(node);
    });
  }

  /**
   * Moves the line of the shown move to it: false where there is none to move (or no longer one),
   * so the graph is drawn again. @param {import('../state.js').State} s
   */
  #moveCurrent(s) {
    const el = this.svg.querySelector('.graph-current');
    const ci = this.line.indexOf(s.current);
    if (!el || ci < 0) return false;
    const x = this.#x(ci);
    el.setAttribute('x1', String(x));
    el.setAttribute('x2', String(x));
    return true;
  }

  /** The x of a ply of the main line drawn. @param {number} ply */
  #x(ply) {
    return PAD.left + (ply / Math.max(1, this.line.length - 1)) * (W - PAD.left - PAD.right);
  }

  /** @param {import('../state.js').State} s */
  draw(s) {
    const { tree, current } = s;
    const verdicts = s.report ? s.report.verdicts : new Map();
    for (const el of [...this.svg.children]) if (el !== this.title) el.remove();
    const line = [tree.root, ...tree.mainline()];
    this.line = line;
    const x = (/** @type {number} */ ply) => this.#x(ply);
    const y = (/** @type {number} */ e) => PAD.top + (1 - e) * (H - PAD.top - PAD.bottom);
    /** @type {{ ply: number, node: import('../model/tree.js').MoveNode, e: number }[]} */
    const points = [];
    line.forEach((node, ply) => {
      if (node.eval) points.push({ ply, node, e: expectedScore(node.eval.score, fenTurn(node.fen).turn) });
    });
    svg('rect', { x: 0, y: 0, width: W, height: H, class: 'graph-bg' }, this.svg);
    if (points.length) {
      // White's area: from the bottom edge up to the curve
      const top = points.map((p) => `${x(p.ply).toFixed(1)},${y(p.e).toFixed(1)}`);
      const first = points[0];
      const last = points[points.length - 1];
      svg('polygon', { points: [`${x(first.ply).toFixed(1)},${H}`, ...top, `${x(last.ply).toFixed(1)},${H}`].join(' '), class: 'graph-white' }, this.svg);
      svg('polyline', { points: top.join(' '), class: 'graph-line' }, this.svg);
    }
    svg('line', { x1: 0, x2: W, y1: y(0.5), y2: y(0.5), class: 'graph-mid' }, this.svg);
    const ci = line.indexOf(current);
    if (ci >= 0) svg('line', { x1: x(ci), x2: x(ci), y1: 0, y2: H, class: 'graph-current' }, this.svg);
    let marks = 0;
    for (const p of points) {
      const v = verdicts.get(p.node.id);
      if (!v || !LISTED_CLASSES.has(v.cls)) continue;
      marks++;
      const c = svg('circle', { cx: x(p.ply), cy: y(p.e), r: 3.2, class: `graph-mark cls-${v.cls}` }, this.svg);
      const parent = /** @type {import('../model/tree.js').MoveNode} */ (p.node.parent);
      svg('title', {}, c).textContent = `${moveNumber(parent.fen, 0)} ${p.node.san}${CLASS_BADGE[/** @type {keyof typeof CLASS_BADGE} */ (v.cls)]} ${moveClass(v.cls).label} (${formatScore(/** @type {any} */ (parent.eval).score)} → ${formatScore(/** @type {any} */ (p.node.eval).score)})`;
    }
    this.container.hidden = points.length < 2;
    this.container.dataset.points = String(points.length);
    this.container.dataset.marks = String(marks);
    this.title.textContent = points.length
      ? `Evaluation by move, White's expected score: ${points.length} of ${line.length} positions evaluated, ${marks} marked moves`
      : 'Evaluation by move: no evaluations yet';
  }
}
