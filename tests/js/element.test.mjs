// <mainline-analysis> (web/src/element.js) in Chromium, on plain HTML pages served from the
// package's folder with no build step (web/test/server.mjs): without special headers, with
// COOP/COEP (the threaded build), and under a strict Content-Security-Policy (no eval, no inline
// script or style: the element's styles are a constructed stylesheet); and by its package name
// through an import map, as from a CDN; its board as a PNG (toPNG), decoded. Screenshots:
// test-results/element-*.png (element-topng.png: toPNG's picture).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, launchChromium } from '../../web/test/server.mjs';
import { haveBrowser, openAppPage, SHOTS } from './app-page.mjs';
import { expectLegalLine } from './legal-line.mjs';
import { playMoves } from '../../web/src/rules.js';

let server;
let chromium;
beforeAll(async () => {
  if (!haveBrowser) return;
  server = await startServer();
  chromium = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
}, 60000);
afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

/** A page of the element in a fresh context; `problems` collects errors and CSP reports. */
const open = (mode, page = 'element.html') => openAppPage(chromium.browser, `${server.url}/${mode}/test/${page}`, { viewport: { width: 900, height: 640 } });

/** Every line the element reported is legal from its position, and its SAN is the UCI's. */
function expectLegal(iterations) {
  for (const it of iterations) expectLegalLine(it.fen, it.pv, it.pvSan);
}

/** Where a square's centre is on the page (White at the bottom, or Black when `flipped`). */
async function squareCentres(page, flipped = false) {
  const box = await page.locator('mainline-analysis').evaluate((el) => {
    const r = el.shadowRoot.querySelector('[part=board]').getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width };
  });
  return (sq) => {
    const file = 'abcdefgh'.indexOf(sq[0]);
    const rank = Number(sq[1]) - 1;
    return { x: box.x + (((flipped ? 7 - file : file) + 0.5) * box.w) / 8, y: box.y + (((flipped ? rank : 7 - rank) + 0.5) * box.w) / 8 };
  };
}

const bestmoves = (page, n) => page.waitForFunction((k) => window.__events?.bestmove.length >= k, n, { timeout: 30000 });

describe.skipIf(!haveBrowser).each([
  ['plain', false],
  ['coi', true],
  ['csp', false],
])('<mainline-analysis> on a plain page, %s', (mode, isolated) => {
  test('analyses to its depth with legal lines, draws board, bar and iterations, takes a move, says what is wrong with a bad attribute', async () => {
    const { page, context, problems } = await open(mode);
    try {
      await bestmoves(page, 1);
      expect(await page.evaluate(() => crossOriginIsolated)).toBe(isolated);
      let ev = await page.evaluate(() => window.__events);
      const exact = ev.iteration.filter((i) => i.bound === 'exact');
      expect(Math.max(...exact.map((i) => i.depth))).toBe(10);
      expect(new Set(exact.map((i) => i.multipv))).toEqual(new Set([1, 2]));
      expectLegal(ev.iteration);
      expect(ev.bestmove[0]).toMatchObject({ stopped: false, depth: 10, fen: 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3' });
      expect(ev.bestmove[0].bestMove).toBe(ev.iteration.filter((i) => i.multipv === 1 && i.bound === 'exact').at(-1).pv[0]);
      // the shadow DOM: 64 squares, 32 pieces, an arrow per line, a row per depth, the bar
      const look = await page.evaluate(() => {
        const root = document.getElementById('board').shadowRoot;
        return {
          squares: root.querySelectorAll('[part=board] rect[data-square]').length,
          pieces: root.querySelectorAll('[part=board] [data-piece]').length,
          arrows: [...root.querySelectorAll('[part=board] .arrow')].map((a) => a.dataset.arrow),
          rows: root.querySelectorAll('[part=row]').length,
          firstRow: root.querySelector('[part=row]').textContent,
          score: root.querySelector('[part=score]').textContent,
          bar: root.querySelector('[part=evalbar]').getAttribute('aria-valuetext'),
          styled: getComputedStyle(root.querySelector('[part=panel]')).borderTopStyle,
        };
      });
      expect(look.squares).toBe(64);
      expect(look.pieces).toBe(32);
      expect(look.arrows.length).toBe(2);
      expect(look.rows).toBe(10);
      expect(look.firstRow).toMatch(/^10([+-]\d+\.\d\d|0\.00)3\.\.\.[NBRQK]?[a-h]?[1-8]?x?[a-h][1-8]/); // depth, score, the line from 3...
      // the score from White's side: Black is to move, so the engine's score turned round
      const last = exact.filter((i) => i.multipv === 1).at(-1);
      const white = last.score.mate !== undefined ? { mate: -last.score.mate } : { cp: -last.score.cp };
      const shown = white.mate !== undefined ? `#${white.mate}` : white.cp === 0 ? '0.00' : `${white.cp > 0 ? '+' : '-'}${(Math.abs(white.cp) / 100).toFixed(2)}`;
      expect(look.score).toBe(shown);
      expect(look.bar).toBe(`${shown} (White's view)`);
      expect(look.styled).toBe('solid'); // the constructed stylesheet applies, CSP or not
      await page.screenshot({ path: path.join(SHOTS, `element-${mode}.png`) });
      // toPNG() loads no image, so it works under the strict CSP too (a refusal would be in `problems`)
      const picture = await page.evaluate(async () => {
        const blob = await window.__board.toPNG();
        const bitmap = await createImageBitmap(blob);
        return { type: blob.type, width: bitmap.width, height: bitmap.height };
      });
      expect(picture).toEqual({ type: 'image/png', width: 510, height: 480 });

      // interactive: Black plays Nf6 on the board, by pointer (g8 then f6) or, in the isolated
      // page, by keyboard (the board focused: arrows from e2 to g8, Enter, to f6, Enter)
      if (mode === 'coi') {
        await page.focus('mainline-analysis >> [part=board]');
        for (const k of ['ArrowRight', 'ArrowRight', ...Array(6).fill('ArrowUp'), 'Enter', 'ArrowLeft', 'ArrowDown', 'ArrowDown', 'Enter']) await page.keyboard.press(k);
      } else {
        const at = await squareCentres(page);
        await page.mouse.click(at('g8').x, at('g8').y);
        await page.waitForFunction(() => document.getElementById('board').shadowRoot.querySelectorAll('.target').length > 0);
        await page.mouse.click(at('f6').x, at('f6').y);
      }
      await bestmoves(page, 2);
      ev = await page.evaluate(() => window.__events);
      expect(ev.move).toEqual([{ uci: 'g8f6', san: 'Nf6' }]);
      expect(ev.bestmove[1].fen).toBe('r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4');
      expect(await page.evaluate(() => window.__board.position.moves)).toEqual(['g8f6']);

      // an analysis with no end; a bad attribute meanwhile is said (event and in the element) and
      // the analysis goes on
      await page.evaluate(() => {
        window.__board.removeAttribute('depth');
        window.__board.infinite = true;
      });
      const iterationsNow = () => page.evaluate(() => window.__events.iteration.length);
      await page.waitForFunction((n) => window.__events.iteration.length > n, await iterationsNow());
      await page.evaluate(() => window.__board.setAttribute('multipv', 'lots'));
      await page.waitForFunction(() => window.__events.error.length === 1);
      ev = await page.evaluate(() => window.__events);
      expect(ev.error[0].message).toBe('multipv="lots": a whole number from 1 to 64 was expected');
      expect(await page.evaluate(() => document.getElementById('board').shadowRoot.querySelector('[part=error]').textContent)).toBe(ev.error[0].message);
      const after = await iterationsNow();
      await page.waitForFunction((n) => window.__events.iteration.length > n + 2, after, { timeout: 15000 });
      expect(await page.evaluate(() => window.__board.position.moves)).toEqual(['g8f6']);
      expect(ev.bestmove.length).toBe(2); // nothing stopped it
      // a bad FEN, set as a property as frameworks do: refused, and the board shows no position
      // (not the previous one under the bad attribute) and searches nothing until it is good again
      await page.evaluate(() => {
        window.__board.infinite = false;
        window.__board.multipv = 1;
        window.__board.depth = 6;
      });
      await bestmoves(page, 3);
      await page.evaluate(() => (window.__board.fen = '8/8/8/8 w - - 0 1'));
      await page.waitForFunction(() => window.__events.error.length === 2);
      expect((await page.evaluate(() => window.__events)).error[1].message).toMatch(/^fen: /);
      const empty = await page.evaluate(() => {
        const root = window.__board.shadowRoot;
        return {
          pieces: root.querySelectorAll('[part=board] [data-piece]').length,
          arrows: root.querySelectorAll('[part=board] .arrow').length,
          rows: root.querySelectorAll('[part=row]').length,
          status: root.querySelector('[part=status]').textContent,
          error: root.querySelector('[part=error]').textContent,
          label: root.querySelector('[part=board]').getAttribute('aria-label'),
          position: window.__board.position,
          fen: window.__board.fen,
        };
      });
      expect(empty).toEqual({ pieces: 0, arrows: 0, rows: 0, status: 'no position', error: expect.stringMatching(/^fen: /), label: 'No position', position: null, fen: '8/8/8/8 w - - 0 1' });
      await page.evaluate(() => (window.__board.multipv = 2)); // still nothing to search
      await new Promise((r) => setTimeout(r, 300));
      ev = await page.evaluate(() => window.__events);
      expect(ev.bestmove).toHaveLength(3);
      const afterNf6 = 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4';
      expect(ev.bestmove[2].fen).toBe(afterNf6);
      // a good FEN as a property: analysed; then stopped by the page
      const stopped = await page.evaluate(async () => {
        const b = window.__board;
        b.fen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
        b.depth = null;
        await new Promise((r) => setTimeout(r, 400));
        return { result: await b.stop(), position: b.position };
      });
      expect(stopped.position).toEqual({ fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', moves: [], chess960: false });
      expect(stopped.result).toMatchObject({ stopped: true });
      expect(stopped.result.bestMove).toMatch(/^[a-h][1-8][a-h][1-8]$/);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90000);
});

describe.skipIf(!haveBrowser)('<mainline-analysis> by keyboard', () => {
  test('the arrow keys move the square mark; a promotion’s picker takes the focus and gives it back to the board', async () => {
    const { page, context, problems } = await open('plain');
    try {
      await bestmoves(page, 1);
      await page.evaluate(() => {
        window.__board.multipv = 1;
        window.__board.depth = 4;
        window.__board.fen = '8/P7/8/8/8/2k5/8/7K w - - 0 1';
      });
      await bestmoves(page, 2);
      const inShadow = () => page.evaluate(() => {
        const root = document.getElementById('board').shadowRoot;
        const a = root.activeElement;
        const mark = root.querySelector('[part=board] .cursor');
        return { focused: a ? (a.getAttribute('part') || a.getAttribute('aria-label')) : null, picker: !!root.querySelector('[part=promotion]'), mark: [Number(mark.getAttribute('x')), Number(mark.getAttribute('y'))] };
      });
      await page.focus('mainline-analysis >> [part=board]');
      // from e2 to a7 (the mark drawn 1.5 inside the square at x 0, y 40), Enter, up to a8, Enter
      for (const k of [...Array(4).fill('ArrowLeft'), ...Array(5).fill('ArrowUp')]) await page.keyboard.press(k);
      expect(await inShadow()).toEqual({ focused: 'board', picker: false, mark: [1.5, 41.5] });
      for (const k of ['Enter', 'ArrowUp', 'Enter']) await page.keyboard.press(k);
      const picking = await inShadow();
      expect(picking.picker).toBe(true);
      expect(picking.focused).toMatch(/^a8=[QRBN]$/); // the first piece's button
      await page.keyboard.press('Enter');
      await bestmoves(page, 3);
      expect((await page.evaluate(() => window.__events)).move).toEqual([{ uci: `a7a8${picking.focused.at(-1).toLowerCase()}`, san: picking.focused }]);
      expect(await inShadow()).toMatchObject({ focused: 'board', picker: false });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60000);
});

describe.skipIf(!haveBrowser)('<mainline-analysis> by its package name, through an import map', () => {
  test('a PGN, the board turned, depth 8', async () => {
    const { page, context, problems } = await open('plain', 'element-importmap.html');
    try {
      await bestmoves(page, 1);
      const ev = await page.evaluate(() => window.__events);
      expect(ev.bestmove[0]).toMatchObject({ depth: 8, fen: 'r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4' });
      expectLegal(ev.iteration);
      // black at the bottom: a8 drawn in the bottom-right corner
      const a8 = await page.evaluate(() => {
        const r = document.getElementById('board').shadowRoot.querySelector('rect[data-square=a8]');
        return { x: Number(r.getAttribute('x')), y: Number(r.getAttribute('y')) };
      });
      expect(a8).toEqual({ x: 280, y: 280 });
      await page.screenshot({ path: path.join(SHOTS, 'element-importmap.png') });
      // toPNG(): the board as drawn, decoded by the browser: its size, 3...a6 marked, Black at
      // the bottom, the best line's arrow, the bar (60 px squares; the bar 24 px and a gap of 6)
      const png = await page.evaluate(async () => {
        const board = window.__board;
        const blob = await board.toPNG();
        const small = await board.toPNG({ squareSize: 40 });
        const bytes = new Uint8Array(await blob.arrayBuffer());
        const ctx = new OffscreenCanvas(510, 480).getContext('2d');
        ctx.drawImage(await createImageBitmap(blob), 0, 0);
        const at = (x, y) => [...ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data];
        const corner = (sq) => ({ x: 30 + (7 - 'abcdefgh'.indexOf(sq[0])) * 60, y: (Number(sq[1]) - 1) * 60 });
        const edge = (sq) => at(corner(sq).x + 4, corner(sq).y + 30);
        const best = board.shadowRoot.querySelector('.arrow.best').dataset.arrow;
        const [from, to] = [corner(best.slice(0, 2)), corner(best.slice(2, 4))];
        const smallBytes = new Uint8Array(await small.arrayBuffer());
        const size = (b) => [new DataView(b.buffer).getUint32(16), new DataView(b.buffer).getUint32(20)];
        let binary = '';
        for (const b of bytes) binary += String.fromCharCode(b);
        return {
          file: btoa(binary),
          type: blob.type, signature: [...bytes.slice(0, 8)], size: size(bytes), smallSize: size(smallBytes),
          a6: edge('a6'), a7: edge('a7'), a4: edge('a4'), a5: edge('a5'), king: at(corner('e8').x + 22, corner('e8').y + 37),
          arrow: at((from.x + to.x) / 2 + 30, (from.y + to.y) / 2 + 30), barTop: at(2, 20), barBottom: at(2, 460),
        };
      });
      writeFileSync(path.join(SHOTS, 'element-topng.png'), Buffer.from(png.file, 'base64'));
      expect(png).toMatchObject({ type: 'image/png', signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], size: [510, 480], smallSize: [340, 320] });
      const near = (a, b, d = 4) => a.slice(0, 3).every((v, i) => Math.abs(v - b[i]) <= d);
      expect(near(png.a4, [0xec, 0xdc, 0xbc])).toBe(true); // a plain light square, and a dark one
      expect(near(png.a5, [0xb4, 0x8a, 0x62])).toBe(true);
      expect(near(png.a6, [0.6 * 0xcd + 0.4 * 0xec, 0.6 * 0xd2 + 0.4 * 0xdc, 0.6 * 0x6a + 0.4 * 0xbc])).toBe(true); // the last move, from a7 to a6
      expect(near(png.a7, [0.6 * 0xcd + 0.4 * 0xb4, 0.6 * 0xd2 + 0.4 * 0x8a, 0.6 * 0x6a + 0.4 * 0x62])).toBe(true);
      expect(near(png.king, [0x2a, 0x28, 0x26], 6)).toBe(true); // Black's king on e8, in the bottom row
      expect(png.arrow[1] - png.arrow[0]).toBeGreaterThan(40); // the best line's green arrow
      expect(near(png.barTop, [0xf4, 0xf3, 0xef])).toBe(true); // White's share from the top, White's end
      expect(near(png.barBottom, [0x40, 0x3d, 0x39])).toBe(true);
      // a click with Black at the bottom: Ba4 (b5 then a4)
      const at = await squareCentres(page, true);
      await page.mouse.click(at('b5').x, at('b5').y);
      await page.mouse.click(at('a4').x, at('a4').y);
      await bestmoves(page, 2);
      expect((await page.evaluate(() => window.__events)).move).toEqual([{ uci: 'b5a4', san: 'Ba4' }]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60000);
});

describe.skipIf(!haveBrowser)('<mainline-analysis> and Chess960', () => {
  test('a [Variant "Chess960"] PGN: lines legal and written the Chess960 way; the king castles onto its own rook', async () => {
    const { page, context, problems } = await open('plain');
    try {
      await bestmoves(page, 1);
      // king on c1, rooks on b1 and g1 (Shredder-FEN); Black has castled long, the king staying on c8
      const pgn = '[Variant "Chess960"]\n[SetUp "1"]\n[FEN "1rk3r1/pppppppp/8/8/8/8/PPPPPPPP/1RK3R1 w GBgb - 0 1"]\n\n1. a3 O-O-O *\n';
      await page.evaluate((text) => {
        window.__board.setAttribute('depth', '8');
        window.__board.setAttribute('pgn', text);
      }, pgn);
      await bestmoves(page, 2);
      const ev = await page.evaluate(() => window.__events);
      const fen = '2kr2r1/pppppppp/8/8/8/P7/1PPPPPPP/1RK3R1 w KQ - 1 2';
      expect(ev.bestmove[1]).toMatchObject({ depth: 8, fen });
      const start = await page.evaluate(() => window.__board.position);
      expect(start).toEqual({ fen: '1rk3r1/pppppppp/8/8/8/8/PPPPPPPP/1RK3R1 w GBgb - 0 1', moves: ['a2a3', 'c8b8'], chess960: true });
      const lines = ev.iteration.filter((i) => i.fen === fen && i.pv?.length);
      expect(lines.length).toBeGreaterThan(0);
      for (const i of lines) expect(playMoves(fen, i.pv, { chess960: true }).map((m) => m.san)).toEqual(i.pvSan);
      // O-O by the board: the king (c1) put down on its rook (g1)
      const box = await page.evaluate(() => {
        const r = window.__board.shadowRoot.querySelector('[part=board]').getBoundingClientRect();
        return { x: r.x, y: r.y, w: r.width };
      });
      const at = (sq) => ({ x: box.x + ('abcdefgh'.indexOf(sq[0]) + 0.5) * (box.w / 8), y: box.y + (8 - Number(sq[1]) + 0.5) * (box.w / 8) });
      await page.mouse.click(at('c1').x, at('c1').y);
      await page.mouse.click(at('g1').x, at('g1').y);
      await bestmoves(page, 3);
      const after = await page.evaluate(() => window.__events);
      expect(after.move).toEqual([{ uci: 'c1g1', san: 'O-O' }]);
      expect(after.bestmove[2].fen).toBe('2kr2r1/pppppppp/8/8/8/P7/1PPPPPPP/1R3RK1 b - - 2 2');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60000);
});

describe.skipIf(!haveBrowser)('<mainline-analysis explain>: the best line in words', () => {
  test('after the result, the words for its best line, each claim checked against the facts sent with them; none without the attribute', async () => {
    const { verifyClaims } = await import('../../web/src/explain.js');
    const { page, context, problems } = await open('plain');
    try {
      await bestmoves(page, 1);
      // the page's element has no explain attribute: no words
      expect(await page.evaluate(() => window.__events.explain.length)).toBe(0);
      // the queen on d7 guards both c8 and d6 (tests/test_motifs.cpp); the engine's line depends
      // on its search, so what is checked is that the words are the verified ones for its line
      const fen = '2r3k1/3q1ppp/3b4/8/8/6QP/5PP1/2R3K1 w - - 0 1';
      const explainAt = (f, n) => page.evaluate(async ([f, n]) => {
        const b = window.__board;
        b.setAttribute('explain', '');
        b.setAttribute('multipv', '1');
        b.setAttribute('depth', '8');
        b.setAttribute('fen', f);
        while (window.__events.explain.length < n) await new Promise((r) => setTimeout(r, 20));
        return window.__events;
      }, [f, n]);
      let ev = await explainAt(fen, 1);
      const check = (words, best) => {
        expect(words.fen).toBe(best.fen);
        expect(words.pv).toEqual(best.pv);
        expect(words.facts.san).toEqual(best.pvSan);
        expect(words.sentences.length).toBeGreaterThan(0);
        expect(words.text).toBe(words.sentences.map((s) => s.text).join(' '));
        for (const s of words.sentences) expect(verifyClaims(s.claims, words.facts)).toBe('');
      };
      expect(ev.bestmove.at(-1).fen).toBe(fen);
      check(ev.explain[0], ev.bestmove.at(-1));
      expect(ev.explain[0].text.startsWith(`${ev.bestmove.at(-1).pvSan[0]} `)).toBe(true);
      // a smothered mate: the words are certain
      ev = await explainAt('6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1', 2);
      const words = ev.explain[1];
      check(words, ev.bestmove.at(-1));
      expect(words).toMatchObject({ text: 'Nf7# forces a smothered mate, mate in one: 1.Nf7#.', numbersOnly: false });
      const shown = () => page.evaluate(() => window.__board.shadowRoot.querySelector('[part=explain]').textContent);
      expect(await shown()).toBe(words.text);
      await page.screenshot({ path: path.join(SHOTS, 'element-explain.png') });
      // switched off: the words go; on again: the same result in words, once more
      await page.evaluate(() => window.__board.removeAttribute('explain'));
      expect(await shown()).toBe('');
      await page.evaluate(() => window.__board.setAttribute('explain', ''));
      await page.waitForFunction(() => window.__events.explain.length >= 3, null, { timeout: 30000 });
      expect(await shown()).toBe(words.text);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60000);
});

describe.skipIf(!haveBrowser)('<mainline-analysis screen-reader>: the board in words, moves typed', () => {
  test('reads the position, answers commands, refuses an illegal move with the legal ones, plays a legal one and announces the result', async () => {
    const { describePosition, describeSquare } = await import('../../web/src/readout.js');
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3';
    const { page, context, problems } = await open('plain');
    try {
      await bestmoves(page, 1);
      await page.evaluate(() => window.__board.setAttribute('screen-reader', ''));
      const reader = (part) => page.evaluate((p) => document.getElementById('board').shadowRoot.querySelector(`[part=${p}]`).textContent, part);
      const hidden = () => page.evaluate(() => document.getElementById('board').shadowRoot.querySelector('[part=reader]').hidden);
      expect(await hidden()).toBe(false);
      expect(await reader('reader-position')).toBe(describePosition(fen));
      const input = page.locator('mainline-analysis').locator('[part=command]');
      const type = async (text) => {
        await input.fill(text);
        await input.press('Enter');
        return reader('reader-reply');
      };
      expect(await type('where knights')).toBe('White knights: b1 and f3. Black knights: c6 and g8.');
      expect(await type('attacks e5')).toBe(describeSquare(fen, 'e5'));
      expect(await type('engine')).toMatch(/^Depth 10: best .+; .+\.$/);
      // why the engine's move is best: explain.js's sentences on the engine's own facts (or, when
      // none can be named for certain, said so); the element has no game report
      await type('why');
      await page.waitForFunction(() => /^The engine’s best move at depth 10, \S+: /.test(document.getElementById('board').shadowRoot.querySelector('[part=reader-reply]').textContent), null, { timeout: 15000 });
      expect(await reader('reader-reply')).toMatch(/^The engine’s best move at depth 10, \S+: (nothing along the engine’s line can be named for certain\.|.+\.)$/);
      expect(await type('report')).toBe('There is no game report here: this board analyses one position.');
      const refused = await type('Qh5');
      expect(refused).toMatch(/^Qh5 is not a legal move here\. Legal moves: .*Nf6.*\.$/);
      expect(await page.evaluate(() => document.getElementById('board').shadowRoot.querySelector('[part=reader-reply]').className)).toContain('reply-error');
      expect(await type('Nf6')).toBe('You played knight to f6.');
      await bestmoves(page, 2);
      expect(await page.evaluate(() => window.__events.move.at(-1))).toEqual({ uci: 'g8f6', san: 'Nf6' });
      expect(await reader('reader-position')).toMatch(/Black: king e8, queen d8, rooks a8 and h8, bishops c8 and f8, knights c6 and f6, .*White to move\.$/);
      expect(await reader('reader-live')).toMatch(/^Engine: .+ is best at depth 10; .+\.$/);
      // the keyboard reaches the box (Tab from the board) and nothing traps the focus
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60000);
});
