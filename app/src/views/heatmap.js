// A board as a heat map of what each piece adds to the evaluation (the engine's evalTrace: the
// network's evaluation with the piece minus without it). Each piece's square is tinted by how its
// part compares with its usual share among its side's pieces: what they add together, spread
// over them by the usual count (pawn 1, knight and bishop 3, rook 5, queen 9). Green: a piece
// doing more than that here; red: less. The number is what it adds, in pawns, for its own side.
// Plain SVG with the app's piece sprites.
import { PIECE_VALUES } from 'mainline-chess/report';
import { svg } from '../dom.js';

const FILES = 'abcdefgh';
const SPRITE = `${import.meta.env.BASE_URL}sprites/pieces.svg`;

/**
 * @typedef {{ square: string, piece: string, value: number }} PieceValue  value: centipawns, White's view
 * @typedef {PieceValue & { own: number, ratio: number|null }} RatedPiece
 */

/**
 * Each piece's part for its own side, and how it compares with its usual share among its side's
 * pieces (1: as usual; null: no share to compare with).
 * @param {PieceValue[]} pieces
 * @returns {RatedPiece[]}
 */
export function ratePieces(pieces) {
  const rated = pieces.map((p) => {
    const white = p.piece === p.piece.toUpperCase();
    return { ...p, white, own: white ? p.value : -p.value, nominal: PIECE_VALUES[/** @type {keyof typeof PIECE_VALUES} */ (p.piece.toLowerCase())] || 0 };
  });
  /** what a pawn's worth of the usual count adds for a side, here */
  const perPawn = (/** @type {boolean} */ white) => {
    const side = rated.filter((p) => p.white === white && p.nominal > 0);
    return side.reduce((s, p) => s + p.own, 0) / Math.max(1, side.reduce((s, p) => s + p.nominal, 0));
  };
  const scale = { white: perPawn(true), black: perPawn(false) };
  return rated.map(({ nominal, white, ...p }) => {
    const k = white ? scale.white : scale.black;
    return { ...p, ratio: nominal > 0 && k > 0 ? p.own / (k * nominal) : null };
  });
}

/**
 * Draws the heat map of a position into `el`.
 * @param {HTMLElement} el @param {string} fen @param {PieceValue[]} pieces
 * @param {'white'|'black'} orientation
 */
export function drawHeatmap(el, fen, pieces, orientation) {
  const root = svg('svg', { viewBox: '0 0 8 8', class: 'heatmap', role: 'img' });
  svg('title', {}, root).textContent = 'What each piece adds to the evaluation';
  const rated = new Map(ratePieces(pieces).map((p) => [p.square, p]));
  const board = fen.split(' ')[0].split('/');
  const at = (/** @type {number} */ file, /** @type {number} */ rank) => (orientation === 'white' ? { x: file, y: 7 - rank } : { x: 7 - file, y: rank });
  for (let rank = 0; rank < 8; rank++) {
    let file = 0;
    for (const ch of board[7 - rank] || '') {
      if (/\d/.test(ch)) {
        for (let k = 0; k < Number(ch); k++) square(root, at(file + k, rank), (file + k + rank) % 2 === 1, null, null);
        file += Number(ch);
        continue;
      }
      const sq = `${FILES[file]}${rank + 1}`;
      square(root, at(file, rank), (file + rank) % 2 === 1, ch, rated.get(sq) || null, sq);
      file++;
    }
  }
  el.replaceChildren(root);
}

const NAMES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };

/** What a piece adds, in words: "White knight on f3: adds 3.42 pawns, 120% of its usual share". */
export function pieceSentence(/** @type {RatedPiece} */ p) {
  const side = p.piece === p.piece.toUpperCase() ? 'White' : 'Black';
  const usual = p.ratio === null ? '' : `, ${Math.round(p.ratio * 100)}% of its usual share`;
  return `${side} ${NAMES[/** @type {keyof typeof NAMES} */ (p.piece.toLowerCase())]} on ${p.square}: adds ${(p.own / 100).toFixed(2)} pawns${usual}`;
}

/** One square: its colour, the tint of its piece's part, the piece, the number. */
/**
 * @param {Element} root @param {{ x: number, y: number }} at @param {boolean} light
 * @param {string|null} piece @param {RatedPiece|null} rated @param {string} [sq]
 */
function square(root, { x, y }, light, piece, rated, sq = '') {
  const g = svg('g', { transform: `translate(${x} ${y})`, class: 'hm-square', ...(sq ? { 'data-square': sq } : {}) }, root);
  svg('rect', { width: 1, height: 1, class: light ? 'hm-light' : 'hm-dark' }, g);
  if (rated && rated.ratio !== null) {
    const diff = Math.max(-1, Math.min(1, (rated.ratio - 1) / 0.6));
    svg('rect', { width: 1, height: 1, class: diff >= 0 ? 'hm-more' : 'hm-less', 'fill-opacity': (0.15 + 0.6 * Math.abs(diff)).toFixed(2) }, g);
  }
  if (piece) {
    const id = `${piece === piece.toUpperCase() ? 'w' : 'b'}${piece.toLowerCase()}`;
    svg('use', { href: `${SPRITE}#${id}`, width: 1, height: 1, transform: 'scale(0.025)' }, g).setAttribute('class', 'hm-piece');
  }
  if (rated) {
    const t = svg('text', { x: 0.96, y: 0.95, 'text-anchor': 'end', class: 'hm-value' }, g);
    t.textContent = (rated.own / 100).toFixed(1);
    svg('title', {}, g).textContent = pieceSentence(rated);
  }
}
