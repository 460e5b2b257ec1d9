// Types of `mainline-chess/report` (src/report.js): the game report (accuracy, average centipawn
// loss, move classes) from the engine's evaluations, with no chess rules.

import type { Eval, MoveJudgement, Score } from './annotate.js';

export type MoveClassName =
  | 'brilliant' | 'great' | 'best' | 'book' | 'forced' | 'excellent' | 'good' | 'inaccuracy' | 'mistake' | 'blunder' | 'missed-win';
/** The classes by loss alone. */
export type Severity = 'best' | 'excellent' | 'good' | 'inaccuracy' | 'mistake' | 'blunder';

export interface MoveClass {
  name: MoveClassName;
  label: string;
  /** '!!', '!', '?!', '?', '??' or '' */
  glyph: string;
  /** the PGN NAG written for it; 0: none */
  nag: number;
  /** the class applies below this many expected points lost (the classes by loss only) */
  maxLoss?: number;
}

export interface ReportMove {
  mover: 'w' | 'b';
  /** UCI; compared with before.pv[0] */
  played?: string;
  /** the position before the move (its pv[0] is the engine's best move) */
  before: Eval;
  /** the second-best line of that position (MultiPV 2), for Great */
  second?: { score: Score };
  /** the position after the move */
  after: Eval;
  /** pawns of material the mover is down along the engine's line after the move */
  sacrifice?: number;
  /** the position before the move: given for every move, the report has accuracy by phase */
  fen?: string;
  /** how many legal moves the mover had: 1 makes the move Forced */
  legalMoves?: number;
  /** the move takes back on the square where the opponent's last move captured (isRecapture): never Great */
  recapture?: boolean;
  /** the move keeps the game inside the named openings (mainline-chess/openings' isBookMove):
   * Book, unless the engine finds it a Mistake or worse */
  book?: boolean;
}

export type Phase = 'opening' | 'middlegame' | 'endgame';

export interface PhaseReport {
  /** 0..100; null: no move in this phase */
  accuracy: number | null;
  acpl: number | null;
  moves: number;
}

export interface MoveVerdict {
  cls: MoveClassName;
  severity: Severity;
  /** expected points lost against the best move (>= 0) */
  loss: number;
  /** centipawns lost (>= 0, capped at CP_CAP) */
  cpLoss: number;
  /** 0..100 */
  accuracy: number;
  /** the mover's win% with the best move and after the move played */
  winBefore: number;
  winAfter: number;
}

export interface PlayerReport {
  /** 0..100; null: no move */
  accuracy: number | null;
  acpl: number | null;
  moves: number;
  counts: Record<MoveClassName, number>;
  /** by phase; null when the moves came without their positions (`fen`) */
  phases: Record<Phase, PhaseReport> | null;
}

export interface GameReport {
  moves: MoveVerdict[];
  players: { w: PlayerReport; b: PlayerReport };
  /** each move's phase (that of the position it was played in); null without positions */
  phases: Phase[] | null;
}

export const CP_CAP: number;
export const WON: number;
export const BRILLIANT_MIN_SACRIFICE: number;
export const BRILLIANT_MIN_AFTER: number;
export const BRILLIANT_MAX_BEFORE: number;
export const MOVE_CLASSES: readonly MoveClass[];
export const ERROR_CLASSES: readonly Severity[];

export function cappedCp(score: Score, turn: 'w' | 'b'): number;
/** White's win% (0..100). */
export function winPercent(score: Score, turn: 'w' | 'b'): number;
/** A move's accuracy (0..100) from the mover's win% before and after it. */
export function moveAccuracy(before: number, after: number): number;
export function volatilityWeights(wins: number[]): number[];
export function classifyMove(move: ReportMove): MoveVerdict;
export function gameReport(moves: ReportMove[]): GameReport;
export function moveClass(name: MoveClassName): MoveClass;
/** What writePgn writes for a verdict (an AnnotatedNode's judgement); null for Best, Excellent, Good. */
export function pgnJudgement(verdict: Pick<MoveVerdict, 'cls' | 'severity'>): MoveJudgement | null;
/** "White 91% accuracy, 12 ACPL; Black 85% accuracy, 25 ACPL" (an AnnotatedGame's report). */
export function reportSummary(report: GameReport): string;
/** The game rating model's inputs for a player's moves of one game ([1, accuracy, ln(10 + ACPL)]), or null with fewer than `minMoves` moves. */
export function ratingFeatures(player: Pick<PlayerReport, 'accuracy' | 'acpl' | 'moves'>, minMoves?: number): number[] | null;
/** A side's rating for one game from its accuracy and ACPL, on the play levels' scale (Stockfish 15.1's UCI_Elo; fitted on engine games, not human ones), rounded to 10; `error`: the model's mean absolute error on held-out level games. null: too few moves. */
export function gameRating(player: Pick<PlayerReport, 'accuracy' | 'acpl' | 'moves'>): { elo: number; error: number } | null;
/** "Accuracy by phase (White / Black): opening 95% / 90%, middlegame 80% / 61%, endgame – / –"; '' without phases. */
export function phaseSummary(report: GameReport): string;

/** The phases in order. */
export const PHASES: readonly ['opening', 'middlegame', 'endgame'];
/** The opening ends at the first position with this many or fewer knights, bishops, rooks and queens... */
export const MIDDLEGAME_MAX_PIECES: number;
/** ... or where a side has fewer than this many of its own pieces on its back rank ... */
export const DEVELOPED_BACK_RANK: number;
/** ... or at this move number. */
export const MIDDLEGAME_MOVE: number;
/** The endgame begins at the first position with this many or fewer knights, bishops, rooks and queens. */
export const ENDGAME_MAX_PIECES: number;
/** What the divider reads from a FEN. */
export function phaseSigns(fen: string): { pieces: number; backRank: { w: number; b: number }; move: number };
/** The phase of each position (monotone: opening, then middlegame, then endgame). */
export function gamePhases(fens: string[]): Phase[];

/** Pawns per piece (P 1, N B 3, R 5, Q 9, K 0). */
export const PIECE_VALUES: Readonly<Record<'p' | 'n' | 'b' | 'r' | 'q' | 'k', number>>;
/** A sacrifice is judged this many half-moves into the line. */
export const SACRIFICE_PLIES: number;
/** ... and later while the line is still exchanging (the half-move after the reply a capture), up to this many half-moves: what callers pass. */
export const SACRIFICE_MAX_PLIES: number;
/** Material of a FEN's board in pawns: White's minus Black's, and both sides' together. */
export function material(fen: string): { balance: number; total: number };
/** Pawns the mover is down where the line has settled: after the last reply within SACRIFICE_PLIES half-moves, or later while an exchange goes on (the positions after each half-move, the move first). */
/** Whether a move takes back on the square where the opponent's last move captured. */
export function isRecapture(fenBeforeLast: string, lastUci: string, fenBefore: string, playedUci: string, fenAfter: string): boolean;
export function sacrificed(fenBefore: string, fensAfter: string[]): number;
/** The next (1) or previous (-1) move after index `from` of that severity, or -1. */
export function nextWithSeverity(verdicts: (Pick<MoveVerdict, 'severity'> & Partial<Pick<MoveVerdict, 'cls'>>)[], from: number, severity: Severity, direction?: 1 | -1): number;
/** A player's Mistakes, Blunders and Missed wins, as indices into the report's moves. */
/** A key moment costs its side at least this many expected points (0.15). */
export const KEY_MOMENT_MIN_LOSS: number;
/** At most this many key moments in a game. */
export const KEY_MOMENTS_MAX: number;
/** The game's turning points for both sides (the largest losses of at least KEY_MOMENT_MIN_LOSS; never Book or Forced), in game order, as indices into the report's moves. */
export function keyMoments(verdicts: Pick<MoveVerdict, 'cls' | 'loss'>[], max?: number): number[];
export function practiceMoves(verdicts: Pick<MoveVerdict, 'cls' | 'severity'>[], movers: ('w' | 'b')[], color: 'w' | 'b'): number[];
/** Whether a tried move solves a practice position (Best, Excellent or Good against the best move). */
export function solves(attempt: ReportMove): boolean;
