// Platform-independent client of the engine worker (see worker-core.js for the protocol).
// index.js (browsers) and node.js (Node) bind it to a platform:
//   { name, sharedMemory: boolean, defaultThreads(): number, urls?(build): object (where the
//     worker finds the build's other files), compile(opts, build): Promise<WebAssembly.Module>,
//     spawn(opts, build): { post(msg), onMessage(fn), onError(fn), terminate(), ref(), unref() } }
// with build 'threaded' (Emscripten pthreads: needs shared memory) or 'single'.
//
// Stopping a search that runs synchronously in a worker (docs: web/README.md):
//   stopMode 'sab'        a SharedArrayBuffer flag that the search reads every 8192 nodes.
//                         Needs SharedArrayBuffer (cross-origin isolation in browsers; always in Node).
//   stopMode 'terminate'  the worker is terminated and a new one is started from the cached
//                         WebAssembly.Module; the best move is the last completed iteration's.
//                         Works everywhere; loses the hash table (options are replayed).

const INFO_BUFFER_LIMIT = 4096;
const NUMERIC_LIMITS = ['depth', 'nodes', 'movetime', 'wtime', 'btime', 'winc', 'binc', 'movestogo', 'mate'];
const TIMED_CALLS = new Set(['setOption', 'uciOptions', 'newGame', 'evaluate', 'evalTrace', 'legalMoves', 'positionInfo', 'validateFen', 'convert', 'lineFacts']);

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
// Which build a new engine runs: the threaded one wherever there is shared memory.
const chooseBuild = (platform, requested = 'auto') => chooseShared(platform, 'build', requested, 'threaded', 'single');

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
  return { fen: fen.trim() || 'startpos', moves: moves.map((m) => m.trim()) };
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
        setTimeout(() => {
          throw e;
        });
      }
    }
    return all.length > 0;
  }
}

/** One running search: an async iterator of iterations plus `result` (the best move). */
export class Analysis {
  #queue = [];
  #waiters = [];
  #buffer;
  #resolve;
  #reject;
  #stop;
  #error = null;
  done = false;
  stopRequested = false;
  lastExact = null;

  constructor(stop, onInfo, buffer = true) {
    this.#stop = stop;
    this.onInfo = onInfo || null;
    this.#buffer = buffer;
    this.result = handled(
      new Promise((resolve, reject) => {
        this.#resolve = resolve;
        this.#reject = reject;
      }),
    );
  }

  /** Stops this search; resolves with its result (always with a best move if there is a legal move). */
  stop() {
    return this.#stop(this);
  }

  _push(info) {
    if (this.done) return;
    if (info.bound === 'exact' && info.multipv === 1) this.lastExact = info;
    if (this.onInfo) {
      try {
        this.onInfo(info);
      } catch (e) {
        setTimeout(() => {
          throw e;
        });
      }
    }
    const waiter = this.#waiters.shift();
    if (waiter) waiter.resolve({ value: info, done: false });
    else if (this.#buffer) {
      this.#queue.push(info);
      if (this.#queue.length > INFO_BUFFER_LIMIT) this.#queue.shift();
    }
  }

  _finish(result) {
    if (this.done) return;
    this.done = true;
    this.#resolve(result);
    for (const w of this.#waiters.splice(0)) w.resolve({ value: undefined, done: true });
  }

  _fail(error) {
    if (this.done) return;
    this.done = true;
    this.#error = error;
    this.#reject(error);
    for (const w of this.#waiters.splice(0)) w.reject(error);
  }

  next() {
    if (this.#queue.length) return Promise.resolve({ value: this.#queue.shift(), done: false });
    if (this.done) return this.#error ? Promise.reject(this.#error) : Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  /** Leaving a `for await` loop early stops the search. */
  return() {
    this.#queue.length = 0;
    if (!this.done) this.stop();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator]() {
    return this;
  }
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
      if (isCurrent(w)) w.post({ t: 'init', module, sab: flags ? flags.buffer : null, urls: platform.urls?.(build) });
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
  #current = null; // the search op of the running analysis
  #optionLog = new Map();
  #declarations = null;
  #crashError = null;
  /** Start-up steps of the current worker (absolute ms: performance.timeOrigin + now()). */
  startupTiming = null;
  onerror = null;
  onrestart = null;

  constructor(platform, opts = {}) {
    super();
    this.#platform = platform;
    this.#opts = { initTimeoutMs: 20000, callTimeoutMs: 30000, stopTimeoutMs: 2000, autoRestart: false, ...opts };
    this.#build = chooseBuild(platform, opts.build);
    this.#stopMode = defaultStopMode(platform, opts.stopMode);
    if (this.#stopMode === 'sab') this.#flags = new Int32Array(new SharedArrayBuffer(8));
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

  _start() {
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
      if (op && op.analysis && !op.quiet) op.analysis._push(m.v);
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
    if (m.t === 'ready') {
      this.#workerReady = true;
      this.#state = 'ready';
      this.startupTiming = m.timing;
      this.#declarations = freezeOptions(m.options);
      // replay options (after a respawn), then everything not yet answered
      for (const [name, value] of this.#optionLog.values()) this.#worker.post({ t: 'call', fn: 'setOption', args: [name, value], id: 0 });
      for (const o of this.#ops) this.#worker.post(o.msg);
      op.resolve();
    } else if (m.t === 'ok') {
      if (op.analysis) {
        if (this.#current === op) this.#current = null;
        op.analysis._finish({ ...m.v, stopped: op.analysis.stopRequested });
      } else op.resolve(m.v);
    } else {
      const err = new EngineError(m.m, m.crashed ? 'CRASHED' : 'INPUT');
      if (op.analysis) {
        if (this.#current === op) this.#current = null;
        op.analysis._fail(err);
      } else op.reject(err);
    }
    this.#arm();
  }

  // Starts the answer timer of the op the worker is working on (the first one).
  #arm() {
    const head = this.#ops[0];
    if (!head) {
      this.#worker?.unref();
      return;
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

  #call(fn, position, args) {
    try {
      this.#check();
      if (this.#current) this.#stopSearch(this.#current.analysis);
      const pos = position === null ? undefined : normalizePosition(position);
      return handled(
        new Promise((resolve, reject) => {
          this.#post({ kind: 'call', msg: { t: 'call', fn, pos, args }, resolve, reject, timeout: TIMED_CALLS.has(fn) ? this.#opts.callTimeoutMs : 0 });
        }),
      );
    } catch (e) {
      return handled(Promise.reject(e));
    }
  }

  /**
   * Starts a search. `position`: FEN, 'startpos' or { fen, moves }. `limits`: { depth, nodes,
   * movetime, wtime, btime, winc, binc, movestogo, mate, infinite, multipv, searchmoves }
   * (none: until stop() or the maximum depth). A running search is stopped first.
   */
  analyze(position, limits = {}, { onInfo } = {}) {
    return this.#analyze(position, limits, onInfo, true);
  }

  /** Searches and resolves with the result ({ bestMove, ponder, score, depth, pv, ... }). */
  bestMove(position, limits = {}, { onInfo } = {}) {
    return this.#analyze(position, limits, onInfo, false).result;
  }

  // Never throws: bad arguments or a dead engine give an Analysis that has already failed.
  #analyze(position, limits, onInfo, buffer) {
    const analysis = new Analysis((a) => this.#stopSearch(a), onInfo, buffer);
    let pos, go, multipv, searchmoves;
    try {
      this.#check();
      pos = normalizePosition(position);
      ({ go, multipv, searchmoves } = limitsToGo(limits));
    } catch (e) {
      analysis._fail(e);
      return analysis;
    }
    if (this.#current) this.#stopSearch(this.#current.analysis);
    const sid = this.#nextSid++;
    const op = { kind: 'search', analysis, sid, msg: { t: 'search', sid, pos, go, sm: searchmoves, multipv } };
    analysis.op = op;
    this.#current = op;
    this.#post(op);
    return analysis;
  }

  /** Stops the running search, if any; resolves with its result (or null). */
  stop() {
    return this.#current ? this.#stopSearch(this.#current.analysis) : Promise.resolve(null);
  }

  #stopSearch(analysis) {
    const op = analysis.op;
    if (!op || analysis.done || analysis.stopRequested) return analysis.result;
    analysis.stopRequested = true;
    if (this.#current === op) this.#current = null;
    if (this.#stopMode === 'sab') {
      if (Atomics.load(this.#flags, 0) < op.sid) Atomics.store(this.#flags, 0, op.sid);
      // a search that does not come back in time (stuck worker, long call ahead of it) is
      // ended the other way
      const timer = setTimeout(() => {
        if (!analysis.done && this.#ops.includes(op) && this.#state === 'ready') this.#stopByRespawn(op);
      }, this.#opts.stopTimeoutMs);
      const clear = () => clearTimeout(timer);
      analysis.result.then(clear, clear);
      return analysis.result;
    }
    return this.#stopByRespawn(op);
  }

  // Ends a search by terminating the worker: the result is the last completed iteration's line.
  // Without one (nothing completed yet), a depth-1 search of the same position gives the move; it
  // goes first to the new worker.
  #stopByRespawn(op) {
    const analysis = op.analysis;
    const i = this.#ops.indexOf(op);
    if (i >= 0) this.#ops.splice(i, 1);
    const last = analysis.lastExact;
    if (this.#workerReady && last && last.pv.length) {
      analysis._finish(resultFromInfo(last));
    } else {
      Object.assign(op.msg, { go: 'depth 1', multipv: '' });
      op.quiet = true;
      clearTimeout(op.timer);
      this.#ops.splice(this.#ops[0]?.kind === 'init' ? 1 : 0, 0, op);
    }
    if (this.#workerReady) this.#respawn();
    return analysis.result;
  }

  #respawn() {
    const old = this.#worker;
    this.#worker = null;
    old.terminate();
    for (const o of this.#ops) clearTimeout(o.timer), (o.timer = null);
    this.#spawn();
  }

  #crash(error) {
    if (this.#state === 'crashed' || this.#state === 'terminated') return;
    const wasReady = this.#workerReady; // no automatic restart of a worker that cannot start
    this.#state = 'crashed';
    this.#crashError = error;
    this.#kill(error);
    this.emit('error', error);
    if (this.#opts.autoRestart && wasReady) this.restart().catch(() => {});
  }

  #kill(error) {
    const w = this.#worker;
    this.#worker = null;
    this.#workerReady = false;
    w?.terminate();
    this.#current = null;
    for (const op of this.#ops.splice(0)) {
      clearTimeout(op.timer);
      if (op.analysis) op.analysis._fail(error);
      else op.reject(error);
    }
  }

  /** Starts a new worker after a crash (options are kept). Resolves when it is ready. */
  restart() {
    if (this.#state === 'terminated') return handled(Promise.reject(new EngineError('the engine was terminated', 'TERMINATED')));
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
    if (typeof name !== 'string' || !name.trim()) return handled(Promise.reject(new EngineError('an option name is a non-empty string')));
    let v;
    try {
      v = optionValue(value);
    } catch (e) {
      return handled(Promise.reject(e));
    }
    const p = this.#call('setOption', null, [name, v]);
    const key = name.trim().toLowerCase();
    return handled(
      p.then(() => {
        // a button is an action, not a setting to restore after a restart
        if (!isButton(this.#declarations, name)) this.#optionLog.set(key, [name, v]);
      }),
    );
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
    if (typeof fen !== 'string') return handled(Promise.reject(new EngineError('a FEN is a string')));
    return this.#call('validateFen', null, [fen]);
  }
  /** Moves (UCI or SAN) from a position -> { fen, uci: [...], san: [...] }. */
  convertMoves(position, moves) {
    let pos;
    try {
      pos = normalizePosition(position);
      normalizePosition({ moves });
    } catch (e) {
      return handled(Promise.reject(e));
    }
    const start = pos.moves.length ? null : pos.fen;
    if (start === null)
      return handled(this.#call('convert', null, [pos.fen, pos.moves]).then((r) => this.#call('convert', null, [r.fen, moves])));
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
      return handled(Promise.reject(e));
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
    if (!Number.isInteger(depth) || !Number.isInteger(threads)) return handled(Promise.reject(new EngineError('bench depth and threads are whole numbers')));
    return this.#call('bench', null, [depth, threads]);
  }
  /** Testing only: makes the WebAssembly instance fail ('trap' | 'abort' | 'oom'). */
  _crashForTesting(kind) {
    return this.#call('debugCrash', null, [kind]);
  }
}

export async function createEngineWith(platform, options = {}) {
  const engine = new Engine(platform, options);
  try {
    return await engine._start();
  } catch (e) {
    engine.terminate();
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
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
  onmessage = null;
  onerror = null;

  constructor(platform, opts = {}) {
    super();
    this.#platform = platform;
    this.#opts = { ...opts };
    this.#build = chooseBuild(platform, opts.build);
    this.#stopMode = defaultStopMode(platform, opts.stopMode);
    if (this.#stopMode === 'sab') this.#flags = new Int32Array(new SharedArrayBuffer(8));
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
    if (this.#terminated) return;
    const w = this.#worker;
    this.#worker = null;
    w?.terminate();
    const error = new EngineError(`engine crashed: ${message}`, 'CRASHED');
    this.emit('error', error);
    this.#emitSoon(`info string error: engine crashed: ${message}`);
    const wasSearching = this.#searches > 0;
    this.#searches = 0;
    if (++this.#restarts > 3) {
      this.#terminated = true;
      for (const f of this.#idleWaiters.splice(0)) f();
      return;
    }
    this.#outbox = [];
    this.#spawn(true);
    if (wasSearching) this.#emitSoon('bestmove (none)');
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
      if (line) this.#command(line);
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
    if (this.#terminated || (!this.#sent.length && !this.#outbox.length && this.#workerReady)) return Promise.resolve();
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
