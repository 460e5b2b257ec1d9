// The board app's import by username (the library's form; controllers/library.js through
// mainline-chess/import), in Chromium against the local server that speaks lichess's and
// chess.com's APIs (fake-sites.mjs), which the page is pointed at as a mirror would be
// (localStorage `mainline.api.SITE`; the app's CSP allows the server's origin): the games saved
// as they arrive, kept over a reload, a second import adding none, no such user, a 429 waited
// out and said in the polite live region, offline said; by keyboard alone; axe over the form.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { audit, haveBrowser, useApp } from './app-page.mjs';
import { startFakeSites, DAYS } from './fake-sites.mjs';

let sites;
beforeAll(async () => {
  sites = await startFakeSites({ lineDelayMs: 20 });
});
afterAll(async () => {
  await sites?.close();
});
const app = useApp({ connect: () => [sites.url] });

/** A page pointed at the fake sites, its library open with the import form shown. */
async function openImport() {
  const { page, context, problems } = await app.open();
  await page.evaluate((url) => {
    localStorage.setItem('mainline.api.lichess', url);
    localStorage.setItem('mainline.api.chesscom', url);
  }, sites.url);
  await page.click('[data-testid=library-open]');
  await page.click('#library-fetch summary');
  await page.waitForSelector('[data-testid=fetch-form]');
  return { page, context, problems };
}
const progress = (page) => page.textContent('[data-testid=fetch-progress]');
const waitProgress = (page, re, timeout = 30000) => page.waitForFunction((s) => new RegExp(s).test(document.querySelector('[data-testid=fetch-progress]')?.textContent || ''), re.source, { timeout });

describe.skipIf(!haveBrowser)('the library: games by username', () => {
  test('lichess: the games saved as they arrive, kept over a reload; a second import adds none; no such user; axe', async () => {
    const { page, context, problems } = await openImport();
    try {
      await page.selectOption('#fetch-site', 'lichess');
      await page.fill('#fetch-username', 'alice');
      await page.fill('#fetch-max', '8');
      const before = sites.requests.length;
      await page.click('#fetch-start');
      await waitProgress(page, /^Imported 8 new games of alice from lichess\.org\. More are there/);
      expect(sites.requests.length - before).toBe(1);
      expect(sites.mostInFlight).toBe(1);
      expect(await page.locator('[data-testid=library-item]').count()).toBe(8);
      expect(await page.textContent('[data-testid=library-list]')).toMatch(/lichess\.org, played/);
      expect(await audit(page, 'library: import by username')).toEqual([]);
      // kept over a reload; a second import asks from the newest game on and adds none
      await page.reload();
      await page.click('[data-testid=library-open]');
      await page.click('#library-fetch summary');
      await page.fill('#fetch-username', 'alice');
      await page.waitForSelector('[data-testid=library-item]');
      expect(await page.locator('[data-testid=library-item]').count()).toBe(8);
      await page.click('#fetch-start');
      await waitProgress(page, /^Imported 0 new games of alice from lichess\.org\. 1 already in the library/);
      const last = new URL(sites.requests.at(-1).url, 'http://x').searchParams;
      expect(Number(last.get('since'))).toBeGreaterThan(0);
      // open one: the game, with its clocks
      await page.locator('[data-testid=library-item] .lib-open').first().click();
      await page.waitForFunction(() => document.querySelectorAll('#moves .move').length > 0);
      // no such user
      await page.click('[data-testid=library-open]');
      await page.fill('#fetch-username', 'no-such-player');
      await page.click('#fetch-start');
      await waitProgress(page, /^Lichess\.org has no user 'no-such-player'\. Imported 0 new games/);
      expect(await page.getAttribute('[data-testid=fetch-progress]', 'data-kind')).toBe('error');
      expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120000);

  test('chess.com by keyboard alone: every game, the Chess960 one too; HTTP 429 waited out; offline said', async () => {
    const { page, context, problems } = await openImport();
    try {
      await page.focus('#fetch-site');
      await page.keyboard.press('End'); // chess.com
      expect(await page.inputValue('#fetch-site')).toBe('chesscom');
      await page.keyboard.press('Tab');
      await page.keyboard.type('alice');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('200');
      await page.keyboard.press('Enter');
      await waitProgress(page, /^Imported \d+ new games of alice from chess\.com\.$/);
      const n = Number((await progress(page)).match(/^Imported (\d+)/)[1]);
      expect(n).toBe(DAYS);
      expect(await page.locator('[data-testid=library-item]').count()).toBe(n);
      // the Chess960 game (alice – rival11, its FEN in Shredder letters) is one of them
      await page.fill('#library-search', 'rival11');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=library-item]').length === 1);
      expect(await page.textContent('[data-testid=library-item] .lib-open')).toMatch(/rival11/);
      expect(sites.mostInFlight).toBe(1);
      // the library grown up: found by a player, by site; many selected, exported in one file, deleted
      await page.fill('#library-search', 'rival3');
      await page.waitForFunction(() => /of \d+ games shown/.test(document.querySelector('[data-testid=library-shown]')?.textContent || ''));
      const found = await page.locator('[data-testid=library-item] .lib-open').allTextContents();
      expect(found.length).toBeGreaterThan(1);
      expect(found.length).toBeLessThan(n);
      for (const name of found) expect(name).toMatch(/rival3/);
      await page.selectOption('#library-filter select[name=site]', 'lichess');
      await page.waitForFunction(() => /No game of the library matches/.test(document.querySelector('[data-testid=library-list]')?.textContent || ''));
      await page.selectOption('#library-filter select[name=site]', 'chesscom');
      await page.waitForFunction((k) => document.querySelectorAll('[data-testid=library-item]').length === k, found.length);
      await page.click('#library-select-all');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=library-export-selected]')]);
      const text = await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('utf8'));
      expect(text.match(/^\[Event /gm)?.length).toBe(found.length);
      await page.click('[data-testid=library-delete-selected]');
      expect(await page.textContent('[data-testid=library-delete-selected]')).toMatch(/^Delete \d+ games for good\?/);
      await page.click('[data-testid=library-delete-selected]');
      await page.fill('#library-search', '');
      await page.waitForFunction((k) => document.querySelectorAll('[data-testid=library-item]').length === k, n - found.length);
      expect(await audit(page, 'library: found, selected')).toEqual([]);
      // lichess asks to wait: said in the live region, then the games come
      await page.selectOption('#fetch-site', 'lichess');
      await page.fill('#fetch-username', 'ratelimited');
      await page.fill('#fetch-max', '3');
      await page.click('#fetch-start');
      await waitProgress(page, /^lichess\.org asks to wait before the next request \(too many requests\): going on in \d+ s/);
      expect(await page.getAttribute('[data-testid=fetch-progress]', 'aria-live')).toBe('polite');
      // Cancel ends the wait, nothing lost
      await page.click('#fetch-cancel');
      await waitProgress(page, /^Cancelled\. Imported 0 new games of ratelimited/);
      // offline: said, nothing asked
      await context.setOffline(true);
      const before = sites.requests.length;
      await page.click('#fetch-start');
      await waitProgress(page, /needs the network, and this browser is offline/);
      expect(sites.requests.length).toBe(before);
      await context.setOffline(false);
      // (the browser logs the 429 answer itself)
      expect(problems.filter((p) => !/status of 429/.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120000);
});
