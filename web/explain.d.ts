// Types of `mainline-chess/explain` (src/explain.js): sentences about a move, built from the facts
// of the engine's line (Engine.lineFacts) and verified against them before they are returned.
import type { LineFacts } from './index.js';

export type Side = 'w' | 'b';
export type Claim =
  | { type: 'material'; side: Side; points: number; until: number }
  | { type: 'mate'; mated: Side; moves: number; pattern: string }
  | { type: 'motif'; kind: string; ply: number; square: string; targets: string[] }
  | { type: 'capture'; ply: number; square: string; piece: string }
  | { type: 'perpetual'; by: Side }
  | { type: 'level'; until: number };
export interface Sentence {
  text: string;
  /** What the sentence asserts, each checked against the line's facts. */
  claims: Claim[];
}
type Score = { cp?: number; mate?: number };

export const PIECE_NAMES: Readonly<Record<'p' | 'n' | 'b' | 'r' | 'q' | 'k', string>>;
/** The material balance for `side` after `plies` plies of the line. */
export function balanceFor(facts: LineFacts, side: Side, plies?: number): number;
/** The line in SAN with move numbers ("12...Nxe5 13.Bxe5"). */
export function lineText(facts: LineFacts, from?: number, count?: number): string;
/** "a knight", "two pawns", "the queen for a rook", "the exchange". */
export function describeTrade(lost: string[], gained: string[]): string;
/** '' when every claim holds for the facts, else why the first one fails. */
export function verifyClaims(claims: Claim[], facts: LineFacts): string;
/** The sentences a line supports for the side that moves first in it, with their claims (not yet verified: explainMove checks them with verifyClaims). */
export function lineSentences(facts: LineFacts, o: { subject: string; side: Side; bad: boolean }): Sentence[];
/** How many plies from the start of a line are its forcing part (the move and its reply, then while a ply captures, checks, promotes or threatens, or answers one that did): praise counts material only there. */
export function forcingPlies(facts: LineFacts): number;
/** One or two sentences for a move of a game; `numbersOnly` when nothing could be named for certain. */
export function explainMove(o: { mover: Side; line: LineFacts; best?: LineFacts; verdict?: string; before?: Score; after?: Score }): { sentences: Sentence[]; numbersOnly: boolean };
/** Words for the engine's best line in a live analysis: what it forces or wins (verified), or the score only (`numbersOnly`). */
export function explainLine(line: LineFacts, score?: Score): { sentences: Sentence[]; numbersOnly: boolean };
