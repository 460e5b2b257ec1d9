// Share links in and out (model/share.js): the link to the game at the shown move, or to the
// shown position, with the board's side; and a link opened, as the app opens a PGN or a FEN that
// is pasted in (GameController.loadPgn / loadFen): a new game, saved in the library once it has
// something, while the game that was open stays in the library as it was saved.
import { isShareFragment, nodeAt, openShared, pathOf, readShareFragment, shareFragment, ShareLinkError } from '../model/share.js';
import { moveNumber } from '../model/format.js';

/**
 * @typedef {import('../state.js').Store} Store
 * @typedef {import('./game.js').GameController} GameController
 */

export class ShareController {
  /** @param {{ store: Store, game: GameController }} deps */
  constructor({ store, game }) {
    this.store = store;
    this.game = game;
  }

  /**
   * The link (`base` with its fragment) to the open game at the shown move, or, with
   * `positionOnly` or when the game has no moves, to the shown position.
   * @param {string} base the page's address (its own fragment is dropped)
   * @param {{ positionOnly?: boolean }} [o]
   */
  async link(base, { positionOnly = false } = {}) {
    const s = this.store.state;
    const orientation = s.orientation;
    const bare = base.replace(/#.*$/, '');
    if (positionOnly || !s.tree.root.children.length) return `${bare}#${await shareFragment({ fen: s.current.fen }, { orientation })}`;
    // the game as the PGN export writes it (evaluations, the report, notes, variations), without
    // the reasons in words: they are made again from the evaluations where the link is opened
    return `${bare}#${await shareFragment({ pgn: this.game.pgn() }, { path: pathOf(s.current), orientation })}`;
  }

  /** Whether a fragment is a share link (rather than an anchor in the page, such as the skip link's). */
  isLink(/** @type {string} */ fragment) {
    return isShareFragment(fragment);
  }

  /**
   * Opens a share link's game at its move (or its position) with its side at the bottom. A bad
   * link is said in the error line, naming what is wrong with it, and changes nothing. Resolves
   * with a sentence about what was opened, or null.
   * @param {string} fragment @returns {Promise<string|null>}
   */
  async open(fragment) {
    let link;
    try {
      link = await readShareFragment(fragment);
      openShared(link); // read once to check it all (game, position, move) before anything changes
    } catch (e) {
      this.game.fail(e instanceof ShareLinkError ? e.message : `Shared link: ${/** @type {Error} */ (e).message}`);
      return null;
    }
    const had = this.store.state.game.id;
    if (typeof link.pgn === 'string') {
      if (!this.game.loadPgn(link.pgn)) return null;
    } else {
      if (!this.game.loadFen(link.fen)) return null;
      // named, so that it is kept even when it is the start position (which an unnamed game of
      // no moves is not, and the last session's game would be reopened over it)
      this.game.rename('Shared position');
    }
    const node = nodeAt(this.store.state.tree, link.path);
    this.game.goTo(node);
    this.store.set({ orientation: link.orientation });
    const h = this.store.state.headers;
    const what = typeof link.pgn === 'string' ? `the shared game${h.White || h.Black ? ` ${h.White || '?'} – ${h.Black || '?'}` : ''}` : 'the shared position';
    const where = node.parent ? ` at ${moveNumber(node.parent.fen, 0)} ${node.san}` : '';
    const side = `${link.orientation === 'black' ? 'Black' : 'White'} at the bottom`;
    if (this.store.state.save.state === 'off') return `Opened ${what}${where}, ${side} (not saved: this browser keeps no library here).`;
    return `Opened ${what}${where}, ${side}: a new game in your library${had ? ', beside the one you had open' : ''}.`;
  }
}
