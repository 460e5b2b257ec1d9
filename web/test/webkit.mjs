// WebKit for the browser tests and the web figures: Debian's WebKitGTK (libwebkit2gtk-4.1-0),
// whose JavaScriptCore runs WebAssembly as Safari's does, through the MiniBrowser it ships, in a
// virtual X display (Debian's xvfb: WebKitGTK draws in a real window). No WebDriver: the page
// (test/page.html, test/behaviour.html) posts its results to the test server (server.mjs, POST
// /report/<id>), as with Firefox (firefox.mjs). Each page gets a fresh browser with its data in a
// new temporary folder (a cold start); one display serves every page of a test file.
// Installed by `bash scripts/setup.sh`; without it the tests and figures say WebKit was skipped.
import { execFileSync, spawn } from 'node:child_process';
import { awaitReport } from './browser-report.mjs';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LIB = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib'].find((d) => existsSync(path.join(d, 'webkit2gtk-4.1/MiniBrowser')));
export const MINIBROWSER = process.env.MINIBROWSER_PATH || (LIB ? path.join(LIB, 'webkit2gtk-4.1/MiniBrowser') : '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser');
export const XVFB = '/usr/bin/Xvfb';

/** Whether WebKit can be run here: the MiniBrowser and a virtual display. */
export const haveWebKit = existsSync(MINIBROWSER) && existsSync(XVFB);

/** WebKitGTK's version as its package gives it (e.g. "WebKitGTK 2.50.6"), or null. */
export function webkitVersion() {
  if (!haveWebKit) return null;
  try {
    const v = execFileSync('dpkg-query', ['-W', '-f=${Version}', 'libwebkit2gtk-4.1-0'], { encoding: 'utf8' });
    return `WebKitGTK ${v.replace(/-.*$/, '')}`;
  } catch {
    return 'WebKitGTK';
  }
}

/**
 * A virtual X display for the tests of one file: { display, close() }.
 * @returns {Promise<{ display: string, close: () => Promise<void> }>}
 */
export async function startDisplay() {
  const x = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1280x900x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'], detached: true });
  const display = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('Xvfb did not start within 10 s')), 10000);
    x.stdio[3]?.on('data', (d) => {
      out += d;
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(`:${out.trim()}`);
      }
    });
    x.on('error', (e) => reject(e));
    x.on('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
  const gone = new Promise((resolve) => x.on('exit', resolve));
  return {
    display: /** @type {string} */ (display),
    async close() {
      try {
        process.kill(-(/** @type {number} */ (x.pid)), 'SIGTERM');
      } catch {
        /* gone already */
      }
      await gone;
    },
  };
}

let counter = 0;

/**
 * Opens a page of the test server (test/page.html?run=... by default) in a new MiniBrowser on
 * `display` and returns the page's results (as runFirefoxPage does).
 * @param {{ url: string, report: (id: string) => Promise<any> }} server
 * @param {string} display @param {string} mode @param {string[]} runs
 * `safariThreads`: JavaScriptCore's shared memory switched on, as Safari has it on a cross-origin
 * isolated page (WebKitGTK builds it off: no SharedArrayBuffer, so the single-threaded build).
 * @param {{ query?: string, timeoutMs?: number, page?: string, safariThreads?: boolean }} [o]
 */
export async function runWebKitPage(server, display, mode, runs, { query = '', timeoutMs = 120000, page = 'test/page.html', safariThreads = false } = {}) {
  const home = mkdtempSync(path.join(os.tmpdir(), 'mainline-webkit-'));
  const id = `wk${process.pid}-${++counter}`;
  const url = `${server.url}/${mode}/${page}?run=${runs.join(',')}&report=${id}${query ? `&${query}` : ''}`;
  // Painting and compositing on the CPU: WebKitGTK's default paints and composites with OpenGL,
  // which on a virtual display is Mesa's software rasteriser (swrast_dri), and that crashed the
  // page's process in its compositing thread about once in 15 runs of test/behaviour.html under
  // load (a core dump: SIGSEGV inside swrast_dri.so, no frame of ours), a page that never reports.
  const gl = { WEBKIT_DISABLE_COMPOSITING_MODE: '1', WEBKIT_SKIA_ENABLE_CPU_RENDERING: '1', WEBKIT_DISABLE_DMABUF_RENDERER: '1' };
  const env = { ...process.env, ...gl, ...(safariThreads ? { JSC_useSharedArrayBuffer: '1' } : {}), DISPLAY: display, HOME: home, XDG_CACHE_HOME: path.join(home, 'cache'), XDG_DATA_HOME: path.join(home, 'data'), XDG_CONFIG_HOME: path.join(home, 'config') };
  // MAINLINE_WEBKIT_CONSOLE=1: the page's console on this process's output (for debugging a page)
  const consoleOut = process.env.MAINLINE_WEBKIT_CONSOLE === '1';
  const wk = spawn(MINIBROWSER, ['--private', ...(consoleOut ? ['--enable-write-console-messages-to-stdout=true'] : []), url], {
    stdio: consoleOut ? ['ignore', 'inherit', 'inherit'] : 'ignore',
    detached: true,
    env,
  });
  try {
    return await awaitReport(server, id, wk, 'WebKit', MINIBROWSER, timeoutMs);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
