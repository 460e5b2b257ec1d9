// Play mode: a game against the engine at a level (levels.js), either colour, optional clocks,
// takeback, resign, PGN export. The engine plays from its own worker (not the analysis one), so
// its strength options never leak into analysis.
import { LEVELS, calibrated } from './levels.js';
import { EngineHandle } from './analysis.js';
import { GameTree, gameStatus, STATUS_TEXT, START_FEN } from './tree.js';
import { formatClock } from './format.js';

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const other = (/** @type {'w'|'b'} */ c) => (c === 'w' ? 'b' : 'w');
const SIDE = { w: 'White', b: 'Black' };

/**
 * @typedef {object} Clock
 * @property {number} w  ms left (excluding the running period)
 * @property {number} b
 * @property {number} initial
 * @property {number} inc
 * @property {'w'|'b'|null} running
 * @property {number} since  performance.now() when the running side's period began
 *
 * @typedef {object} Game
 * @property {'w'|'b'} human
 * @property {import('./levels.js').Level} level
 * @property {Clock|null} clock
 * @property {string|null} result   '1-0', '0-1', '1/2-1/2', '*' (stopped)
 * @property {string} reason
 * @property {Date} date
 */

export class Play {
  /** @param {any} app the App of main.js */
  constructor(app) {
    this.app = app;
    this.engine = new EngineHandle({ Hash: 16 });
    this.engine.onError = (e) => app.showError(`The engine crashed and was restarted: ${e.message}`);
    /** @type {Game|null} */
    this.game = null;
    this.token = 0;
    this.thinking = false;
    /** @type {Promise<void>} */
    this.ready = Promise.resolve();

    const select = /** @type {HTMLSelectElement} */ ($('play-level'));
    LEVELS.forEach((level, i) => {
      const o = document.createElement('option');
      o.value = String(i);
      o.textContent = `${level.name} · ≈${level.elo} Elo`;
      select.append(o);
    });
    select.value = '2';
    this.#levelNote();

    $('play-setup').addEventListener('submit', (e) => {
      e.preventDefault();
      this.start();
    });
    $('play-takeback').addEventListener('click', () => this.takeback());
    $('play-resign').addEventListener('click', () => this.resign());
    $('play-analyse').addEventListener('click', () => app.setMode('analyse'));
    $('play-thinking').addEventListener('change', () => {
      if (!this.showThinking()) app.panel.message("The engine's thinking is hidden.");
    });
    setInterval(() => this.#tick(), 100);
  }

  showThinking() {
    return /** @type {HTMLInputElement} */ ($('play-thinking')).checked;
  }

  #levelNote() {
    $('level-note').textContent = calibrated ? 'Elo figures measured against Stockfish\'s UCI_Elo ladder (about ±100).' : 'Elo figures are approximate and not yet calibrated.';
  }

  // ---- mode switching ---------------------------------------------------------------------

  enter() {
    $('player-top').hidden = !this.game;
    $('player-bottom').hidden = !this.game;
    if (!this.game) this.app.panel.message('Choose your colour, a level and a clock, then press New game.');
    this.app.evalBar.set(null, this.app.board.orientation);
    this.app.refreshBoardInput();
    this.app.updateStatus();
    this.renderPlayers();
    this.#buttons();
  }

  leave() {
    if (this.game && !this.game.result) {
      this.#cancelSearch();
      this.game.result = '*';
      this.game.reason = 'Game stopped (switched to analysis)';
      this.#stopClock();
    }
    $('player-top').hidden = true;
    $('player-bottom').hidden = true;
  }

  // ---- game lifecycle ---------------------------------------------------------------------

  start() {
    const form = /** @type {HTMLFormElement} */ ($('play-setup'));
    const data = new FormData(form);
    let human = /** @type {'w'|'b'|'random'} */ (data.get('colour'));
    if (human === 'random') human = Math.random() < 0.5 ? 'w' : 'b';
    const level = LEVELS[Number(data.get('level'))] || LEVELS[0];
    const tc = String(data.get('clock') || '');
    let clock = null;
    if (tc) {
      const [min, inc] = tc.split('+').map(Number);
      clock = { w: min * 60000, b: min * 60000, initial: min * 60000, inc: inc * 1000, running: null, since: 0 };
    }
    const fen = data.get('fromHere') ? this.app.current.fen : START_FEN;

    this.#cancelSearch();
    this.app.clearError();
    /** @type {Game} */
    const game = { human: /** @type {'w'|'b'} */ (human), level, clock, result: null, reason: '', date: new Date() };
    this.game = game;
    this.app.board.setOrientation(human === 'w' ? 'white' : 'black');
    this.app.setTree(new GameTree(fen), {});
    this.app.panel.message(this.showThinking() ? 'The engine thinks on its own moves; its iterations appear here.' : "The engine's thinking is hidden.");
    this.enter();

    this.ready = this.#prepareEngine(game);
    const turn = /** @type {'w'|'b'} */ (fen.split(' ')[1]);
    this.#startClock(turn);
    if (turn !== human) this.engineMove();
  }

  /** New game in the engine, and the level's strength options. */
  async #prepareEngine(game) {
    try {
      const engine = await this.engine.get();
      await engine.newGame();
      for (const [name, value] of Object.entries(game.level.options)) await engine.setOption(name, value);
    } catch (e) {
      this.app.showError(`The engine did not start: ${e.message}`);
    }
  }

  /** The user's move on the board (only at the end of the game, on the user's turn). */
  humanMove(node, move) {
    const g = this.game;
    const end = this.app.tree.lineEnd(this.app.tree.root);
    if (!g || g.result || this.thinking || node !== end || turnOf(node) !== g.human) {
      this.app.refreshBoardInput();
      return;
    }
    let child;
    try {
      child = this.app.tree.play(node, move);
    } catch (e) {
      this.app.refreshBoardInput();
      return;
    }
    this.#afterMove(child);
  }

  #afterMove(node) {
    const g = /** @type {Game} */ (this.game);
    this.#switchClock(/** @type {'w'|'b'} */ (node.color));
    this.app.goTo(node, { animate: node.color !== g.human });
    if (this.#checkEnd(node)) return;
    if (turnOf(node) !== g.human) this.engineMove();
    this.#buttons();
  }

  #checkEnd(node) {
    const g = /** @type {Game} */ (this.game);
    const status = gameStatus(this.app.tree.chessAt(node));
    if (status === 'ongoing') return false;
    g.result = status === 'checkmate' ? (node.color === 'w' ? '1-0' : '0-1') : '1/2-1/2';
    g.reason = status === 'checkmate' ? `Checkmate: ${SIDE[node.color]} wins` : STATUS_TEXT[status];
    this.#finish();
    return true;
  }

  async engineMove() {
    const g = this.game;
    if (!g || g.result) return;
    const token = ++this.token;
    this.thinking = true;
    this.#buttons();
    this.app.refreshBoardInput();
    this.app.updateStatus();
    await this.ready;
    if (token !== this.token) return;
    const tree = this.app.tree;
    const node = tree.lineEnd(tree.root);
    const show = this.showThinking();
    if (show) this.app.startLog(node.fen, `${g.level.name} is thinking…`);
    const limits = { ...g.level.limits };
    if (g.clock) Object.assign(limits, { wtime: Math.max(1, Math.round(this.#remaining('w'))), btime: Math.max(1, Math.round(this.#remaining('b'))), winc: g.clock.inc, binc: g.clock.inc });
    let result;
    try {
      const engine = await this.engine.get();
      result = await engine.bestMove({ fen: tree.root.fen, moves: tree.uciMoves(node) }, limits, {
        onInfo: (info) => {
          if (token === this.token && this.showThinking() && this.app.log?.fen === node.fen) this.app.addIteration(info);
        },
      });
    } catch (e) {
      if (token !== this.token) return;
      this.thinking = false;
      this.#buttons();
      this.app.showError(`The engine could not move: ${e.message}. Press Takeback, or New game.`);
      return;
    }
    if (token !== this.token || this.game !== g || g.result) return;
    this.thinking = false;
    if (!result.bestMove) {
      this.#checkEnd(node);
      return;
    }
    this.#afterMove(tree.play(node, result.bestMove));
  }

  #cancelSearch() {
    this.token++;
    if (this.thinking && this.engine.engine) this.engine.engine.stop().catch(() => null);
    this.thinking = false;
  }

  /** Takes back the user's last move (and the engine's reply to it). */
  takeback() {
    const g = this.game;
    if (!g || (g.result && !/Checkmate|draw/i.test(g.reason))) return;
    const tree = this.app.tree;
    let n = tree.lineEnd(tree.root);
    while (n.parent && n.color !== g.human) n = n.parent;
    if (!n.parent) return; // no move of the user's yet
    this.#cancelSearch();
    const target = n.parent;
    tree.cut(target);
    g.result = null;
    g.reason = '';
    this.#startClock(g.human);
    this.app.goTo(target, { animate: false });
    this.app.panel.message('Move taken back. Your move.');
    this.#buttons();
  }

  resign() {
    const g = this.game;
    if (!g || g.result) return;
    this.#cancelSearch();
    g.result = g.human === 'w' ? '0-1' : '1-0';
    g.reason = `${SIDE[g.human]} resigned`;
    this.#finish();
  }

  #finish() {
    this.#stopClock();
    this.thinking = false;
    this.app.goTo(this.app.current, { animate: false });
    this.app.refreshBoardInput();
    this.renderPlayers();
    this.#buttons();
  }

  // ---- clocks -----------------------------------------------------------------------------

  #remaining(c) {
    const cl = this.game?.clock;
    if (!cl) return Infinity;
    return cl[c] - (cl.running === c ? performance.now() - cl.since : 0);
  }
  #startClock(c) {
    const cl = this.game?.clock;
    if (!cl) return;
    this.#stopClock();
    cl.running = c;
    cl.since = performance.now();
  }
  #stopClock() {
    const cl = this.game?.clock;
    if (!cl || !cl.running) return;
    cl[cl.running] = this.#remaining(cl.running);
    cl.running = null;
  }
  #switchClock(mover) {
    const cl = this.game?.clock;
    if (!cl) return;
    this.#stopClock();
    cl[mover] += cl.inc;
    this.#startClock(other(mover));
  }
  #tick() {
    const g = this.game;
    if (!g || !g.clock || !g.clock.running || g.result) return;
    const side = g.clock.running;
    if (this.#remaining(side) <= 0) {
      this.#cancelSearch();
      g.clock[side] = 0;
      g.clock.running = null;
      g.result = side === 'w' ? '0-1' : '1-0';
      g.reason = `${SIDE[side]} lost on time`;
      this.#finish();
      return;
    }
    if (this.app.mode === 'play') this.renderPlayers();
  }

  // ---- display ----------------------------------------------------------------------------

  renderPlayers() {
    const g = this.game;
    if (!g || this.app.mode !== 'play') return;
    const bottom = this.app.board.orientation === 'white' ? 'w' : 'b';
    for (const [id, side] of [['player-bottom', bottom], ['player-top', other(bottom)]]) {
      const el = $(id);
      const name = side === g.human ? `You (${SIDE[side]})` : `Mainline ${g.level.name} ≈${g.level.elo} (${SIDE[side]})`;
      /** @type {HTMLElement} */ (el.querySelector('.player-name')).textContent = name;
      const clockEl = /** @type {HTMLElement} */ (el.querySelector('.clock'));
      if (g.clock) {
        const ms = this.#remaining(side);
        clockEl.textContent = formatClock(ms);
        clockEl.hidden = false;
        clockEl.classList.toggle('running', g.clock.running === side);
        clockEl.classList.toggle('low', ms < 20000);
        clockEl.setAttribute('aria-label', `${SIDE[side]}'s clock: ${formatClock(ms)}`);
      } else {
        clockEl.hidden = true;
      }
      el.classList.toggle('to-move', !g.result && turnOf(this.app.tree.lineEnd(this.app.tree.root)) === side);
    }
  }

  #buttons() {
    const g = this.game;
    if (this.app.mode === 'play') {
      const label = !g ? ['waiting for a new game', 'idle'] : g.result ? ['game over', 'idle'] : this.thinking ? [`${g.level.name} thinking…`, 'running'] : ['waiting for your move', 'idle'];
      this.app.setEngineLabel(label[0], label[1]);
    }
    const ongoing = !!g && !g.result;
    const end = this.app.tree.lineEnd(this.app.tree.root);
    let n = end;
    while (g && n.parent && n.color !== g.human) n = n.parent;
    /** @type {HTMLButtonElement} */ ($('play-takeback')).disabled = !g || !n.parent || (!!g.result && !/Checkmate|draw/i.test(g.reason));
    /** @type {HTMLButtonElement} */ ($('play-resign')).disabled = !ongoing;
    /** @type {HTMLButtonElement} */ ($('play-analyse')).disabled = !g;
    document.body.dataset.game = !g ? 'none' : g.result ? 'over' : this.thinking ? 'engine' : 'human';
    this.renderPlayers();
  }

  /** Which side the user may move now, at `node`. */
  movableSide(node) {
    const g = this.game;
    if (!g || g.result || this.thinking) return null;
    if (node !== this.app.tree.lineEnd(this.app.tree.root)) return null;
    return turnOf(node) === g.human ? g.human : null;
  }

  statusText() {
    const g = this.game;
    if (!g) return 'Set up a game: colour, level and clock, then New game.';
    if (g.result) return `${g.reason} · ${g.result === '1/2-1/2' ? '½-½' : g.result}`;
    if (this.thinking) return `${g.level.name} is thinking…`;
    const chess = this.app.tree.chessAt(this.app.current);
    return `Your move${chess.inCheck() ? ' (check)' : ''}`;
  }

  resultText() {
    const g = this.game;
    return g && g.result && g.result !== '*' && this.app.mode === 'play' ? g.result : '';
  }

  pgnHeaders() {
    const g = this.game;
    if (!g) return {};
    const engineName = `Mainline (${g.level.name}, ~${g.level.elo})`;
    const h = {
      Event: 'Mainline board: game against the engine',
      Date: `${g.date.getFullYear()}.${String(g.date.getMonth() + 1).padStart(2, '0')}.${String(g.date.getDate()).padStart(2, '0')}`,
      White: g.human === 'w' ? 'You' : engineName,
      Black: g.human === 'b' ? 'You' : engineName,
      Result: g.result || '*',
      TimeControl: g.clock ? `${g.clock.initial / 1000}+${g.clock.inc / 1000}` : '-',
    };
    if (g.reason) h.Termination = g.reason;
    return h;
  }
}

/** @param {import('./tree.js').MoveNode} node */
function turnOf(node) {
  return /** @type {'w'|'b'} */ (node.fen.split(' ')[1]);
}
