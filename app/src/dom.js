// DOM helpers shared by the views: the page's elements by id, small element builders, a SAN line
// with its move numbers, a file download.
import { numberedLine } from './model/format.js';

/** The page's element with this id (the page is index.html; a missing id is a bug, said loudly). */
export function $(/** @type {string} */ id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el;
}

/**
 * An element: `h('button', { type: 'button', class: 'mv', dataset: { i: 2 } }, 'Nf3')`.
 * Attributes `class`, `dataset`, `text` and `on<event>` handlers are understood; the rest are set
 * as attributes (`hidden: true` sets the flag, `false`/`null`/`undefined` leaves it out).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any>} [attrs]
 * @param {...(Node|string|null|undefined|false)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = String(v);
    else if (k === 'dataset') for (const [dk, dv] of Object.entries(v)) el.dataset[dk] = String(dv);
    else if (k === 'text') el.textContent = String(v);
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

/**
 * A SAN line played from `fen` with its move numbers: for each move its number where it has one
 * (a span.num: '12.', '12...'), what `move` makes of it, and a space.
 * @param {string} fen @param {string[]} sans
 * @param {(san: string, index: number, number: string) => Node|string} move
 * @returns {(Node|string)[]}
 */
export function numberedMoves(fen, sans, move) {
  return numberedLine(fen, sans).flatMap(({ san, number }, i) => [...(number ? [h('span', { class: 'num', text: number })] : []), move(san, i, number), ' ']);
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes, appended to `parent` when given. */
export function svg(/** @type {string} */ tag, /** @type {Record<string, string|number>} */ attrs = {}, /** @type {Element|null} */ parent = null) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (parent) parent.append(el);
  return el;
}

/**
 * A modal dialog's ways out: its ✕ button, a click on its backdrop, and Escape (after which the
 * browser has closed it) all call `onClose`, which may be called more than once.
 * @param {HTMLDialogElement} dialog @param {HTMLElement} closeButton @param {() => void} onClose
 */
export function dismissable(dialog, closeButton, onClose) {
  closeButton.addEventListener('click', onClose);
  dialog.addEventListener('close', onClose);
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) onClose();
  });
}

/** Offers text (a PGN unless `type` says otherwise) or a file's contents (a picture) as a download. */
export function download(/** @type {string} */ name, /** @type {string|Blob} */ data, type = 'application/x-chess-pgn') {
  const blob = typeof data === 'string' ? new Blob([data.endsWith('\n') ? data : `${data}\n`], { type }) : data;
  const a = h('a', { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** A file name from a game's name (a PGN's unless `ext` says otherwise). */
export function fileName(/** @type {string} */ name, ext = 'pgn') {
  return `${(name || 'mainline').replace(/[^\p{L}\p{N}._ -]+/gu, '').replace(/\s+/g, '-').slice(0, 80) || 'mainline'}.${ext}`;
}
