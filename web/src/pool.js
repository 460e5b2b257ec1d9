// A small pool of engines that the <mainline-analysis> elements of a page share, instead of a
// worker each: a page of twelve diagrams runs at most `size` engines. A search holds an engine
// of the pool (a lease) until it ends; elements that want one wait in turn. A quick call
// (legal moves, a FEN checked, a line's facts) takes any engine: one that is not searching if
// there is one, else it goes through a search, which it suspends for the call (client.js).
import { createEngine } from './index.js';

/** How long engines outlive the last element that used them (a page that moves its elements). */
const IDLE_TERMINATE_MS = 2000;
/** The most engines a pool starts by default (see defaultPoolSize). */
const MAX_DEFAULT_POOL = 2;

/**
 * The default pool size: 2 engines, 1 where the device has at most 2 cores (one is left to the
 * page). Measured on 12 elements (docs/web-speed.md, "A page of many boards"): a second engine
 * finishes the boards in view sooner on any machine of 3 cores or more; more engines only add
 * memory (about 32 MB each) and workers for boards the reader has not reached.
 * @param {number} [cores] navigator.hardwareConcurrency
 */
export function defaultPoolSize(cores = globalThis.navigator?.hardwareConcurrency || 1) {
  return Math.max(1, Math.min(MAX_DEFAULT_POOL, cores - 1));
}

/**
 * @typedef {import('../index.d.ts').Engine} Engine
 * @typedef {{ promise: Promise<Engine>|null, engine: Engine|null, leased: boolean }} Slot
 * @typedef {{ engine: Engine, release(): void }} Lease
 */

export class EnginePool {
  #size;
  /** @type {Record<string, unknown>} */
  #engineOptions;
  /** @type {Slot[]} */
  #slots = [];
  /** @type {{ resolve: (l: Lease) => void, reject: (e: unknown) => void }[]} searches waiting for an engine */
  #waiting = [];
  #users = 0;
  /** @type {ReturnType<typeof setTimeout>|null} */
  #idleTimer = null;

  /**
   * @param {{ size?: number, engineOptions?: Record<string, unknown> }} [o]
   *   engineOptions: createEngine's (baseUrl, workerUrl, wasmUrl, options...)
   */
  constructor({ size = defaultPoolSize(), engineOptions = {} } = {}) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`an engine pool's size is a whole number of 1 or more, not ${size}`);
    this.#size = size;
    this.#engineOptions = engineOptions;
  }

  /** The most engines this pool runs at once. */
  get size() {
    return this.#size;
  }
  /** Engines started (and not ended). */
  get started() {
    return this.#slots.filter((s) => s.promise).length;
  }
  /** Searches waiting for an engine. */
  get waiting() {
    return this.#waiting.length;
  }

  /** An element uses the pool from now on (its engines live while someone does). */
  retain() {
    this.#users++;
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
  }

  /** An element no longer uses the pool; the last one ends its engines (after a short wait). */
  release() {
    this.#users = Math.max(0, this.#users - 1);
    if (this.#users > 0 || this.#idleTimer) return;
    this.#idleTimer = setTimeout(() => {
      this.#idleTimer = null;
      if (this.#users === 0) this.terminate();
    }, IDLE_TERMINATE_MS);
  }

  /** @param {Slot} slot @returns {Promise<Engine>} */
  #start(slot) {
    // an engine that crashed and could not start again (or was ended) is replaced
    const state = slot.engine?.state;
    if (state === 'crashed' || state === 'terminated') {
      slot.promise = null;
      slot.engine = null;
    }
    if (!slot.promise) {
      slot.promise = createEngine({ autoRestart: true, ...this.#engineOptions }).then((engine) => {
        slot.engine = engine;
        // a crash during a search reaches its element as the search's error; one between
        // searches has no one to tell but the console (the engine restarts by itself)
        engine.on('error', (/** @type {Error} */ e) => {
          if (!slot.leased) console.error(e);
        });
        return engine;
      });
      // a failed start is said to whoever asked; the next request tries again
      slot.promise.catch(() => {
        slot.promise = null;
        slot.engine = null;
      });
    }
    return slot.promise;
  }

  /**
   * An engine for a quick call: one that is not searching (started if need be), else the one
   * whose search it will suspend for a moment.
   * @returns {Promise<Engine>}
   */
  any() {
    let slot = this.#slots.find((s) => !s.leased && s.promise) ?? this.#slots.find((s) => !s.leased);
    if (!slot && this.#slots.length < this.#size) this.#slots.push((slot = { promise: null, engine: null, leased: false }));
    slot ??= this.#slots[0];
    return this.#start(slot);
  }

  /**
   * An engine of one's own for a search, when one is free; `release()` gives it back. An
   * aborted `signal` takes the request out of the queue (the promise rejects with its reason).
   * @param {AbortSignal} [signal] @returns {Promise<Lease>}
   */
  lease(signal) {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const free = this.#slots.find((s) => !s.leased);
    if (free || this.#slots.length < this.#size) {
      const slot = free ?? { promise: null, engine: null, leased: false };
      if (!free) this.#slots.push(slot);
      return this.#give(slot, signal);
    }
    return new Promise((resolve, reject) => {
      const entry = { resolve, reject };
      this.#waiting.push(entry);
      signal?.addEventListener(
        'abort',
        () => {
          const i = this.#waiting.indexOf(entry);
          if (i >= 0) this.#waiting.splice(i, 1), reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  /**
   * The slot to a search, once its engine has started; an abort meanwhile (the element paused)
   * gives it back at once.
   * @param {Slot} slot @param {AbortSignal} [signal] @returns {Promise<Lease>}
   */
  #give(slot, signal) {
    slot.leased = true;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      slot.leased = false;
      if (!this.#slots.includes(slot)) return; // the pool was ended meanwhile
      const next = this.#waiting.shift();
      if (next) this.#give(slot).then(next.resolve, next.reject);
    };
    return this.#start(slot).then(
      (engine) => {
        if (signal?.aborted) {
          release();
          throw signal.reason;
        }
        return { engine, release };
      },
      (e) => {
        release();
        throw e;
      },
    );
  }

  /** Ends every engine (searches waiting for one are refused). */
  terminate() {
    for (const s of this.#slots) s.promise?.then((e) => e.terminate(), () => {});
    this.#slots = [];
    for (const w of this.#waiting.splice(0)) w.reject(new Error('the engine pool was ended'));
  }
}
