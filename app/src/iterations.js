// The iteration panel: one row per completed iteration of the search (newest first), each with
// depth/seldepth, score from White's side (with fail-high/fail-low marks), nodes, speed, time,
// and its line(s) in SAN with move numbers and the reason the line ends. Moves that differ from
// the previous iteration's line are marked. Hovering a move previews its position; clicking
// plays the line up to it.
import { Chess } from 'chess.js';
import { formatCount, formatScore, formatTime, numberedLine, PV_END, whitePov, fenTurn } from './format.js';

/**
 * @typedef {import('mainline-chess').IterationInfo} IterationInfo
 * @typedef {object} Line
 * @property {number} multipv
 * @property {{cp?: number, mate?: number}} score  White's point of view
 * @property {'exact'|'lower'|'upper'} bound        the engine's bound (side to move's view)
 * @property {string[]} pv
 * @property {string[]} pvSan
 * @property {string} pvEnd
 * @property {number} changedFrom  index of the first move that differs from the previous iteration's line
 * @typedef {object} Row
 * @property {string} key
 * @property {number} from   first depth of the row (rows of identical iterations are merged)
 * @property {number} depth  last depth of the row
 * @property {number} seldepth
 * @property {'exact'|'lower'|'upper'} bound
 * @property {number} nodes
 * @property {number} nps
 * @property {number} timeMs
 * @property {Map<number, Line>} lines
 * @property {HTMLElement} [el]
 */

/** Collects the iterations of one search of one position. */
export class IterationLog {
  /** @param {string} fen the searched position */
  constructor(fen) {
    this.fen = fen;
    this.turn = fenTurn(fen).turn;
    /** @type {Row[]} */
    this.rows = [];
    /** @type {Map<number, Line>} the latest exact line of each multipv */
    this.lastExact = new Map();
    this.boundSeq = 0;
  }

  /** The deepest exact row (the current best line is its multipv 1). */
  get best() {
    for (let i = this.rows.length - 1; i >= 0; i--) if (this.rows[i].bound === 'exact') return this.rows[i];
    return null;
  }

  /**
   * Adds one report; returns the row it went into, and a row that was merged into it (whose
   * element must go).
   * @param {IterationInfo} info
   */
  add(info) {
    const prev = this.lastExact.get(info.multipv);
    /** @type {Line} */
    const line = {
      multipv: info.multipv,
      score: whitePov(info.score, this.turn),
      bound: info.bound,
      pv: info.pv,
      pvSan: info.pvSan,
      pvEnd: info.pvEnd,
      changedFrom: firstDifference(prev ? prev.pv : [], info.pv),
    };
    let row;
    /** @type {Row|null} */
    let removed = null;
    if (info.bound === 'exact') {
      row = this.rows.find((r) => r.bound === 'exact' && r.depth === info.depth);
      if (!row) {
        row = /** @type {Row} */ ({ key: `d${info.depth}`, from: info.depth, depth: info.depth, seldepth: info.seldepth, bound: 'exact', nodes: info.nodes, nps: info.nps, timeMs: info.timeMs, lines: new Map() });
        this.rows.push(row);
      }
      row.lines.set(info.multipv, line);
      Object.assign(row, { seldepth: Math.max(row.seldepth, info.seldepth), nodes: info.nodes, nps: info.nps, timeMs: info.timeMs });
      this.lastExact.set(info.multipv, line);
      // once a line ends in a result (mate, a draw), deeper iterations repeat it exactly, often
      // up to the maximum depth within milliseconds: such an iteration joins the previous row,
      // which then shows a depth range
      const i = this.rows.length - 1;
      const prev = this.rows[i - 1];
      if (this.rows[i] === row && prev && prev.bound === 'exact' && prev.depth === row.from - 1 && sameLines(prev, row)) {
        Object.assign(prev, { depth: row.depth, seldepth: Math.max(prev.seldepth, row.seldepth), nodes: row.nodes, nps: row.nps, timeMs: row.timeMs });
        this.rows.pop();
        removed = row;
        row = prev;
      }
    } else {
      row = /** @type {Row} */ ({ key: `d${info.depth}-${info.bound}-${this.boundSeq++}`, from: info.depth, depth: info.depth, seldepth: info.seldepth, bound: info.bound, nodes: info.nodes, nps: info.nps, timeMs: info.timeMs, lines: new Map([[info.multipv, line]]) });
      this.rows.push(row);
    }
    return { row, removed };
  }
}

const RESULT_ENDS = new Set(['mate', 'stalemate', 'repetition', 'fifty', 'material']);

/** Same number of lines, each ending in a result, with the same moves, score and ending. */
function sameLines(a, b) {
  if (a.lines.size !== b.lines.size) return false;
  for (const [mp, la] of a.lines) {
    const lb = b.lines.get(mp);
    if (!lb || !RESULT_ENDS.has(la.pvEnd) || la.pvEnd !== lb.pvEnd || la.score.cp !== lb.score.cp || la.score.mate !== lb.score.mate || la.pv.join() !== lb.pv.join()) return false;
  }
  return true;
}

function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** The engine's bound is from the side to move's view; the mark is about the score shown. */
function boundMark(line, turn) {
  if (line.bound === 'exact') return null;
  // lower bound for the side to move: the true score is at least this (for that side)
  const atLeastForWhite = (line.bound === 'lower') === (turn === 'w');
  return {
    text: atLeastForWhite ? '≥' : '≤',
    title: line.bound === 'lower' ? 'fail high: the search will look again with a wider window (lower bound)' : 'fail low: the search will look again with a wider window (upper bound)',
  };
}

/**
 * Renders an IterationLog into a container and wires hover/click.
 */
export class IterationPanel {
  /**
   * @param {HTMLElement} container the scrolling list of rows
   * @param {{ onHover: (target: { fen: string, uci: string[], san: string, index: number, el: HTMLElement } | null) => void,
   *           onPlay: (fen: string, uci: string[]) => void }} handlers
   */
  constructor(container, handlers) {
    this.el = container;
    this.handlers = handlers;
    /** @type {IterationLog|null} */
    this.log = null;
    this.note = '';
    this.watch(container);
  }

  /**
   * Hovering and clicking the moves of lines in `el` (the rows, or another box of lines such as
   * the saved line) preview and play them.
   * @param {HTMLElement} el
   */
  watch(el) {
    el.addEventListener('mouseover', (e) => this.#hover(e.target));
    el.addEventListener('focusin', (e) => this.#hover(e.target));
    el.addEventListener('mouseleave', () => this.#hover(null));
    el.addEventListener('focusout', (e) => {
      if (!el.contains(/** @type {Node} */ (e.relatedTarget))) this.#hover(null);
    });
    el.addEventListener('click', (e) => {
      const mv = /** @type {HTMLElement} */ (e.target).closest?.('.mv');
      if (!mv) return;
      const t = this.#target(mv);
      if (t) this.handlers.onPlay(t.fen, t.uci);
    });
  }

  /** Starts showing a new search. @param {IterationLog} log @param {string} [note] */
  reset(log, note = '') {
    this.log = log;
    this.note = note;
    this.el.replaceChildren();
    this.#hover(null);
    this.#placeholder();
  }

  /** Shows a message instead of rows (e.g. "game over", "hidden during play"). */
  message(text) {
    this.log = null;
    this.el.replaceChildren();
    this.#hover(null);
    const p = document.createElement('p');
    p.className = 'it-empty';
    p.textContent = text;
    this.el.append(p);
  }

  #placeholder() {
    if (this.log && !this.log.rows.length) {
      const p = document.createElement('p');
      p.className = 'it-empty';
      p.textContent = this.note || 'Waiting for the first iteration…';
      this.el.append(p);
    }
  }

  /**
   * Draws a row that was added or changed.
   * @param {{ row: Row, removed: Row|null }} change what IterationLog.add returned
   */
  update({ row, removed }) {
    if (!this.log) return;
    this.el.querySelector('.it-empty')?.remove();
    if (removed && removed.el) removed.el.remove();
    const el = renderRow(row, this.log);
    if (row.el && row.el.isConnected) row.el.replaceWith(el);
    else this.el.prepend(el);
    row.el = el;
    for (const other of this.el.querySelectorAll('.it-row.latest')) other.classList.remove('latest');
    const best = this.log.best;
    if (best && best.el) best.el.classList.add('latest');
  }

  #target(mv) {
    const lineEl = mv.closest('.it-line');
    if (!lineEl) return null;
    const index = Number(mv.dataset.i);
    const uci = lineEl.dataset.uci.split(' ').slice(0, index + 1);
    return { fen: lineEl.dataset.fen, uci, san: mv.textContent, index, el: mv, number: mv.dataset.num };
  }

  #hovered = null;
  #hover(target) {
    const mv = target && /** @type {HTMLElement} */ (target).closest?.('.mv');
    if (mv === this.#hovered) return;
    this.#hovered?.classList.remove('hovered');
    this.#hovered = mv || null;
    if (mv) mv.classList.add('hovered');
    this.handlers.onHover(mv ? this.#target(mv) : null);
  }
}

/**
 * The saved evaluation of a position as a row like an iteration's: depth, score, the line (its
 * moves can be hovered and played), and where it comes from.
 * @param {import('mainline-chess/annotate').Eval} ev White's point of view
 * @param {string} fen
 */
export function renderStored(ev, fen) {
  const log = { fen, turn: fenTurn(fen).turn };
  const el = document.createElement('div');
  el.className = 'it-row stored bound-exact';
  el.setAttribute('data-testid', 'stored-line');
  el.dataset.depth = String(ev.depth);
  el.dataset.fen = fen;
  el.setAttribute('role', 'row');
  const depth = document.createElement('span');
  depth.className = 'it-depth';
  depth.setAttribute('role', 'cell');
  depth.textContent = String(ev.depth);
  depth.title = `saved evaluation: depth ${ev.depth}`;
  const lines = document.createElement('div');
  lines.className = 'it-lines';
  lines.setAttribute('role', 'cell');
  const pv = ev.pv || [];
  /** @type {Line} */
  const line = { multipv: 1, score: ev.score, bound: 'exact', pv, pvSan: ev.pvSan || [], pvEnd: 'saved', changedFrom: pv.length };
  lines.append(renderLine(line, /** @type {any} */ (log), /** @type {any} */ ({ depth: ev.depth })));
  const stats = document.createElement('span');
  stats.className = 'it-stats';
  stats.setAttribute('role', 'cell');
  const tag = document.createElement('span');
  tag.className = 'stored-tag';
  tag.textContent = 'saved';
  tag.title = 'This evaluation is stored in this browser (the Library); the live search below continues and replaces it when it gets deeper.';
  stats.append(tag);
  if (ev.method) {
    const m = document.createElement('span');
    m.textContent = ev.method;
    m.title = `PV method ${ev.method}`;
    stats.append(m);
  }
  if (ev.nodes) {
    const m = document.createElement('span');
    m.textContent = formatCount(ev.nodes);
    m.title = `${ev.nodes.toLocaleString('en')} nodes`;
    stats.append(m);
  }
  el.append(depth, lines, stats);
  return el;
}

/** @param {Row} row @param {IterationLog} log */
function renderRow(row, log) {
  const el = document.createElement('div');
  el.className = `it-row bound-${row.bound}`;
  el.setAttribute('data-testid', 'iteration-row');
  el.dataset.depth = String(row.depth);
  el.dataset.from = String(row.from);
  el.dataset.bound = row.bound;
  el.setAttribute('role', 'row');

  const depth = document.createElement('span');
  depth.className = 'it-depth';
  depth.setAttribute('role', 'cell');
  depth.textContent = row.from < row.depth ? `${row.from}–${row.depth}` : String(row.depth);
  if (row.from < row.depth) {
    depth.classList.add('range');
    depth.title = `depths ${row.from} to ${row.depth} gave the same line${row.lines.size > 1 ? 's' : ''} and score${row.lines.size > 1 ? 's' : ''}`;
  }
  const sel = document.createElement('small');
  sel.textContent = `/${row.seldepth}`;
  sel.title = `selective depth ${row.seldepth}`;
  depth.append(sel);

  const lines = document.createElement('div');
  lines.className = 'it-lines';
  lines.setAttribute('role', 'cell');
  for (const mp of [...row.lines.keys()].sort((a, b) => a - b)) lines.append(renderLine(row.lines.get(mp), log, row));

  const stats = document.createElement('span');
  stats.className = 'it-stats';
  stats.setAttribute('role', 'cell');
  for (const [cls, text, title] of [
    ['it-nodes', formatCount(row.nodes), `${row.nodes.toLocaleString('en')} nodes`],
    ['it-nps', `${formatCount(row.nps)}/s`, `${row.nps.toLocaleString('en')} nodes per second`],
    ['it-time', formatTime(row.timeMs), `${row.timeMs} ms since the search started`],
  ]) {
    const s = document.createElement('span');
    s.className = cls;
    s.textContent = text;
    s.title = title;
    stats.append(s);
  }
  el.append(depth, lines, stats);
  return el;
}

/** @param {Line} line @param {IterationLog} log @param {Row} row */
function renderLine(line, log, row) {
  const el = document.createElement('div');
  el.className = 'it-line';
  el.setAttribute('data-testid', 'pv-line');
  el.dataset.multipv = String(line.multipv);
  el.dataset.fen = log.fen;
  el.dataset.uci = line.pv.join(' ');
  el.dataset.san = line.pvSan.join(' ');
  el.dataset.pvEnd = line.pvEnd;

  const score = document.createElement('span');
  const text = formatScore(line.score);
  score.className = `it-score ${line.score.mate !== undefined ? 'mate' : ''} ${scoreSide(line.score)}`;
  score.textContent = text;
  const mark = boundMark(line, log.turn);
  if (mark) {
    const m = document.createElement('span');
    m.className = 'it-bound';
    m.textContent = mark.text;
    m.title = mark.title;
    score.prepend(m);
  }
  el.dataset.score = text;

  const moves = document.createElement('span');
  moves.className = 'it-moves';
  numberedLine(log.fen, line.pvSan).forEach(({ san, number }, i) => {
    if (number) {
      const n = document.createElement('span');
      n.className = 'num';
      n.textContent = number;
      moves.append(n);
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'mv';
    if (i >= line.changedFrom && row.depth > 1) {
      b.classList.add('changed');
      if (i === line.changedFrom) b.classList.add('first-change');
    }
    b.dataset.i = String(i);
    b.dataset.num = number;
    b.textContent = san;
    b.setAttribute('aria-label', `${number ? number + ' ' : ''}${san}: show this line up to here on the board`);
    moves.append(b, ' ');
  });
  // a saved line has no ending to show (it was not kept)
  if (line.pvEnd !== 'saved') {
    const end = PV_END[line.pvEnd] || { label: line.pvEnd, title: '' };
    const tag = document.createElement('span');
    tag.className = `pvend pvend-${line.pvEnd}`;
    tag.textContent = end.label;
    tag.title = end.title;
    moves.append(tag);
  }
  el.append(score, moves);
  return el;
}

function scoreSide(score) {
  if (score.mate !== undefined) return score.mate > 0 ? 'white' : 'black';
  return score.cp > 0 ? 'white' : score.cp < 0 ? 'black' : 'even';
}

/** The position after the first `uci.length` moves of a line (chess.js). */
export function fenAfter(fen, uci) {
  const chess = new Chess(fen);
  for (const m of uci) chess.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
  return chess.fen();
}
