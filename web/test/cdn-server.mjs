// Two origins on loopback for the CDN test (tests/js/cdn.test.mjs): a CDN that serves a folder
// laid out as jsDelivr and unpkg lay out packages (/npm/mainline-chess@VERSION/<the package's
// files>) with the headers such CDNs send (CORS for every origin, Cross-Origin-Resource-Policy
// cross-origin, long caching), and a site whose pages load the package from it, served with a
// strict Content-Security-Policy that names the CDN (in script-src, for the package's modules;
// connect-src, for its .wasm; worker-src with blob:, for its Workers, which a page starts from a
// one-line module of its own that imports the CDN's), and optionally cross-origin isolated
// (COOP/COEP: the threaded build, whose files come from the CDN as well).
//   site: /<mode>/test/<file> from web/test; /<mode>/vendor/mainline-chess/<file> from `vendor`
//         (the package's code copied to the site without its dist/); POST /report/<id> as in
//         server.mjs. mode: plain | coi
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TEST = path.dirname(fileURLToPath(import.meta.url));
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json', '.ts': 'text/plain' };

/** @param {string} root @param {string[]} parts */
async function file(root, parts) {
  const f = path.join(root, ...parts.map(decodeURIComponent));
  if (!f.startsWith(root + path.sep)) return null;
  try {
    return { body: await readFile(f), type: TYPES[path.extname(f)] || 'application/octet-stream' };
  } catch {
    return null;
  }
}

/** @param {(req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>} handle */
async function listen(handle) {
  const server = http.createServer((req, res) => handle(req, res).catch(() => res.writeHead(500).end()));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { port, close: () => new Promise((r) => server.close(r)) };
}

/**
 * @param {{ cdnRoot: string, vendor: string }} o cdnRoot: the folder holding npm/mainline-chess@VERSION/
 */
export async function startCdnAndSite({ cdnRoot, vendor }) {
  const cdnRequests = /** @type {string[]} */ ([]);
  const cdn = await listen(async (req, res) => {
    const url = new URL(req.url || '/', 'http://x');
    cdnRequests.push(url.pathname);
    const got = await file(cdnRoot, url.pathname.split('/').slice(1));
    const common = { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin', 'Timing-Allow-Origin': '*' };
    if (!got) return void res.writeHead(404, common).end();
    res.writeHead(200, { ...common, 'Content-Type': got.type, 'Cache-Control': 'public, max-age=31536000, immutable' }).end(got.body);
  });
  // the CDN on `localhost` and the site on 127.0.0.1: two origins
  const cdnOrigin = `http://localhost:${cdn.port}`;
  const csp = `default-src 'self'; script-src 'self' ${cdnOrigin} 'wasm-unsafe-eval'; worker-src 'self' blob: ${cdnOrigin}; connect-src 'self' ${cdnOrigin}; img-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'`;
  const MODES = {
    plain: { 'Content-Security-Policy': csp },
    coi: { 'Content-Security-Policy': csp, 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
  };
  /** @type {Map<string, (body: any) => void>} */
  const waiting = new Map();
  /** @type {Map<string, any>} */
  const arrived = new Map();
  const site = await listen(async (req, res) => {
    const url = new URL(req.url || '/', 'http://x');
    if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
    if (req.method === 'POST' && url.pathname.startsWith('/report/')) {
      const id = url.pathname.slice('/report/'.length);
      let text = '';
      for await (const chunk of req) text += chunk;
      res.writeHead(204).end();
      const body = JSON.parse(text);
      const w = waiting.get(id);
      if (w) waiting.delete(id), w(body);
      else arrived.set(id, body);
      return;
    }
    const [, mode, area, ...rest] = url.pathname.split('/');
    const headers = /** @type {Record<string, Record<string, string>>} */ (MODES)[mode];
    const got = !headers ? null : area === 'test' ? await file(TEST, rest) : area === 'vendor' && rest[0] === 'mainline-chess' ? await file(vendor, rest.slice(1)) : null;
    if (!got) return void res.writeHead(404).end();
    res.writeHead(200, { ...headers, 'Content-Type': got.type, 'Cache-Control': 'no-store' }).end(got.body);
  });
  return {
    siteUrl: `http://127.0.0.1:${site.port}`,
    cdnOrigin,
    cdnRequests,
    /** @param {string} id @returns {Promise<any>} */
    report: (id) =>
      new Promise((resolve) => {
        if (arrived.has(id)) resolve(arrived.get(id)), arrived.delete(id);
        else waiting.set(id, resolve);
      }),
    url: `http://127.0.0.1:${site.port}`,
    /** @param {string} id */
    peek: (id) => arrived.get(id),
    close: async () => {
      await cdn.close();
      await site.close();
    },
  };
}
