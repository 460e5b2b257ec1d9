// A board as a picture: the position in Mainline's own pieces (pieces.js, the same drawings the
// element and the board app show), the last move, a king in check, tinted squares, arrows with
// their labels, badges, and the evaluation bar beside the board, drawn on a 2D canvas and written
// as PNG. `<mainline-analysis>`'s toPNG() and the board app's "Save image" and "Save GIF" draw
// with it, so a picture looks like the board it was taken from.
//
//   import { boardPng } from 'mainline-chess/image';
//   const blob = await boardPng({ fen, lastMove: { from: 'e2', to: 'e4' }, orientation: 'black' });
//
// The pieces are drawn as canvas paths (Path2D reads their SVG path data), not as SVG images:
// an image from a blob: or data: URL is refused by a strict Content-Security-Policy (img-src
// 'self'), and these paths draw the same in every browser, at once, without loading anything.
import { PIECE_COLOURS, PIECE_SHAPES } from './pieces.js';

/**
 * @typedef {{ from: string, to: string, colour?: string, width?: number, opacity?: number, dashed?: boolean, label?: string }} ImageArrow
 * @typedef {{ square: string, colour: string, opacity?: number }} ImageSquare
 * @typedef {{ square: string, colour: string, text: string }} ImageBadge
 * @typedef {{ share: number, text?: string }} ImageEvalBar
 * @typedef {typeof IMAGE_THEME} ImageTheme
 * @typedef {object} BoardImage
 * @property {string} fen
 * @property {'white'|'black'} [orientation]
 * @property {{ from: string, to: string } | null} [lastMove]
 * @property {string|null} [check]
 * @property {ImageArrow[]} [arrows]
 * @property {ImageSquare[]} [squares]
 * @property {ImageBadge[]} [badges]
 * @property {ImageEvalBar|null} [evalBar]
 * @property {boolean} [coordinates]
 * @property {number} [squareSize]
 * @property {Partial<ImageTheme>} [theme]
 * @typedef {CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D} Context2D
 */

const FILES = 'abcdefgh';
/** The pieces' drawings are made on a 40x40 tile. */
const TILE = 40;

/** The colours a picture is drawn in unless told otherwise: the element's defaults. */
export const IMAGE_THEME = Object.freeze({
  light: '#ecdcbc',
  dark: '#b48a62',
  lastMove: '#cdd26a',
  lastMoveOpacity: 0.6,
  /** an arrow without a colour of its own */
  arrow: '#15781b',
  barWhite: '#f4f3ef',
  barBlack: '#403d39',
  /** the bar's line at even, or null for none */
  barMiddle: /** @type {string|null} */ (null),
  /** behind the bar and the gap beside it, or null: transparent */
  background: /** @type {string|null} */ (null),
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});

/**
 * The size in pixels of a board's picture: eight squares, and the bar with a gap when there is one.
 * @param {BoardImage} image @returns {{ width: number, height: number }}
 */
export function boardImageSize(image) {
  const { bar, gap, sq } = layout(image);
  return { width: bar + gap + 8 * sq, height: 8 * sq };
}

/**
 * Draws a board's picture on a 2D canvas context, its top-left corner at the context's origin.
 * @param {Context2D} ctx @param {BoardImage} image
 */
export function drawBoardImage(ctx, image) {
  const theme = { ...IMAGE_THEME, ...(image.theme || {}) };
  const { bar, gap, sq } = layout(image);
  const flipped = image.orientation === 'black';
  const x0 = bar + gap;
  /** the top-left corner of a square */
  const at = (/** @type {string} */ s) => {
    const f = FILES.indexOf(s[0]);
    const r = Number(s[1]) - 1;
    if (f < 0 || !(r >= 0 && r < 8)) throw new RangeError(`${s} is not a square`);
    return flipped ? { x: x0 + (7 - f) * sq, y: r * sq } : { x: x0 + f * sq, y: (7 - r) * sq };
  };
  const { width, height } = boardImageSize(image);
  ctx.save();
  ctx.clearRect(0, 0, width, height);
  if (theme.background) {
    ctx.fillStyle = theme.background;
    ctx.fillRect(0, 0, width, height);
  }
  // the squares, then what marks them (under the pieces), then the pieces, then what goes over them
  for (let f = 0; f < 8; f++) {
    for (let r = 0; r < 8; r++) {
      const { x, y } = at(`${FILES[f]}${r + 1}`);
      ctx.fillStyle = (f + r) % 2 === 1 ? theme.light : theme.dark;
      ctx.fillRect(x, y, sq, sq);
    }
  }
  for (const s of image.squares || []) tint(ctx, at(s.square), sq, s.colour, s.opacity ?? 0.5);
  if (image.lastMove) for (const s of [image.lastMove.from, image.lastMove.to]) tint(ctx, at(s), sq, theme.lastMove, theme.lastMoveOpacity);
  if (image.check) checkGlow(ctx, at(image.check), sq);
  if (image.coordinates !== false) coordinates(ctx, theme, sq, x0, flipped);
  const rows = image.fen.trim().split(/\s+/)[0].split('/');
  rows.forEach((row, i) => {
    let f = 0;
    for (const ch of row) {
      const empty = Number(ch);
      if (empty) {
        f += empty;
        continue;
      }
      const type = /** @type {'p'|'n'|'b'|'r'|'q'|'k'} */ (ch.toLowerCase());
      if (PIECE_SHAPES[type] && f < 8 && i < 8) piece(ctx, at(`${FILES[f]}${8 - i}`), sq, ch === type ? 'b' : 'w', type);
      f++;
    }
  });
  for (const a of image.arrows || []) arrow(ctx, a, at, sq, theme);
  for (const b of image.badges || []) badge(ctx, at(b.square), sq, b, theme);
  if (image.evalBar) evalBar(ctx, image.evalBar, bar, 8 * sq, flipped, theme);
  ctx.restore();
}

/**
 * A canvas with the board's picture: an OffscreenCanvas where the browser has one, a <canvas>
 * element elsewhere.
 * @param {BoardImage} image @returns {OffscreenCanvas | HTMLCanvasElement}
 */
export function boardCanvas(image) {
  const { width, height } = boardImageSize(image);
  /** @type {OffscreenCanvas | HTMLCanvasElement} */
  let canvas;
  if (typeof OffscreenCanvas === 'function') canvas = new OffscreenCanvas(width, height);
  else if (typeof document !== 'undefined') canvas = Object.assign(document.createElement('canvas'), { width, height });
  else throw new Error('boardCanvas: no canvas here (no OffscreenCanvas and no document)');
  const ctx = /** @type {Context2D|null} */ (canvas.getContext('2d'));
  if (!ctx) throw new Error('boardCanvas: the canvas gives no 2D context');
  drawBoardImage(ctx, image);
  return canvas;
}

/**
 * The board's picture as a PNG file.
 * @param {BoardImage} image @returns {Promise<Blob>}
 */
export async function boardPng(image) {
  const canvas = boardCanvas(image);
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/png' });
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('boardPng: the canvas gave no PNG'))), 'image/png'));
}

// ---- the parts --------------------------------------------------------------------------------

/** @param {BoardImage} image */
function layout(image) {
  const sq = Math.max(8, Math.round(image.squareSize ?? 60));
  const bar = image.evalBar ? Math.round(sq * 0.4) : 0;
  const gap = image.evalBar ? Math.round(sq * 0.1) : 0;
  return { sq, bar, gap };
}

/** @param {Context2D} ctx @param {{ x: number, y: number }} p @param {number} sq @param {string} colour @param {number} opacity */
function tint(ctx, p, sq, colour, opacity) {
  ctx.globalAlpha = opacity;
  ctx.fillStyle = colour;
  ctx.fillRect(p.x, p.y, sq, sq);
  ctx.globalAlpha = 1;
}

/** A king in check: a red glow on its square, as the app's board marks it. @param {Context2D} ctx @param {{ x: number, y: number }} p @param {number} sq */
function checkGlow(ctx, p, sq) {
  const cx = p.x + sq / 2;
  const cy = p.y + sq / 2;
  const g = ctx.createRadialGradient(cx, cy, 0, cx, cy, sq / 2);
  g.addColorStop(0, 'rgba(255,0,0,1)');
  g.addColorStop(0.3, 'rgba(231,0,0,0.9)');
  g.addColorStop(0.7, 'rgba(165,0,0,0.3)');
  g.addColorStop(1, 'rgba(158,0,0,0)');
  ctx.globalAlpha = 0.85;
  ctx.fillStyle = g;
  ctx.fillRect(p.x, p.y, sq, sq);
  ctx.globalAlpha = 1;
}

/** Files along the bottom edge, ranks along the left, each in the other square colour. */
function coordinates(/** @type {Context2D} */ ctx, /** @type {ImageTheme} */ theme, /** @type {number} */ sq, /** @type {number} */ x0, /** @type {boolean} */ flipped) {
  ctx.font = `600 ${Math.round(sq * 0.175)}px ${theme.font}`;
  ctx.textBaseline = 'alphabetic';
  for (let i = 0; i < 8; i++) {
    // the bottom row's squares (a file each) and the left column's (a rank each), left to right / top to bottom
    const file = flipped ? 7 - i : i;
    const rank = flipped ? i : 7 - i;
    const bottomLight = (file + (flipped ? 7 : 0)) % 2 === 1;
    ctx.fillStyle = bottomLight ? theme.dark : theme.light;
    ctx.textAlign = 'right';
    ctx.fillText(FILES[file], x0 + (i + 1) * sq - sq * 0.06, 8 * sq - sq * 0.06);
    const leftLight = ((flipped ? 7 : 0) + rank) % 2 === 1;
    ctx.fillStyle = leftLight ? theme.dark : theme.light;
    ctx.textAlign = 'left';
    ctx.fillText(String(rank + 1), x0 + sq * 0.05, i * sq + sq * 0.2);
  }
}

/** @type {Map<string, Path2D>} the pieces' paths, read once */
const paths = new Map();
const path = (/** @type {string} */ d) => {
  let p = paths.get(d);
  if (!p) paths.set(d, (p = new Path2D(d)));
  return p;
};

/**
 * One piece, painted as its SVG is (pieces.js): each body path filled and outlined, then the
 * detail lines; closed detail shapes (the knight's eye) filled.
 * @param {Context2D} ctx @param {{ x: number, y: number }} p @param {number} sq
 * @param {'w'|'b'} colour @param {'p'|'n'|'b'|'r'|'q'|'k'} type
 */
function piece(ctx, p, sq, colour, type) {
  const c = PIECE_COLOURS[colour];
  const s = PIECE_SHAPES[type];
  ctx.save();
  ctx.translate(p.x, p.y);
  ctx.scale(sq / TILE, sq / TILE);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.fillStyle = c.fill;
  ctx.strokeStyle = c.stroke;
  ctx.lineWidth = 1.4;
  for (const d of s.body) {
    ctx.fill(path(d));
    ctx.stroke(path(d));
  }
  ctx.lineJoin = 'miter';
  ctx.strokeStyle = c.detail;
  ctx.fillStyle = c.detail;
  ctx.lineWidth = 1.1;
  for (const d of s.detail) {
    if (/Z$/.test(d)) {
      if (type === 'n') ctx.fill(path(d));
    } else ctx.stroke(path(d));
  }
  ctx.restore();
}

/**
 * An arrow from square to square, ending before the target's centre: the shaft (dashed or not)
 * and the head are one shape, so that a see-through arrow is even where they meet; a label (a
 * score) sits at the head's base.
 * @param {Context2D} ctx @param {ImageArrow} a @param {(s: string) => { x: number, y: number }} at
 * @param {number} sq @param {ImageTheme} theme
 */
function arrow(ctx, a, at, sq, theme) {
  const f = at(a.from);
  const t = at(a.to);
  const from = { x: f.x + sq / 2, y: f.y + sq / 2 };
  const to = { x: t.x + sq / 2, y: t.y + sq / 2 };
  const len = Math.hypot(to.x - from.x, to.y - from.y);
  if (!len) return;
  const ux = (to.x - from.x) / len;
  const uy = (to.y - from.y) / len;
  const nx = -uy;
  const ny = ux;
  const width = sq * (a.width ?? 0.14);
  const head = Math.max(width * 2.4, sq * 0.3);
  const end = { x: to.x - ux * sq * 0.18, y: to.y - uy * sq * 0.18 };
  const base = { x: end.x - ux * head, y: end.y - uy * head };
  const start = { x: from.x + ux * sq * 0.12, y: from.y + uy * sq * 0.12 };
  const shaft = Math.max(0, (base.x - start.x) * ux + (base.y - start.y) * uy);
  const colour = a.colour || theme.arrow;
  // every part wound the same way round, so that where two overlap (the round end and the
  // shaft) the nonzero rule fills them once rather than cutting a hole
  const shape = new Path2D();
  const w = width / 2;
  /** a piece of the shaft, `s0` to `s1` along it */
  const segment = (/** @type {number} */ s0, /** @type {number} */ s1) => {
    const ax = start.x + ux * s0, ay = start.y + uy * s0;
    const bx = start.x + ux * s1, by = start.y + uy * s1;
    shape.moveTo(ax + nx * w, ay + ny * w);
    shape.lineTo(bx + nx * w, by + ny * w);
    shape.lineTo(bx - nx * w, by - ny * w);
    shape.lineTo(ax - nx * w, ay - ny * w);
    shape.closePath();
  };
  if (a.dashed) {
    for (let s = 0; s < shaft; s += width * 2) segment(s, Math.min(shaft, s + width * 1.1));
  } else {
    segment(0, shaft);
    shape.moveTo(start.x + w, start.y);
    shape.arc(start.x, start.y, w, 0, Math.PI * 2, true); // the round end
  }
  const half = head * 0.62;
  shape.moveTo(end.x, end.y);
  shape.lineTo(base.x - nx * half, base.y - ny * half);
  shape.lineTo(base.x + nx * half, base.y + ny * half);
  shape.closePath();
  ctx.globalAlpha = a.opacity ?? 0.85;
  ctx.fillStyle = colour;
  ctx.fill(shape, 'nonzero');
  if (a.label) {
    const fs = sq * 0.2;
    const lw = fs * 0.62 * a.label.length + fs * 0.6;
    const lh = fs * 1.35;
    roundRect(ctx, base.x - lw / 2, base.y - lh / 2, lw, lh, lh / 2);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
    ctx.lineWidth = Math.max(1, sq * 0.017);
    ctx.strokeStyle = colour;
    ctx.stroke();
    ctx.fillStyle = '#1e1d1b';
    ctx.font = `700 ${fs}px ${theme.font}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(a.label, base.x, base.y);
  }
  ctx.globalAlpha = 1;
}

/** A round mark in a square's top-right corner (a move's class in a game report). */
function badge(/** @type {Context2D} */ ctx, /** @type {{ x: number, y: number }} */ p, /** @type {number} */ sq, /** @type {ImageBadge} */ b, /** @type {ImageTheme} */ theme) {
  const r = sq * 0.19;
  const cx = p.x + sq - r * 0.8;
  const cy = p.y + r * 0.8;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = b.colour;
  ctx.fill();
  ctx.lineWidth = Math.max(1, sq * 0.021);
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.font = `800 ${r * (b.text.length > 1 ? 1.05 : 1.3)}px ${theme.font}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(b.text, cx, cy);
}

/**
 * The evaluation bar: White's share from White's side of the board (the bottom, or the top when
 * the board is turned), and its text at the end of the side that leads.
 * @param {Context2D} ctx @param {ImageEvalBar} e @param {number} w @param {number} h
 * @param {boolean} flipped @param {ImageTheme} theme
 */
function evalBar(ctx, e, w, h, flipped, theme) {
  const share = Math.min(1, Math.max(0, Number.isFinite(e.share) ? e.share : 0.5));
  const radius = Math.min(w / 2, h * 0.01);
  ctx.save();
  roundRect(ctx, 0, 0, w, h, radius);
  ctx.clip();
  ctx.fillStyle = theme.barBlack;
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = theme.barWhite;
  const white = Math.round(h * share);
  ctx.fillRect(0, flipped ? 0 : h - white, w, white);
  if (theme.barMiddle) {
    ctx.globalAlpha = 0.55;
    ctx.fillStyle = theme.barMiddle;
    ctx.fillRect(0, Math.round(h / 2) - 0.5, w, 1);
    ctx.globalAlpha = 1;
  }
  if (e.text) {
    const whiteLeads = share >= 0.5;
    // at White's end when White leads, at Black's when Black does
    const atBottom = whiteLeads !== flipped;
    const fs = Math.max(7, Math.round(w * 0.42));
    ctx.font = `700 ${fs}px ${theme.font}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = atBottom ? 'bottom' : 'top';
    ctx.fillStyle = whiteLeads ? theme.barBlack : theme.barWhite;
    // (the bar is narrow: the text is squeezed to its width when it is longer)
    ctx.fillText(e.text, w / 2, atBottom ? h - fs * 0.3 : fs * 0.3, w - 2);
  }
  ctx.restore();
}

/** @param {Context2D} ctx @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r */
function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}
