// Messages: the error line (what went wrong; nothing else changed) and the toast (what happened).
import { $ } from '../dom.js';

export class Messages {
  /** @param {import('../state.js').Store} store */
  constructor(store) {
    this.timer = 0;
    store.on(['error'], (s) => {
      const el = $('error');
      el.textContent = s.error;
      el.hidden = !s.error;
    });
  }

  /** Shows a passing message for a few seconds. */
  toast(/** @type {string} */ text) {
    const el = $('toast');
    el.textContent = text;
    el.hidden = false;
    clearTimeout(this.timer);
    this.timer = /** @type {any} */ (setTimeout(() => (el.hidden = true), 6000));
  }
}
