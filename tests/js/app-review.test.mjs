// "Analyse library" in the board app (controllers/review.js on mainline-chess/review), in Chromium:
// a user's games imported from the local lichess server (fake-sites.mjs), analysed on two engines
// chosen by keyboard alone; a reload half-way goes on by itself and finishes; every game's line of
// the library says it is analysed, with accuracies; the polite live region says the start and the
// outcome; the imported user's mistakes come to Practice without their name being given; a
// selection is analysed again deeper; axe over the library with the new section.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { audit, haveBrowser, useApp } from './app-page.mjs';
import { startFakeSites } from './fake-sites.mjs';

let sites;
beforeAll(async () => {
  sites = await startFakeSites();
});
afterAll(async () => {
  await sites?.close();
});
const app = useApp({ connect: () => [sites.url] });

/** The engine workers the page runs now. */
const engineWorkers = (page) => page.workers().filter((w) => /\/assets\/worker(-mt)?-[\w-]+\.js$/.test(w.url())).length;
const reviewState = (page) => page.evaluate(() => document.body.dataset.review || '');
const text = (page, id) => page.textContent(`[data-testid=${id}]`);

describe.skipIf(!haveBrowser)('"Analyse library"', () => {
  test('imported games analysed on 2 engines by keyboard; a reload goes on; each game said analysed; Practice takes the user\'s mistakes; a selection again, deeper; axe', async () => {
    const { page, context, problems } = await app.open();
    try {
      await page.evaluate((url) => localStorage.setItem('mainline.api.lichess', url), sites.url);
      await page.click('[data-testid=library-open]');
      await page.click('#library-fetch summary');
      await page.selectOption('#fetch-site', 'lichess');
      await page.fill('#fetch-username', 'alice');
      await page.fill('#fetch-max', '6');
      await page.click('#fetch-start');
      await page.waitForFunction(() => /^Imported 6 new games/.test(document.querySelector('[data-testid=fetch-progress]')?.textContent || ''), null, { timeout: 30000 });
      expect(await page.locator('[data-testid=library-item]').count()).toBe(6);
      expect(await audit(page, 'library: Analyse library')).toEqual([]);

      // by keyboard: depth 10, 2 engines, Analyse library
      await page.focus('#library-review-limit');
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowDown'); // depth 10
      expect(await page.inputValue('#library-review-limit')).toBe('depth:10');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('library-review-workers');
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown'); // Automatic, 1, 2
      expect(await page.inputValue('#library-review-workers')).toBe('2');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('library-review-start');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.body.dataset.review === 'running');
      expect(await text(page, 'library-review-status')).toMatch(/^Analysing 6 games at depth 10 per position on 2 engines\.$/);
      await page.waitForFunction(() => /^1 \/ 6 games · \d+ \/ \d+ positions · depth 10 per position · 2 engines/.test(document.querySelector('[data-testid=library-review-progress-text]')?.textContent || ''), null, { timeout: 60000 });
      expect(engineWorkers(page)).toBeGreaterThanOrEqual(2);
      // the game just done says so in the list, in place
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=library-item] .lib-meta')].some((m) => / · analysed · accuracy \d+% \/ \d+%/.test(m.textContent || '')));

      // a reload half-way: it goes on by itself, and finishes
      await page.reload();
      await page.waitForFunction(() => document.body.dataset.review === 'running', null, { timeout: 30000 });
      await page.click('[data-testid=library-open]');
      expect(await text(page, 'library-review-progress-text')).toMatch(/^Going on after a reload: \d \/ [1-6] games/);
      await page.waitForFunction(() => document.body.dataset.review === 'done', null, { timeout: 120000 });
      expect(await text(page, 'library-review-progress-text')).toMatch(/^Analysed [1-6] games?, \d+ positions, and saved them/);
      expect(await text(page, 'library-review-status')).toMatch(/^Analysed [1-6] games?/);
      await page.click('[data-testid=library-close]').catch(() => page.keyboard.press('Escape'));
      await page.click('[data-testid=library-open]');
      await page.waitForSelector('[data-testid=library-item]');
      const metas = await page.$$eval('[data-testid=library-item] .lib-meta', (els) => els.map((e) => e.textContent || ''));
      expect(metas).toHaveLength(6);
      for (const m of metas) expect(m).toMatch(/ · analysed · accuracy (\d+|–)% \/ (\d+|–)%/);
      expect(await page.isDisabled('#library-review-start')).toBe(false);

      // nothing left to analyse: said
      await page.click('#library-review-start');
      await page.waitForFunction(() => document.querySelector('[data-testid=library-review-progress-text]')?.textContent === 'Every game of the library is analysed already.');

      // a selection, again at depth 12 (Analyse selected)
      await page.locator('[data-testid=library-item] input.lib-check').first().check();
      expect(await page.textContent('#library-analyse-selected')).toBe('Analyse 1 selected');
      await page.selectOption('#library-review-limit', 'depth:12');
      await page.click('#library-analyse-selected');
      await page.waitForFunction(() => document.body.dataset.review === 'done' && /^Analysed 1 game, /.test(document.querySelector('[data-testid=library-review-progress-text]')?.textContent || ''), null, { timeout: 60000 });
      expect(await audit(page, 'library: after Analyse library')).toEqual([]);

      // Practice: alice's mistakes in her imported games, though her name was never given
      await page.keyboard.press('Escape');
      await page.click('[data-testid=learn-open]');
      await page.waitForFunction(() => document.querySelector('[data-testid=learn]')?.getAttribute('data-status') === 'ready', null, { timeout: 60000 });
      expect(await text(page, 'learn-status')).not.toMatch(/^No mistakes to practise yet/);
      const cards = await page.$$eval('[data-testid=learn-row]', (rows) => rows.reduce((n, r) => n + Number(r.getAttribute('data-total')), 0));
      expect(cards).toBeGreaterThanOrEqual(1);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240000);
});
