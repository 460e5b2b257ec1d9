// A hint in a game against the engine: the engine's move for the player, at full strength on an
// engine of its own (the opponent's worker keeps its level's limits), with its reason in words
// from mainline-chess/explain — only sentences whose every claim the engine's facts confirmed;
// when none is, the move alone. The hint belongs to the position it was asked in: once a move is
// made it is no longer shown (views compare its FEN with the game's).
import { explainMove } from 'mainline-chess/explain';
import { fenTurn } from '../model/format.js';

/**
 * @typedef {import('../state.js').Store} Store
 * @typedef {import('../services/engine.js').EngineHandle} EngineHandle
 * @typedef {import('../state.js').Hint} Hint
 */

/** How long the hint's search runs: a second, like a level's move (enough for the best move). */
export const HINT_MOVETIME_MS = 1000;

export class HintController {
  /**
   * @param {{ store: Store, engine: EngineHandle, facts: EngineHandle, movetime?: number }} deps
   *   engine: searches the hint (no strength limit set on it); facts: the lines' facts for the words
   */
  constructor({ store, engine, facts, movetime = HINT_MOVETIME_MS }) {
    this.store = store;
    this.engine = engine;
    this.facts = facts;
    this.movetime = movetime;
    this.token = 0;
  }

  /** Whether a hint may be asked now: a game going on, the player to move. */
  available() {
    const s = this.store.state;
    const g = s.play;
    if (s.mode !== 'play' || !g || g.end || g.thinking) return false;
    return fenTurn(s.tree.lineEnd(s.tree.root).fen).turn === g.human;
  }

  /** Asks for a hint in the game's position; resolves when it is shown (or was overtaken). */
  async hint() {
    if (!this.available()) return;
    const s = this.store.state;
    const g = /** @type {import('../state.js').PlayGame} */ (s.play);
    const tree = s.tree;
    const node = tree.lineEnd(tree.root);
    const token = ++this.token;
    this.#set(g, { fen: node.fen, uci: '', san: '', reasons: [], pending: true, error: '' });
    try {
      const engine = await this.engine.get();
      const r = await engine.bestMove({ fen: tree.root.fen, moves: tree.uciMoves(node), chess960: tree.chess960 }, { movetime: this.movetime });
      if (token !== this.token) return;
      if (!r.bestMove) throw new Error('no legal move');
      const line = await (await this.facts.get()).lineFacts(node.fen, r.pv.length ? r.pv : [r.bestMove]);
      if (token !== this.token) return;
      // 'best': the words say what the move does, not what it misses; a sentence without a
      // claim checked against the facts is not shown
      const { sentences } = explainMove({ mover: g.human, line, verdict: 'best' });
      const reasons = sentences.filter((x) => x.claims.length > 0).map((x) => x.text);
      this.#set(g, { fen: node.fen, uci: r.bestMove, san: r.bestMoveSan || line.san[0] || r.bestMove, reasons, pending: false, error: '' });
    } catch (e) {
      if (token !== this.token) return;
      this.#set(g, { fen: node.fen, uci: '', san: '', reasons: [], pending: false, error: /** @type {Error} */ (e).message });
    }
  }

  /** @param {import('../state.js').PlayGame} g @param {Hint} hint */
  #set(g, hint) {
    if (this.store.state.play !== g) return; // a new game: the hint was the old one's
    g.hint = hint;
    this.store.touch('play');
  }
}
