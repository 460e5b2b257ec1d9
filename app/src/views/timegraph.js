// The time each move took (model/clock.js, from the game's [%clk] comments and its TimeControl),
// under the evaluation graph and on the same moves: White's moves as bars up from the middle,
// Black's down, to the longest move's height; the shown move as a vertical line. A move whose
// time is unknown (each side's first, or a clock that cannot be read) has no bar. Hidden when no
// move's time is known. Clicking goes to that move. Plain SVG.
import { formatDuration, moveTimes } from '../model/clock.js';
import { moveNumber } from '../model/format.js';
import { svg } from '../dom.js';
import { PAD as EVAL_PAD, W } from './evalgraph.js';

const H = 64;
// the evaluation graph's width and left and right padding, so that a move is at the same x in both
const PAD = { left: EVAL_PAD.left, right: EVAL_PAD.right, top: 3, bottom: 3 };

export class TimeGraph {
  /**
   * @param {HTMLElement} container the figure (its figcaption says where the increment comes from)
   * @param {import('../state.js').Store} store
   * @param {(node: import('../model/tree.js').MoveNode) => void} onSelect
   */
  constructor(container, store, onSelect) {
    this.container = container;
    this.caption = /** @type {HTMLElement} */ (container.querySelector('figcaption'));
    this.svg = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', class: 'time-graph-svg', preserveAspectRatio: 'none' });
    this.title = svg('title', {}, this.svg);
    container.append(this.svg);
    /** @type {import('../model/tree.js').MoveNode[]} the root, then the main line */
    this.line = [];
    store.on(['tree', 'current', 'headers'], (s) => this.draw(s));
    this.draw(store.state);
    this.svg.addEventListener('click', (e) => {
      if (this.line.length < 2) return;
      const r = this.svg.getBoundingClientRect();
      const fx = ((e.clientX - r.left) / r.width) * W;
      const ply = Math.round(((fx - PAD.left) / (W - PAD.left - PAD.right)) * (this.line.length - 1));
      const node = this.line[Math.max(1, Math.min(this.line.length - 1, ply))];
      if (node) onSelect(node);
    });
  }

  /** The x of a ply of the main line (0: the start), as the evaluation graph places it. @param {number} ply */
  #x(ply) {
    return PAD.left + (ply / Math.max(1, this.line.length - 1)) * (W - PAD.left - PAD.right);
  }

  /** @param {import('../state.js').State} s */
  draw(s) {
    for (const el of [...this.svg.children]) if (el !== this.title) el.remove();
    const main = s.tree.mainline();
    this.line = [s.tree.root, ...main];
    const times = moveTimes(main, s.headers);
    this.container.hidden = times.known === 0;
    this.container.dataset.known = String(times.known);
    // each move's time in tenths of a second, '' where unknown: what the tests read
    this.container.dataset.times = times.moves.map((m) => (m.seconds === null ? '' : String(m.seconds))).join(',');
    if (!times.known) {
      this.title.textContent = 'Time per move: the game has no clocks';
      return;
    }
    const max = Math.max(1, ...times.moves.map((m) => m.seconds ?? 0));
    const mid = H / 2;
    const half = mid - PAD.top;
    const step = (W - PAD.left - PAD.right) / Math.max(1, this.line.length - 1);
    const width = Math.max(0.6, Math.min(6, step * 0.8));
    svg('rect', { x: 0, y: 0, width: W, height: H, class: 'time-bg' }, this.svg);
    svg('line', { x1: 0, x2: W, y1: mid, y2: mid, class: 'time-mid' }, this.svg);
    times.moves.forEach((m, i) => {
      if (m.seconds === null) return;
      const h = Math.max(0.8, (m.seconds / max) * half);
      const bar = svg('rect', { x: this.#x(i + 1) - width / 2, y: m.color === 'w' ? mid - h : mid, width, height: h, class: `time-bar time-${m.color}`, 'data-ply': i + 1 }, this.svg);
      const parent = /** @type {import('../model/tree.js').MoveNode} */ (m.node.parent);
      svg('title', {}, bar).textContent = `${moveNumber(parent.fen, 0)} ${m.node.san}: ${formatDuration(m.seconds)}`;
    });
    const ci = this.line.indexOf(s.current);
    if (ci >= 0) svg('line', { x1: this.#x(ci), x2: this.#x(ci), y1: 0, y2: H, class: 'graph-current' }, this.svg);
    const total = (/** @type {'w'|'b'} */ c) => times.moves.filter((m) => m.color === c && m.seconds !== null);
    const side = (/** @type {'w'|'b'} */ c, /** @type {string} */ name) => {
      const ms = total(c);
      if (!ms.length) return `${name}: no move timed`;
      const longest = ms.reduce((a, b) => (/** @type {number} */ (b.seconds) > /** @type {number} */ (a.seconds) ? b : a));
      const lp = /** @type {import('../model/tree.js').MoveNode} */ (longest.node.parent);
      return `${name}: ${ms.length} moves timed, ${formatDuration(ms.reduce((a, m) => a + /** @type {number} */ (m.seconds), 0))} in all, the longest ${moveNumber(lp.fen, 0)} ${longest.node.san} (${formatDuration(/** @type {number} */ (longest.seconds))})`;
    };
    this.title.textContent = `Time per move, from the clocks. ${side('w', 'White')}. ${side('b', 'Black')}.`;
    const inc = times.control
      ? `increment ${times.control.increment} s, from TimeControl ${times.control.text}`
      : 'no TimeControl header, so no increment is added';
    this.caption.textContent = `Time per move (White up, Black down; longest ${formatDuration(max)}; ${inc})`;
  }
}
