// Accessibility checked, not hoped (issue 33): axe-core (@axe-core/playwright) over every view of
// the board app and over <mainline-analysis>, in Chromium, with the WCAG 2.0, 2.1 and 2.2 A and AA
// rules it checks; no rule is turned off. Every view must have 0 violations. The views: the
// analysis (light and dark, desktop and phone), the board in words, the engine settings, the
// keyboard list, the library, a game against the engine, the game report, a move's reason, the
// score's explanation, learning from one's mistakes, practice across the library (its schedule
// by motif and a card of it); the element plain, interactive and in
// screen-reader mode, with its best line explained. The views are reached as a user reaches them (the keyboard flows are in
// app-keyboard.test.mjs).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, launchChromium } from '../../web/test/server.mjs';
import { audit, haveBrowser, TRAP, useApp, waitForDepth } from './app-page.mjs';

const app = useApp();

/** Audits each view as it is reached; `views` counts them. */
function auditor(page) {
  const found = [];
  const views = [];
  return {
    found,
    views,
    async check(view) {
      views.push(view);
      found.push(...(await audit(page, view)));
    },
  };
}

describe.skipIf(!haveBrowser)('axe-core: every view of the app, 0 violations of WCAG 2.x A/AA', () => {
  test('analysis, board in words, settings, keys, library, play, report, a move’s reason, explanation, practice', async () => {
    const { page, context, problems } = await app.open();
    const a = auditor(page);
    try {
      await page.waitForSelector('[data-testid=board] [data-square]');
      await waitForDepth(page, 6);
      await a.check('analysis');
      await page.click('[data-testid=reader-toggle]');
      await page.waitForSelector('[data-testid=reader]:not([hidden])');
      await a.check('board in words');
      await page.click('#settings-toggle');
      await page.waitForSelector('#settings:not([hidden])');
      await a.check('engine settings');
      await page.click('#settings-toggle');
      await page.click('[data-testid=help-open]');
      await page.waitForSelector('[data-testid=key-help][open]');
      await a.check('keyboard list');
      await page.click('#key-help-close');
      // the score's explanation: a line's end, once the search is paused
      await page.click('#engine-toggle');
      await page.waitForFunction(() => document.body.dataset.engine === 'paused');
      await page.locator('[data-testid=iteration-row][data-bound=exact] [data-testid=pv-end]').first().click();
      await page.waitForFunction(() => document.querySelector('[data-testid=explain]').dataset.status === 'ready', null, { timeout: 20000 });
      await a.check('explanation of a score');
      await page.click('#explain-close');
      await page.click('#engine-toggle');
      // a game, analysed: the report, a blunder's reason in words, practice
      await page.fill('[data-testid=pgn-input]', TRAP);
      await page.click('#pgn-load');
      await page.waitForFunction(() => document.querySelectorAll('#moves .move').length === 14);
      await page.selectOption('#review-limit', 'depth:8');
      await page.click('[data-testid=review-start]');
      await page.waitForFunction(() => document.body.dataset.review === 'done', null, { timeout: 60000 });
      await page.waitForSelector('[data-testid=report-table]');
      await a.check('game report');
      await page.click('#status');
      await page.keyboard.press('Home');
      await page.keyboard.press('b');
      await page.waitForFunction(() => { const w = document.querySelector('[data-testid=move-words]'); return !!w && !/^Looking/.test(w.textContent || ''); }, null, { timeout: 20000 });
      await a.check('a move’s class and reason');
      await page.click('[data-testid=practise-w]');
      await page.waitForSelector('[data-testid=practice-panel]:not([hidden])');
      await page.waitForSelector('[data-testid=practice-hint]');
      await a.check('practice');
      await page.click('[data-testid=practice-stop]');
      await page.waitForSelector('[data-testid=practice-panel]', { state: 'hidden' });
      // the key moments: asked, then (given up) the reason in words and the engine's line
      await page.click('[data-testid=key-moments]');
      await page.waitForFunction(() => /^Key moment 1 of \d+: /.test(document.querySelector('[data-testid=practice-message]')?.textContent || ''));
      await a.check('key moments: a moment asked');
      await page.click('[data-testid=practice-reveal]');
      await page.waitForFunction(() => { const w = document.querySelector('[data-testid=practice-words]'); return !!w && !/^Looking/.test(w.textContent || ''); }, null, { timeout: 20000 });
      expect(await page.textContent('[data-testid=practice-line]')).toMatch(/^The engine’s line: \d+\./);
      await a.check('key moments: the reason and the line');
      await page.click('[data-testid=practice-stop]');
      await page.waitForSelector('[data-testid=practice-panel]', { state: 'hidden' });
      // practice across the library: the schedule by motif, then a card of it
      await page.click('[data-testid=learn-open]');
      await page.waitForSelector('[data-testid=learn][open]');
      await page.fill('[data-testid=learn-names]', 'Anna');
      await page.press('[data-testid=learn-names]', 'Enter');
      await page.waitForSelector('[data-testid=learn-table]', { timeout: 20000 });
      await a.check('practice across the library: the schedule');
      await page.click('[data-testid=learn-start]');
      await page.waitForFunction(() => /^Practice: card 1 of/.test(document.querySelector('[data-testid=practice-panel] h2')?.textContent || ''), null, { timeout: 20000 });
      await a.check('practice across the library: a card');
      await page.click('[data-testid=practice-stop]');
      await page.waitForSelector('[data-testid=practice-panel]', { state: 'hidden' });
      // the library, with this game in it
      await page.click('[data-testid=library-open]');
      await page.waitForSelector('[data-testid=library-item]');
      await a.check('library');
      await page.click('#library-close');
      // a game against the engine
      await page.click('[data-testid=mode-play]');
      await page.waitForSelector('#play-panel:not([hidden])');
      await a.check('play: set-up');
      await page.click('#play-start');
      await page.waitForSelector('#play-resign:not([disabled])');
      await a.check('play: a game');
      console.log(`axe: ${a.found.length} violations over ${a.views.length} views of the app (${a.views.join(', ')})`);
      expect(a.found).toEqual([]);
      expect(a.views.length).toBe(15);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240000);

  test('dark mode on a phone', async () => {
    const { page, context, problems } = await app.open({ width: 390, height: 844 }, { isMobile: true, hasTouch: true, deviceScaleFactor: 2, colorScheme: 'dark' });
    const a = auditor(page);
    try {
      await page.waitForSelector('[data-testid=board] [data-square]');
      await waitForDepth(page, 4);
      await a.check('analysis, dark, phone');
      await page.click('[data-testid=reader-toggle]');
      await page.waitForSelector('[data-testid=reader]:not([hidden])');
      await a.check('board in words, dark, phone');
      console.log(`axe: ${a.found.length} violations over ${a.views.length} views of the app in dark mode on a phone`);
      expect(a.found).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120000);
});

describe.skipIf(!haveBrowser)('axe-core: <mainline-analysis>, 0 violations of WCAG 2.x A/AA', () => {
  let server;
  let chromium;
  beforeAll(async () => {
    if (!haveBrowser) return;
    server = await startServer();
    chromium = await launchChromium();
  }, 60000);
  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });

  test('interactive, while it searches and once done; its line explained; in screen-reader mode; not interactive', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 900, height: 640 } });
    const page = await context.newPage();
    const a = auditor(page);
    try {
      await page.goto(`${server.url}/plain/test/element.html`);
      await page.waitForFunction(() => (window.__events?.iteration.length ?? 0) > 0, null, { timeout: 30000 });
      await a.check('element: interactive, searching');
      await page.waitForFunction(() => (window.__events?.bestmove.length ?? 0) >= 1, null, { timeout: 30000 });
      await a.check('element: interactive, done');
      await page.evaluate(() => window.__board.setAttribute('explain', ''));
      await page.waitForFunction(() => (window.__board.shadowRoot.querySelector('[part=explain]')?.textContent || '').length > 0, null, { timeout: 20000 });
      await a.check('element: its best line explained');
      await page.evaluate(() => window.__board.setAttribute('screen-reader', ''));
      const input = page.locator('mainline-analysis').locator('[part=command]');
      await input.fill('Qh5');
      await input.press('Enter');
      await a.check('element: screen-reader mode, an error said');
      await page.evaluate(() => window.__board.removeAttribute('interactive'));
      await a.check('element: not interactive');
      console.log(`axe: ${a.found.length} violations over ${a.views.length} views of the element`);
      expect(a.found).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90000);
});
