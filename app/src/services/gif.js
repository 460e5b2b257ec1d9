// A game as an animated GIF: each position drawn by mainline-chess/image on one canvas, its
// pixels reduced to one palette and written by gifenc (MIT, Matt DesLauriers). A frame after the
// first writes only what changed: the squares a move left and reached (and the bar); the rest is
// the palette's see-through colour over the frame before, which makes a game's GIF a fraction of
// the size of full frames.
import { GIFEncoder, applyPalette, quantize } from 'gifenc';
import { boardImageSize, drawBoardImage } from 'mainline-chess/image';

/**
 * @typedef {import('mainline-chess/image').BoardImage} BoardImage
 * @typedef {{ delay?: number, lastDelay?: number, onProgress?: (done: number, total: number) => void, signal?: AbortSignal }} GifOptions
 */

/** How long each position shows; the last one longer, so that the end is seen before it loops. */
export const FRAME_DELAY_MS = 1000;
export const LAST_FRAME_DELAY_MS = 4000;

/**
 * The frames as an animated GIF that loops: all of them the first frame's size.
 * @param {BoardImage[]} frames @param {GifOptions} [options] @returns {Promise<Blob>}
 */
export async function gameGif(frames, { delay = FRAME_DELAY_MS, lastDelay = LAST_FRAME_DELAY_MS, onProgress, signal } = {}) {
  if (!frames.length) throw new Error('a GIF needs a position at least');
  const { width, height } = boardImageSize(frames[0]);
  const canvas = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(width, height) : Object.assign(document.createElement('canvas'), { width, height });
  const ctx = /** @type {CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null} */ (canvas.getContext('2d', { willReadFrequently: true }));
  if (!ctx) throw new Error('the browser gives no canvas to draw on');
  const pixels = (/** @type {BoardImage} */ frame) => {
    drawBoardImage(ctx, frame);
    return ctx.getImageData(0, 0, width, height).data;
  };

  // One palette for every frame, from frames that between them have every colour the game shows
  // (the start, the end, checks, the bar at several heights); a colour missing from it is drawn
  // in its nearest, so a stray edge pixel costs nothing visible.
  const samples = sampleFrames(frames).map(pixels);
  const all = new Uint8ClampedArray(samples.reduce((n, s) => n + s.length, 0));
  samples.reduce((at, s) => (all.set(s, at), at + s.length), 0);
  const opaque = quantize(all, 255);
  const clear = opaque.length; // the see-through colour's index: "as in the frame before"
  const palette = [...opaque, [255, 0, 255]];

  const gif = GIFEncoder();
  /** @type {Uint8Array|null} */
  let previous = null;
  for (let i = 0; i < frames.length; i++) {
    if (signal?.aborted) throw new DOMException('The GIF was cancelled', 'AbortError');
    const index = applyPalette(pixels(frames[i]), opaque);
    let out = index;
    if (previous) {
      out = new Uint8Array(index.length);
      for (let k = 0; k < index.length; k++) out[k] = index[k] === previous[k] ? clear : index[k];
    }
    gif.writeFrame(out, width, height, {
      ...(i === 0 ? { palette } : {}),
      delay: i === frames.length - 1 ? lastDelay : delay,
      transparent: i > 0,
      transparentIndex: clear,
      dispose: 1, // keep the frame: the next one draws only its changes over it
    });
    previous = index;
    onProgress?.(i + 1, frames.length);
    // (a long game takes a few seconds: let the page answer meanwhile)
    if (i % 4 === 3) await new Promise((r) => setTimeout(r, 0));
  }
  gif.finish();
  return new Blob([/** @type {Uint8Array<ArrayBuffer>} */ (gif.bytes())], { type: 'image/gif' });
}

/**
 * A few frames whose colours stand for the whole game's: the first, the last, up to two with a
 * king in check, and two between.
 * @param {BoardImage[]} frames
 */
function sampleFrames(frames) {
  const n = frames.length;
  const picked = new Set([0, n - 1, Math.floor(n / 3), Math.floor((2 * n) / 3)]);
  frames.map((f, i) => (f.check ? i : -1)).filter((i) => i >= 0).slice(0, 2).forEach((i) => picked.add(i));
  return [...picked].sort((a, b) => a - b).map((i) => frames[i]);
}
