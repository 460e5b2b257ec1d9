// The app's store and game controller with evaluations kept in memory (no database): the set-up
// of the controller tests, the report-words test and scripts/bench-explain.mjs.
import { Store, defaults } from '../../app/src/state.js';
import { GameController } from '../../app/src/controllers/game.js';

/** A store with the game controller and in-memory evaluations. */
export function memoryApp() {
  const store = new Store(defaults());
  const game = new GameController({ store });
  const evals = {
    set: (/** @type {any} */ node, /** @type {any} */ ev) => {
      node.eval = ev;
      store.touch('evals');
    },
    known: async (/** @type {any} */ node) => node.eval,
    flush: async () => {},
  };
  return { store, game, evals };
}
