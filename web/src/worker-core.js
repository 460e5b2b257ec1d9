// The engine side of the worker: owns one WebAssembly instance of the engine and answers
// messages. Platform entries (worker.js and worker-mt.js for browsers, worker-node.js for Node
// worker_threads) give it a port: { post(msg), onMessage(fn), close(), loadWasm(),
// loadModule(urls), build: 'single' | 'threaded', limits: { hash, threads } } where
// loadModule resolves to { factory, settings }: the Emscripten module's factory
// (mainline_web.js, or mainline_web_mt.js built with pthreads) and the Module settings that
// tell the threaded build where its files are (`urls`, from the init message: a bundler may
// have renamed them); limits end the ranges of Hash (MB) and Threads on this platform.
//
// The threaded build runs each helper thread in a Web Worker of Emscripten's pool. A pthread
// can only start in a Worker that has loaded the module, and a Worker reports that it has while
// this thread returns to its event loop, which a search or an option call never does: so before
// an option sets Threads to N, N - 1 loaded Workers are made ready here (ensureHelpers).
//
// Structured messages (from client.js) are objects with a `t` field:
//   init   { module?, sab?, urls? }            -> ready { timing, options, build }
//   call   { id, fn, pos?, args }              -> ok { id, v } | err { id, m }
//   search { id, sid, pos, go, sm, multipv }   -> info { id, v }*, ok { id, v } | err
//   uci    { line, gid }                       -> line { s }*, idle
// Any failure inside the WebAssembly instance (a trap, abort, out of memory) posts
// fatal { m } and the instance is never used again: the client restarts the worker.
//
// The threaded build's port also has loadHelpers(pool, count, timeoutMs) (worker-threads.js),
// which makes ready the helper threads' Workers before Threads changes.
//
// Plain strings are the stockfish.js-compatible UCI text mode: every string is a command
// line, every output line is posted back as a string. It needs no set-up message.
const UCI_MOVE = /^[a-h][1-8][a-h][1-8][nbrq]?$/;

const now = () => performance.timeOrigin + performance.now();
// How long the Workers of new helper threads may take to load before Threads fails.
const HELPER_LOAD_TIMEOUT_MS = 20000;
// `setoption name Threads value N` in the UCI text mode.
const SET_THREADS = /^\s*setoption\s+name\s+threads\s+value\s+(\d+)\s*$/i;
const scriptStart = now();

export function startWorker(port) {
  const timing = { scriptStart }; // absolute times (ms since the epoch) of the start-up steps
  let M = null; // the Emscripten module
  let engine = null; // M.Engine
  let uci = null; // M.UciText
  let maxThreads = 1; // the engine's Threads maximum
  let flags = null; // Int32Array on the client's SharedArrayBuffer: [stop-up-to id, ponderhit id]
  let dead = null; // the fatal error message, once the instance has failed
  let raw = false; // stockfish.js-style string protocol
  let chain = Promise.resolve();

  const fatal = (what) => {
    if (dead) return;
    dead = String(what && what.message ? what.message : what);
    if (!raw) port.post({ t: 'fatal', m: dead });
  };

  async function init(module, sab, urls) {
    if (M) return;
    timing.init = now();
    const [wasm, { factory, settings }] = await Promise.all([module || port.loadWasm(), port.loadModule(urls)]);
    timing.compiled = now();
    flags = sab ? new Int32Array(sab) : null;
    let failed;
    const failure = new Promise((_, reject) => (failed = reject)); // the factory never settles then
    M = await Promise.race([
      failure,
      factory({
        ...settings,
        instantiateWasm(imports, done) {
          WebAssembly.instantiate(wasm, imports).then((r) => {
            timing.instantiated = now();
            // the module goes to the threaded build's helper Workers
            done(r.instance || r, r.module || wasm);
          }, failed);
          return {};
        },
        onAbort: (what) => fatal(`engine aborted: ${what}`),
        print: (s) => console.log(s),
        // Emscripten warns when the thread that runs its main loop blocks (joining helper
        // threads), which is harmful only on a page's main thread: this is always a worker.
        printErr: (s) => !s.startsWith('Blocking on the main thread') && console.warn(s),
      }),
    ]);
    timing.runtime = now(); // static constructors have run
    engine = new M.Engine(port.limits.hash, port.limits.threads);
    const declared = engine.options().find((o) => o.name === 'Threads');
    maxThreads = declared ? declared.max : 1;
    timing.engine = now();
  }

  // Makes ready the Workers that a change of Threads to `threads` will start its helpers in
  // (the threaded build's port: worker-threads.js; the single build has no helpers to make).
  async function ensureHelpers(threads) {
    const pool = M && M.PThread;
    if (!pool || !port.loadHelpers || !(threads > 1 && threads <= maxThreads)) return; // the engine judges the value
    if (!(await port.loadHelpers(pool, threads - 1, HELPER_LOAD_TIMEOUT_MS)))
      throw new InputError(`Threads ${threads}: the helper threads' Workers did not start within ${HELPER_LOAD_TIMEOUT_MS} ms`);
  }

  // Anything a message needs before it runs synchronously in the engine. False: the message
  // has been answered (with the error) and must not run.
  async function prepare(msg) {
    if (msg.t === 'call' && msg.fn === 'setOption' && String(msg.args[0]).trim().toLowerCase() === 'threads')
      await ensureHelpers(Number(msg.args[1]));
    else if (msg.t === 'call' && msg.fn === 'bench') await ensureHelpers(msg.args[1]);
    else if (msg.t === 'uci') {
      try {
        await prepareLine(msg.line);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        port.post({ t: 'line', s: `info string error: ${e.message}` });
        port.post({ t: 'idle', quit: false });
        return false;
      }
    }
    return true;
  }
  async function prepareLine(line) {
    const m = SET_THREADS.exec(line);
    if (m) await ensureHelpers(Number(m[1]));
  }

  // Engine results of the form { error } become exceptions that the client rethrows as-is.
  class InputError extends Error {}
  const check = (r) => {
    if (r !== null && typeof r === 'object' && !Array.isArray(r) && typeof r.error === 'string') throw new InputError(r.error);
    return r;
  };

  // Castling notation per position: a position that says chess960 has its way for this call, and
  // the UCI_Chess960 option as the caller set it holds for the others (an engine of a pool serves
  // boards of both variants).
  let chess960Option = false;
  let chess960Now = false;
  const notation = (/** @type {boolean} */ on) => {
    if (on !== chess960Now) check(engine.setOption('UCI_Chess960', String(on)));
    chess960Now = on;
  };
  const setPos = (pos) => {
    notation(typeof pos.chess960 === 'boolean' ? pos.chess960 : chess960Option);
    return check(engine.setPosition(pos.fen || 'startpos', (pos.moves || []).join(' ')));
  };

  const CALLS = {
    setOption: (name, value) => {
      const r = check(engine.setOption(name, value));
      if (String(name).toLowerCase() === 'uci_chess960') chess960Option = chess960Now = /^true$/i.test(String(value).trim());
      return r;
    },
    uciOptions: () => engine.optionDescriptions(),
    newGame: () => engine.newGame(),
    perft: (d) => check(engine.perft(d)),
    perftDivide: (d) => check(engine.perftDivide(d)),
    evaluate: () => engine.evaluate(),
    evalTrace: () => check(engine.evalTrace()),
    legalMoves: () => engine.legalMoves(),
    positionInfo: () => engine.state(),
    validateFen: (fen) => check(M.validateFen(fen)),
    convert: (fen, moves) => check(M.convertLine(fen, moves.join(' '))),
    lineFacts: (fen, moves, line) => check(M.explainLine(fen, moves.join(' '), line.join(' '))),
    bench: (d, threads) => check(engine.bench(d, threads)),
    debugCrash: (kind) => check(engine.debugCrash(kind)),
  };

  function call(msg) {
    if (msg.pos) setPos(msg.pos);
    const fn = CALLS[msg.fn];
    if (!fn) throw new InputError(`unknown call '${msg.fn}'`);
    return fn(...msg.args);
  }

  function search(msg) {
    const fen = setPos(msg.pos);
    let go = msg.go;
    if (msg.sm && msg.sm.length) {
      // searchmoves may be given in SAN: convert each against the root position.
      const list = msg.sm.map((m) => (UCI_MOVE.test(m) ? m : check(M.convertLine(fen, m)).uci[0]));
      go += ` searchmoves ${list.join(' ')}`;
    }
    const sid = msg.sid;
    // `interrupted`: the flag ended it, not its own limits (the client resumes a search it
    // suspended for a call only then); `elapsedMs`: what it took, for the resumed part's limits
    let interrupted = false;
    const keepGoing = flags ? () => Atomics.load(flags, 0) < sid || ((interrupted = true), false) : null;
    const start = performance.now();
    const result = check(engine.search(go, msg.multipv || '', (info) => port.post({ t: 'info', id: msg.id, v: info }), keepGoing));
    return { ...result, interrupted, elapsedMs: performance.now() - start };
  }

  function uciLine(line, gid, out) {
    if (!uci) uci = new M.UciText((s) => out(s), port.limits.hash, port.limits.threads);
    let ponderhitSent = false;
    const keepGoing = flags
      ? () => {
          if (!ponderhitSent && Atomics.load(flags, 1) >= gid) {
            ponderhitSent = true;
            uci.ponderhit();
          }
          return Atomics.load(flags, 0) < gid;
        }
      : null;
    return uci.handle(line, keepGoing);
  }

  async function handleText(msg) {
    if (dead) return port.post(`info string error: engine crashed: ${dead}`);
    for (const line of msg.split('\n')) {
      if (!line.trim()) continue;
      try {
        await prepareLine(line);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        port.post(`info string error: ${e.message}`);
        continue;
      }
      if (!uciLine(line, 0, (s) => port.post(s))) return port.close();
    }
  }

  function handle(msg) {
    if (dead) {
      if (msg.id !== undefined) port.post({ t: 'err', id: msg.id, m: `engine crashed: ${dead}`, crashed: true });
      return;
    }
    switch (msg.t) {
      case 'call':
        port.post({ t: 'ok', id: msg.id, v: call(msg) });
        return;
      case 'search':
        port.post({ t: 'ok', id: msg.id, v: search(msg) });
        return;
      case 'uci': {
        const more = uciLine(msg.line, msg.gid, (s) => port.post({ t: 'line', s }));
        port.post({ t: 'idle', quit: !more });
        return;
      }
      default:
        throw new InputError(`unknown message type '${msg.t}'`);
    }
  }

  port.onMessage((msg) => {
    if (typeof msg === 'string') raw = true;
    chain = chain.then(async () => {
      try {
        if (msg && msg.t === 'init') {
          await init(msg.module, msg.sab, msg.urls);
          if (!dead) port.post({ t: 'ready', timing, options: engine.options(), build: port.build });
          return;
        }
        if (!M && !dead) await init(null, null, null); // raw string mode starts itself
        if (raw && typeof msg !== 'string') return;
        if (typeof msg === 'string') return await handleText(msg);
        if (!dead && !(await prepare(msg))) return;
        handle(msg);
      } catch (e) {
        if (e instanceof InputError || (M && M.BindingError && e instanceof M.BindingError)) {
          if (typeof msg === 'string') port.post(`info string error: ${e.message}`);
          else if (msg && msg.id !== undefined) port.post({ t: 'err', id: msg.id, m: e.message });
        } else {
          // Anything else escaped from inside the instance (RuntimeError: unreachable, abort,
          // out of memory, stack overflow): its state can no longer be trusted.
          fatal(e);
          if (typeof msg === 'string') port.post(`info string error: engine crashed: ${dead}`);
        }
      }
    });
  });
}
