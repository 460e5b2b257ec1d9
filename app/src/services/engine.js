// The engines of the app, from the mainline-chess package: each one started on first use in a
// worker of its own and restarted by itself after a crash (EngineHandle), and the analysis of one
// position at a time (Analyser): restarted whenever the position or a setting changes, with the
// reports of a search that is no longer current dropped.
import { createEngine } from 'mainline-chess';

/**
 * @typedef {import('mainline-chess').Engine} Engine
 * @typedef {import('mainline-chess').IterationInfo} IterationInfo
 * @typedef {import('mainline-chess').EngineOptionValues} EngineOptionValues
 * @typedef {import('mainline-chess').SearchLimits} SearchLimits
 * @typedef {{ fen: string, moves: string[], chess960?: boolean }} SearchPosition  start FEN and the UCI moves
 *   played from it; chess960: a Chess960 game's (castling in the lines as the king taking its rook)
 */

/** One engine, started once on first use; restarted by itself after a crash. */
export class EngineHandle {
  /**
   * @param {Partial<EngineOptionValues>} [options] UCI options it starts with (kept up to date by setOption)
   * @param {{ onError?: (e: Error) => void, onReady?: (engine: Engine) => void }} [events]
   */
  constructor(options = {}, events = {}) {
    this.options = { ...options };
    this.events = events;
    /** @type {Promise<Engine>|null} */
    this.promise = null;
    /** @type {Engine|null} */
    this.engine = null;
  }

  /** @returns {Promise<Engine>} */
  get() {
    if (!this.promise) {
      this.promise = createEngine({ options: this.options, autoRestart: true }).then((engine) => {
        this.engine = engine;
        engine.on('error', (e) => this.events.onError?.(e));
        this.events.onReady?.(engine);
        return engine;
      });
      this.promise.catch(() => {
        this.promise = null;
      });
    }
    return this.promise;
  }

  /** Sets an option now (starting the engine if need be) and for every restart. */
  async setOption(/** @type {keyof EngineOptionValues} */ name, /** @type {any} */ value) {
    const engine = await this.get();
    await engine.setOption(name, value);
    /** @type {any} */ (this.options)[name] = value;
  }

  /** Stops the engine's search, if it runs one. */
  async stop() {
    if (this.engine) await this.engine.stop().catch(() => null);
  }

  /** Ends the engine's worker (a later get() starts a new one). */
  close() {
    this.engine?.terminate();
    this.engine = null;
    this.promise = null;
  }
}

/**
 * Analyses one position at a time on one engine, without end unless limits are given.
 * States: 'starting' (the engine is being started), 'running', 'done' (the search reached its
 * limit or the maximum depth), 'error' (with a message); `stop()` ends it without a state of its
 * own.
 */
export class Analyser {
  /**
   * @param {EngineHandle} handle
   * @param {{ onInfo: (info: IterationInfo) => void, onState: (state: 'starting'|'running'|'done'|'error', detail?: string) => void }} events
   */
  constructor(handle, events) {
    this.handle = handle;
    this.events = events;
    this.token = 0;
    this.timer = 0;
  }

  /**
   * Analyses a position from now on: the reports of the previous search are dropped from this
   * call on; the search starts after `delayMs`, so stepping quickly through moves does not start
   * a search per move.
   * @param {SearchPosition|string} position
   * @param {{ multipv?: number, delayMs?: number, limits?: SearchLimits }} [opts]  limits: where the
   *   search ends (default: nowhere, it runs until it is stopped)
   */
  analyse(position, { multipv = 1, delayMs = 0, limits = { infinite: true } } = {}) {
    const token = ++this.token;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.#start(token, position, { ...limits, multipv }), delayMs);
  }

  /** @param {number} token @param {SearchPosition|string} position @param {SearchLimits} limits */
  async #start(token, position, limits) {
    this.events.onState('starting');
    let engine;
    try {
      engine = await this.handle.get();
    } catch (e) {
      if (token === this.token) this.events.onState('error', `the engine did not start: ${/** @type {Error} */ (e).message}`);
      return;
    }
    if (token !== this.token) return;
    const analysis = engine.analyze(position, limits, {
      onInfo: (info) => {
        if (token === this.token) this.events.onInfo(info);
      },
    });
    this.events.onState('running');
    analysis.result.then(
      (result) => {
        if (token === this.token && !result.stopped) this.events.onState('done');
      },
      (e) => {
        if (token === this.token) this.events.onState('error', e.message);
      },
    );
  }

  /** Stops the search (its reports are dropped from now on). */
  async stop() {
    this.token++;
    clearTimeout(this.timer);
    await this.handle.stop();
  }
}

/**
 * The engines of "Analyse game" and "Analyse library": one thread each (a worker per core is
 * better spent on as many positions at once than on one position), started for a review and
 * ended after it, so that a page that is not reviewing holds none of them.
 */
export class ReviewEngines {
  /** @param {{ hash?: number, pvMethod?: () => string, onError?: (e: Error) => void }} [opts] */
  constructor({ hash = 32, pvMethod = () => 'pvhash', onError } = {}) {
    this.hash = hash;
    this.pvMethod = pvMethod;
    this.onError = onError;
    /** @type {EngineHandle[]} */
    this.handles = [];
  }

  /** `count` engines, started (those already running kept, the rest ended). @param {number} count @returns {Promise<Engine[]>} */
  async get(count) {
    const method = this.pvMethod();
    for (const h of this.handles.splice(count)) h.close();
    for (const h of this.handles) if (h.options.PvMethod !== method) await h.setOption('PvMethod', method);
    while (this.handles.length < count) this.handles.push(new EngineHandle({ Hash: this.hash, Threads: 1, PvMethod: /** @type {any} */ (method) }, { onError: this.onError }));
    return Promise.all(this.handles.map((h) => h.get()));
  }

  /** Stops every search. */
  async stop() {
    await Promise.all(this.handles.map((h) => h.stop()));
  }

  /** Ends every engine's worker. */
  close() {
    for (const h of this.handles.splice(0)) h.close();
  }
}

/** How many engines a review uses: the setting, or the cores less one for the page (at least 1). @param {number} setting 0: automatic */
export function reviewWorkers(setting) {
  if (setting > 0) return setting;
  const cores = typeof navigator !== 'undefined' && navigator.hardwareConcurrency ? navigator.hardwareConcurrency : 2;
  return Math.max(1, cores - 1);
}
