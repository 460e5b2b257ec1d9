// The game being looked at: its tree of moves, the shown move, headers and library identity.
// Navigation (one move, a variation, the start, the end), moves from the board and from engine
// lines, the variation tools, notes and names, FEN and PGN in and out, a new game of standard
// chess or Chess960 (a start position by its number, or at random). Every change goes through
// the store; what follows from it (analysis, saving, the report) is the other controllers'.
import { GameTree, START_FEN } from '../model/tree.js';
import { parsePgn, exportPgn } from '../model/pgn.js';
import { exportHeaders, reviewFromEvals, variantHeaders } from '../model/record.js';
import { freshMeta } from '../state.js';
import { chess960Fen, fenProblem, randomChess960 } from '../model/rules.js';

/**
 * @typedef {import('../state.js').Store} Store
 * @typedef {import('../state.js').GameMeta} GameMeta
 * @typedef {import('../model/tree.js').MoveNode} MoveNode
 */

export class GameController {
  /** @param {{ store: Store }} deps */
  constructor({ store }) {
    this.store = store;
  }

  get state() {
    return this.store.state;
  }

  // ---- errors -------------------------------------------------------------------------------

  /** Shows a message about what went wrong (nothing else changes). */
  fail(/** @type {string} */ message) {
    this.store.set({ error: message });
  }

  clearError() {
    if (this.state.error) this.store.set({ error: '' });
  }

  // ---- navigation ---------------------------------------------------------------------------

  /** Shows a node of the tree. @param {MoveNode} node */
  goTo(node) {
    if (node !== this.state.current) this.store.set({ current: node });
  }

  back() {
    const p = this.state.current.parent;
    if (p) this.goTo(p);
  }

  forward() {
    const next = this.state.current.children[0];
    if (next) this.goTo(next);
  }

  first() {
    this.goTo(this.state.tree.root);
  }

  last() {
    this.goTo(this.state.tree.lineEnd(this.state.current));
  }

  /** The next (1) or previous (-1) variation at the shown move's branch point. */
  variation(/** @type {1|-1} */ direction) {
    const other = this.state.tree.sibling(this.state.current, direction);
    if (other) this.goTo(other);
  }

  // ---- moves ----------------------------------------------------------------------------------

  /**
   * Plays a move after the shown one (analysis: a new move becomes a variation where the line
   * goes on). Returns the node, or null when the move is illegal (the error is shown).
   * @param {string | { from: string, to: string, promotion?: string }} move
   */
  play(move) {
    try {
      const node = this.state.tree.play(this.state.current, move);
      this.store.touch('tree');
      this.goTo(node);
      return node;
    } catch (e) {
      // the rules' reason names the move: "illegal move e1g1: castling is not allowed here (...)"
      this.fail(/** @type {Error} */ (e).message.replace(/^./, (c) => c.toUpperCase()));
      this.store.touch('current'); // the board puts the piece back
      return null;
    }
  }

  /**
   * Plays a line of UCI moves from a node of the tree and shows its last position.
   * @param {MoveNode} from @param {string[]} uci
   */
  playLine(from, uci) {
    try {
      const node = this.state.tree.playLine(from, uci);
      this.store.touch('tree');
      this.goTo(node);
    } catch (e) {
      this.fail(`That line cannot be played here: ${/** @type {Error} */ (e).message}`);
    }
  }

  /** Makes the shown move's line the main line. */
  promote() {
    const { tree, current } = this.state;
    if (!current.parent || tree.isMainline(current)) return;
    tree.promote(current);
    this.store.touch('tree');
  }

  /** Deletes the shown move and what follows it. */
  removeCurrent() {
    const { tree, current } = this.state;
    if (!current.parent) return;
    const parent = tree.remove(current);
    this.store.touch('tree');
    this.goTo(parent);
  }

  /** The user's note on the shown move (on the game, at the start). */
  setNote(/** @type {string} */ text) {
    const node = this.state.current;
    if (text.trim()) node.note = text;
    else delete node.note;
    this.store.touch('tree');
  }

  /** Names the game in the library (an empty name keeps the old one). */
  rename(/** @type {string} */ name) {
    const trimmed = name.trim();
    if (!trimmed) {
      this.store.touch('game'); // the name field shows the old name again
      return;
    }
    this.store.set({ game: { ...this.state.game, name: trimmed, named: true } });
  }

  flip() {
    this.store.set({ orientation: this.state.orientation === 'white' ? 'black' : 'white' });
  }

  // ---- whole games ------------------------------------------------------------------------------

  /**
   * Replaces the game (a FEN, a PGN, a new game, a game from the library, a game against the
   * engine).
   * @param {GameTree} tree @param {Record<string,string>} [headers] @param {MoveNode} [node]
   * @param {GameMeta} [meta] a saved game's; default: a new game (saved once it has something)
   */
  setTree(tree, headers = {}, node = tree.root, meta = freshMeta()) {
    this.store.set({ tree, headers: variantHeaders(tree, headers), current: node, game: meta });
  }

  /** A new, empty analysis (the open game stays in the library). */
  newAnalysis() {
    this.clearError();
    this.store.set({ mode: 'analyse' });
    this.setTree(new GameTree(), {});
  }

  /**
   * A new, empty analysis of a Chess960 game from start position `number` (0-959; 518 is the
   * standard array), or one chosen at random (`number` null). A number out of range is said and
   * changes nothing. Returns the number, or null.
   * @param {number|null} number
   */
  newChess960(number) {
    let start;
    try {
      start = number === null ? randomChess960() : { number, fen: chess960Fen(number) };
    } catch (e) {
      this.fail(`${/** @type {Error} */ (e).message}.`); // "Chess960 start positions are numbered 0 to 959, not 960"
      return null;
    }
    this.clearError();
    this.store.set({ mode: 'analyse' });
    this.setTree(new GameTree(start.fen, { chess960: true }), {});
    return start.number;
  }

  /** Loads a FEN; a bad one is reported and changes nothing. Returns whether it loaded. */
  loadFen(/** @type {string} */ text) {
    const fen = text.trim().replace(/\s+/g, ' ');
    if (!fen) {
      this.fail(`FEN: empty. Paste a position such as ${START_FEN}`);
      return false;
    }
    const problem = fenProblem(fen);
    if (problem) {
      this.fail(`FEN: ${problem}. The board keeps its position.`);
      return false;
    }
    this.clearError();
    this.store.set({ mode: 'analyse' });
    // a position standard chess cannot have is a Chess960 game's (GameTree); in any other,
    // castling is the same move in both, so it is read as standard chess
    this.setTree(new GameTree(fen), {});
    return true;
  }

  /**
   * Loads a PGN with its variations and evaluations; a bad one is reported and changes nothing.
   * Returns a sentence about what was loaded, or null.
   */
  loadPgn(/** @type {string} */ text) {
    let result;
    try {
      result = parsePgn(text);
    } catch (e) {
      this.fail(/** @type {Error} */ (e).message);
      return null;
    }
    this.clearError();
    this.store.set({ mode: 'analyse' });
    this.setTree(result.tree, result.headers, result.tree.root, { ...freshMeta(), review: reviewFromEvals(result.tree) });
    const more = result.games > 1 ? ` (the first of ${result.games} games: Library → Import PGN adds them all)` : '';
    const h = result.headers;
    return `Loaded ${result.tree.mainline().length} moves${h.White ? `: ${h.White} – ${h.Black}` : ''}${more}. Use → to step through.`;
  }

  /**
   * The game as annotated PGN, with the headers it is saved with, and its opening's ECO code and
   * name where the game has none; `reasons`: the judged moves' reasons in words by node id
   * (WordsController.reasons, made before: writing is synchronous).
   */
  pgn(/** @type {Map<number, string>} */ reasons = new Map()) {
    const s = this.state;
    const headers = { ...s.headers };
    if (s.gameOpening && !headers.ECO && !headers.Opening) Object.assign(headers, { ECO: s.gameOpening.eco, Opening: s.gameOpening.name });
    return exportPgn(s.tree, exportHeaders(headers, s.game.review), reasons);
  }
}
