#!/usr/bin/env node
// Builds (when needed) and serves the board app. One module for `npm start` (scripts/start.sh)
// and the end-to-end test (tests/js/app-e2e.test.mjs), so both see the same thing.
//
//   node app/server.mjs [--build] [--no-serve] [--no-isolation]   serve app/dist at http://127.0.0.1:5173
//     PORT=8080   another port;  HOST=0.0.0.0  another address (default 127.0.0.1)
//     --build     run `vite build` first when the build is missing or older than its sources
//     --no-serve  only build
//     --no-isolation   no COOP/COEP headers (the engine then stops searches by restarting its worker)
//
// Headers: a strict Content-Security-Policy (no eval; 'wasm-unsafe-eval' only compiles the
// engine) and, by default, COOP/COEP (cross-origin isolation: SharedArrayBuffer, so a search is
// stopped through a shared flag and the engine keeps its hash table).
import http from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const APP_DIR = path.dirname(fileURLToPath(import.meta.url));
export const DIST = path.join(APP_DIR, 'dist');
const ROOT = path.resolve(APP_DIR, '..');
// The engine package, found as the app's import of `mainline-chess` finds it (the workspace's web/).
export const ENGINE_DIR = path.dirname(createRequire(import.meta.url).resolve('mainline-chess/package.json'));

export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};
/** The sites the library imports games from by username (mainline-chess/import): the only hosts
 * besides the app's own that the page may talk to, and only when the user asks for an import. */
export const IMPORT_ORIGINS = ['https://lichess.org', 'https://api.chess.com'];
/** The page's policy; `connect`: more hosts it may fetch from (a mirror of a site's API, the tests' server). */
const csp = (/** @type {string[]} */ connect = []) =>
  `default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self' ${[...IMPORT_ORIGINS, ...connect].join(' ')}; ` +
  "img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/** MAINLINE_LICHESS_API / MAINLINE_CHESSCOM_API (as for mainline-analyse): their origins allowed too. */
const envOrigins = () =>
  [process.env.MAINLINE_LICHESS_API, process.env.MAINLINE_CHESSCOM_API].filter(Boolean).map((u) => {
    try {
      return new URL(/** @type {string} */ (u)).origin;
    } catch {
      throw new Error(`MAINLINE_LICHESS_API / MAINLINE_CHESSCOM_API must be a URL, not '${u}'`);
    }
  });

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** The files a build is made from (the app, the engine package's sources and its built worker). */
function sources() {
  const out = [];
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk(path.join(APP_DIR, 'src'));
  walk(path.join(APP_DIR, 'public'));
  walk(path.join(ENGINE_DIR, 'src'));
  walk(path.join(ENGINE_DIR, 'dist')); // the workers and .wasm of both builds
  out.push(path.join(APP_DIR, 'index.html'), path.join(APP_DIR, 'vite.config.js'), path.join(APP_DIR, 'package.json'), path.join(ENGINE_DIR, 'package.json'), path.join(ROOT, 'package-lock.json'));
  return out.filter((p) => existsSync(p));
}

/** True when app/dist is missing or older than one of its sources. */
function buildIsStale() {
  const index = path.join(DIST, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return sources().some((p) => statSync(p).mtimeMs > built);
}

/** Runs `vite build` for the app (synchronously; throws when it fails). */
function buildApp({ quiet = false } = {}) {
  // (rules-wasm.js: the rules module the app's rules import, mainline-chess/rules)
  for (const f of ['worker.js', 'mainline_web.wasm', 'rules-wasm.js']) {
    if (!existsSync(path.join(ENGINE_DIR, 'dist', f)))
      throw new Error(`${path.relative(ROOT, ENGINE_DIR)}/dist/${f} is missing: build the engine first (bash scripts/build.sh --wasm-only --no-debug)`);
  }
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  if (!existsSync(vite)) throw new Error('vite is not installed: run npm ci in the repository root');
  const r = spawnSync(process.execPath, [vite, 'build', '--config', path.join(APP_DIR, 'vite.config.js'), ...(quiet ? ['--logLevel', 'warn'] : [])], {
    cwd: ROOT,
    // a production build whoever runs it (Vitest sets NODE_ENV=test, which Vite would follow:
    // import.meta.env.PROD false, no service worker registration)
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`vite build failed (exit ${r.status})${quiet ? `:\n${r.stdout}\n${r.stderr}` : ''}`);
}

/** Builds the app if it is missing or stale. */
export function ensureBuilt(opts) {
  if (buildIsStale()) buildApp(opts);
}

/**
 * Serves app/dist. Resolves with { url, port, close }. The service worker (sw.js) is served
 * like the page (same headers, revalidated: `no-cache`), so the browser sees a new build at once;
 * the worker keeps the responses with their headers, so the page it serves offline has the same
 * CSP and COOP/COEP.
 * @param {{ port?: number, host?: string, isolation?: boolean, root?: string, onRequest?: (url: string) => void, connect?: string[] }} [opts]
 *   onRequest: hears every request's path (tests count what reaches the network); connect: origins
 *   the page may fetch from besides its own and the import sites' (the tests' fake sites)
 */
export async function startAppServer({ port = 5173, host = '127.0.0.1', isolation = true, root = DIST, onRequest, connect = [] } = {}) {
  const headers = { 'Content-Security-Policy': csp([...envOrigins(), ...connect]), 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', ...(isolation ? ISOLATION_HEADERS : {}) };
  const server = http.createServer(async (req, res) => {
    onRequest?.(req.url || '/');
    try {
      const url = new URL(req.url || '/', 'http://x');
      let rel = decodeURIComponent(url.pathname);
      if (rel.endsWith('/')) rel += 'index.html';
      const file = path.join(root, rel);
      if (!file.startsWith(root + path.sep)) {
        res.writeHead(403).end();
        return;
      }
      const info = await stat(file).catch(() => null);
      if (!info || !info.isFile()) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...headers }).end('not found');
        return;
      }
      const body = await readFile(file);
      // hashed assets never change; index.html and sprites are revalidated
      const cache = rel.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream', 'Cache-Control': cache, ...headers });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (e) {
      res.writeHead(500).end(String(e));
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const actual = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}/`,
    port: actual,
    close: () =>
      new Promise((r) => {
        server.close(() => r(undefined));
        server.closeAllConnections?.(); // keep-alive connections of a browser still open
      }),
  };
}

// ---- command line ---------------------------------------------------------------------------
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  try {
    if (args.includes('--build')) {
      if (buildIsStale()) {
        console.log('board app: building with vite (app/dist)');
        buildApp();
      } else console.log('board app: app/dist is up to date');
    }
    if (args.includes('--no-serve')) process.exit(0);
    if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('app/dist is missing: run with --build (or npm start)');
    const isolation = !args.includes('--no-isolation');
    const { url } = await startAppServer({ port: Number(process.env.PORT) || 5173, host: process.env.HOST || '127.0.0.1', isolation });
    console.log(`board app: serving ${url}${isolation ? ' (cross-origin isolated)' : ' (no COOP/COEP)'} — Ctrl+C to stop`);
  } catch (e) {
    console.error(`board app: ${e.message}`);
    process.exit(1);
  }
}
