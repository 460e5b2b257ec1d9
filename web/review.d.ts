// Types of `mainline-chess/review` (src/review.js): the positions of one game or many, searched by
// several engines at once, each evaluation handed over as it is made.

import type { Eval } from './annotate.js';
import type { Engine } from './index.js';

/** A search stopped by something else, or lost to a crashed engine, is run this many times at most. */
export declare const SEARCH_ATTEMPTS: number;

/** A time left or taken in words: "42 s", "3 min 05 s", "1 h 07 min". */
export declare function formatDuration(ms: number): string;

/** One position of a game to evaluate. */
export interface ReviewPosition {
  /** what the engine searches: a FEN (or "startpos"), or a start FEN and the UCI moves from it */
  position: string | { fen: string; moves: string[]; chess960?: boolean };
  /** the side to move (evaluations are from White's point of view) */
  turn: 'w' | 'b';
  /** known already (the end of the game, one deep enough): not searched */
  eval?: Eval;
}

export interface ReviewProgress {
  /** positions evaluated (searched or known) */
  done: number;
  /** positions of the games begun, and an estimate (their mean length) for the others */
  total: number;
  /** positions searched so far */
  searched: number;
  /** games whose every position is evaluated, or that failed */
  gamesDone: number;
  games: number;
  elapsedMs: number;
  /** positions searched per second, all engines together */
  perSecond: number;
  /** an estimate of the time left; null until a search is done */
  etaMs: number | null;
}

export interface ReviewOptions {
  /** at least one; each searches one position at a time */
  engines: Engine[];
  /** how many games */
  count: number;
  /** a game's positions, asked for by the engine that begins it (games begin in order) */
  prepare: (game: number, engine: Engine) => ReviewPosition[] | Promise<ReviewPosition[]>;
  /** an evaluation made (not called for positions given with one) */
  onEval: (game: number, index: number, ev: Eval) => void;
  /** every position of a game is evaluated: what comes next, on the engine that made the last
   * evaluation, before it goes on */
  finish?: (game: number, engine: Engine) => void | Promise<void>;
  /** a game failed (prepare, a search or finish): its other positions are left */
  onError?: (game: number, error: Error) => void;
  onProgress?: (progress: ReviewProgress) => void;
  /** per position */
  limits: { depth?: number; movetime?: number; nodes?: number };
  /** 2: each evaluation with its second-best line (`second`; null with one legal move); default 1 */
  multipv?: number;
  /** the engines' PvMethod, recorded in each evaluation */
  pvMethod?: string;
  /** cancels: the searches stop, nothing more is handed over */
  signal?: AbortSignal;
}

export interface ReviewOutcome {
  cancelled: boolean;
  searched: number;
  done: number;
  elapsedMs: number;
  perSecond: number;
}

/**
 * Evaluates every position of `count` games on all `engines` at once: an engine takes the next
 * game not begun and searches its positions in order; when none is left to begin, an idle engine
 * takes the back half of the longest run still to search.
 */
export function reviewGames(options: ReviewOptions): Promise<ReviewOutcome>;
