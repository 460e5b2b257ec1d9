// The engine panel's head: the shown score, the engine's state and speed, the buttons (engine
// on/off, the threat, several lines, settings), and the threat's line when it is shown.
import { $, h } from '../dom.js';
import { formatCount, formatScore, numberedLine } from '../model/format.js';
import { playThinking, shownEval } from '../model/shown.js';

/** @typedef {import('../state.js').State} State */

const STATE_TEXT = { idle: '', starting: 'starting…', running: 'analysing', done: 'search complete', paused: 'paused', error: 'error' };

export class EngineHead {
  /**
   * @param {import('../state.js').Store} store
   * @param {{ toggleEngine: () => void, toggleThreat: () => void }} actions
   */
  constructor(store, actions) {
    $('engine-toggle').addEventListener('click', () => actions.toggleEngine());
    $('threat-toggle').addEventListener('click', () => actions.toggleThreat());
    $('settings-toggle').addEventListener('click', () => {
      const box = $('settings');
      box.hidden = !box.hidden;
      $('settings-toggle').setAttribute('aria-expanded', String(!box.hidden));
    });
    store.on(['current', 'log', 'ended', 'evals', 'mode', 'play', 'practice', 'engine', 'engineOn'], (s) => this.#head(s));
    store.on(['threat', 'threatOn', 'mode'], (s) => this.#threat(s));
    this.#head(store.state);
    this.#threat(store.state);
  }

  /** @param {State} s */
  #head(s) {
    const game = playThinking(s);
    const best = game?.best?.lines.get(1);
    const shown = shownEval(s);
    $('engine-score').textContent = shown ? formatScore(shown.score) : best ? formatScore(best.score) : s.ended || '–';
    const log = game || (s.log && s.log.fen === s.current.fen ? s.log : null);
    const row = log && log.rows.length ? log.rows[log.rows.length - 1] : null;
    $('engine-stats').textContent = row ? `depth ${row.depth}/${row.seldepth} · ${formatCount(row.nodes)} nodes · ${formatCount(row.nps)}/s` : '';
    const label = $('engine-state');
    if (s.mode === 'play') {
      const g = s.play;
      const [text, state] = !g ? ['waiting for a new game', 'idle'] : g.end ? ['game over', 'idle'] : g.thinking ? [`${g.level.name} thinking…`, 'running'] : ['waiting for your move', 'idle'];
      label.textContent = text;
      label.dataset.state = state;
    } else if (s.mode === 'practice') {
      label.textContent = 'hidden while you practise';
      label.dataset.state = 'idle';
    } else {
      label.textContent = STATE_TEXT[s.engine.state];
      label.dataset.state = s.engine.state;
    }
    const toggle = /** @type {HTMLButtonElement} */ ($('engine-toggle'));
    toggle.hidden = s.mode !== 'analyse';
    toggle.textContent = s.engineOn ? 'Pause' : 'Resume';
    toggle.setAttribute('aria-pressed', String(!s.engineOn));
    toggle.setAttribute('aria-label', s.engineOn ? 'Pause the analysis (L)' : 'Resume the analysis (L)');
    toggle.title = s.engineOn ? 'Pause the analysis (L)' : 'Resume the analysis (L)';
    document.body.dataset.engine = s.mode === 'analyse' ? s.engine.state : '';
    document.body.dataset.stopMode = s.engine.stopMode || '';
  }

  /** @param {State} s */
  #threat(s) {
    const button = /** @type {HTMLButtonElement} */ ($('threat-toggle'));
    button.hidden = s.mode !== 'analyse';
    button.setAttribute('aria-pressed', String(s.threatOn));
    const box = $('threat');
    const t = s.threat;
    box.hidden = !t;
    if (!t) return;
    if (t.reason || !t.line) {
      box.replaceChildren(h('span', { class: 'threat-label', text: 'Threat' }), ` ${t.reason || 'searching…'}`);
      box.dataset.move = '';
      return;
    }
    const moves = numberedLine(t.fen, t.line.pvSan).map(({ san, number }) => `${number ? `${number} ` : ''}${san}`);
    box.replaceChildren(
      h('span', { class: 'threat-label', text: 'Threat' }),
      ' ',
      h('strong', { class: 'threat-move', text: moves[0] }),
      ` ${moves.slice(1, 8).join(' ')}${moves.length > 8 ? ' …' : ''}`,
      h('span', { class: 'threat-score', title: `depth ${t.line.depth}: if the opponent could move now`, text: ` ${formatScore(t.line.score)}` }),
    );
    box.dataset.move = t.line.pv[0];
  }
}
