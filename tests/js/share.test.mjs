// Share links (app/src/model/share.js, controllers/share.js) in Node: a game and a position there
// and back (the move shown, the side at the bottom, variations, notes, NAGs and evaluations kept),
// a long game, every node of a tree reached by its path, and each way a link can be wrong named
// by its code; the controller opening a link as the app opens a PGN, and leaving everything as it
// was when the link is bad; what the board's picture and the GIF's frames show (boardpicture.js).
import { describe, expect, test } from 'vitest';
import { Chess } from 'chess.js';
import { Store, defaults } from '../../app/src/state.js';
import { GameController } from '../../app/src/controllers/game.js';
import { ShareController } from '../../app/src/controllers/share.js';
import { exportPgn, parsePgn } from '../../app/src/model/pgn.js';
import {
  fromBase64Url, isShareFragment, MAX_PGN_CHARS, nodeAt, openShared, pathOf, readShareFragment, shareFragment, ShareLinkError, toBase64Url,
} from '../../app/src/model/share.js';

/** The trap game of the app's tests (app-page.mjs): 14 moves. */
const TRAP = `[Event "Mainline tests"]
[White "Anna"]
[Black "Boris"]
[Result "0-1"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1`;

/** A game with a variation in a variation, notes, NAGs, a clock and an evaluation. */
const RICH = `[Event "Share test"]
[White "Anna"]
[Black "Boris"]
[Result "*"]

{ The game's note: quotes " and braces ] survive. } 1. e4 { [%clk 0:05:00] Best by test } e5 2. Nf3 $1 Nc6
(2... d6 { Philidor } 3. d4 (3. Bc4 Be7 $6) 3... exd4) 3. Bb5 { [%eval 0.3] } a6 4. Ba4 Nf6 *`;

const tick = () => new Promise((r) => setTimeout(r, 0));

/** The fragment's value of a key (the fragment as written, no `#`). */
const param = (fragment, key) => new URLSearchParams(fragment).get(key);

/** Bytes deflated as a link deflates its PGN. */
async function deflateBytes(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The error a promise (or a function) ends in. */
async function failure(f) {
  try {
    await f();
  } catch (e) {
    return e;
  }
  throw new Error('no error');
}

/** The code and message of a link's failure to read or open. */
async function linkError(fragment) {
  const e = await failure(async () => openShared(await readShareFragment(fragment)));
  expect(e).toBeInstanceOf(ShareLinkError);
  expect(e.message).toMatch(/^Shared link: /);
  return { code: e.code, message: e.message };
}

describe('share links there and back', () => {
  test('a game: the PGN as it was written, the move shown (a variation\'s too), the side at the bottom', async () => {
    const { tree } = parsePgn(RICH);
    const pgn = exportPgn(tree, parsePgn(RICH).headers);
    const inVariation = tree.mainline()[2].children[1].children[1].children[0]; // 2...d6 3.Bc4 Be7
    expect(inVariation.san).toBe('Be7');
    const fragment = await shareFragment({ pgn }, { path: pathOf(inVariation), orientation: 'black' });
    expect(param(fragment, 'ply')).toBe('6');
    expect(param(fragment, 'var')).toBe('4.1,5.1');
    expect(param(fragment, 'flip')).toBe('1');
    expect(fragment).toMatch(/^pgn=[A-Za-z0-9_-]+&ply=6&var=4\.1,5\.1&flip=1$/);
    const link = await readShareFragment(`#${fragment}`);
    expect(link).toEqual({ pgn, path: { ply: 6, variations: [[4, 1], [5, 1]] }, orientation: 'black' });
    const opened = openShared(link);
    expect(opened.node.san).toBe('Be7');
    expect(opened.tree.path(opened.node).slice(1).map((n) => n.san)).toEqual(['e4', 'e5', 'Nf3', 'd6', 'Bc4', 'Be7']);
    // notes, NAGs, the clock, the evaluation, the variations: the same PGN written again
    expect(exportPgn(opened.tree, opened.headers)).toBe(pgn);
    expect(opened.tree.mainline()[0].note).toBe('Best by test');
    expect(opened.tree.root.note).toContain('quotes " and braces');
    expect(opened.tree.mainline()[2].nags).toEqual([1]);
  });

  test('the main line\'s moves are a ply alone; the start needs none; White at the bottom is flip=0', async () => {
    const pgn = TRAP;
    const { tree } = parsePgn(pgn);
    const at = tree.mainline()[7]; // 4...Qg5
    const fragment = await shareFragment({ pgn }, { path: pathOf(at) });
    expect(fragment).toMatch(/^pgn=[A-Za-z0-9_-]+&ply=8&flip=0$/);
    expect(nodeAt(openShared(await readShareFragment(fragment)).tree, { ply: 8, variations: [] }).san).toBe('Qg5');
    const start = await shareFragment({ pgn });
    expect(start).toMatch(/^pgn=[A-Za-z0-9_-]+&flip=0$/);
    expect((await readShareFragment(start)).path).toEqual({ ply: 0, variations: [] });
  });

  test('a position: its FEN readable in the link, spaces as underscores', async () => {
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
    const fragment = await shareFragment({ fen }, { orientation: 'black' });
    expect(fragment).toBe('fen=r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R_w_KQkq_-_2_3&flip=1');
    const link = await readShareFragment(`#${fragment}`);
    expect(link).toEqual({ fen, path: { ply: 0, variations: [] }, orientation: 'black' });
    const opened = openShared(link);
    expect(opened.tree.root.fen).toBe(fen);
    expect(opened.node).toBe(opened.tree.root);
    // as a person might type it: spaces written as %20 or +
    expect((await readShareFragment(`fen=${encodeURIComponent(fen)}`)).fen).toBe(fen);
    expect((await readShareFragment(`fen=${fen.replace(/ /g, '+')}`)).fen).toBe(fen);
  });

  test('a long game (300 plies, a note and an evaluation on every move) there and back, the link a fraction of the PGN', async () => {
    // a game of legal moves from a fixed seed, so that the test is the same every time
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const chess = new Chess();
    const sans = [];
    while (sans.length < 300) {
      const moves = chess.moves();
      if (!moves.length) {
        chess.undo(); // mate or stalemate: another move before it
        sans.pop();
        continue;
      }
      sans.push(chess.move(moves[Math.floor(random() * moves.length)]).san);
    }
    const { GameTree } = await import('../../app/src/model/tree.js');
    const tree = new GameTree();
    tree.playLine(tree.root, sans);
    tree.mainline().forEach((n, i) => {
      n.note = `Move ${i + 1}: ${n.san}, played after some thought.`;
      n.eval = { score: { cp: (i % 40) - 20 }, depth: 14 };
    });
    const pgn = exportPgn(tree, { White: 'Long', Black: 'Game' });
    expect(pgn.length).toBeGreaterThan(20000);
    const last = tree.mainline().at(-1);
    const fragment = await shareFragment({ pgn }, { path: pathOf(last) });
    expect(fragment.length).toBeLessThan(pgn.length / 2);
    const opened = openShared(await readShareFragment(fragment));
    expect(opened.node.ply).toBe(300);
    expect(opened.node.fen).toBe(last.fen);
    expect(exportPgn(opened.tree, opened.headers)).toBe(pgn);
  }, 20000);

  test('every node of a tree with variations is reached again by its path', () => {
    const { tree } = parsePgn(RICH);
    for (const node of tree.nodes.values()) expect(nodeAt(tree, pathOf(node))).toBe(node);
  });

  test('base64url: any bytes there and back, with no padding and no + or /', () => {
    const bytes = new Uint8Array(70000).map((_, i) => (i * 7919) % 256);
    const text = toBase64Url(bytes);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fromBase64Url(text)).toEqual(bytes);
  });

  test('a share link is told from an anchor in the page', () => {
    expect(isShareFragment('#engine-panel')).toBe(false);
    expect(isShareFragment('')).toBe(false);
    expect(isShareFragment('#pgn=abc')).toBe(true);
    expect(isShareFragment('fen=8/8/8/8/8/8/8/8_w_-_-_0_1')).toBe(true);
    expect(isShareFragment('#flip=1')).toBe(true); // a link with its game cut off: said, not ignored
  });
});

describe('a bad link says what is wrong with it', () => {
  test('no game or position, both, a key twice', async () => {
    expect(await linkError('#flip=1')).toMatchObject({ code: 'empty', message: 'Shared link: it holds no game (pgn=) and no position (fen=).' });
    expect((await linkError('pgn=abc&fen=8/8/8/8/8/8/8/8_w_-_-_0_1')).code).toBe('both');
    expect(await linkError('fen=x&fen=y')).toMatchObject({ code: 'twice', message: 'Shared link: fen= is given more than once.' });
  });

  test('the game\'s text: not base64url, cut short, not deflated, not UTF-8, too large, not a game', async () => {
    const good = await shareFragment({ pgn: TRAP });
    const data = param(good, 'pgn');
    expect(await linkError(`pgn=${data.slice(0, 10)}*${data.slice(10)}`)).toMatchObject({ code: 'encoding', message: 'Shared link: its game (pgn=) is not base64url text: "*" at character 11.' });
    expect((await linkError(`pgn=${data.slice(0, 4 * 10 + 1)}`)).code).toBe('encoding'); // a length no bytes have
    // cut short by a chat program: the deflated data ends early
    expect(await linkError(`pgn=${data.slice(0, Math.floor(data.length / 2 / 4) * 4)}`)).toMatchObject({ code: 'compression', message: expect.stringContaining('cut short or changed') });
    expect((await linkError('pgn=SGVsbG8gd29ybGQh')).code).toBe('compression'); // plain base64 of "Hello world!"
    expect((await linkError('pgn=')).code).toBe('compression');
    expect(await linkError(`pgn=${toBase64Url(await deflateBytes(new Uint8Array([0x31, 0x2e, 0xff, 0xfe, 0x20])))}`)).toMatchObject({ code: 'text', message: 'Shared link: its game (pgn=) is not text (not UTF-8).' });
    const bomb = toBase64Url(await deflateBytes(new TextEncoder().encode('a'.repeat(MAX_PGN_CHARS + 1))));
    expect(bomb.length).toBeLessThan(10000);
    expect((await linkError(`pgn=${bomb}`)).code).toBe('too-long');
    const illegal = param(await shareFragment({ pgn: '1. e4 e5 2. Ke3' }), 'pgn');
    expect(await linkError(`pgn=${illegal}`)).toMatchObject({ code: 'pgn', message: 'Shared link: its game (pgn=) cannot be read: PGN: 2. Ke3 cannot be played: no legal king move to e3.' });
  });

  test('the move, the side, the position', async () => {
    const data = param(await shareFragment({ pgn: TRAP }), 'pgn');
    expect(await linkError(`pgn=${data}&ply=40`)).toMatchObject({ code: 'ply', message: 'Shared link: ply=40 is past the end of the game: that line has 14 moves.' });
    expect(await linkError(`pgn=${data}&ply=-1`)).toMatchObject({ code: 'ply', message: 'Shared link: ply=-1: a whole number of moves from the start was expected.' });
    expect((await linkError(`pgn=${data}&ply=2.5`)).code).toBe('ply');
    expect(await linkError(`pgn=${data}&ply=4&var=3.1`)).toMatchObject({ code: 'var', message: 'Shared link: var= takes move 2 at ply 3, where the game has one move.' });
    expect((await linkError(`pgn=${data}&ply=4&var=6.1`)).code).toBe('var');
    expect((await linkError(`pgn=${data}&ply=4&var=three`)).code).toBe('var');
    expect((await linkError(`pgn=${data}&ply=4&var=2.1,2.2`)).code).toBe('var');
    expect(await linkError(`pgn=${data}&flip=2`)).toMatchObject({ code: 'flip', message: 'Shared link: flip=2: 0 (White at the bottom) or 1 (Black at the bottom) was expected.' });
    expect(await linkError('fen=8/8/8/8/8/8/8/8_w_-_-_0_1')).toMatchObject({ code: 'fen', message: expect.stringMatching(/^Shared link: the position \(fen=\) is not one: .+\.$/) });
    expect((await linkError('fen=')).code).toBe('fen');
    expect((await linkError('fen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_w_KQkq_-_0_1&ply=3')).code).toBe('ply');
  });
});

describe('the controller: a link opened as the app opens a PGN', () => {
  test('the game at its move, the side at the bottom, a new game; a bad link changes nothing and says why', async () => {
    const store = new Store(defaults());
    const game = new GameController({ store });
    const share = new ShareController({ store, game });
    game.loadPgn('1. d4 d5 2. c4');
    store.set({ game: { ...store.state.game, id: 'mine', name: 'Mine' } });
    const before = store.state.tree;
    // the link of another game at 3. Bc4, Black at the bottom
    const { tree } = parsePgn(TRAP);
    const fragment = await shareFragment({ pgn: TRAP }, { path: pathOf(tree.mainline()[4]), orientation: 'black' });
    expect(share.isLink(`#${fragment}`)).toBe(true);
    expect(share.isLink('#engine-panel')).toBe(false);
    const said = await share.open(`#${fragment}`);
    await tick();
    const s = store.state;
    expect(said).toBe('Opened the shared game Anna – Boris at 3. Bc4, Black at the bottom: a new game in your library, beside the one you had open.');
    expect(s.tree).not.toBe(before);
    expect(s.current.san).toBe('Bc4');
    expect(s.current.ply).toBe(5);
    expect(s.orientation).toBe('black');
    expect(s.game.id).toBe(null); // a new game: the saving controller gives it its place in the library
    expect(s.headers.White).toBe('Anna');
    expect(s.error).toBe('');
    // the link made of it again is the same game at the same move
    const again = await share.link('https://example.org/app/#old');
    expect(again).toMatch(/^https:\/\/example\.org\/app\/#pgn=[A-Za-z0-9_-]+&ply=5&flip=1$/);
    const reread = openShared(await readShareFragment(new URL(again).hash));
    expect(reread.node.fen).toBe(s.current.fen);
    // a position only
    expect(await share.link('https://example.org/app/', { positionOnly: true })).toBe(`https://example.org/app/#fen=${s.current.fen.replace(/ /g, '_')}&flip=1`);
    // a bad link: said, and the open game stays as it is
    const open = store.state.tree;
    expect(await share.open('#pgn=not*base64&ply=3')).toBe(null);
    await tick();
    expect(store.state.error).toBe('Shared link: its game (pgn=) is not base64url text: "*" at character 4.');
    expect(store.state.tree).toBe(open);
    expect(store.state.current.san).toBe('Bc4');
    // a position's link: named so that it is kept, White at the bottom
    const fen = '8/8/8/4k3/8/8/4P3/4K3 w - - 0 1';
    expect(await share.open(`#fen=${fen.replace(/ /g, '_')}`)).toBe('Opened the shared position, White at the bottom: a new game in your library.');
    await tick();
    expect(store.state).toMatchObject({ orientation: 'white', error: '' });
    expect(store.state.tree.root.fen).toBe(fen);
    expect(store.state.game).toMatchObject({ name: 'Shared position', named: true });
  });
});

describe('what a picture shows (model/boardpicture.js)', () => {
  test('the board as shown: the position, last move, check, the engine\'s arrow, the side, the bar; none while practising', async () => {
    const { boardPicture, gameFrames, barText, PAGE_PALETTE } = await import('../../app/src/model/boardpicture.js');
    const s = defaults();
    const { tree, headers } = parsePgn(TRAP);
    const at = tree.mainline()[11]; // 6...Qxe4+
    at.eval = { score: { cp: -480 }, depth: 12, pv: ['f1e2', 'd4f3'] };
    Object.assign(s, { tree, headers, current: at, orientation: 'black' });
    const p = boardPicture(s, PAGE_PALETTE, 50);
    expect(p).toMatchObject({
      fen: at.fen, orientation: 'black', lastMove: { from: 'g2', to: 'e4' }, check: 'e1', squareSize: 50,
      arrows: [{ from: 'f1', to: 'e2', colour: PAGE_PALETTE.arrows.best, width: 0.14, opacity: 0.85 }],
      evalBar: { text: '-4.8' }, badges: [], squares: [],
    });
    expect(p.evalBar.share).toBeLessThan(0.2);
    expect(barText({ mate: -3 })).toBe('#-3');
    expect(barText(null)).toBe('');
    // the arrows switched off: none; practising: no bar (the page hides it)
    expect(boardPicture({ ...s, settings: { ...s.settings, arrows: false } }).arrows).toEqual([]);
    expect(boardPicture({ ...s, mode: 'practice' }).evalBar).toBe(null);
    // the GIF's frames: every main-line position, the bar only when every one has an evaluation
    const frames = gameFrames(s);
    expect(frames).toHaveLength(15);
    expect(frames[0]).toMatchObject({ fen: tree.root.fen, lastMove: null, check: null, evalBar: null, orientation: 'black', squareSize: 45 });
    expect(frames[14]).toMatchObject({ lastMove: { from: 'd4', to: 'f3' }, check: 'e1' });
    for (const n of [tree.root, ...tree.mainline()]) n.eval = n.eval || { score: { cp: 10 }, depth: 10 };
    expect(gameFrames(s).every((f) => f.evalBar && f.evalBar.text)).toBe(true);
  });
});
