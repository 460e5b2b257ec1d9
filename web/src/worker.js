// Browser entry of the engine worker (a module worker): `new Worker(url, { type: 'module' })`.
// Also usable directly in the stockfish.js style: post UCI command strings, receive UCI lines.
// The single-threaded build, for every page (worker-mt.js is the threaded one).
import createMainlineModule from '../dist/mainline_web.js';
import { startWorker } from './worker-core.js';
import { platformLimits } from './limits.js';
import { browserPort } from './worker-browser.js';

startWorker(
  browserPort({
    wasmUrl: new URL('../dist/mainline_web.wasm', import.meta.url),
    loadModule: async () => ({ factory: createMainlineModule, settings: {} }),
    build: 'single',
    limits: platformLimits(self.navigator, false),
  }),
);
