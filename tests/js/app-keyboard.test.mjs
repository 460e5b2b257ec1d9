// The board app with the keyboard alone (issue 33), in Chromium: no click, no page.focus(), no
// fill(): only Tab, Shift+Tab, Enter, Space, arrow keys and typed text. A user loads a game,
// makes a move on the board, opens a game from the library, analyses the game, reads the report
// (on the page and as words), hears why a move was a blunder, and practises it. Each control the
// keyboard lands on must show that it has the focus (an outline or a ring).
import { describe, expect, test } from 'vitest';
import { Chess } from 'chess.js';
import { boardFen, boardPly, haveBrowser, TRAP, useApp } from './app-page.mjs';

const app = useApp();

/**
 * Presses Tab (or Shift+Tab) until the focused element matches `selector` (and `text`, when
 * given, is in its text or accessible name); fails after `max` presses. Returns whether the
 * element shows its focus (an outline or a box-shadow ring).
 */
async function tabTo(page, selector, { text = '', back = false, max = 600 } = {}) {
  for (let i = 0; i < max; i++) {
    const hit = await page.evaluate(
      ({ sel, t }) => {
        const el = document.activeElement;
        if (!el || !el.matches(sel)) return false;
        return !t || `${el.textContent} ${el.getAttribute('aria-label') || ''}`.includes(t);
      },
      { sel: selector, t: text },
    );
    if (hit) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${selector}${text ? ` with "${text}"` : ''}`);
}

/** Whether the focused element shows its focus: an outline or a box-shadow ring (or the board's own focus mark). */
const focusShown = (page) =>
  page.evaluate(() => {
    const el = /** @type {Element} */ (document.activeElement);
    const cs = getComputedStyle(el);
    if (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) return true;
    if (cs.boxShadow && cs.boxShadow !== 'none') return true;
    // the board: its square under the keyboard is marked
    return el.matches('svg') && !!el.querySelector('.keyboard-focus-indicator *');
  });

/** Tab to a control, check that its focus shows, and press a key on it. */
async function press(page, selector, key = 'Enter', opts = {}) {
  await tabTo(page, selector, opts);
  expect(await focusShown(page), `focus visible on ${selector}`).toBe(true);
  await page.keyboard.press(key);
}

/** Types a game into the PGN box and loads it, with the keyboard. */
async function loadTrap(page) {
  await tabTo(page, '#pgn-input');
  expect(await focusShown(page)).toBe(true);
  await page.keyboard.insertText(TRAP);
  await press(page, '#pgn-load');
  await page.waitForFunction(() => document.querySelectorAll('#moves .move').length === 14);
}

/** Moves the board's keyboard square from where it is to `to`, then presses Enter there. */
async function boardKeys(page, path) {
  for (const k of path) await page.keyboard.press(k);
}

describe.skipIf(!haveBrowser)('the app with the keyboard alone', () => {
  test('load a game; make a move on the board; open a game from the library', async () => {
    const { page, context, problems } = await app.open();
    try {
      await page.waitForSelector('[data-testid=board] [data-square]');
      await loadTrap(page);
      await page.waitForFunction(() => document.querySelector('[data-testid=save-state]').dataset.state === 'saved', null, { timeout: 15000 });
      // a new analysis from the start position; the trap game stays in the library
      await press(page, '#game-new');
      await page.waitForFunction(() => document.querySelectorAll('#moves .move').length === 0);
      expect(await boardPly(page)).toBe(0);
      // the board: Tab to it, arrow keys to e2 (the keyboard's square starts on a1), Enter, up two, Enter
      await tabTo(page, '[data-testid=board] svg[tabindex]');
      await boardKeys(page, ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp']);
      expect(await focusShown(page), 'the board marks its keyboard square').toBe(true);
      await boardKeys(page, ['Enter', 'ArrowUp', 'ArrowUp', 'Enter']);
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.ply === '1');
      expect(await boardFen(page)).toMatch(/^rnbqkbnr\/pppppppp\/8\/8\/4P3\/8\/PPPP1PPP\/RNBQKBNR b /);
      // the engine's lines: one tab stop for the whole table, however many moves it holds; the
      // arrow keys go along a line, Enter plays it up to the move. (The engine
      // paused first, by its button, so that the line read is the line played.)
      await page.waitForFunction(() => document.querySelectorAll('#iterations .it-line button.mv').length >= 12);
      // while the lines change (rows drawn again one depth deeper, new rows), the focus stays in
      // the table instead of falling to the page
      await tabTo(page, '#iterations button.mv', { max: 80 });
      const depthNow = await page.evaluate(() => Number(document.querySelector('#iterations .it-row')?.dataset.depth));
      await page.waitForFunction((d) => Number(document.querySelector('#iterations .it-row')?.dataset.depth) >= d + 3, depthNow, { timeout: 20000 });
      expect(await page.evaluate(() => !!document.activeElement?.closest('#iterations'))).toBe(true);
      await press(page, '#engine-toggle', 'Enter', { back: true, max: 80 });
      await page.waitForFunction(() => document.body.dataset.engine === 'paused');
      await tabTo(page, '#iterations button.mv', { max: 80 });
      // ArrowUp to the newest (deepest) line, ArrowDown to the newest exact one (a fail-high or
      // fail-low row, the newest when the pause comes right after one, may hold a single move),
      // Home to its first move
      for (let i = 0; i < 60 && !(await page.evaluate(() => document.activeElement.closest('.it-line') === document.querySelector('#iterations .it-line'))); i++) await page.keyboard.press('ArrowUp');
      for (let i = 0; i < 60 && !(await page.evaluate(() => !!document.activeElement.closest('.it-row.bound-exact'))); i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Home');
      expect(await page.evaluate(() => document.activeElement.closest('.it-line').querySelectorAll('button.mv').length)).toBeGreaterThanOrEqual(2);
      const from = await page.evaluate(() => Number(document.activeElement.dataset.i));
      expect(from).toBe(0);
      await page.keyboard.press('ArrowRight');
      expect(await page.evaluate(() => document.querySelectorAll('#iterations button[tabindex="0"]').length)).toBe(1);
      expect(await page.evaluate(() => `${document.activeElement?.closest('#iterations') ? 'in' : 'out'} ${document.activeElement?.dataset.i}`)).toBe(`in ${from + 1}`);
      expect(await focusShown(page)).toBe(true);
      // one Tab leaves the table (its lines are one stop, not hundreds); Shift+Tab comes back to the same move
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('#iterations'))).toBe(false);
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => `${document.activeElement?.closest('#iterations') ? 'in' : 'out'} ${document.activeElement?.dataset.i}`)).toBe(`in ${from + 1}`);
      const line = await page.evaluate(() => document.activeElement.closest('.it-line').dataset.uci.split(' ').slice(0, Number(document.activeElement.dataset.i) + 1));
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => document.querySelector('[data-testid=board]').dataset.ply === String(1 + n), line.length);
      const game = new Chess();
      for (const u of ['e2e4', ...line]) game.move({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] });
      expect((await boardFen(page)).split(' ')[0]).toBe(game.fen().split(' ')[0]);
      // the library: open it, Tab to the trap game's Open button, Enter
      await press(page, '[data-testid=library-open]', 'Enter', { back: true });
      await page.waitForSelector('[data-testid=library][open]');
      await page.waitForSelector('[data-testid=library-item]');
      await press(page, '.lib-open', 'Enter', { text: 'Anna' });
      await page.waitForSelector('[data-testid=library]', { state: 'hidden' });
      await page.waitForFunction(() => document.querySelectorAll('#moves .move').length === 14);
      expect(await page.inputValue('[data-testid=game-name]')).toContain('Anna');
      // the focus went back to the page (to the button that opened the dialog), not lost
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('library-open');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120000);

  test('analyse the game; read the report on the page and in words; why a blunder; practise it', async () => {
    const { page, context, problems } = await app.open();
    try {
      await page.waitForSelector('[data-testid=board] [data-square]');
      await loadTrap(page);
      // depth 8 per position: the select moved with the arrow keys (depth 12 is the default)
      await tabTo(page, '#review-limit');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      expect(await page.inputValue('#review-limit')).toBe('depth:8');
      await press(page, '[data-testid=review-start]');
      await page.waitForFunction(() => document.body.dataset.review === 'done', null, { timeout: 60000 });
      await page.waitForSelector('[data-testid=report-table]');
      // the analysis paused (its button: Tab crosses the live lines as one stop), so that the
      // classes stay as read
      await press(page, '#engine-toggle', 'Enter', { back: true, max: 80 });
      await page.waitForFunction(() => document.body.dataset.engine === 'paused');
      // the report's count of White's blunders goes to the first one
      await press(page, 'button.count[data-cls=blunder][data-color=w]', 'Enter', { back: true });
      await page.waitForFunction(() => document.querySelector('[data-testid=move-info]')?.dataset.class === 'blunder');
      const ply = await boardPly(page);
      expect(ply % 2).toBe(1); // a White move
      // the report and the reason in words, in the board in words
      await press(page, '[data-testid=reader-toggle]', 'Enter', { back: true });
      await page.waitForSelector('[data-testid=reader]:not([hidden])');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('reader-input');
      await page.keyboard.type('report');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => /^Game report\. White \(Anna\): accuracy \d+%/.test(document.querySelector('[data-testid=reader-reply]').textContent || ''));
      const report = await page.textContent('[data-testid=reader-reply]');
      expect(report).toMatch(/Black \(Boris\): accuracy \d+%, average centipawn loss \d+; /);
      expect(report).toMatch(/Blunders: .*\(White\)\./);
      await page.keyboard.type('why');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => /, a Blunder: /.test(document.querySelector('[data-testid=reader-reply]').textContent || ''), null, { timeout: 20000 });
      // the same verified words as the move info on the page
      await page.waitForFunction(() => { const w = document.querySelector('[data-testid=move-words]'); return !!w && !/^Looking/.test(w.textContent || ''); }, null, { timeout: 20000 });
      const words = await page.textContent('[data-testid=move-words]');
      const head = /** @type {string} */ (await page.textContent('[data-testid=move-info] p'));
      const move = head.slice(0, head.indexOf(' Blunder:')).replace(/[?!✗]+$/, ''); // "4. Nxe5"
      expect(await page.textContent('[data-testid=reader-reply]')).toBe(`${move}, a Blunder: ${words}`);
      // practise White's mistakes: the first puzzle is asked
      await press(page, '[data-testid=practise-w]', 'Enter');
      await page.waitForSelector('[data-testid=practice-panel]:not([hidden])');
      await page.waitForFunction(() => document.body.dataset.practice === 'ask');
      // a try on the board with the keys: castling, e1 to g1 (from a1: right four, Enter, right two, Enter)
      await tabTo(page, '[data-testid=board] svg[tabindex]', { back: true });
      await boardKeys(page, ['ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown']);
      await boardKeys(page, ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'Enter', 'ArrowRight', 'ArrowRight', 'Enter']);
      await page.waitForFunction(() => ['wrong', 'solved'].includes(document.body.dataset.practice || ''), null, { timeout: 30000 });
      expect(await page.textContent('[data-testid=practice-message]')).toMatch(/^(O-O is not better|Correct: O-O)/);
      // give up (when the try was wrong), then stop, with the keyboard
      if ((await page.evaluate(() => document.body.dataset.practice)) === 'wrong') {
        await press(page, '[data-testid=practice-reveal]');
        await page.waitForFunction(() => document.body.dataset.practice === 'solved');
        expect(await page.textContent('[data-testid=practice-message]')).toMatch(/^The best move was \S+\.$/);
      }
      await press(page, '[data-testid=practice-stop]');
      await page.waitForSelector('[data-testid=practice-panel]', { state: 'hidden' });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180000);
  test('play a move against the engine, ask for a hint; open the settings and change the lines', async () => {
    const { page, context, problems } = await app.open();
    try {
      await page.waitForSelector('[data-testid=board] [data-square]');
      await press(page, '[data-testid=mode-play]');
      await press(page, '#play-start');
      await page.waitForFunction(() => document.body.dataset.game === 'human' && document.querySelector('[data-testid=board]').dataset.ply === '0');
      // 1. e4 with the board's keys (its keyboard square starts on a1), then the engine answers
      await tabTo(page, '[data-testid=board] svg[tabindex]');
      await boardKeys(page, ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'Enter', 'ArrowUp', 'ArrowUp', 'Enter']);
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.ply === '2' && document.body.dataset.game === 'human', null, { timeout: 20000 });
      expect((await boardFen(page)).split(' ')[0].split('/')[4]).toBe('4P3'); // the pawn on e4
      // the hint: a legal move for the player, said in words
      await press(page, '#play-hint');
      await page.waitForFunction(() => !!document.querySelector('[data-testid=play-hint]')?.dataset.move, null, { timeout: 20000 });
      const hint = await page.getAttribute('[data-testid=play-hint]', 'data-move');
      expect(new Chess(await boardFen(page)).moves({ verbose: true }).map((m) => m.lan)).toContain(hint);
      // the engine settings: open them, and choose three lines with the arrow keys
      await press(page, '#settings-toggle');
      await page.waitForSelector('#settings:not([hidden])');
      await tabTo(page, '#set-multipv');
      expect(await focusShown(page)).toBe(true);
      const before = await page.$eval('#set-multipv', (e) => /** @type {HTMLSelectElement} */ (e).value);
      await page.keyboard.press('ArrowDown');
      expect(await page.$eval('#set-multipv', (e) => /** @type {HTMLSelectElement} */ (e).value)).not.toBe(before);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90000);
});
