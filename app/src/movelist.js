// The move list: the main line with its variations in parentheses (indented blocks at the top
// level, inline deeper down), the current move highlighted. Clicking a move goes there. A move
// the engine judged (record.js: inaccuracy ?!, mistake ?, blunder ??) or the user annotated
// (NAG) shows its glyph; a move with a note is marked.
import { fenTurn } from './format.js';
import { judgement } from './record.js';

/** Move-quality NAGs and their glyphs. */
const NAG_GLYPH = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };

/** @typedef {import('./tree.js').MoveNode} MoveNode */

export class MoveList {
  /**
   * @param {HTMLElement} el
   * @param {(node: MoveNode) => void} onSelect
   */
  constructor(el, onSelect) {
    this.el = el;
    this.onSelect = onSelect;
    /** @type {import('./tree.js').GameTree|null} */
    this.tree = null;
    el.addEventListener('click', (e) => {
      const b = /** @type {HTMLElement} */ (e.target).closest?.('[data-node]');
      if (!b || !this.tree) return;
      const node = this.tree.node(Number(/** @type {HTMLElement} */ (b).dataset.node));
      if (node) this.onSelect(node);
    });
  }

  /**
   * @param {import('./tree.js').GameTree} tree
   * @param {MoveNode} current
   * @param {string} [result] a game result to print at the end ("1-0", ...)
   */
  render(tree, current, result = '') {
    this.tree = tree;
    const { fullmove, turn } = fenTurn(tree.root.fen);
    // move number of a node: counted from the root position's number and side to move
    const numberOf = (/** @type {MoveNode} */ n) => fullmove + Math.floor((n.ply - 1 + (turn === 'b' ? 1 : 0)) / 2);
    const frag = document.createDocumentFragment();
    const moveEl = (/** @type {MoveNode} */ n, forceNumber) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'move';
      b.dataset.node = String(n.id);
      const num = n.color === 'w' ? `${numberOf(n)}.` : forceNumber ? `${numberOf(n)}...` : '';
      if (num) {
        const s = document.createElement('span');
        s.className = 'num';
        s.textContent = num;
        b.append(s);
      }
      b.append(n.san || '');
      const j = judgement(n);
      const userNag = (n.nags || []).find((x) => x >= 1 && x <= 6);
      let label = `${numberOf(n)}${n.color === 'w' ? '.' : '...'} ${n.san}`;
      if (userNag || j) {
        const g = document.createElement('span');
        g.className = `glyph ${userNag ? 'nag' : `mark-${/** @type {any} */ (j).name}`}`;
        g.textContent = userNag ? NAG_GLYPH[/** @type {1|2|3|4|5|6} */ (userNag)] : /** @type {any} */ (j).glyph;
        b.append(g);
        if (j) {
          b.dataset.judgement = j.name;
          label += ` (${j.label.toLowerCase()})`;
        }
      }
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
    const emit = (/** @type {Node} */ container, /** @type {MoveNode} */ parent, forceNumber, depth) => {
      let p = parent;
      let force = forceNumber;
      while (p.children.length) {
        const [main, ...variations] = p.children;
        container.appendChild(moveEl(main, force));
        force = false;
        for (const v of variations) {
          const box = document.createElement(depth === 0 ? 'div' : 'span');
          box.className = depth === 0 ? 'variation block' : 'variation';
          box.appendChild(moveEl(v, true));
          emit(box, v, false, depth + 1);
          container.appendChild(box);
          force = true;
        }
        p = main;
      }
    };
    emit(frag, tree.root, true, 0);
    if (result) {
      const r = document.createElement('span');
      r.className = 'result';
      r.textContent = result;
      frag.appendChild(r);
    }
    if (!tree.root.children.length && !result) {
      const empty = document.createElement('p');
      empty.className = 'moves-empty';
      empty.textContent = 'No moves yet: play on the board, or load a FEN or PGN.';
      frag.appendChild(empty);
    }
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
