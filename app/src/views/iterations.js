// The iteration panel: one row per completed iteration of the search (newest first), each with
// depth/seldepth, score from White's side (with fail-high/fail-low marks), nodes, speed, time,
// and its line(s) in SAN with move numbers and the reason the line ends; on demand each line's
// win / draw / loss chances. Moves that differ from the previous iteration's line are marked.
// Hovering a move previews its position (a small board) and draws the line on the board;
// clicking plays the line up to it; clicking the line's end explains its score. The saved
// evaluation of the shown position is a row above them.
import { Board } from './board.js';
import { h, numberedMoves } from '../dom.js';
import { fenTurn, formatCount, formatPercent, formatScore, formatTime, moveNumber, PV_END } from '../model/format.js';
import { fenAfter } from '../model/rules.js';
import { whiteWdl } from '../model/shown.js';

/**
 * @typedef {import('../state.js').State} State
 * @typedef {import('../state.js').Store} Store
 * @typedef {import('../model/iterationlog.js').IterationLog} IterationLog
 * @typedef {import('../model/iterationlog.js').Row} Row
 * @typedef {import('../model/iterationlog.js').Line} Line
 * @typedef {{ fen: string, uci: string[], pvSan: string[], depth: number, score: import('../model/format.js').Score, pvEnd: string }} LineRef
 *
 * @typedef {object} PanelActions
 * @property {(fen: string, uci: string[]) => void} onPlay        a click on a move: play the line up to it
 * @property {(line: LineRef) => void} onExplain                  a click on a line's end
 * @property {(hover: { fen: string, uci: string[] } | null) => void} onHover
 */

/** How a line ends: the engine's reasons, and a saved line's end (its reason was not kept). */
const LINE_END = /** @type {Record<string, { label: string, title: string }>} */ ({ ...PV_END, saved: { label: 'end', title: 'The end of the saved line.' } });

/** The engine's bound is from the side to move's view; the mark is about the score shown. */
function boundMark(/** @type {Line} */ line, /** @type {'w'|'b'} */ turn) {
  if (line.bound === 'exact') return null;
  // lower bound for the side to move: the true score is at least this (for that side)
  const atLeastForWhite = (line.bound === 'lower') === (turn === 'w');
  return {
    text: atLeastForWhite ? '≥' : '≤',
    title: line.bound === 'lower' ? 'fail high: the search will look again with a wider window (lower bound)' : 'fail low: the search will look again with a wider window (upper bound)',
  };
}

export class IterationsView {
  /**
   * @param {{ rows: HTMLElement, stored: HTMLElement, preview: HTMLElement, previewBoard: HTMLElement, previewCaption: HTMLElement }} els
   * @param {Store} store @param {PanelActions} actions
   */
  constructor(els, store, actions) {
    this.els = els;
    this.store = store;
    this.actions = actions;
    /** @type {IterationLog|null} */
    this.log = null;
    /** @type {WeakMap<Row, HTMLElement>} */
    this.rowEls = new WeakMap();
    /** @type {WeakMap<Element, Line>} each drawn line's element: the line it shows */
    this.lineOf = new WeakMap();
    this.wdl = store.state.settings.wdl;
    /** the saved evaluation drawn, whether it is shown, and where */
    this.storedEv = /** @type {unknown} */ (undefined);
    this.storedShown = false;
    this.storedFen = '';
    this.storedWdl = false;
    this.preview = new Board(els.previewBoard, { small: true });
    for (const el of [els.rows, els.stored]) this.#watch(el);
    window.addEventListener('scroll', () => (els.preview.hidden = true), { passive: true });
    store.on(['log', 'panelNote', 'settings', 'engineOn', 'mode'], (s) => this.#render(s));
    store.on(['current', 'evals', 'mode', 'log', 'settings'], (s) => this.#renderStored(s));
    store.on(['orientation'], (s) => this.preview.setOrientation(s.orientation));
  }

  #render(/** @type {State} */ s) {
    const rows = this.els.rows;
    const focused = focusKey(rows);
    this.#draw(s);
    this.#keepFocus(rows, focused);
  }

  #draw(/** @type {State} */ s) {
    const rows = this.els.rows;
    const wdlChanged = this.wdl !== s.settings.wdl;
    this.wdl = s.settings.wdl;
    if (!s.log) {
      this.log = null;
      rows.replaceChildren(emptyRow(s.panelNote || ''));
      this.#hover(null);
      return;
    }
    const log = s.log;
    if (log !== this.log || wdlChanged) {
      this.log = log;
      log.takeChanges();
      rows.replaceChildren(...[...log.rows].reverse().map((r) => this.#row(r, log)));
      this.#hover(null);
    } else {
      for (const { row, removed } of s.log.takeChanges()) {
        if (removed) this.rowEls.get(removed)?.remove();
        // the row's element before #row() maps the row to its new one: each MultiPV line of a
        // depth redraws that depth's row in place, not a row of its own
        const old = this.rowEls.get(row);
        const el = this.#row(row, s.log);
        if (old && old.isConnected) old.replaceWith(el);
        else rows.prepend(el);
      }
    }
    rows.querySelector('.it-empty-row')?.remove();
    if (!s.log.rows.length) rows.append(emptyRow(s.panelNote || (s.engineOn || s.mode !== 'analyse' ? 'Waiting for the first iteration…' : 'The engine is off: press L or Resume to analyse.')));
    for (const other of rows.querySelectorAll('.it-row.latest')) other.classList.remove('latest');
    const best = s.log.best;
    if (best) this.rowEls.get(best)?.classList.add('latest');
  }

  /**
   * The saved evaluation of the shown position, as a row above the live ones, while it says more
   * than they do (deeper than the live search, or no live search).
   */
  #renderStored(/** @type {State} */ s) {
    const ev = s.mode === 'analyse' ? s.current.eval : null;
    const box = this.els.stored;
    const live = s.log && s.log.fen === s.current.fen ? s.log.best : null;
    const show = !!ev && ev.depth > 0 && !(live && live.depth >= ev.depth);
    // drawn again only when it changes (a redraw under the pointer would end a hover)
    if (this.storedEv === ev && this.storedShown === show && this.storedFen === s.current.fen && this.storedWdl === s.settings.wdl) return;
    this.storedWdl = s.settings.wdl;
    this.storedEv = ev;
    this.storedShown = show;
    this.storedFen = s.current.fen;
    if (!ev || !show) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const fen = s.current.fen;
    const pv = ev.pv || [];
    /** @type {Line} */
    const line = { multipv: 1, score: ev.score, bound: 'exact', pv, pvSan: ev.pvSan || [], pvEnd: 'saved', changedFrom: pv.length };
    const stats = h(
      'span',
      { class: 'it-stats', role: 'cell' },
      h('span', { class: 'stored-tag', text: 'saved', title: 'This evaluation is stored in this browser (the Library); the live search below continues and replaces it when it gets deeper.' }),
      ev.method ? h('span', { text: ev.method, title: `PV method ${ev.method}` }) : null,
      ev.nodes ? h('span', { text: formatCount(ev.nodes), title: `${ev.nodes.toLocaleString('en')} nodes` }) : null,
    );
    const row = h(
      'div',
      { class: 'it-row stored bound-exact', 'data-testid': 'stored-line', role: 'row', dataset: { depth: ev.depth, fen } },
      h('span', { class: 'it-depth', role: 'cell', text: ev.depth, title: `saved evaluation: depth ${ev.depth}` }),
      h('div', { class: 'it-lines', role: 'cell' }, this.#line(line, fen, ev.depth)),
      stats,
    );
    const focused = focusKey(box);
    box.replaceChildren(row);
    box.hidden = false;
    this.#keepFocus(box, focused);
  }

  /**
   * One tab stop per table, whatever the number of lines and moves (hundreds while the engine
   * searches: Tab would have to cross them all to get past): the stop is the last move the
   * keyboard was on, or the first move of the newest line; the arrow keys go from move to move.
   * A row drawn again under the focus gives it to the same move of the new row (or the stop),
   * instead of dropping it on the page.
   * @param {HTMLElement} box @param {string[]|null} focused focusKey() before the change
   */
  #keepFocus(box, focused) {
    if (focused !== null && !box.contains(document.activeElement)) {
      const same = focused.map((sel) => /** @type {HTMLElement|null} */ (box.querySelector(sel))).find(Boolean);
      if (same) {
        this.#setStop(box, same, true);
        same.focus();
        return;
      }
    }
    // the move the keyboard was last on, while it is shown; else the newest line's first move
    const chosen = this.#chosen.get(box);
    const stop = chosen && chosen.isConnected ? chosen : /** @type {HTMLElement|null} */ (box.querySelector('button'));
    if (stop) this.#setStop(box, stop, stop === chosen);
    if (stop && focused !== null && !box.contains(document.activeElement)) stop.focus();
  }

  /** @type {Map<HTMLElement, HTMLElement>} each table's tab stop */
  #stops = new Map();
  /** @type {Map<HTMLElement, HTMLElement>} each table's move the keyboard (or pointer) was last on */
  #chosen = new Map();

  /** Makes `button` the one tab stop of `box`; `chosen`: the user put it there. @param {HTMLElement} box @param {HTMLElement} button @param {boolean} chosen */
  #setStop(box, button, chosen) {
    const old = this.#stops.get(box);
    if (old !== button) {
      if (old) old.tabIndex = -1;
      button.tabIndex = 0;
      this.#stops.set(box, button);
    }
    if (chosen) this.#chosen.set(box, button);
  }

  /** Makes `button` the tab stop of `box` and focuses it. @param {HTMLElement} box @param {HTMLElement} button */
  #roveTo(box, button) {
    this.#setStop(box, button, true);
    button.focus();
  }

  /**
   * The arrow keys in a table of lines: left and right along a line, up and down to the same
   * move of the line above or below (or its last one), Home and End to a line's ends. They are
   * the table's here, not the move list's (the app's ← → walk the game elsewhere).
   * @param {HTMLElement} box @param {KeyboardEvent} e
   */
  #arrow(box, e) {
    const button = /** @type {HTMLElement} */ (e.target).closest?.('button');
    const lineEl = button && button.closest('.it-line');
    if (!button || !lineEl || e.altKey || e.ctrlKey || e.metaKey) return;
    const inLine = [...lineEl.querySelectorAll('button')];
    const at = inLine.indexOf(button);
    const lines = [...box.querySelectorAll('.it-line')].filter((l) => l.querySelector('button'));
    const li = lines.indexOf(lineEl);
    /** @type {Element|undefined} */
    let next;
    if (e.key === 'ArrowRight') next = inLine[at + 1];
    else if (e.key === 'ArrowLeft') next = inLine[at - 1];
    else if (e.key === 'Home') next = inLine[0];
    else if (e.key === 'End') next = inLine.at(-1);
    else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      const other = lines[li + (e.key === 'ArrowUp' ? -1 : 1)];
      if (other) {
        const bs = [...other.querySelectorAll('button')];
        next = bs[Math.min(at, bs.length - 1)];
      }
    } else return;
    // handled here, even at a table's edge (the game's navigation keys are not taken from here)
    e.preventDefault();
    e.stopPropagation();
    if (next) this.#roveTo(box, /** @type {HTMLElement} */ (next));
  }

  /** @param {Row} row @param {IterationLog} log */
  #row(row, log) {
    const range = row.from < row.depth;
    const depth = h('span', { class: `it-depth${range ? ' range' : ''}`, role: 'cell', title: range ? `depths ${row.from} to ${row.depth} gave the same line${row.lines.size > 1 ? 's' : ''} and score${row.lines.size > 1 ? 's' : ''}` : undefined }, range ? `${row.from}–${row.depth}` : String(row.depth), h('small', { text: `/${row.seldepth}`, title: `selective depth ${row.seldepth}` }));
    const lines = h('div', { class: 'it-lines', role: 'cell' }, ...[...row.lines.keys()].sort((a, b) => a - b).map((mp) => this.#line(/** @type {Line} */ (row.lines.get(mp)), log.fen, row.depth)));
    const stats = h(
      'span',
      { class: 'it-stats', role: 'cell' },
      h('span', { class: 'it-nodes', text: formatCount(row.nodes), title: `${row.nodes.toLocaleString('en')} nodes` }),
      h('span', { class: 'it-nps', text: `${formatCount(row.nps)}/s`, title: `${row.nps.toLocaleString('en')} nodes per second` }),
      h('span', { class: 'it-time', text: formatTime(row.timeMs), title: `${row.timeMs} ms since the search started` }),
    );
    const el = h('div', { class: `it-row bound-${row.bound}`, 'data-testid': 'iteration-row', role: 'row', dataset: { depth: row.depth, from: row.from, bound: row.bound } }, depth, lines, stats);
    this.rowEls.set(row, el);
    return el;
  }

  /** One line: score, moves (hover, click), its end (click: why the score) and, on demand, W/D/L. */
  #line(/** @type {Line} */ line, /** @type {string} */ fen, /** @type {number} */ depth) {
    const turn = fenTurn(fen).turn;
    const text = formatScore(line.score);
    const mark = boundMark(line, turn);
    const score = h('span', { class: `it-score ${line.score.mate !== undefined ? 'mate' : ''} ${scoreSide(line.score)}` }, mark ? h('span', { class: 'it-bound', text: mark.text, title: mark.title }) : null, text);
    const moves = h(
      'span',
      { class: 'it-moves' },
      ...numberedMoves(fen, line.pvSan, (san, i, number) => {
        const changed = i >= line.changedFrom && depth > 1;
        return h('button', { type: 'button', tabindex: -1, class: `mv${changed ? ' changed' : ''}${changed && i === line.changedFrom ? ' first-change' : ''}`, dataset: { i, num: number }, 'aria-label': `${number ? `${number} ` : ''}${san}: play this line up to here (hover or focus: preview it)`, text: san });
      }),
    );
    // a saved line has no ending to show (it was not kept), but its end can be explained too;
    // a fail-high or fail-low line's score is a bound, not a score to explain
    const end = LINE_END[line.pvEnd] || { label: line.pvEnd, title: '' };
    if (line.pv.length && line.bound === 'exact') {
      moves.append(
        h('button', {
          type: 'button',
          tabindex: -1,
          class: `pvend pvend-${line.pvEnd}`,
          'data-testid': 'pv-end',
          title: `${end.title} Click: the position at the end of the line, its evaluation and what each piece adds to it.`,
          'aria-label': `${end.label}: explain this score`,
          text: end.label,
        }),
      );
    } else if (line.pv.length) moves.append(h('span', { class: `pvend pvend-${line.pvEnd}`, title: end.title, text: end.label }));
    const el = h('div', { class: 'it-line', 'data-testid': 'pv-line', dataset: { multipv: line.multipv, fen, uci: line.pv.join(' '), san: line.pvSan.join(' '), pvEnd: line.pvEnd, score: text, depth } }, score, moves);
    this.lineOf.set(el, line);
    if (this.wdl && line.bound === 'exact') {
      const p = whiteWdl(line.score, fen);
      el.append(h('span', { class: 'it-wdl', 'data-testid': 'line-wdl', title: `White wins ${formatPercent(p.win)}, draw ${formatPercent(p.draw)}, Black wins ${formatPercent(p.loss)}, by Mainline's own model of what its scores mean`, text: `1-0 ${formatPercent(p.win)} · ½ ${formatPercent(p.draw)} · 0-1 ${formatPercent(p.loss)}` }));
    }
    return el;
  }

  /** Hovering and clicking the moves of lines in `el`. @param {HTMLElement} el */
  #watch(el) {
    el.addEventListener('keydown', (e) => this.#arrow(el, /** @type {KeyboardEvent} */ (e)));
    // a move reached by the pointer or by Tab becomes the table's tab stop
    el.addEventListener('focusin', (e) => {
      const b = /** @type {HTMLElement} */ (e.target);
      if (b.matches?.('.it-line button')) this.#setStop(el, b, true);
    });
    el.addEventListener('mouseover', (e) => this.#hover(/** @type {HTMLElement} */ (e.target)));
    el.addEventListener('focusin', (e) => this.#hover(/** @type {HTMLElement} */ (e.target)));
    el.addEventListener('mouseleave', () => this.#hover(null));
    el.addEventListener('focusout', (e) => {
      if (!el.contains(/** @type {Node} */ (e.relatedTarget))) this.#hover(null);
    });
    el.addEventListener('click', (e) => {
      const target = /** @type {HTMLElement} */ (e.target);
      const end = target.closest?.('button.pvend');
      const lineEl = /** @type {HTMLElement|null} */ (target.closest?.('.it-line'));
      const line = lineEl && this.lineOf.get(lineEl);
      if (end && lineEl && line) {
        this.actions.onExplain({ fen: String(lineEl.dataset.fen), uci: line.pv, pvSan: line.pvSan, depth: Number(lineEl.dataset.depth), score: line.score, pvEnd: line.pvEnd });
        return;
      }
      const mv = /** @type {HTMLElement|null} */ (target.closest?.('.mv'));
      if (!mv) return;
      const t = this.#target(mv);
      if (t) this.actions.onPlay(t.fen, t.uci);
    });
  }

  #target(/** @type {HTMLElement} */ mv) {
    const lineEl = /** @type {HTMLElement|null} */ (mv.closest('.it-line'));
    if (!lineEl) return null;
    const index = Number(mv.dataset.i);
    const uci = String(lineEl.dataset.uci).split(' ').slice(0, index + 1);
    return { fen: String(lineEl.dataset.fen), uci, san: mv.textContent || '', index, el: mv };
  }

  /** @type {HTMLElement|null} */
  #hovered = null;
  #hover(/** @type {HTMLElement|null} */ target) {
    const mv = /** @type {HTMLElement|null} */ (target?.closest?.('.mv') || null);
    if (mv === this.#hovered) return;
    this.#hovered?.classList.remove('hovered');
    this.#hovered = mv;
    const box = this.els.preview;
    const t = mv ? this.#target(mv) : null;
    if (!mv || !t) {
      box.hidden = true;
      this.actions.onHover(null);
      return;
    }
    mv.classList.add('hovered');
    const fen = safeFenAfter(t.fen, t.uci);
    if (!fen) {
      box.hidden = true;
      this.actions.onHover(null);
      return;
    }
    const last = t.uci[t.uci.length - 1];
    this.preview.set({ fen, lastMove: { from: last.slice(0, 2), to: last.slice(2, 4) }, animate: false });
    this.els.previewCaption.textContent = `after ${moveNumber(t.fen, t.index)} ${t.san}`;
    box.hidden = false;
    const r = mv.getBoundingClientRect();
    const w = box.offsetWidth;
    const hgt = box.offsetHeight;
    const left = Math.min(window.innerWidth - w - 8, Math.max(8, r.left + r.width / 2 - w / 2));
    let top = r.bottom + 6;
    if (top + hgt > window.innerHeight - 8) top = Math.max(8, r.top - hgt - 6);
    box.style.left = `${left}px`;
    box.style.top = `${top}px`;
    this.actions.onHover({ fen: t.fen, uci: t.uci });
  }
}

function scoreSide(/** @type {import('../model/format.js').Score} */ score) {
  if (score.mate !== undefined) return score.mate > 0 ? 'white' : 'black';
  return (score.cp || 0) > 0 ? 'white' : (score.cp || 0) < 0 ? 'black' : 'even';
}

function safeFenAfter(/** @type {string} */ fen, /** @type {string[]} */ uci) {
  try {
    return fenAfter(fen, uci);
  } catch {
    return null;
  }
}

/**
 * The note shown while there is no iteration, as a row of its one cell: the rows' container is a
 * rowgroup of the iterations table, which may hold only rows.
 */
function emptyRow(/** @type {string} */ text) {
  return h('div', { class: 'it-empty-row', role: 'row' }, h('p', { class: 'it-empty', role: 'cell', text }));
}

/**
 * Where the focus is in `box`, as selectors of the same move in a row drawn again, then of the
 * same move of the newest line ([] when it is on no move of a line; null when not in `box`).
 * @returns {string[]|null}
 */
function focusKey(/** @type {HTMLElement} */ box) {
  const el = document.activeElement;
  if (!el || !box.contains(el)) return null;
  const line = /** @type {HTMLElement|null} */ (el.closest('.it-line'));
  if (!line) return [];
  const which = el.classList.contains('pvend') ? 'button.pvend' : `button.mv[data-i="${/** @type {HTMLElement} */ (el).dataset.i}"]`;
  // a row of several depths (the same line again) is drawn again one depth deeper: it keeps its first
  const row = /** @type {HTMLElement|null} */ (line.closest('.it-row'));
  const where = row && row.dataset.from ? `.it-row[data-from="${row.dataset.from}"] ` : '';
  return [`${where}.it-line[data-multipv="${line.dataset.multipv}"]${where ? '' : `[data-depth="${line.dataset.depth}"]`} ${which}`, `.it-line[data-multipv="${line.dataset.multipv}"] ${which}`];
}
