// The Share box: Copy link / Copy FEN / Copy PGN (to the clipboard, said in the toast's polite
// live region; where the browser refuses the clipboard, the text is put in a read-only field,
// selected, to copy by hand), and the board saved as a picture: "Save image" (a PNG of the board
// as shown, with its arrows and the eval bar) and "Save GIF" (the main line, a position a second).
import { boardPng } from 'mainline-chess/image';
import { $, download, fileName } from '../dom.js';
import { boardPicture, gameFrames, PAGE_PALETTE } from '../model/boardpicture.js';
import { CLASS_BADGE, moveNumber } from '../model/format.js';
import { gameGif } from '../services/gif.js';

/**
 * @typedef {import('../state.js').State} State
 * @typedef {import('../state.js').Store} Store
 * @typedef {object} ShareActions
 * @property {(positionOnly: boolean) => Promise<string>} link   the share link
 * @property {() => Promise<string>} pgn                          the game's PGN, as exported
 * @property {(text: string) => void} toast
 */

/** A link longer than this may be cut by a chat program or a mail client: the toast says how long it is. */
const LONG_LINK = 2000;

export class SharePanel {
  /** @param {Store} store @param {ShareActions} actions */
  constructor(store, actions) {
    this.store = store;
    this.actions = actions;
    this.fallback = $('share-fallback');
    this.text = /** @type {HTMLTextAreaElement} */ ($('share-text'));
    this.progress = $('share-progress');
    const positionOnly = /** @type {HTMLInputElement} */ ($('share-position-only'));
    $('share-link').addEventListener('click', () =>
      this.#copy('link', actions.link(positionOnly.checked), (t) => (t.length > LONG_LINK ? ` It is ${t.length.toLocaleString('en')} characters long: some chat programs cut links that long (Copy PGN always works).` : '')),
    );
    $('share-fen').addEventListener('click', () => this.#copy('FEN', Promise.resolve(store.state.current.fen)));
    $('share-pgn').addEventListener('click', () => this.#copy('PGN', actions.pgn()));
    $('share-png').addEventListener('click', () => this.#png());
    $('share-gif').addEventListener('click', () => this.#gif());
    store.on(['tree', 'current'], (s) => this.#enable(s));
    this.#enable(store.state);
  }

  #enable(/** @type {State} */ s) {
    const gif = /** @type {HTMLButtonElement} */ ($('share-gif'));
    if (this.busy) return;
    const moves = s.tree.mainline().length;
    gif.disabled = !moves;
    gif.title = moves ? `The main line's ${moves + 1} positions, one a second, as an animated GIF` : 'The game has no moves yet: Save image keeps this position';
  }

  /**
   * Puts text on the clipboard. The clipboard item is handed over at once, inside the click (as
   * Safari asks), its text when it is ready; where the browser refuses (no permission, an
   * insecure page, no clipboard), the text is shown in a field, selected.
   * @param {string} what @param {Promise<string>} text @param {(text: string) => string} [more]
   */
  async #copy(what, text, more = () => '') {
    /** @type {unknown} */
    let refused = null;
    try {
      await writeClipboard(text);
    } catch (e) {
      refused = e;
    }
    let value;
    try {
      value = await text;
    } catch (e) {
      this.store.set({ error: /** @type {Error} */ (e).message });
      return;
    }
    if (!refused) {
      this.fallback.hidden = true;
      this.actions.toast(`${what === 'link' ? 'Link' : what} copied to the clipboard.${more(value)}`);
      return;
    }
    $('share-text-label').textContent = `The ${what}, to copy (the clipboard was refused)`;
    this.text.value = value;
    this.fallback.hidden = false;
    this.text.focus();
    this.text.select();
    const why = refused instanceof Error && refused.message ? ` (${refused.message.replace(/\.$/, '')})` : '';
    this.actions.toast(`The browser refused the clipboard${why}: the ${what} is selected in the field under Share; copy it with Ctrl+C or ⌘C.`);
  }

  /** The board as shown, as a PNG download. */
  async #png() {
    const s = this.store.state;
    try {
      const blob = await boardPng(boardPicture(s, pagePalette()));
      download(fileName(`${s.game.name || 'mainline'} ${moveLabel(s)}`, 'png'), blob);
      this.actions.toast(`Image saved: the board at ${moveLabel(s)} (${kb(blob.size)}).`);
    } catch (e) {
      this.store.set({ error: `The image could not be made: ${/** @type {Error} */ (e).message}` });
    }
  }

  /** The main line as an animated GIF download, its progress shown on the way. */
  async #gif() {
    const s = this.store.state;
    const button = /** @type {HTMLButtonElement} */ ($('share-gif'));
    const frames = gameFrames(s, pagePalette());
    this.busy = true;
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    this.progress.hidden = false;
    this.progress.textContent = `0 / ${frames.length}`;
    try {
      const blob = await gameGif(frames, { onProgress: (done, total) => (this.progress.textContent = `${done} / ${total}`) });
      download(fileName(s.game.name || 'mainline', 'gif'), blob);
      this.actions.toast(`GIF saved: ${frames.length} positions, a second each (${kb(blob.size)}).`);
    } catch (e) {
      this.store.set({ error: `The GIF could not be made: ${/** @type {Error} */ (e).message}` });
    } finally {
      this.busy = false;
      this.progress.hidden = true;
      button.removeAttribute('aria-busy');
      this.#enable(this.store.state);
      // (the button was disabled while busy: the keyboard's focus goes back to it)
      if (document.activeElement === document.body) button.focus();
    }
  }
}

/** @param {Promise<string>} text */
async function writeClipboard(text) {
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  if (!clipboard) throw new Error('this page has no clipboard');
  if (typeof ClipboardItem === 'function' && typeof clipboard.write === 'function') {
    try {
      await clipboard.write([new ClipboardItem({ 'text/plain': text.then((t) => new Blob([t], { type: 'text/plain' })) })]);
      return;
    } catch (e) {
      if (e instanceof Error && e.name === 'NotAllowedError') throw e;
      // (a browser whose ClipboardItem takes no promise: the plain way below)
    }
  }
  await clipboard.writeText(await text);
}

/** The page's colours (styles.css), for pictures that look like the board. */
function pagePalette() {
  const css = getComputedStyle(document.documentElement);
  const v = (/** @type {string} */ name, /** @type {string} */ fallback) => css.getPropertyValue(name).trim() || fallback;
  return {
    ...PAGE_PALETTE,
    theme: { ...PAGE_PALETTE.theme, light: v('--light-sq', PAGE_PALETTE.theme.light), dark: v('--dark-sq', PAGE_PALETTE.theme.dark) },
    classes: Object.fromEntries(Object.keys(CLASS_BADGE).map((c) => [c, v(`--cls-${c}`, '#666666')])),
  };
}

/** The shown move as a file name and a sentence say it: "12...Qxe4+", or "the start". */
function moveLabel(/** @type {State} */ s) {
  const n = s.current;
  return n.parent ? `${moveNumber(n.parent.fen, 0)}${n.san}` : 'the start';
}

const kb = (/** @type {number} */ bytes) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en')} KB`;
