// The port of a browser engine worker (see worker-core.js): messages through `self`, the
// WebAssembly fetched from `wasmUrl`.
/**
 * @param {{ wasmUrl: URL, loadModule: (urls: any) => Promise<{ factory: Function, settings: object }>,
 *   build: 'single' | 'threaded', limits: { hash: number, threads: number },
 *   loadHelpers?: (pool: any, count: number, timeoutMs: number) => Promise<boolean> }} build
 */
export function browserPort({ wasmUrl, loadModule, build, limits, loadHelpers }) {
  return {
    post: (msg) => self.postMessage(msg),
    onMessage: (fn) => self.addEventListener('message', (e) => fn(e.data)),
    close: () => self.close(),
    loadModule,
    loadHelpers,
    build,
    limits,
    async loadWasm() {
      const response = await fetch(wasmUrl, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`cannot load ${wasmUrl}: HTTP ${response.status}`);
      // compileStreaming needs the application/wasm content type
      if (/^application\/wasm\b/.test(response.headers.get('content-type') || '')) return WebAssembly.compileStreaming(response);
      return WebAssembly.compile(await response.arrayBuffer());
    },
  };
}
