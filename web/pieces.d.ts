// Types of `mainline-chess/pieces` (src/pieces.js): Mainline's chess pieces as SVG markup.

export type PieceType = 'p' | 'n' | 'b' | 'r' | 'q' | 'k';
export type PieceColour = 'w' | 'b';

/** Each piece's shape: `body` paths (filled and outlined) and `detail` lines drawn on top; 40x40 tile. */
export const PIECE_SHAPES: Readonly<Record<PieceType, { readonly body: readonly string[]; readonly detail: readonly string[] }>>;
/** Each side's colours: the body, its outline, and the detail lines. */
export const PIECE_COLOURS: Readonly<Record<PieceColour, { readonly fill: string; readonly stroke: string; readonly detail: string }>>;
/** The piece types, as FEN writes them. */
export const PIECE_TYPES: readonly PieceType[];
/** One piece as SVG markup (`<g>...</g>`) for a 40x40 tile; `id` names the outer `<g>`. */
export function pieceSvg(colour: PieceColour, type: PieceType, id?: string): string;
/** The same piece as SVG DOM nodes (a `<g>`), made without markup (Trusted Types allow it). */
export function pieceElement(doc: Document, colour: PieceColour, type: PieceType): SVGGElement;
