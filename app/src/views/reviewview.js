// The controls and progress of "Analyse game" (the report panel) and "Analyse library" (the library
// dialog): what to search per position and on how many engines (one setting for both, kept with
// the others), Start and Cancel, a progress bar with the positions, games, speed and an estimate
// of the time left, and a polite live region that says the start, every tenth of the way (every
// game, for a few) and the outcome, not every position (which would drown a screen reader).
import { formatDuration } from 'mainline-chess/review';
import { $, h } from '../dom.js';

/**
 * @typedef {import('../state.js').State} State
 * @typedef {import('../state.js').ReviewState} ReviewState
 * @typedef {{ depth?: number, movetime?: number }} ReviewLimits
 */

/** What a review may search per position, for both forms: [value, words]. */
export const REVIEW_LIMITS = [
  ['depth:8', 'depth 8'],
  ['depth:10', 'depth 10'],
  ['depth:12', 'depth 12'],
  ['depth:14', 'depth 14'],
  ['depth:16', 'depth 16'],
  ['depth:18', 'depth 18'],
  ['movetime:500', '0.5 s'],
  ['movetime:1000', '1 s'],
  ['movetime:3000', '3 s'],
  ['movetime:10000', '10 s'],
];

/** The most engines offered (each is a worker and a core). */
const MAX_WORKERS = 16;

/** "depth:12" / "movetime:500" as limits. @param {string} value @returns {ReviewLimits} */
export function parseLimit(value) {
  const [kind, n] = value.split(':');
  return kind === 'movetime' ? { movetime: Number(n) } : { depth: Number(n) || 12 };
}

/** What a review searches per position, in words. @param {ReviewLimits} limits */
function perPosition(limits) {
  return limits.depth ? `depth ${limits.depth}` : `${(limits.movetime || 0) / 1000} s`;
}

/** A running review's progress in a line. @param {ReviewState} r */
export function progressText(r) {
  const games = r.scope === 'library' ? `${r.gamesDone} / ${r.games} games · ` : '';
  const eta = r.etaMs !== null && r.done < r.total ? ` · about ${formatDuration(r.etaMs)} left` : '';
  return `${r.resumed ? 'Going on after a reload: ' : ''}${games}${r.done} / ${r.total} positions · ${perPosition(r.limits)} per position · ${r.workers} engine${r.workers === 1 ? '' : 's'}${eta}`;
}

/**
 * One review form and its progress: the game's (prefix "review") or the library's ("library-review").
 * The elements: PREFIX-form, PREFIX-limit, PREFIX-workers, PREFIX-start, PREFIX-cancel,
 * PREFIX-progress-box, PREFIX-progress, PREFIX-progress-text, PREFIX-status.
 */
export class ReviewView {
  /**
   * @param {import('../state.js').Store} store
   * @param {'game'|'library'} scope  what this form starts
   * @param {string} prefix  its elements' ids begin with this
   * @param {{ start: (limits: ReviewLimits) => void, cancel: () => void }} actions
   */
  constructor(store, scope, prefix, actions) {
    this.store = store;
    this.scope = scope;
    this.el = (/** @type {string} */ id) => $(`${prefix}-${id}`);
    /** the share of the way last said (tenths), so each is said once */
    this.said = -1;
    const limit = /** @type {HTMLSelectElement} */ (this.el('limit'));
    const workers = /** @type {HTMLSelectElement} */ (this.el('workers'));
    limit.replaceChildren(...REVIEW_LIMITS.map(([value, text]) => h('option', { value, text })));
    const cores = typeof navigator !== 'undefined' && navigator.hardwareConcurrency ? navigator.hardwareConcurrency : 2;
    const auto = Math.max(1, cores - 1);
    workers.replaceChildren(
      h('option', { value: '0', text: `Automatic: ${auto}` }),
      ...Array.from({ length: Math.min(MAX_WORKERS, Math.max(cores, 2)) }, (_, i) => h('option', { value: String(i + 1), text: String(i + 1) })),
    );
    const setting = (/** @type {Partial<import('../state.js').Settings>} */ patch) => store.set({ settings: { ...store.state.settings, ...patch } });
    limit.addEventListener('change', () => setting({ reviewLimit: limit.value }));
    workers.addEventListener('change', () => setting({ reviewWorkers: Number(workers.value) }));
    this.el('form').addEventListener('submit', (e) => {
      e.preventDefault();
      actions.start(parseLimit(limit.value));
    });
    this.el('cancel').addEventListener('click', () => actions.cancel());
    store.on(['review', 'settings'], (s) => this.render(s));
    this.render(store.state);
  }

  /** @param {State} s */
  render(s) {
    const r = s.review;
    const limit = /** @type {HTMLSelectElement} */ (this.el('limit'));
    const workers = /** @type {HTMLSelectElement} */ (this.el('workers'));
    if ([...limit.options].some((o) => o.value === s.settings.reviewLimit)) limit.value = s.settings.reviewLimit;
    workers.value = String(s.settings.reviewWorkers ?? 0);
    if (workers.selectedIndex < 0) workers.value = '0';
    const mine = r.scope === this.scope;
    // one review at a time: a running one (of either kind) is shown, with its Cancel, in both places
    const shown = r.running || (mine && !!r.text);
    this.el('progress-box').hidden = !shown;
    this.el('cancel').hidden = !r.running;
    /** @type {HTMLButtonElement} */ (this.el('start')).disabled = r.running;
    limit.disabled = workers.disabled = r.running;
    const bar = /** @type {HTMLProgressElement} */ (this.el('progress'));
    bar.max = Math.max(1, r.total);
    bar.value = r.done;
    bar.setAttribute('aria-valuetext', `${r.done} of ${r.total} positions${r.scope === 'library' ? `, ${r.gamesDone} of ${r.games} games` : ''}`);
    const other = r.running && !mine ? (r.scope === 'library' ? 'Analysing the library: ' : 'Analysing the open game: ') : '';
    this.el('progress-text').textContent = r.running ? `${other}${progressText(r)}` : mine ? r.text : '';
    this.#say(r, mine);
    if (this.scope === 'game') {
      // for tests and styles: whether a review runs, and how the last one ended
      if (r.running) document.body.dataset.review = 'running';
      else if (r.outcome) document.body.dataset.review = r.outcome;
      else delete document.body.dataset.review;
    }
  }

  /** The live region: the start, each tenth of the way (or each game, for a few), the outcome. @param {ReviewState} r @param {boolean} mine */
  #say(r, mine) {
    const status = this.el('status');
    if (!mine) return;
    if (!r.running) {
      if (this.said >= 0 && r.text) status.textContent = r.text;
      this.said = -1;
      return;
    }
    const step = r.scope === 'library' && r.games <= 10 ? r.gamesDone : r.total ? Math.floor((10 * r.done) / r.total) : 0;
    if (step === this.said) return;
    const first = this.said < 0;
    this.said = step;
    if (first) {
      const what = r.scope === 'library' ? `${r.games} game${r.games === 1 ? '' : 's'}` : 'the game';
      status.textContent = `${r.resumed ? 'Going on with the analysis of' : 'Analysing'} ${what} at ${perPosition(r.limits)} per position on ${r.workers} engine${r.workers === 1 ? '' : 's'}.`;
    } else if (r.done < r.total || r.scope === 'library') {
      const eta = r.etaMs !== null ? `, about ${formatDuration(r.etaMs)} left` : '';
      status.textContent = r.scope === 'library' ? `${r.gamesDone} of ${r.games} games analysed${eta}.` : `${r.done} of ${r.total} positions analysed${eta}.`;
    }
  }
}
