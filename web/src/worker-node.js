// Node entry of the engine worker (worker_threads). Same protocol as worker.js.
import { parentPort } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { startWorker } from './worker-core.js';

startWorker({
  post: (msg) => parentPort.postMessage(msg),
  onMessage: (fn) => parentPort.on('message', fn),
  close: () => process.exit(0),
  loadWasm: async () => WebAssembly.compile(await readFile(new URL('../dist/mainline_web.wasm', import.meta.url))),
});
