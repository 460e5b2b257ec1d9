// The pictures of docs/app.md's "Explanations in words", taken from the real product: the board
// app's game report of the trap game of the tests (the TRAP of tests/js/app-page.mjs) after "Analyse
// game", with the move info of an error and its verified sentence (the live analysis paused, so
// that the words are those of the analysis the report stored), and <mainline-analysis
// explain> on a plain page (web/test/element.html) with its best line in words. Writes
// docs/img/app-explain-report.png, docs/img/app-explain-move.png and docs/img/element-explain.png.
// Run it again when the report, the move info or the element change how they look:
//   node scripts/screenshots-explain.mjs   (needs the web build; builds the app when stale)
// `--list` prints the words of every judged move instead (to choose the move shown).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, startAppServer } from '../app/server.mjs';
import { launchChromium, startServer } from '../web/test/server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IMG = path.join(ROOT, 'docs/img');
mkdirSync(IMG, { recursive: true });
const LIST = process.argv.includes('--list');
// The trap game of the app's tests (tests/js/app-page.mjs TRAP, which imports vitest): the Blackburne Shilling trap.
const TRAP = `[Event "Mainline tests"]
[White "Anna"]
[Black "Boris"]
[Result "0-1"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1`;
// The move shown (PLY=n: the n-th move; unset: the first error whose words name a motif).
const SHOWN_PLY = Number(process.env.PLY || 0);
// The element's position: the Petrov trap after 4...Nf6 (5.Nc6+ is a discovered check that wins the queen).
const ELEMENT_FEN = 'rnbqkb1r/pppp1ppp/5n2/4N3/8/8/PPPPQPPP/RNB1KB1R w KQkq - 2 5';

/** The move info's words once they are there (not "Looking for the reason…"). */
const words = (page, timeout = 30000) =>
  page.waitForFunction(() => { const w = document.querySelector('[data-testid=move-words]'); return !!w && !/^Looking/.test(w.textContent || '') && w.textContent; }, null, { timeout }).then((h) => h.jsonValue());

ensureBuilt({ quiet: true });
const app = await startAppServer({ port: 0 });
const web = await startServer();
const chromium = await launchChromium();
try {
  {
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(app.url);
    await page.waitForFunction(() => { const t = document.querySelector('[data-testid=toast]'); return !t || t.hidden || getComputedStyle(t).display === 'none' || getComputedStyle(t).opacity === '0'; }, null, { timeout: 20000 }).catch(() => {});
    await page.fill('[data-testid=pgn-input]', TRAP);
    await page.click('#pgn-load');
    await page.waitForFunction(() => document.querySelectorAll('#moves .move').length === 14);
    await page.selectOption('#review-limit', 'depth:10');
    await page.click('[data-testid=review-start]');
    await page.waitForFunction(() => document.body.dataset.review === 'done', null, { timeout: 120000 });
    await page.waitForSelector('[data-testid=report-table]');
    // the live analysis paused: the words come from the analysis the report stored (depth 10),
    // not from a live search that deepens while the picture is taken
    await page.click('#engine-toggle');
    await page.waitForFunction(() => document.body.dataset.engine === 'paused');
    const list = await page.$$eval('#moves > .move', (els) => els.map((e) => ({ cls: e.dataset.class, text: e.textContent })));
    if (LIST) {
      for (let ply = 1; ply <= list.length; ply++) {
        await page.click(`#moves > .move >> nth=${ply - 1}`);
        const info = await page.waitForSelector('[data-testid=move-info]:not([hidden])', { timeout: 5000 }).then(() => true, () => false);
        console.log(ply, list[ply - 1].text, list[ply - 1].cls, info ? await page.textContent('[data-testid=move-info]') : '(no move info)', '|', await words(page, 8000).catch(() => '(no words)'));
      }
    } else {
      // the first error whose words name a motif (the analysis differs a little from run to run,
      // and with it the sentence): PLY=n shows the n-th move instead
      let shown = SHOWN_PLY;
      let said = '';
      const errors = list.map((m, i) => i + 1).filter((ply) => ['inaccuracy', 'mistake', 'blunder', 'missed-win'].includes(list[ply - 1].cls));
      for (const ply of shown ? [shown] : errors) {
        await page.click(`#moves > .move >> nth=${ply - 1}`);
        await page.waitForSelector('[data-testid=move-info]:not([hidden])');
        said = /** @type {string} */ (await words(page));
        shown = ply;
        if (/forks|pins|skewers|discovered|double check|mate/.test(said)) break;
      }
      console.log('shown:', list[shown - 1].text, list[shown - 1].cls, said);
      await page.waitForFunction(() => { const b = document.querySelector('[data-testid=board]'); return b.dataset.rendered === b.dataset.fen.split(' ')[0]; });
      // the "ready to work offline" message goes by itself; the pictures are taken without it
      await page.waitForFunction(() => { const t = document.querySelector('[data-testid=toast]'); return !t || t.hidden || getComputedStyle(t).display === 'none' || getComputedStyle(t).opacity === '0'; }, null, { timeout: 30000 }).catch(() => {});
      await page.evaluate(() => window.scrollTo(0, 0));
      // the board with the move's badge and the reply's arrow, the saved line, the move info
      const info = /** @type {{ y: number, height: number }} */ (await page.locator('[data-testid=move-info]').boundingBox());
      const board = /** @type {{ y: number, height: number }} */ (await page.locator('[data-testid=board]').boundingBox());
      const bottom = Math.ceil(Math.max(info.y + info.height, board.y + board.height + 80)) + 8;
      await page.screenshot({ path: path.join(IMG, 'app-explain-move.png'), clip: { x: 0, y: 48, width: 1280, height: bottom - 48 } });
      // the right-hand column: the moves, the move info and the report under them
      const moves = /** @type {{ x: number, y: number }} */ (await page.locator('#moves').boundingBox());
      const review = /** @type {{ x: number, y: number, width: number, height: number }} */ (await page.locator('.review').boundingBox());
      await page.screenshot({ path: path.join(IMG, 'app-explain-report.png'), fullPage: true, clip: { x: review.x, y: moves.y - 12, width: review.width, height: review.y + review.height - moves.y + 12 } });
    }
    await context.close();
  }
  if (!LIST) {
    const context = await chromium.browser.newContext({ viewport: { width: 900, height: 620 }, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(`${web.url}/plain/test/element.html`);
    await page.waitForFunction(() => /** @type {any} */ (window).__events?.bestmove.length > 0, null, { timeout: 60000 });
    await page.evaluate((fen) => { const b = /** @type {any} */ (window).__board; b.setAttribute('explain', ''); b.setAttribute('fen', fen); }, ELEMENT_FEN);
    await page.waitForFunction((fen) => /** @type {any} */ (window).__events.explain.some((e) => e.fen === fen), ELEMENT_FEN, { timeout: 60000 });
    console.log('element:', await page.evaluate(() => /** @type {any} */ (window).__events.explain.at(-1).text));
    await page.locator('mainline-analysis').screenshot({ path: path.join(IMG, 'element-explain.png') });
    await context.close();
  }
} finally {
  await chromium.close();
  await app.close();
  await web.close();
}
