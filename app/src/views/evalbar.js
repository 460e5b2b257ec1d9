// The eval bar beside the board: White's share grows from White's side of the board. Its tooltip
// (and its accessible text) gives the win / draw / loss chances of the score, by Mainline's own
// model of what its scores mean (mainline-chess/wdl).
import { formatPercent, formatScore, whiteShare } from '../model/format.js';
import { shownEval, whiteWdl } from '../model/shown.js';
import { barText } from '../model/boardpicture.js';

/** @typedef {import('../state.js').State} State */

export class EvalBar {
  /** @param {HTMLElement} el an element with .eval-fill and .eval-text children @param {import('../state.js').Store} store */
  constructor(el, store) {
    this.el = el;
    this.fill = /** @type {HTMLElement} */ (el.querySelector('.eval-fill'));
    this.text = /** @type {HTMLElement} */ (el.querySelector('.eval-text'));
    el.setAttribute('role', 'meter');
    el.setAttribute('aria-valuemin', '0');
    el.setAttribute('aria-valuemax', '100');
    store.on(['current', 'log', 'evals', 'orientation', 'mode', 'play', 'practice'], (s) => this.render(s));
    this.render(store.state);
  }

  /** @param {State} s */
  render(s) {
    const shown = shownEval(s);
    const score = shown ? shown.score : null;
    const share = whiteShare(score);
    this.fill.style.height = `${(share * 100).toFixed(1)}%`;
    this.el.classList.toggle('flipped', s.orientation === 'black');
    this.el.classList.toggle('empty', !score);
    const text = score ? formatScore(score) : '';
    this.text.textContent = barText(score);
    this.text.classList.toggle('on-white', share >= 0.5);
    this.el.setAttribute('aria-valuenow', String(Math.round(share * 100)));
    let chances = '';
    if (score) {
      const p = whiteWdl(score, s.current.fen);
      chances = `White wins ${formatPercent(p.win)}, draw ${formatPercent(p.draw)}, Black wins ${formatPercent(p.loss)}`;
    }
    this.el.setAttribute('aria-valuetext', score ? `evaluation ${text} (White's view): ${chances}` : 'no evaluation');
    this.el.title = score ? `${text} at depth ${shown?.depth}. ${chances} (Mainline's model of what its scores mean, fitted to its own games).` : 'No evaluation yet';
    this.el.dataset.score = text;
    this.el.dataset.wdl = chances;
  }
}
