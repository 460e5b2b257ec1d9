// A browser started on a page that posts its results to the test server (server.mjs, POST
// /report/<id>), for browsers driven without playwright (firefox.mjs, webkit.mjs).

/**
 * Waits for the page's report, the browser's exit or `timeoutMs`, whichever comes first, then
 * ends the browser's whole process group (its content processes too). Resolves with the report,
 * or { error } saying why there is none.
 * @param {{ report: (id: string) => Promise<any>, peek?: (id: string) => any }} server @param {string} id
 * @param {import('node:child_process').ChildProcess} child started with `detached: true`
 * @param {string} name the browser, as the errors name it @param {string} path what was started
 * @param {number} timeoutMs
 */
export async function awaitReport(server, id, child, name, path, timeoutMs) {
  let exited = null;
  const exit = new Promise((resolve) => {
    child.on('error', (e) => resolve((exited = `could not start ${path}: ${e.message}`)));
    child.on('exit', (code, signal) => resolve((exited = `${name} exited (${signal ?? code}) before the page reported`)));
  });
  /** @type {ReturnType<typeof setTimeout>|undefined} */
  let timer;
  try {
    const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve(`no report from ${name} within ${timeoutMs} ms`), timeoutMs)));
    const got = await Promise.race([server.report(id), exit, timeout]);
    if (typeof got !== 'string') return got;
    // where the page was (it posts its progress as it goes: test/page.js, test/behaviour.js)
    const progress = server.peek?.(`${id}-progress`);
    return { error: progress ? `${got}; the page was at: ${JSON.stringify(progress)}` : got };
  } finally {
    clearTimeout(timer);
    if (exited === null) {
      try {
        process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
      } catch {
        /* gone already */
      }
      await exit;
    }
  }
}
