// Continuous analysis of the shown position with the engine package: one search at a time,
// restarted whenever the position or a setting changes, stoppable (pause) and resumable.
// Reports from a search that is no longer current are dropped.
import { createEngine } from 'mainline-chess';

/**
 * @typedef {import('mainline-chess').Engine} Engine
 * @typedef {import('mainline-chess').IterationInfo} IterationInfo
 * @typedef {{ fen: string, moves: string[] }} SearchPosition  start FEN and the UCI moves played from it
 */

/** Starts an engine once, on first use; restarts it by itself after a crash. */
export class EngineHandle {
  /** @param {Record<string, string|number|boolean>} [options] */
  constructor(options = {}) {
    this.options = options;
    /** @type {Promise<Engine>|null} */
    this.promise = null;
    /** @type {Engine|null} */
    this.engine = null;
    this.onError = (/** @type {Error} */ _e) => {};
    this.onReady = (/** @type {Engine} */ _engine) => {};
  }

  /** @returns {Promise<Engine>} */
  get() {
    if (!this.promise) {
      this.promise = createEngine({ options: this.options, autoRestart: true }).then((engine) => {
        this.engine = engine;
        engine.on('error', (e) => this.onError(e));
        this.onReady(engine);
        return engine;
      });
      this.promise.catch(() => {
        this.promise = null;
      });
    }
    return this.promise;
  }

  get stopMode() {
    return this.engine ? this.engine.stopMode : null;
  }
}

export class Analyser {
  /**
   * @param {EngineHandle} handle
   * @param {{ onInfo: (info: IterationInfo) => void, onState: (state: string, detail?: string) => void }} events
   */
  constructor(handle, events) {
    this.handle = handle;
    this.events = events;
    this.token = 0;
    /** @type {SearchPosition|null} */
    this.position = null;
    this.multipv = 1;
    this.paused = false;
    /** 'idle' | 'starting' | 'running' | 'done' | 'paused' | 'error' */
    this.state = 'idle';
    this.timer = 0;
  }

  #setState(state, detail) {
    this.state = state;
    this.events.onState(state, detail);
  }

  /**
   * Analyses a position from now on (unless paused: then it is analysed on resume). Reports of
   * the previous search are dropped from this call on; the search starts after `delayMs`, so
   * stepping quickly through moves does not start a search per move.
   * @param {SearchPosition} position
   * @param {number} [delayMs]
   */
  analyse(position, delayMs = 0) {
    this.position = position;
    this.token++;
    clearTimeout(this.timer);
    if (this.paused) {
      this.#setState('paused');
      return;
    }
    this.timer = setTimeout(() => this.#start(), delayMs);
  }

  async #start() {
    const token = ++this.token;
    const position = this.position;
    if (!position) return;
    this.#setState('starting');
    let engine;
    try {
      engine = await this.handle.get();
    } catch (e) {
      if (token === this.token) this.#setState('error', `the engine did not start: ${e.message}`);
      return;
    }
    if (token !== this.token) return;
    const analysis = engine.analyze(position, { infinite: true, multipv: this.multipv }, {
      onInfo: (info) => {
        if (token !== this.token) return;
        if (this.state !== 'running') this.#setState('running');
        this.events.onInfo(info);
      },
    });
    this.#setState('running');
    analysis.result.then(
      (result) => {
        if (token === this.token && !result.stopped) this.#setState('done');
      },
      (e) => {
        if (token === this.token) this.#setState('error', e.message);
      },
    );
  }

  /** Stops the search (it can be resumed). */
  async pause() {
    this.paused = true;
    this.token++;
    clearTimeout(this.timer);
    this.#setState('paused');
    if (this.handle.engine) await this.handle.engine.stop().catch(() => null);
  }

  resume() {
    this.paused = false;
    if (this.position) this.#start();
  }

  /** Stops without changing paused (the caller takes the engine for something else). */
  async halt() {
    this.token++;
    clearTimeout(this.timer);
    if (this.handle.engine) await this.handle.engine.stop().catch(() => null);
  }

  /**
   * Applies a setting: Hash, Threads and PvMethod as UCI options, MultiPV per search. Restarts
   * the search. Rejects with the engine's message.
   */
  async configure({ hash, threads, multipv, pvMethod }) {
    this.token++;
    clearTimeout(this.timer);
    const engine = await this.handle.get();
    if (hash !== undefined) {
      await engine.setOption('Hash', hash);
      this.handle.options.Hash = hash;
    }
    if (threads !== undefined && threads !== engine.threads) {
      await engine.setOption('Threads', threads);
      this.handle.options.Threads = threads;
    }
    if (pvMethod !== undefined) {
      await engine.setOption('PvMethod', pvMethod);
      this.handle.options.PvMethod = pvMethod;
    }
    if (multipv !== undefined) this.multipv = multipv;
    if (!this.paused && this.position) this.#start();
  }
}
