// Types of `mainline-chess/import` (src/import.js): a user's games from lichess or chess.com,
// through the sites' public APIs, one request at a time, newest first.

export type Site = 'lichess' | 'chesscom';
export type TimeClass = 'ultrabullet' | 'bullet' | 'blitz' | 'rapid' | 'classical' | 'daily';

export declare const SITES: Readonly<Record<Site, Readonly<{ name: Site; title: string; api: string; web: string; user: RegExp }>>>;
/** How long an import waits after HTTP 429 before asking again: a minute. */
export declare const RATE_LIMIT_WAIT_MS: number;
export declare const TIME_CLASSES: readonly TimeClass[];

/** Why an import stopped; the games handed over before it stay handed. */
export declare class ImportError extends Error {
  readonly name: 'ImportError';
  readonly code: 'NO_USER' | 'INPUT' | 'NETWORK' | 'HTTP' | 'RATE_LIMITED' | 'ABORTED';
}

export interface ImportedGame {
  site: Site;
  /** the site's id (lichess: 8 characters; chess.com: "live/123" or "daily/45") */
  id: string;
  url: string;
  /** as the site wrote it: clocks ([%clk]) and, from lichess, its own evaluations ([%eval]) */
  pgn: string;
  white: string;
  black: string;
  whiteElo: number | null;
  blackElo: number | null;
  result: '1-0' | '0-1' | '1/2-1/2' | '*' | string;
  timeControl: string;
  timeClass: TimeClass;
  rated: boolean;
  /** ms since 1970: when the game began (lichess) or ended (chess.com) */
  playedAt: number;
  /** "standard", "fromPosition", "chess960", ... */
  variant: string;
}

export interface ImportOptions {
  site: Site;
  username: string;
  /** at most this many new games */
  max?: number;
  /** games played at or after this time (ms since 1970) */
  since?: number;
  /** games played before this time */
  until?: number;
  timeClasses?: TimeClass[];
  rated?: boolean;
  color?: 'white' | 'black';
  /** a game already held: not handed again */
  known?: (id: string) => boolean;
  /** the variants handed over (default ["standard", "fromPosition"]); others are skipped, counted */
  variants?: string[];
  /** chess.com: each month's ETag, by URL, kept between imports (updated in place) */
  etags?: Record<string, string>;
  /** another host for the site's API (a mirror, a test server) */
  apiBase?: string;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  rateLimitWaitMs?: number;
  /** HTTP 429: the wait begins (`until`: when it ends, ms since 1970) */
  onWait?: (wait: { site: string; ms: number; until: number }) => void;
  onProgress?: (p: { requests: number; games: number; skipped: number }) => void;
}

export interface ImportSummary {
  /** games handed to onGame */
  games: number;
  /** games already held */
  known: number;
  /** games of variants not asked for, by variant */
  skippedVariants: Record<string, number>;
  /** chess.com games the filters left out */
  filtered: number;
  /** what the site sent that could not be read */
  malformed: number;
  requests: number;
  /** chess.com months unchanged since the last import (HTTP 304) */
  notModified: number;
  /** `max` stopped the import before the games ran out */
  more: boolean;
}

/** Imports the user's games newest first, handing each new one to `onGame` (awaited). */
export declare function importGames(options: ImportOptions, onGame: (game: ImportedGame) => void | Promise<void>): Promise<ImportSummary>;
/** A PGN's tag pair value, or undefined. */
export declare function pgnTag(pgn: string, name: string): string | undefined;
