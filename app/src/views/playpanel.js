// Play mode's panel: the new-game form (colour, variant and Chess960's start position, level,
// clock, from the shown position, the engine's thinking shown or not), takeback, resign, analyse;
// and the players beside the board with their clocks.
import { $, h } from '../dom.js';
import { LEVELS } from '../model/levels.js';
import { fenTurn, formatClock } from '../model/format.js';
import { currentHint, hintText } from '../model/hint.js';

/** @typedef {import('../state.js').State} State */

const SIDE = { w: 'White', b: 'Black' };

export class PlayPanel {
  /**
   * @param {import('../state.js').Store} store
   * @param {{ start: (setup: import('../controllers/play.js').PlaySetup) => void, takeback: () => void, resign: () => void,
   *           analyse: () => void, hint: () => void, canHint: () => boolean, showThinking: (show: boolean) => void, canTakeBack: () => boolean,
   *           remaining: (side: 'w'|'b') => number }} actions
   */
  constructor(store, actions) {
    this.actions = actions;
    const select = /** @type {HTMLSelectElement} */ ($('play-level'));
    select.replaceChildren(...LEVELS.map((level, i) => h('option', { value: i, text: level.label })));
    select.value = '2';
    const form = /** @type {HTMLFormElement} */ ($('play-setup'));
    // the start position's number is checked by the rules (said in the error line), not by the browser
    form.noValidate = true;
    const variant = /** @type {HTMLSelectElement} */ ($('play-variant'));
    const fromHere = /** @type {HTMLInputElement} */ ($('play-from-here'));
    // the number is asked for a Chess960 game from its start (from the board, the game's own variant holds)
    const showNumber = () => {
      const asked = variant.value === 'chess960' && !fromHere.checked;
      $('play-number-label').hidden = !asked;
      $('play-number-help').hidden = !asked;
      variant.disabled = fromHere.checked;
    };
    variant.addEventListener('change', showNumber);
    fromHere.addEventListener('change', showNumber);
    showNumber();
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const data = new FormData(form);
      const number = String(data.get('number') ?? '').trim();
      actions.start({
        variant: variant.value === 'chess960' ? 'chess960' : 'standard',
        number: number === '' ? null : Number(number),
        colour: /** @type {'w'|'b'|'random'} */ (data.get('colour')),
        level: Number(data.get('level')),
        clock: String(data.get('clock') || ''),
        fromHere: !!data.get('fromHere'),
        showThinking: !!data.get('thinking'),
      });
    });
    $('play-takeback').addEventListener('click', () => actions.takeback());
    $('play-resign').addEventListener('click', () => actions.resign());
    $('play-analyse').addEventListener('click', () => actions.analyse());
    $('play-hint').addEventListener('click', () => actions.hint());
    $('play-thinking').addEventListener('change', (e) => actions.showThinking(/** @type {HTMLInputElement} */ (e.target).checked));
    store.on(['play', 'mode', 'tree', 'orientation', 'clock'], (s) => this.render(s));
    this.render(store.state);
  }

  /** @param {State} s */
  render(s) {
    const g = s.play;
    const inPlay = s.mode === 'play';
    /** @type {HTMLButtonElement} */ ($('play-takeback')).disabled = !this.actions.canTakeBack();
    /** @type {HTMLButtonElement} */ ($('play-resign')).disabled = !g || !!g.end;
    /** @type {HTMLButtonElement} */ ($('play-analyse')).disabled = !g;
    const hint = inPlay ? currentHint(s) : null;
    /** @type {HTMLButtonElement} */ ($('play-hint')).disabled = !this.actions.canHint() || !!hint?.pending;
    const hintEl = $('play-hint-text');
    hintEl.hidden = !hint;
    hintEl.textContent = hint ? hintText(hint) : '';
    hintEl.dataset.move = hint?.uci || '';
    document.body.dataset.game = !g ? 'none' : g.end ? 'over' : g.thinking ? 'engine' : 'human';
    $('player-top').hidden = !inPlay || !g;
    $('player-bottom').hidden = !inPlay || !g;
    if (!g || !inPlay) return;
    const bottom = s.orientation === 'white' ? 'w' : 'b';
    const toMove = fenTurn(s.tree.lineEnd(s.tree.root).fen).turn;
    for (const [id, side] of /** @type {[string, 'w'|'b'][]} */ ([['player-bottom', bottom], ['player-top', bottom === 'w' ? 'b' : 'w']])) {
      const el = $(id);
      /** @type {HTMLElement} */ (el.querySelector('.player-name')).textContent = side === g.human ? `You (${SIDE[side]})` : `Mainline ${[g.level.name, g.level.short].filter(Boolean).join(' ')} (${SIDE[side]})`;
      const clockEl = /** @type {HTMLElement} */ (el.querySelector('.clock'));
      if (g.clock) {
        const ms = this.actions.remaining(side);
        clockEl.textContent = formatClock(ms);
        clockEl.hidden = false;
        clockEl.classList.toggle('running', g.clock.running === side);
        clockEl.classList.toggle('low', ms < 20000);
        clockEl.setAttribute('aria-label', `${SIDE[side]}'s clock: ${formatClock(ms)}`);
      } else clockEl.hidden = true;
      el.classList.toggle('to-move', !g.end && toMove === side);
    }
  }
}
