// The practice view ("Practice" in the top bar): the user's errors from every analysed game of
// the library, per motif — how many are due, learned and in all — the name the user plays under,
// and the buttons that start a session (all due cards, or one motif's). Drawn from the state's
// `learn` (controllers/learn.js); a modal dialog, every control a button or a field.
import { $, dismissable, h } from '../dom.js';
import { BOX_DAYS, LEARNED_BOX, RETRY_MINUTES } from '../model/schedule.js';

/** @typedef {import('../state.js').State} State */

export class LearnPanel {
  /**
   * @param {import('../state.js').Store} store
   * @param {{ open: () => void, close: () => void, start: (motif: string|null) => void, setNames: (text: string) => void }} actions
   */
  constructor(store, actions) {
    this.dialog = /** @type {HTMLDialogElement} */ ($('learn'));
    $('learn-open').addEventListener('click', () => actions.open());
    dismissable(this.dialog, $('learn-close'), () => actions.close());
    $('learn-rule').textContent = `A card answered right (at the first try, without a hint) comes back after ${BOX_DAYS.slice(1).join(', ')} days, longer each time it is right; a card answered wrong comes back in ${RETRY_MINUTES} minutes and starts again. Learned: right ${LEARNED_BOX} times running.`;
    $('learn-names-form').addEventListener('submit', (e) => {
      e.preventDefault();
      actions.setNames(/** @type {HTMLInputElement} */ ($('learn-names')).value);
    });
    $('learn-body').addEventListener('click', (e) => {
      const b = /** @type {HTMLButtonElement|null} */ (/** @type {HTMLElement} */ (e.target).closest('button[data-motif]'));
      if (b && !b.disabled) actions.start(b.dataset.motif || null);
    });
    store.on(['learn'], (s) => this.render(s));
    store.on(['settings'], (s) => {
      const input = /** @type {HTMLInputElement} */ ($('learn-names'));
      if (document.activeElement !== input) input.value = s.settings.learnNames ?? 'You';
    });
    /** @type {HTMLInputElement} */ ($('learn-names')).value = store.state.settings.learnNames ?? 'You';
    this.render(store.state);
  }

  /** @param {State} s */
  render(s) {
    const l = s.learn;
    if (l.open && !this.dialog.open) this.dialog.showModal();
    if (!l.open && this.dialog.open) this.dialog.close();
    this.dialog.dataset.status = l.status;
    const status = $('learn-status');
    status.textContent = l.message;
    status.dataset.kind = l.status === 'error' ? 'error' : '';
    const body = $('learn-body');
    if (l.status !== 'ready' || !l.rows.length) {
      body.replaceChildren();
      return;
    }
    const start = (/** @type {string} */ motif, /** @type {number} */ due, /** @type {string} */ what) => {
      // the accessible name begins with the visible words (WCAG 2.5.3), then says which motif
      const text = due ? `Practise ${due}` : 'None due';
      return h('button', { type: 'button', dataset: { motif }, disabled: !due, 'aria-label': `${text}: ${what}`, text });
    };
    const table = h(
      'table',
      { class: 'learn-table', 'data-testid': 'learn-table' },
      h('caption', { text: 'Progress by motif' }),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: 'Motif' }), h('th', { scope: 'col', text: 'Due' }), h('th', { scope: 'col', text: 'Learned' }), h('th', { scope: 'col', text: 'Total' }), h('th', { scope: 'col' }, h('span', { class: 'sr-only', text: 'Practise' })))),
      h(
        'tbody',
        {},
        ...l.rows.map((r) =>
          h(
            'tr',
            { 'data-testid': 'learn-row', dataset: { motif: r.motif, due: r.due, learned: r.learned, total: r.total } },
            h('th', { scope: 'row', text: r.name }),
            h('td', { text: r.due }),
            h('td', { text: r.learned }),
            h('td', { text: r.total }),
            h('td', {}, start(r.motif, r.due, r.name)),
          ),
        ),
      ),
    );
    const all = h('button', { type: 'button', class: 'primary', dataset: { motif: '' }, 'data-testid': 'learn-start', disabled: !l.due, text: l.due ? `Practise all due (${l.due})` : 'Nothing due now' });
    const next = l.rows.map((r) => r.next).filter((n) => n !== null);
    const when = !l.due && next.length ? h('p', { class: 'learn-next', text: `The next card is due ${new Date(Math.min(.../** @type {number[]} */ (next))).toLocaleString()}.` }) : null;
    body.replaceChildren(...[all, when, table].filter((x) => x !== null));
  }
}
