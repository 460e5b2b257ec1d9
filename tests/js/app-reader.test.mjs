// The board in words (the app's screen-reader mode, app/src/views/reader.js) in Chromium, with
// the keyboard alone: turned on from the first button of the page, the position read as text,
// commands answered (the report and `why` too), a typed move checked (an illegal one said so) and played, the move and the
// engine's analysis announced in live regions, the setting kept after a reload.
import { describe, expect, test } from 'vitest';
import { describePosition } from '../../web/src/readout.js';
import { boardFen, haveBrowser, useApp } from './app-page.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

const app = useApp();

describe.skipIf(!haveBrowser)('the board in words', () => {
  test('by keyboard: turn it on, read the position, ask, type a move, hear the move and the engine', async () => {
    const { page, context, problems } = await app.open();
    try {
      await page.waitForSelector('[data-testid=board] [data-square]');
      // the button is reachable by Tab and pressed with Enter; the box then has the focus
      await page.focus('[data-testid=reader-toggle]');
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid=reader]:not([hidden])');
      expect(await page.getAttribute('[data-testid=reader-toggle]', 'aria-pressed')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('reader-input');
      expect(await page.textContent('[data-testid=reader-position]')).toBe(describePosition(START));
      const type = async (text) => {
        await page.keyboard.type(text);
        await page.keyboard.press('Enter');
        return page.textContent('[data-testid=reader-reply]');
      };
      expect(await type('where knights')).toBe('White knights: b1 and g1. Black knights: b8 and g8.');
      expect(await type('attacks f3')).toBe('f3 is empty. White attacks it with the pawn on e2, the knight on g1 and the pawn on g2. Black does not attack it.');
      const refused = await type('Ke2');
      expect(refused).toMatch(/^Ke2 is not a legal move here\. Legal moves: .*Nf3.*\.$/);
      expect(await page.getAttribute('[data-testid=reader-reply]', 'class')).toContain('reply-error');
      expect(await type('e4')).toBe('You played pawn to e4.');
      await page.waitForFunction(() => document.querySelector('[data-testid=board]')?.getAttribute('data-fen')?.includes(' b '));
      expect(await boardFen(page)).toMatch(/^rnbqkbnr\/pppppppp\/8\/8\/4P3\/8\/PPPP1PPP\/RNBQKBNR b /);
      expect(await page.textContent('[data-testid=reader-moves]')).toBe('1. e4: White pawn to e4.');
      // the live analysis of the new position, announced once it says something
      await page.waitForFunction(() => /^Depth \d+: best .+; .+\.$/.test(document.querySelector('[data-testid=reader-engine]')?.textContent || ''), null, { timeout: 20000 });
      expect(await type('engine')).toMatch(/^Depth \d+: best .+; .+\.$/);
      expect(await type('line')).toMatch(/^Best line at depth \d+: .+\.$/);
      // the report of the one move once the live analysis has evaluated both positions (the
      // start's evaluation may not have come before e4 was typed); why the engine's best move is
      // best, in checked sentences
      expect(await type('report')).toMatch(/^(Game report\. White: accuracy \d+%, average centipawn loss \d+; [^.]+\. Black: no moves\.( Opening accuracy: White \d+%\. Middlegame accuracy: no moves\. Endgame accuracy: no moves\.)?|No game report yet: 1 of 2 positions are evaluated; Analyse game \(in the Game panel\) completes it\.)$/);
      await type('why');
      await page.waitForFunction(() => /^The engine’s best move at depth \d+, \S+: .+\.$/.test(document.querySelector('[data-testid=reader-reply]')?.textContent || ''), null, { timeout: 20000 });
      // the setting is kept
      await page.reload();
      await page.waitForSelector('[data-testid=reader]:not([hidden])');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90000);
});
