// Mainline's chess pieces (MIT, drawn for this project): each as SVG markup in a 40x40 tile. The
// analysis element (element.js) draws its board with them; the board app's sprite sheet is
// written from them (app/scripts/make-sprites.mjs), so both show the same pieces.
//   import { pieceSvg, PIECE_TYPES } from 'mainline-chess/pieces';

// Each piece: `body` is filled with the piece colour and outlined; `detail` is drawn in the
// contrasting colour on top (the lines that make a black piece readable).
const BASE = 'M9.5 32.5 h21 a1.5 1.5 0 0 1 1.5 1.5 v1.5 h-24 v-1.5 a1.5 1.5 0 0 1 1.5 -1.5 Z';
export const PIECE_SHAPES = Object.freeze({
  p: {
    body: [
      BASE,
      'M15 32.5 C15 28 17 24.5 17.8 21.5 L22.2 21.5 C23 24.5 25 28 25 32.5 Z',
      'M14.5 19.7 a1.2 1.2 0 0 1 1.2 -1.2 h8.6 a1.2 1.2 0 0 1 1.2 1.2 v0.6 a1.2 1.2 0 0 1 -1.2 1.2 h-8.6 a1.2 1.2 0 0 1 -1.2 -1.2 Z',
      'M20 8 a5.3 5.3 0 1 1 -0.01 0 Z',
    ],
    detail: [],
  },
  r: {
    body: [
      BASE,
      'M11 32.5 L11.8 29.5 L28.2 29.5 L29 32.5 Z',
      'M13.6 29.5 L14.6 16.5 L25.4 16.5 L26.4 29.5 Z',
      'M11.5 14.5 L13.5 16.5 L26.5 16.5 L28.5 14.5 Z',
      'M11.5 7 L15.3 7 L15.3 9.8 L18.1 9.8 L18.1 7 L21.9 7 L21.9 9.8 L24.7 9.8 L24.7 7 L28.5 7 L28.5 14.5 L11.5 14.5 Z',
    ],
    detail: ['M14.3 27 L25.7 27', 'M14.8 19 L25.2 19'],
  },
  n: {
    body: [
      BASE,
      // the horse's head and neck, facing left
      'M29.5 32.5 C30.3 25 29.7 18.5 26.8 13.6 C25 10.6 22.4 8.8 19.6 8.2 L18.6 4.8 L16.2 8.6 ' +
        'C13.6 9.6 11.4 12.4 9.4 16.2 C8.6 17.7 7.9 19.6 8.6 20.8 C9.5 22.2 11.4 22.1 12.6 21.2 ' +
        'C14 20.1 15.6 19.4 17.7 19.2 C18.6 19.1 19.4 18.7 19.9 18 ' +
        'C19.6 21.6 16.2 24.4 14.2 27.6 C13.4 29 13.1 30.7 13.1 32.5 Z',
    ],
    detail: [
      'M15.3 12.4 a1 1 0 1 1 -0.01 0 Z', // eye
      'M10.2 19.3 a0.6 0.6 0 1 1 -0.01 0 Z', // nostril
      'M27.5 31 C28.2 24.5 27.6 18.8 25 14.3 C23.8 12.3 22.3 10.9 20.6 10.1', // mane
    ],
  },
  b: {
    body: [
      BASE,
      'M13 32.5 C14.5 30.5 16.4 29.6 16.4 27.8 L23.6 27.8 C23.6 29.6 25.5 30.5 27 32.5 Z',
      'M14.6 26.3 a1.2 1.2 0 0 1 1.2 -1.2 h8.4 a1.2 1.2 0 0 1 1.2 1.2 v0.4 a1.2 1.2 0 0 1 -1.2 1.2 h-8.4 a1.2 1.2 0 0 1 -1.2 -1.2 Z',
      'M16 25.1 C13 21.6 13.6 16.6 20 10.2 C26.4 16.6 27 21.6 24 25.1 Z',
      'M20 5.4 a2.1 2.1 0 1 1 -0.01 0 Z',
    ],
    detail: ['M22.6 14.2 L18.4 20.2'],
  },
  q: {
    body: [
      BASE,
      'M11.3 32.5 L8.6 14.4 L13.6 24.2 L14.6 11.4 L18.2 22.4 L20 9.6 L21.8 22.4 L25.4 11.4 L26.4 24.2 L31.4 14.4 L28.7 32.5 Z',
      'M8.6 10.3 a2 2 0 1 1 -0.01 0 Z',
      'M14.6 7.3 a2 2 0 1 1 -0.01 0 Z',
      'M20 5.6 a2 2 0 1 1 -0.01 0 Z',
      'M25.4 7.3 a2 2 0 1 1 -0.01 0 Z',
      'M31.4 10.3 a2 2 0 1 1 -0.01 0 Z',
    ],
    detail: ['M11.8 29.2 Q20 27.2 28.2 29.2'],
  },
  k: {
    body: [
      BASE,
      'M12.2 32.5 C11.2 27.5 9.2 23.5 9.9 20.4 C10.7 16.9 15.2 16 17.9 19.1 L20 21.6 L22.1 19.1 ' +
        'C24.8 16 29.3 16.9 30.1 20.4 C30.8 23.5 28.8 27.5 27.8 32.5 Z',
      'M17.4 19.4 C16.9 16.3 18.3 13.9 20 13.9 C21.7 13.9 23.1 16.3 22.6 19.4 L20 21.6 Z',
      'M18.9 4.2 h2.2 v2.9 h2.8 v2.2 h-2.8 v4.4 h-2.2 v-4.4 h-2.8 v-2.2 h2.8 Z',
    ],
    detail: ['M12.4 29.2 Q20 27.2 27.6 29.2', 'M20 21.6 L20 26.6'],
  },
});

/** The colours of each side's pieces: the body, its outline, and the lines drawn on it. */
export const PIECE_COLOURS = Object.freeze({
  w: { fill: '#fbfbf8', stroke: '#1b1b1b', detail: '#1b1b1b' },
  b: { fill: '#2a2826', stroke: '#0c0c0c', detail: '#e9e6df' },
});

/** The piece types, as FEN writes them. */
export const PIECE_TYPES = Object.freeze(['p', 'n', 'b', 'r', 'q', 'k']);

/**
 * One piece as a tree of SVG elements for a 40x40 tile, the one description that both
 * pieceSvg (markup) and pieceElement (DOM nodes) are made from.
 * @param {'w'|'b'} colour @param {'p'|'n'|'b'|'r'|'q'|'k'} type @param {string} [id]
 * @returns {{ tag: string, attrs: Record<string, string>, children: any[] }}
 */
function pieceTree(colour, type, id) {
  const c = PIECE_COLOURS[colour];
  const s = PIECE_SHAPES[type];
  const path = (/** @type {Record<string, string>} */ attrs) => ({ tag: 'path', attrs, children: [] });
  const detailFill = type === 'n' ? c.detail : 'none';
  /** @type {{ tag: string, attrs: Record<string, string>, children: any[] }[]} */
  const children = [
    {
      tag: 'g',
      attrs: { fill: c.fill, stroke: c.stroke, 'stroke-width': '1.4', 'stroke-linejoin': 'round', 'stroke-linecap': 'round' },
      children: s.body.map((d) => path({ d })),
    },
  ];
  if (s.detail.length)
    children.push({
      tag: 'g',
      attrs: { stroke: c.detail, 'stroke-width': '1.1', 'stroke-linecap': 'round' },
      children: s.detail.map((d) => (/Z$/.test(d) ? path({ d, fill: detailFill, stroke: 'none' }) : path({ d, fill: 'none' }))),
    });
  return { tag: 'g', attrs: id ? { id } : {}, children };
}

/**
 * One piece as SVG markup for a 40x40 tile: `<g>` of its body and its detail lines.
 * @param {'w'|'b'} colour @param {'p'|'n'|'b'|'r'|'q'|'k'} type
 * @param {string} [id] an id for the outer `<g>` (a sprite sheet's)
 */
export function pieceSvg(colour, type, id) {
  /** @param {{ tag: string, attrs: Record<string, string>, children: any[] }} n @returns {string} */
  const markup = (n) =>
    `<${n.tag}${Object.entries(n.attrs).map(([k, v]) => ` ${k}="${v}"`).join('')}${n.children.length ? `>${n.children.map(markup).join('')}</${n.tag}>` : '/>'}`;
  return markup(pieceTree(colour, type, id));
}

/**
 * One piece as SVG DOM nodes (a `<g>` for a 40x40 tile), made without markup: a page that
 * enforces Trusted Types allows these where it refuses `innerHTML`.
 * @param {Document} doc @param {'w'|'b'} colour @param {'p'|'n'|'b'|'r'|'q'|'k'} type
 * @returns {SVGGElement}
 */
export function pieceElement(doc, colour, type) {
  /** @param {{ tag: string, attrs: Record<string, string>, children: any[] }} n @returns {Element} */
  const build = (n) => {
    const e = doc.createElementNS('http://www.w3.org/2000/svg', n.tag);
    for (const [k, v] of Object.entries(n.attrs)) e.setAttribute(k, v);
    for (const c of n.children) e.append(build(c));
    return e;
  };
  return /** @type {SVGGElement} */ (build(pieceTree(colour, type)));
}
