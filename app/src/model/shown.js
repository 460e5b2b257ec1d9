// What the board, the eval bar and the engine panel's head show as "the engine's view" of the
// shown position, derived from the state: the live search's deepest exact iteration (all its
// MultiPV lines), unless the saved evaluation is deeper. Nothing while practising (it would give
// the answer away), and in a game only while the engine's thinking is shown.
import { material } from 'mainline-chess/report';
import { wdl } from 'mainline-chess/wdl';
import { fenTurn, whitePov } from './format.js';
import { fenAfter } from './rules.js';

/**
 * @typedef {import('../state.js').State} State
 * @typedef {import('../state.js').Practice} Practice
 * @typedef {import('./format.js').Score} Score
 * @typedef {{ multipv: number, score: Score, pv: string[], pvSan: string[] }} ShownLine
 * @typedef {{ score: Score, depth: number, lines: ShownLine[], source: 'live'|'saved' }} ShownEval
 */

/** @param {State} s @returns {ShownEval|null} */
export function shownEval(s) {
  if (s.mode === 'practice') return null;
  if (s.mode === 'play' && !(s.play && s.play.showThinking)) return null;
  const live = s.log && s.log.fen === s.current.fen ? s.log.best : null;
  const saved = s.mode === 'analyse' ? s.current.eval : undefined;
  // a saved evaluation is one line: with several asked for, the live search's lines are shown
  if (saved && saved.depth > 0 && (!live || (saved.depth > live.depth && s.settings.multipv === 1))) {
    return { score: saved.score, depth: saved.depth, source: 'saved', lines: [{ multipv: 1, score: saved.score, pv: saved.pv || [], pvSan: saved.pvSan || [] }] };
  }
  if (!live) return null;
  const lines = [...live.lines.values()].sort((a, b) => a.multipv - b.multipv).map((l) => ({ multipv: l.multipv, score: l.score, pv: l.pv, pvSan: l.pvSan }));
  const first = lines[0];
  if (!first) return null;
  return { score: first.score, depth: live.depth, source: 'live', lines };
}

/**
 * The engine's latest thinking in a game, for the panel's head: while it thinks that is the shown
 * position's search, and after it has moved the head keeps its score and depth rather than
 * falling back to "–" (the search was of the position before its move, so only the head shows
 * it, not the board's arrows or the bar). Nothing when the thinking is hidden, or outside a game.
 * @param {State} s
 * @returns {import('./iterationlog.js').IterationLog|null}
 */
export function playThinking(s) {
  if (s.mode !== 'play' || !s.play || !s.play.showThinking || !s.log) return null;
  return s.log;
}

/**
 * Win / draw / loss chances of a score (White's view) in a position, from White's side, by
 * Mainline's own model (mainline-chess/wdl, fitted to its games).
 * @param {Score} score @param {string} fen
 */
export function whiteWdl(score, fen) {
  const turn = fenTurn(fen).turn;
  // the model takes the side to move's view
  const mine = whitePov(score, turn); // the same flip both ways
  const p = wdl(/** @type {any} */ (mine), material(fen).total);
  return turn === 'w' ? p : { win: p.loss, draw: p.draw, loss: p.win };
}

/**
 * What a practice puzzle shows on the board: the position (after the move tried, while it is
 * judged), and the hints taken: the square of the piece to move, then the move.
 * @param {State} s
 * @returns {{ fen: string, lastMove: { from: string, to: string } | null, hintSquare: string|null, hintMove: string|null } | null}
 */
export function practiceBoard(s) {
  const p = s.practice;
  const node = practiceItem(s);
  const parent = node && node.parent;
  if (!p || !parent) return null;
  const best = bestBefore(node);
  let fen = parent.fen;
  let lastMove = parent.from && parent.to ? { from: parent.from, to: parent.to } : null;
  if (p.tried) {
    try {
      fen = fenAfter(parent.fen, [p.tried]);
      lastMove = { from: p.tried.slice(0, 2), to: p.tried.slice(2, 4) };
    } catch {
      // not a move here: the position before it stays
    }
  } else if (p.phase === 'solved' && best) {
    fen = fenAfter(parent.fen, [best]);
    lastMove = { from: best.slice(0, 2), to: best.slice(2, 4) };
  }
  const hinting = practiceAsks(p);
  return { fen, lastMove, hintSquare: hinting && best && p.hints >= 1 ? best.slice(0, 2) : null, hintMove: hinting && best && p.hints >= 2 ? best : null };
}

/** The move a practice puzzle is about (the game's move that was a mistake), or null. @param {State} s */
export function practiceItem(s) {
  const p = s.practice;
  return p ? s.tree.node(p.items[p.index]) : null;
}

/** Whether a practice puzzle asks for a move (the board takes one; hints show). @param {Practice|null} p */
export function practiceAsks(p) {
  return !!p && (p.phase === 'ask' || p.phase === 'wrong');
}

/**
 * The best move (UCI) in the position before a move, as its evaluation has it, or null.
 * @param {import('./tree.js').MoveNode|null} node
 */
export function bestBefore(node) {
  return node?.parent?.eval?.pv?.[0] || null;
}

/**
 * Which side the user may move on the board now: anything while analysing; in a game, the
 * user's side on their turn at the end of the game; in practice, the puzzle's side while it asks.
 * @param {State} s @returns {'w'|'b'|'both'|null}
 */
export function movableSide(s) {
  if (s.mode === 'analyse') return 'both';
  if (s.mode === 'practice') return s.practice && practiceAsks(s.practice) ? s.practice.color : null;
  const g = s.play;
  if (!g || g.end || g.thinking || s.current !== s.tree.lineEnd(s.tree.root)) return null;
  return fenTurn(s.current.fen).turn === g.human ? g.human : null;
}
