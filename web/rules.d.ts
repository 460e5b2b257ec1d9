// Types of `mainline-chess/rules` (src/rules.js): the engine's own rules, synchronous, on the
// thread that imports them (a small WebAssembly module loaded by the import itself). Standard
// chess and Chess960 alike.

export type GameStatus = 'checkmate' | 'stalemate' | 'material' | 'repetition' | 'fifty' | 'ongoing';

export interface NotationOptions {
  /** write castling in UCI as the king taking its own rook (e1h1) in every position; without it,
   * only where the position cannot be standard chess (else e1g1). Both forms are always read. */
  chess960?: boolean;
}

export interface LegalMove {
  uci: string;
  san: string;
  /** the squares the UCI names (castling: the king's square and, in Chess960 notation, its rook's) */
  from: string;
  to: string;
  promotion?: string;
  castling: boolean;
  capture: boolean;
  enPassant: boolean;
  check: boolean;
  /** where the king lands when castling (g1/c1/g8/c8); else the same as `to` */
  kingTo: string;
}

export interface PlayedMove {
  uci: string;
  san: string;
  /** the position after the move */
  fen: string;
}

export interface MoveError {
  /** index in the list, from 0 */
  index: number;
  move: string;
  message: string;
}

export interface Outcome {
  /** the start as the engine writes it */
  fen: string;
  /** whether the start can only be Chess960 */
  chess960: boolean;
  moves: PlayedMove[];
  /** the first move that could not be played (the list stops there) */
  error: MoveError | null;
  /** the position after the moves played */
  finalFen: string;
  status: GameStatus;
  /** the square of a king in check there */
  checkedKing: string | null;
  /** with `legal: true`, every legal move there */
  legal: LegalMove[];
}

/** The standard starting position. */
export declare const STARTING_FEN: string;

/** A FEN the rules refuse, or a move list that cannot be played: the message names what is wrong. */
export declare class RulesError extends Error {
  constructor(message: string, move?: MoveError | null);
  /** the move that failed, when a move did */
  move: MoveError | null;
}

/** Everything at once: a start ("" or "startpos" for the start position) and moves (UCI or SAN). Throws RulesError for a bad FEN only. */
export declare function query(fen: string, moves?: readonly string[], options?: NotationOptions & { legal?: boolean }): Outcome;
/** What is wrong with a FEN, or null for a legal position. */
export declare function fenError(fen: string): string | null;
/** A FEN as the engine writes it, and whether it can only be Chess960. Throws RulesError. */
export declare function normalizeFen(fen: string): { fen: string; chess960: boolean };
export declare function legalMoves(fen: string, options?: NotationOptions): LegalMove[];
/** Plays the moves; throws RulesError naming the first that cannot be played. */
export declare function playMoves(fen: string, moves: readonly string[], options?: NotationOptions): PlayedMove[];
/** One move (UCI or SAN), or null when it is not legal there. */
export declare function tryMove(fen: string, move: string, options?: NotationOptions): PlayedMove | null;
/** How the game stands after the moves (they count for repetitions). Throws RulesError. */
export declare function gameStatus(fen: string, moves?: readonly string[]): { status: GameStatus; checkedKing: string | null; fen: string };
/** Chess960 start position `n` (0-959; 518 is standard chess). Throws RulesError outside that range. */
export declare function chess960Fen(n: number): string;
/** The number of a Chess960 start position, or null. */
export declare function chess960Number(fen: string): number | null;
/** A start position at random. */
export declare function randomChess960(random?: () => number): { number: number; fen: string };
