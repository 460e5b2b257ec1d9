// The board in words (the screen-reader mode, a setting; the button at the top of the page turns
// it on): the shown position as text, a box where moves are typed in SAN or UCI (checked against
// the legal moves: an illegal or ambiguous one is said so) and commands (where pieces are, what
// attacks a square, what the engine says, its line), and announcements through polite live
// regions: each move shown, and the engine's analysis only when its best move or the meaning of
// its score changes (mainline-chess/readout's Announcer; never every iteration, never in a game
// against the engine). What is typed is answered by mainline-chess/readout's answerCommand, as the
// element answers it; the game report and the reasons for a move come through the actions.
import { Announcer, answerCommand, COMMAND_HELP, describePosition, sayMove } from 'mainline-chess/readout';
import { $ } from '../dom.js';
import { legalMoves } from '../model/rules.js';
import { moveNumber } from '../model/format.js';

/** @typedef {import('../state.js').State} State */

export class ReaderView {
  /**
   * @param {import('../state.js').Store} store
   * @param {{ move: (m: { from: string, to: string, promotion?: string }) => void, toggle: () => void,
   *   report?: () => string, why?: () => Promise<import('mainline-chess/readout').Explanation|null> }} actions
   *   report: the game report in words; why: the reason for the move shown (or the engine's best move)
   */
  constructor(store, actions) {
    this.store = store;
    this.actions = actions;
    this.announcer = new Announcer();
    /** @type {string|null} the position the words describe */
    this.fen = null;
    /** @type {string|null} the searched position the announcer speaks about */
    this.searched = null;
    /** counts typed lines: only the newest one's answer is shown */
    this.asked = 0;
    this.input = /** @type {HTMLInputElement} */ ($('reader-input'));
    this.input.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      const text = this.input.value;
      this.input.value = '';
      this.command(text);
    });
    $('reader-help').textContent = COMMAND_HELP;
    $('reader-toggle').addEventListener('click', () => actions.toggle());
    store.on(['current', 'log', 'settings', 'mode', 'orientation'], (s) => this.render(s));
    this.render(store.state);
  }

  /** @param {State} s */
  render(s) {
    const on = s.settings.screenReader;
    $('reader').hidden = !on;
    const toggle = $('reader-toggle');
    toggle.setAttribute('aria-pressed', String(on));
    toggle.textContent = on ? 'Board in words: on' : 'Board in words';
    if (!on) return;
    const n = s.current;
    if (n.fen !== this.fen) {
      this.fen = n.fen;
      $('reader-position').textContent = describePosition(n.fen);
      $('reader-engine').textContent = ''; // what was said of the previous position no longer holds
      // the move now shown, said once
      $('reader-moves').textContent = n.san && n.parent ? `${moveNumber(n.parent.fen, 0)} ${n.san}: ${n.color === 'w' ? 'White' : 'Black'} ${sayMove(n.san)}.` : 'The start position.';
    }
    // the analysis, when it means something new (not in a game against the engine)
    const log = s.log;
    if (s.mode !== 'analyse' || !log) return;
    if (log.fen !== this.searched) {
      this.searched = log.fen;
      this.announcer.reset();
    }
    const best = log.best;
    const line = best && best.lines.get(1);
    if (!best || !line || !line.pvSan.length) return;
    const said = this.announcer.iteration({ depth: best.depth, san: line.pvSan[0], score: line.score });
    if (said) $('reader-engine').textContent = said;
  }

  /** The newest exact first line of the analysis of the shown position, or null. */
  latest() {
    const s = this.store.state;
    const log = s.log;
    // (the searched FEN is the engine's: its en-passant field may differ from the tree's)
    const same = (/** @type {string} */ a, /** @type {string} */ b) => a.split(' ').slice(0, 3).join(' ') === b.split(' ').slice(0, 3).join(' ');
    if (!log || !same(log.fen, s.current.fen) || s.mode !== 'analyse') return null;
    const best = log.best;
    const line = best && best.lines.get(1);
    return best && line && line.pvSan.length ? { depth: best.depth, san: line.pvSan, pv: line.pv, score: line.score } : null;
  }

  /** @param {string} text @param {boolean} [error] */
  reply(text, error = false) {
    const r = $('reader-reply');
    r.classList.toggle('reply-error', error);
    r.textContent = text;
  }

  /** A line typed in the box: a command, or a move checked against the legal moves. @param {string} text */
  async command(text) {
    const asked = ++this.asked;
    const s = this.store.state;
    const fen = s.current.fen;
    const a = await answerCommand(text, {
      fen,
      bottom: s.orientation === 'black' ? 'b' : 'w',
      engine: this.latest(),
      engineSilent: s.mode === 'play' ? 'The engine’s thinking is not told during a game against it.' : s.mode === 'practice' ? 'The engine’s thinking is not told while you practise: it would give the answer away (Hint and Give up are in the practice panel).' : '',
      // in the game's notation: a Chess960 game's castling is O-O / O-O-O or the king taking its rook in UCI
      legal: legalMoves(fen, { chess960: s.tree.chess960 }),
      report: this.actions.report,
      why: this.actions.why,
    });
    if (asked !== this.asked) return; // a newer line was typed meanwhile
    this.reply(a.text, a.error);
    const uci = a.move?.uci;
    if (uci) this.actions.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), ...(uci[4] ? { promotion: uci[4] } : {}) });
  }
}
