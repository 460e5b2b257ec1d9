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

/** The element's events (an HTMLElement's others as usual; `error` is the element's own). All of
 * them bubble and are composed: a listener on the document, or on a shadow host around the
 * element, hears them. */
export interface MainlineAnalysisEventMap extends Omit<HTMLElementEventMap, 'error'> {
  iteration: CustomEvent<AnalysisIterationDetail>;
  bestmove: CustomEvent<AnalysisBestMoveDetail>;
  explain: CustomEvent<AnalysisExplainDetail>;
  move: CustomEvent<AnalysisMoveDetail>;
  /** An engine error, or a bad attribute (a bad fen or pgn: the board shows no position until it is good again). */
  error: CustomEvent<EngineError | Error>;
}

/**
 * The element's attributes as a page or a framework's template writes them (JSX for React and
 * Preact, Vue's and Svelte's templates: `mainline-chess/jsx/react`, `/preact`, `/vue`, `/svelte`
 * declare the tag with these).
 */
export interface MainlineAnalysisAttributes {
  /** The position (FEN); `pgn` wins when both are given. */
  fen?: string;
  /** A game: the position after its main line. */
  pgn?: string;
  /** A Chess960 game: castling by the king onto its own rook, lines written so (a PGN with
   * [Variant "Chess960"] is one without it). */
  chess960?: boolean;
  orientation?: 'white' | 'black';
  /** Lines per iteration, 1-64. */
  multipv?: number | string;
  /** Where the search ends (depth 1-245, movetime in ms); neither: DEFAULT_SEARCH_LIMITS. */
  depth?: number | string;
  movetime?: number | string;
  /** A search without end (until stop()). */
  infinite?: boolean;
  /** Threads for this element's searches (1 unless given; more only on a cross-origin isolated page). */
  threads?: number | string;
  interactive?: boolean;
  'screen-reader'?: boolean;
  explain?: boolean;
  /** The folder of the package's dist/ files (a CDN's, or a site's copy). */
  'base-url'?: string;
  /** The single-threaded build's worker script and .wasm. */
  'worker-url'?: string;
  'wasm-url'?: string;
}

/** The element's events as a framework's props name them (`on` + the event's name, lower case). */
export interface MainlineAnalysisEventProps {
  oniteration?: (event: CustomEvent<AnalysisIterationDetail>) => void;
  onbestmove?: (event: CustomEvent<AnalysisBestMoveDetail>) => void;
  onexplain?: (event: CustomEvent<AnalysisExplainDetail>) => void;
  onmove?: (event: CustomEvent<AnalysisMoveDetail>) => void;
}

/**
 * <mainline-analysis fen pgn chess960 orientation multipv depth movetime infinite threads interactive screen-reader explain base-url worker-url wasm-url>.
 * The elements of a page share a pool of engines (MainlineAnalysis.poolSize); an element out of
 * view or in a hidden tab pauses its search.
 * Styled through CSS custom properties (--mainline-board-size, --mainline-light-square,
 * --mainline-dark-square, --mainline-accent, --mainline-arrow, --mainline-best-arrow,
 * --mainline-font, --mainline-text, --mainline-muted, --mainline-line, --mainline-background,
 * --mainline-panel-height, ...) and ::part(board | evalbar | panel | head | score | status | note |
 * iterations | row | depth | line | value | pvend | error | explain | promotion | container | reader |
 * reader-position | command | reader-reply | reader-live).
 */
export class MainlineAnalysis extends HTMLElement {
  static readonly observedAttributes: readonly string[];
  /** The most engines the elements of a page share, for pools made from now on (set it before
   * the first element analyses). Default: 2, or 1 on a device of at most 2 cores. */
  static poolSize: number;
  /** The attributes, as properties (setting one sets the attribute; null removes it). */
  fen: string | null;
  pgn: string | null;
  /** `chess960`: the position is of a Chess960 game. */
  chess960: boolean;
  orientation: 'white' | 'black';
  multipv: string | number | null;
  depth: string | number | null;
  movetime: string | number | null;
  threads: string | number | null;
  /** `infinite`: the search has no end (until stop()). */
  infinite: boolean;
  interactive: boolean;
  /** `screen-reader`: the text view (position in words, a box for moves and commands, announcements). */
  screenReader: boolean;
  /** `explain`: when an analysis ends, its best line in words (verified against the engine's facts), shown and sent as an `explain` event. */
  explain: boolean;
  /** One of the engines the page's elements share (started on first use). Its calls suspend a
   * running search for a moment; the search then goes on. */
  readonly engine: Promise<Engine>;
  /** The position analysed: a start FEN and the UCI moves played from it; null while the
   * attributes give no position (a bad fen or pgn). */
  readonly position: { fen: string; moves: string[]; chess960: boolean } | null;
  /**
   * Analyses the position the attributes give (or that moves on the board reached), on an
   * engine of the page's pool. Resolves with the result; with null when stopped, paused or
   * replaced before it ended, or when there is no position. Rejects with what went wrong (also
   * sent as an `error` event).
   */
  analyse(): Promise<SearchResult | null>;
  /** Stops the analysis; resolves with its result, or null when none runs. */
  stop(): Promise<SearchResult | null>;
  /**
   * The board as a PNG picture, as it is drawn now: the position, the last move, each line's
   * first move as an arrow (the best thickest), the side at the bottom and the evaluation bar, in
   * the element's colours (its --mainline-* custom properties). Drawn with `mainline-chess/image`
   * (no image is loaded: it works under a strict Content-Security-Policy).
   * @param options.squareSize pixels a square (default 60: a 480 px board)
   */
  toPNG(options?: { squareSize?: number }): Promise<Blob>;
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
