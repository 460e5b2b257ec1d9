// Play mode: a game against the engine at a level (levels.js), either colour, optional clocks,
// takeback and resign. The engine plays from its own worker (not the analysis one), so its
// strength options never leak into analysis. How a game ends is decided by the rules (rules.js)
// or by a player (resigned, out of time), and kept as such: nothing reads it back from text.
// A game may be Chess960, from a start position by its number or at random: the engine is told
// (the position's chess960), so its moves castle as the king taking its rook, as the tree does.
import { LEVELS } from '../model/levels.js';
import { GameTree, START_FEN } from '../model/tree.js';
import { IterationLog } from '../model/iterationlog.js';
import { chess960Fen, randomChess960, resultOf, statusAt, STATUS_TEXT } from '../model/rules.js';
import { fenTurn } from '../model/format.js';
import { pgnDate } from '../model/pgn.js';
import { movableSide } from '../model/shown.js';

/**
 * @typedef {import('../state.js').Store} Store
 * @typedef {import('../state.js').PlayGame} PlayGame
 * @typedef {import('../state.js').GameEnd} GameEnd
 * @typedef {import('../services/engine.js').EngineHandle} EngineHandle
 * @typedef {import('../model/tree.js').MoveNode} MoveNode
 */

const SIDE = { w: 'White', b: 'Black' };
const other = (/** @type {'w'|'b'} */ c) => (c === 'w' ? 'b' : 'w');
/** The clocks are redrawn this often while one runs. */
const TICK_MS = 100;

/**
 * @typedef {object} PlaySetup  what the form asks
 * @property {'w'|'b'|'random'} colour
 * @property {number} level      index into LEVELS
 * @property {string} clock      '5+3' (minutes + seconds per move) or '' for none
 * @property {boolean} fromHere  start from the shown position (in its game's variant)
 * @property {boolean} showThinking
 * @property {'standard'|'chess960'} [variant]  without fromHere (default standard)
 * @property {number|null} [number]  Chess960's start position, 0-959; null or left out: at random
 */

export class PlayController {
  /**
   * @param {{ store: Store, engine: EngineHandle, setTree: (tree: GameTree, headers: Record<string,string>) => void, goTo: (node: MoveNode) => void }} deps
   *   setTree, goTo: the game controller's
   */
  constructor({ store, engine, setTree, goTo }) {
    this.store = store;
    this.engine = engine;
    this.setTree = setTree;
    this.goTo = goTo;
    this.token = 0;
    /** @type {Promise<void>} the engine is set up for the game */
    this.ready = Promise.resolve();
    this.timer = 0;
    /** @type {GameTree|null} the game's tree (its headers are the game's only while it is shown) */
    this.tree = null;
    // leaving play mode stops a game in progress
    store.on(['mode'], (s) => {
      if (s.mode !== 'play' && s.play && !s.play.end) this.#end({ by: 'stopped', result: '*', text: 'Game stopped (switched to analysis)' });
      if (s.mode === 'play' && !s.play) this.#panel('Choose your colour, a level and a clock, then press New game.');
    });
  }

  get game() {
    return this.store.state.play;
  }

  // ---- a game from start to end -------------------------------------------------------------------

  /** Starts a game; a Chess960 number out of range is said and starts nothing. @param {PlaySetup} setup */
  start(setup) {
    const s = this.store.state;
    let fen = START_FEN;
    let chess960 = false;
    if (setup.fromHere) {
      fen = s.current.fen;
      chess960 = s.tree.chess960;
    } else if (setup.variant === 'chess960') {
      try {
        fen = setup.number === null || setup.number === undefined ? randomChess960().fen : chess960Fen(setup.number);
      } catch (e) {
        this.store.set({ error: `${/** @type {Error} */ (e).message}.` });
        return;
      }
      chess960 = true;
    }
    const human = setup.colour === 'random' ? (Math.random() < 0.5 ? 'w' : 'b') : setup.colour;
    const level = LEVELS[setup.level] || LEVELS[0];
    let clock = null;
    if (setup.clock) {
      const [min, inc] = setup.clock.split('+').map(Number);
      clock = { w: min * 60000, b: min * 60000, initial: min * 60000, inc: inc * 1000, running: null, since: 0 };
    }
    this.#cancelSearch();
    /** @type {PlayGame} */
    const game = { human, level, clock, end: null, date: new Date(), thinking: false, showThinking: setup.showThinking };
    this.store.set({ mode: 'play', play: game, orientation: human === 'w' ? 'white' : 'black', error: '' });
    this.tree = new GameTree(fen, { chess960 });
    this.setTree(this.tree, this.#headers(game));
    this.#panel(setup.showThinking ? 'The engine thinks on its own moves; its iterations appear here.' : "The engine's thinking is hidden.");
    this.ready = this.#prepareEngine(game);
    // a game from a position where it is already over ends at once, by the rules
    if (this.#checkEnd(this.tree.root)) return;
    const turn = fenTurn(fen).turn;
    this.#startClock(turn);
    if (turn !== human) this.#engineMove();
  }

  /** New game in the engine, and the level's strength options. */
  async #prepareEngine(/** @type {PlayGame} */ game) {
    try {
      const engine = await this.engine.get();
      await engine.newGame();
      for (const [name, value] of Object.entries(game.level.options)) await engine.setOption(/** @type {any} */ (name), value);
    } catch (e) {
      this.store.set({ error: `The engine did not start: ${/** @type {Error} */ (e).message}` });
    }
  }

  /** The user's move on the board (only at the end of the game, on the user's turn). */
  humanMove(/** @type {{ from: string, to: string, promotion?: string }} */ move) {
    const s = this.store.state;
    const node = s.current;
    if (s.mode !== 'play' || !movableSide(s)) {
      this.store.touch('current'); // the board puts the piece back
      return;
    }
    let child;
    try {
      child = s.tree.play(node, move);
    } catch {
      this.store.touch('current');
      return;
    }
    this.#afterMove(child);
  }

  #afterMove(/** @type {MoveNode} */ node) {
    const g = /** @type {PlayGame} */ (this.game);
    this.#switchClock(/** @type {'w'|'b'} */ (node.color));
    this.store.touch('tree');
    this.goTo(node);
    if (this.#checkEnd(node)) return;
    if (fenTurn(node.fen).turn !== g.human) this.#engineMove();
  }

  /** Ends the game when the rules say so. */
  #checkEnd(/** @type {MoveNode} */ node) {
    const status = statusAt(this.store.state.tree, node);
    if (status === 'ongoing') return false;
    this.#end({ by: status, result: resultOf(status, fenTurn(node.fen).turn), text: status === 'checkmate' ? `Checkmate: ${SIDE[/** @type {'w'|'b'} */ (node.color)]} wins` : STATUS_TEXT[status] });
    return true;
  }

  async #engineMove() {
    const g = this.game;
    if (!g || g.end) return;
    const token = ++this.token;
    this.#update({ thinking: true });
    await this.ready;
    if (token !== this.token) return;
    const tree = this.store.state.tree;
    const node = tree.lineEnd(tree.root);
    if (g.showThinking) this.#panel(`${g.level.name} is thinking…`, new IterationLog(node.fen));
    const limits = { ...g.level.limits };
    if (g.clock) Object.assign(limits, { wtime: Math.max(1, Math.round(this.remaining('w'))), btime: Math.max(1, Math.round(this.remaining('b'))), winc: g.clock.inc, binc: g.clock.inc });
    let result;
    try {
      const engine = await this.engine.get();
      result = await engine.bestMove({ fen: tree.root.fen, moves: tree.uciMoves(node), chess960: tree.chess960 }, limits, {
        onInfo: (info) => {
          const s = this.store.state;
          if (token !== this.token || !this.game?.showThinking || !s.log || s.log.fen !== node.fen) return;
          s.log.add(info);
          this.store.touch('log');
        },
      });
    } catch (e) {
      if (token !== this.token) return;
      this.#update({ thinking: false });
      this.store.set({ error: `The engine could not move: ${/** @type {Error} */ (e).message}. Press Takeback, or New game.` });
      return;
    }
    if (token !== this.token || this.game !== g || g.end) return;
    this.#update({ thinking: false });
    if (!result.bestMove) {
      this.#checkEnd(node);
      return;
    }
    this.#afterMove(tree.play(node, result.bestMove));
  }

  #cancelSearch() {
    this.token++;
    if (this.game?.thinking) this.engine.stop();
  }

  /**
   * Whether the user may take back now: a game with a move of theirs, still going or ended by
   * the rules (not by a resignation, a flag or a switch to analysis).
   */
  canTakeBack() {
    const g = this.game;
    // (the endings by the rules are those STATUS_TEXT says)
    if (!g || (g.end && !Object.hasOwn(STATUS_TEXT, g.end.by))) return false;
    return !!this.#lastHumanMove();
  }

  /** The user's last move in the game, or null (none yet, or another game is shown). */
  #lastHumanMove() {
    const g = this.game;
    const tree = this.store.state.tree;
    if (!g || tree !== this.tree) return null;
    let n = tree.lineEnd(tree.root);
    while (n.parent && n.color !== g.human) n = n.parent;
    return n.parent ? n : null;
  }

  /** Takes back the user's last move (and the engine's reply to it). */
  takeback() {
    const mine = this.#lastHumanMove();
    const g = this.game;
    if (!g || !mine || !this.canTakeBack()) return;
    const tree = this.store.state.tree;
    this.#cancelSearch();
    const target = /** @type {MoveNode} */ (mine.parent);
    tree.cut(target);
    this.#update({ end: null, thinking: false });
    this.store.set({ headers: this.#headers(/** @type {PlayGame} */ (this.game)) });
    this.#startClock(g.human);
    this.store.touch('tree');
    this.goTo(target);
    this.#panel('Move taken back. Your move.');
  }

  resign() {
    const g = this.game;
    if (!g || g.end) return;
    this.#cancelSearch();
    this.#end({ by: 'resigned', result: g.human === 'w' ? '0-1' : '1-0', text: `${SIDE[g.human]} resigned` });
  }

  /** Shows or hides the engine's thinking (from its next move on). */
  setShowThinking(/** @type {boolean} */ show) {
    if (!this.game) return;
    this.#update({ showThinking: show });
    if (!show) this.#panel("The engine's thinking is hidden.");
  }

  /** What the engine panel shows: a note, and the iterations of the engine's thinking (`log`). */
  #panel(/** @type {string} */ panelNote, /** @type {IterationLog|null} */ log = null) {
    this.store.set({ log, panelNote, ended: '' });
  }

  /**
   * Ends the game. Its result goes into its headers while its tree is the one shown (a game
   * stopped because another was opened must not write into that one's).
   */
  #end(/** @type {GameEnd} */ end) {
    this.#cancelSearch();
    this.#stopClock();
    this.#update({ end, thinking: false });
    if (this.store.state.tree === this.tree) this.store.set({ headers: this.#headers(/** @type {PlayGame} */ (this.game)) });
  }

  /** @param {Partial<PlayGame>} patch */
  #update(patch) {
    const g = this.game;
    if (!g) return;
    Object.assign(g, patch);
    this.store.touch('play');
  }

  /** The game's PGN headers. @param {PlayGame} g */
  #headers(g) {
    const engineName = `Mainline (${[g.level.name, g.level.short].filter(Boolean).join(', ')})`;
    const d = g.date;
    /** @type {Record<string,string>} */
    const h = {
      Event: 'Mainline board: game against the engine',
      Date: pgnDate(d),
      White: g.human === 'w' ? 'You' : engineName,
      Black: g.human === 'b' ? 'You' : engineName,
      Result: g.end ? g.end.result : '*',
      TimeControl: g.clock ? `${g.clock.initial / 1000}+${g.clock.inc / 1000}` : '-',
    };
    if (g.end) h.Termination = g.end.text;
    if (this.tree?.chess960) h.Variant = 'Chess960';
    return h;
  }

  // ---- clocks -----------------------------------------------------------------------------------

  /** ms left on a side's clock now (Infinity without clocks). */
  remaining(/** @type {'w'|'b'} */ c) {
    const cl = this.game?.clock;
    if (!cl) return Infinity;
    return cl[c] - (cl.running === c ? performance.now() - cl.since : 0);
  }

  #startClock(/** @type {'w'|'b'} */ c) {
    const cl = this.game?.clock;
    if (!cl) return;
    this.#stopClock();
    cl.running = c;
    cl.since = performance.now();
    clearInterval(this.timer);
    this.timer = /** @type {any} */ (setInterval(() => this.#tick(), TICK_MS));
  }

  #stopClock() {
    const cl = this.game?.clock;
    if (!cl || !cl.running) return;
    cl[cl.running] = this.remaining(cl.running);
    cl.running = null;
    clearInterval(this.timer);
  }

  #switchClock(/** @type {'w'|'b'} */ mover) {
    const cl = this.game?.clock;
    if (!cl) return;
    this.#stopClock();
    cl[mover] += cl.inc;
    this.#startClock(other(mover));
  }

  #tick() {
    const g = this.game;
    if (!g || !g.clock || !g.clock.running || g.end) {
      clearInterval(this.timer);
      return;
    }
    const side = g.clock.running;
    if (this.remaining(side) <= 0) {
      this.#cancelSearch();
      g.clock[side] = 0;
      g.clock.running = null;
      this.#end({ by: 'time', result: side === 'w' ? '0-1' : '1-0', text: `${SIDE[side]} lost on time` });
      return;
    }
    this.store.touch('clock');
  }
}
