// The game report of the game tree (mainline-chess/report on the app's moves): a class for every
// move whose positions before and after are evaluated, and, once every main-line position is,
// each player's accuracy and average centipawn loss. What a move gives up along the engine's
// line (for Brilliant) is counted with the rules (rules.js). Also the report's navigation (next
// blunder, mistake, inaccuracy) and the moves worth practising. Pure: no DOM, no engine.
import { classifyMove, gameRating, gameReport, isRecapture, keyMoments, nextWithSeverity, pgnJudgement, phaseSummary, practiceMoves, reportSummary } from 'mainline-chess/report';
import { isBookMove } from 'mainline-chess/openings';
import { legalMoves, sacrificeAlong } from './rules.js';

/**
 * @typedef {import('./tree.js').MoveNode} MoveNode
 * @typedef {import('./tree.js').GameTree} GameTree
 * @typedef {import('mainline-chess/report').MoveVerdict} MoveVerdict
 * @typedef {import('mainline-chess/report').ReportMove} ReportMove
 * @typedef {import('mainline-chess/report').GameReport} GameReport
 * @typedef {import('mainline-chess/report').Severity} Severity
 *
 * @typedef {object} TreeReport
 * @property {Map<number, MoveVerdict>} verdicts  by node id: every move with both evaluations
 * @property {MoveNode[]} line                    the main line's moves
 * @property {GameReport|null} game               when every main-line position is evaluated
 * @property {number} evaluated                   main-line positions with an evaluation (of line.length + 1)
 */

// What a move gives up along the engine's line depends on the move and the evaluation after it:
// kept per evaluation (a new evaluation is a new object), so a report is cheap to compute again.
/** @type {WeakMap<object, number>} */
const sacrifices = new WeakMap();
// How many legal moves a position has (1: the move from it is Forced), kept per node like the above.
/** @type {WeakMap<MoveNode, number>} */
const legalCounts = new WeakMap();

/**
 * One move as the report needs it, or null when a position lacks an evaluation.
 * @param {MoveNode} node @param {GameTree} tree
 * @returns {ReportMove|null}
 */
function reportMoveOf(node, tree) {
  const parent = node.parent;
  if (!parent || !parent.eval || !node.eval || !node.uci || !node.color) return null;
  const after = node.eval;
  let sacrifice = sacrifices.get(after);
  if (sacrifice === undefined) {
    sacrifice = sacrificeAlong(parent.fen, node.uci, after.pv || []);
    sacrifices.set(after, sacrifice);
  }
  let count = legalCounts.get(parent);
  if (count === undefined) {
    count = legalMoves(parent.fen).length;
    legalCounts.set(parent, count);
  }
  // the named openings are standard chess's (a Chess960 game is not named after them)
  const book = !tree.chess960 && isBookMove(parent.fen, node.fen);
  const last = parent.parent;
  const recapture = !!last && !!parent.uci && isRecapture(last.fen, parent.uci, parent.fen, node.uci, node.fen);
  return { mover: node.color, played: node.uci, before: parent.eval, second: parent.eval.second || undefined, after, sacrifice, fen: parent.fen, legalMoves: count, book, recapture };
}

/** The report of a tree. @param {GameTree} tree @returns {TreeReport} */
export function reportOf(tree) {
  /** @type {Map<number, MoveVerdict>} */
  const verdicts = new Map();
  for (const node of tree.nodes.values()) {
    const m = reportMoveOf(node, tree);
    if (m) verdicts.set(node.id, classifyMove(m));
  }
  const line = tree.mainline();
  const evaluated = [tree.root, ...line].filter((n) => n.eval).length;
  const game = line.length && evaluated === line.length + 1 ? gameReport(line.map((n) => /** @type {ReportMove} */ (reportMoveOf(n, tree)))) : null;
  return { verdicts, line, game, evaluated };
}

/** The index in the main line of `node`, or of the main-line move its variation branches from (-1: the start). */
export function mainlineIndex(/** @type {GameTree} */ tree, /** @type {MoveNode} */ node) {
  let n = node;
  while (n.parent && !tree.isMainline(n)) n = n.parent;
  return n.ply - 1;
}

/**
 * The next (1) or previous (-1) main-line move of a severity after the shown one, or null.
 * @param {TreeReport} report @param {GameTree} tree @param {MoveNode} current
 * @param {Severity} severity @param {1|-1} direction
 */
export function nextError(report, tree, current, severity, direction) {
  const from = mainlineIndex(tree, current);
  const verdicts = report.line.map((n) => report.verdicts.get(n.id) || { severity: '' });
  const i = nextWithSeverity(/** @type {any} */ (verdicts), from, severity, direction);
  return i < 0 ? null : report.line[i];
}

/**
 * A player's moves to practise ("learn from your mistakes"): their Mistakes, Blunders and
 * Missed wins on the main line, in order. Empty until the report is complete.
 * @param {TreeReport} report @param {'w'|'b'} color @returns {MoveNode[]}
 */
export function practiceList(report, color) {
  if (!report.game) return [];
  const verdicts = report.line.map((n) => /** @type {MoveVerdict} */ (report.verdicts.get(n.id)));
  const movers = report.line.map((n) => /** @type {'w'|'b'} */ (n.color));
  return practiceMoves(verdicts, movers, color).map((i) => report.line[i]);
}

/**
 * The game's key moments (mainline-chess/report's keyMoments): the main-line moves, of both
 * sides, that swung the game most. Empty until the report is complete.
 * @param {TreeReport} report @returns {MoveNode[]}
 */
export function keyMomentList(report) {
  if (!report.game) return [];
  return keyMoments(report.game.moves).map((i) => report.line[i]);
}

/**
 * What the PGN writer gets from the report: each judged move's NAG and sentence by node id, and
 * the summary line ("White 91% accuracy, 12 ACPL; ...") and the accuracy by phase when the
 * report is complete.
 * @param {TreeReport} report
 */
export function pgnAnnotations(report) {
  /** @type {Map<number, ReturnType<typeof pgnJudgement>>} */
  const judgements = new Map();
  for (const [id, v] of report.verdicts) judgements.set(id, pgnJudgement(v));
  return { judgements, summary: report.game ? reportSummary(report.game) : '', phases: report.game ? phaseSummary(report.game) : '' };
}

/**
 * Each player's accuracy, average centipawn loss and game rating (null: too few moves), as the
 * library lists them.
 * @param {GameReport} game
 * @returns {{ w: import('./record.js').PlayerSummary, b: import('./record.js').PlayerSummary }}
 */
export function playersSummary(game) {
  const one = (/** @type {import('mainline-chess/report').PlayerReport} */ p) => ({ accuracy: p.accuracy, acpl: p.acpl, rating: gameRating(p)?.elo ?? null });
  return { w: one(game.players.w), b: one(game.players.b) };
}
