// The move list: the main line with its variations in parentheses (indented blocks at the top
// level, inline deeper down), the shown move highlighted; a click goes there. A move the game
// report marks (Brilliant !!, Great !, Inaccuracy ?!, Mistake ?, Blunder ??, Missed win ✗) or
// the user annotated (NAG) shows its glyph; a move with a note is marked.
import { moveClass, ERROR_CLASSES } from 'mainline-chess/report';
import { h } from '../dom.js';
import { CLASS_BADGE, LISTED_CLASSES, moveNumber } from '../model/format.js';

/** Move-quality NAGs and their glyphs. */
const NAG_GLYPH = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };

/**
 * @typedef {import('../model/tree.js').MoveNode} MoveNode
 * @typedef {import('../state.js').State} State
 */

export class MoveList {
  /**
   * @param {HTMLElement} el @param {import('../state.js').Store} store
   * @param {(node: MoveNode) => void} onSelect
   */
  constructor(el, store, onSelect) {
    this.el = el;
    this.store = store;
    el.addEventListener('click', (e) => {
      const b = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (e.target).closest?.('[data-node]'));
      if (!b) return;
      const node = this.store.state.tree.node(Number(b.dataset.node));
      if (node) onSelect(node);
    });
    store.on(['tree', 'current', 'report', 'play', 'mode'], (s) => this.render(s));
    this.render(store.state);
  }

  /** @param {State} s */
  render(s) {
    const { tree, current } = s;
    const result = s.mode === 'play' && s.play && s.play.end && s.play.end.result !== '*' ? s.play.end.result : '';
    const verdicts = s.report ? s.report.verdicts : new Map();
    const moveEl = (/** @type {MoveNode} */ n, /** @type {boolean} */ forceNumber) => {
      // '12.' before White's move, '12...' before Black's (shown where a line starts)
      const number = moveNumber(tree.root.fen, n.ply - 1);
      const num = n.color === 'w' || forceNumber ? number : '';
      const b = h('button', { type: 'button', class: 'move', dataset: { node: n.id } }, num ? h('span', { class: 'num', text: num }) : null, n.san || '');
      let label = `${number} ${n.san}`;
      const userNag = (n.nags || []).find((x) => x >= 1 && x <= 6);
      const v = verdicts.get(n.id);
      if (v) {
        b.dataset.class = v.cls;
        // a Book move is theory whatever it loses at the review's depth
        if (ERROR_CLASSES.includes(v.severity) && v.cls !== 'book') b.dataset.judgement = v.severity;
      }
      if (userNag) b.append(h('span', { class: 'glyph nag', text: NAG_GLYPH[/** @type {1|2|3|4|5|6} */ (userNag)] }));
      else if (v && LISTED_CLASSES.has(v.cls)) {
        b.append(h('span', { class: `glyph cls-${v.cls}`, text: CLASS_BADGE[/** @type {keyof typeof CLASS_BADGE} */ (v.cls)] }));
      }
      if (v && LISTED_CLASSES.has(v.cls)) label += ` (${moveClass(v.cls).label.toLowerCase()})`;
      if (n.note) {
        b.classList.add('has-note');
        b.title = n.note;
        label += ', has a note';
      }
      b.setAttribute('aria-label', label);
      if (n === current) {
        b.classList.add('current');
        b.setAttribute('aria-current', 'true');
      }
      return b;
    };
    const frag = document.createDocumentFragment();
    const emit = (/** @type {Node} */ container, /** @type {MoveNode} */ parent, /** @type {boolean} */ forceNumber, /** @type {number} */ depth) => {
      let p = parent;
      let force = forceNumber;
      while (p.children.length) {
        const [main, ...variations] = p.children;
        container.appendChild(moveEl(main, force));
        force = false;
        for (const v of variations) {
          const box = h(depth === 0 ? 'div' : 'span', { class: depth === 0 ? 'variation block' : 'variation' });
          box.appendChild(moveEl(v, true));
          emit(box, v, false, depth + 1);
          container.appendChild(box);
          force = true;
        }
        p = main;
      }
    };
    emit(frag, tree.root, true, 0);
    if (result) frag.appendChild(h('span', { class: 'result', text: result }));
    if (!tree.root.children.length && !result) frag.appendChild(h('p', { class: 'moves-empty', text: 'No moves yet: play on the board, or load a FEN or PGN.' }));
    this.el.replaceChildren(frag);
    // keep the current move visible by scrolling the list only (never the page)
    const cur = /** @type {HTMLElement|null} */ (this.el.querySelector('.current'));
    if (cur) {
      const c = this.el; // position: relative, so offsetTop is relative to it
      if (cur.offsetTop < c.scrollTop) c.scrollTop = cur.offsetTop - 8;
      else if (cur.offsetTop + cur.offsetHeight > c.scrollTop + c.clientHeight) c.scrollTop = cur.offsetTop + cur.offsetHeight - c.clientHeight + 8;
    }
  }
}
