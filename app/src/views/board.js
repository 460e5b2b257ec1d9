// The chessboard (cm-chessboard): shows a position with last-move and check highlights and the
// app's overlay (arrows, tinted squares, badges), and turns drags, clicks and keyboard input into
// moves. It holds no rules: the legal moves it hints and accepts come from rules.js (the engine's
// rules). Castling is the king put down on its own rook (the only way in Chess960, as on lichess
// and chess.com), or on its destination where that means nothing else (e1g1 in standard chess).
import { Chessboard, COLOR, INPUT_EVENT_TYPE } from 'cm-chessboard/src/Chessboard.js';
import { Markers } from 'cm-chessboard/src/extensions/markers/Markers.js';
import { PromotionDialog, PROMOTION_DIALOG_RESULT_TYPE } from 'cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js';
import { Accessibility } from 'cm-chessboard/src/extensions/accessibility/Accessibility.js';
import { Overlay } from './overlay.js';
import { boardTargets, checkedKing } from '../model/rules.js';
import { START_FEN } from '../model/tree.js';
import { fenTurn } from '../model/format.js';

// The sprites are the app's own (app/public/sprites, see scripts/make-sprites.mjs).
const SPRITES = new URL(`${import.meta.env.BASE_URL}sprites/`, document.baseURI).href;

const MARK = {
  lastMove: { class: 'marker-last-move', slice: 'markerSquare' },
  check: { class: 'marker-check', slice: 'markerCheck' },
  hover: { class: 'marker-hover', slice: 'markerFrame' },
};

/**
 * @typedef {import('./overlay.js').OverlayItems} OverlayItems
 * @typedef {object} BoardState
 * @property {string} fen
 * @property {{ from: string, to: string } | null} [lastMove]
 * @property {'w'|'b'|'both'|null} [movable]  which side the user may move now
 * @property {boolean} [animate]
 */

export class Board {
  /**
   * @param {HTMLElement} el
   * @param {{ onMove?: (from: string, to: string, promotion?: string) => void, small?: boolean }} [opts]
   *   onMove: the move's UCI squares (castling: the king's and its rook's, which every game reads)
   */
  constructor(el, opts = {}) {
    this.el = el;
    this.onMove = opts.onMove || (() => {});
    this.fen = START_FEN;
    /** @type {'w'|'b'|'both'|null} */
    this.movable = null;
    this.small = !!opts.small;
    /** @type {'white'|'black'} */
    this.side = 'white';
    /** @type {{ class: any, props: object }[]} */
    const extensions = [{ class: Markers, props: { autoMarkers: MARK.hover, sprite: 'markers.svg' } }, { class: Overlay, props: {} }];
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
    if (!this.small) this.board.enableMoveInput((/** @type {any} */ event) => this.#input(event));
  }

  /** Shows a position. @param {BoardState} state */
  set({ fen, lastMove = null, movable = null, animate = true }) {
    // animated when the pieces move: to a new position, or back, after a move the user made on
    // the board that the app did not take (illegal, out of turn, a wrong practice try)
    const changed = fen !== this.fen || this.board.getPosition() !== fen.split(' ')[0];
    this.fen = fen;
    this.movable = movable;
    this.#draw(fen, animate && changed);
    this.board.removeMarkers(MARK.lastMove);
    this.board.removeMarkers(MARK.check);
    this.board.removeLegalMovesMarkers?.();
    if (lastMove) {
      this.board.addMarker(MARK.lastMove, lastMove.from);
      this.board.addMarker(MARK.lastMove, lastMove.to);
    }
    const king = checkedKing(fen);
    if (king) this.board.addMarker(MARK.check, king);
    this.el.dataset.fen = fen;
  }

  #drawing = false;
  #wanted = /** @type {{ fen: string, animate: boolean } | null} */ (null);
  /**
   * Draws a position. cm-chessboard queues every change and animates each one in turn; when the
   * user steps through moves faster than that, only the newest position is drawn (without
   * animation) once the running animation ends. `data-rendered` says what the board shows.
   */
  async #draw(/** @type {string} */ fen, /** @type {boolean} */ animate) {
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

  /** Arrows, tinted squares, badges (overlay.js). @param {OverlayItems} items */
  setOverlay(items) {
    this.board.setOverlay(items);
    const best = (items.arrows || []).find((a) => a.kind === 'best');
    this.el.dataset.bestArrow = best ? best.from + best.to : '';
  }

  #mayMove(/** @type {string} */ color) {
    return this.movable === 'both' || this.movable === color;
  }

  #input(/** @type {any} */ event) {
    switch (event.type) {
      case INPUT_EVENT_TYPE.moveInputStarted: {
        const piece = event.piece || '';
        const turn = fenTurn(this.fen).turn;
        if (!this.#mayMove(piece[0]) || piece[0] !== turn) return false;
        const targets = boardTargets(this.fen, event.squareFrom);
        if (!targets.length) return false;
        this.board.addLegalMovesMarkers(targets);
        return true;
      }
      case INPUT_EVENT_TYPE.validateMoveInput: {
        this.board.removeLegalMovesMarkers();
        const from = event.squareFrom;
        const to = event.squareTo;
        const targets = boardTargets(this.fen, from).filter((m) => m.to === to);
        if (!targets.length) return false;
        if (targets.some((m) => m.promotion)) {
          const color = fenTurn(this.fen).turn === 'w' ? COLOR.white : COLOR.black;
          this.board.showPromotionDialog(to, color, (/** @type {any} */ result) => {
            if (result.type === PROMOTION_DIALOG_RESULT_TYPE.pieceSelected) this.onMove(from, to, result.piece.charAt(1));
            else this.board.setPosition(this.fen, false); // cancelled: put the pawn back
          });
          return true;
        }
        // the board moves the piece itself right after this returns; report the move after that
        // (a king put down on its castling square is reported as taking its rook: the same move)
        const uci = targets[0].uci;
        Promise.resolve().then(() => this.onMove(uci.slice(0, 2), uci.slice(2, 4)));
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
}
