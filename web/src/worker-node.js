// Node entry of the engine worker (worker_threads). Same protocol as worker.js; workerData.build
// picks the single-threaded or the threaded (pthreads) build.
import { parentPort, workerData, Worker as NodeWorker } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { startWorker } from './worker-core.js';
import { platformLimits } from './limits.js';
import { loadHelpers } from './worker-threads.js';

const threaded = workerData && workerData.build === 'threaded';
const name = threaded ? 'mainline_web_mt' : 'mainline_web';
const moduleUrl = new URL(`../dist/${name}.js`, import.meta.url);

if (threaded) {
  // Emscripten's pthread code (built for browsers) makes its helper Workers with the Web Worker
  // API: `new Worker(url)`, onmessage/onerror, postMessage. Node's worker_threads stand in, each
  // running pthread-node.js, which gives Emscripten's worker script the globals it expects.
  globalThis.Worker = class PthreadWorker {
    constructor(url) {
      this.onmessage = null;
      this.onerror = null;
      this.worker = new NodeWorker(new URL('./pthread-node.js', import.meta.url), {
        name: 'mainline-chess-thread',
        workerData: { script: String(url) },
      });
      this.worker.on('message', (data) => this.onmessage && this.onmessage({ data }));
      this.worker.on('error', (e) => this.onerror && this.onerror(e));
    }
    postMessage(msg, transfer) {
      this.worker.postMessage(msg, transfer);
    }
    terminate() {
      this.worker.terminate();
    }
  };
}

startWorker({
  post: (msg) => parentPort.postMessage(msg),
  onMessage: (fn) => parentPort.on('message', fn),
  close: () => process.exit(0),
  loadWasm: async () => WebAssembly.compile(await readFile(new URL(`../dist/${name}.wasm`, import.meta.url))),
  async loadModule(urls) {
    // the package's own dist/, or the folder createEngine's baseUrl named
    const url = (urls && urls.module) || moduleUrl;
    const { default: factory } = await import(url);
    // pthread Workers import the module by this URL (see pthread-node.js)
    return { factory, settings: threaded ? { mainScriptUrlOrBlob: String(url) } : {} };
  },
  build: threaded ? 'threaded' : 'single',
  loadHelpers: threaded ? loadHelpers : undefined,
  limits: platformLimits(undefined, threaded),
});
