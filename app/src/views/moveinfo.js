// For a move the game report has classed: its class, what it cost in the mover's expected score,
// why it got the class (a sacrifice for Brilliant, the second-best line for Great), and the
// engine's line from the position before it, whose moves can be played.
import { ERROR_CLASSES, moveClass } from 'mainline-chess/report';
import { openingOf } from 'mainline-chess/openings';
import { h, numberedMoves } from '../dom.js';
import { CLASS_BADGE, formatScore, moveNumber } from '../model/format.js';

/** @typedef {import('../state.js').State} State */

export class MoveInfo {
  /**
   * @param {HTMLElement} box @param {import('../state.js').Store} store
   * @param {{ playLine: (from: import('../model/tree.js').MoveNode, uci: string[]) => void,
   *   words?: (node: import('../model/tree.js').MoveNode, cls: string) => Promise<import('../controllers/words.js').Words> }} actions
   */
  constructor(box, store, actions) {
    this.box = box;
    this.actions = actions;
    /** counts renders: only the newest one's words are shown */
    this.token = 0;
    store.on(['current', 'report', 'mode'], (s) => this.render(s));
  }

  /** @param {State} s */
  render(s) {
    const token = ++this.token;
    const box = this.box;
    const n = s.current;
    const v = s.mode === 'analyse' && s.report ? s.report.verdicts.get(n.id) : undefined;
    box.replaceChildren();
    box.hidden = true;
    const parent = n.parent;
    const pev = parent && parent.eval;
    if (!v || !parent || !pev || !n.eval) return;
    const cls = moveClass(v.cls);
    const error = ERROR_CLASSES.includes(v.severity) && v.cls !== 'book';
    const head = h(
      'p',
      {},
      `${moveNumber(parent.fen, 0)} ${n.san}`,
      h('span', { class: `glyph cls-${v.cls}`, text: CLASS_BADGE[/** @type {keyof typeof CLASS_BADGE} */ (v.cls)] }),
      ` ${cls.label}: ${formatScore(pev.score)} → ${formatScore(n.eval.score)} (expected score ${Math.round(v.winBefore)}% → ${Math.round(v.winAfter)}%).`,
    );
    box.append(head);
    const why = v.cls === 'book' ? bookReason(s.tree.path(n).map((x) => x.fen)) : reason(v.cls, pev);
    if (why) box.append(h('p', { class: 'why', text: why }));
    // Why, in words checked against the engine's lines (mainline-chess/explain): errors and the
    // moves that are more than best.
    if (this.actions.words && (error || ['great', 'brilliant', 'missed-win'].includes(v.cls))) {
      const words = h('p', { class: 'words', 'data-testid': 'move-words', 'aria-live': 'polite', text: 'Looking for the reason in the engine’s line…' });
      box.append(words);
      this.actions.words(n, v.cls).then(
        (w) => {
          if (token !== this.token) return;
          words.textContent = w.sentences.map((x) => x.text).join(' ');
          words.dataset.numbersOnly = String(w.numbersOnly);
        },
        (e) => {
          if (token !== this.token) return;
          words.textContent = `No reason can be given: ${/** @type {Error} */ (e).message}`;
          words.dataset.numbersOnly = 'true';
        },
      );
    }
    const best = pev.pv || [];
    if (pev.pvSan && pev.pvSan.length && best.length && best[0] !== n.uci) {
      const moves = numberedMoves(parent.fen, pev.pvSan, (san, i, number) =>
        h('button', {
          type: 'button',
          class: 'mv',
          'aria-label': `${number ? `${number} ` : ''}${san}: play the engine's line up to here`,
          text: san,
          onclick: () => this.actions.playLine(parent, best.slice(0, i + 1)),
        }),
      );
      box.append(h('p', { class: 'best-line' }, `${pev.pvSan[0]} was best: `, ...moves));
    }
    box.hidden = false;
    box.className = `move-info cls-${v.cls}`;
    box.dataset.class = v.cls;
    box.dataset.judgement = error ? v.severity : '';
  }
}

/** What a Book move is: theory, and of which opening. @param {string[]} fens the line to the move's position, the start first */
function bookReason(fens) {
  const o = openingOf(fens);
  return `Theory: the game is still inside the named openings${o ? ` (${o.eco} ${o.name})` : ''}.`;
}

/** Why a move got a class the loss alone does not give. @param {string} cls @param {import('mainline-chess/annotate').Eval} before */
function reason(cls, before) {
  if (cls === 'brilliant') return 'A sacrifice: material given up along the engine’s line, and still the best move.';
  if (cls === 'great') return before.second ? `The only move that keeps the result: the next best, ${before.second.pvSan?.[0] || before.second.pv[0] || ''}, gives ${formatScore(before.second.score)}.` : 'The only move that keeps the result.';
  if (cls === 'missed-win') return 'The position was won before this move, and is not after it.';
  if (cls === 'best') return 'The engine’s own choice.';
  if (cls === 'forced') return 'The only legal move.';
  return '';
}
