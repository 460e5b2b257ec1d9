// The opening tree in Chromium (issue 54, part 1): games imported into the library, the tree of
// one player and colour, down a move, the games of a move listed and one opened; axe-core on it.
import { describe, expect, test } from 'vitest';
import { audit, haveBrowser, useApp } from './app-page.mjs';

const app = useApp();

const pgn = (white, black, result, moves) => `[Event "Club"]\n[White "${white}"]\n[Black "${black}"]\n[Result "${result}"]\n\n${moves} ${result}\n`;
const LIBRARY = [
  pgn('Anna', 'Xavier', '1-0', '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. h4 h6'),
  pgn('Anna', 'Yves', '0-1', '1. e4 c5 2. Nf3 d6'),
  pgn('Anna', 'Zoe', '1/2-1/2', '1. e4 e5 2. Bc4 Nf6'),
  pgn('Xavier', 'Anna', '0-1', '1. d4 d5 2. c4 e6'),
].join('\n');

describe.skipIf(!haveBrowser)('the opening tree in Chromium', () => {
  test('a player’s tree from the library: counts, down a move, its games, one opened; axe 0', async () => {
    const { page, context, problems } = await app.open();
    try {
      await page.click('[data-testid=library-open]');
      await page.waitForSelector('[data-testid=library][open]');
      await page.setInputFiles('[data-testid=library-import]', { name: 'club.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(LIBRARY) });
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=library-item]').length === 4, null, { timeout: 20000 });
      await page.click('[data-testid=tree-open]');
      await page.waitForSelector('[data-testid=opening-tree][open]');
      await page.waitForSelector('[data-testid=tree-table]');
      // Anna has the most games: her tree with White first
      expect(await page.inputValue('[data-testid=tree-player]')).toBe('Anna');
      expect(await page.textContent('[data-testid=tree-summary]')).toMatch(/^Anna with White: 3 games\. Left the named openings in 1: by Anna in 1, by the opponent in 0\.$/);
      const rows = () => page.$$eval('[data-testid=tree-table] tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent.trim())));
      expect(await rows()).toEqual([['1. e4', '3', '50%', '–', '≡ book', 'usual', 'Games (3)']]);
      expect((await audit(page, 'opening tree'))).toEqual([]);
      // down 1. e4: the replies, then 1... e5 and White's second moves
      await page.click('button.tree-move >> text=1. e4');
      expect((await rows()).map((r) => r.slice(0, 3))).toEqual([['1... e5', '2', '75%'], ['1... c5', '1', '0%']]);
      await page.click('button.tree-move >> text=1... e5');
      // one game each: the usual one is the move of the game the library lists first (the newest import)
      expect((await rows()).map((r) => [r[0], r[5]])).toEqual([['2. Bc4', 'usual'], ['2. Nf3', 'not the usual Bc4']]);
      // back to the start by the path
      await page.click('[data-testid=tree-path] >> text=Start');
      expect((await rows()).length).toBe(1);
      // her Blacks
      await page.selectOption('[data-testid=tree-color]', 'b');
      await page.waitForFunction(() => /^Anna with Black: 1 game/.test(document.querySelector('[data-testid=tree-summary]')?.textContent || ''));
      await page.selectOption('[data-testid=tree-color]', 'w');
      await page.waitForFunction(() => /^Anna with White: 3 games/.test(document.querySelector('[data-testid=tree-summary]')?.textContent || ''));
      // the games of 1. e4, and one opened in the board
      await page.click('button.tree-list');
      await page.waitForSelector('[data-testid=tree-games]:not([hidden])');
      expect(await page.$$eval('[data-testid=tree-games] button.tree-game', (bs) => bs.length)).toBe(3);
      expect((await audit(page, 'opening tree: the games of a move'))).toEqual([]);
      await page.click('[data-testid=tree-games] button.tree-game >> text=/Zoe/');
      await page.waitForSelector('[data-testid=opening-tree]:not([open])', { state: 'hidden' });
      await page.waitForFunction(() => document.querySelectorAll('#moves .move').length === 4);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120000);
});
