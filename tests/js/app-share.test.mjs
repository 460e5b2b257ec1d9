// The board app's Share box in Chromium, by keyboard: Copy link / FEN / PGN (read back from the
// clipboard; the field with the text selected when the clipboard is refused), Save image (the PNG
// decoded: its size, the last move's squares, the side at the bottom, the engine's arrow, the
// bar) and Save GIF (its frames counted by a parser here, and decoded by the browser's own
// ImageDecoder); the link opened in a fresh browser (the same game, move and side, saved once,
// kept over a reload), a bad link said while the app goes on working, and the game that was open
// kept in the library when a link opens another. axe over the box. The picture and the GIF:
// test-results/app-share-board.png, app-share-game.gif.
import { describe, expect, test } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { boardRendered, haveBrowser, SHOTS, TRAP, useApp, waitForDepth, WCAG_TAGS } from './app-page.mjs';

const app = useApp();

/** The PNG's header: its signature and IHDR's size. @param {Buffer} b */
function pngInfo(b) {
  expect([...b.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(b.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/**
 * A GIF's logical screen and its frames (each image descriptor with the delay of the graphic
 * control extension before it), read block by block as GIF89a lays them out.
 * @param {Buffer} b
 */
function gifInfo(b) {
  expect(b.subarray(0, 6).toString('latin1')).toBe('GIF89a');
  const width = b.readUInt16LE(6);
  const height = b.readUInt16LE(8);
  let p = 13;
  if (b[10] & 0x80) p += 3 * (1 << ((b[10] & 7) + 1)); // the global colour table
  const subBlocks = () => {
    while (b[p] !== 0) p += b[p] + 1;
    p++;
  };
  const frames = [];
  let delay = 0;
  let loops = null;
  for (;;) {
    const block = b[p++];
    if (block === 0x3b) break; // the trailer
    if (block === 0x21) {
      const label = b[p++];
      if (label === 0xf9) delay = b.readUInt16LE(p + 2) * 10;
      if (label === 0xff && b.subarray(p + 1, p + 12).toString('latin1') === 'NETSCAPE2.0') loops = b.readUInt16LE(p + 14);
      subBlocks();
    } else if (block === 0x2c) {
      const w = b.readUInt16LE(p + 4);
      const h = b.readUInt16LE(p + 6);
      const packed = b[p + 8];
      p += 9;
      if (packed & 0x80) p += 3 * (1 << ((packed & 7) + 1));
      p++; // the LZW code size
      subBlocks();
      frames.push({ w, h, delay });
    } else throw new Error(`GIF: a block 0x${block.toString(16)} at byte ${p - 1}`);
  }
  expect(p).toBe(b.length);
  return { width, height, frames, loops };
}

/** A download's bytes, and its file name. */
async function downloaded(page, press) {
  const [d] = await Promise.all([page.waitForEvent('download'), press()]);
  const bytes = Buffer.concat(await (await d.createReadStream()).toArray());
  return { bytes, name: d.suggestedFilename() };
}

/** Pixels [r, g, b, a] of a PNG at points, as the browser decodes it. */
const pngPixels = (page, bytes, points) =>
  page.evaluate(async ([b64, pts]) => {
    const bmp = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' }));
    const ctx = new OffscreenCanvas(bmp.width, bmp.height).getContext('2d');
    ctx.drawImage(bmp, 0, 0);
    return pts.map(([x, y]) => [...ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data]);
  }, [bytes.toString('base64'), points]);

const toast = (page) => page.textContent('[data-testid=toast]');
const waitToast = (page, re) => page.waitForFunction((s) => new RegExp(s).test(document.querySelector('[data-testid=toast]').textContent), re.source, { timeout: 15000 });
const saved = (page) => page.waitForFunction(() => document.querySelector('[data-testid=save-state]').dataset.state === 'saved', null, { timeout: 15000 });
const focused = (page) => page.evaluate(() => document.activeElement?.id);
/** Tab once and says where the focus went. */
const tab = async (page) => (await page.keyboard.press('Tab'), focused(page));
const near = (a, b, d = 3) => a.slice(0, 3).every((v, i) => Math.abs(v - b[i]) <= d);
const squareAt = (sq, { x0, size, flipped }) => {
  const f = 'abcdefgh'.indexOf(sq[0]);
  const r = Number(sq[1]) - 1;
  return flipped ? { x: x0 + (7 - f) * size, y: r * size } : { x: x0 + f * size, y: (7 - r) * size };
};

describe.skipIf(!haveBrowser)('the Share box', () => {
  test('copies a link, the FEN and the PGN; saves the board as PNG and the game as GIF, by keyboard; a link opens the game in a fresh browser', async () => {
    const { page, context, problems } = await app.open(undefined, { permissions: ['clipboard-read', 'clipboard-write'] });
    let fresh = null;
    try {
      await page.fill('[data-testid=pgn-input]', TRAP);
      await page.click('#pgn-load');
      await page.click('#moves .move[data-node="8"]'); // 4...Qg5
      await page.click('#flip');
      await waitForDepth(page, 4);
      await page.click('#engine-toggle'); // paused: the arrow and the bar stay as they are
      await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.bestArrow);
      await boardRendered(page);
      await saved(page);
      const board = await page.evaluate(() => ({ ...document.querySelector('[data-testid=board]').dataset }));
      expect(board).toMatchObject({ ply: '8', orientation: 'black' });

      // ---- Copy link, Copy FEN, Copy PGN: by keyboard, from the PGN box's last button on
      await page.focus('#pgn-export');
      expect(await tab(page)).toBe('share-link');
      await page.keyboard.press('Enter');
      await waitToast(page, /^Link copied to the clipboard\.$/);
      const link = await page.evaluate(() => navigator.clipboard.readText());
      expect(link).toMatch(new RegExp(`^${app.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}#pgn=[A-Za-z0-9_-]+&ply=8&flip=1$`));
      expect(await tab(page)).toBe('share-fen');
      await page.keyboard.press('Enter');
      await waitToast(page, /^FEN copied/);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(board.fen);
      expect(await tab(page)).toBe('share-pgn');
      await page.keyboard.press('Enter');
      await waitToast(page, /^PGN copied/);
      const pgn = await page.evaluate(() => navigator.clipboard.readText());
      expect(pgn).toContain('[White "Anna"]');
      expect(pgn).toMatch(/4\. Nxe5 .*Qg5/s);

      // ---- Save image: the board as shown (Black at the bottom, 4...Qg5 marked, the arrow, the bar)
      expect(await tab(page)).toBe('share-position-only');
      expect(await tab(page)).toBe('share-png');
      const png = await downloaded(page, () => page.keyboard.press('Enter'));
      expect(png.name).toBe('Anna-Boris-4...Qg5.png');
      writeFileSync(path.join(SHOTS, 'app-share-board.png'), png.bytes);
      await waitToast(page, /^Image saved: the board at 4\.\.\.Qg5 \(\d+ KB\)\.$/);
      // 72 px squares; the bar 29 px and a gap of 7 on the left
      const geometry = { x0: 36, size: 72, flipped: true };
      expect(pngInfo(png.bytes)).toEqual({ width: 36 + 8 * 72, height: 8 * 72 });
      const edge = (sq) => {
        const s = squareAt(sq, geometry);
        return [s.x + 4, s.y + 36]; // the square's left edge, clear of its piece and its rank number
      };
      const [from, to] = [board.bestArrow.slice(0, 2), board.bestArrow.slice(2, 4)].map((sq) => {
        const s = squareAt(sq, geometry);
        return { x: s.x + 36, y: s.y + 36 };
      });
      const ek = squareAt('e8', geometry);
      const px = await pngPixels(page, png.bytes, [edge('g5'), edge('d8'), edge('a1'), edge('c1'), [ek.x + 27, ek.y + 45], [(from.x + to.x) / 2, (from.y + to.y) / 2], [2, 20], [2, 8 * 72 - 20], [32, 100]]);
      const [g5, d8, a1, c1, king, arrow, barTop, barBottom, gap] = px;
      const dark = [0xb4, 0x8a, 0x62];
      expect(near(a1, dark)).toBe(true); // a plain dark square
      expect(near(c1, dark)).toBe(true);
      // the last move's squares (d8 to g5, both dark): the highlight over the dark colour
      for (const p of [g5, d8]) {
        expect(near(p, dark, 10)).toBe(false);
        expect(near(p, [0.62 * 0xcd + 0.38 * 0xb4, 0.62 * 0xd2 + 0.38 * 0x8a, 0.62 * 0x6a + 0.38 * 0x62], 4)).toBe(true);
      }
      // Black at the bottom: the black king on e8 is drawn in the bottom row
      expect(ek.y).toBe(7 * 72);
      expect(near(king, [0x2a, 0x28, 0x26], 6)).toBe(true);
      // the engine's best move: a green arrow
      expect(arrow[1] - arrow[0]).toBeGreaterThan(40);
      expect(arrow[1] - arrow[2]).toBeGreaterThan(40);
      // the bar: White's share from White's end, which is the top with Black at the bottom
      expect(near(barTop, [0xf6, 0xf5, 0xf1])).toBe(true);
      expect(near(barBottom, [0x40, 0x3d, 0x39])).toBe(true);
      expect(gap[3]).toBe(0); // see-through between the bar and the board

      // ---- Save GIF: a frame a position, a second each and the last one longer, looping
      expect(await tab(page)).toBe('share-gif');
      const gif = await downloaded(page, () => page.keyboard.press('Enter'));
      expect(gif.name).toBe('Anna-Boris.gif');
      writeFileSync(path.join(SHOTS, 'app-share-game.gif'), gif.bytes);
      await waitToast(page, /^GIF saved: 15 positions, a second each \(\d+ KB\)\.$/);
      const info = gifInfo(gif.bytes);
      expect(info).toMatchObject({ width: 360, height: 360, loops: 0 });
      expect(info.frames).toHaveLength(15);
      expect(info.frames.every((f) => f.w === 360 && f.h === 360)).toBe(true);
      expect(info.frames.slice(0, -1).every((f) => f.delay === 1000)).toBe(true);
      expect(info.frames.at(-1).delay).toBe(4000);
      expect(gif.bytes.length).toBeLessThan(60000); // a frame after the first writes only its changes
      // the browser's own decoder: as many frames; after 1.e4 (Black at the bottom) e2 and e4 marked
      const decoded = await page.evaluate(async (b64) => {
        const dec = new ImageDecoder({ data: Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), type: 'image/gif' });
        await dec.tracks.ready;
        await dec.completed;
        const frame = async (i) => {
          const { image } = await dec.decode({ frameIndex: i });
          const c = new OffscreenCanvas(image.displayWidth, image.displayHeight).getContext('2d');
          c.drawImage(image, 0, 0);
          image.close();
          return (x, y) => [...c.getImageData(x, y, 1, 1).data];
        };
        // 45 px squares, Black at the bottom: a square's left edge, half-way down
        const edge = (at, sq) => at((7 - 'abcdefgh'.indexOf(sq[0])) * 45 + 4, (Number(sq[1]) - 1) * 45 + 22);
        const first = await frame(1); // after 1.e4
        const last = await frame(14); // after 7...Nf3#, drawn over every frame before it
        const frames = dec.tracks.selectedTrack.frameCount;
        dec.close();
        return { frames, e4: edge(first, 'e4'), c4: edge(first, 'c4'), e2: edge(first, 'e2'), lastD4: edge(last, 'd4'), lastF3: edge(last, 'f3'), lastE2: edge(last, 'e2') };
      }, gif.bytes.toString('base64'));
      expect(decoded.frames).toBe(15);
      expect(near(decoded.c4, [0xec, 0xdc, 0xbc], 8)).toBe(true);
      expect(near(decoded.e4, decoded.c4, 8)).toBe(false);
      const onLight = [0.62 * 0xcd + 0.38 * 0xec, 0.62 * 0xd2 + 0.38 * 0xdc, 0.62 * 0x6a + 0.38 * 0xbc];
      const onDark = [0.62 * 0xcd + 0.38 * 0xb4, 0.62 * 0xd2 + 0.38 * 0x8a, 0.62 * 0x6a + 0.38 * 0x62];
      expect(near(decoded.e2, onLight, 8)).toBe(true);
      // the last frame: 7...Nf3# marked (d4 dark, f3 light), 7.Be2's mark gone from e2
      expect(near(decoded.lastD4, onDark, 8)).toBe(true);
      expect(near(decoded.lastF3, onLight, 8)).toBe(true);
      expect(near(decoded.lastE2, [0xec, 0xdc, 0xbc], 8)).toBe(true);
      expect(await focused(page)).toBe('share-gif'); // the focus stays on the button while it works

      // ---- the clipboard refused: the text in a field, selected, and said
      await page.evaluate(() => {
        const refuse = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
        navigator.clipboard.write = refuse;
        navigator.clipboard.writeText = refuse;
      });
      await page.click('[data-testid=share-fen]');
      await page.waitForSelector('[data-testid=share-fallback]:not([hidden])');
      expect(await page.evaluate(() => {
        const t = document.querySelector('[data-testid=share-text]');
        return { value: t.value, focused: document.activeElement === t, selected: [t.selectionStart, t.selectionEnd], readOnly: t.readOnly, label: t.labels[0].textContent };
      })).toEqual({ value: board.fen, focused: true, selected: [0, board.fen.length], readOnly: true, label: 'The FEN, to copy (the clipboard was refused)' });
      expect(await toast(page)).toBe('The browser refused the clipboard (Write permission denied): the FEN is selected in the field under Share; copy it with Ctrl+C or ⌘C.');
      const axe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).include('#share').analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

      // ---- the link in a browser that has never seen the game: the same game, move and side
      fresh = await app.open(undefined, {}, link);
      const b = fresh.page;
      await b.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.ply === '8');
      await waitToast(b, /^Opened the shared game Anna – Boris at 4\.\.\. Qg5, Black at the bottom: a new game in your library\.$/);
      expect(await b.evaluate(() => ({ ...document.querySelector('[data-testid=board]').dataset }))).toMatchObject({ fen: board.fen, orientation: 'black' });
      expect(await b.evaluate(() => location.hash)).toBe(''); // read once: a reload does not open it again
      expect(await b.inputValue('[data-testid=game-name]')).toBe('Anna – Boris');
      await saved(b);
      await b.reload();
      await b.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.ply === '8');
      await b.click('[data-testid=library-open]');
      await b.waitForSelector('[data-testid=library-item]');
      expect(await b.locator('[data-testid=library-item]').count()).toBe(1);
      await b.keyboard.press('Escape');
      // a link cut short: said, and the game stays, the app usable
      await b.evaluate(() => (location.hash = 'pgn=AAAA&ply=3'));
      await b.waitForFunction(() => !document.querySelector('[data-testid=error]').hidden);
      expect(await b.textContent('[data-testid=error]')).toBe('Shared link: its game (pgn=) cannot be decompressed: the link was cut short or changed on its way.');
      expect(await b.getAttribute('[data-testid=board]', 'data-ply')).toBe('8');
      await b.focus('#nav-forward');
      await b.keyboard.press('Enter');
      await b.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.ply === '9');
      expect(fresh.problems).toEqual([]);

      // ---- in the first browser, a link to a position: the game that was open stays in the library
      const fen = '8/8/8/4k3/8/8/4P3/4K3 w - - 0 1';
      await page.evaluate((f) => (location.hash = `fen=${f.replace(/ /g, '_')}&flip=0`), fen);
      await waitToast(page, /^Opened the shared position, White at the bottom: a new game in your library, beside the one you had open\.$/);
      expect(await page.getAttribute('[data-testid=board]', 'data-fen')).toBe(fen);
      await saved(page);
      await page.click('[data-testid=library-open]');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=library-item]').length === 2);
      expect(await page.textContent('[data-testid=library-list]')).toMatch(/Anna – Boris.*Shared position|Shared position.*Anna – Boris/s);
      expect(problems).toEqual([]);
    } finally {
      await fresh?.context.close();
      await context.close();
    }
  }, 120000);
});
