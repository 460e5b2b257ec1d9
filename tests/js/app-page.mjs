// Shared by the board app's tests (app-e2e, app-offline, app-features, app-reader, app-a11y,
// app-controllers): the app built and served with Chromium for a test file (useApp), the game
// they analyse, where screenshots go, a fresh page that records every problem, the board's ply
// and position, a move clicked on the board, waits for a search depth and for the board to draw
// its position, and screenshots taken once it has.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import { CHROMIUM, launchChromium } from '../../web/test/server.mjs';
import { ensureBuilt, startAppServer } from '../../app/server.mjs';

/** Screenshots of the browser tests. */
export const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results');
/** Debian's Chromium is there (the browser tests are skipped without it). */
export const haveBrowser = existsSync(CHROMIUM);

/**
 * The Blackburne Shilling trap: White's 4. Nxe5 and 5. Nxf7 lose (the rook on h1 goes), 6. Rf1
 * and 7. Be2 walk into a smothered mate. 14 moves, 15 positions.
 */
export const TRAP = `[Event "Mainline tests"]
[White "Anna"]
[Black "Boris"]
[Result "0-1"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1`;

/** A new context and page at `url`; `problems` collects page errors, console errors and CSP reports. */
export async function openAppPage(browser, url, contextOptions) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content.Security|Refused/.test(m.text())) problems.push(m.text());
  });
  await page.goto(url);
  return { page, context, problems };
}

/**
 * The board app for the tests of one file: built when stale, served as `npm start` serves it
 * (COOP/COEP and the strict CSP), and Chromium, started before the file's tests and closed after
 * them (nothing without Chromium: the tests skip). `plain: true` serves it once more without
 * COOP/COEP (`app.plainUrl`). `app.open(viewport, contextOptions, url)` opens a fresh page, as
 * openAppPage does (1280x900 and the served URL unless told).
 * `connect`: origins the page may fetch from too (the fake sites' server of an import test),
 * asked for when the server starts.
 * @param {{ plain?: boolean, connect?: () => string[] }} [o]
 */
export function useApp({ plain = false, connect = () => [] } = {}) {
  /** @type {{ url: string, plainUrl: string, browser: any, open: (viewport?: object, extra?: object, url?: string) => Promise<{ page: any, context: any, problems: string[] }> }} */
  const app = {
    url: '',
    plainUrl: '',
    browser: null,
    open: (viewport = { width: 1280, height: 900 }, extra = {}, url = app.url) => openAppPage(app.browser, url, { viewport, ...extra }),
  };
  /** @type {{ close: () => Promise<unknown> }[]} */
  const running = [];
  beforeAll(async () => {
    if (!haveBrowser) return;
    ensureBuilt({ quiet: true });
    const server = await startAppServer({ port: 0, connect: connect() });
    running.push(server);
    app.url = server.url;
    if (plain) {
      const plainServer = await startAppServer({ port: 0, isolation: false });
      running.push(plainServer);
      app.plainUrl = plainServer.url;
    }
    const chromium = await launchChromium();
    running.push(chromium);
    app.browser = chromium.browser;
    mkdirSync(SHOTS, { recursive: true });
  }, 120000);
  afterAll(async () => {
    for (const r of running.reverse()) await r.close();
  });
  return app;
}

/** The board's position (FEN) and ply. */
export const boardFen = (page) => page.getAttribute('[data-testid=board]', 'data-fen');
export const boardPly = async (page) => Number(await page.getAttribute('[data-testid=board]', 'data-ply'));

/** Plays a move on the board by clicking its two squares. */
export async function clickMove(page, from, to) {
  await page.click(`[data-testid=board] rect.square[data-square="${from}"]`);
  await page.click(`[data-testid=board] rect.square[data-square="${to}"]`);
}

/** Resolves when the live analysis has an exact iteration of at least `depth`. */
export async function waitForDepth(page, depth, timeout = 20000) {
  await page.waitForFunction((d) => [...document.querySelectorAll('[data-testid=iteration-row][data-bound=exact]')].some((e) => Number(e.dataset.depth) >= d), depth, { timeout });
}

/** Resolves when the board shows its position (cm-chessboard animates moves in turn). */
export const boardRendered = (page) =>
  page.waitForFunction(() => {
    const b = document.querySelector('[data-testid=board]');
    return b.dataset.rendered === b.dataset.fen.split(' ')[0];
  });

/** A screenshot to `file` once the board shows its position. */
export async function boardScreenshot(page, file, opts = {}) {
  await boardRendered(page);
  await page.screenshot({ path: file, ...opts });
}

/** The WCAG rules axe checks: A and AA of 2.0, 2.1 and 2.2. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * axe over the page as it is now (app-a11y.test.mjs, app-import.test.mjs): its violations as
 * lines "view: rule (impact): help — targets".
 * @param {import('playwright-core').Page} page @param {string} view
 */
export async function audit(page, view) {
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return result.violations.map((v) => `${view}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ').slice(0, 160)}]` : ''}`).join('; ')}`);
}
