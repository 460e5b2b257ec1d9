// Types of `mainline-chess/annotate` (src/annotate.js): annotated PGN as the board app and
// mainline-analyse write it ([%eval], [%mlpv], move judgements), with no chess rules.

/** White's point of view. `{ mate: 0 }`: the side to move is checkmated. */
export type Score = { cp: number; mate?: undefined } | { mate: number; cp?: undefined };

/** The engine's evaluation of one position. */
export interface Eval {
  score: Score;
  /** 0: the game is over in this position */
  depth: number;
  /** principal variation, UCI */
  pv?: string[];
  pvSan?: string[];
  /** the engine's PvMethod */
  method?: string;
  nodes?: number;
  /** the second-best line of the same search (MultiPV 2), for the game report's Great moves;
   * null: searched for two lines, but the position has one legal move */
  second?: SecondLine | null;
  /** the same search's first choice at depth 2 (UCI): a move found that soon is no Great move
   * (`[%mlshallow]` in PGN) */
  shallowBest?: string;
}

/** The second-best line of a search, White's point of view (`[%mlpv2]` in PGN). */
export interface SecondLine {
  score: Score;
  pv: string[];
  pvSan?: string[];
}

export interface Judgement {
  name: 'blunder' | 'mistake' | 'inaccuracy';
  label: 'Blunder' | 'Mistake' | 'Inaccuracy';
  /** drop in the mover's expected score (0..1) from which it applies */
  minDrop: number;
  /** $4, $2, $6 */
  nag: 4 | 2 | 6;
  glyph: '??' | '?' | '?!';
}

export const WIN_K: number;
export const JUDGEMENTS: readonly Judgement[];

/** White's expected score (0..1). */
export function expectedScore(score: Score, turn: 'w' | 'b'): number;
/** Expected scores are the mover's. */
export function judgeMove(before: Eval, after: Eval, mover: 'w' | 'b', played?: string): { drop: number; before: number; after: number; judgement: Judgement | null };

/** `0.31`, `-1.20`, `#3`, `#-3`, `#0` */
export function formatEval(score: Score): string;
/** `+0.31`, `-1.20`, `0.00`, `#3`, `#-3`: formatEval with a `+` on White's advantage */
export function formatScore(score: Score): string;
export function parseEval(text: string): { score: Score; depth?: number } | null;
/** A score from the side to move's view (as the engine reports it) as White's; a copy, never `-0`. */
export function whiteScore(score: Score | { cp?: number; mate?: number }, turn: 'w' | 'b'): Score;
/** An engine report (side to move's view) as an Eval (White's view). */
export function evalFromSearch(report: { score: Score | { cp?: number; mate?: number }; depth: number; pv?: string[]; pvSan?: string[]; nodes?: number }, turn: 'w' | 'b', method?: string): Eval;
/** A search's MultiPV 2 report (side to move's view) as an Eval's `second` (White's view). */
export function secondLine(report: { score: Score | { cp?: number; mate?: number }; depth: number; pv?: string[]; pvSan?: string[] }, turn: 'w' | 'b'): SecondLine;
export function isTerminal(status: string, last: boolean): boolean;
export function terminalEval(status: string): Eval;
/** The Annotator header of a game analysed as a whole: "Mainline 0.1.0 (depth 12)". */
export function annotatorName(version: string, limits: { depth?: number; movetime?: number }): string;

export function readComment(text: string): { eval: Eval | null; commands: string; note: string };

export interface PgnNode {
  /** as written (not checked); null at the root */
  san: string | null;
  nags: number[];
  comment: string;
  before?: string;
  children: PgnNode[];
}
export interface PgnGame {
  headers: Record<string, string>;
  root: PgnNode;
  result: string;
  text: string;
  line: number;
}
/** Throws an Error (with the line) on broken structure. */
export function parsePgnGames(text: string): PgnGame[];
/** The start position of the FEN tag (any case), or undefined. */
export function startFen(headers: Record<string, string>): string | undefined;
/** Whether the headers say Chess960 ([Variant "Chess960"]; "Fischerandom", any case). */
export function isChess960(headers: Record<string, string>): boolean;
/** The nodes of the main line (each first continuation), the root left out. */
export function mainLine(game: PgnGame): PgnNode[];
export const STANDARD_START: string;
/** The Seven Tag Roster in order, a missing or empty tag as writePgn fills it in. */
export function rosterTags(headers: Record<string, string>): [string, string][];

export interface AnnotatedNode {
  san: string | null;
  uci?: string | null;
  nags?: number[];
  note?: string;
  commands?: string;
  eval?: Eval | null;
  /** the game report's verdict (mainline-chess/report's pgnJudgement); replaces the judgement from the evaluations; null: none */
  judgement?: MoveJudgement | null;
  children: AnnotatedNode[];
}
export interface MoveJudgement {
  label: string;
  /** 0: none */
  nag: number;
  /** an error gets "(before → after) Label. X was best.", others "Label move." */
  error: boolean;
  /** the reason in words, verified against the engine's lines (mainline-chess/explain): written in
   * square brackets after the judgement, in place of "X was best.", and dropped when read back */
  why?: string;
}
export interface AnnotatedGame {
  headers: Record<string, string>;
  startFen?: string;
  root: AnnotatedNode;
  /** the game report's summary (mainline-chess/report's reportSummary), written first as "Mainline report: ..." */
  report?: string;
  /** each player's accuracy by phase (mainline-chess/report's phaseSummary), written after the report's summary */
  phases?: string;
}
export function writePgn(game: AnnotatedGame, opts?: { engineLines?: boolean; variations?: boolean; maxWidth?: number }): string;
