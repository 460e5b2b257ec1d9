// cm-chessboard is plain JavaScript with no types of its own: the modules the app imports, as
// `any` (board.js and overlay.js say how they use them).
declare module 'cm-chessboard/src/Chessboard.js';
declare module 'cm-chessboard/src/model/Extension.js';
declare module 'cm-chessboard/src/extensions/markers/Markers.js';
declare module 'cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js';
declare module 'cm-chessboard/src/extensions/accessibility/Accessibility.js';

// gifenc (MIT, mattdesl) ships no types: the part services/gif.js uses.
declare module 'gifenc' {
  export type Palette = number[][];
  export function quantize(rgba: Uint8Array | Uint8ClampedArray, maxColors: number, options?: { format?: 'rgb565' | 'rgb444' | 'rgba4444' }): Palette;
  export function applyPalette(rgba: Uint8Array | Uint8ClampedArray, palette: Palette, format?: 'rgb565' | 'rgb444' | 'rgba4444'): Uint8Array;
  export interface Encoder {
    writeFrame(index: Uint8Array, width: number, height: number, opts?: { palette?: Palette; delay?: number; repeat?: number; transparent?: boolean; transparentIndex?: number; dispose?: number }): void;
    finish(): void;
    bytes(): Uint8Array;
  }
  export function GIFEncoder(opts?: { initialCapacity?: number; auto?: boolean }): Encoder;
}
