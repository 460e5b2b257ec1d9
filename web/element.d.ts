// Types of `mainline-chess/element` (src/element.js): `import 'mainline-chess/element'` registers
// <mainline-analysis>, the engine's live analysis as one tag.

import type { Engine, EngineError, IterationInfo, LineFacts, SearchResult } from './index.js';
import type { Sentence } from './explain.js';

/** What the `iteration` event carries: one iteration (or one line of it) and the searched position. */
export interface AnalysisIterationDetail extends IterationInfo {
  fen: string;
}

/** What the `bestmove` event carries: the search's result and the searched position. */
export interface AnalysisBestMoveDetail extends SearchResult {
  fen: string;
}

/** What the `explain` event carries (with the `explain` attribute, after `bestmove`): the best line in words. */
export interface AnalysisExplainDetail {
  /** The searched position. */
  fen: string;
  /** The best line (UCI) the words are about. */
  pv: string[];
  /** The sentences' text, joined: what the element shows. */
  text: string;
  /** Each sentence with its claims, every one checked against `facts`. */
  sentences: Sentence[];
  /** Nothing could be named for certain: the words say only the score, and say so. */
  numbersOnly: boolean;
  /** The engine's facts along the line (Engine.lineFacts), which the claims were checked against. */
  facts: LineFacts;
}

/** What the `move` event carries: a move made on the board (with `interactive`). */
export interface AnalysisMoveDetail {
  uci: string;
  san: string;
}

/** The element's events (an HTMLElement's others as usual; `error` is the element's own). */
export interface MainlineAnalysisEventMap extends Omit<HTMLElementEventMap, 'error'> {
  iteration: CustomEvent<AnalysisIterationDetail>;
  bestmove: CustomEvent<AnalysisBestMoveDetail>;
  explain: CustomEvent<AnalysisExplainDetail>;
  move: CustomEvent<AnalysisMoveDetail>;
  /** An engine error, or a bad attribute (the element keeps its previous position and analyses it). */
  error: CustomEvent<EngineError | Error>;
}

/**
 * <mainline-analysis fen pgn orientation multipv depth movetime threads interactive screen-reader explain worker-url wasm-url>.
 * Styled through CSS custom properties (--mainline-board-size, --mainline-light-square,
 * --mainline-dark-square, --mainline-accent, --mainline-arrow, --mainline-best-arrow,
 * --mainline-font, --mainline-text, --mainline-muted, --mainline-line, --mainline-background,
 * --mainline-panel-height, ...) and ::part(board | evalbar | panel | head | score | status | note |
 * iterations | row | depth | line | value | pvend | error | explain | promotion | container | reader |
 * reader-position | command | reader-reply | reader-live).
 */
export class MainlineAnalysis extends HTMLElement {
  static readonly observedAttributes: readonly string[];
  /** The attributes, as properties (setting one sets the attribute; null removes it). */
  fen: string | null;
  pgn: string | null;
  orientation: 'white' | 'black';
  multipv: string | number | null;
  depth: string | number | null;
  movetime: string | number | null;
  threads: string | number | null;
  interactive: boolean;
  /** `screen-reader`: the text view (position in words, a box for moves and commands, announcements). */
  screenReader: boolean;
  /** `explain`: when an analysis ends, its best line in words (verified against the engine's facts), shown and sent as an `explain` event. */
  explain: boolean;
  /** The element's engine, started on first use (one per element, ended when it leaves the page). */
  readonly engine: Promise<Engine>;
  /** The position analysed: a start FEN and the UCI moves played from it. */
  readonly position: { fen: string; moves: string[] };
  /**
   * Analyses the position the attributes give (or that moves on the board reached). Resolves
   * with the result; with null when stopped or replaced before it started. Rejects with what
   * went wrong (also sent as an `error` event).
   */
  analyse(): Promise<SearchResult | null>;
  /** Stops the analysis; resolves with its result, or null when none runs. */
  stop(): Promise<SearchResult | null>;
  addEventListener<K extends keyof MainlineAnalysisEventMap>(type: K, listener: (this: MainlineAnalysis, ev: MainlineAnalysisEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof MainlineAnalysisEventMap>(type: K, listener: (this: MainlineAnalysis, ev: MainlineAnalysisEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'mainline-analysis': MainlineAnalysis;
  }
}
