// The explanation of a line's score (a dialog): the line, the position it ends in as a heat map
// of what each piece adds to the evaluation, the line's score beside the evaluation of that
// position, and the sentence that says why they agree (or how they differ, and why).
import { $, dismissable, h, numberedMoves } from '../dom.js';
import { drawHeatmap, pieceSentence, ratePieces } from './heatmap.js';
import { formatScore } from '../model/format.js';

/** @typedef {import('../state.js').State} State */

export class ExplainView {
  /** @param {import('../state.js').Store} store @param {{ close: () => void }} actions */
  constructor(store, actions) {
    this.dialog = /** @type {HTMLDialogElement} */ ($('explain'));
    dismissable(this.dialog, $('explain-close'), () => actions.close());
    store.on(['explain', 'orientation'], (s) => this.render(s));
  }

  /** @param {State} s */
  render(s) {
    const x = s.explain;
    if (!x) {
      if (this.dialog.open) this.dialog.close();
      return;
    }
    if (!this.dialog.open) this.dialog.showModal();
    this.dialog.dataset.status = x.status;
    $('explain-title').textContent = `Depth ${x.depth}: ${formatScore(x.score)}`;
    $('explain-line').replaceChildren(...numberedMoves(x.fen, x.pvSan, (san) => san));
    const agree = x.staticEval !== null && x.score.mate === undefined && x.score.cp === x.staticEval;
    $('explain-figures').replaceChildren(
      h('span', { class: 'fig' }, 'The line’s score ', h('strong', { 'data-testid': 'explain-score', text: formatScore(x.score) })),
      h('span', { class: 'fig' }, 'Evaluation at its end ', h('strong', { 'data-testid': 'explain-eval', text: x.staticEval === null ? (x.status === 'loading' ? '…' : '–') : formatScore({ cp: x.staticEval }) })),
      agree ? h('span', { class: 'fig agree', 'data-testid': 'explain-agree', text: '= the same: the line explains its score' }) : '',
    );
    $('explain-message').textContent = x.message;
    const map = $('explain-board');
    if (x.status === 'ready') {
      drawHeatmap(map, x.endFen, x.pieces, s.orientation);
      // the heat map's numbers, for those who do not see it
      map.append(h('ul', { class: 'sr-only', 'aria-label': 'What each piece adds' }, ...ratePieces(x.pieces).map((p) => h('li', { text: pieceSentence(p) }))));
    } else map.replaceChildren(h('p', { class: 'explain-wait', text: x.status === 'loading' ? 'Evaluating…' : '' }));
    map.dataset.pieces = String(x.pieces.length);
    $('explain-legend').hidden = x.status !== 'ready' || !x.pieces.length;
  }
}
