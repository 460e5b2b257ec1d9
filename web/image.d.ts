// Types of `mainline-chess/image` (src/image.js): a board as a picture (canvas, PNG), drawn with
// Mainline's own pieces; what <mainline-analysis>'s toPNG() and the board app's images use.

/** An arrow from square to square. */
export interface ImageArrow {
  from: string;
  to: string;
  /** CSS colour; default: the theme's `arrow`. */
  colour?: string;
  /** The shaft's width as a fraction of a square (default 0.14). */
  width?: number;
  /** 0-1 (default 0.85). */
  opacity?: number;
  dashed?: boolean;
  /** Text in a tag at the head's base (a score). */
  label?: string;
}

/** A square tinted in a colour (under the pieces). */
export interface ImageSquare {
  square: string;
  colour: string;
  /** 0-1 (default 0.5). */
  opacity?: number;
}

/** A round mark in a square's top-right corner, with a short text (a move's class: `??`, `!`). */
export interface ImageBadge {
  square: string;
  colour: string;
  text: string;
}

/** The evaluation bar beside the board. */
export interface ImageEvalBar {
  /** White's share, 0-1 (0.5: even). */
  share: number;
  /** The score written at the end of the side that leads. */
  text?: string;
}

/** The colours and font of a picture. */
export interface ImageTheme {
  light: string;
  dark: string;
  lastMove: string;
  lastMoveOpacity: number;
  /** An arrow without a colour of its own. */
  arrow: string;
  barWhite: string;
  barBlack: string;
  /** The bar's line at even, or null for none. */
  barMiddle: string | null;
  /** Behind the bar and the gap beside it; null: transparent. */
  background: string | null;
  font: string;
}

/** What a picture shows. */
export interface BoardImage {
  /** The position (a FEN; its first field is enough). */
  fen: string;
  /** The side at the bottom (default white). */
  orientation?: 'white' | 'black';
  lastMove?: { from: string; to: string } | null;
  /** The square of a king in check (a red glow). */
  check?: string | null;
  arrows?: ImageArrow[];
  squares?: ImageSquare[];
  badges?: ImageBadge[];
  /** The bar on the board's left; none when null or left out. */
  evalBar?: ImageEvalBar | null;
  /** Files and ranks along the edges (default true). */
  coordinates?: boolean;
  /** Pixels per square (default 60). */
  squareSize?: number;
  theme?: Partial<ImageTheme>;
}

/** The colours a picture is drawn in unless told otherwise (the element's defaults). */
export const IMAGE_THEME: Readonly<ImageTheme>;
/** The picture's size in pixels: eight squares, and the bar with a gap when there is one. */
export function boardImageSize(image: BoardImage): { width: number; height: number };
/** Draws the picture on a 2D context, its top-left corner at the context's origin. */
export function drawBoardImage(ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D, image: BoardImage): void;
/** A canvas with the picture: an OffscreenCanvas where there is one, a <canvas> element elsewhere. */
export function boardCanvas(image: BoardImage): OffscreenCanvas | HTMLCanvasElement;
/** The picture as a PNG file. */
export function boardPng(image: BoardImage): Promise<Blob>;
