// What the main board shows, from the state, once for the board and once for its pictures: the
// overlay (the engine's lines as arrows with their scores, thicker for better; the threat, a
// hovered line, hints; the shown move's class as a badge), and the whole board as
// mainline-chess/image draws it ("Save image": the board with its bar as shown; "Save GIF": each
// main-line position with its last move). Pure: the colours come in a palette read from the page.
import { moveClass } from 'mainline-chess/report';
import { CLASS_BADGE, fenTurn, formatScore, whiteShare } from './format.js';
import { practiceBoard, shownEval } from './shown.js';
import { currentHint } from './hint.js';
import { checkedKing } from './rules.js';

/**
 * @typedef {import('../state.js').State} State
 * @typedef {import('./format.js').Score} Score
 * @typedef {import('../views/overlay.js').OverlayArrow} OverlayArrow
 * @typedef {import('../views/overlay.js').OverlayItems} OverlayItems
 * @typedef {import('mainline-chess/image').BoardImage} BoardImage
 * @typedef {import('mainline-chess/image').ImageTheme} ImageTheme
 * @typedef {object} Palette  the page's colours (views/sharepanel.js reads them from styles.css)
 * @property {Partial<ImageTheme>} theme
 * @property {Record<string, string>} arrows   by an overlay arrow's first class ('best', 'line', 'threat', 'hint', 'hover'; 'hover-reply')
 * @property {Record<string, string>} classes  a report class's colour ('blunder', ...)
 * @property {string} tint                     a tinted square's (a practice hint)
 */

/** Moves of a hovered line drawn as arrows. */
const HOVER_ARROWS = 6;

/** The colours of styles.css, for a palette that cannot be read from a page (tests, Node). */
export const PAGE_PALETTE = Object.freeze({
  theme: { light: '#ecdcbc', dark: '#b48a62', lastMove: '#cdd26a', lastMoveOpacity: 0.62, barWhite: '#f6f5f1', barBlack: '#403d39', barMiddle: '#dd3333' },
  arrows: { best: '#15781b', line: '#2a64c9', threat: '#c62828', hint: '#e08a00', hover: '#1f5fd0', 'hover-reply': '#8a2be2' },
  classes: {},
  tint: '#e08a00',
});

/**
 * The board's overlay for the state: arrows, tinted squares, badges.
 * @param {State} s @returns {Required<OverlayItems>}
 */
export function overlayItems(s) {
  /** @type {OverlayArrow[]} */
  const arrows = [];
  /** @type {import('../views/overlay.js').OverlaySquare[]} */
  const squares = [];
  /** @type {import('../views/overlay.js').OverlayBadge[]} */
  const badges = [];
  const shown = shownEval(s);
  if (shown && s.settings.arrows && s.mode !== 'practice') {
    const mover = fenTurn(s.current.fen).turn;
    const value = (/** @type {Score} */ score) => (mover === 'w' ? whiteShare(score) : 1 - whiteShare(score));
    const best = value(shown.score);
    const several = shown.lines.length > 1;
    shown.lines.forEach((line, i) => {
      const uci = line.pv[0];
      if (!uci) return;
      // thicker for better: the width falls with the expected points a line gives up
      const width = i === 0 ? 1 : Math.max(0.35, 0.85 - 3 * Math.max(0, best - value(line.score)));
      arrows.push({ from: uci.slice(0, 2), to: uci.slice(2, 4), kind: i === 0 ? 'best' : 'line', width, opacity: i === 0 ? 0.85 : 0.7, label: several ? formatScore(line.score) : undefined });
    });
  }
  if (s.threat && s.threat.line && s.threat.line.pv[0]) {
    const t = s.threat.line.pv[0];
    arrows.push({ from: t.slice(0, 2), to: t.slice(2, 4), kind: 'threat', dashed: true, width: 0.9, opacity: 0.85 });
  }
  if (s.hover && s.hover.fen === s.current.fen && s.mode !== 'practice') {
    s.hover.uci.slice(0, HOVER_ARROWS).forEach((uci, i) => arrows.push({ from: uci.slice(0, 2), to: uci.slice(2, 4), kind: `hover hover-${i % 2 ? 'reply' : 'move'}`, width: 0.75, opacity: i < 3 ? 0.85 : 0.6, label: String(i + 1) }));
  }
  // a hint in a game: its move, on the position it was asked in
  const hint = currentHint(s);
  if (hint && hint.uci && hint.fen === s.current.fen) arrows.push({ from: hint.uci.slice(0, 2), to: hint.uci.slice(2, 4), kind: 'hint' });
  const puzzle = practiceBoard(s);
  if (puzzle && puzzle.hintSquare) squares.push({ square: puzzle.hintSquare, kind: 'hint', opacity: 0.55 });
  if (puzzle && puzzle.hintMove) arrows.push({ from: puzzle.hintMove.slice(0, 2), to: puzzle.hintMove.slice(2, 4), kind: 'hint' });
  // (a verdict is a move's: the start position has none)
  const verdict = s.mode === 'analyse' && s.report ? s.report.verdicts.get(s.current.id) : undefined;
  if (verdict && s.current.to) {
    const cls = moveClass(verdict.cls);
    badges.push({ square: s.current.to, kind: verdict.cls, text: CLASS_BADGE[/** @type {keyof typeof CLASS_BADGE} */ (verdict.cls)], title: cls.label });
  }
  return { arrows, squares, badges };
}

/**
 * The eval bar's text: it is narrow, so one decimal and no plus sign ("0.3", "-1.2", "#4");
 * '' without a score.
 * @param {Score|null|undefined} score White's view
 */
export function barText(score) {
  if (!score) return '';
  if (score.mate !== undefined) return formatScore(score);
  const cp = score.cp || 0;
  return (cp / 100).toFixed(Math.abs(cp) >= 1000 ? 0 : 1).replace(/^-?0\.0$/, '0.0');
}

/**
 * The main board as it is shown, as a picture: the position (a practice puzzle's while
 * practising), its last move and check, the overlay, the side at the bottom, and the eval bar
 * (none while practising, where the page hides it).
 * @param {State} s @param {Palette} [palette] @param {number} [squareSize]
 * @returns {BoardImage}
 */
export function boardPicture(s, palette = PAGE_PALETTE, squareSize = 72) {
  const puzzle = practiceBoard(s);
  const node = s.current;
  const fen = puzzle ? puzzle.fen : node.fen;
  const lastMove = puzzle ? puzzle.lastMove : node.from && node.to ? { from: node.from, to: node.to } : null;
  const items = overlayItems(s);
  const score = shownEval(s)?.score ?? null;
  return {
    fen,
    orientation: s.orientation,
    lastMove,
    check: checkedKing(fen),
    squares: items.squares.map((q) => ({ square: q.square, colour: palette.tint, opacity: q.opacity })),
    arrows: items.arrows.map((a) => ({
      from: a.from,
      to: a.to,
      colour: arrowColour(a.kind, palette),
      width: 0.14 * (a.width ?? 1),
      opacity: a.opacity ?? 1,
      dashed: a.dashed,
      label: a.label,
    })),
    badges: items.badges.map((b) => ({ square: b.square, text: b.text, colour: palette.classes[b.kind] || '#666666' })),
    evalBar: s.mode === 'practice' ? null : { share: whiteShare(score), text: barText(score) },
    squareSize,
    theme: palette.theme,
  };
}

/**
 * Every position of the main line as a picture, the start first, each with the move that led to
 * it and a king in check; the side at the bottom as shown. With the evaluation bar when every
 * position has an evaluation (after Analyse game), so that the bar does not jump to even where
 * one is missing.
 * @param {State} s @param {Palette} [palette] @param {number} [squareSize]
 * @returns {BoardImage[]}
 */
export function gameFrames(s, palette = PAGE_PALETTE, squareSize = 45) {
  const line = [s.tree.root, ...s.tree.mainline()];
  const withBar = line.length > 1 && line.every((n) => n.eval);
  return line.map((n) => ({
    fen: n.fen,
    orientation: s.orientation,
    lastMove: n.from && n.to ? { from: n.from, to: n.to } : null,
    check: checkedKing(n.fen),
    evalBar: withBar && n.eval ? { share: whiteShare(n.eval.score), text: barText(n.eval.score) } : null,
    squareSize,
    theme: palette.theme,
  }));
}

/** An overlay arrow's colour: its most particular class the palette knows ('hover hover-reply'). */
function arrowColour(/** @type {string} */ kind, /** @type {Palette} */ palette) {
  const classes = kind.split(/\s+/).reverse();
  for (const c of classes) {
    const name = c === 'hover-move' ? 'hover' : c;
    if (palette.arrows[name]) return palette.arrows[name];
  }
  return palette.arrows.best || '#15781b';
}
