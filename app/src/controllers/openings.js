// Opening names, offline: the shown position's (the latest named position on the way to it) and
// the game's (the latest named position of the main line), from the ECO book (openings.js),
// loaded on first use.
import { loadOpenings, openingOf } from '../model/openings.js';

/** @typedef {import('../state.js').Store} Store */

export class OpeningsController {
  /** @param {{ store: Store, load?: typeof loadOpenings }} deps */
  constructor({ store, load = loadOpenings }) {
    this.store = store;
    /** @type {Map<string, import('../model/openings.js').Opening>|null} */
    this.book = null;
    load()
      .then((book) => {
        this.book = book;
        this.#refresh();
      })
      .catch(() => {
        // the names are a help, not a need: without the book the app works as before
      });
    store.on(['current', 'tree'], () => this.#refresh());
  }

  #refresh() {
    if (!this.book) return;
    const s = this.store.state;
    // the book's names are of standard chess's openings: a Chess960 game (even from the standard
    // array) is not named after them
    const named = !s.tree.chess960;
    const opening = named ? openingOf(this.book, s.tree.path(s.current).map((n) => n.fen)) : null;
    const gameOpening = named ? openingOf(this.book, [s.tree.root, ...s.tree.mainline()].map((n) => n.fen)) : null;
    if (!same(opening, s.opening) || !same(gameOpening, s.gameOpening)) this.store.set({ opening, gameOpening });
  }
}

function same(/** @type {{ eco: string, name: string, ply: number } | null} */ a, /** @type {typeof a} */ b) {
  return a === b || (!!a && !!b && a.eco === b.eco && a.name === b.name && a.ply === b.ply);
}
