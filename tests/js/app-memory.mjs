// The app's store and game controller with evaluations kept in memory (no database), and its
// review on engines of its own: the set-up of the controller tests, the report-words test and
// scripts/bench-explain.mjs.
import { Store, defaults } from '../../app/src/state.js';
import { GameController } from '../../app/src/controllers/game.js';
import { ReviewController } from '../../app/src/controllers/review.js';
import { EngineHandle, ReviewEngines } from '../../app/src/services/engine.js';

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
    /** @type {Map<string, any>} the positions store ("Analyse library" saves there) */
    positions: new Map(),
    savePosition(/** @type {string} */ fen, /** @type {any} */ ev) {
      this.positions.set(fen, ev);
    },
    /** @type {Map<string, any>} records written of games that are not open */
    records: new Map(),
    saveRecord(/** @type {any} */ record) {
      this.records.set(record.id, record);
    },
  };
  return { store, game, evals };
}

/**
 * "Analyse game" / "Analyse library" as the app makes it, on `workers` engines of the package's
 * Node build (end them with `engines.close()`; a review ends them itself when it is done).
 * @param {ReturnType<typeof memoryApp>} app
 * @param {{ workers?: number, storage?: () => any }} [opts]  storage: the database (none: a library of nothing)
 */
export function memoryReview({ store, evals }, { workers = 1, storage = () => null } = {}) {
  const engines = new ReviewEngines({ hash: 16, onError: (e) => console.error('engine crashed:', e.message) });
  const review = new ReviewController({ store, engines, workers: () => workers, pvMethod: () => 'pvhash', halt: async () => {}, storage, evals });
  return { review, engines };
}

/**
 * Resolves with the state when it satisfies `ok` (checked now and after every change of the store).
 * @param {Store} store @param {(s: any) => boolean} ok
 */
export function until(store, ok, timeoutMs = 30000) {
  return new Promise((resolve, reject) => {
    if (ok(store.state)) return resolve(store.state);
    const timer = setTimeout(() => {
      off();
      reject(new Error(`timed out waiting (${timeoutMs} ms)`));
    }, timeoutMs);
    const off = store.on([...Object.keys(defaults()), 'evals'], (s) => {
      if (!ok(s)) return;
      clearTimeout(timer);
      off();
      resolve(s);
    });
  });
}

/**
 * Engine handles as the app makes them, each closed by `close()` (a test file's afterAll).
 * @param {Record<string, string|number|boolean>} [defaultOptions]
 */
export function engineHandles(defaultOptions = { Hash: 16 }) {
  /** @type {import('../../app/src/services/engine.js').EngineHandle[]} */
  const handles = [];
  return {
    engine: (options = defaultOptions) => {
      const h = new EngineHandle(options, { onError: (e) => console.error('engine crashed:', e.message) });
      handles.push(h);
      return h;
    },
    close: () => {
      for (const h of handles) h.close();
    },
  };
}
