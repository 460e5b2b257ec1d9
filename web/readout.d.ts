// Types of `mainline-chess/readout` (src/readout.js): the board in words, for screen readers and
// keyboards — positions, pieces, attacks, moves and scores as words, typed commands, and when to
// announce the engine's thinking.
export type Side = 'w' | 'b';
type Score = { cp?: number; mate?: number };

export const PIECE_WORDS: Readonly<Record<'k' | 'q' | 'r' | 'b' | 'n' | 'p', string>>;
export const COMMAND_HELP: string;
/** The board of a FEN: square -> piece letter (upper case White), and the side to move. */
export function readFen(fen: string): { board: Map<string, string>; turn: Side };
/** "White: king g1, queen d1, ... Black: ... White to move." */
export function describePosition(fen: string): string;
/** "Rank 8: a8 black rook, e8 black king. Rank 7: ..." from White's side (or Black's). */
export function describeRanks(fen: string, from?: Side): string;
/** "White knights: c3 and f3. Black knight: c6." for "knights"; null when no piece is named. */
export function whereIs(fen: string, query: string): string | null;
/** Squares of the pieces of each side that attack `square`. */
export function attackersOf(fen: string, square: string): { w: string[]; b: string[] };
/** What is on a square and which pieces of each side attack it, in words. */
export function describeSquare(fen: string, square: string): string;
/** A SAN move in words: "knight takes e5, check". */
export function sayMove(san: string): string;
/** A score (White's view) in words: "White is slightly better (+0.45)". */
export function sayScore(score: Score): string;
/** -4..4: mate, winning, better, slightly better, equal, signed for White. */
export function scoreBand(score: Score): number;
/** Decides which of the engine's iterations to announce. */
export class Announcer {
  constructor(o?: { minGapMs?: number; now?: () => number });
  minGapMs: number;
  now: () => number;
  best: string | null;
  band: number | null;
  last: number;
  reset(): void;
  /** An exact iteration of the first line (score from White's view): the text to announce, or null. */
  iteration(it: { depth: number; san: string; score: Score }): string | null;
  /** The search's result: always announced. */
  result(r: { depth: number; san: string; score: Score }): string;
}
export type Command =
  | { cmd: 'board' | 'pieces' | 'engine' | 'line' | 'report' | 'why' | 'help' | 'empty' }
  | { cmd: 'where'; piece: string }
  | { cmd: 'attacks'; square: string }
  | { cmd: 'move'; move: string };
/** A move typed in SAN or UCI against the legal moves: the move, or why not (ambiguous, illegal). */
export function matchMove<M extends { uci: string; san: string }>(text: string, legal: M[]): { move: M } | { ambiguous: M[] } | { illegal: true; legal: M[] };
/** "Nd2 is ambiguous: Nbd2 or Nfd2." / "Qh5 is not a legal move here. Legal moves: ..." */
export function sayNotPlayed(text: string, m: ReturnType<typeof matchMove>): string;
/** What the user typed: a command, or a move to check with the engine. */
export function parseCommand(text: string): Command;
/** A complete game report (mainline-chess/report's GameReport) in words: accuracy, centipawn loss, notable moves, where the errors are. */
export function describeReport(
  report: { players: Record<Side, { accuracy: number | null; acpl: number | null; counts: Record<string, number>; phases?: Record<'opening' | 'middlegame' | 'endgame', { accuracy: number | null }> | null }> },
  o?: { names?: Partial<Record<Side, string>>; moves?: { label: string; cls: string; mover: Side }[] },
): string;
/** Why a move is good or bad, in sentences already checked against the engine's line (mainline-chess/explain). */
export interface Explanation {
  /** the move explained: "4. Nxe5, a Blunder", "The engine's best move, Nf3" */
  about: string;
  sentences: string[];
  /** nothing could be named for certain: the sentences say only the numbers */
  numbersOnly: boolean;
}
/** "4. Nxe5, a Blunder: This loses ..."; said plainly when nothing can be named. */
export function sayExplanation(e: Explanation): string;
/** The newest exact first line of the analysis of the shown position. */
export interface EngineLine {
  depth: number;
  san: string[];
  /** White's view */
  score: Score;
}
/** What answerCommand knows of the page it answers for. */
export interface CommandContext<M extends { uci: string; san: string } = { uci: string; san: string }> {
  /** the position shown */
  fen: string;
  /** the side at the bottom of the board (`board` reads from it) */
  bottom?: Side;
  /** what the engine says of the shown position (null: nothing yet) */
  engine?: EngineLine | null;
  /** why the engine's thinking is not told now (a game against it) */
  engineSilent?: string;
  /** the position's legal moves: a typed move is matched against them */
  legal?: M[];
  /** why the typed move cannot be played now ('': it can) */
  noMoves?: (typed: string) => string;
  /** the game report in words, or why there is none yet */
  report?: () => string;
  /** the reason for the move shown (or the engine's best move); null: nothing to explain yet */
  why?: () => Promise<Explanation | null>;
}
/** The reply; `move`: a legal move the caller plays. */
export interface Answer<M = { uci: string; san: string }> {
  text: string;
  error: boolean;
  move?: M;
}
/** The answer to a line typed in the board in words: a command answered from `ctx`, or a move matched against the legal moves. */
export function answerCommand<M extends { uci: string; san: string }>(text: string, ctx: CommandContext<M>): Promise<Answer<M>>;
