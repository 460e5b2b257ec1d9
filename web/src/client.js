// Platform-independent client of the engine worker (see worker-core.js for the protocol).
// index.js (browsers) and node.js (Node) bind it to a platform:
//   { name, sharedMemory: boolean, sharedBuffer(bytes): SharedArrayBuffer, defaultThreads(): number,
//     urls?(opts, build): object (where the worker finds the build's other files),
//     compile(opts, build): Promise<WebAssembly.Module>,
//     spawn(opts, build): { post(msg), onMessage(fn), onError(fn), terminate(), ref(), unref() },
//     optionNames: string[] (the createEngine options it reads beyond the common ones),
//     report(error): void (an error nobody listens for: to the console or the page's error event) }
// with build 'threaded' (Emscripten pthreads: needs shared memory) or 'single'.
//
// Stopping a search that runs synchronously in a worker (docs: web/README.md):
//   stopMode 'sab'        a SharedArrayBuffer flag that the search reads every 8192 nodes.
//                         Needs SharedArrayBuffer (cross-origin isolation in browsers; always in Node).
//   stopMode 'terminate'  the worker is terminated and a new one is started from the cached
//                         WebAssembly.Module; the best move is the last completed iteration's.
//                         Works everywhere; loses the hash table (options are replayed).
//
// A call (legalMoves, setOption, ...) made while a search runs does not end it: the search is
// suspended (stopped as above), the call answered, and the search resumed with what is left of
// its limits; its iterations go on in the same Analysis, from the depth it had reached.
import { DEFAULT_SEARCH_LIMITS } from './limits.js';

const INFO_BUFFER_LIMIT = 4096;
const NUMERIC_LIMITS = ['depth', 'nodes', 'movetime', 'wtime', 'btime', 'winc', 'binc', 'movestogo', 'mate'];
/** The limits that end a search by themselves (without them: DEFAULT_SEARCH_LIMITS). */
const ENDING_LIMITS = ['depth', 'nodes', 'movetime', 'wtime', 'btime', 'mate'];
const TIMED_CALLS = new Set(['setOption', 'uciOptions', 'newGame', 'evaluate', 'evalTrace', 'legalMoves', 'positionInfo', 'validateFen', 'convert', 'lineFacts']);
// How long a suspended search waits for the next call before it resumes, by stop mode. With
// 'terminate' each suspension costs a new worker (and the hash table): a caller that asks several
// things one after another (the element asks three before it searches) should cost one.
const RESUME_DELAY_MS = { sab: 0, terminate: 150 };

/** The options createEngine and createUciWorker read on every platform (each platform adds its own). */
const COMMON_ENGINE_OPTIONS = ['stopMode', 'build', 'options', 'autoRestart', 'initTimeoutMs', 'callTimeoutMs', 'stopTimeoutMs', 'baseUrl', 'workerUrl', 'wasmUrl'];
const COMMON_UCI_OPTIONS = ['stopMode', 'build', 'baseUrl', 'workerUrl', 'wasmUrl', 'maxRestarts'];
/** How many crashes a UciWorker restarts after; then it answers every command with an error. */
const DEFAULT_MAX_RESTARTS = 3;

/** An error from the engine: code INPUT (bad FEN, move, option or limit: the engine's own
 * message), CRASHED, TERMINATED or TIMEOUT. */
export class EngineError extends Error {
  constructor(message, code = 'INPUT') {
    super(message);
    this.name = 'EngineError';
    this.code = code;
  }
}

const handled = (p) => {
  p.catch(() => {});
  return p;
};
const rejected = (e) => handled(Promise.reject(e));

// Refuses options no one reads, by name (a misspelt `workerURL` would otherwise be ignored), and
// checks the types of the common ones.
const OPTION_CHECKS = [
  [['initTimeoutMs', 'callTimeoutMs', 'stopTimeoutMs', 'maxRestarts'], (v) => typeof v === 'number' && v >= 0 && v < Infinity, 'a number of 0 or more'],
  [['autoRestart'], (v) => typeof v === 'boolean', 'true or false'],
  [['options'], (v) => v && typeof v === 'object' && !Array.isArray(v), 'an object of UCI option values, e.g. { Hash: 64 }'],
  [['baseUrl', 'workerUrl', 'wasmUrl'], (v) => typeof v === 'string' || typeof v?.href === 'string', 'a URL (a string or a URL object)'],
];
function checkOptions(opts, known, what) {
  if (!opts || typeof opts !== 'object' || Array.isArray(opts)) throw new EngineError(`${what} options must be an object`);
  const unknown = Object.keys(opts).filter((k) => !known.includes(k));
  if (unknown.length) throw new EngineError(`unknown ${what} option${unknown.length > 1 ? 's' : ''} '${unknown.join("', '")}' (known: ${known.join(', ')})`);
  for (const [names, ok, expected] of OPTION_CHECKS)
    for (const k of names) if (opts[k] !== undefined && !ok(opts[k])) throw new EngineError(`${what} option ${k} must be ${expected}, not ${JSON.stringify(opts[k])}`);
  if ((opts.workerUrl || opts.wasmUrl) && opts.build === 'threaded')
    throw new EngineError(`${what} options workerUrl and wasmUrl name the single-threaded build's files; for the threaded build give baseUrl, the folder of every file in the package's dist/`);
}

// A choice between a way that needs shared memory and one that does not: 'auto' takes the first
// wherever there is shared memory; asking for it where there is none is an error naming why.
function chooseShared(platform, what, requested, shared, unshared) {
  if (requested === shared && !platform.sharedMemory)
    throw new EngineError(`${what} '${shared}' needs SharedArrayBuffer (cross-origin isolation: COOP/COEP headers)`);
  if (requested === shared || requested === unshared) return requested;
  if (requested !== 'auto') throw new EngineError(`${what} must be 'auto', '${shared}' or '${unshared}', not '${requested}'`);
  return platform.sharedMemory ? shared : unshared;
}

// How stop() reaches a running search: a flag in shared memory, or terminating the worker.
const defaultStopMode = (platform, requested = 'auto') => chooseShared(platform, 'stopMode', requested, 'sab', 'terminate');
// Which build a new engine runs: the threaded one wherever there is shared memory, unless the
// single build's files were named (workerUrl, wasmUrl).
const chooseBuild = (platform, opts) =>
  chooseShared(platform, 'build', opts.build ?? (opts.workerUrl !== undefined || opts.wasmUrl !== undefined ? 'single' : 'auto'), 'threaded', 'single');

// { fen, moves } from a FEN string, 'startpos', or { fen?, moves? }.
function normalizePosition(position) {
  if (position === undefined || position === null) return { fen: 'startpos', moves: [] };
  if (typeof position === 'string') return { fen: position.trim() || 'startpos', moves: [] };
  if (typeof position !== 'object') throw new EngineError('a position is a FEN string or { fen, moves }');
  const fen = position.fen === undefined ? 'startpos' : position.fen;
  const moves = position.moves === undefined ? [] : position.moves;
  if (typeof fen !== 'string') throw new EngineError('position.fen must be a string');
  if (!Array.isArray(moves) || moves.some((m) => typeof m !== 'string' || !m.trim() || /\s/.test(m.trim())))
    throw new EngineError('position.moves must be an array of moves (UCI or SAN strings)');
  if (position.chess960 !== undefined && typeof position.chess960 !== 'boolean') throw new EngineError('position.chess960 must be true or false');
  /** @type {{ fen: string, moves: string[], chess960?: boolean }} */
  const pos = { fen: fen.trim() || 'startpos', moves: moves.map((m) => m.trim()) };
  if (position.chess960 !== undefined) pos.chess960 = position.chess960;
  return pos;
}

// The side to move of a normalised position (for the clock a resumed search has used).
function sideToMove(pos) {
  const field = pos.fen === 'startpos' ? 'w' : pos.fen.split(/\s+/)[1];
  const first = field === 'b' ? 'b' : 'w';
  return pos.moves.length % 2 ? (first === 'w' ? 'b' : 'w') : first;
}

// Search limits -> arguments of a UCI `go` (validated by the engine's own parser).
function limitsToGo(limits = {}) {
  if (limits === null || typeof limits !== 'object') throw new EngineError('limits must be an object');
  const go = [];
  let multipv = '';
  let searchmoves = [];
  for (const [key, value] of Object.entries(limits)) {
    if (value === undefined) continue;
    if (NUMERIC_LIMITS.includes(key)) {
      if (typeof value !== 'number' && typeof value !== 'bigint') throw new EngineError(`limit ${key} must be a number`);
      go.push(key, String(value));
    } else if (key === 'infinite') {
      if (value) go.push('infinite');
    } else if (key === 'multipv' || key === 'multiPV') {
      // the range is the MultiPV option's, checked by the engine with the option's message
      if (typeof value !== 'number') throw new EngineError(`limit ${key} must be a number`);
      multipv = String(value);
    } else if (key === 'searchmoves') {
      if (!Array.isArray(value) || value.some((m) => typeof m !== 'string' || !/^\S+$/.test(m)))
        throw new EngineError('searchmoves must be an array of moves (UCI or SAN strings)');
      searchmoves = value;
    } else {
      throw new EngineError(`unknown search limit '${key}' (known: ${NUMERIC_LIMITS.join(', ')}, infinite, multipv, searchmoves)`);
    }
  }
  return { go: go.join(' '), multipv, searchmoves };
}

/** The limits a search runs under: the caller's, or DEFAULT_SEARCH_LIMITS added where none ends it. */
function withDefaultLimits(limits) {
  if (limits === null || typeof limits !== 'object') return limits; // limitsToGo says what is wrong
  const ends = ENDING_LIMITS.some((k) => limits[k] !== undefined) || limits.infinite === true;
  return ends ? limits : { ...limits, ...DEFAULT_SEARCH_LIMITS };
}

// What is left of a search's limits after it has run `nodes` nodes for `ms` milliseconds (a
// suspended search resumes with these).
function remainingLimits(limits, nodes, ms, turn) {
  const left = { ...limits };
  if (typeof left.nodes === 'number') left.nodes = Math.max(1, left.nodes - nodes);
  if (typeof left.movetime === 'number') left.movetime = Math.max(1, Math.round(left.movetime - ms));
  const clock = turn === 'w' ? 'wtime' : 'btime';
  if (typeof left[clock] === 'number') left[clock] = Math.max(1, Math.round(left[clock] - ms));
  return left;
}

// The option declarations a worker reports when it is ready, made read-only for callers.
function freezeOptions(list) {
  return Object.freeze(list.map((o) => Object.freeze(o.vars ? { ...o, vars: Object.freeze([...o.vars]) } : { ...o })));
}

const isButton = (declarations, name) =>
  (declarations || []).some((o) => o.type === 'button' && o.name.toLowerCase() === name.trim().toLowerCase());

function optionValue(value) {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return String(value);
  throw new EngineError('an option value is a string, number or boolean');
}

// A listener's exception must not stop the others, nor the engine: it is thrown on its own.
const rethrowLater = (e) =>
  setTimeout(() => {
    throw e;
  });

class Emitter {
  #listeners = new Map();
  on(type, fn) {
    if (!this.#listeners.has(type)) this.#listeners.set(type, new Set());
    this.#listeners.get(type).add(fn);
    return this;
  }
  off(type, fn) {
    this.#listeners.get(type)?.delete(fn);
    return this;
  }
  addEventListener(type, fn) {
    return this.on(type, fn);
  }
  removeEventListener(type, fn) {
    return this.off(type, fn);
  }
  emit(type, event) {
    const prop = this[`on${type}`];
    const all = [...(typeof prop === 'function' ? [prop] : []), ...(this.#listeners.get(type) || [])];
    for (const fn of all) {
      try {
        fn.call(this, event);
      } catch (e) {
        rethrowLater(e);
      }
    }
    return all.length > 0;
  }
}

// ---------------------------------------------------------------------------------------------
// One running search. Its state is the engine's to change (through `analysisState`), not the
// caller's: the public surface is the iterator, `result`, `stop()` and `done`.

/** @type {WeakMap<Analysis, any>} */
const analysisState = new WeakMap();

/** One running search: an async iterator of iterations plus `result` (the best move). */
export class Analysis {
  #s;

  constructor(stop, onInfo, buffer = true) {
    const s = {
      stop,
      onInfo: onInfo || null,
      buffer,
      queue: [],
      waiters: [],
      done: false,
      error: null,
      // someone holds the result or iterates: a failure reaches them (else the engine reports it)
      observed: false,
      stopRequested: false,
      /** 'stop' | 'replaced' | 'abort' once a stop was asked */
      stoppedBy: null,
      abortReason: undefined,
      lastExact: null,
      op: null, // the search op in the worker's queue (null while suspended)
      limits: null,
      pos: null,
      // across suspensions: what earlier parts of the search did, and the depth reported so far
      nodesBefore: 0,
      msBefore: 0,
      segmentNodes: 0,
      segmentMs: 0,
      reportedDepth: -1, // (a mated or stalemated position reports depth 0)
      resumeTimer: null,
      cleanup: [],
    };
    s.promise = handled(
      new Promise((resolve, reject) => {
        s.resolve = resolve;
        s.reject = reject;
      }),
    );
    this.#s = s;
    analysisState.set(this, s);
  }

  /** Resolves when the search ends (with a best move whenever there is a legal move). */
  get result() {
    this.#s.observed = true;
    return this.#s.promise;
  }

  /** True once the search has ended (its result is settled). */
  get done() {
    return this.#s.done;
  }

  /** Stops this search; resolves with its result (always with a best move if there is a legal move). */
  stop() {
    this.#s.observed = true;
    return this.#s.stop(this, 'stop');
  }

  next() {
    const s = this.#s;
    s.observed = true;
    if (s.queue.length) return Promise.resolve({ value: s.queue.shift(), done: false });
    if (s.done) return s.error ? Promise.reject(s.error) : Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => s.waiters.push({ resolve, reject }));
  }

  /** Leaving a `for await` loop early stops the search. */
  return() {
    this.#s.queue.length = 0;
    if (!this.#s.done) this.stop();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator]() {
    return this;
  }
}

// An iteration of the search (or of its resumed part): counted from the search's start, and
// dropped when its depth was reported before the search was suspended.
function pushInfo(s, info) {
  if (s.done) return;
  if (s.nodesBefore || s.msBefore) info = { ...info, nodes: info.nodes + s.nodesBefore, timeMs: info.timeMs + s.msBefore };
  s.segmentNodes = info.nodes - s.nodesBefore;
  s.segmentMs = info.timeMs - s.msBefore;
  if (info.depth <= s.reportedDepth) return;
  if (info.bound === 'exact' && info.multipv === 1) s.lastExact = info;
  if (s.onInfo) {
    try {
      s.onInfo(info);
    } catch (e) {
      rethrowLater(e);
    }
  }
  const waiter = s.waiters.shift();
  if (waiter) waiter.resolve({ value: info, done: false });
  else if (s.buffer) {
    s.queue.push(info);
    if (s.queue.length > INFO_BUFFER_LIMIT) s.queue.shift();
  }
}

function settle(s) {
  s.done = true;
  clearTimeout(s.resumeTimer);
  for (const f of s.cleanup.splice(0)) f();
}

// `part`: the engine's own result for the part of the search now ending (its nodes count from
// that part's start); otherwise a result made from an iteration (its nodes count from the start).
function finishAnalysis(s, result, part = false) {
  if (s.done) return;
  if (s.stoppedBy === 'abort') return failAnalysis(s, s.abortReason);
  let r = result;
  // every node searched: before the suspensions, and in the part that ends now
  const nodes = Math.max(part ? r.nodes + s.nodesBefore : r.nodes, s.nodesBefore + s.segmentNodes);
  // a resumed part stopped before it got back to the depth reached before: that one's line
  if (s.lastExact && s.lastExact.pv.length && (!r || r.depth < s.lastExact.depth)) r = resultFromInfo(s.lastExact);
  r = { ...r, nodes, stopped: s.stopRequested };
  if (s.stoppedBy) r.stoppedBy = s.stoppedBy;
  settle(s);
  s.resolve(r);
  for (const w of s.waiters.splice(0)) w.resolve({ value: undefined, done: true });
}

// Returns whether someone will hear of the failure (the engine reports it otherwise).
function failAnalysis(s, error) {
  if (s.done) return true;
  settle(s);
  s.error = error;
  s.reject(error);
  const heard = s.observed || s.waiters.length > 0;
  for (const w of s.waiters.splice(0)) w.reject(error);
  return heard;
}

/**
 * Starts an engine worker: the compiled module (cached by the platform) and the shared stop
 * flag go to it as its `init` message. Messages and failures reach the handlers only while
 * `isCurrent(worker)` holds, so a replaced worker's late events are ignored. A failure is
 * reported as (message, source) with source 'worker' (it threw or died) or 'compile'.
 * @param {any} platform
 * @param {object} opts
 * @param {'single'|'threaded'} build
 * @param {Int32Array|null} flags
 * @param {(w: any) => boolean} isCurrent
 * @param {{ message: (m: any) => void, failure: (message: string, source: 'worker'|'compile') => void }} on
 * @returns {any} the worker
 */
function startWorker(platform, opts, build, flags, isCurrent, on) {
  const w = platform.spawn(opts, build);
  w.ref();
  w.onMessage((m) => {
    if (isCurrent(w)) on.message(m);
  });
  w.onError((e) => {
    if (isCurrent(w)) on.failure(e && e.message ? e.message : String(e), 'worker');
  });
  platform.compile(opts, build).then(
    (module) => {
      if (isCurrent(w)) w.post({ t: 'init', module, sab: flags ? flags.buffer : null, urls: platform.urls?.(opts, build) });
    },
    (e) => {
      if (isCurrent(w)) on.failure(`cannot load the engine's WebAssembly: ${e.message || e}`, 'compile');
    },
  );
  return w;
}

function resultFromInfo(info) {
  return {
    bestMove: info.pv[0],
    bestMoveSan: info.pvSan[0] ?? null,
    ponder: info.pv[1] ?? null,
    score: info.score,
    depth: info.depth,
    pv: info.pv,
    pvSan: info.pvSan,
    pvEnd: info.pvEnd,
    nodes: info.nodes,
    stopped: true,
  };
}

/** The AbortSignal's reason, or an AbortError where the platform gives none. */
function abortReason(signal) {
  if (signal.reason !== undefined) return signal.reason;
  const e = new Error('the analysis was aborted');
  e.name = 'AbortError';
  return e;
}

// The Engine's private parts that createEngineWith and the tests reach (each engine registers
// its own; no static block, so that a bundler can leave out what a page does not use).
/** @type {WeakMap<Engine, { start: () => Promise<Engine>, call: (fn: string, position: any, args: any[]) => Promise<any> }>} */
const engineInternals = new WeakMap();

/** The structured engine API. Create with createEngine(). */
export class Engine extends Emitter {
  #platform;
  #opts;
  #build;
  #stopMode;
  #flags = null;
  #worker = null;
  #workerReady = false;
  #ready = null;
  #state = 'starting';
  #ops = []; // in the order the worker answers them
  #nextId = 1;
  #nextSid = 1;
  /** the state of the newest analysis while it runs (its op searches or waits), or is suspended */
  #current = null;
  #optionLog = new Map();
  #declarations = null;
  #crashError = null;
  #startupTiming = null;
  onerror = null;
  onrestart = null;

  constructor(platform, opts = {}) {
    super();
    engineInternals.set(this, { start: () => this.#start(), call: (fn, position, args) => this.#call(fn, position, args) });
    checkOptions(opts, [...COMMON_ENGINE_OPTIONS, ...(platform.optionNames || [])], 'createEngine');
    this.#platform = platform;
    this.#opts = { initTimeoutMs: 20000, callTimeoutMs: 30000, stopTimeoutMs: 2000, autoRestart: false, ...opts };
    this.#build = chooseBuild(platform, opts);
    this.#stopMode = defaultStopMode(platform, opts.stopMode);
    if (this.#stopMode === 'sab') this.#flags = new Int32Array(platform.sharedBuffer(8));
  }

  /** 'starting' | 'ready' | 'crashed' | 'terminated' */
  get state() {
    return this.#state;
  }
  /** How stop() works here: 'sab' (flag in shared memory) or 'terminate' (respawn). */
  get stopMode() {
    return this.#stopMode;
  }
  /** Which WebAssembly build runs: 'threaded' (pthreads, shared memory) or 'single'. */
  get build() {
    return this.#build;
  }
  /** The threads a search uses now (the Threads option). */
  get threads() {
    const set = this.#optionLog.get('threads');
    if (set) return Number(set[1]);
    const declared = (this.#declarations || []).find((o) => o.name === 'Threads');
    return declared ? Number(declared.default) : 1;
  }
  /** The engine's UCI options as it declares them: [{ name, type, default, min, max, vars }]. */
  get options() {
    return this.#declarations;
  }
  /** Start-up steps of the current worker (absolute ms: performance.timeOrigin + now()), for the benchmarks. */
  get startupTiming() {
    return this.#startupTiming;
  }

  #start() {
    this.#state = 'starting';
    this.#crashError = null;
    this.#spawn();
    const initial = Object.entries(this.#opts.options || {});
    // The threaded build searches with the platform's default thread count unless told otherwise.
    const threads = this.#build === 'threaded' ? this.#platform.defaultThreads() : 1;
    if (threads > 1 && !initial.some(([name]) => name.trim().toLowerCase() === 'threads')) initial.push(['Threads', threads]);
    return this.#ready.then(async () => {
      // options given to createEngine: an error rejects the start
      await Promise.all(initial.map(([name, value]) => this.setOption(name, value)));
      return this;
    });
  }

  #spawn() {
    this.#worker = startWorker(this.#platform, this.#opts, this.#build, this.#flags, (w) => this.#worker === w, {
      message: (m) => this.#onMessage(m),
      failure: (message, source) =>
        this.#crash(new EngineError(source === 'worker' ? `engine worker failed: ${message}` : message, 'CRASHED')),
    });
    this.#workerReady = false;
    let settle;
    this.#ready = handled(new Promise((resolve, reject) => (settle = { resolve, reject })));
    const initOp = { kind: 'init', resolve: settle.resolve, reject: settle.reject, timeout: this.#opts.initTimeoutMs };
    this.#ops.unshift(initOp);
    this.#arm();
  }

  #onMessage(m) {
    if (m.t === 'info') {
      const op = this.#ops.find((o) => o.id === m.id);
      if (op && op.s && !op.quiet) pushInfo(op.s, m.v);
      return;
    }
    if (m.t === 'fatal') {
      this.#crash(new EngineError(`engine crashed: ${m.m}`, 'CRASHED'));
      return;
    }
    if (m.id === 0) return; // a replayed setOption
    const op = this.#ops[0];
    if (!op || (m.t === 'ready') !== (op.kind === 'init') || (m.t !== 'ready' && op.id !== m.id)) {
      this.#crash(new EngineError(`protocol error: unexpected '${m.t}' message`, 'CRASHED'));
      return;
    }
    this.#ops.shift();
    clearTimeout(op.timer);
    clearTimeout(op.fallback);
    if (m.t === 'ready') {
      this.#workerReady = true;
      this.#state = 'ready';
      this.#startupTiming = m.timing;
      this.#declarations = freezeOptions(m.options);
      // replay options (after a respawn), then everything not yet answered
      for (const [name, value] of this.#optionLog.values()) this.#worker.post({ t: 'call', fn: 'setOption', args: [name, value], id: 0 });
      for (const o of this.#ops) this.#worker.post(o.msg);
      op.resolve();
    } else if (m.t === 'ok') {
      if (op.s) this.#searchEnded(op, m.v);
      else op.resolve(m.v);
    } else {
      const err = new EngineError(m.m, m.crashed ? 'CRASHED' : 'INPUT');
      if (op.s) {
        if (op.s.op === op) op.s.op = null;
        if (this.#current === op.s) this.#current = null;
        this.#failAnalysis(op.s, err);
      } else op.reject(err);
    }
    this.#arm();
  }

  // A search answered: the end of its analysis, or (suspended for a call, and stopped by the flag
  // rather than by its own limits) a part of it, to be resumed after the calls now waiting.
  #searchEnded(op, v) {
    const s = op.s;
    const { interrupted, elapsedMs, ...result } = v;
    if (s.op === op) s.op = null;
    if (op.suspended && interrupted && !s.stopRequested && !s.done && this.#current === s) {
      this.#keepProgress(s, result.nodes, elapsedMs);
      this.#scheduleResume(s);
      return;
    }
    if (this.#current === s) this.#current = null;
    finishAnalysis(s, result, true);
  }

  // What a suspended search had done, so that its resumed part goes on from there.
  #keepProgress(s, nodes, ms) {
    s.nodesBefore += nodes;
    s.msBefore += ms;
    s.segmentNodes = 0;
    s.segmentMs = 0;
    if (s.lastExact) s.reportedDepth = Math.max(s.reportedDepth, s.lastExact.depth);
  }

  // Starts the answer timer of the op the worker is working on (the first one); a search that
  // has just started notes when (what a suspension without shared memory counts it as having
  // run), and what waited for it to start runs now (onHead: ending a search queued behind calls
  // ends it then, not the calls ahead of it).
  #arm() {
    const head = this.#ops[0];
    if (!head) {
      this.#worker?.unref();
      return;
    }
    if (this.#workerReady && head.kind === 'search') {
      head.startedAt ??= performance.now();
      const hook = head.onHead;
      head.onHead = null;
      if (hook) {
        hook();
        if (this.#ops[0] !== head) return; // (it ended the search: the queue moved on)
      }
    }
    this.#worker?.ref();
    if (head.timer || !head.timeout) return;
    if (head.kind !== 'init' && !this.#workerReady) return;
    head.timer = setTimeout(() => {
      if (this.#ops[0] === head)
        this.#crash(new EngineError(`the engine did not answer within ${head.timeout} ms${head.kind === 'init' ? ' (start-up)' : ''}`, 'TIMEOUT'));
    }, head.timeout);
  }

  #check() {
    if (this.#state === 'terminated') throw new EngineError('the engine was terminated', 'TERMINATED');
    if (this.#state === 'crashed') throw new EngineError(`${this.#crashError.message}; call restart()`, 'CRASHED');
  }

  #post(op) {
    op.id = op.msg.id = this.#nextId++;
    this.#ops.push(op);
    if (this.#workerReady) this.#worker.post(op.msg);
    this.#arm();
  }

  #removeOp(op) {
    const i = this.#ops.indexOf(op);
    if (i >= 0) this.#ops.splice(i, 1);
    clearTimeout(op.timer);
    clearTimeout(op.fallback);
    op.onHead = null;
    if (op.s && op.s.op === op) op.s.op = null;
  }

  // What ends a search the worker may not have started yet: at once when it runs (or no worker
  // has it yet), else when it starts (the calls queued ahead of it are not ended for it).
  #whenRunning(op, fn) {
    if (!this.#workerReady || this.#ops[0] === op) fn();
    else op.onHead = fn;
  }

  // With shared memory, a search told by the flag to stop that has not answered within
  // stopTimeoutMs of running (a stuck worker) is ended the other way.
  #fallback(op, fn) {
    clearTimeout(op.fallback);
    op.fallback = setTimeout(() => {
      if (!this.#ops.includes(op) || this.#state !== 'ready') return;
      if (this.#ops[0] !== op) op.onHead = () => this.#fallback(op, fn);
      else fn();
    }, this.#opts.stopTimeoutMs);
  }

  #call(fn, position, args) {
    try {
      this.#check();
      const pos = position === null ? undefined : normalizePosition(position);
      const s = this.#current;
      if (s && !s.stopRequested) this.#suspend(s);
      const p = new Promise((resolve, reject) => {
        this.#post({ kind: 'call', msg: { t: 'call', fn, pos, args }, resolve, reject, timeout: TIMED_CALLS.has(fn) ? this.#opts.callTimeoutMs : 0 });
      });
      // a search suspended with a delay waits for this call too
      if (s && s.resumeTimer) this.#scheduleResume(s);
      return p;
    } catch (e) {
      return rejected(e);
    }
  }

  // Lets calls through a running search: stopped by the flag (its answer resumes it) or, without
  // shared memory, by a new worker, after which it is resumed by a timer.
  #suspend(s) {
    const op = s.op;
    if (!op || op.suspended) return;
    op.suspended = true;
    if (this.#stopMode === 'sab') {
      if (Atomics.load(this.#flags, 0) < op.sid) Atomics.store(this.#flags, 0, op.sid);
      this.#fallback(op, () => {
        if (s.op === op && !s.stopRequested) this.#suspendByRespawn(op);
      });
      return;
    }
    this.#whenRunning(op, () => this.#suspendByRespawn(op));
  }

  #suspendByRespawn(op) {
    const s = op.s;
    const ran = this.#workerReady && op.startedAt !== undefined;
    this.#removeOp(op);
    // (its nodes as its last iteration said; its time from when it started to now)
    this.#keepProgress(s, s.segmentNodes, ran ? performance.now() - op.startedAt : 0);
    if (ran) this.#respawn();
    this.#scheduleResume(s);
  }

  #scheduleResume(s) {
    clearTimeout(s.resumeTimer);
    s.resumeTimer = null;
    const resume = () => {
      s.resumeTimer = null;
      if (!s.done && !s.op && !s.stopRequested && this.#current === s && this.#state !== 'terminated' && this.#state !== 'crashed') this.#postSearch(s);
    };
    const delay = RESUME_DELAY_MS[this.#stopMode];
    if (delay) s.resumeTimer = setTimeout(resume, delay);
    else resume();
  }

  // The search op of an analysis (its first part, or a resumed one with what is left of its limits).
  #postSearch(s) {
    const limits = s.nodesBefore || s.msBefore ? remainingLimits(s.limits, s.nodesBefore, s.msBefore, sideToMove(s.pos)) : s.limits;
    const { go, multipv, searchmoves } = limitsToGo(limits);
    const sid = this.#nextSid++;
    const op = { kind: 'search', s, sid, msg: { t: 'search', sid, pos: s.pos, go, sm: searchmoves, multipv } };
    s.op = op;
    s.segmentNodes = 0;
    s.segmentMs = 0;
    this.#post(op);
  }

  /**
   * Starts a search. `position`: FEN, 'startpos' or { fen, moves }. `limits`: { depth, nodes,
   * movetime, wtime, btime, winc, binc, movestogo, mate, infinite, multipv, searchmoves }
   * (none that ends it: DEFAULT_SEARCH_LIMITS; `infinite`: until stop()). A running search is
   * stopped first. `signal`: an AbortSignal that stops it, its result rejecting with the reason.
   */
  analyze(position, limits = {}, { onInfo, signal } = {}) {
    return this.#analyze(position, limits, onInfo, true, signal);
  }

  /** Searches and resolves with the result ({ bestMove, ponder, score, depth, pv, ... }). */
  bestMove(position, limits = {}, { onInfo, signal } = {}) {
    return this.#analyze(position, limits, onInfo, false, signal).result;
  }

  // Never throws: bad arguments or a dead engine give an Analysis that has already failed.
  #analyze(position, limits, onInfo, buffer, signal) {
    const analysis = new Analysis((a, why) => this.#stopSearch(analysisState.get(a), why), onInfo, buffer);
    const s = analysisState.get(analysis);
    try {
      this.#check();
      if (signal !== undefined && signal !== null && !(typeof signal === 'object' && typeof signal.aborted === 'boolean' && typeof signal.addEventListener === 'function'))
        throw new EngineError('signal must be an AbortSignal');
      s.pos = normalizePosition(position);
      s.limits = withDefaultLimits(limits ?? {});
      limitsToGo(s.limits);
    } catch (e) {
      this.#failAnalysis(s, e);
      return analysis;
    }
    if (signal) {
      if (signal.aborted) {
        s.stoppedBy = 'abort';
        failAnalysis(s, abortReason(signal)); // the caller aborted: nothing to report
        return analysis;
      }
      const onAbort = () => {
        s.abortReason = abortReason(signal);
        this.#stopSearch(s, 'abort');
      };
      signal.addEventListener('abort', onAbort, { once: true });
      s.cleanup.push(() => signal.removeEventListener('abort', onAbort));
    }
    if (this.#current) this.#stopSearch(this.#current, 'replaced');
    this.#current = s;
    this.#postSearch(s);
    return analysis;
  }

  /** Stops the running search, if any; resolves with its result (or null). */
  stop() {
    return this.#current ? this.#stopSearch(this.#current, 'stop') : Promise.resolve(null);
  }

  #stopSearch(s, why) {
    if (s.done) return s.promise;
    if (why === 'abort' || !s.stoppedBy) s.stoppedBy = why;
    if (s.stopRequested) return s.promise;
    s.stopRequested = true;
    if (this.#current === s) this.#current = null;
    clearTimeout(s.resumeTimer);
    s.resumeTimer = null;
    const op = s.op;
    if (!op) {
      // suspended: the line it had reached, or a depth-1 search for a move
      if (s.lastExact && s.lastExact.pv.length) finishAnalysis(s, resultFromInfo(s.lastExact));
      else this.#postDepthOne(s, false);
      return s.promise;
    }
    if (this.#stopMode === 'sab') {
      if (Atomics.load(this.#flags, 0) < op.sid) Atomics.store(this.#flags, 0, op.sid);
      this.#fallback(op, () => {
        if (!s.done) this.#stopByRespawn(op);
      });
      return s.promise;
    }
    return this.#stopByRespawn(op);
  }

  // A quiet depth-1 search of the analysis's position, for a move when none was completed; first
  // in the queue when a new worker is about to start (nothing has been sent to it yet).
  #postDepthOne(s, first) {
    const sid = this.#nextSid++;
    const sm = s.limits && Array.isArray(s.limits.searchmoves) ? s.limits.searchmoves : [];
    const op = { kind: 'search', s, sid, quiet: true, msg: { t: 'search', sid, pos: s.pos, go: 'depth 1', sm, multipv: '' } };
    s.op = op;
    if (!first) return this.#post(op);
    op.id = op.msg.id = this.#nextId++;
    this.#ops.splice(this.#ops[0]?.kind === 'init' ? 1 : 0, 0, op);
  }

  // Ends a search by terminating the worker: the result is the last completed iteration's line.
  // Without one (nothing completed yet), a depth-1 search of the same position gives the move; it
  // goes first to the new worker.
  // A search queued behind calls is ended when it starts, not the calls ahead of it (its result,
  // where it has an iteration, is given at once).
  #stopByRespawn(op) {
    const s = op.s;
    const last = s.lastExact;
    if (this.#workerReady && this.#ops[0] !== op) {
      if (last && last.pv.length) finishAnalysis(s, resultFromInfo(last));
      op.onHead = () => this.#stopByRespawn(op);
      return s.promise;
    }
    this.#removeOp(op);
    const ready = this.#workerReady;
    if (!s.done) {
      if (ready && last && last.pv.length) finishAnalysis(s, resultFromInfo(last));
      else this.#postDepthOne(s, true);
    }
    if (ready) this.#respawn();
    return s.promise;
  }

  #respawn() {
    const old = this.#worker;
    this.#worker = null;
    old.terminate();
    for (const o of this.#ops) clearTimeout(o.timer), (o.timer = null);
    this.#spawn();
  }

  // A failed analysis whose caller neither holds its result nor iterates it (an onInfo-only
  // analysis) is reported: an 'error' event, or where no one listens, the platform's console.
  #failAnalysis(s, error) {
    failAnalysis(s, error);
    if (error.code === 'TERMINATED') return; // the caller ended the engine
    setTimeout(() => {
      if (!s.observed) this.#report(error);
    });
  }

  #report(error) {
    if (!this.emit('error', error)) this.#platform.report(error);
  }

  #crash(error) {
    if (this.#state === 'crashed' || this.#state === 'terminated') return;
    const wasReady = this.#workerReady; // no automatic restart of a worker that cannot start
    this.#state = 'crashed';
    this.#crashError = error;
    this.#kill(error);
    // (a start that fails rejects createEngine's promise or restart()'s: said there, not twice)
    if (!this.emit('error', error) && wasReady) this.#platform.report(error);
    if (this.#opts.autoRestart && wasReady) this.restart().catch(() => {});
  }

  #kill(error) {
    const w = this.#worker;
    this.#worker = null;
    this.#workerReady = false;
    w?.terminate();
    const current = this.#current;
    this.#current = null;
    const failed = new Set();
    for (const op of this.#ops.splice(0)) {
      clearTimeout(op.timer);
      if (op.s) failed.add(op.s);
      else op.reject(error);
    }
    if (current) failed.add(current); // suspended: in no queue
    // (a crash is reported once, by the engine; a failed analysis nobody holds adds nothing)
    for (const s of failed) failAnalysis(s, error);
  }

  /** Starts a new worker after a crash (options are kept). Resolves when it is ready. */
  restart() {
    if (this.#state === 'terminated') return rejected(new EngineError('the engine was terminated', 'TERMINATED'));
    if (this.#state !== 'crashed') this.#kill(new EngineError('the engine was restarted', 'TERMINATED'));
    this.#spawn();
    this.#state = 'starting';
    return handled(
      this.#ready.then(() => {
        this.emit('restart', {});
        return this;
      }),
    );
  }

  /** Ends the worker. Pending calls reject with code TERMINATED. */
  terminate() {
    if (this.#state === 'terminated') return;
    this.#state = 'terminated';
    this.#kill(new EngineError('the engine was terminated', 'TERMINATED'));
  }

  /** Sets a UCI option (see `options` for the names, types and ranges). */
  setOption(name, value) {
    if (typeof name !== 'string' || !name.trim()) return rejected(new EngineError('an option name is a non-empty string'));
    let v;
    try {
      v = optionValue(value);
    } catch (e) {
      return rejected(e);
    }
    const p = this.#call('setOption', null, [name, v]);
    const key = name.trim().toLowerCase();
    return p.then(() => {
      // a button is an action, not a setting to restore after a restart
      if (!isButton(this.#declarations, name)) this.#optionLog.set(key, [name, v]);
    });
  }

  /** The `option name ...` lines of the UCI `uci` answer. */
  uciOptions() {
    return this.#call('uciOptions', null, []);
  }
  /** Clears the hash table and the search history. */
  newGame() {
    return this.#call('newGame', null, []).then(() => undefined);
  }
  perft(position, depth) {
    return this.#call('perft', position, [depth]);
  }
  perftDivide(position, depth) {
    return this.#call('perftDivide', position, [depth]);
  }
  /** Static evaluation in centipawns, from the side to move's point of view. */
  evaluate(position) {
    return this.#call('evaluate', position, []);
  }
  /**
   * What each piece adds to the network's evaluation: { eval, pieces: [{ square, piece, value }] },
   * centipawns from White's side; a piece's value is the evaluation with it minus without it.
   * Rejects (INPUT) when 'Use NNUE' is off.
   */
  evalTrace(position) {
    return this.#call('evalTrace', position, []);
  }
  /** [{ uci, san }] */
  legalMoves(position) {
    return this.#call('legalMoves', position, []);
  }
  /** { fen, sideToMove, inCheck, status: ongoing|checkmate|stalemate|fifty|material|repetition } */
  positionInfo(position) {
    return this.#call('positionInfo', position, []);
  }
  /** The FEN as the engine normalises it; rejects with the parser's message. */
  validateFen(fen) {
    if (typeof fen !== 'string') return rejected(new EngineError('a FEN is a string'));
    return this.#call('validateFen', null, [fen]);
  }
  /** Moves (UCI or SAN) from a position -> { fen, uci: [...], san: [...] }. */
  convertMoves(position, moves) {
    let pos;
    try {
      pos = normalizePosition(position);
      normalizePosition({ moves });
    } catch (e) {
      return rejected(e);
    }
    const start = pos.moves.length ? null : pos.fen;
    if (start === null) return this.#call('convert', null, [pos.fen, pos.moves]).then((r) => this.#call('convert', null, [r.fen, moves]));
    return this.#call('convert', null, [start, moves]);
  }
  /**
   * The facts of a line from a position (engine/motifs.h): the material balance after each ply,
   * the captures, forks, pins, skewers, discovered attacks and checks, double checks, pieces left
   * hanging, promotions, exchange sacrifices, and how the line ends (mate in N and its pattern,
   * stalemate, repetition, perpetual check). Moves in UCI or SAN. See explain.js for sentences.
   * @returns {Promise<import('./explain.js').LineFacts>}
   */
  lineFacts(position, line) {
    let pos;
    let moves;
    try {
      pos = normalizePosition(position);
      if (!Array.isArray(line) || line.some((m) => typeof m !== 'string' || !m.trim() || /\s/.test(m.trim())))
        throw new EngineError('the line must be an array of moves (UCI or SAN strings)');
      moves = line.map((m) => m.trim());
    } catch (e) {
      return rejected(e);
    }
    return this.#call('lineFacts', null, [pos.fen, pos.moves, moves]);
  }
  toSan(position, moves) {
    return this.convertMoves(position, moves).then((r) => r.san);
  }
  toUci(position, moves) {
    return this.convertMoves(position, moves).then((r) => r.uci);
  }
  /** The bench: { nodes (the signature, with one thread), timeMs, nps }. depth 0: the engine's
   * default; threads: for speed figures (the threaded build). */
  bench(depth = 0, threads = 1) {
    if (!Number.isInteger(depth) || !Number.isInteger(threads)) return rejected(new EngineError('bench depth and threads are whole numbers'));
    return this.#call('bench', null, [depth, threads]);
  }
}

/** Testing only: makes the engine's WebAssembly instance fail ('trap' | 'abort' | 'oom'). */
export function crashForTesting(engine, kind) {
  return engineInternals.get(engine).call('debugCrash', null, [kind]);
}

export async function createEngineWith(platform, options = {}) {
  const engine = new Engine(platform, options);
  try {
    return await engineInternals.get(engine).start();
  } catch (e) {
    engine.terminate();
    throw e;
  }
}
// ---------------------------------------------------------------------------------------------
/** @type {WeakMap<UciWorker, (kind: string) => void>} */
const uciCrashers = new WeakMap();

/** Testing only: makes a UciWorker's WebAssembly instance fail ('trap' | 'abort' | 'oom'). */
export function crashUciForTesting(worker, kind) {
  uciCrashers.get(worker)(kind);
}

/**
 * UCI text mode behind a Worker-like object: postMessage(command line), onmessage / 'message'
 * events with `data` = one output line. Drop-in for a stockfish.js worker; `stop` and
 * `ponderhit` work during a search (shared-memory flag, or terminate-and-respawn).
 */
export class UciWorker extends Emitter {
  #platform;
  #opts;
  #build;
  #stopMode;
  #flags = null;
  #worker = null;
  #workerReady = false;
  // The commands sent to the worker and not yet done, oldest first: { line, mode, gid, answered,
  // refused }; mode 'normal' | 'quiet' (output dropped) | 'bestmove' (only the bestmove shown).
  #sent = [];
  #outbox = [];
  #gid = 0;
  #searches = 0; // searching `go` commands sent and not answered by a bestmove
  #lastGo = null;
  #lastPv = null;
  #options = new Map();
  #declarations = null;
  #position = null; // the last `position` line the worker completed (null: the start position)
  #idleWaiters = [];
  #terminated = false;
  #restarts = 0;
  #maxRestarts;
  /** why the worker is no longer restarted (after maxRestarts crashes), or null */
  #dead = null;
  onmessage = null;
  onerror = null;

  constructor(platform, opts = {}) {
    super();
    uciCrashers.set(this, (kind) => {
      if (!this.#workerReady) throw new Error('crashUciForTesting: the worker is not ready');
      this.#worker.post({ t: 'call', fn: 'debugCrash', args: [kind], id: -1 });
    });
    checkOptions(opts, [...COMMON_UCI_OPTIONS, ...(platform.optionNames || []).filter((k) => k !== 'options')], 'createUciWorker');
    this.#platform = platform;
    this.#opts = { ...opts };
    this.#maxRestarts = opts.maxRestarts ?? DEFAULT_MAX_RESTARTS;
    this.#build = chooseBuild(platform, opts);
    this.#stopMode = defaultStopMode(platform, opts.stopMode);
    if (this.#stopMode === 'sab') this.#flags = new Int32Array(platform.sharedBuffer(8));
    this.#spawn(false);
  }

  get stopMode() {
    return this.#stopMode;
  }
  /** Which WebAssembly build runs: 'threaded' (pthreads; Threads as the UCI option says, 1 by default) or 'single'. */
  get build() {
    return this.#build;
  }

  #emitLine(s) {
    this.emit('message', { data: s });
  }
  // Lines made up here (not by the worker) are delivered asynchronously too, like messages.
  #emitSoon(s) {
    queueMicrotask(() => this.#emitLine(s));
  }

  // With `replay`, the new worker first gets the options and the position the old one had
  // reached (the last `position` it completed), ahead of anything queued from now on.
  #spawn(replay) {
    this.#worker = startWorker(this.#platform, this.#opts, this.#build, this.#flags, (w) => this.#worker === w, {
      message: (m) => this.#onMessage(m),
      failure: (message) => this.#fatal(message),
    });
    this.#workerReady = false;
    this.#sent = [];
    if (replay) {
      // a button is an action, not a setting to restore
      const settings = [...this.#options].filter(([name]) => !isButton(this.#declarations, name)).map(([, line]) => line);
      const lines = [...settings, ...(this.#position ? [this.#position] : [])];
      this.#outbox.unshift(...lines.map((line) => [line, 'quiet', this.#gid]));
    }
  }

  #onMessage(m) {
    if (m.t === 'ready') {
      this.#workerReady = true;
      this.#declarations = m.options;
      for (const [line, mode, gid] of this.#outbox.splice(0)) this.#send(line, mode, gid);
      this.#refresh();
      return;
    }
    if (m.t === 'fatal') return this.#fatal(m.m);
    if (m.t === 'line') {
      const head = this.#sent[0];
      const mode = head?.mode || 'normal';
      const s = m.s;
      if (s.startsWith('bestmove') && mode === 'normal') this.#searches = Math.max(0, this.#searches - 1);
      if (head && mode !== 'quiet') head.answered = true;
      if (head && s.startsWith('info string error')) {
        head.refused = true; // a refused `position` sets no position
        // a refused search prints this one line and no bestmove
        if (mode === 'normal' && /^go\b/.test(head.line) && !/^go\s+perft\b/.test(head.line)) this.#searches = Math.max(0, this.#searches - 1);
      }
      // Only the current search's lines: a `go depth 1` answering an earlier, stopped search
      // ('bestmove' mode) may still be running after the next `go` was sent.
      if (mode === 'normal' && s.startsWith('info ') && / pv /.test(s) && !/ (lower|upper)bound/.test(s) && !/ multipv (?!1 )/.test(s))
        this.#lastPv = s.slice(s.indexOf(' pv ') + 4).trim().split(/\s+/);
      if (mode === 'normal' || (mode === 'bestmove' && s.startsWith('bestmove'))) this.#emitLine(s);
      return;
    }
    if (m.t === 'idle') {
      const done = this.#sent.shift();
      if (done && /^position\b/.test(done.line) && !done.refused) this.#position = done.line;
      else if (done && /^ucinewgame\b/.test(done.line)) this.#position = null;
      if (m.quit) return this.terminate();
      this.#refresh();
    }
  }

  #refresh() {
    const busy = this.#sent.length > 0 || this.#outbox.length > 0;
    if (busy) this.#worker?.ref();
    else {
      this.#worker?.unref();
      for (const w of this.#idleWaiters.splice(0)) w();
    }
  }

  #send(line, mode = 'normal', gid = this.#gid) {
    if (!this.#workerReady) {
      this.#outbox.push([line, mode, gid]);
      return;
    }
    this.#sent.push({ line, mode, gid, answered: false, refused: false });
    this.#worker.post({ t: 'uci', line, gid });
    this.#refresh();
  }

  #fatal(message) {
    if (this.#terminated || this.#dead) return;
    const w = this.#worker;
    this.#worker = null;
    w?.terminate();
    const error = new EngineError(`engine crashed: ${message}`, 'CRASHED');
    if (!this.emit('error', error)) this.#platform.report(error);
    this.#emitSoon(`info string error: engine crashed: ${message}`);
    // The command the crash ended (the worker's first) owes a move if it was a search; those sent
    // after it (or not sent yet) are still owed their answers: sent again to the new worker, or
    // answered as a dead worker answers them.
    const head = this.#sent[0];
    const headSearched = !!head && head.mode === 'normal' && /^go\b/.test(head.line) && !/^go\s+perft\b/.test(head.line);
    const owed = [...this.#sent.slice(1), ...this.#outbox.map(([line, mode, gid]) => ({ line, mode, gid }))].filter((c) => c.mode !== 'quiet' && !c.answered);
    this.#searches = 0;
    this.#sent = [];
    this.#outbox = [];
    if (headSearched) this.#emitSoon('bestmove (none)');
    if (++this.#restarts > this.#maxRestarts) {
      // no more restarts, but no silence either: the search owed a move gets '(none)', and every
      // later command an answer (#answerDead), so a GUI waiting for bestmove or readyok goes on
      this.#dead = `the engine crashed ${this.#restarts} times and is not restarted (last: ${message}); start a new one`;
      for (const c of owed) this.#answerDead(c.line);
      for (const f of this.#idleWaiters.splice(0)) f();
      return;
    }
    this.#spawn(true);
    for (const c of owed) {
      if (c.mode === 'normal' && /^go\b/.test(c.line) && !/^go\s+perft\b/.test(c.line)) this.#searches++;
      this.#send(c.line, c.mode, c.gid);
    }
  }

  // A command to a worker that is no longer restarted: what a GUI waits for, and why nothing else.
  #answerDead(line) {
    const cmd = line.split(/\s+/)[0];
    if (cmd === 'quit') return this.terminate();
    if (cmd === 'isready') return this.#emitSoon('readyok');
    if (cmd === 'stop' || cmd === 'ponderhit') return; // nothing runs: nothing to answer, as in UCI
    this.#emitSoon(`info string error: ${this.#dead}`);
    if (cmd === 'uci') this.#emitSoon('uciok');
    else if (cmd === 'go' && !/^go\s+perft\b/.test(line)) this.#emitSoon('bestmove (none)');
  }

  // The search is ended by terminating the worker: answer with the last completed iteration's
  // move (or a depth-1 search's), and restart from the cached module with options and position.
  #terminateSearch() {
    const pv = this.#lastPv;
    this.#searches = 0;
    if (!this.#workerReady) {
      // the search has not reached the (new) worker yet: search depth 1 instead, for a move
      for (const item of this.#outbox) if (item[1] === 'normal' && /^go\b/.test(item[0]) && !/^go\s+perft\b/.test(item[0])) (item[0] = 'go depth 1'), (item[1] = 'bestmove');
      return;
    }
    this.#respawnKeepingQueue();
    // A PV means this search started, so every command before it is done: no answer is owed
    // before this one.
    if (pv && pv.length) this.#emitSoon(`bestmove ${pv[0]}${pv[1] ? ` ponder ${pv[1]}` : ''}`);
    else this.#send('go depth 1', 'bestmove');
  }

  // Replaces the worker to end the running search, which is the last command sent (any other
  // command ends a search first). Commands sent before it and not done yet go to the new worker
  // again, after the replayed options and position: one of them may be a `go depth 1` that still
  // owes an earlier, stopped search its bestmove (tests/js/worker-stress.test.mjs lost those).
  // A command whose answer was already shown is not repeated; if it sets state, it is replayed
  // quietly.
  #respawnKeepingQueue() {
    const unfinished = [];
    for (const { line, mode, gid, answered } of this.#sent.slice(0, -1)) {
      if (mode === 'quiet') continue; // the replay of the new worker covers these
      if (!answered) unfinished.push([line, mode, gid]);
      else if (/^(position|setoption|ucinewgame)\b/.test(line)) unfinished.push([line, 'quiet', gid]);
    }
    const w = this.#worker;
    this.#worker = null;
    w.terminate();
    this.#outbox = [];
    this.#spawn(true);
    for (const [line, mode, gid] of unfinished) this.#send(line, mode, gid);
  }

  /** Sends one or more UCI command lines. */
  postMessage(data) {
    if (this.#terminated) return;
    for (const raw of String(data).split('\n')) {
      const line = raw.trim();
      if (line) this.#dead ? this.#answerDead(line) : this.#command(line);
    }
  }

  #command(line) {
    const cmd = line.split(/\s+/)[0];
    const searching = this.#searches > 0;
    if (cmd === 'isready' && searching) return this.#emitSoon('readyok');
    if (cmd === 'stop' || cmd === 'quit') {
      if (searching) {
        if (this.#flags) Atomics.store(this.#flags, 0, this.#gid);
        else this.#terminateSearch();
      }
      if (cmd === 'quit') {
        // let commands already sent finish (as the native engine does), then end
        if (this.#sent.length || this.#outbox.length) return this.#send('quit');
        return this.terminate();
      }
      return;
    }
    if (cmd === 'ponderhit') {
      if (!searching) return;
      if (this.#flags) return void Atomics.store(this.#flags, 1, this.#gid);
      // without shared memory: restart the search as a normal one
      const go = this.#lastGo.replace(/\s+ponder\b/, '');
      if (!this.#workerReady) {
        // Not started yet (a worker is starting): make the queued search a normal one. Restarting
        // the worker here would drop the queue, and with it the `go depth 1` that still owes an
        // earlier search its bestmove (found by tests/js/worker-stress.test.mjs).
        for (const item of this.#outbox) if (item[1] === 'normal' && item[0] === this.#lastGo) item[0] = go;
        this.#lastGo = go;
        return;
      }
      this.#terminateSearchSilently();
      return this.#command(go);
    }
    if (searching) {
      // like the native engine: every other command ends the search first
      if (this.#flags) Atomics.store(this.#flags, 0, this.#gid);
      else this.#terminateSearch();
    }
    if (cmd === 'setoption') {
      const m = /^setoption\s+name\s+(.+?)(\s+value\s|$)/.exec(line);
      if (m) this.#options.set(m[1].toLowerCase(), line);
    } else if (cmd === 'go' && !/^go\s+perft\b/.test(line)) {
      this.#gid++;
      this.#searches++;
      this.#lastGo = line;
      this.#lastPv = null;
    }
    this.#send(line);
  }

  #terminateSearchSilently() {
    this.#searches = 0;
    this.#respawnKeepingQueue();
  }

  /** Resolves when every command sent so far has been handled (a running search has ended). */
  whenIdle() {
    if (this.#terminated || this.#dead || (!this.#sent.length && !this.#outbox.length && this.#workerReady)) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  terminate() {
    if (this.#terminated) return;
    this.#terminated = true;
    const w = this.#worker;
    this.#worker = null;
    w?.terminate();
    for (const f of this.#idleWaiters.splice(0)) f();
  }
}
