// The engine side of the worker: owns one WebAssembly instance of the engine and answers
// messages. Platform entries (worker.js for browsers, worker-node.js for Node worker_threads)
// give it a port: { post(msg), onMessage(fn), close(), loadWasm() }.
//
// Structured messages (from client.js) are objects with a `t` field:
//   init   { module?, sab? }                   -> ready { timing, options }
//   call   { id, fn, pos?, args }              -> ok { id, v } | err { id, m }
//   search { id, sid, pos, go, sm, multipv }   -> info { id, v }*, ok { id, v } | err
//   uci    { line, gid }                       -> line { s }*, idle
// Any failure inside the WebAssembly instance (a trap, abort, out of memory) posts
// fatal { m } and the instance is never used again: the client restarts the worker.
//
// Plain strings are the stockfish.js-compatible UCI text mode: every string is a command
// line, every output line is posted back as a string. It needs no set-up message.
import createMainlineModule from '../dist/mainline_web.js';

const UCI_MOVE = /^[a-h][1-8][a-h][1-8][nbrq]?$/;

const now = () => performance.timeOrigin + performance.now();
const scriptStart = now();

export function startWorker(port) {
  const timing = { scriptStart }; // absolute times (ms since the epoch) of the start-up steps
  let M = null; // the Emscripten module
  let engine = null; // M.Engine
  let uci = null; // M.UciText
  let flags = null; // Int32Array on the client's SharedArrayBuffer: [stop-up-to id, ponderhit id]
  let dead = null; // the fatal error message, once the instance has failed
  let raw = false; // stockfish.js-style string protocol
  let chain = Promise.resolve();

  const fatal = (what) => {
    if (dead) return;
    dead = String(what && what.message ? what.message : what);
    if (!raw) port.post({ t: 'fatal', m: dead });
  };

  async function init(module, sab) {
    if (M) return;
    timing.init = now();
    const wasm = module || (await port.loadWasm());
    timing.compiled = now();
    flags = sab ? new Int32Array(sab) : null;
    let failed;
    const failure = new Promise((_, reject) => (failed = reject)); // the factory never settles then
    M = await Promise.race([
      failure,
      createMainlineModule({
        instantiateWasm(imports, done) {
          WebAssembly.instantiate(wasm, imports).then((r) => {
            timing.instantiated = now();
            done(r.instance || r);
          }, failed);
          return {};
        },
        onAbort: (what) => fatal(`engine aborted: ${what}`),
        print: (s) => console.log(s),
        printErr: (s) => console.warn(s),
      }),
    ]);
    timing.runtime = now(); // static constructors have run
    engine = new M.Engine();
    timing.engine = now();
  }

  // Engine results of the form { error } become exceptions that the client rethrows as-is.
  class InputError extends Error {}
  const check = (r) => {
    if (r !== null && typeof r === 'object' && !Array.isArray(r) && typeof r.error === 'string') throw new InputError(r.error);
    return r;
  };

  const setPos = (pos) => check(engine.setPosition(pos.fen || 'startpos', (pos.moves || []).join(' ')));

  const CALLS = {
    setOption: (name, value) => check(engine.setOption(name, value)),
    uciOptions: () => engine.optionDescriptions(),
    newGame: () => engine.newGame(),
    perft: (d) => check(engine.perft(d)),
    perftDivide: (d) => check(engine.perftDivide(d)),
    evaluate: () => engine.evaluate(),
    legalMoves: () => engine.legalMoves(),
    positionInfo: () => engine.state(),
    validateFen: (fen) => check(M.validateFen(fen)),
    convert: (fen, moves) => check(M.convertLine(fen, moves.join(' '))),
    bench: (d) => check(engine.bench(d)),
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
    const keepGoing = flags ? () => Atomics.load(flags, 0) < sid : null;
    return check(engine.search(go, msg.multipv || '', (info) => port.post({ t: 'info', id: msg.id, v: info }), keepGoing));
  }

  function uciLine(line, gid, out) {
    if (!uci) uci = new M.UciText((s) => out(s));
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

  function handle(msg) {
    if (typeof msg === 'string') {
      if (dead) return port.post(`info string error: engine crashed: ${dead}`);
      for (const line of msg.split('\n')) {
        if (!line.trim()) continue;
        if (!uciLine(line, 0, (s) => port.post(s))) return port.close();
      }
      return;
    }
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
          await init(msg.module, msg.sab);
          if (!dead) port.post({ t: 'ready', timing, options: engine.options() });
          return;
        }
        if (!M && !dead) await init(null, null); // raw string mode starts itself
        if (raw && typeof msg !== 'string') return;
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
