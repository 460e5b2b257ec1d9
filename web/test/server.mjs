// Static server for the browser tests: serves web/ (the package: src/, dist/, test/) on
// 127.0.0.1 under three path prefixes that only differ in their response headers:
//   /plain/  no special headers (no cross-origin isolation: no SharedArrayBuffer)
//   /coi/    COOP same-origin + COEP require-corp (crossOriginIsolated: SharedArrayBuffer)
//   /csp/    CSP script-src 'self' 'wasm-unsafe-eval' (what strict sites use)
//   /tt/     the same CSP with Trusted Types enforced (require-trusted-types-for 'script')
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json' };
const MODES = {
  plain: {},
  coi: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp', 'Cross-Origin-Resource-Policy': 'same-origin' },
  csp: { 'Content-Security-Policy': "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; object-src 'none'; base-uri 'none'" },
  // the strict CSP with Trusted Types enforced: no markup from strings, scripts' URLs only
  // through the package's one policy (and the test pages' own, for the Workers they start)
  tt: {
    'Content-Security-Policy':
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; object-src 'none'; base-uri 'none'; require-trusted-types-for 'script'; trusted-types mainline-chess mainline-test",
  },
};

// POST /report/<id>: a page's results, for browsers driven without playwright (Firefox, see
// firefox.mjs); `server.report(id)` resolves with the parsed body.
export async function startServer({ root = WEB } = {}) {
  /** @type {Map<string, (body: any) => void>} */
  const waiting = new Map();
  /** @type {Map<string, any>} */
  const arrived = new Map();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'POST' && url.pathname.startsWith('/report/')) {
      const id = url.pathname.slice('/report/'.length);
      let text = '';
      for await (const chunk of req) text += chunk;
      let body;
      try {
        body = JSON.parse(text);
      } catch {
        body = { error: `the page's report is not JSON: ${text.slice(0, 200)}` };
      }
      res.writeHead(204).end();
      const w = waiting.get(id);
      if (w) waiting.delete(id), w(body);
      else arrived.set(id, body);
      return;
    }
    const [, mode, ...rest] = url.pathname.split('/');
    const file = path.join(root, ...rest.map(decodeURIComponent));
    if (!MODES[mode] || !file.startsWith(root + path.sep)) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'max-age=600', ...MODES[mode] });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  /** @param {string} id */
  const report = (id) => new Promise((resolve) => {
    if (arrived.has(id)) {
      resolve(arrived.get(id));
      arrived.delete(id);
    } else waiting.set(id, resolve);
  });
  // what a page posted last under `id` without anyone waiting (its progress, before its report)
  const peek = (/** @type {string} */ id) => arrived.get(id);
  return { url: `http://127.0.0.1:${port}`, report, peek, close: () => new Promise((r) => server.close(r)) };
}

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Chromium through playwright-core, using Debian's /usr/bin/chromium rather than a browser that
// playwright downloads. The flags keep a headless run quiet: no sandbox, GPU, QUIC or background traffic.
// Every page gets a fresh browser context (empty cache: a cold start).
// `extraArgs` are added to the flags every script uses (for example --js-flags or a DevTools port).
export async function launchChromium(/** @type {string[]} */ extraArgs = []) {
  const { chromium } = await import('playwright-core');
  // launch() runs Chromium with a fresh temporary profile (--user-data-dir) of its own
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', ...extraArgs],
  });
  return { browser, close: () => browser.close() };
}

// Opens test/page.html?run=... (or another page under web/) in a new context under a mode and
// returns window.__results plus any console errors or CSP violations.
export async function runPage(browser, baseUrl, mode, runs, { timeoutMs = 60000, page: pagePath = 'test/page.html', query = '' } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content.Security|Refused/.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  try {
    await page.goto(`${baseUrl}/${mode}/${pagePath}?run=${runs.join(',')}${query ? `&${query}` : ''}`);
    await page.waitForFunction(() => window.__done === true, null, { timeout: timeoutMs });
    const results = await page.evaluate(() => window.__results);
    return { ...results, problems };
  } finally {
    await context.close();
  }
}
