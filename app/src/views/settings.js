// The engine settings (behind the ⚙ button): Hash, Threads (as far as the page allows them),
// lines per search (MultiPV), the PV method, arrows on the board, win / draw / loss per line.
import { $ } from '../dom.js';

/** @typedef {import('../state.js').State} State */

export class SettingsView {
  /**
   * @param {import('../state.js').Store} store
   * @param {{ apply: (patch: Partial<import('../state.js').Settings>) => Promise<string> }} actions  apply: resolves with what was set
   */
  constructor(store, actions) {
    this.store = store;
    const select = (/** @type {string} */ id) => /** @type {HTMLSelectElement} */ ($(id));
    const check = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ ($(id));
    const apply = async (/** @type {Partial<import('../state.js').Settings>} */ patch) => {
      $('settings-note').textContent = '';
      try {
        $('settings-note').textContent = await actions.apply(patch);
      } catch (e) {
        store.set({ error: `Settings: ${/** @type {Error} */ (e).message}` });
      }
    };
    select('set-hash').addEventListener('change', (e) => apply({ hash: Number(/** @type {HTMLSelectElement} */ (e.target).value) }));
    select('set-threads').addEventListener('change', (e) => apply({ threads: Number(/** @type {HTMLSelectElement} */ (e.target).value) }));
    select('set-multipv').addEventListener('change', (e) => apply({ multipv: Number(/** @type {HTMLSelectElement} */ (e.target).value) }));
    select('set-pvmethod').addEventListener('change', (e) => apply({ pvMethod: /** @type {any} */ (/** @type {HTMLSelectElement} */ (e.target).value) }));
    check('set-arrows').addEventListener('change', (e) => apply({ arrows: /** @type {HTMLInputElement} */ (e.target).checked }));
    check('set-wdl').addEventListener('change', (e) => apply({ wdl: /** @type {HTMLInputElement} */ (e.target).checked }));
    store.on(['settings', 'engine'], (s) => this.render(s));
    this.render(store.state);
  }

  /** @param {State} s */
  render(s) {
    const st = s.settings;
    const hash = /** @type {HTMLSelectElement} */ ($('set-hash'));
    hash.value = String(st.hash);
    // sizes above the platform's maximum (32 MB on iPhones) are not offered
    for (const o of hash.options) o.disabled = Number(o.value) > s.engine.maxHash;
    /** @type {HTMLSelectElement} */ ($('set-multipv')).value = String(st.multipv);
    /** @type {HTMLSelectElement} */ ($('set-pvmethod')).value = st.pvMethod;
    /** @type {HTMLInputElement} */ ($('set-arrows')).checked = st.arrows;
    /** @type {HTMLInputElement} */ ($('set-wdl')).checked = st.wdl;
    const threads = /** @type {HTMLSelectElement} */ ($('set-threads'));
    const max = Math.max(1, s.engine.maxThreads);
    if (threads.options.length !== max) {
      threads.replaceChildren(
        ...Array.from({ length: max }, (_, i) => {
          const o = document.createElement('option');
          o.value = o.textContent = String(i + 1);
          return o;
        }),
      );
    }
    threads.value = String(s.engine.threads);
    threads.disabled = s.engine.build !== 'threaded';
    $('threads-note').textContent = !s.engine.build
      ? ''
      : s.engine.build === 'threaded'
        ? `Searching with ${s.engine.threads} of up to ${max} threads (${navigator.hardwareConcurrency || '?'} cores here).`
        : 'One thread: this page is not cross-origin isolated (the server sends no COOP/COEP headers), so browsers give it no shared memory for threads.';
  }
}
