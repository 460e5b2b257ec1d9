// Opening names, offline: the shown position's (the latest named position on the way to it) and
// the game's (the latest named position of the main line), from the ECO classification's named
// openings (mainline-chess/openings, which the game report's Book moves read too).
import { openingOf } from 'mainline-chess/openings';

/** @typedef {import('../state.js').Store} Store */

export class OpeningsController {
  /** @param {{ store: Store }} deps */
  constructor({ store }) {
    this.store = store;
    store.on(['current', 'tree'], () => this.#refresh());
    this.#refresh();
  }

  #refresh() {
    const s = this.store.state;
    // the names are of standard chess's openings: a Chess960 game (even from the standard
    // array) is not named after them
    const named = !s.tree.chess960;
    const opening = named ? openingOf(s.tree.path(s.current).map((n) => n.fen)) : null;
    const gameOpening = named ? openingOf([s.tree.root, ...s.tree.mainline()].map((n) => n.fen)) : null;
    if (!same(opening, s.opening) || !same(gameOpening, s.gameOpening)) this.store.set({ opening, gameOpening });
  }
}

function same(/** @type {{ eco: string, name: string, ply: number } | null} */ a, /** @type {typeof a} */ b) {
  return a === b || (!!a && !!b && a.eco === b.eco && a.name === b.name && a.ply === b.ply);
}
