// Browser entry of the threaded engine worker: the engine built with Emscripten pthreads, whose
// helper threads run in Workers of their own. Needs shared memory, so only a cross-origin
// isolated page starts it (index.js decides).
//
// The module (dist/mainline_web_mt.js) is not bundled in: each helper Worker (started from
// dist/mainline_web_mt.worker.js) imports it too. Their URLs come from the page (index.js
// resolves them with `new URL(..., import.meta.url)`, so a bundler that renames files renames
// these as well, or from its baseUrl); used directly, this file finds them next to itself.
import { startWorker } from './worker-core.js';
import { platformLimits } from './limits.js';
import { loadHelpers } from './worker-threads.js';
import { browserPort } from './worker-browser.js';
import { scriptUrl } from './trusted.js';

/**
 * The helper Workers' script: a Worker's script must come from this worker's origin, so one
 * from elsewhere (a CDN) is started from a one-line script of ours that loads it.
 * @param {string} url
 */
function helperScript(url) {
  const u = new URL(url, self.location.href);
  if (u.origin === self.origin || u.protocol === 'blob:') return scriptUrl(u.href);
  return scriptUrl(URL.createObjectURL(new Blob([`importScripts(${JSON.stringify(u.href)});\n`], { type: 'text/javascript' })));
}

startWorker(
  browserPort({
    wasmUrl: new URL('../dist/mainline_web_mt.wasm', import.meta.url),
    async loadModule(urls) {
      const moduleUrl = String((urls && urls.module) || new URL('../dist/mainline_web_mt.js', import.meta.url));
      const pthreadUrl = String((urls && urls.pthread) || new URL('../dist/mainline_web_mt.worker.js', import.meta.url));
      const { default: factory } = await import(moduleUrl);
      let helper = null;
      return {
        factory,
        settings: {
          mainScriptUrlOrBlob: moduleUrl, // what a helper Worker imports
          locateFile: (/** @type {string} */ file) => (file.endsWith('.worker.js') ? (helper ??= helperScript(pthreadUrl)) : new URL(file, moduleUrl).href),
        },
      };
    },
    build: 'threaded',
    loadHelpers,
    limits: platformLimits(self.navigator, true),
  }),
);
