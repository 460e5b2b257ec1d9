// Node entry of mainline-chess: the engine runs in a worker_threads Worker.
import { Worker } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { createEngineWith, UciWorker } from './client.js';

export { EngineError } from './client.js';

const WORKER_URL = new URL('./worker-node.js', import.meta.url);
const WASM_URLS = {
  single: new URL('../dist/mainline_web.wasm', import.meta.url),
  threaded: new URL('../dist/mainline_web_mt.wasm', import.meta.url),
};

const compiled = new Map(); // wasm path -> Promise<WebAssembly.Module>, shared by every engine

const platform = {
  name: 'node',
  sharedMemory: typeof SharedArrayBuffer === 'function',
  // Node has shared memory always; its default is the native engine's (one thread).
  defaultThreads: () => 1,
  compile(opts = {}, build = 'single') {
    const url = opts.wasmUrl || WASM_URLS[build];
    const key = String(url);
    if (!compiled.has(key)) {
      const p = readFile(url).then((bytes) => WebAssembly.compile(bytes));
      compiled.set(key, p);
      p.catch(() => compiled.delete(key));
    }
    return compiled.get(key);
  },
  spawn(opts = {}, build = 'single') {
    const worker = new Worker(opts.workerUrl || WORKER_URL, { name: 'mainline-chess', resourceLimits: opts.resourceLimits, workerData: { build } });
    let failed = null;
    return {
      post: (msg) => worker.postMessage(msg),
      onMessage: (fn) => worker.on('message', fn),
      onError(fn) {
        worker.on('error', (e) => {
          failed = e;
          fn(e);
        });
        worker.on('exit', (code) => {
          if (!failed) fn(new Error(`the worker exited (code ${code})`));
        });
      },
      terminate() {
        failed = failed || new Error('terminated');
        worker.terminate();
      },
      ref: () => worker.ref(),
      unref: () => worker.unref(),
    };
  },
};

/**
 * Starts an engine in a new worker thread. Options: stopMode ('auto' | 'sab' | 'terminate'),
 * options ({ Hash: 64, MultiPV: 3, Threads: 4, ... }), build ('auto' | 'threaded' | 'single';
 * auto is threaded in Node), autoRestart, initTimeoutMs, callTimeoutMs.
 */
export function createEngine(options = {}) {
  return createEngineWith(platform, options);
}

/** A Worker-like UCI text engine (what the mainline-uci binary uses). */
export function createUciWorker(options = {}) {
  return new UciWorker(platform, options);
}
