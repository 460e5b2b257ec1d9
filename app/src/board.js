// The chessboard (cm-chessboard): shows a position with last-move and check highlights and
// arrows, and turns drags, clicks and keyboard input into moves. It holds no rules: the legal
// moves it hints and accepts come from chess.js.
import { Chessboard, COLOR, INPUT_EVENT_TYPE } from 'cm-chessboard/src/Chessboard.js';
import { Markers } from 'cm-chessboard/src/extensions/markers/Markers.js';
import { Arrows } from 'cm-chessboard/src/extensions/arrows/Arrows.js';
import { PromotionDialog, PROMOTION_DIALOG_RESULT_TYPE } from 'cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js';
import { Accessibility } from 'cm-chessboard/src/extensions/accessibility/Accessibility.js';
import { Chess } from 'chess.js';

// The sprites are the app's own (web/app/public/sprites, see scripts/make-sprites.mjs).
const SPRITES = new URL(`${import.meta.env.BASE_URL}sprites/`, document.baseURI).href;

const MARK = {
  lastMove: { class: 'marker-last-move', slice: 'markerSquare' },
  check: { class: 'marker-check', slice: 'markerCheck' },
  hover: { class: 'marker-hover', slice: 'markerFrame' },
};
const ARROW = {
  best: { class: 'arrow-engine' },
  line: [1, 2, 3, 4, 5, 6].map((i) => ({ class: `arrow-hover arrow-hover-${i}` })),
};

/**
 * @typedef {object} BoardState
 * @property {string} fen
 * @property {{ from: string, to: string } | null} [lastMove]
 * @property {'w'|'b'|'both'|null} [movable]  which side the user may move now
 */

export class Board {
  /**
   * @param {HTMLElement} el
   * @param {{ onMove?: (from: string, to: string, promotion?: string) => void, small?: boolean }} [opts]
   */
  constructor(el, opts = {}) {
    this.el = el;
    this.onMove = opts.onMove || (() => {});
    this.fen = new Chess().fen();
    /** @type {'w'|'b'|'both'|null} */
    this.movable = null;
    this.lastMove = null;
    this.small = !!opts.small;
    /** @type {'white'|'black'} */
    this.side = 'white';
    /** @type {{ class: any, props: object }[]} */
    const extensions = [{ class: Markers, props: { autoMarkers: MARK.hover, sprite: 'markers.svg' } }, { class: Arrows, props: { sprite: 'arrows.svg', headSize: 6 } }];
    if (!this.small) {
      extensions.push({ class: PromotionDialog, props: { language: 'en' } });
      extensions.push({ class: Accessibility, props: { language: 'en', keyboardMoveInput: true, brailleNotationInAlt: false, movePieceForm: true, boardAsTable: false, piecesAsList: true } });
    }
    this.board = new Chessboard(el, {
      position: this.fen,
      assetsUrl: SPRITES,
      style: {
        cssClass: 'mainline',
        showCoordinates: !this.small,
        borderType: 'none',
        pieces: { file: 'pieces.svg', tileSize: 40 },
        animationDuration: this.small ? 0 : 180,
      },
      extensions,
    });
    if (!this.small) this.board.enableMoveInput((event) => this.#input(event));
  }

  /** Shows a position. @param {BoardState & { animate?: boolean }} state */
  set({ fen, lastMove = null, movable = null, animate = true }) {
    const changed = fen !== this.fen;
    this.fen = fen;
    this.movable = movable;
    this.lastMove = lastMove;
    this.#draw(fen, animate && changed);
    this.board.removeMarkers(MARK.lastMove);
    this.board.removeMarkers(MARK.check);
    this.board.removeLegalMovesMarkers?.();
    if (lastMove) {
      this.board.addMarker(MARK.lastMove, lastMove.from);
      this.board.addMarker(MARK.lastMove, lastMove.to);
    }
    const chess = new Chess(fen);
    if (chess.inCheck()) {
      const king = chess.findPiece({ type: 'k', color: chess.turn() })[0];
      if (king) this.board.addMarker(MARK.check, king);
    }
    this.el.dataset.fen = fen;
  }

  #drawing = false;
  #wanted = /** @type {{ fen: string, animate: boolean } | null} */ (null);
  /**
   * Draws a position. cm-chessboard queues every change and animates each one in turn; when the
   * user steps through moves faster than that, only the newest position is drawn (without
   * animation) once the running animation ends. `data-rendered` says what the board shows.
   */
  async #draw(fen, animate) {
    this.#wanted = { fen, animate };
    if (this.#drawing) {
      this.#wanted.animate = false;
      return;
    }
    this.#drawing = true;
    try {
      while (this.#wanted) {
        const { fen: next, animate: anim } = this.#wanted;
        this.#wanted = null;
        await this.board.setPosition(next, anim).catch(() => this.board.setPosition(next, false));
        this.el.dataset.rendered = next.split(' ')[0];
      }
    } finally {
      this.#drawing = false;
    }
  }

  /** @param {'white'|'black'} side the side at the bottom */
  setOrientation(side) {
    if (side === this.side) return;
    // cm-chessboard turns the board after its queued animations and takes one turn at a time:
    // remember the side now, turn (to the latest side) when the previous turn is done
    this.side = side;
    this.el.dataset.orientation = side;
    this.#turning = this.#turning
      .then(() => {
        const want = this.side === 'black' ? COLOR.black : COLOR.white;
        if (this.board.getOrientation() !== want) return this.board.setOrientation(want);
        return undefined;
      })
      .catch(() => {});
  }
  #turning = Promise.resolve();

  /** @returns {'white'|'black'} */
  get orientation() {
    return this.side;
  }

  flip() {
    this.setOrientation(this.orientation === 'white' ? 'black' : 'white');
  }

  /**
   * Arrows: the engine's best move, and the first moves of a hovered line (UCI).
   * @param {{ best?: string|null, line?: string[] }} arrows
   */
  setArrows({ best = null, line = [] }) {
    this.board.removeArrows();
    if (best) this.board.addArrow(ARROW.best, best.slice(0, 2), best.slice(2, 4));
    line.slice(0, ARROW.line.length).forEach((uci, i) => this.board.addArrow(ARROW.line[i], uci.slice(0, 2), uci.slice(2, 4)));
    this.el.dataset.bestArrow = best || '';
  }

  #mayMove(color) {
    return this.movable === 'both' || this.movable === color;
  }

  #input(event) {
    const chess = new Chess(this.fen);
    switch (event.type) {
      case INPUT_EVENT_TYPE.moveInputStarted: {
        const piece = event.piece || '';
        if (!this.#mayMove(piece[0]) || piece[0] !== chess.turn()) return false;
        const moves = chess.moves({ square: event.squareFrom, verbose: true });
        if (!moves.length) return false;
        this.board.addLegalMovesMarkers(moves);
        return true;
      }
      case INPUT_EVENT_TYPE.validateMoveInput: {
        this.board.removeLegalMovesMarkers();
        const from = event.squareFrom;
        const to = event.squareTo;
        const moves = chess.moves({ square: from, verbose: true }).filter((m) => m.to === to);
        if (!moves.length) return false;
        if (moves.some((m) => m.promotion)) {
          const color = moves[0].color === 'w' ? COLOR.white : COLOR.black;
          this.board.showPromotionDialog(to, color, (result) => {
            if (result.type === PROMOTION_DIALOG_RESULT_TYPE.pieceSelected) this.onMove(from, to, result.piece.charAt(1));
            else this.board.setPosition(this.fen, false); // cancelled: put the pawn back
          });
          return true;
        }
        // the board moves the piece itself right after this returns; report the move after that
        Promise.resolve().then(() => this.onMove(from, to));
        return true;
      }
      case INPUT_EVENT_TYPE.moveInputCanceled:
      case INPUT_EVENT_TYPE.moveInputFinished:
        this.board.removeLegalMovesMarkers();
        return undefined;
      default:
        return undefined;
    }
  }

  destroy() {
    this.board.destroy();
  }
}
