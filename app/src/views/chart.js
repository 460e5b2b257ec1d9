// Score by depth for the current position: the best line's exact score at every iteration
// (White's point of view), with fail-high/fail-low reports as small triangles. Plain SVG, drawn
// from the state's iteration log.
import { formatScore } from '../model/format.js';
import { svg } from '../dom.js';

const W = 320;
const H = 120;
const PAD = { left: 30, right: 8, top: 8, bottom: 18 };

/** Pawns for plotting: mates at the edge of the range. */
function plotValue(/** @type {import('../model/format.js').Score} */ score, /** @type {number} */ range) {
  if (score.mate !== undefined) return score.mate > 0 ? range : -range;
  return Math.max(-range, Math.min(range, (score.cp || 0) / 100));
}

export class ScoreChart {
  /** @param {HTMLElement} container @param {import('../state.js').Store} store */
  constructor(container, store) {
    this.container = container;
    this.svg = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', class: 'score-chart' });
    this.title = svg('title', {}, this.svg);
    container.append(this.svg);
    store.on(['log'], (s) => this.draw(s.log));
    this.draw(null);
  }

  /** @param {import('../model/iterationlog.js').IterationLog | null} log */
  draw(log) {
    for (const el of [...this.svg.children]) if (el !== this.title) el.remove();
    /** @type {{ depth: number, to: number, score: import('../model/format.js').Score }[]} exact rows: first and last depth of a (merged) row */
    const points = [];
    /** @type {{ depth: number, score: import('../model/format.js').Score, up: boolean }[]} */
    const bounds = [];
    for (const row of log ? log.rows : []) {
      const line = row.lines.get(1);
      if (!line || !log) continue;
      if (row.bound === 'exact') points.push({ depth: row.from, to: row.depth, score: line.score });
      else bounds.push({ depth: row.depth, score: line.score, up: (line.bound === 'lower') === (log.turn === 'w') });
    }
    const all = [...points, ...bounds];
    const maxAbs = Math.max(1, ...all.map((p) => (p.score.mate !== undefined ? 0 : Math.abs(p.score.cp || 0) / 100)));
    const range = Math.min(10, Math.ceil(maxAbs));
    // the x axis ends a little after the last change: a row that repeats up to depth 120 (a
    // proven mate) is drawn as a flat line to the edge and labelled
    const lastDepth = Math.max(0, ...points.map((p) => p.to), ...bounds.map((b) => b.depth));
    const maxDepth = Math.max(10, ...points.map((p) => (p.to > p.depth ? Math.min(p.to, p.depth + 3) : p.depth)), ...bounds.map((b) => b.depth));
    const x = (/** @type {number} */ d) => PAD.left + ((Math.min(d, maxDepth) - 1) / Math.max(1, maxDepth - 1)) * (W - PAD.left - PAD.right);
    const y = (/** @type {number} */ v) => PAD.top + ((range - v) / (2 * range)) * (H - PAD.top - PAD.bottom);

    // axes and grid
    svg('rect', { x: PAD.left, y: PAD.top, width: W - PAD.left - PAD.right, height: H - PAD.top - PAD.bottom, class: 'chart-bg' }, this.svg);
    svg('rect', { x: PAD.left, y: PAD.top, width: W - PAD.left - PAD.right, height: y(0) - PAD.top, class: 'chart-white' }, this.svg);
    for (const v of [range, range / 2, 0, -range / 2, -range]) {
      svg('line', { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), class: v === 0 ? 'chart-zero' : 'chart-grid' }, this.svg);
      const t = svg('text', { x: PAD.left - 4, y: y(v) + 3, class: 'chart-label', 'text-anchor': 'end' }, this.svg);
      t.textContent = v === 0 ? '0' : `${v > 0 ? '+' : ''}${Number.isInteger(v) ? v : v.toFixed(1)}`;
    }
    const step = maxDepth > 30 ? 10 : 5;
    for (let d = step; d <= maxDepth; d += step) {
      const t = svg('text', { x: x(d), y: H - 5, class: 'chart-label', 'text-anchor': 'middle' }, this.svg);
      t.textContent = String(d);
    }
    const axis = svg('text', { x: PAD.left - 4, y: H - 5, class: 'chart-label chart-axis', 'text-anchor': 'end' }, this.svg);
    axis.textContent = 'depth';

    if (points.length) {
      const coords = points.flatMap((p) => {
        const v = y(plotValue(p.score, range));
        return p.to > p.depth ? [`${x(p.depth)},${v}`, `${x(p.to)},${v}`] : [`${x(p.depth)},${v}`];
      });
      svg('polyline', { points: coords.join(' '), class: 'chart-line' }, this.svg);
      for (const p of points) {
        const c = svg('circle', { cx: x(p.depth), cy: y(plotValue(p.score, range)), r: 2.2, class: p.score.mate !== undefined ? 'chart-point mate' : 'chart-point' }, this.svg);
        svg('title', {}, c).textContent = p.to > p.depth ? `depths ${p.depth}–${p.to}: ${formatScore(p.score)}` : `depth ${p.depth}: ${formatScore(p.score)}`;
      }
      if (lastDepth > maxDepth) {
        const last = points[points.length - 1];
        const t = svg('text', { x: W - PAD.right - 2, y: y(plotValue(last.score, range)) + (plotValue(last.score, range) > 0 ? 10 : -4), class: 'chart-label chart-more', 'text-anchor': 'end' }, this.svg);
        t.textContent = `same to depth ${lastDepth} →`;
      }
    }
    for (const b of bounds) {
      const cx = x(b.depth);
      const cy = y(plotValue(b.score, range));
      const d = b.up ? `M${cx - 3} ${cy + 2} L${cx + 3} ${cy + 2} L${cx} ${cy - 3} Z` : `M${cx - 3} ${cy - 2} L${cx + 3} ${cy - 2} L${cx} ${cy + 3} Z`;
      const tri = svg('path', { d, class: 'chart-bound' }, this.svg);
      svg('title', {}, tri).textContent = `depth ${b.depth}: ${b.up ? 'at least' : 'at most'} ${formatScore(b.score)} (aspiration window failed)`;
    }
    this.title.textContent = points.length
      ? `Score by depth: ${points.map((p) => `depth ${p.to > p.depth ? `${p.depth}–${p.to}` : p.depth} ${formatScore(p.score)}`).join(', ')}`
      : 'Score by depth: no iterations yet';
    this.container.dataset.points = String(points.length);
  }
}
