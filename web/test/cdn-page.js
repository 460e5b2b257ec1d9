// mainline-chess as a plain page loads it from a CDN (tests/js/cdn.test.mjs, web/test/cdn-server.mjs):
//   1. <script type="module" src="CDN/src/element.js"> and <mainline-analysis>: the element's
//      engine files found beside its code, on the CDN;
//   2. `import { createEngine } from 'CDN/src/index.js'`: the same for the API;
//   3. the package's code copied to the site without its dist/ (/vendor/mainline-chess/), its
//      engine from the CDN through `baseUrl`, and an element with `base-url`.
// ?cdn=<the CDN's folder of the package, ending in />; results posted to /report/<report>.
const params = new URLSearchParams(location.search);
const cdn = /** @type {string} */ (params.get('cdn'));
/** @type {Record<string, any>} */
const results = { crossOriginIsolated: globalThis.crossOriginIsolated === true };
const FEN = 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3';

/** An element on the page; resolves with its first bestmove's detail (or the error it reports). */
function element(/** @type {Record<string, string>} */ attrs) {
  const el = document.createElement('mainline-analysis');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return new Promise((resolve) => {
    el.addEventListener('bestmove', (e) => resolve({ bestMove: /** @type {any} */ (e).detail.bestMove, depth: /** @type {any} */ (e).detail.depth }));
    el.addEventListener('error', (e) => resolve({ error: String(/** @type {any} */ (e).detail?.message ?? e) }));
    document.body.append(el);
  });
}

try {
  // 1. the tag, its module from the CDN
  const script = document.createElement('script');
  script.type = 'module';
  script.src = `${cdn}src/element.js`;
  const loaded = new Promise((resolve, reject) => ((script.onload = resolve), (script.onerror = () => reject(new Error(`cannot load ${script.src}`)))));
  document.head.append(script);
  await loaded;
  results.element = await element({ fen: FEN, depth: '8' });
  // 2. the API from the CDN
  const api = await import(`${cdn}src/index.js`);
  // (two threads where the page is isolated: the helper thread's script comes from the CDN too)
  const engine = await api.createEngine(globalThis.crossOriginIsolated && typeof SharedArrayBuffer === 'function' ? { options: { Threads: 2 } } : {});
  results.api = { build: engine.build, threads: engine.threads, ...(await engine.bestMove(FEN, { depth: 8 })) };
  engine.terminate();
  // 3. the site's own copy of the code, the engine from the CDN through baseUrl / base-url
  const vendor = await import(new URL('../vendor/mainline-chess/src/index.js', location.href).href);
  const viaBase = await vendor.createEngine({ baseUrl: `${cdn}dist/` });
  results.baseUrl = { build: viaBase.build, ...(await viaBase.bestMove(FEN, { depth: 8 })) };
  viaBase.terminate();
  results.baseUrlAttribute = await element({ fen: FEN, depth: '6', 'base-url': `${cdn}dist/` });
  // without either: the site's copy has no dist/, and says so
  const missing = await vendor.createEngine({ initTimeoutMs: 5000 }).then(
    (/** @type {any} */ e) => (e.terminate(), 'started'),
    (/** @type {any} */ e) => e.message,
  );
  results.missing = missing;
} catch (e) {
  results.error = `${e}\n${/** @type {any} */ (e)?.stack ?? ''}`;
}
/** @type {any} */ (window).__results = results;
if (params.get('report')) await fetch(`/report/${encodeURIComponent(params.get('report') || '')}`, { method: 'POST', body: JSON.stringify(results) }).catch(() => {});
/** @type {any} */ (window).__done = true;
/** @type {HTMLElement} */ (document.getElementById('status')).textContent = 'done';
