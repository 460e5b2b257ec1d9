// Browser entry of mainline-chess: the engine runs in a module Web Worker.
//   import { createEngine, createUciWorker } from 'mainline-chess';
import { createEngineWith, UciWorker } from './client.js';

export { EngineError } from './client.js';

const WORKER_URLS = {
  single: new URL('../dist/worker.js', import.meta.url),
  threaded: new URL('../dist/worker-mt.js', import.meta.url),
};
const WASM_URLS = {
  single: new URL('../dist/mainline_web.wasm', import.meta.url),
  threaded: new URL('../dist/mainline_web_mt.wasm', import.meta.url),
};
// The threaded build's module and its helper Workers' script, passed to the worker (a bundler
// that renames files sees these `new URL`s and renames them here too). `?no-inline`: Vite would
// make the small helper script a data: URL, from which a Worker can neither import the module
// nor share the page's memory; other bundlers and servers pass the query along unread.
const THREADED_URLS = {
  module: new URL('../dist/mainline_web_mt.js', import.meta.url),
  pthread: new URL('../dist/mainline_web_mt.worker.js?no-inline', import.meta.url),
};
// The most threads a page gets without asking: one core is left to the page itself.
const DEFAULT_THREADS_CAP = 8;

const compiled = new Map(); // wasm URL -> Promise<WebAssembly.Module>, shared by every engine

async function compileFrom(url) {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
  // compileStreaming needs the application/wasm content type
  if (/^application\/wasm\b/.test(response.headers.get('content-type') || '')) return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await response.arrayBuffer());
}

const platform = {
  name: 'browser',
  get sharedMemory() {
    return typeof SharedArrayBuffer === 'function' && globalThis.crossOriginIsolated === true;
  },
  defaultThreads: () => Math.max(1, Math.min((globalThis.navigator?.hardwareConcurrency || 1) - 1, DEFAULT_THREADS_CAP)),
  urls: (build) => (build === 'threaded' ? { module: String(THREADED_URLS.module), pthread: String(THREADED_URLS.pthread) } : undefined),
  compile(opts = {}, build = 'single') {
    const url = String(opts.wasmUrl || WASM_URLS[build]);
    if (!compiled.has(url)) {
      const p = compileFrom(url);
      compiled.set(url, p);
      p.catch(() => compiled.delete(url));
    }
    return compiled.get(url);
  },
  spawn(opts = {}, build = 'single') {
    const worker = new Worker(opts.workerUrl || WORKER_URLS[build], { type: 'module', name: 'mainline-chess' });
    return {
      post: (msg) => worker.postMessage(msg),
      onMessage: (fn) => worker.addEventListener('message', (e) => fn(e.data)),
      onError(fn) {
        worker.addEventListener('error', (e) => {
          e.preventDefault();
          fn(new Error(e.message || 'the worker failed to start or threw'));
        });
        worker.addEventListener('messageerror', () => fn(new Error('a message from the worker could not be read')));
      },
      terminate: () => worker.terminate(),
      ref() {},
      unref() {},
    };
  },
};

/**
 * Starts an engine in a new worker. Options: stopMode ('auto' | 'sab' | 'terminate'),
 * options ({ Hash: 64, MultiPV: 3, Threads: 4, ... }), build ('auto' | 'threaded' | 'single';
 * auto: threaded when the page is cross-origin isolated, with min(cores - 1, 8) threads unless
 * options.Threads says otherwise), autoRestart, initTimeoutMs, callTimeoutMs, workerUrl, wasmUrl.
 */
export function createEngine(options = {}) {
  return createEngineWith(platform, options);
}

/** A Worker-like UCI text engine (drop-in for a stockfish.js worker). */
export function createUciWorker(options = {}) {
  return new UciWorker(platform, options);
}
