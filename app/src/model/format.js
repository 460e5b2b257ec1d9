// Display helpers: scores from White's point of view, node counts, times, SAN lines with move
// numbers, what each way a principal variation can end means, how the game report's classes
// look. No chess rules here.
import { expectedScore, formatScore as scoreText, whiteScore } from 'mainline-chess/annotate';

/**
 * @typedef {{ cp?: number, mate?: number }} Score
 * @typedef {import('mainline-chess/annotate').Score} AnnotateScore  the same, as annotate.js types it
 */

/**
 * The engine reports scores from the side to move's point of view; the board shows White's.
 * @param {Score} score
 * @param {'w'|'b'} sideToMove
 * @returns {Score}
 */
export function whitePov(score, sideToMove) {
  return score ? whiteScore(score, sideToMove) : score;
}

/**
 * '+0.34', '-1.20', '0.00', '#5' (White mates in 5), '#-3' (Black mates in 3); '' for no score.
 * @param {Score|null|undefined} score White's point of view
 */
export function formatScore(score) {
  return score ? scoreText(/** @type {AnnotateScore} */ (score)) : '';
}

/**
 * White's share of the eval bar, 0..1: White's expected score (annotate.js's curve, as lichess
 * draws it); half for no score, and for a mate on the board (`#0`, whoever is mated).
 * @param {Score|null|undefined} score White's point of view
 */
export function whiteShare(score) {
  if (!score || score.mate === 0) return 0.5;
  return expectedScore(/** @type {AnnotateScore} */ (score), 'w');
}

/** 987, 12.3k, 4.56M, 1.20G */
export function formatCount(/** @type {number} */ n) {
  if (!Number.isFinite(n)) return '';
  if (n < 1000) return String(Math.round(n));
  if (n < 1e6) return `${(n / 1e3).toFixed(n < 1e4 ? 2 : 1)}k`;
  if (n < 1e9) return `${(n / 1e6).toFixed(n < 1e7 ? 2 : 1)}M`;
  return `${(n / 1e9).toFixed(2)}G`;
}

/** 0.034 s, 1.20 s, 12.3 s, 2:05 */
export function formatTime(/** @type {number} */ ms) {
  if (!Number.isFinite(ms)) return '';
  const s = ms / 1000;
  if (s < 1) return `${s.toFixed(3)} s`;
  if (s < 10) return `${s.toFixed(2)} s`;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  return `${m}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
}

/** A clock: 5:00, 0:09.4 (tenths under 10 s). */
export function formatClock(/** @type {number} */ ms) {
  const t = Math.max(0, ms);
  if (t < 10000) return `0:0${(t / 1000).toFixed(1)}`;
  const total = Math.ceil(t / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * Side to move and full-move number of a FEN.
 * @param {string} fen
 * @returns {{ turn: 'w'|'b', fullmove: number }}
 */
export function fenTurn(fen) {
  const f = fen.trim().split(/\s+/);
  return { turn: f[1] === 'b' ? 'b' : 'w', fullmove: Math.max(1, parseInt(f[5], 10) || 1) };
}

/**
 * Move numbers for a SAN line played from `fen`: [{ san, number }] where number is '12.' before
 * White's moves, '12...' before a first move by Black, and '' otherwise.
 * @param {string} fen
 * @param {string[]} sans
 */
export function numberedLine(fen, sans) {
  let { turn, fullmove } = fenTurn(fen);
  return sans.map((san, i) => {
    let number = '';
    if (turn === 'w') number = `${fullmove}.`;
    else if (i === 0) number = `${fullmove}...`;
    if (turn === 'b') fullmove += 1;
    turn = turn === 'w' ? 'b' : 'w';
    return { san, number };
  });
}

/** The move number of the `index`-th move of a line from `fen`: '12.' (White) or '12...' (Black). */
export function moveNumber(/** @type {string} */ fen, /** @type {number} */ index) {
  const { turn, fullmove } = fenTurn(fen);
  const ply = index + (turn === 'b' ? 1 : 0);
  return `${fullmove + Math.floor(ply / 2)}${ply % 2 === 0 ? '.' : '...'}`;
}

/** Why a principal variation ends (the engine's `pvend`): a short label and an explanation. */
export const PV_END = {
  leaf: { label: 'leaf', title: 'The line reaches the search horizon; its last position was evaluated (after quiescence).' },
  mate: { label: 'mate', title: 'The line ends in checkmate.' },
  stalemate: { label: 'stalemate', title: 'The line ends in stalemate: a draw.' },
  repetition: { label: 'repetition', title: 'The line ends in a repeated position: scored as a draw.' },
  fifty: { label: '50 moves', title: 'The line ends by the fifty-move rule: a draw.' },
  material: { label: 'material', title: 'The line ends with insufficient material to mate: a draw.' },
  hashcut: { label: 'hash cut', title: 'The line was cut short where the search took the score from its hash table.' },
};

/**
 * How each class of the game report (mainline-chess/report's MOVE_CLASSES) is marked: the text
 * of its badge on the board and in the move list. (The colours are styles.css's --cls-* ones.)
 */
export const CLASS_BADGE = Object.freeze({
  brilliant: '!!',
  great: '!',
  best: '★',
  book: '≡',
  forced: '□',
  excellent: '✓',
  good: '✓',
  inaccuracy: '?!',
  mistake: '?',
  blunder: '??',
  'missed-win': '✗',
});

/** The classes the move list marks (the others show on the board only). */
export const LISTED_CLASSES = new Set(['brilliant', 'great', 'inaccuracy', 'mistake', 'blunder', 'missed-win']);

/** "45%": a chance (0..1) in whole per cent. */
export function formatPercent(/** @type {number} */ p) {
  return `${Math.round(p * 100)}%`;
}
