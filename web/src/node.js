// Node entry of mainline-chess: the engine runs in a worker_threads Worker.
import { Worker } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { createEngineWith, UciWorker } from './client.js';

export { EngineError } from './client.js';
export { DEFAULT_SEARCH_LIMITS } from './limits.js';

const WORKER_URL = new URL('./worker-node.js', import.meta.url);
const NAMES = { single: 'mainline_web', threaded: 'mainline_web_mt' };

/**
 * Where a build's file is: under `baseUrl` (a folder: file URL or path) when given, `wasmUrl` for
 * the single build's wasm, else the package's dist/.
 * @param {any} opts @param {'single'|'threaded'} build @param {'.wasm'|'.js'} ext
 */
function fileUrl(opts, build, ext) {
  if (build === 'single' && ext === '.wasm' && opts.wasmUrl) return opts.wasmUrl;
  if (opts.baseUrl) {
    const base = String(opts.baseUrl);
    const dir = /^[a-z][a-z0-9+.-]*:/i.test(base) && !/^[a-z]:[\\/]/i.test(base) ? new URL(base) : pathToFileURL(base);
    return new URL(`${NAMES[build]}${ext}`, dir.href.endsWith('/') ? dir : new URL(`${dir.href}/`));
  }
  return new URL(`../dist/${NAMES[build]}${ext}`, import.meta.url);
}

const compiled = new Map(); // wasm path -> Promise<WebAssembly.Module>, shared by every engine

const platform = {
  name: 'node',
  sharedMemory: typeof SharedArrayBuffer === 'function',
  sharedBuffer: (bytes) => new SharedArrayBuffer(bytes),
  // Node has shared memory always; its default is the native engine's (one thread).
  defaultThreads: () => 1,
  optionNames: ['resourceLimits'],
  /** An error nobody listens for: on the console (a process that ignores it goes on). */
  report: (error) => console.error(error),
  // the module the worker loads (its own dist/ unless baseUrl says otherwise)
  urls: (opts, build) => (opts.baseUrl ? { module: String(fileUrl(opts, build, '.js')) } : undefined),
  compile(opts = {}, build = 'single') {
    const url = fileUrl(opts, build, '.wasm');
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
 * auto is threaded in Node), autoRestart, initTimeoutMs, callTimeoutMs, stopTimeoutMs, baseUrl
 * (a folder holding the package's dist/ files), resourceLimits (the worker thread's).
 */
export function createEngine(options = {}) {
  return createEngineWith(platform, options);
}

/** A Worker-like UCI text engine (what the mainline-uci binary uses). */
export function createUciWorker(options = {}) {
  return new UciWorker(platform, options);
}
