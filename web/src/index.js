// Browser entry of mainline-chess: the engine runs in a module Web Worker.
//   import { createEngine, createUciWorker } from 'mainline-chess';
import { createEngineWith, UciWorker } from './client.js';
import { scriptUrl } from './trusted.js';

export { EngineError } from './client.js';
export { DEFAULT_SEARCH_LIMITS } from './limits.js';

// The files of each build, next to this one in the package (a bundler that renames files sees
// these `new URL`s and renames them here too). `?no-inline`: Vite would make the small helper
// script a data: URL, from which a Worker can neither import the module nor share the page's
// memory; other bundlers and servers pass the query along unread.
const FILES = {
  single: {
    worker: new URL('../dist/worker.js', import.meta.url),
    wasm: new URL('../dist/mainline_web.wasm', import.meta.url),
  },
  threaded: {
    worker: new URL('../dist/worker-mt.js', import.meta.url),
    wasm: new URL('../dist/mainline_web_mt.wasm', import.meta.url),
    // the threaded build's module and its helper Workers' script, passed to the worker
    module: new URL('../dist/mainline_web_mt.js', import.meta.url),
    pthread: new URL('../dist/mainline_web_mt.worker.js?no-inline', import.meta.url),
  },
};
// The same files by name, for a `baseUrl` (a CDN's folder, or wherever a site copied dist/ to).
const NAMES = {
  single: { worker: 'worker.js', wasm: 'mainline_web.wasm' },
  threaded: { worker: 'worker-mt.js', wasm: 'mainline_web_mt.wasm', module: 'mainline_web_mt.js', pthread: 'mainline_web_mt.worker.js' },
};
// The most threads a page gets without asking: one core is left to the page itself.
const DEFAULT_THREADS_CAP = 8;

const pageUrl = () => globalThis.document?.baseURI || globalThis.location?.href;

/**
 * Where a file of a build is: under `baseUrl` when one is given (the folder of the package's
 * dist/ files), `workerUrl` / `wasmUrl` for the single build's worker and wasm, else beside this file.
 * @param {{ baseUrl?: string|URL, workerUrl?: string|URL, wasmUrl?: string|URL }} opts
 * @param {'single'|'threaded'} build @param {'worker'|'wasm'|'module'|'pthread'} file
 */
function fileUrl(opts, build, file) {
  if (build === 'single' && file === 'worker' && opts.workerUrl) return new URL(String(opts.workerUrl), pageUrl());
  if (build === 'single' && file === 'wasm' && opts.wasmUrl) return new URL(String(opts.wasmUrl), pageUrl());
  if (opts.baseUrl) {
    const base = String(opts.baseUrl);
    return new URL(/** @type {any} */ (NAMES[build])[file], new URL(base.endsWith('/') ? base : `${base}/`, pageUrl()));
  }
  // (a bundler may have made it a path of the site's, not a URL: Next.js gives '/_next/static/...')
  return new URL(String(/** @type {any} */ (FILES[build])[file]), pageUrl());
}

// Shared memory: a cross-origin isolated page with SharedArrayBuffer. (WebKitGTK, GNOME Web's
// engine, makes shared WebAssembly memories on such a page but names no SharedArrayBuffer and
// cannot send one to a Worker, so it gets the single-threaded build, as an unisolated page does.)
const sharedMemory = () => typeof SharedArrayBuffer === 'function' && globalThis.crossOriginIsolated === true;

const compiled = new Map(); // wasm URL -> Promise<WebAssembly.Module>, shared by every engine

async function compileFrom(/** @type {string} */ url) {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
  // compileStreaming needs the application/wasm content type
  if (/^application\/wasm\b/.test(response.headers.get('content-type') || '')) return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * A module Worker running the script at `url`. A Worker's script must come from the page's own
 * origin, so one from elsewhere (a CDN) is started from a small module of the page's that
 * imports it (a CORS request, as any module from a CDN; the page's CSP must allow blob: workers).
 * The import is a dynamic one (WebKit refuses a static import from another origin in a worker
 * of a cross-origin isolated page), and what the page sends meanwhile is kept and handed on.
 * @param {URL} url
 */
function moduleWorker(url) {
  const options = /** @type {WorkerOptions} */ ({ type: 'module', name: 'mainline-chess' });
  const origin = globalThis.location?.origin;
  if (!origin || url.origin === origin || url.protocol === 'blob:' || url.protocol === 'data:') return { worker: new Worker(scriptUrl(url.href), options), release() {} };
  const start =
    'const early = [], keep = (e) => early.push(e);\n' +
    "addEventListener('message', keep);\n" +
    `await import(${JSON.stringify(url.href)});\n` +
    "removeEventListener('message', keep);\n" +
    "for (const e of early) dispatchEvent(new MessageEvent('message', { data: e.data }));\n";
  const blob = URL.createObjectURL(new Blob([start], { type: 'text/javascript' }));
  return { worker: new Worker(scriptUrl(blob), options), release: () => URL.revokeObjectURL(blob) };
}

const platform = {
  name: 'browser',
  get sharedMemory() {
    return sharedMemory();
  },
  sharedBuffer: (/** @type {number} */ bytes) => new SharedArrayBuffer(bytes),
  defaultThreads: () => Math.max(1, Math.min((globalThis.navigator?.hardwareConcurrency || 1) - 1, DEFAULT_THREADS_CAP)),
  optionNames: [],
  /** An error nobody listens for: the page's `error` event and console, as an uncaught one. */
  report(/** @type {Error} */ error) {
    if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
    else console.error(error);
  },
  urls: (/** @type {any} */ opts, /** @type {'single'|'threaded'} */ build) =>
    build === 'threaded' ? { module: String(fileUrl(opts, build, 'module')), pthread: String(fileUrl(opts, build, 'pthread')) } : undefined,
  compile(/** @type {any} */ opts = {}, /** @type {'single'|'threaded'} */ build = 'single') {
    const url = String(fileUrl(opts, build, 'wasm'));
    if (!compiled.has(url)) {
      const p = compileFrom(url);
      compiled.set(url, p);
      p.catch(() => compiled.delete(url));
    }
    return compiled.get(url);
  },
  spawn(/** @type {any} */ opts = {}, /** @type {'single'|'threaded'} */ build = 'single') {
    const { worker, release } = moduleWorker(fileUrl(opts, build, 'worker'));
    // the blob of a cross-origin start is needed until the worker has loaded (its first message)
    worker.addEventListener('message', release, { once: true });
    worker.addEventListener('error', release, { once: true });
    return {
      post: (/** @type {any} */ msg) => worker.postMessage(msg),
      onMessage: (/** @type {(m: any) => void} */ fn) => worker.addEventListener('message', (e) => fn(e.data)),
      onError(/** @type {(e: Error) => void} */ fn) {
        worker.addEventListener('error', (e) => {
          e.preventDefault();
          fn(new Error(e.message || 'the worker failed to start or threw'));
        });
        worker.addEventListener('messageerror', () => fn(new Error('a message from the worker could not be read')));
      },
      terminate: () => {
        release();
        worker.terminate();
      },
      ref() {},
      unref() {},
    };
  },
};

/**
 * Starts an engine in a new worker. Options: stopMode ('auto' | 'sab' | 'terminate'),
 * options ({ Hash: 64, MultiPV: 3, Threads: 4, ... }), build ('auto' | 'threaded' | 'single';
 * auto: threaded when the page is cross-origin isolated, with min(cores - 1, 8) threads unless
 * options.Threads says otherwise), autoRestart, initTimeoutMs, callTimeoutMs, stopTimeoutMs,
 * baseUrl (the folder of every file of both builds), workerUrl and wasmUrl (the single build's).
 */
export function createEngine(options = {}) {
  return createEngineWith(platform, options);
}

/** A Worker-like UCI text engine (drop-in for a stockfish.js worker). */
export function createUciWorker(options = {}) {
  return new UciWorker(platform, options);
}
