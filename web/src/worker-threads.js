// The threaded build's helper threads (worker-mt.js in browsers, worker-node.js in Node): each
// runs in a Worker of Emscripten's pool, and a pthread can only start in a Worker that has loaded
// the module, which it reports while the thread that made it returns to its event loop, which a
// search or an option call never does. So before Threads becomes N, N - 1 loaded Workers are
// made ready here (worker-core.js calls this through its port's loadHelpers).

/** @type {WeakMap<object, Promise<unknown>>} each helper Worker's loading, started once */
const loads = new WeakMap();

/**
 * Makes `count` of the pool's unused Workers loaded (the helpers of the current setting are
 * still running then: they return to the pool later). Resolves true when they are, false when
 * they did not load within `timeoutMs`.
 * @param {any} pool Emscripten's PThread @param {number} count @param {number} timeoutMs
 * @returns {Promise<boolean>}
 */
export async function loadHelpers(pool, count, timeoutMs) {
  // (a Worker made here is in unusedWorkers at once, loaded or not: each is counted once, and
  // one still loading from an earlier call that gave up waiting is waited for again)
  while (pool.unusedWorkers.length < count) pool.allocateUnusedWorker();
  const loading = pool.unusedWorkers.slice(0, count).filter((/** @type {any} */ w) => !w.loaded).map((/** @type {any} */ w) => {
    if (!loads.has(w)) loads.set(w, new Promise((resolve) => pool.loadWasmModuleToWorker(w, resolve)));
    return loads.get(w);
  });
  if (!loading.length) return true;
  /** @type {ReturnType<typeof setTimeout>|undefined} */
  let timer;
  const late = new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs, 'late')));
  const outcome = await Promise.race([Promise.all(loading), late]);
  clearTimeout(timer);
  return outcome !== 'late';
}
