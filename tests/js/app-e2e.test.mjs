// The board app (app/) end to end, in Chromium (Debian's /usr/bin/chromium through
// playwright-core): built with `vite build` and served by app/server.mjs exactly as
// `npm start` serves it (COOP/COEP + strict CSP), plus once without COOP/COEP.
// Screenshots of every state go to test-results/app-*.png.
import { describe, expect, test } from 'vitest';
import path from 'node:path';
import { Chess } from 'chess.js';
import { boardFen, boardPly, boardRendered, boardScreenshot, clickMove, haveBrowser, SHOTS, useApp, waitForDepth } from './app-page.mjs';
import { expectLegalLine } from './legal-line.mjs';


// Black to move mates in 3 (found at depth 6): the score changes sign and becomes a mate.
const TACTIC = 'r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1';
const PGN = `[Event "e2e"]
[White "A"]
[Black "B"]
[Result "*"]

1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) d6) 2. Nf3 Nc6 3. Bb5 {Ruy Lopez} a6 4. Ba4 Nf6 *`;

const app = useApp({ plain: true });
/** A fresh page of the app at `url`; `problems` collects page errors, console errors and CSP reports. */
const open = (url, viewport = { width: 1280, height: 800 }, extra = {}) => app.open(viewport, extra, url);

const shot = (page, name, opts) => boardScreenshot(page, path.join(SHOTS, `app-${name}.png`), opts);

/** Exact iteration rows as { depth, lines: [{ fen, san[], uci[], score, pvEnd }] }, newest first. */
async function rows(page) {
  return page.$$eval('[data-testid=iteration-row]', (els) =>
    els.map((r) => ({
      depth: Number(r.dataset.depth),
      from: Number(r.dataset.from),
      bound: r.dataset.bound,
      lines: [...r.querySelectorAll('[data-testid=pv-line]')].map((l) => ({
        fen: l.dataset.fen,
        san: l.dataset.san.split(' ').filter(Boolean),
        uci: l.dataset.uci.split(' ').filter(Boolean),
        score: l.dataset.score,
        pvEnd: l.dataset.pvEnd,
      })),
    })),
  );
}

const exactDepth = (page) => page.$$eval('[data-testid=iteration-row][data-bound=exact]', (els) => Math.max(0, ...els.map((e) => Number(e.dataset.depth))));

// The text of each element `selector` matches, without the game report's glyphs (?!, ?, ...):
// the report analyses the game's main line in the background and may mark a move at any time.
const moveTexts = (page, selector) =>
  page.$$eval(selector, (els) =>
    els.map((e) => {
      const c = /** @type {Element} */ (e.cloneNode(true));
      c.querySelectorAll('.glyph').forEach((g) => g.remove());
      return c.textContent;
    }),
  );

/** Every line is not empty, legal from its position, and UCI and SAN agree (checked with chess.js). */
function expectLegalLines(all) {
  let n = 0;
  for (const row of all) {
    for (const line of row.lines) {
      expect(line.san.length).toBeGreaterThan(0);
      expectLegalLine(line.fen, line.uci, line.san);
      n++;
    }
  }
  return n;
}

/** Plays a move on the board by dragging the piece. */
async function dragMove(page, from, to) {
  const a = await page.locator(`[data-testid=board] rect.square[data-square="${from}"]`).boundingBox();
  const b = await page.locator(`[data-testid=board] rect.square[data-square="${to}"]`).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 2 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up();
}

describe.skipIf(!haveBrowser)('board app in Chromium (served as npm start serves it)', () => {
  test('analysis: start position, a tactic, hover preview, click a line, a bad FEN and a bad PGN', async () => {
    const { page, context, problems } = await open(app.url);
    try {
      // ---- start position: rows arrive live, depth increases, every line legal, arrow drawn
      await waitForDepth(page, 4);
      const early = await exactDepth(page);
      await waitForDepth(page, Math.max(9, early + 2));
      expect(await exactDepth(page)).toBeGreaterThan(early); // rows keep arriving
      expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
      expect(await page.evaluate(() => document.body.dataset.stopMode)).toBe('sab');
      let all = await rows(page);
      // one row per iteration, newest first (iterations that repeat the previous one exactly
      // share a row that shows a depth range): depths 1, 2, 3, ... without gaps
      const exact = all.filter((r) => r.bound === 'exact').reverse();
      expect(exact[0].from).toBe(1);
      exact.forEach((r, i) => i && expect(r.from).toBe(exact[i - 1].depth + 1));
      expect(expectLegalLines(all)).toBeGreaterThanOrEqual(exact.length);
      const best = all.find((r) => r.bound === 'exact').lines[0];
      expect(best.fen).toBe(new Chess().fen());
      await page.waitForFunction(() => !!document.querySelector('[data-testid=board] g.ov-arrow.arrow-best'));
      const arrow = await page.getAttribute('[data-testid=board]', 'data-best-arrow');
      expect(arrow).toMatch(/^[a-h][1-8][a-h][1-8]/);
      expect((await rows(page)).some((r) => r.bound === 'exact' && r.lines[0].uci[0] === arrow)).toBe(true);
      expect(await page.getAttribute('[data-testid=eval-bar]', 'data-score')).toMatch(/^[+-]?\d+\.\d\d$|^0\.00$/);
      expect(Number(await page.getAttribute('#chart', 'data-points'))).toBeGreaterThanOrEqual(5);
      await shot(page, 'analyse-start');

      // ---- a tactical position from the FEN box: Black mates in 3 (White's view: #-3)
      await page.fill('[data-testid=fen-input]', TACTIC);
      await page.press('[data-testid=fen-input]', 'Enter');
      await page.waitForFunction((fen) => document.querySelector('[data-testid=board]').dataset.fen === fen, TACTIC);
      await page.waitForFunction(() => /^#-/.test(document.querySelector('[data-testid=iteration-row][data-bound=exact] [data-testid=pv-line]')?.dataset.score || ''), null, { timeout: 20000 });
      await waitForDepth(page, 8);
      all = await rows(page);
      expect(all.every((r) => r.lines.every((l) => l.fen === TACTIC))).toBe(true); // only this position's rows
      expectLegalLines(all);
      const top = all.find((r) => r.bound === 'exact').lines[0];
      expect(top.san.slice(0, 1)).toEqual(['Bc5+']);
      expect(top.pvEnd).toBe('mate');
      expect(new Chess(TACTIC).move(top.san[0]) && true).toBe(true);
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.bestArrow === 'f8c5');
      expect(await page.getAttribute('[data-testid=eval-bar]', 'data-score')).toBe('#-3');
      expect(await page.textContent('#engine-score')).toBe('#-3');
      // moves that changed since the previous iteration are marked
      expect(await page.locator('[data-testid=iteration-row] .mv.first-change').count()).toBeGreaterThan(0);
      await shot(page, 'analyse-tactic');

      // ---- hover a move of the best line: preview board of that position, line arrows
      const latest = page.locator('[data-testid=iteration-row][data-bound=exact] [data-testid=pv-line]').first();
      await latest.locator('.mv').nth(2).hover();
      await page.waitForSelector('#preview:not([hidden])');
      const after3 = new Chess(TACTIC);
      top.san.slice(0, 3).forEach((s) => after3.move(s));
      expect(await page.getAttribute('#preview-board', 'data-fen')).toBe(after3.fen());
      expect(await page.locator('[data-testid=board] g.ov-arrow.arrow-hover').count()).toBe(3);
      await shot(page, 'hover-preview');

      // ---- click it: the line is played on the board up to that move
      await latest.locator('.mv').nth(2).click();
      await page.waitForFunction((fen) => document.querySelector('[data-testid=board]').dataset.fen === fen, after3.fen());
      expect(await boardPly(page)).toBe(3);
      expect(await page.locator('#moves .move').count()).toBe(3);
      await page.mouse.move(5, 5);
      await page.waitForSelector('#preview', { state: 'hidden' });

      // ---- a bad FEN: a clear error, nothing lost (position, moves, analysis)
      const fenBefore = await boardFen(page);
      await waitForDepth(page, 2);
      await page.fill('[data-testid=fen-input]', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1');
      await page.click('#fen-load');
      await page.waitForSelector('[data-testid=error]:not([hidden])');
      expect(await page.textContent('[data-testid=error]')).toMatch(/^FEN: .*side.to.move/i);
      expect(await boardFen(page)).toBe(fenBefore);
      expect(await page.locator('#moves .move').count()).toBe(3);
      expect(await page.locator('[data-testid=iteration-row]').count()).toBeGreaterThan(0);
      await shot(page, 'bad-fen');

      // ---- a bad PGN: the same
      await page.fill('[data-testid=pgn-input]', '1. e4 e5 2. Nf3 Nc6 3. Bb9 a6');
      await page.click('#pgn-load');
      await page.waitForFunction(() => /^PGN: /.test(document.querySelector('[data-testid=error]').textContent));
      expect(await page.textContent('[data-testid=error]')).toBe('PGN: "Bb9" is not a move at line 1');
      expect(await boardFen(page)).toBe(fenBefore);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90000);

  test('a pasted PGN with variations: keys, clicks, Home/End', async () => {
    const { page, context, problems } = await open(app.url);
    try {
      // a file: the same as pasting
      await page.setInputFiles('#pgn-file', { name: 'game.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(PGN) });
      await page.waitForFunction(() => document.querySelectorAll('#moves .move').length === 13);
      expect(await page.inputValue('[data-testid=pgn-input]')).toBe(PGN);
      await page.click('#nav-end');
      await page.fill('[data-testid=pgn-input]', PGN);
      await page.click('#pgn-load');
      await page.waitForFunction(() => document.querySelectorAll('#moves .move').length === 13 && document.querySelector('[data-testid=board]').dataset.ply === '0');
      expect(await page.isHidden('[data-testid=error]')).toBe(true);
      expect(await boardPly(page)).toBe(0);
      expect(await page.locator('#moves .variation').count()).toBe(2);
      // keyboard: focus is not in a text field
      await page.click('#status');
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      const main = new Chess();
      ['e4', 'e5', 'Nf3'].forEach((m) => main.move(m));
      expect(await boardFen(page)).toBe(main.fen());
      await page.keyboard.press('End');
      expect(await boardPly(page)).toBe(8);
      await page.keyboard.press('ArrowLeft');
      expect(await boardPly(page)).toBe(7);
      await page.keyboard.press('Home');
      expect(await boardPly(page)).toBe(0);
      // click a move inside the nested variation: 1... c5 2. c3 d5
      await page.click('#moves .variation .variation .move:has-text("d5")');
      const side = new Chess();
      ['e4', 'c5', 'c3', 'd5'].forEach((m) => side.move(m));
      expect(await boardFen(page)).toBe(side.fen());
      expect(await page.textContent('#moves .move.current')).toContain('d5');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      expect(await page.textContent('#moves .move.current')).toContain('c5');
      // variation tools: 1. e4 c5 2. c3 d5 becomes the main line; then 2. c3 is deleted
      await page.click('#moves .variation .variation .move:has-text("c3")');
      await page.click('#move-promote');
      const mainline = () => moveTexts(page, '#moves > .move');
      expect(await mainline()).toEqual(['1.e4', 'c5', '2.c3', '2...d5']); // after the variation 2. Nf3 d6
      expect((await moveTexts(page, '#moves .variation.block'))[0]).toBe('1...e52.Nf3Nc63.Bb5a64.Ba4Nf6');
      await page.click('#move-delete');
      expect(await page.textContent('#moves .move.current')).toContain('c5');
      expect(await mainline()).toEqual(['1.e4', 'c5', '2.Nf3', 'd6']);
      expect(await page.locator('#moves .move').count()).toBe(11);
      await page.click('#moves .move:has-text("Bb5")');
      await waitForDepth(page, 3);
      await shot(page, 'pgn');
      // flip with F
      await page.keyboard.press('f');
      expect(await page.getAttribute('[data-testid=board]', 'data-orientation')).toBe('black');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60000);

  test('board input: legal-move hints, promotion picker, keyboard moves; settings: MultiPV, PvMethod, Hash, Threads', async () => {
    const { page, context, problems } = await open(app.url);
    try {
      await waitForDepth(page, 2);
      // legal-move hints for the knight on g1: f3 and h3
      await page.click('[data-testid=board] rect.square[data-square="g1"]');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] .marker-dot').length === 2);
      await shot(page, 'move-hints');
      await page.click('[data-testid=board] rect.square[data-square="f3"]');
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.ply === '1');
      expect(await page.locator('[data-testid=board] .marker-dot').count()).toBe(0);

      // the board's own keyboard input: focus the board, arrows to a square, Enter, Enter
      await page.focus('[data-testid=board] svg.cm-chessboard');
      // the focus starts on a1 (White at the bottom): d7 is 3 right, 6 up; d5 two more up
      for (const k of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'Enter', 'ArrowDown', 'ArrowDown', 'Enter']) await page.keyboard.press(k);
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.ply === '2');
      expect(await moveTexts(page, '#moves .move')).toEqual(['1.Nf3', 'd5']);

      // promotion: the picker appears, the knight is chosen
      const PROMO = '8/4P1k1/8/8/8/8/6K1/8 w - - 0 1';
      await page.fill('[data-testid=fen-input]', PROMO);
      await page.press('[data-testid=fen-input]', 'Enter');
      await page.waitForFunction((fen) => document.querySelector('[data-testid=board]').dataset.rendered === fen.split(' ')[0], PROMO);
      await clickMove(page, 'e7', 'e8');
      await page.waitForSelector('[data-testid=board] .promotion-dialog-button-group[data-piece=wn]');
      await page.screenshot({ path: path.join(SHOTS, 'app-promotion.png') });
      await page.click('[data-testid=board] .promotion-dialog-button-group[data-piece=wn] rect');
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.ply === '1');
      expect(await page.textContent('#moves .move.current')).toContain('e8=N+');
      expect((await boardFen(page)).split(' ')[0]).toBe('4N3/6k1/8/8/8/8/6K1/8');

      // settings: three lines per depth with the tt PV method and a bigger hash
      await page.click('[data-testid=board] rect.square[data-square="a1"]'); // nothing there: no effect
      await page.click('#nav-start');
      await page.fill('[data-testid=fen-input]', TACTIC);
      await page.press('[data-testid=fen-input]', 'Enter');
      await page.click('#settings-toggle');
      await page.selectOption('#set-multipv', '3');
      await page.selectOption('#set-pvmethod', 'tt');
      await page.selectOption('#set-hash', '64');
      await page.waitForFunction(() => /PV method tt/.test(document.querySelector('#settings-note').textContent));
      // Threads: offered up to one per core, since `npm start` serves the page cross-origin isolated
      expect(await page.isDisabled('#set-threads')).toBe(false);
      const cores = await page.evaluate(() => navigator.hardwareConcurrency);
      expect(await page.$$eval('#set-threads option', (os) => os.map((o) => o.value))).toEqual(Array.from({ length: Math.min(cores, 32) }, (_, i) => String(i + 1)));
      if (cores >= 2) {
        await page.selectOption('#set-threads', '2');
        await page.waitForFunction(() => /2 threads/.test(document.querySelector('#settings-note').textContent));
        expect(await page.textContent('#threads-note')).toMatch(/^Searching with 2 of up to \d+ threads/);
      }
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=iteration-row][data-bound=exact]')].some((r) => r.querySelectorAll('[data-testid=pv-line]').length === 3 && Number(r.dataset.depth) >= 6), null, { timeout: 20000 });
      const all = await rows(page);
      expectLegalLines(all);
      const full = all.filter((r) => r.bound === 'exact' && r.lines.length === 3);
      expect(full.length).toBeGreaterThan(2);
      for (const r of full) expect(r.lines.map((l) => l.san[0]).length).toBe(new Set(r.lines.map((l) => l.san[0])).size); // different first moves
      await shot(page, 'multipv');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60000);

  test('the Play panel holds its controls at every width (the level selector overflowed it at 1280 px)', async () => {
    for (const width of [1280, 1024, 820, 390]) {
      const { page, context, problems } = await open(app.url, { width, height: 900 });
      try {
        await page.click('[data-testid=mode-play]');
        // the longest level's name shown, and the Chess960 start position field too
        await page.selectOption('#play-level', { index: (await page.locator('#play-level option').count()) - 1 });
        await page.selectOption('#play-variant', 'chess960');
        const fit = await page.evaluate(() => {
          const panel = /** @type {HTMLElement} */ (document.getElementById('play-panel'));
          const edge = panel.getBoundingClientRect().right;
          const out = [...panel.querySelectorAll('select, input, button, label, fieldset, small, p')]
            .filter((e) => /** @type {HTMLElement} */ (e).offsetParent !== null && e.getBoundingClientRect().right > edge + 0.5)
            .map((e) => e.id || e.tagName.toLowerCase());
          return { out, panelScroll: panel.scrollWidth - panel.clientWidth, pageScroll: document.documentElement.scrollWidth - document.documentElement.clientWidth };
        });
        expect(fit, `at ${width} px`).toEqual({ out: [], panelScroll: 0, pageScroll: 0 });
        if (width === 1280) await shot(page, 'play-panel');
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 90000);

  test('play: moves against the engine by click and drag, takeback, clocks, PGN export', async () => {
    const { page, context, problems } = await open(app.url);
    try {
      await page.click('[data-testid=mode-play]');
      expect(await page.getAttribute('[data-testid=mode-play]', 'aria-pressed')).toBe('true');
      await page.selectOption('#play-level', '0');
      await page.selectOption('#play-clock', '5+3');
      await page.check('input[name=colour][value=w]');
      await page.click('#play-start');
      await page.waitForFunction(() => document.body.dataset.game === 'human' && document.querySelector('[data-testid=board]').dataset.rendered);

      const humanMoves = [];
      for (let i = 0; i < 3; i++) {
        const fen = await boardFen(page);
        const chess = new Chess(fen);
        const moves = chess.moves({ verbose: true });
        const pick = moves.find((m) => ['e4', 'd4', 'Nf3', 'Nc3', 'Bc4', 'Be2', 'O-O'].includes(m.san)) || moves[0];
        humanMoves.push(pick.san);
        if (i === 1) await dragMove(page, pick.from, pick.to);
        else await clickMove(page, pick.from, pick.to);
        // the engine answers: two plies more than before, and the board has drawn its move
        await page.waitForFunction(
          (ply) => {
            const b = document.querySelector('[data-testid=board]');
            return Number(b.dataset.ply) === ply && document.body.dataset.game === 'human' && b.dataset.rendered === b.dataset.fen.split(' ')[0];
          },
          2 * (i + 1),
          { timeout: 20000 },
        );
      }
      const sans = (await moveTexts(page, '#moves .move')).map((t) => t.replace(/^\d+\.+/, ''));
      expect(sans.length).toBe(6);
      expect([sans[0], sans[2], sans[4]]).toEqual(humanMoves);
      const replay = new Chess();
      sans.forEach((s) => replay.move(s)); // legal
      expect(await boardFen(page)).toBe(replay.fen());
      // both clocks shown, the user's running
      expect(await page.textContent('#player-bottom .clock')).toMatch(/^\d+:\d\d$/);
      expect(await page.getAttribute('#player-bottom .clock', 'class')).toContain('running');
      // the engine's own search was shown while it thought
      expect(await page.locator('[data-testid=iteration-row]').count()).toBeGreaterThan(0);
      await shot(page, 'play');

      // takeback: the user's last move and the reply
      await page.click('#play-takeback');
      expect(await boardPly(page)).toBe(4);
      expect(await page.locator('#moves .move').count()).toBe(4);

      // export
      await page.click('#pgn-export');
      await page.waitForSelector('#pgn-export:not([aria-busy])'); // the reasons in words come first
      const pgn = await page.inputValue('[data-testid=pgn-input]');
      const back = new Chess();
      back.loadPgn(pgn);
      expect(back.history()).toEqual(sans.slice(0, 4));
      expect(back.getHeaders().White).toBe('You');

      // resign ends the game
      await page.click('#play-resign');
      await page.waitForFunction(() => document.body.dataset.game === 'over');
      expect(await page.textContent('#status')).toMatch(/White resigned · 0-1/);
      await shot(page, 'play-resigned');

      // the other colour, no clock: the engine opens, the board is turned
      await page.check('input[name=colour][value=b]');
      await page.selectOption('#play-clock', '');
      await page.click('#play-start');
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.ply === '1' && document.body.dataset.game === 'human');
      expect(await page.getAttribute('[data-testid=board]', 'data-orientation')).toBe('black');
      expect(await page.isHidden('#player-bottom .clock')).toBe(true);
      const reply = new Chess(await boardFen(page)).moves({ verbose: true })[0];
      await boardRendered(page);
      await clickMove(page, reply.from, reply.to);
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.ply === '3' && document.body.dataset.game === 'human', null, { timeout: 20000 });
      // the level note says where the levels' Elo figures come from
      expect(await page.textContent('#level-note')).toMatch(/from calibration matches .* a level not yet measured says so\.$/);
      await shot(page, 'play-black');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90000);

  test('play: the thinking panel (one row per depth, the head score; nothing when hidden), the hint, Analyse this game', async () => {
    const { page, context, problems } = await open(app.url);
    try {
      await page.click('[data-testid=mode-play]');
      // the weakest level chooses among its best four lines: each depth has several
      await page.selectOption('#play-level', '0');
      await page.selectOption('#play-clock', '');
      await page.check('input[name=colour][value=b]');
      await page.check('#play-thinking');
      await page.click('#play-start');
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.ply === '1' && document.body.dataset.game === 'human');
      const rows = await page.$$eval('[data-testid=iteration-row]', (els) => els.map((e) => ({ depth: e.dataset.depth, bound: e.dataset.bound, lines: e.querySelectorAll('[data-testid=pv-line]').length })));
      const exact = rows.filter((r) => r.bound === 'exact');
      expect(exact.length).toBeGreaterThan(0);
      expect(new Set(exact.map((r) => r.depth)).size).toBe(exact.length);
      expect(Math.max(...exact.map((r) => r.lines))).toBeGreaterThan(1);
      expect(await page.textContent('#engine-score')).toMatch(/^[+-−]?\d|^#|^0\.00$/);

      // the hint: the engine's move for the player, in text and as an arrow
      await page.click('#play-hint');
      await page.waitForFunction(() => !!document.querySelector('[data-testid=play-hint]').dataset.move);
      const hint = await page.getAttribute('[data-testid=play-hint]', 'data-move');
      expect(new Chess(await boardFen(page)).moves({ verbose: true }).map((m) => m.lan)).toContain(hint);
      expect(await page.textContent('[data-testid=play-hint]')).toMatch(/^Hint: \S+\./);

      // thinking hidden: no row, no line, no score, no depth while and after the engine moves
      await page.uncheck('#play-thinking');
      await page.click('#play-start');
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.ply === '1' && document.body.dataset.game === 'human');
      expect(await page.$$('[data-testid=iteration-row]')).toHaveLength(0);
      expect(await page.$$('[data-testid=pv-line]')).toHaveLength(0);
      expect(await page.textContent('#engine-score')).toBe('–');
      expect(await page.textContent('#engine-stats')).toBe('');
      expect(await page.isHidden('[data-testid=play-hint]')).toBe(true);

      // Analyse this game: the game opens in analysis
      await page.click('#play-resign');
      await page.click('#play-analyse');
      await page.waitForFunction(() => document.querySelector('[data-testid=mode-analyse]').getAttribute('aria-pressed') === 'true');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90000);

  test('phone-sized screen; and served without COOP/COEP (stop by worker restart)', async () => {
    const phone = await open(app.url, { width: 390, height: 844 }, { isMobile: true, hasTouch: true, deviceScaleFactor: 2, colorScheme: 'dark' });
    try {
      await waitForDepth(phone.page, 5);
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const board = await phone.page.locator('[data-testid=board]').boundingBox();
      expect(board.width).toBeGreaterThan(300);
      expect(board.x + board.width).toBeLessThanOrEqual(390);
      await shot(phone.page, 'phone');
      await shot(phone.page, 'phone-full', { fullPage: true });
      expect(phone.problems).toEqual([]);
    } finally {
      await phone.context.close();
    }

    const plain = await open(app.plainUrl);
    try {
      await waitForDepth(plain.page, 5);
      expect(await plain.page.evaluate(() => crossOriginIsolated)).toBe(false);
      expect(await plain.page.evaluate(() => document.body.dataset.stopMode)).toBe('terminate');
      // one thread, and the settings say why
      expect(await plain.page.isDisabled('#set-threads')).toBe(true);
      expect(await plain.page.textContent('#threads-note')).toMatch(/^One thread: this page is not cross-origin isolated/);
      // a new position stops the search (worker restart) and analyses the new one
      await plain.page.fill('[data-testid=fen-input]', TACTIC);
      await plain.page.press('[data-testid=fen-input]', 'Enter');
      await plain.page.waitForFunction(() => /^#-/.test(document.querySelector('[data-testid=iteration-row][data-bound=exact] [data-testid=pv-line]')?.dataset.score || ''), null, { timeout: 20000 });
      expectLegalLines(await rows(plain.page));
      // pause and resume
      await plain.page.click('#engine-toggle');
      await plain.page.waitForFunction(() => document.body.dataset.engine === 'paused');
      const paused = await plain.page.locator('[data-testid=iteration-row]').count();
      await plain.page.waitForTimeout(400);
      expect(await plain.page.locator('[data-testid=iteration-row]').count()).toBe(paused);
      await plain.page.click('#engine-toggle');
      await plain.page.waitForFunction(() => document.body.dataset.engine === 'running');
      expect(plain.problems).toEqual([]);
    } finally {
      await plain.context.close();
    }
  }, 60000);
});
