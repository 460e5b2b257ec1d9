// The README's pictures, taken from the real product: the board app analysing a game (app/dist,
// served as `npm start` serves it) and <mainline-analysis> on a plain page (web/test/element.html),
// each in Chromium once the engine has shown its lines. Writes docs/img/app.png and
// web/img/element.png (inside the package, so that its README shows it on npm too). Run it again when the app or the element changes how they look:
//   npm run screenshots        (needs the web build and the app build: npm run build, npm run app:build)
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, startAppServer } from '../app/server.mjs';
import { launchChromium, startServer } from '../web/test/server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APP_PNG = path.join(ROOT, 'docs/img/app.png');
const ELEMENT_PNG = path.join(ROOT, 'web/img/element.png');
for (const f of [APP_PNG, ELEMENT_PNG]) mkdirSync(path.dirname(f), { recursive: true });

// The game shown: the start of a Ruy Lopez, analysed at its last move.
const PGN = `[Event "Mainline README"]
[White "White"]
[Black "Black"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *`;

ensureBuilt({ quiet: true });
const app = await startAppServer({ port: 0 });
const web = await startServer();
const chromium = await launchChromium();
try {
  {
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(app.url);
    await page.fill('[data-testid=pgn-input]', PGN);
    await page.click('#pgn-load');
    await page.click('#nav-end'); // the game's last position
    // the "ready to work offline" message goes by itself; the picture is taken without it
    await page.waitForFunction(() => { const t = document.querySelector('[data-testid=toast]'); return !t || t.hidden || getComputedStyle(t).display === 'none' || getComputedStyle(t).opacity === '0'; }, null, { timeout: 20000 }).catch(() => {});
    // The live analysis has shown an exact line of depth 14 or more.
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=iteration-row][data-bound=exact]')].some((e) => Number(e.dataset.depth) >= 14), null, { timeout: 60000 });
    await page.screenshot({ path: APP_PNG });
    await context.close();
  }
  {
    const context = await chromium.browser.newContext({ viewport: { width: 900, height: 620 }, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(`${web.url}/plain/test/element.html`);
    // The element's search (depth 10, two lines) has finished.
    await page.waitForFunction(() => /** @type {any} */ (window).__events?.bestmove.length > 0, null, { timeout: 60000 });
    await page.locator('mainline-analysis').screenshot({ path: ELEMENT_PNG });
    await context.close();
  }
  console.log(`screenshots: ${path.relative(ROOT, APP_PNG)}, ${path.relative(ROOT, ELEMENT_PNG)}`);
} finally {
  await chromium.close();
  await app.close();
  await web.close();
}
