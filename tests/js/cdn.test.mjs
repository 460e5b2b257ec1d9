// mainline-chess from a CDN, as a plain page uses it: the packed tarball laid out as jsDelivr and
// unpkg lay out packages (/npm/mainline-chess@VERSION/...), served from an origin of its own with
// a CDN's headers, and a site on another origin with a strict Content-Security-Policy that names
// the CDN, isolated (COOP/COEP: the threaded build, its helper threads' script from the CDN too)
// and not (web/test/cdn-server.mjs, web/test/cdn-page.js): the element's module by a script tag,
// the API by an import, and the site's own copy of the code with the engine from the CDN through
// baseUrl and base-url. In Chromium, Firefox and WebKit (as tests/js/browsers.test.mjs runs them).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CHROMIUM } from '../../web/test/server.mjs';
import { startCdnAndSite } from '../../web/test/cdn-server.mjs';
import { FIREFOX } from '../../web/test/firefox.mjs';
import { haveWebKit } from '../../web/test/webkit.mjs';
import { startBrowsers } from '../../web/test/browsers.mjs';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const VERSION = JSON.parse(readFileSync(path.join(ROOT, 'web/package.json'), 'utf8')).version;
const UCI = /^[a-h][1-8][a-h][1-8][nbrq]?$/;

let dir;
let servers;
let started;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mainline-cdn-'));
  // the tarball as the registry has it, unpacked where a CDN serves it from
  const { stdout } = await run('npm', ['pack', path.join(ROOT, 'web'), '--json', '--pack-destination', dir], { cwd: dir, maxBuffer: 64 << 20 });
  const [info] = JSON.parse(stdout.slice(stdout.indexOf('[')));
  await run('tar', ['-xzf', info.filename], { cwd: dir });
  mkdirSync(path.join(dir, 'cdn/npm'), { recursive: true });
  renameSync(path.join(dir, 'package'), path.join(dir, `cdn/npm/mainline-chess@${VERSION}`));
  // the site's copy of the code, without the engine's files
  await run('cp', ['-r', path.join(dir, `cdn/npm/mainline-chess@${VERSION}`), path.join(dir, 'vendor')]);
  rmSync(path.join(dir, 'vendor/dist'), { recursive: true, force: true });
  servers = await startCdnAndSite({ cdnRoot: path.join(dir, 'cdn'), vendor: path.join(dir, 'vendor') });
  started = await startBrowsers(servers);
}, 120000);
afterAll(async () => {
  await started?.close();
  await servers?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const HAVE = { chromium: existsSync(CHROMIUM), firefox: existsSync(FIREFOX), webkit: haveWebKit, 'webkit, shared memory on': haveWebKit };

describe.each(Object.keys(HAVE))('%s', (browser) => {
  test.skipIf(!HAVE[browser]).each(browser === 'webkit, shared memory on' ? ['coi'] : ['plain', 'coi'])('a page with a strict CSP loads the element, the API and the engine from a CDN (%s)', async (mode) => {
    const cdn = `${servers.cdnOrigin}/npm/mainline-chess@${VERSION}/`;
    const before = servers.cdnRequests.length;
    const b = started.browsers[browser];
    const r = await b.open(mode, 'test/cdn-page.html', ['cdn'], { query: `cdn=${encodeURIComponent(cdn)}`, timeoutMs: 120000 });
    expect(r.error).toBeUndefined();
    if (r.problems) expect(r.problems.filter((p) => !/404/.test(p))).toEqual([]); // (the site's copy without dist/: below)
    expect(r.crossOriginIsolated).toBe(mode === 'coi');
    const build = mode === 'coi' && b.threads ? 'threaded' : 'single';
    expect(r.element).toMatchObject({ depth: 8, bestMove: expect.stringMatching(UCI) });
    expect(r.api).toMatchObject({ build, threads: build === 'threaded' ? 2 : 1, depth: 8, bestMove: expect.stringMatching(UCI) });
    expect(r.baseUrl).toMatchObject({ build, depth: 8, bestMove: expect.stringMatching(UCI) });
    expect(r.baseUrlAttribute).toMatchObject({ depth: 6, bestMove: expect.stringMatching(UCI) });
    expect(r.missing).toMatch(/vendor\/mainline-chess\/dist\/|worker failed|HTTP 404/);
    // the engine's files came from the CDN (the threaded build's helper script too)
    const got = servers.cdnRequests.slice(before).map((p) => p.replace(`/npm/mainline-chess@${VERSION}/`, ''));
    expect(got).toEqual(expect.arrayContaining(build === 'threaded'
      ? ['src/element.js', 'dist/worker-mt.js', 'dist/mainline_web_mt.wasm', 'dist/mainline_web_mt.js', 'dist/mainline_web_mt.worker.js']
      : ['src/element.js', 'dist/worker.js', 'dist/mainline_web.wasm']));
  }, 180000);
});
