// Browser entry of the engine worker (a module worker): `new Worker(url, { type: 'module' })`.
// Also usable directly in the stockfish.js style: post UCI command strings, receive UCI lines.
import { startWorker } from './worker-core.js';

const WASM_URL = new URL('../dist/mainline_web.wasm', import.meta.url);

startWorker({
  post: (msg) => self.postMessage(msg),
  onMessage: (fn) => self.addEventListener('message', (e) => fn(e.data)),
  close: () => self.close(),
  async loadWasm() {
    const response = await fetch(WASM_URL, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`cannot load ${WASM_URL}: HTTP ${response.status}`);
    // compileStreaming needs the application/wasm content type
    if (/^application\/wasm\b/.test(response.headers.get('content-type') || '')) return WebAssembly.compileStreaming(response);
    return WebAssembly.compile(await response.arrayBuffer());
  },
});
