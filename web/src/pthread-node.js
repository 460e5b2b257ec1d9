// A helper thread of the threaded build under Node: runs Emscripten's pthread worker script
// (dist/mainline_web_mt.worker.js, written for Web Workers) with the globals it uses: self,
// postMessage and onmessage, on top of worker_threads.
import { parentPort, workerData } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

globalThis.self = globalThis;
globalThis.postMessage = (msg, transfer) => parentPort.postMessage(msg, transfer);
parentPort.on('message', (data) => globalThis.onmessage({ data }));
// A classic script: evaluated in the global scope, as a Worker would run it.
(0, eval)(readFileSync(fileURLToPath(workerData.script), 'utf8'));
