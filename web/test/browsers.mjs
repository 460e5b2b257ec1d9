// The three browser engines the package's tests run pages in, started once for a test file:
// Chromium through playwright-core (server.mjs), Firefox headless (firefox.mjs) and WebKit on a
// virtual display (webkit.mjs). Each opens a page of a test server whose pages post their results
// (server.mjs, cdn-server.mjs) and resolves with them.
import { existsSync } from 'node:fs';
import { CHROMIUM, launchChromium, runPage } from './server.mjs';
import { FIREFOX, runFirefoxPage } from './firefox.mjs';
import { haveWebKit, runWebKitPage, startDisplay } from './webkit.mjs';

/**
 * @typedef {{ query?: string, timeoutMs?: number }} OpenOptions
 * @typedef {{ have: boolean, threads: boolean, open: (mode: string, page: string, runs: string[], o?: OpenOptions) => Promise<any> }} Browser
 */

/**
 * Starts the browsers that are installed, for pages of `server` ({ url, report }).
 * `threads`: whether the browser gives an isolated page shared memory (the threaded build).
 * 'webkit, shared memory on' is WebKit with JavaScriptCore's shared memory switched on, as
 * Safari has it on an isolated page (WebKitGTK builds it off).
 * @param {{ url: string, report: (id: string) => Promise<any> }} server
 * @returns {Promise<{ browsers: Record<string, Browser>, close: () => Promise<void> }>}
 */
export async function startBrowsers(server) {
  const chromium = existsSync(CHROMIUM) ? await launchChromium() : null;
  const display = haveWebKit ? await startDisplay() : null;
  const webkit = (/** @type {boolean} */ safariThreads) => (/** @type {string} */ mode, /** @type {string} */ page, /** @type {string[]} */ runs, /** @type {OpenOptions} */ o = {}) =>
    runWebKitPage(server, /** @type {any} */ (display).display, mode, runs, { page, timeoutMs: 180000, ...o, safariThreads });
  return {
    browsers: {
      chromium: { have: !!chromium, threads: true, open: (mode, page, runs, o = {}) => runPage(/** @type {any} */ (chromium).browser, server.url, mode, runs, { page, timeoutMs: 180000, ...o }) },
      firefox: { have: existsSync(FIREFOX), threads: true, open: (mode, page, runs, o = {}) => runFirefoxPage(server, mode, runs, { page, timeoutMs: 180000, ...o }) },
      webkit: { have: haveWebKit, threads: false, open: webkit(false) },
      'webkit, shared memory on': { have: haveWebKit, threads: true, open: webkit(true) },
    },
    async close() {
      await chromium?.close();
      await display?.close();
    },
  };
}
