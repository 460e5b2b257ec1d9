// Chess960 in the board app, in Chromium (built and served as `npm start` serves it): a new game
// from a numbered start position, shown under the board; White castles short and Black long, each
// by putting the king on its own rook (clicks on the board); the same moves typed in the board in
// words (O-O, and UCI as the king taking its rook); the live analysis's lines legal in Chess960's
// notation; the PGN exported with its [Variant], [SetUp] and [FEN] tags and read back as the same
// game; axe over the new controls (the Chess960 form, the line under the board, the play form).
import { describe, expect, test } from 'vitest';
import path from 'node:path';
import { chess960Fen, playMoves } from '../../web/src/rules.js';
import { fenAfter } from '../../app/src/model/rules.js';
import { parsePgn } from '../../app/src/model/pgn.js';
import { audit, boardFen, boardRendered, boardScreenshot, clickMove, haveBrowser, SHOTS, useApp, waitForDepth } from './app-page.mjs';

// bnqrkrnb: the king on e1 between its rooks on d1 and f1, so castling is the king put down on
// the rook beside it, which no king's step can be confused with
const N = 307;
const START = chess960Fen(N);
const MOVES = [['g1', 'f3'], ['c7', 'c6'], ['e1', 'f1'], ['c8', 'c7'], ['d2', 'd4'], ['e8', 'd8']];
const SAN = ['Nf3', 'c6', 'O-O', 'Qc7', 'd4', 'O-O-O'];
const UCI = MOVES.map(([a, b]) => a + b);

const app = useApp();

/** The move list's moves, without their numbers and the report's glyphs. */
const moveList = (page) =>
  page.$$eval('#moves .move', (els) =>
    els.map((e) => {
      const c = /** @type {Element} */ (e.cloneNode(true));
      c.querySelectorAll('.glyph').forEach((g) => g.remove());
      return (c.textContent || '').replace(/^\d+\.+\s*/, '');
    }),
  );

const atPly = (page, ply) => page.waitForFunction((p) => document.querySelector('[data-testid=board]').dataset.ply === String(p), ply);

describe.skipIf(!haveBrowser)('Chess960 in the app', () => {
  test('a numbered start, both castlings by the king on its rook, the engine’s lines, PGN out and back in, axe', async () => {
    const { page, context, problems } = await app.open();
    try {
      await page.waitForSelector('[data-testid=board] [data-square]');
      // ---- no number, or one out of range: said, and nothing changes
      await page.click('[data-testid=c960-start]');
      await page.waitForSelector('[data-testid=error]:not([hidden])');
      expect(await page.textContent('[data-testid=error]')).toBe('Type the number of a Chess960 start position, 0 to 959, or press Random.');
      await page.fill('[data-testid=c960-number]', '960');
      await page.click('[data-testid=c960-start]');
      await page.waitForFunction(() => /not 960\.$/.test(document.querySelector('[data-testid=error]').textContent));
      expect(await page.textContent('[data-testid=error]')).toBe('Chess960 start positions are numbered 0 to 959, not 960.');
      expect(await page.isHidden('[data-testid=variant]')).toBe(true);

      // ---- start position 307, its number under the board
      await page.fill('[data-testid=c960-number]', String(N));
      await page.press('[data-testid=c960-number]', 'Enter');
      await page.waitForFunction((fen) => document.querySelector('[data-testid=board]').dataset.fen === fen, START);
      expect(await page.textContent('[data-testid=variant]')).toBe(`Chess960 · start position ${N}`);
      expect(await page.isHidden('[data-testid=error]')).toBe(true);

      // ---- the moves on the board: each castling is the king clicked, then its rook
      for (const [i, [from, to]] of MOVES.entries()) {
        // (a click while the board still animates the last move can be lost: seen once in CI)
        await boardRendered(page);
        await clickMove(page, from, to);
        await atPly(page, i + 1);
      }
      expect(await moveList(page)).toEqual(SAN);
      expect(await boardFen(page)).toBe(fenAfter(START, UCI));
      expect(await boardFen(page)).toMatch(/^bnkr1rnb\/ppqppppp\/2p5\/8\/3P4\/5N2\/PPP1PPPP\/BNQR1RKB w - /);
      await boardScreenshot(page, path.join(SHOTS, 'app-chess960.png'));

      // ---- the board in words: O-O in SAN, and UCI as the king taking its rook (the moves are
      // there already: typing one goes to it)
      await page.click('[data-testid=reader-toggle]');
      await page.waitForSelector('[data-testid=reader]:not([hidden])');
      const type = async (text) => {
        await page.fill('[data-testid=reader-input]', text);
        await page.press('[data-testid=reader-input]', 'Enter');
      };
      await page.click('#nav-start');
      await atPly(page, 0);
      for (let i = 0; i < 2; i++) await page.click('#nav-forward');
      await atPly(page, 2);
      await type('O-O');
      await atPly(page, 3);
      expect(await page.textContent('[data-testid=reader-moves]')).toBe('2. O-O: White castles kingside.');
      await page.click('#nav-forward');
      await page.click('#nav-forward');
      await atPly(page, 5);
      await type('e8d8');
      await atPly(page, 6);
      expect(await page.textContent('[data-testid=reader-moves]')).toBe('3... O-O-O: Black castles queenside.');
      expect(await page.locator('#moves .move').count()).toBe(6); // no move was added

      // ---- the engine's lines before White castles: legal in Chess960's notation (castling as
      // the king taking its rook), the SAN the rules write
      await page.click('#nav-start');
      await page.click('#nav-forward');
      await page.click('#nav-forward');
      await atPly(page, 2);
      await waitForDepth(page, 8);
      const lines = await page.$$eval('[data-testid=iteration-row][data-bound=exact] [data-testid=pv-line]', (els) =>
        els.map((l) => ({ fen: l.dataset.fen, san: l.dataset.san.split(' ').filter(Boolean), uci: l.dataset.uci.split(' ').filter(Boolean) })));
      expect(lines.length).toBeGreaterThan(4);
      const before = fenAfter(START, UCI.slice(0, 2));
      for (const line of lines) {
        expect(line.fen.split(' ').slice(0, 3)).toEqual(before.split(' ').slice(0, 3));
        expect(line.uci.length).toBeGreaterThan(0);
        expect(playMoves(line.fen, line.uci, { chess960: true }).map((m) => [m.uci, m.san])).toEqual(line.uci.map((u, i) => [u, line.san[i]]));
      }
      // axe over the game's page, the engine paused (a page that changes as axe reads it is slow to check)
      await page.click('#engine-toggle');
      await page.waitForFunction(() => document.getElementById('engine-toggle')?.getAttribute('aria-pressed') === 'true');
      expect(await audit(page, 'chess960 game, board in words')).toEqual([]);

      // ---- PGN out: the variant, the start position, O-O / O-O-O
      await page.click('#pgn-export');
      await page.waitForSelector('#pgn-export:not([aria-busy])');
      const pgn = await page.inputValue('[data-testid=pgn-input]');
      expect(pgn).toContain(`[Variant "Chess960"]\n[SetUp "1"]\n[FEN "${START}"]`);
      expect(pgn).toMatch(/2\. O-O\b[^]*3\.\.\. O-O-O\b/);

      // ---- and in again: a new game, the same moves, start, headers
      await page.click('#pgn-load');
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.ply === '0' && document.querySelectorAll('#moves .move').length === 6);
      expect(await page.isHidden('[data-testid=error]')).toBe(true);
      expect(await boardFen(page)).toBe(START);
      expect(await moveList(page)).toEqual(SAN);
      expect(await page.textContent('[data-testid=variant]')).toBe(`Chess960 · start position ${N}`);
      await page.click('#nav-end');
      await atPly(page, 6);
      expect(await boardFen(page)).toBe(fenAfter(START, UCI));
      await page.click('#pgn-export');
      await page.waitForSelector('#pgn-export:not([aria-busy])');
      const again = parsePgn(await page.inputValue('[data-testid=pgn-input]'));
      const first = parsePgn(pgn);
      // (the game read back has an evaluation at every position, from the live analysis, so it
      // counts as analysed and names its annotator, as any such game does)
      const { Annotator, ...headers } = again.headers;
      expect(Annotator).toMatch(/^Mainline /);
      expect(headers).toEqual(first.headers);
      expect(first.headers).toMatchObject({ Variant: 'Chess960', SetUp: '1', FEN: START });
      expect(again.tree.root.fen).toBe(START);
      expect(again.tree.mainline().map((n) => [n.uci, n.san])).toEqual(first.tree.mainline().map((n) => [n.uci, n.san]));
      expect(first.tree.mainline().map((n) => n.uci)).toEqual(UCI);

      // ---- the play form's Chess960 controls
      await page.click('[data-testid=mode-play]');
      expect(await page.isHidden('[data-testid=play-number]')).toBe(true); // asked for Chess960 only
      await page.selectOption('[data-testid=play-variant]', 'chess960');
      await page.waitForSelector('[data-testid=play-number]:visible');
      expect(await audit(page, 'chess960 play form')).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120000);
});
