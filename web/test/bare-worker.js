// How long Chromium takes to begin a worker's script when the worker holds nothing (the page of
// `node web/scripts/cold-start.mjs --bare`): a module Worker started the way the package's
// createEngine starts its engine — from the page's module script while the page still loads — and
// once more after the load event. Set against the engine's own `scriptStart`, it tells the
// browser's share of a cold start from the package's (docs/web-speed.md).
const abs = () => performance.timeOrigin + performance.now();

/** @returns {Promise<number>} ms from `new Worker` to the first line of the worker's script */
async function emptyWorkerStart() {
  const start = abs();
  const worker = new Worker(new URL('./bare-worker-script.js', import.meta.url), { type: 'module' });
  const began = await new Promise((resolve, reject) => {
    worker.onmessage = (e) => resolve(Number(e.data));
    worker.onerror = () => reject(new Error('the empty worker failed to start'));
  });
  worker.terminate();
  return began - start;
}

/** @type {Record<string, unknown>} */
const results = {};
try {
  const duringLoadMs = await emptyWorkerStart();
  if (document.readyState !== 'complete') await new Promise((resolve) => addEventListener('load', resolve, { once: true }));
  const afterLoadMs = await emptyWorkerStart();
  results.bare = { duringLoadMs, afterLoadMs };
} catch (e) {
  results.error = String(e);
}
Object.assign(window, { __results: results, __done: true });
