// The board app as an offline, installable app with saved analyses, in Chromium (Debian's
// /usr/bin/chromium through playwright-core), built and served as `npm start` serves it
// (app/server.mjs: COOP/COEP + strict CSP), from a copy of the build so that a test can
// publish a new version:
//   - first visit online, the service worker takes control; then the browser context goes
//     offline (and the test checks nothing reaches the server): reload, load a game, analyse
//     the whole game (the engine worker is crashed on purpose half-way), note, reload, and
//     everything is there; a PGN export imports again to the same data; the library;
//   - a new version on the server: the "new version — reload" prompt, and the reload brings it;
//   - storage that is full or missing gets a clear message, and the board still works.
// The browser's real IndexedDB is used. Screenshots: test-results/app-offline-*.png.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Chess } from 'chess.js';
import { launchChromium } from '../../web/test/server.mjs';
import { DIST, ensureBuilt, startAppServer } from '../../app/server.mjs';
import { boardPly, boardScreenshot, haveBrowser, openAppPage, SHOTS, TRAP as GAME } from './app-page.mjs';
// the one place the version is written (the Annotator header names it)
const VERSION = JSON.parse(readFileSync(new URL('../../web/package.json', import.meta.url), 'utf8')).version;


let chromium;
let tmp;

beforeAll(async () => {
  if (!haveBrowser) return;
  ensureBuilt({ quiet: true });
  tmp = mkdtempSync(path.join(os.tmpdir(), 'mainline-offline-'));
  chromium = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
}, 120000);

afterAll(async () => {
  await chromium?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** A copy of the build, served on its own port; `requests` lists every path that reached it. */
async function serveCopy(name) {
  const root = path.join(tmp, name);
  cpSync(DIST, root, { recursive: true });
  const requests = [];
  const server = await startAppServer({ port: 0, root, onRequest: (u) => requests.push(u) });
  return { root, server, requests };
}

const open = (url, extra = {}) => openAppPage(chromium.browser, url, { viewport: { width: 1280, height: 900 }, ...extra });

const shot = (page, name, opts) => boardScreenshot(page, path.join(SHOTS, `app-offline-${name}.png`), opts);

/** The service worker controls the page and has precached everything. */
async function waitOfflineReady(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null && document.body.dataset.sw === 'offline-ready', null, { timeout: 30000 });
}

const saved = (page) => page.waitForFunction(() => document.querySelector('[data-testid=save-state]').dataset.state === 'saved', null, { timeout: 15000 });

/** Every game record in the page's IndexedDB, read as another program would (not through the app). */
const storedGames = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('mainline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('games').objectStore('games').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            db.close();
            resolve(all.result);
          };
        };
      }),
  );

/** The id of the open game (the app puts it on the name field). */
const openId = (page) => page.getAttribute('[data-testid=game-name]', 'data-game-id');

/** The open game's record, straight from IndexedDB. */
const storedGame = async (page) => {
  const id = await openId(page);
  return (await storedGames(page)).find((g) => g.id === id);
};

/**
 * Crashes every engine worker of the page (a trap inside the WebAssembly instance, as a bug
 * would make), through the workers themselves: the page has no handle for it.
 */
const crashEngines = async (page) => {
  let n = 0;
  for (const w of page.workers()) {
    if (!/\/assets\/worker(-mt)?-[\w-]+\.js$/.test(w.url())) continue;
    await w.evaluate(() => self.dispatchEvent(new MessageEvent('message', { data: { t: 'call', fn: 'debugCrash', args: ['trap'], id: 0 } })));
    n++;
  }
  return n;
};

/**
 * A record's content independent of node ids: per move (by its UCI path) SAN, note, NAGs,
 * kept commands and the evaluation without its node count (which PGN does not carry).
 */
function content(record) {
  const byId = new Map(record.nodes.map((n) => [n.id, n]));
  const pathOf = (n) => (n.parent === null ? '' : `${pathOf(byId.get(n.parent))} ${n.uci}`.trim());
  const siblings = new Map();
  return record.nodes.map((n) => {
    const ev = n.eval ? { ...n.eval } : undefined;
    if (ev) delete ev.nodes;
    const order = (siblings.get(n.parent) || 0) + 1;
    siblings.set(n.parent, order);
    return { path: pathOf(n), order, san: n.san, note: n.note, nags: n.nags, commands: n.commands, eval: ev };
  });
}

describe.skipIf(!haveBrowser)('the board app offline (service worker, IndexedDB)', () => {
  test('online once; then offline: reload, analyse the game, save, reload, export and import', async () => {
    const { server, requests } = await serveCopy('offline');
    const { page, context, problems } = await open(server.url);
    try {
      // ---- first visit, online: installable (manifest, icons), service worker with everything
      await waitOfflineReady(page);
      const manifest = await page.evaluate(async () => (await fetch(document.querySelector('link[rel=manifest]').href)).json());
      expect(manifest).toMatchObject({ name: expect.stringMatching(/^Mainline/), short_name: 'Mainline', display: 'standalone', start_url: './' });
      expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
      const cached = await page.evaluate(async () => {
        const urls = [];
        for (const k of await caches.keys()) for (const r of await (await caches.open(k)).keys()) urls.push(new URL(r.url).pathname);
        return urls;
      });
      expect(cached.some((u) => /\/assets\/mainline_web-[\w-]+\.wasm$/.test(u))).toBe(true);
      expect(cached.some((u) => /\/assets\/worker-[\w-]+\.js$/.test(u))).toBe(true);
      expect(cached.some((u) => u.endsWith('/index.html'))).toBe(true);
      await expect(page.evaluate(() => navigator.storage.persisted())).resolves.toBeTypeOf('boolean');

      // ---- offline: nothing reaches the server any more
      await context.setOffline(true);
      const seen = requests.length;
      await page.reload();
      await page.waitForFunction(() => document.body.dataset.engine === 'running', null, { timeout: 20000 });
      expect(await page.isVisible('[data-testid=net-state]')).toBe(true);
      expect(await page.evaluate(() => crossOriginIsolated)).toBe(true); // the cached page kept its headers
      expect(await page.evaluate(() => document.body.dataset.stopMode)).toBe('sab');

      // ---- a game, analysed as a whole (depth 10); the engine worker crashes half-way
      await page.fill('[data-testid=pgn-input]', GAME);
      await page.click('#pgn-load');
      await page.waitForFunction(() => document.querySelectorAll('#moves .move').length === 14);
      await saved(page);
      expect(await page.inputValue('[data-testid=game-name]')).toBe('Anna – Boris');
      await page.selectOption('#review-limit', 'depth:10');
      await page.click('[data-testid=review-start]');
      await page.waitForFunction(() => Number(document.querySelector('[data-testid=review-progress]').value) >= 3, null, { timeout: 30000 });
      await page.screenshot({ path: path.join(SHOTS, 'app-offline-progress.png') });
      const crashedAt = Number(await page.getAttribute('[data-testid=review-progress]', 'value'));
      expect(await crashEngines(page)).toBeGreaterThanOrEqual(1);
      await page.waitForFunction(() => document.body.dataset.review === 'done', null, { timeout: 60000 });
      await saved(page);
      expect(crashedAt).toBeLessThan(15); // the crash came during the analysis
      expect(await page.textContent('[data-testid=error]')).toMatch(/crashed and was restarted/);
      expect(await page.textContent('#review-progress-text')).toMatch(/^Analysed all 15 positions and saved them \(\d+ engines?, [\d.]+ positions a second\)\.$/);
      expect(await page.getAttribute('[data-testid=eval-graph]', 'data-points')).toBe('15');
      expect(Number(await page.getAttribute('[data-testid=eval-graph]', 'data-marks'))).toBeGreaterThanOrEqual(1);
      // judged moves in the move list and the report (which ones depends on the engine's exact
      // evaluations: 5. Nxf7 and 6. Rf1 lose, by how much varies with the search)
      const judgements = () => page.$$eval('#moves > .move', (els) => els.map((e) => `${e.getAttribute('aria-label')}`));
      expect((await judgements()).some((l) => /\((mistake|blunder|missed win)\)$/.test(l))).toBe(true);
      expect(await page.textContent('[data-testid=review-summary]')).toMatch(/^White \d+% accuracy, \d+ ACPL; Black \d+% accuracy, \d+ ACPL$/);
      const accuracy = async () => [await page.textContent('[data-testid=accuracy-w]'), await page.textContent('[data-testid=accuracy-b]')];
      const reported = await accuracy();
      for (const a of reported) expect(a).toMatch(/^\d+%$/);
      expect(parseInt(reported[0], 10)).toBeLessThan(parseInt(reported[1], 10)); // White lost the game
      let record = await storedGame(page);
      expect(record.review).toMatchObject({ limits: { depth: 10 }, complete: true, players: { w: { accuracy: expect.any(Number) }, b: { acpl: expect.any(Number) } } });
      expect(record.nodes.every((n) => n.eval)).toBe(true);
      for (const n of record.nodes.slice(0, -1)) {
        expect(n.eval.method).toBe('pvhash');
        expect(n.eval.pv.length).toBeGreaterThan(0);
        if (n.eval.score.mate === undefined) expect(n.eval.depth).toBeGreaterThanOrEqual(10);
      }
      // the mate at the end: no search, "#0"
      expect(record.nodes.at(-1).eval).toMatchObject({ score: { mate: 0 }, depth: 0 });

      // ---- at a mistake: the judgement and the engine's line, which can be played.
      // Paused first: the live analysis of the shown position would keep deepening its evaluation
      // and may re-judge the move, even to no judgement at all (the panel then empties), which
      // made this check race with the engine.
      await page.click('#engine-toggle');
      await page.waitForFunction(() => document.body.dataset.engine === 'paused');
      const judged = page.locator('#moves .move[data-judgement=blunder], #moves .move[data-judgement=mistake]').first();
      const kind = await judged.getAttribute('data-judgement');
      await judged.click();
      const ply = await boardPly(page);
      await page.waitForSelector('[data-testid=move-info]:not([hidden])');
      expect(['mistake', 'blunder']).toContain(kind);
      expect(await page.getAttribute('[data-testid=move-info]', 'data-judgement')).toBe(kind);
      expect(await page.textContent('[data-testid=move-info]')).toMatch(/^\d+\.(\.\.)? \S+(\?!|\?\?|\?)  ?(Blunder|Mistake|Inaccuracy): \S+ → \S+ \(expected score \d+% → \d+%\)\..*\S+ was best: \d+\./);
      // the saved evaluation shows at once
      await page.waitForSelector('[data-testid=stored-line]');
      expect(Number(await page.getAttribute('[data-testid=stored-line]', 'data-depth'))).toBeGreaterThanOrEqual(10);
      await shot(page, 'review');
      await page.click('[data-testid=move-info] .best-line .mv >> nth=0');
      await page.waitForFunction((p) => document.querySelector('[data-testid=board]').dataset.ply === String(p) && !!document.querySelector('#moves .variation .move.current'), ply);
      expect(await page.locator('#moves .variation').count()).toBe(1); // the engine's move, as a variation
      // a note on it
      await page.fill('[data-testid=move-note]', 'The engine’s move: the rook stays.');
      await saved(page);
      record = await storedGame(page);
      expect(record.nodes.filter((n) => n.note).map((n) => [n.note, n.id === record.current])).toEqual([['The engine’s move: the rook stays.', true]]);
      const before = record;
      const judgedBefore = await judgements(); // (the live analysis of the judged move may have changed it)

      // ---- reload, still offline: the game, where it was, its evaluations, the note
      await page.reload();
      await page.waitForFunction(([id, p]) => document.querySelector('[data-testid=game-name]').dataset.gameId === id && document.querySelector('[data-testid=board]').dataset.ply === String(p), [before.id, ply], { timeout: 15000 });
      expect(requests.length).toBe(seen); // everything came from the service worker
      expect(await page.inputValue('[data-testid=game-name]')).toBe('Anna – Boris');
      expect(await page.inputValue('[data-testid=move-note]')).toBe('The engine’s move: the rook stays.');
      expect(await page.getAttribute('[data-testid=eval-graph]', 'data-points')).toBe('15');
      expect(await judgements()).toEqual(judgedBefore);
      expect(await accuracy()).toEqual(reported); // the report, as it was
      await page.click('#engine-toggle'); // pause: the live analysis would deepen the shown position
      await page.waitForFunction(() => document.body.dataset.engine === 'paused');
      await saved(page);
      const after = await storedGame(page);
      // everything as it was, but the shown position's evaluation, which may only have got deeper
      const shownPath = content(after).find((_, i) => after.nodes[i].id === after.current).path;
      const others = (r) => content(r).filter((c) => c.path !== shownPath);
      expect(others(after)).toEqual(others(before));
      const depthAt = (r) => r.nodes.find((n) => n.id === r.current).eval?.depth ?? 0;
      expect(depthAt(after)).toBeGreaterThanOrEqual(depthAt(before));

      // ---- export, then import the file into the library: the same data
      await page.click('#pgn-export');
      await page.waitForSelector('#pgn-export:not([aria-busy])'); // the reasons in words come first
      const pgn = await page.inputValue('[data-testid=pgn-input]');
      const chess = new Chess();
      chess.loadPgn(pgn);
      expect(chess.history().length).toBe(14);
      expect(pgn.match(/\[%eval /g).length).toBeGreaterThanOrEqual(15); // every main-line position
      expect(pgn).toContain(`[Annotator "Mainline ${VERSION} (depth 10)"]`);
      expect(pgn).toMatch(/\{ Mainline report: White \d+% accuracy, \d+ ACPL; Black \d+% accuracy, \d+ ACPL\./);
      expect(pgn).toMatch(/\[%mlpv2 /); // the second lines: the report reads back the same
      // the judged moves' reasons in words, in square brackets after their judgements
      expect(pgn.replace(/\n/g, ' ')).toMatch(/(Blunder|Mistake|Inaccuracy|Missed win)\. \[[^\]]+\.\] \}/);
      expect(pgn).toMatch(/\[ECO "C50"\]\n\[Opening "Blackburne shilling gambit"\]/); // named by the app's book
      await page.click('[data-testid=library-open]');
      await page.waitForSelector('[data-testid=library][open]');
      await page.setInputFiles('[data-testid=library-import]', { name: 'export.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(pgn) });
      await page.waitForFunction((id) => { const g = document.querySelector('[data-testid=game-name]').dataset.gameId; return g && g !== id; }, after.id);
      await saved(page);
      const imported = await storedGame(page);
      expect(content(imported)).toEqual(content(after));
      expect(imported.headers).toMatchObject(after.headers);
      // and exporting the import gives the same text
      await page.click('#pgn-export');
      await page.waitForSelector('#pgn-export:not([aria-busy])'); // the reasons in words come first
      expect(await page.inputValue('[data-testid=pgn-input]')).toBe(pgn);

      // ---- the library: two games; rename one, delete the other (two clicks), open
      await page.click('[data-testid=library-open]');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=library-item]').length === 2);
      const item = (id) => page.locator(`[data-testid=library-item][data-id="${id}"]`);
      await item(imported.id).locator('button[data-action=rename]').click();
      await page.fill('.lib-rename input', 'Imported copy');
      await page.press('.lib-rename input', 'Enter');
      await page.waitForFunction(() => /Renamed/.test(document.querySelector('[data-testid=library-message]').textContent));
      expect(await item(imported.id).locator('.lib-open').textContent()).toBe('Imported copy');
      expect(await item(imported.id).locator('.lib-meta').textContent()).toMatch(/^Anna – Boris · 14 moves · 0-1 · analysed · accuracy \d+% \/ \d+% · /);
      expect(await page.inputValue('[data-testid=game-name]')).toBe('Imported copy'); // it is the open one
      await shot(page, 'library');
      await item(after.id).locator('button[data-action=delete]').click();
      expect(await page.locator('[data-testid=library-item]').count()).toBe(2); // asks first
      await item(after.id).locator('button[data-action=delete]').click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=library-item]').length === 1);
      await item(imported.id).locator('.lib-open').click();
      await page.waitForFunction(() => !document.querySelector('[data-testid=library]').open);

      // ---- one more reload offline: the renamed game, the other one gone
      await page.reload();
      await page.waitForFunction((id) => document.querySelector('[data-testid=game-name]').dataset.gameId === id, imported.id, { timeout: 15000 });
      expect(await page.inputValue('[data-testid=game-name]')).toBe('Imported copy');
      expect((await storedGames(page)).map((g) => g.name)).toEqual(['Imported copy']);
      expect(requests.length).toBe(seen);
      await shot(page, 'reloaded');
      expect(problems.filter((p) => !/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/.test(p))).toEqual([]);
    } finally {
      await context.close();
      await server.close();
    }
  }, 150000);

  test('a new version on the server: the prompt, and Reload brings it', async () => {
    const { root, server } = await serveCopy('update');
    const { page, context, problems } = await open(server.url);
    try {
      await waitOfflineReady(page);
      expect(await page.isHidden('[data-testid=update-banner]')).toBe(true);
      // publish a new build: a changed page, and a service worker that lists its new revision
      const html = readFileSync(path.join(root, 'index.html'), 'utf8').replace('<head>', '<head>\n  <meta name="mainline-build" content="2">');
      writeFileSync(path.join(root, 'index.html'), html);
      const sw = readFileSync(path.join(root, 'sw.js'), 'utf8');
      const changed = sw.replace(/("url":"index\.html","revision":"|"revision":"([0-9a-f]+)","url":"index\.html")/, (m) => m.replace(/[0-9a-f]{8,}/, 'feedface0000'));
      expect(changed).not.toBe(sw);
      writeFileSync(path.join(root, 'sw.js'), changed);
      // the browser looks for it (as it does on navigations and every hour)
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
      await page.waitForSelector('[data-testid=update-banner]:not([hidden])', { timeout: 30000 });
      expect(await page.textContent('[data-testid=update-banner]')).toMatch(/A new version of Mainline is available\.\s*Reload to update\s*Later/);
      // nothing changed behind the user's back
      expect(await page.evaluate(() => !!document.querySelector('meta[name=mainline-build]'))).toBe(false);
      await shot(page, 'update');
      await Promise.all([page.waitForEvent('load', { timeout: 30000 }), page.click('#update-reload')]);
      await page.waitForFunction(() => !!document.querySelector('meta[name=mainline-build]') && navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
      expect(await page.isHidden('[data-testid=update-banner]')).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      await server.close();
    }
  }, 90000);

  test('storage full and storage missing: a clear message, and the board still works', async () => {
    const { server } = await serveCopy('storage');
    // ---- full: every write to IndexedDB fails with the browser's QuotaExceededError. (Chromium's
    // own quota override, CDP Storage.overrideQuotaForOrigin, made writes fail only in some runs
    // here, so the error is raised where IndexedDB raises it.)
    const full = await open(server.url);
    try {
      await full.page.waitForFunction(() => document.querySelector('[data-testid=save-state]').dataset.state === 'saved');
      await full.page.evaluate(() => {
        IDBObjectStore.prototype.realPut = IDBObjectStore.prototype.put;
        IDBObjectStore.prototype.put = function () {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
      });
      await full.page.fill('[data-testid=pgn-input]', GAME);
      await full.page.click('#pgn-load');
      await full.page.waitForFunction(() => document.querySelector('[data-testid=save-state]').dataset.state === 'error', null, { timeout: 15000 });
      expect(await full.page.textContent('[data-testid=save-state]')).toBe('Not saved: storage full');
      expect(await full.page.textContent('[data-testid=error]')).toMatch(/^Storage is full: the last change could not be saved\./);
      await full.page.waitForFunction(() => document.body.dataset.engine === 'running');
      // it stays "not saved" while later writes fail too (no flicker to "saving")
      await full.page.waitForTimeout(500);
      expect(await full.page.getAttribute('[data-testid=save-state]', 'data-state')).toBe('error');
      expect(await full.page.isVisible('[data-testid=save-retry]')).toBe(true);
      await shot(full.page, 'storage-full');
      // space again (the user deleted something): Retry writes what was kept, nothing is lost. The
      // space comes back and Retry is pressed in one task: any later save (the live analysis keeps
      // saving) would also write what was kept and hide the button before a separate click.
      await full.page.evaluate(() => {
        IDBObjectStore.prototype.put = IDBObjectStore.prototype.realPut;
        /** @type {HTMLButtonElement} */ (document.querySelector('[data-testid=save-retry]')).click();
      });
      await full.page.waitForFunction(() => document.querySelector('[data-testid=save-state]').dataset.state === 'saved', null, { timeout: 15000 });
      const kept = await storedGame(full.page);
      expect(kept.nodes.length).toBe(15);
      expect(kept.headers.White).toBe('Anna');
    } finally {
      await full.context.close();
    }
    // ---- missing: IndexedDB refuses to open, as in some private windows
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    await context.addInitScript(() => {
      IDBFactory.prototype.open = function () {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      };
    });
    const page = await context.newPage();
    try {
      await page.goto(server.url);
      await page.waitForSelector('[data-testid=storage-note]:not([hidden])');
      expect(await page.textContent('[data-testid=storage-note]')).toMatch(/^Saving is not available in this browser window \(private browsing, or site storage is blocked\).*Export your analysis as PGN/);
      expect(await page.getAttribute('[data-testid=save-state]', 'data-state')).toBe('off');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=iteration-row]').length > 3); // the engine works
      await page.click('[data-testid=library-open]');
      expect(await page.textContent('[data-testid=library-message]')).toMatch(/^Saving is not available/);
      await shot(page, 'no-storage');
    } finally {
      await context.close();
      await server.close();
    }
  }, 60000);
});
