// The package's behaviour in a browser, the same script in every browser engine (Chromium,
// Firefox, WebKit): tests/js/browsers.test.mjs opens behaviour.html?run=a,b,c in each and checks
// what it reports. Nothing here needs a test driver: moves are synthetic pointer events, a hidden
// tab is the page's visibility state as a browser reports it, the view is scrolled by the page.
// Results go to window.__results (window.__done = true), and with ?report=ID also by a POST to
// the test server (browsers driven without playwright).

// Live Workers of this page (the engine's, not the helper threads inside them): counted before
// the package is loaded, so that every Worker it starts is seen.
const live = new Set();
let started = 0;
let mostLive = 0;
const PageWorker = globalThis.Worker;
globalThis.Worker = class extends PageWorker {
  constructor(/** @type {any[]} */ ...args) {
    super(.../** @type {[any, any]} */ (args));
    started++;
    live.add(this);
    mostLive = Math.max(mostLive, live.size);
  }
  terminate() {
    live.delete(this);
    super.terminate();
  }
};

const params = new URLSearchParams(location.search);
// where the page is, posted as it goes (a browser driven without playwright that hangs says where)
const progress = (/** @type {string} */ at) => {
  const id = params.get('report');
  if (id) fetch(`/report/${encodeURIComponent(id)}-progress`, { method: 'POST', body: JSON.stringify({ at, ms: Math.round(performance.now()) }) }).catch(() => {});
};
const runs = (params.get('run') || 'api').split(',');
/** @type {Record<string, any>} */
const results = { userAgent: navigator.userAgent, crossOriginIsolated: globalThis.crossOriginIsolated === true };
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
/** Waits until `f()` is true (checked every 20 ms); throws what it was waiting for after `ms`. */
async function until(/** @type {() => boolean} */ f, /** @type {string} */ what, ms = 30000) {
  const t = performance.now();
  progress(`waiting for ${what}`);
  let posted = t;
  while (!f()) {
    const now = performance.now();
    if (now - t > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    // still waiting, and alive: said every 2 s (a page that stops posting has stopped running)
    if (now - posted > 2000) progress(`waiting for ${what}, ${Math.round((posted = now) - t)} ms`);
    await sleep(20);
  }
}
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const ITALIAN = 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3';
const { createEngine, createUciWorker, EngineError, DEFAULT_SEARCH_LIMITS } = await import('../src/index.js');

/** The structured API: a search, calls during it, stop, abort, default limits, refusals, errors. */
async function api() {
  const engine = await createEngine();
  const out = /** @type {Record<string, any>} */ ({ build: engine.build, stopMode: engine.stopMode });
  try {
    const infos = /** @type {any[]} */ ([]);
    const a = engine.analyze(KIWIPETE, { infinite: true }, { onInfo: (i) => infos.push(i) });
    await until(() => infos.some((i) => i.depth >= 6), 'depth 6');
    const reached = infos.at(-1).depth;
    const [legal, info] = await Promise.all([engine.legalMoves('startpos'), engine.positionInfo(KIWIPETE)]);
    await until(() => infos.some((i) => i.depth > reached + 1), 'the search to go on after the calls');
    const r = await a.stop();
    out.calls = {
      legal: legal.length,
      status: info.status,
      done: a.done,
      depths: infos.filter((i) => i.bound === 'exact' && i.multipv === 1).map((i) => i.depth),
      nodes: infos.map((i) => i.nodes),
      result: { stopped: r.stopped, stoppedBy: r.stoppedBy, depth: r.depth, bestMove: r.bestMove },
      lines: infos.filter((i) => i.bound === 'exact').slice(-3).map((i) => ({ fen: KIWIPETE, pv: i.pv, pvSan: i.pvSan })),
    };
    const controller = new AbortController();
    const aborted = engine.analyze(KIWIPETE, { infinite: true }, { signal: controller.signal });
    await sleep(100);
    controller.abort();
    out.abort = await aborted.result.then(() => 'resolved', (/** @type {any} */ e) => e.name);
    // no limit that ends it: DEFAULT_SEARCH_LIMITS (a rook ending reaches depth 22 at once)
    const t = performance.now();
    const ends = await engine.bestMove('8/8/8/4k3/8/8/3K4/7R w - - 0 1');
    out.defaultLimits = { limits: DEFAULT_SEARCH_LIMITS, depth: ends.depth, stopped: ends.stopped, ms: performance.now() - t };
    out.unknownOption = await createEngine(/** @type {any} */ ({ workerURL: 'x.js' })).then(() => 'started', (/** @type {any} */ e) => e instanceof EngineError && e.message);
    const reported = /** @type {string[]} */ ([]);
    engine.on('error', (/** @type {any} */ e) => reported.push(e.message));
    engine.analyze('not a fen', { depth: 2 }, { onInfo: () => {} });
    await until(() => reported.length > 0, 'the error of an analysis only onInfo follows', 5000);
    out.reported = reported;
    const r2 = await engine.bestMove(ITALIAN, { depth: 8 });
    out.after = { depth: r2.depth, bestMove: r2.bestMove, pv: r2.pv, pvSan: r2.pvSan, fen: ITALIAN };
  } finally {
    engine.terminate();
  }
  results.api = out;
}

/** The UCI text mode: a session, a search stopped. */
async function uci() {
  const w = createUciWorker();
  const lines = /** @type {string[]} */ ([]);
  w.onmessage = (e) => lines.push(e.data);
  w.postMessage('uci');
  await until(() => lines.includes('uciok'), 'uciok');
  w.postMessage('position startpos moves e2e4\ngo infinite');
  await until(() => lines.some((l) => /^info depth 5 /.test(l)), 'depth 5');
  w.postMessage('stop');
  await until(() => lines.some((l) => l.startsWith('bestmove')), 'bestmove');
  w.terminate();
  results.uci = { bestmove: lines.find((l) => l.startsWith('bestmove')), errors: lines.filter((l) => /error/.test(l)) };
}

/** Every event the elements send, heard on the document (they bubble and cross shadow roots). */
function listen() {
  const heard = /** @type {Record<string, any[]>} */ ({ iteration: [], bestmove: [], error: [], move: [] });
  for (const type of Object.keys(heard))
    document.addEventListener(type, (e) => {
      if (!(e instanceof CustomEvent)) return; // (the page's own error events)
      const from = /** @type {HTMLElement} */ (e.composedPath()[0]).id;
      heard[type].push(type === 'error' ? { from, message: e.detail.message } : { from, ...e.detail });
    });
  return heard;
}

/** A square's centre on the page, for a synthetic click on the element's board. */
function centre(/** @type {HTMLElement} */ el, /** @type {string} */ sq) {
  const r = /** @type {ShadowRoot} */ (el.shadowRoot).querySelector('[part=board]')?.getBoundingClientRect();
  if (!r) throw new Error('no board');
  const file = 'abcdefgh'.indexOf(sq[0]);
  const rank = Number(sq[1]) - 1;
  return { clientX: r.x + ((file + 0.5) * r.width) / 8, clientY: r.y + ((7 - rank + 0.5) * r.width) / 8 };
}
const part = (/** @type {HTMLElement} */ el, /** @type {string} */ name) => /** @type {ShadowRoot} */ (el.shadowRoot).querySelector(`[part=${name}]`);

/** One element inside a shadow root of the page's own: analysis, events, a move, a bad fen. */
async function element() {
  const heard = listen();
  const host = document.createElement('div');
  host.id = 'host';
  document.body.prepend(host);
  const root = host.attachShadow({ mode: 'open' });
  const board = /** @type {any} */ (document.createElement('mainline-analysis'));
  board.id = 'inner';
  board.setAttribute('fen', ITALIAN);
  board.setAttribute('multipv', '2');
  board.setAttribute('depth', '8');
  board.setAttribute('interactive', '');
  root.append(board);
  await until(() => heard.bestmove.length >= 1, 'the first bestmove');
  const shadow = board.shadowRoot;
  const look = {
    pieces: shadow.querySelectorAll('[part=board] [data-piece] path').length > 0 ? shadow.querySelectorAll('[part=board] [data-piece]').length : 0,
    arrows: shadow.querySelectorAll('[part=board] .arrow').length,
    rows: shadow.querySelectorAll('[part=row]').length,
  };
  // the board as a PNG (toPNG), decoded: its size, a dark square (a1), White's king on e1
  const png = await board.toPNG({ squareSize: 40 });
  const bitmap = await createImageBitmap(png);
  const canvas = Object.assign(document.createElement('canvas'), { width: bitmap.width, height: bitmap.height });
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  ctx.drawImage(bitmap, 0, 0);
  const pixel = (/** @type {number} */ x, /** @type {number} */ y) => [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)];
  // (40 px squares after a bar of 16 and a gap of 4: a1's left edge, the king's body)
  const picture = { type: png.type, width: bitmap.width, height: bitmap.height, a1: pixel(20 + 3, 7 * 40 + 20), e1: pixel(20 + 4 * 40 + 15, 7 * 40 + 25) };
  // a move by pointer: g8, then f6
  const svg = part(board, 'board');
  svg?.dispatchEvent(new MouseEvent('click', { bubbles: true, ...centre(board, 'g8') }));
  svg?.dispatchEvent(new MouseEvent('click', { bubbles: true, ...centre(board, 'f6') }));
  await until(() => heard.bestmove.length >= 2, 'the bestmove after Nf6');
  // a bad fen: said, and no position shown or searched
  board.fen = '8/8/8/8 w - - 0 1';
  await until(() => heard.error.length >= 1, 'the bad fen to be said');
  await sleep(200);
  const empty = {
    pieces: shadow.querySelectorAll('[part=board] [data-piece]').length,
    status: part(board, 'status')?.textContent,
    position: board.position,
    bestmoves: heard.bestmove.length,
  };
  board.fen = KIWIPETE;
  await until(() => heard.bestmove.length >= 3, 'the bestmove for a good fen again');
  results.element = {
    look,
    picture,
    empty,
    moves: heard.move,
    fens: heard.bestmove.map((b) => b.fen),
    from: [...new Set([...heard.iteration, ...heard.bestmove, ...heard.move].map((e) => e.from))],
    errors: heard.error,
    lines: heard.iteration.filter((i) => i.bound === 'exact').map((i) => ({ fen: i.fen, pv: i.pv, pvSan: i.pvSan })),
    position: board.position,
  };
  board.remove();
  host.remove();
}

// Twelve positions with a mate on the board: each search reaches the default depth at once in
// any browser (a page's CPU time with real positions is web/scripts/many-boards.mjs's).
const FENS = [
  '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1', '7k/8/6K1/8/8/8/8/5Q2 w - - 0 1', '6k1/8/6K1/8/8/8/8/R7 w - - 0 1',
  'k7/8/1K6/8/8/8/8/1Q6 w - - 0 1', '6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1', 'k7/8/K7/8/8/8/8/7R w - - 0 1',
  '4k3/8/4K3/8/8/8/8/7R w - - 0 1', '3r2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1', '7k/5Q2/6K1/8/8/8/8/8 w - - 0 1',
  'k7/2Q5/1K6/8/8/8/8/8 w - - 0 1', 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4',
  'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2',
];

/** Twelve elements, two in view: the pool's engines only, the rest paused; scrolled, they go on. */
async function many() {
  const heard = listen();
  const poolSize = /** @type {any} */ (customElements.get('mainline-analysis')).poolSize;
  const boards = FENS.map((fen, i) => {
    const b = document.createElement('mainline-analysis');
    b.id = `b${i}`;
    b.setAttribute('fen', fen);
    b.style.setProperty('--mainline-board-size', '160px');
    // two boards in view, the rest far below it
    b.style.display = 'block';
    b.style.height = '190px';
    b.style.marginBottom = i === 1 ? `${innerHeight * 3}px` : '40px';
    return b;
  });
  const box = document.createElement('div');
  box.append(...boards);
  document.body.prepend(box);
  scrollTo(0, 0);
  const firstTwo = ['b0', 'b1'];
  await until(() => firstTwo.every((id) => heard.bestmove.some((b) => b.from === id)), 'the two boards in view to end their searches', 60000);
  const status = (/** @type {Element} */ b) => part(/** @type {HTMLElement} */ (b), 'status')?.textContent;
  const inView = {
    searchedBy: [...new Set(heard.iteration.map((i) => i.from))].sort(),
    results: heard.bestmove.map((b) => ({ from: b.from, stopped: b.stopped, depth: b.depth })),
    paused: boards.slice(2).map(status),
    mostLive,
    started,
  };
  // the rest, scrolled into view in turn: each searches to its end, on the pool's engines
  for (let i = 2; i < boards.length; i += 2) {
    boards[i].scrollIntoView({ block: 'start' });
    const ids = [boards[i].id, boards[i + 1].id];
    await until(() => ids.every((id) => heard.bestmove.some((b) => b.from === id)), `boards ${ids.join(', ')} to end`, 60000);
  }
  results.many = {
    poolSize,
    inView,
    all: heard.bestmove.map((b) => ({ from: b.from, stopped: b.stopped, depth: b.depth })),
    mostLive,
    started,
    lines: heard.iteration.filter((i) => i.bound === 'exact').slice(-12).map((i) => ({ fen: i.fen, pv: i.pv, pvSan: i.pvSan })),
  };
  box.remove();
}

/** A hidden tab pauses an endless search; shown again, it goes on. */
async function hidden() {
  const heard = listen();
  const b = /** @type {any} */ (document.createElement('mainline-analysis'));
  b.id = 'endless';
  b.setAttribute('fen', KIWIPETE);
  b.setAttribute('infinite', '');
  document.body.prepend(b);
  await until(() => heard.iteration.some((i) => i.depth >= 6), 'depth 6');
  // the page's visibility as a browser reports it when the tab is hidden
  const state = /** @type {any} */ (Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState'));
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
  await sleep(300);
  const atHide = heard.iteration.length;
  await sleep(700);
  const whileHidden = heard.iteration.length - atHide;
  const pausedStatus = part(b, 'status')?.textContent;
  Object.defineProperty(document, 'visibilityState', state);
  delete (/** @type {any} */ (document)).visibilityState;
  document.dispatchEvent(new Event('visibilitychange'));
  const atShow = heard.iteration.length;
  await until(() => heard.iteration.length > atShow + 3, 'the search to go on');
  const r = await b.stop();
  results.hidden = { whileHidden, pausedStatus, bestmoves: heard.bestmove.length, after: { stopped: r && r.stopped, bestMove: r && r.bestMove }, status: part(b, 'status')?.textContent };
  b.remove();
}

const SCENARIOS = /** @type {Record<string, () => Promise<void>>} */ ({ api, uci, element, many, hidden });
try {
  await import('../src/element.js');
  for (const name of runs) {
    const t = performance.now();
    progress(name);
    await SCENARIOS[name]();
    results[`${name}Ms`] = Math.round(performance.now() - t);
  }
} catch (e) {
  results.error = `${e}\n${/** @type {any} */ (e)?.stack ?? ""}`;
}
results.mostLive = mostLive;
window.__results = results;
if (params.get('report')) await fetch(`/report/${encodeURIComponent(params.get('report') || '')}`, { method: 'POST', body: JSON.stringify(results) }).catch(() => {});
window.__done = true;
/** @type {HTMLElement} */ (document.getElementById('status')).textContent = 'done';
