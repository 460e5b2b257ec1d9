// The game report: each player's accuracy and average centipawn loss, and a class for every move
// (Brilliant, Great, Best, Excellent, Good, Inaccuracy, Mistake, Blunder, Missed win), from the
// engine's evaluations of the positions of a game. Shared by the board app and mainline-analyse.
//
// No chess rules here, as in annotate.js: the caller plays the moves and hands over, per move,
// the evaluations before and after it and what the move gives up in material along the engine's
// line (which needs the rules: the app counts it with chess.js).
//
// Everything is measured in the mover's expected points (0..1, annotate.js's logistic curve
// fitted by lichess to game results), so a 100 cp slip in a level position weighs more than in a
// won one, as it does for a player. Thresholds, in expected points lost against the engine's best
// move (the evaluation of the position before the move):
//
//   Best        the engine's own first choice (or nothing lost)
//   Excellent   < 0.02        Inaccuracy  0.05 .. 0.10   (?!)
//   Good        < 0.05        Mistake     0.10 .. 0.15   (?)
//                             Blunder     >= 0.15        (??)
//
// Inaccuracy, Mistake and Blunder are lichess's limits, the same as annotate.js's JUDGEMENTS.
//   Great       the best move, when it is the only one that keeps the result: the second-best
//               line (MultiPV 2) loses at least a blunder's 0.15 and falls into a worse result
//               band (win >= 0.75 > draw > 0.25 >= loss, about +-300 cp); and it is hard to
//               find: not the recapture of a piece just taken (after an exchange, taking back
//               keeps the result by definition; the caller says so), and not the search's first
//               choice at depth 2 already (`before.shallowBest`: an only move that plain
//               material shows, such as the one square a hanging queen has, is found there).
//   Brilliant   the best (or great) move that gives up at least BRILLIANT_MIN_SACRIFICE pawns
//               along the engine's line (where it has settled: `sacrificed`, four half-moves in
//               or after an exchange still going on there) and still does not lose (>= 0.45 after it), in a
//               position that was not already won outright (< 0.97 before).
//   Book        a move that keeps the game inside the named openings (mainline-chess/openings: the
//               positions before and after it are both on the ECO classification's lines; the
//               caller says so), unless the engine finds it a Mistake or worse: a named line is
//               theory, not the player's own find, so it is neither praised (Great, Brilliant) nor
//               marked an Inaccuracy (the named gambits and offbeat openings lose that much at a
//               review's depth); but the data names some lines for the trap a side falls into, and
//               a move that loses a Mistake's 0.10 or more is shown as the error it is. Its loss and
//               accuracy count as any move's.
//   Forced      the only legal move (the caller gives the count): never an error and never praised;
//               it costs nothing (loss 0, accuracy 100), since the fall of the evaluation across
//               it is the position's, not the move's (lichess's accuracy would count it; chess.com's
//               review marks such a move Forced too).
//   Missed win  an Inaccuracy, Mistake or Blunder that turns a won position (>= 0.75 with the
//               best move) into one that is not won any more; it keeps its severity for the
//               next/previous-mistake keys and its NAG.
//
// Accuracy follows lichess's published method (lichess.org/page/accuracy): a move's accuracy is
//   103.1668 * exp(-0.04354 * (win% before - win% after)) - 3.1669, clamped to 0..100
// (win% = 100 * expected points, centipawns capped at +-1000, a mate counts as the cap), and a
// player's is the mean of two means of their moves' accuracies: one weighted by how volatile the
// game was around each move (the standard deviation of the win% in a window of
// clamp(plies / 10, 2, 8) positions, clamped to 0.5 .. 12), and the harmonic mean (a single 0%
// move pulls it to 0). Average centipawn loss: per move max(0, best - played) in centipawns from
// the mover's side, both capped at +-1000 like lichess's.
//
// Accuracy by phase: the same two means over a player's moves of one phase (the volatility
// weights are the whole game's). A move belongs to the phase of the position it was played in.
// The divider (gamePhases) is lichess's idea, read from the board alone: the opening ends at the
// first position where either side has developed (fewer than 4 of its own pieces left on its
// back rank), or the knights, bishops, rooks and queens on the board number 10 or fewer (of 14),
// or both sides have made 15 moves (the move number is 16 or more: a slow game whose pieces
// develop without leaving the back rank is past its opening by then; lichess measures how far
// the pieces have crossed into the other half instead). The endgame begins at the first
// position with 6 or fewer knights, bishops, rooks and queens on the board. Phases only go
// forward: once the endgame has begun, a later promotion does not bring the middlegame back.

import { JUDGEMENTS, WIN_K } from './annotate.js';
import { RATING_MODEL } from './rating-model.js';

/** Centipawns beyond this count as this (and a mate as exactly this) for accuracy and ACPL. */
export const CP_CAP = 1000;
/** Expected points at or above which a position counts as won (below 1 - this: lost). */
export const WON = 0.75;
/** A brilliant move gives up at least this many pawns of material along the engine's line. */
export const BRILLIANT_MIN_SACRIFICE = 2;
/** ... and keeps at least this much of the expected points after it ... */
export const BRILLIANT_MIN_AFTER = 0.45;
/** ... in a position the mover had not already won outright (below this before it). */
export const BRILLIANT_MAX_BEFORE = 0.97;

// The error classes are annotate.js's JUDGEMENTS (worst first): their names, labels, NAGs and
// the losses where they begin.
const [BLUNDER, MISTAKE, INACCURACY] = JUDGEMENTS;
const judged = (/** @type {typeof JUDGEMENTS[number]} */ j, /** @type {number} */ maxLoss) =>
  ({ name: j.name, label: j.label, glyph: j.glyph, nag: j.nag, maxLoss });

/**
 * The move classes, best first. `maxLoss`: the class applies below this many expected points
 * lost (the last one catches the rest). `nag`: the PGN NAG written for it (0: none).
 */
export const MOVE_CLASSES = [
  { name: 'brilliant', label: 'Brilliant', glyph: '!!', nag: 3 },
  { name: 'great', label: 'Great', glyph: '!', nag: 1 },
  { name: 'best', label: 'Best', glyph: '', nag: 0 },
  { name: 'book', label: 'Book', glyph: '', nag: 0 },
  { name: 'forced', label: 'Forced', glyph: '', nag: 0 },
  { name: 'excellent', label: 'Excellent', glyph: '', nag: 0, maxLoss: 0.02 },
  { name: 'good', label: 'Good', glyph: '', nag: 0, maxLoss: INACCURACY.minDrop },
  judged(INACCURACY, MISTAKE.minDrop),
  judged(MISTAKE, BLUNDER.minDrop),
  judged(BLUNDER, Infinity),
  { name: 'missed-win', label: 'Missed win', glyph: '', nag: 0 },
];

const CLASS = Object.fromEntries(MOVE_CLASSES.map((c) => [c.name, c]));
const BY_LOSS = MOVE_CLASSES.filter((c) => c.maxLoss !== undefined);
/** Where a Blunder begins: the second-best line of a Great move loses at least this much. */
const BLUNDER_LOSS = BLUNDER.minDrop;
/** The classes that are errors, worst first: what next/previous-mistake navigation walks. */
export const ERROR_CLASSES = JUDGEMENTS.map((j) => j.name);

/**
 * @typedef {import('./annotate.js').Score} Score
 * @typedef {import('./annotate.js').Eval} Eval
 *
 * @typedef {object} ReportMove  one move of the game, as the caller knows it
 * @property {'w'|'b'} mover
 * @property {string} [played]     the move in UCI (compared with the engine's best, before.pv[0])
 * @property {Eval} before         the position before the move (its pv[0] is the engine's best move)
 * @property {{ score: Score }} [second]  the second-best line of that position (MultiPV 2), for Great
 * @property {Eval} after          the position after the move
 * @property {number} [sacrifice]  pawns of material the mover is down along the engine's line
 *                                 after the move, compared with before it (0 or less: none)
 * @property {string} [fen]        the position before the move: given for every move, the
 *                                 report has accuracy by phase
 * @property {number} [legalMoves] how many legal moves the mover had: 1 makes the move Forced
 * @property {boolean} [recapture] the move takes back on the square where the opponent's last
 *                                 move captured (isRecapture): never Great
 * @property {boolean} [book]      the move keeps the game inside the named openings
 *                                 (mainline-chess/openings' isBookMove): Book, short of a Mistake
 *
 * @typedef {object} MoveVerdict
 * @property {string} cls          a MOVE_CLASSES name
 * @property {string} severity     the class by loss alone ('best' ... 'blunder'): a Missed win's
 *                                 Mistake, a Great move's Best
 * @property {number} loss         expected points lost against the best move (>= 0)
 * @property {number} cpLoss       centipawns lost (>= 0, capped)
 * @property {number} accuracy     0..100
 * @property {number} winBefore    the mover's win% (0..100) with the best move
 * @property {number} winAfter     ... after the move played
 */

/**
 * A score (White's view) as White's centipawns capped at +-CP_CAP; a mate is the cap.
 * @param {Score} score
 * @param {'w'|'b'} turn the side to move (decides who is mated by `{ mate: 0 }`)
 */
export function cappedCp(score, turn) {
  if (score.mate !== undefined) {
    const whiteWins = score.mate > 0 || (score.mate === 0 && turn === 'b');
    return whiteWins ? CP_CAP : -CP_CAP;
  }
  return Math.max(-CP_CAP, Math.min(CP_CAP, score.cp || 0));
}

/** White's win% (0..100) of a score from White's view, as lichess computes it (capped). */
export function winPercent(/** @type {Score} */ score, /** @type {'w'|'b'} */ turn) {
  return 100 / (1 + Math.exp(-WIN_K * cappedCp(score, turn)));
}

/**
 * A move's accuracy (0..100) from the mover's win% before and after it.
 * @param {number} before @param {number} after
 */
export function moveAccuracy(before, after) {
  if (after >= before) return 100;
  const raw = 103.1668 * Math.exp(-0.04354 * (before - after)) - 3.1669;
  return Math.max(0, Math.min(100, raw));
}

/**
 * The only legal move: Forced, as the best move that loses nothing.
 * @param {ReportMove} m @param {'w'|'b'} other @returns {MoveVerdict}
 */
function forcedVerdict(m, other) {
  const mine = (/** @type {number} */ whiteWin) => (m.mover === 'w' ? whiteWin : 100 - whiteWin);
  return {
    cls: 'forced', severity: 'best', loss: 0, cpLoss: 0, accuracy: 100,
    winBefore: mine(winPercent(m.before.score, m.mover)), winAfter: mine(winPercent(m.after.score, other)),
  };
}

/**
 * The class of one move.
 * @param {ReportMove} m
 * @returns {MoveVerdict}
 */
export function classifyMove(m) {
  const other = m.mover === 'w' ? 'b' : 'w';
  if (m.legalMoves === 1) return forcedVerdict(m, other);
  const mine = (/** @type {number} */ whiteWin) => (m.mover === 'w' ? whiteWin : 100 - whiteWin);
  // The evaluations are of the positions as they stand: `before` with the mover to move,
  // `after` with the opponent to move.
  const winBefore = mine(winPercent(m.before.score, m.mover));
  const winAfter = mine(winPercent(m.after.score, other));
  const sign = m.mover === 'w' ? 1 : -1;
  const cpBefore = sign * cappedCp(m.before.score, m.mover);
  const cpAfter = sign * cappedCp(m.after.score, other);
  const loss = Math.max(0, (winBefore - winAfter) / 100);
  const isBest = (!!m.played && !!m.before.pv && m.before.pv[0] === m.played) || loss === 0;
  const severity = isBest ? 'best' : /** @type {typeof BY_LOSS[number]} */ (BY_LOSS.find((c) => loss < /** @type {number} */ (c.maxLoss))).name;
  let cls = severity;
  if (isBest) {
    if (m.second) {
      const bestE = winBefore / 100;
      const secondE = mine(winPercent(m.second.score, m.mover)) / 100;
      const easy = !!m.recapture || (!!m.before.shallowBest && m.before.shallowBest === m.played);
      if (bestE - secondE >= BLUNDER_LOSS && band(bestE) > band(secondE) && !easy) cls = 'great';
    }
    if ((m.sacrifice ?? 0) >= BRILLIANT_MIN_SACRIFICE && winAfter / 100 >= BRILLIANT_MIN_AFTER && winBefore / 100 < BRILLIANT_MAX_BEFORE)
      cls = 'brilliant';
  } else if (ERROR_CLASSES.includes(severity) && winBefore / 100 >= WON && winAfter / 100 < WON) {
    cls = 'missed-win';
  }
  if (m.book && (severity === 'best' || severity === 'excellent' || severity === 'good' || cls === INACCURACY.name)) cls = 'book';
  return {
    cls,
    severity,
    loss,
    cpLoss: Math.max(0, cpBefore - cpAfter),
    accuracy: moveAccuracy(winBefore, winAfter),
    winBefore,
    winAfter,
  };
}

/** 2 won, 1 drawn, 0 lost, for expected points. */
function band(/** @type {number} */ e) {
  return e >= WON ? 2 : e > 1 - WON ? 1 : 0;
}

/** The population standard deviation. */
function stdDev(/** @type {number[]} */ xs) {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / xs.length);
}

/**
 * The volatility weight of each move (lichess's windows of the game's win% sequence).
 * @param {number[]} wins White's win% of the start position and after every move (moves + 1 values)
 * @returns {number[]} one weight per move
 */
export function volatilityWeights(wins) {
  const moves = wins.length - 1;
  if (moves < 1) return [];
  const size = Math.max(2, Math.min(8, Math.floor(moves / 10)));
  /** @type {number[][]} */
  const windows = [];
  // The first moves share the first window, so that every move has one.
  for (let i = 0; i < Math.min(size, wins.length) - 2; i++) windows.push(wins.slice(0, size));
  for (let i = 0; i + size <= wins.length; i++) windows.push(wins.slice(i, i + size));
  return windows.slice(0, moves).map((w) => Math.max(0.5, Math.min(12, stdDev(w))));
}

// ---- phases ---------------------------------------------------------------------------------

/** The phases of a game, in order. */
export const PHASES = /** @type {const} */ (['opening', 'middlegame', 'endgame']);
/** The opening ends when the knights, bishops, rooks and queens on the board number this or fewer... */
export const MIDDLEGAME_MAX_PIECES = 10;
/** ... or when a side has fewer than this many of its own pieces on its back rank (it has developed) ... */
export const DEVELOPED_BACK_RANK = 4;
/** ... or at this move number (both sides have made one fewer moves). */
export const MIDDLEGAME_MOVE = 16;
/** The endgame begins when the knights, bishops, rooks and queens on the board number this or fewer. */
export const ENDGAME_MAX_PIECES = 6;

/**
 * What the divider reads from a FEN: the knights, bishops, rooks and queens on the board (both
 * sides), each side's own pieces on its back rank, and the move number.
 * @param {string} fen
 */
export function phaseSigns(fen) {
  const [board = '', , , , , move = '1'] = fen.trim().split(/\s+/);
  const ranks = board.split('/');
  const pieces = [...board].filter((c) => 'nbrqNBRQ'.includes(c)).length;
  const count = (/** @type {string|undefined} */ rank, /** @type {boolean} */ white) => [...(rank || '')].filter((c) => /[a-z]/i.test(c) && (c === c.toUpperCase()) === white).length;
  return { pieces, backRank: { w: count(ranks[7], true), b: count(ranks[0], false) }, move: Number(move) || 1 };
}

/**
 * The phase of each position of a game (the start, then after every move), by the divider above:
 * the opening until the first position past it, the endgame from the first with few pieces.
 * @param {string[]} fens the positions in order
 * @returns {Phase[]}
 */
export function gamePhases(fens) {
  /** @type {Phase[]} */
  const out = [];
  let phase = 0;
  for (const fen of fens) {
    const s = phaseSigns(fen);
    if (phase < 1 && (s.pieces <= MIDDLEGAME_MAX_PIECES || s.backRank.w < DEVELOPED_BACK_RANK || s.backRank.b < DEVELOPED_BACK_RANK || s.move >= MIDDLEGAME_MOVE)) phase = 1;
    if (phase < 2 && s.pieces <= ENDGAME_MAX_PIECES) phase = 2;
    out.push(PHASES[phase]);
  }
  return out;
}

/**
 * @typedef {'opening'|'middlegame'|'endgame'} Phase
 *
 * @typedef {object} PhaseReport  one player's moves of one phase
 * @property {number|null} accuracy  0..100 (null: no move in this phase)
 * @property {number|null} acpl
 * @property {number} moves
 *
 * @typedef {object} PlayerReport
 * @property {number|null} accuracy   0..100 (null: no move)
 * @property {number|null} acpl       average centipawn loss
 * @property {number} moves
 * @property {Record<string, number>} counts  per MOVE_CLASSES name
 * @property {Record<Phase, PhaseReport>|null} phases  by phase (null: the moves came without
 *   their positions, `fen`)
 *
 * @typedef {object} GameReport
 * @property {MoveVerdict[]} moves       one per move, in order
 * @property {{ w: PlayerReport, b: PlayerReport }} players
 * @property {Phase[]|null} phases       each move's phase (the phase of the position it was played
 *   in); null when a move came without its `fen`
 */

/**
 * The report of a game (or of the moves of one line) from its moves' evaluations.
 * @param {ReportMove[]} moves in order; each one's `before` is the previous one's `after`
 * @returns {GameReport}
 */
export function gameReport(moves) {
  const verdicts = moves.map(classifyMove);
  const wins = moves.length ? [winPercent(moves[0].before.score, moves[0].mover)] : [];
  for (const m of moves) wins.push(winPercent(m.after.score, m.mover === 'w' ? 'b' : 'w'));
  const weights = volatilityWeights(wins);
  const phases = moves.length && moves.every((m) => typeof m.fen === 'string') ? gamePhases(moves.map((m) => /** @type {string} */ (m.fen))) : null;
  /** The accuracy and ACPL of some moves (indices). @param {number[]} idx @returns {PhaseReport} */
  const figures = (idx) => {
    if (!idx.length) return { accuracy: null, acpl: null, moves: 0 };
    const acc = idx.map((i) => verdicts[i].accuracy);
    const w = idx.map((i) => weights[i]);
    const weighted = acc.reduce((s, a, k) => s + a * w[k], 0) / w.reduce((s, x) => s + x, 0);
    const harmonic = acc.length / acc.reduce((s, a) => s + 1 / a, 0);
    const acpl = idx.reduce((s, i) => s + verdicts[i].cpLoss, 0) / idx.length;
    return { accuracy: (weighted + harmonic) / 2, acpl, moves: idx.length };
  };
  /** @param {'w'|'b'} color @returns {PlayerReport} */
  const player = (color) => {
    const idx = moves.map((m, i) => (m.mover === color ? i : -1)).filter((i) => i >= 0);
    /** @type {Record<string, number>} */
    const counts = Object.fromEntries(MOVE_CLASSES.map((c) => [c.name, 0]));
    for (const i of idx) counts[verdicts[i].cls]++;
    const byPhase = phases ? /** @type {Record<Phase, PhaseReport>} */ (Object.fromEntries(PHASES.map((p) => [p, figures(idx.filter((i) => phases[i] === p))]))) : null;
    return { ...figures(idx), counts, phases: byPhase };
  };
  return { moves: verdicts, players: { w: player('w'), b: player('b') }, phases };
}

/**
 * Each player's accuracy by phase in one line: "Accuracy by phase (White / Black): opening 95% /
 * 90%, middlegame 80% / 61%, endgame – / –" ('–': no move in that phase); '' without phases.
 * @param {GameReport} r
 */
export function phaseSummary(r) {
  const { w, b } = r.players;
  if (!w.phases || !b.phases) return '';
  const pct = (/** @type {PhaseReport} */ p) => (p.accuracy === null ? '–' : `${Math.round(p.accuracy)}%`);
  const wp = w.phases, bp = b.phases;
  return `Accuracy by phase (White / Black): ${PHASES.map((p) => `${p} ${pct(wp[p])} / ${pct(bp[p])}`).join(', ')}`;
}

// ---- material, for sacrifices ---------------------------------------------------------------

/** Pawns per piece for material counts. */
export const PIECE_VALUES = Object.freeze({ p: 1, n: 3, b: 3, r: 5, q: 9, k: 0 });
/** A sacrifice is judged at least this many half-moves into the line (the move, a reply, a move, a
 * reply): material won straight back by then (an exchange) is no sacrifice ... */
export const SACRIFICE_PLIES = 4;
/** ... and later while the line is still exchanging: where the next half-move is a capture, the
 * piece just taken is about to be taken back, so the material is judged after the next reply, up
 * to this many half-moves in (a queen move whose line goes on with a knight move, its capture and
 * the recapture gives nothing up, though four half-moves in the knight's taker is still hanging).
 * Callers pass this many positions of the line. */
export const SACRIFICE_MAX_PLIES = 12;

/** Material of a FEN's board, in pawns: White's minus Black's, and both sides' together. */
export function material(/** @type {string} */ fen) {
  let balance = 0, total = 0;
  for (const c of fen.trim().split(/\s+/)[0]) {
    const v = PIECE_VALUES[/** @type {keyof typeof PIECE_VALUES} */ (c.toLowerCase())];
    if (v === undefined) continue;
    balance += c === c.toUpperCase() ? v : -v;
    total += v;
  }
  return { balance, total };
}

/** Pieces on a FEN's board (kings included): fewer after a half-move means it captured. */
function pieceCount(/** @type {string} */ fen) {
  let n = 0;
  for (const c of fen.trim().split(/\s+/)[0]) if (/[a-z]/i.test(c)) n++;
  return n;
}

/**
 * Whether a move takes back: the opponent's last move captured, and this one captures on the
 * same square (the report's Great excludes it).
 * @param {string} fenBeforeLast the position before the opponent's last move
 * @param {string} lastUci that move
 * @param {string} fenBefore the position before this move (after the last one)
 * @param {string} playedUci this move
 * @param {string} fenAfter the position after it
 */
export function isRecapture(fenBeforeLast, lastUci, fenBefore, playedUci, fenAfter) {
  return lastUci.slice(2, 4) === playedUci.slice(2, 4) && pieceCount(fenBefore) < pieceCount(fenBeforeLast) && pieceCount(fenAfter) < pieceCount(fenBefore);
}

/**
 * How many pawns of material the mover is down along the line that starts with the move (0:
 * nothing given up, or no reply to judge by), judged where the line has settled: after the last
 * reply within SACRIFICE_PLIES half-moves, or, while the half-move after that reply is a capture
 * (an exchange going on), after the next reply, up to SACRIFICE_MAX_PLIES half-moves in.
 * @param {string} fenBefore the position before the move
 * @param {string[]} fensAfter the positions after each half-move of the line, the move first
 */
export function sacrificed(fenBefore, fensAfter) {
  const sign = fenBefore.trim().split(/\s+/)[1] === 'b' ? -1 : 1;
  const line = fensAfter.slice(0, SACRIFICE_MAX_PLIES);
  // the index of the reply judged by (replies are the odd half-moves: 1, 3, ...)
  let r = Math.min(SACRIFICE_PLIES, line.length) - 1;
  if (r % 2 === 0) r--;
  if (r < 1) return 0;
  const captures = (/** @type {number} */ i) => pieceCount(line[i]) < pieceCount(line[i - 1]);
  while (r + 2 < line.length && captures(r + 1)) r += 2;
  const given = sign * (material(fenBefore).balance - material(line[r]).balance);
  return Math.max(0, given);
}

/**
 * The next (direction 1) or previous (-1) move after index `from` whose severity is `severity`
 * (a Missed win counts by its severity; a Book move is skipped), or -1. For the next/previous
 * blunder, mistake and inaccuracy keys.
 * @param {(Pick<MoveVerdict, 'severity'> & Partial<Pick<MoveVerdict, 'cls'>>)[]} verdicts the game's moves in order
 * @param {number} from the current move's index (-1: the start position)
 * @param {string} severity 'blunder', 'mistake' or 'inaccuracy'
 * @param {1|-1} [direction]
 */
export function nextWithSeverity(verdicts, from, severity, direction = 1) {
  // a Book move is theory, not a slip to go back to, whatever it loses at the review's depth
  for (let i = from + direction; i >= 0 && i < verdicts.length; i += direction) if (verdicts[i].severity === severity && verdicts[i].cls !== 'book') return i;
  return -1;
}

/**
 * The moves worth practising ("learn from your mistakes"): one player's Mistakes, Blunders and
 * Missed wins, in game order, as indices into the report's moves.
 * @param {Pick<MoveVerdict, 'cls' | 'severity'>[]} verdicts
 * @param {('w'|'b')[]} movers who made each move
 * @param {'w'|'b'} color the player
 */
export function practiceMoves(verdicts, movers, color) {
  const worth = (/** @type {Pick<MoveVerdict, 'cls' | 'severity'>} */ v) =>
    v.severity === BLUNDER.name || v.severity === MISTAKE.name || v.cls === 'missed-win';
  return verdicts.map((v, i) => (movers[i] === color && worth(v) ? i : -1)).filter((i) => i >= 0);
}

/** A key moment is a move that lost its side at least this many expected points (15 win% points). */
export const KEY_MOMENT_MIN_LOSS = 0.15;
/** ... the largest of them, at most this many in a game. */
export const KEY_MOMENTS_MAX = 6;

/**
 * The game's turning points, for both sides: the moves that cost the side that played them at
 * least KEY_MOMENT_MIN_LOSS expected points (blunders, and the mistakes and missed wins as large),
 * the largest KEY_MOMENTS_MAX of them, in game order (indices into the report's moves). Book and
 * Forced moves are never one (theory, and no choice).
 * @param {Pick<MoveVerdict, 'cls' | 'loss'>[]} verdicts
 */
export function keyMoments(verdicts, max = KEY_MOMENTS_MAX) {
  return verdicts
    .map((v, i) => ({ i, loss: v.loss, ok: v.loss >= KEY_MOMENT_MIN_LOSS && v.cls !== 'book' && v.cls !== 'forced' }))
    .filter((m) => m.ok)
    .sort((a, b) => b.loss - a.loss || a.i - b.i)
    .slice(0, max)
    .map((m) => m.i)
    .sort((a, b) => a - b);
}

/**
 * Whether a move tried in a practice position solves it: it is the engine's best move, or loses
 * less than an Inaccuracy's worth of expected points against it (Best, Excellent or Good).
 * @param {ReportMove} attempt `before` as in the report, `after` the engine's evaluation after the tried move
 */
export function solves(attempt) {
  const { severity } = classifyMove(attempt);
  return severity === 'best' || severity === 'excellent' || severity === 'good';
}

/** The class's record (label, glyph, NAG) by name. */
export function moveClass(/** @type {string} */ name) {
  return CLASS[name];
}

/**
 * What the PGN writer (annotate.js's writePgn, as a node's `judgement`) writes for a move's
 * verdict: the NAG and sentence of an error, a Missed win (with its severity's NAG), a Great or
 * Brilliant move, a Forced or Book one ("Forced move.", "Book move.", no NAG); null for the plain classes (Best,
 * Excellent, Good), which get nothing.
 * @param {Pick<MoveVerdict, 'cls' | 'severity'>} v
 * @returns {{ label: string, nag: number, error: boolean } | null}
 */
export function pgnJudgement(v) {
  if (v.cls === 'missed-win') return { label: CLASS[v.cls].label, nag: CLASS[v.severity].nag, error: true };
  if (ERROR_CLASSES.includes(v.cls)) return { label: CLASS[v.cls].label, nag: CLASS[v.cls].nag, error: true };
  if (v.cls === 'great' || v.cls === 'brilliant' || v.cls === 'forced' || v.cls === 'book') return { label: CLASS[v.cls].label, nag: CLASS[v.cls].nag, error: false };
  return null;
}

// ---- the game rating -------------------------------------------------------------------------
// A rating for one side of one game from the quality of its moves: a linear model of its accuracy
// and ln(10 + ACPL), fitted by scripts/game-rating.mjs on the play levels' games against each
// other, so on their scale (Stockfish 15.1's UCI_Elo: engine levels, not human games); clamped to
// the levels' range, rounded to 10. `error` is the model's mean absolute error on held-out level
// games: one game says little, and says it with that much uncertainty.

/** The model's inputs for a player's moves of one game, or null when too few to rate. */
export function ratingFeatures(/** @type {Pick<PlayerReport, 'accuracy' | 'acpl' | 'moves'>} */ p, minMoves = RATING_MODEL.minMoves) {
  if (p.accuracy === null || p.acpl === null || p.moves < minMoves) return null;
  return [1, p.accuracy, Math.log(10 + p.acpl)];
}

/**
 * A side's rating for the game, or null when it made fewer than RATING_MODEL.minMoves moves.
 * @param {Pick<PlayerReport, 'accuracy' | 'acpl' | 'moves'>} p
 * @returns {{ elo: number, error: number } | null}
 */
export function gameRating(p) {
  const x = ratingFeatures(p);
  if (!x) return null;
  const [lo, hi] = RATING_MODEL.range;
  const raw = x.reduce((s, v, i) => s + v * RATING_MODEL.coefficients[i], 0);
  return { elo: Math.round(Math.max(lo, Math.min(hi, raw)) / 10) * 10, error: RATING_MODEL.heldOutMae };
}

/**
 * One line for the start of an annotated game: "White 91% accuracy, 12 ACPL; Black 85%, 25 ACPL"
 * (what annotate.js's writePgn writes as "Mainline report: ...").
 * @param {GameReport} r
 */
export function reportSummary(r) {
  const one = (/** @type {PlayerReport} */ p, /** @type {string} */ who) =>
    p.accuracy === null ? `${who} no moves` : `${who} ${Math.round(p.accuracy)}% accuracy, ${Math.round(/** @type {number} */ (p.acpl))} ACPL`;
  return `${one(r.players.w, 'White')}; ${one(r.players.b, 'Black')}`;
}
