// Browser entry of mainline-chess: the engine runs in a module Web Worker.
//   import { createEngine, createUciWorker } from 'mainline-chess';
import { createEngineWith, UciWorker } from './client.js';

export { EngineError } from './client.js';

const WORKER_URL = new URL('../dist/worker.js', import.meta.url);
const WASM_URL = new URL('../dist/mainline_web.wasm', import.meta.url);

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
  compile(opts = {}) {
    const url = String(opts.wasmUrl || WASM_URL);
    if (!compiled.has(url)) {
      const p = compileFrom(url);
      compiled.set(url, p);
      p.catch(() => compiled.delete(url));
    }
    return compiled.get(url);
  },
  spawn(opts = {}) {
    const worker = new Worker(opts.workerUrl || WORKER_URL, { type: 'module', name: 'mainline-chess' });
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
 * options ({ Hash: 64, MultiPV: 3, ... }), autoRestart, initTimeoutMs, callTimeoutMs,
 * workerUrl, wasmUrl.
 */
export function createEngine(options = {}) {
  return createEngineWith(platform, options);
}

/** A Worker-like UCI text engine (drop-in for a stockfish.js worker). */
export function createUciWorker(options = {}) {
  return new UciWorker(platform, options);
}
