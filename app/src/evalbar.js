// The eval bar beside the board: White's share grows from White's side of the board.
import { formatScore, whiteShare } from './format.js';

export class EvalBar {
  /** @param {HTMLElement} el an element with .eval-fill and .eval-text children */
  constructor(el) {
    this.el = el;
    this.fill = /** @type {HTMLElement} */ (el.querySelector('.eval-fill'));
    this.text = /** @type {HTMLElement} */ (el.querySelector('.eval-text'));
    el.setAttribute('role', 'meter');
    el.setAttribute('aria-valuemin', '0');
    el.setAttribute('aria-valuemax', '100');
    this.set(null);
  }

  /**
   * @param {{cp?: number, mate?: number} | null} score White's point of view; null: no evaluation
   * @param {'white'|'black'} [orientation] the side at the bottom of the board
   */
  set(score, orientation = this.orientation || 'white') {
    this.orientation = orientation;
    const share = whiteShare(score);
    this.fill.style.height = `${(share * 100).toFixed(1)}%`;
    this.el.classList.toggle('flipped', orientation === 'black');
    this.el.classList.toggle('empty', !score);
    const text = score ? formatScore(score) : '';
    // the bar is narrow: one decimal, no plus sign ("0.3", "-1.2", "#4")
    this.text.textContent = !score ? '' : score.mate !== undefined ? text : (score.cp / 100).toFixed(Math.abs(score.cp) >= 1000 ? 0 : 1).replace(/^-?0\.0$/, '0.0');
    this.text.classList.toggle('on-white', share >= 0.5);
    this.el.setAttribute('aria-valuenow', String(Math.round(share * 100)));
    this.el.setAttribute('aria-valuetext', score ? `evaluation ${text} (White's view)` : 'no evaluation');
    this.el.dataset.score = text;
  }
}
