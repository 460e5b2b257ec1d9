// <mainline-analysis>: the engine's live analysis as one tag. `import 'mainline-chess/element'`
// registers it; the page needs no build step, no framework and no special headers:
//
//   <mainline-analysis fen="..." multipv="3" depth="20" interactive></mainline-analysis>
//
// It shows a board (Mainline's own pieces, the lines' first moves as arrows, the best one
// thickest), an eval bar, and the iterations as they arrive: depth, score, the line in SAN and
// why it ends. Everything is in a shadow root, styled from outside through CSS custom properties
// (--mainline-*) and ::part(). Styles go in through a constructed stylesheet where the browser
// has them (a page whose Content-Security-Policy forbids inline styles shows it too), a <style>
// element elsewhere; nothing is written as markup (a page that enforces Trusted Types shows it).
//
// The elements of a page share a small pool of engines (pool.js; MainlineAnalysis.poolSize)
// instead of a worker each. An element searches only while it is in view and its tab is shown:
// one scrolled out of view or in a hidden tab pauses, and goes on when it is back.
//
// Attributes (each also a property of the same name, so frameworks that set properties work):
// fen | pgn (the position after the game's main line), chess960 (the position is of a Chess960
// game: castling by the king onto its own rook, lines written so; a PGN that says
// [Variant "Chess960"] is one by itself), orientation (white | black), multipv,
// depth and/or movetime (ms; neither: the search ends by itself at DEFAULT_SEARCH_LIMITS,
// depth 22 or 20 s), infinite (no end: until stop()), threads (1 unless given), interactive (the
// user may move by pointer or keyboard; the new position is analysed), screen-reader (a text
// view for screen readers and the keyboard: the position in words, a box for moves in SAN or UCI
// and for commands, the engine's result announced when it means something new; readout.js),
// base-url (the folder of the package's dist/ files when they are not beside its code: a CDN's,
// or a site's copy), worker-url and wasm-url (the single-threaded build's two files), explain
// (when the analysis ends, the best line in words: what it forces or wins, each claim checked
// against the engine's facts along that line by explain.js; the score only, and said so, when
// nothing can be named for certain).
// Events (all bubble and cross the shadow root): `iteration` (detail: the engine's
// IterationInfo and the searched `fen`), `bestmove` (the SearchResult and `fen`), `explain`
// (with the explain attribute, after `bestmove`: the words, their sentences with their claims,
// and the line's facts), `move` (a move made on the board: uci, san), `error` (an EngineError,
// or a bad attribute: a bad fen or pgn empties the board, which then shows no position, until
// the attribute is good again).
// Methods: analyse() (resolves with the SearchResult; with null when stopped, paused or
// replaced before it started; rejects with what went wrong), stop(), toPNG() (the board as a
// PNG picture: pieces, last move, arrows, side at the bottom, eval bar; image.js). Properties: engine (a
// promise of one of the pool's engines), position (null while the attributes give none).
import { defaultPoolSize, EnginePool } from './pool.js';
import { evalFromSearch, expectedScore, formatScore, isChess960, mainLine, parsePgnGames, STANDARD_START as START, startFen } from './annotate.js';
import { explainLine } from './explain.js';
import { IMAGE_THEME, boardPng } from './image.js';
import { pieceElement } from './pieces.js';
import { Announcer, answerCommand, COMMAND_HELP, describePosition } from './readout.js';

const FILES = 'abcdefgh';
/** What the board shows when the attributes give no position. */
const EMPTY_BOARD = '8/8/8/8/8/8/8/8 w - - 0 1';
/** Iterations kept on show (the newest first). */
const MAX_ROWS = 40;
const PV_END_TEXT = { leaf: 'leaf', mate: 'mate', stalemate: 'stalemate', repetition: 'repetition', fifty: '50 moves', material: 'material', hashcut: 'hash cut' };
/** The attributes that change what is searched (the others only how it looks). */
const SEARCH_ATTRIBUTES = ['fen', 'pgn', 'chess960', 'multipv', 'depth', 'movetime', 'infinite', 'threads'];
/** How long a board waits for its crashed engine to restart before it searches on another. */
const ENGINE_RESTART_WAIT_MS = 5000;
/** What a board out of view or in a hidden tab says while it waits. */
const PAUSED_TEXT = { view: 'paused: out of view', tab: 'paused: the tab is hidden' };

/** The pools of the page, one for each place the engine's files come from. @type {Map<string, EnginePool>} */
const pools = new Map();
/** @type {number|null} the size of pools made from now on (null: defaultPoolSize()) */
let poolSize = null;

/** An event the page can hear from anywhere: it bubbles, and crosses the shadow root. */
const event = (/** @type {string} */ type, /** @type {unknown} */ detail) => new CustomEvent(type, { detail, bubbles: true, composed: true });

const CSS = `
:host { display: block; font: var(--mainline-font, 14px/1.45 system-ui, sans-serif); color: var(--mainline-text, #1e1d1b); }
:host([hidden]) { display: none; }
.wrap { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; background: var(--mainline-background, transparent); }
.side { display: flex; gap: 6px; flex: none; }
.bar { position: relative; width: 14px; height: var(--mainline-board-size, 360px); background: var(--mainline-bar-black, #403d39);
  border-radius: 3px; overflow: hidden; }
.fill { position: absolute; left: 0; right: 0; bottom: 0; height: 50%; background: var(--mainline-bar-white, #f4f3ef); transition: height .3s; }
.flipped .fill { bottom: auto; top: 0; }
svg.board { width: var(--mainline-board-size, 360px); height: var(--mainline-board-size, 360px); display: block; touch-action: manipulation; user-select: none; }
svg.board:focus { outline: none; } svg.board:focus-visible { outline: 3px solid var(--mainline-accent, #2a6fdb); outline-offset: 2px; }
.light { fill: var(--mainline-light-square, #ecdcbc); } .dark { fill: var(--mainline-dark-square, #b48a62); }
.last { fill: var(--mainline-last-move, #cdd26a); opacity: .6; } .selected { fill: var(--mainline-accent, #2a6fdb); opacity: .45; }
.cursor { fill: none; stroke: var(--mainline-accent, #2a6fdb); stroke-width: 3; display: none; }
svg.board:focus-visible .cursor { display: inline; }
.target { fill: #14551e; opacity: .35; } .coord { font-size: 7px; font-weight: 600; pointer-events: none; }
.coord.on-light { fill: var(--mainline-dark-square, #b48a62); } .coord.on-dark { fill: var(--mainline-light-square, #ecdcbc); }
.arrow { stroke: var(--mainline-arrow, #2a64c9); fill: var(--mainline-arrow, #2a64c9); opacity: .75; pointer-events: none; }
.arrow.best { stroke: var(--mainline-best-arrow, #15781b); fill: var(--mainline-best-arrow, #15781b); opacity: .85; }
.interactive svg.board { cursor: pointer; }
.panel { flex: 1 1 240px; min-width: 220px; max-height: var(--mainline-panel-height, calc(var(--mainline-board-size, 360px) + 8px));
  display: flex; flex-direction: column; border: 1px solid var(--mainline-line, #dedad2); border-radius: 6px; overflow: hidden; }
.head { display: flex; gap: 10px; align-items: baseline; padding: 6px 10px; border-bottom: 1px solid var(--mainline-line, #dedad2); }
.score { font-size: 1.35em; font-weight: 700; font-variant-numeric: tabular-nums; min-width: 4.2em; }
.status, .note { color: var(--mainline-muted, #6d6a63); font-size: .9em; }
.rows { list-style: none; margin: 0; padding: 0; overflow-y: auto; flex: 1; }
.rows:focus { outline: none; } .rows:focus-visible { outline: 3px solid var(--mainline-accent, #2a6fdb); outline-offset: -3px; }
.row { display: grid; grid-template-columns: 2.2em 1fr; gap: 6px; padding: 4px 10px; border-bottom: 1px solid var(--mainline-line, #dedad2); }
.row:first-child { background: var(--mainline-highlight, rgba(42, 111, 219, .07)); }
.depth { font-weight: 700; font-variant-numeric: tabular-nums; }
.line { display: block; }
.line .val { font-weight: 700; font-variant-numeric: tabular-nums; margin-right: 6px; }
.num { color: var(--mainline-muted, #6d6a63); margin-right: 2px; }
.end { font-size: .75em; border: 1px solid var(--mainline-line, #dedad2); border-radius: 8px; padding: 0 5px; color: var(--mainline-muted, #6d6a63); white-space: nowrap; }
.error { margin: 0; padding: 6px 10px; color: var(--mainline-error, #b3261e); font-size: .9em; border-bottom: 1px solid var(--mainline-line, #dedad2); }
.error:empty { display: none; }
.explain { margin: 0; padding: 6px 10px; border-bottom: 1px solid var(--mainline-line, #dedad2); }
.explain:empty { display: none; }
.promo { position: absolute; display: flex; gap: 4px; padding: 4px; background: var(--mainline-background, #fff); border: 1px solid var(--mainline-line, #dedad2); border-radius: 6px; }
.promo button { width: 40px; height: 40px; padding: 0; border: 1px solid var(--mainline-line, #dedad2); background: #fff; border-radius: 4px; cursor: pointer; }
.stage { position: relative; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.reader { flex: 1 1 100%; display: flex; flex-direction: column; gap: 6px; padding: 8px 10px; border: 1px solid var(--mainline-line, #dedad2); border-radius: 6px; }
.reader[hidden] { display: none; }
.reader p { margin: 0; }
.reader label { font-weight: 600; }
.reader input { font: inherit; padding: 4px 6px; border: 1px solid var(--mainline-line, #dedad2); border-radius: 4px; }
.reader input:focus-visible { outline: 3px solid var(--mainline-accent, #2a6fdb); outline-offset: 1px; }
.reader .help { color: var(--mainline-muted, #6d6a63); font-size: .9em; }
.reader .reply-error { color: var(--mainline-error, #b3261e); }
`;

/** @type {CSSStyleSheet|null} one stylesheet for every element of the page */
let sheet = null;
/** The element's styles: a constructed stylesheet where there are such, a <style> otherwise. */
function style(/** @type {ShadowRoot} */ root) {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    root.adoptedStyleSheets = [sheet];
  } else {
    const s = document.createElement('style');
    s.textContent = CSS;
    root.append(s);
  }
}

const SVG = 'http://www.w3.org/2000/svg';
function el(/** @type {string} */ tag, /** @type {Record<string, string|number>} */ attrs = {}, svg = false) {
  const e = svg ? document.createElementNS(SVG, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** The integer value of an attribute within a range; null when not given; throws what is wrong. */
function intAttr(/** @type {string} */ name, /** @type {string|null} */ text, /** @type {number} */ min, /** @type {number} */ max) {
  if (text === null || text.trim() === '') return null;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name}="${text}": a whole number from ${min} to ${max} was expected`);
  return n;
}

const Base = /** @type {typeof HTMLElement} */ (typeof HTMLElement === 'undefined' ? class {} : HTMLElement);

export class MainlineAnalysis extends Base {
  static observedAttributes = [...SEARCH_ATTRIBUTES, 'orientation', 'interactive', 'screen-reader', 'explain'];

  /** The most engines the elements of a page share, for pools made from now on (set it before
   * the first element analyses). Default: 2, or 1 on a device of at most 2 cores. */
  static get poolSize() {
    return poolSize ?? defaultPoolSize();
  }
  static set poolSize(n) {
    if (n !== null && !(Number.isInteger(n) && n >= 1)) throw new RangeError(`MainlineAnalysis.poolSize is a whole number of 1 or more, not ${n}`);
    poolSize = n;
  }

  // ---- the shadow DOM
  #wrap;
  #bar;
  #fill;
  #stage;
  #board;
  #score;
  #status;
  #note;
  #error;
  #explain;
  #rows;
  // ---- the screen-reader view (readout.js)
  #reader;
  #readerPosition;
  #readerInput;
  #readerReply;
  #readerLive;
  #announcer = new Announcer();
  /** @type {{ depth: number, san: string[], pv: string[], score: { cp?: number, mate?: number } } | null} the newest exact first line */
  #latest = null;
  /** counts typed lines: only the newest one's answer is shown */
  #asked = 0;
  /** a move was played and the new position's legal moves are not known yet */
  #loading = false;
  /** @type {Element|null} */
  #arrows = null;
  /** @type {Element|null} the keyboard's square (on an interactive board) */
  #cursorMark = null;

  // ---- what is shown and searched
  /** @type {{ fen: string, moves: string[], chess960: boolean }} */
  #position = { fen: START, moves: [], chess960: false };
  #fen = START;
  /** @type {{ uci: string, san: string }[]} the position's legal moves */
  #legal = [];
  /** @type {{ from: string, to: string } | null} */
  #lastMove = null;
  /** @type {string|null} the square of the piece picked up */
  #selected = null;
  /** the square the keyboard is on */
  #cursor = 'e2';
  /** @type {{ pv: string[], score: { cp?: number, mate?: number } }[]} the newest iteration's lines, White's view */
  #lines = [];
  /** White's share of the eval bar, as drawn */
  #share = 0.5;
  /** @type {{ result: import('../index.d.ts').SearchResult, fen: string, position: { fen: string, moves: string[] } } | null} the last analysis's result */
  #result = null;

  // ---- the engine and the searches
  /** @type {EnginePool|null} the pool this element takes engines from while it is on the page */
  #pool = null;
  /** @type {import('../index.d.ts').Analysis|null} */
  #analysis = null;
  /** @type {AbortController|null} ends the wait for an engine of the pool */
  #waitForEngine = null;
  /** in view: as the IntersectionObserver last said (none yet: not known to be, so no search
   * starts before it says so); always where there is no IntersectionObserver */
  #inView = typeof IntersectionObserver !== 'function';
  /** @type {'view'|'tab'|null} why a search was paused, to go on when that is over */
  #paused = null;
  /** @type {IntersectionObserver|null} */
  #observer = null;
  #onVisibility = () => this.#visibilityChanged();
  /** the attributes give no position (a bad fen or pgn): nothing is shown or searched */
  #noPosition = false;
  /** counts analyse() calls: only the newest one's results reach the page */
  #gen = 0;
  /** the analyse() call stop() was asked during */
  #stopped = -1;
  #scheduled = false;
  /** the fen or pgn attribute changed: the next analysis reads it */
  #positionChanged = true;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    style(root);
    this.#wrap = el('div', { class: 'wrap', part: 'container' });
    this.#bar = el('div', { class: 'bar', part: 'evalbar', role: 'meter', 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-label': 'Evaluation, White at the bottom of the bar' });
    this.#fill = el('div', { class: 'fill' });
    this.#bar.append(this.#fill);
    this.#stage = el('div', { class: 'stage' });
    this.#board = el('svg', { class: 'board', part: 'board', viewBox: '0 0 320 320', role: 'img' }, true);
    this.#stage.append(this.#board);
    const side = el('div', { class: 'side' });
    side.append(this.#bar, this.#stage);
    this.#score = el('span', { class: 'score', part: 'score' });
    this.#status = el('span', { class: 'status', part: 'status' });
    this.#note = el('span', { class: 'note', part: 'note' });
    const head = el('div', { class: 'head', part: 'head' });
    head.append(this.#score, this.#status, this.#note);
    this.#error = el('p', { class: 'error', part: 'error', role: 'alert' });
    this.#explain = el('p', { class: 'explain', part: 'explain', 'aria-live': 'polite' });
    // (focusable: the list scrolls, and the keyboard must be able to scroll it)
    this.#rows = el('ol', { class: 'rows', part: 'iterations', 'aria-label': 'Iterations, newest first', tabindex: 0 });
    const panel = el('div', { class: 'panel', part: 'panel' });
    panel.append(head, this.#error, this.#explain, this.#rows);
    this.#reader = el('section', { class: 'reader', part: 'reader', 'aria-label': 'Board in words', hidden: '' });
    this.#readerPosition = el('p', { class: 'position', part: 'reader-position' });
    const inputId = 'mainline-command';
    const label = el('label', { for: inputId });
    label.textContent = 'Move or command';
    this.#readerInput = /** @type {HTMLInputElement} */ (el('input', { id: inputId, type: 'text', part: 'command', autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'mainline-help' }));
    const help = el('p', { class: 'help', id: 'mainline-help' });
    help.textContent = COMMAND_HELP;
    this.#readerReply = el('p', { class: 'reply', part: 'reader-reply', role: 'status', 'aria-live': 'polite' });
    this.#readerLive = el('p', { class: 'live', part: 'reader-live', 'aria-live': 'polite' });
    this.#reader.append(this.#readerPosition, label, this.#readerInput, help, this.#readerReply, this.#readerLive);
    this.#wrap.append(side, panel, this.#reader);
    root.append(this.#wrap);
    this.#readerInput.addEventListener('keydown', (e) => {
      if (/** @type {KeyboardEvent} */ (e).key !== 'Enter') return;
      e.preventDefault();
      const text = this.#readerInput.value;
      this.#readerInput.value = '';
      this.#command(text);
    });
    this.#board.addEventListener('click', (e) => this.#click(/** @type {MouseEvent} */ (e)));
    this.#board.addEventListener('keydown', (e) => this.#key(/** @type {KeyboardEvent} */ (e)));
    this.#drawBoard();
  }

  // ---- properties: the attributes, for frameworks that set properties ----------------------

  get fen() { return this.getAttribute('fen'); }
  set fen(v) { this.#reflect('fen', v); }
  get pgn() { return this.getAttribute('pgn'); }
  set pgn(v) { this.#reflect('pgn', v); }
  get orientation() { return this.getAttribute('orientation') === 'black' ? 'black' : 'white'; }
  set orientation(v) { this.#reflect('orientation', v); }
  get multipv() { return this.getAttribute('multipv'); }
  set multipv(v) { this.#reflect('multipv', v); }
  get depth() { return this.getAttribute('depth'); }
  set depth(v) { this.#reflect('depth', v); }
  get movetime() { return this.getAttribute('movetime'); }
  set movetime(v) { this.#reflect('movetime', v); }
  get threads() { return this.getAttribute('threads'); }
  set threads(v) { this.#reflect('threads', v); }
  get chess960() { return this.hasAttribute('chess960'); }
  set chess960(v) { this.toggleAttribute('chess960', !!v); }
  get infinite() { return this.hasAttribute('infinite'); }
  set infinite(v) { this.toggleAttribute('infinite', !!v); }
  get interactive() { return this.hasAttribute('interactive'); }
  set interactive(v) { this.toggleAttribute('interactive', !!v); }
  get screenReader() { return this.hasAttribute('screen-reader'); }
  set screenReader(v) { this.toggleAttribute('screen-reader', !!v); }
  get explain() { return this.hasAttribute('explain'); }
  set explain(v) { this.toggleAttribute('explain', !!v); }

  #reflect(/** @type {string} */ name, /** @type {unknown} */ v) {
    if (v === null || v === undefined || v === false) this.removeAttribute(name);
    else this.setAttribute(name, String(v));
  }

  /** The position shown and analysed: a start FEN and the UCI moves played from it; null while
   * the attributes give none (a bad fen or pgn). */
  get position() {
    if (this.#noPosition) return null;
    return { fen: this.#position.fen, moves: [...this.#position.moves], chess960: this.#position.chess960 };
  }

  /** One of the engines this element's pool shares (started on first use): its calls suspend a
   * running search for a moment, which then goes on. */
  get engine() {
    if (this.isConnected) return this.#enginePool().any();
    // off the page: the pool is not kept for this element (its engines end when no element uses them)
    const pool = this.#poolForUrls();
    pool.retain();
    try {
      return pool.any();
    } finally {
      pool.release();
    }
  }

  /** The pool this element uses while it is on the page (kept until it leaves). */
  #enginePool() {
    if (this.#pool) return this.#pool;
    const pool = this.#poolForUrls();
    pool.retain();
    return (this.#pool = pool);
  }

  /** The page's pool for where this element's engine files are (base-url, worker-url, wasm-url). */
  #poolForUrls() {
    /** @type {Record<string, string>} */
    const where = {};
    for (const [attr, option] of [['base-url', 'baseUrl'], ['worker-url', 'workerUrl'], ['wasm-url', 'wasmUrl']]) {
      const v = this.getAttribute(attr);
      if (v) where[option] = new URL(v, document.baseURI).href;
    }
    const key = JSON.stringify(where);
    let pool = pools.get(key);
    if (!pool) pools.set(key, (pool = new EnginePool({ size: MainlineAnalysis.poolSize, engineOptions: { ...where, options: { Threads: 1 } } })));
    return pool;
  }

  // ---- the element's life ---------------------------------------------------------------------

  connectedCallback() {
    document.addEventListener('visibilitychange', this.#onVisibility);
    if (typeof IntersectionObserver === 'function' && !this.#observer) {
      this.#observer = new IntersectionObserver((entries) => {
        const entry = entries[entries.length - 1];
        if (entry) this.#viewChanged(entry.isIntersecting);
      });
      this.#observer.observe(this);
    }
    // moved within the page: the running analysis goes on
    if (!this.#analysis || this.#analysis.done) this.#schedule();
  }

  disconnectedCallback() {
    queueMicrotask(() => {
      if (this.isConnected) return;
      document.removeEventListener('visibilitychange', this.#onVisibility);
      this.#observer?.disconnect();
      this.#observer = null;
      this.#gen++;
      this.#waitForEngine?.abort();
      const a = this.#analysis;
      this.#analysis = null;
      this.#paused = null;
      if (a && !a.done) a.stop().catch(() => {});
      this.#pool?.release();
      this.#pool = null;
    });
  }

  /** Whether the element may search now: in view, and its tab shown. */
  get #mayRun() {
    return this.#inView && document.visibilityState !== 'hidden';
  }

  #viewChanged(/** @type {boolean} */ inView) {
    this.#inView = inView;
    if (!inView) this.#pause('view');
    else this.#resume();
  }

  #visibilityChanged() {
    if (document.visibilityState === 'hidden') this.#pause('tab');
    else this.#resume();
  }

  /** Ends the search (or the wait for an engine) for now, keeping what it found on show. */
  #pause(/** @type {'view'|'tab'} */ why) {
    const searching = this.#analysis && !this.#analysis.done;
    const waiting = !!this.#waitForEngine;
    if (!searching && !waiting && !this.#paused) return;
    this.#paused = why;
    this.#waitForEngine?.abort();
    if (searching) this.#analysis?.stop().catch(() => {});
  }

  /** Goes on with a paused search: the position is searched again (the engine's table keeps much of it). */
  #resume() {
    if (!this.#paused || !this.#mayRun || !this.isConnected) return;
    this.#paused = null;
    this.#schedule();
  }

  attributeChangedCallback(/** @type {string} */ name, /** @type {string|null} */ old, /** @type {string|null} */ value) {
    if (old === value) return;
    if (name === 'screen-reader') {
      this.#reader.toggleAttribute('hidden', value === null);
      return;
    }
    if (name === 'explain') {
      // words for the result already there; none when switched off
      if (value === null) this.#explain.textContent = '';
      else if (this.#result) this.#explainResult(this.#result, this.#gen).catch(() => {});
      return;
    }
    if (!SEARCH_ATTRIBUTES.includes(name)) {
      if (name === 'orientation' && value !== null && value !== 'white' && value !== 'black') this.#fail(new Error(`orientation="${value}": white or black was expected`));
      this.#drawBoard();
      return;
    }
    if (name === 'fen' || name === 'pgn' || name === 'chess960') this.#positionChanged = true;
    this.#schedule();
  }

  /** One analysis for several attribute changes made together. */
  #schedule() {
    if (this.#scheduled || !this.isConnected) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      // (what goes wrong is said as an `error` event)
      if (this.isConnected) this.analyse().catch(() => {});
    });
  }

  // ---- analysis ---------------------------------------------------------------------------------

  /**
   * Analyses the position the attributes give (or that moves on the board reached), with their
   * limits, on an engine of the page's pool (waiting for one if all are searching); a running
   * analysis is replaced. A bad attribute is said (an `error` event, and in the element); a bad
   * fen or pgn leaves the board empty until it is good again. Out of view or in a hidden tab the
   * element pauses: the search waits (or stops, keeping what it found) until it can go on.
   * @returns {Promise<import('../index.d.ts').SearchResult|null>} null: stopped, paused or
   *   replaced before it ended, or no position to search
   */
  async analyse() {
    /** @type {Record<string, number|boolean>} */
    let limits;
    let threads;
    try {
      // attributes checked first, with no engine call: a running search goes on undisturbed
      limits = this.#limits();
      threads = intAttr('threads', this.getAttribute('threads'), 1, 1024) ?? 1;
    } catch (e) {
      this.#fail(/** @type {Error} */ (e));
      throw e;
    }
    const gen = ++this.#gen;
    const current = () => gen === this.#gen;
    // the search (or the wait for an engine) this one replaces
    this.#waitForEngine?.abort();
    const previous = this.#analysis;
    if (previous && !previous.done) previous.stop().catch(() => {});
    this.#paused = null;
    try {
      if (!this.isConnected) throw new Error('the element is not in the page');
      const pool = this.#enginePool();
      let position = this.#position;
      if (this.#positionChanged) {
        this.#positionChanged = false;
        const engine = await pool.any();
        if (!current()) return null;
        try {
          position = await this.#readPosition(engine);
        } catch (e) {
          if (!current()) return null;
          // a bad position: said, and no other position is shown in its place
          this.#showNoPosition();
          this.#fail(/** @type {Error} */ (e));
          return null;
        }
        if (!current()) return null;
        this.#noPosition = false;
      }
      if (this.#noPosition) return null;
      const engine = await pool.any();
      const [legal, info] = await Promise.all([engine.legalMoves(position), engine.positionInfo(position)]);
      if (!current() || this.#stopped === gen) return null;
      this.#position = position;
      this.#legal = legal;
      this.#loading = false;
      const fen = (this.#fen = info.fen);
      const last = position.moves[position.moves.length - 1];
      this.#lastMove = last ? { from: last.slice(0, 2), to: last.slice(2, 4) } : null;
      this.#selected = null;
      this.#lines = [];
      this.#result = null;
      this.#explain.textContent = '';
      this.#error.textContent = '';
      this.#rows.replaceChildren();
      this.#drawBoard();
      this.#announcer.reset();
      this.#latest = null;
      this.#readerPosition.textContent = describePosition(fen);
      if (info.status !== 'ongoing') {
        const mated = info.status === 'checkmate';
        this.#score.textContent = mated ? (info.sideToMove === 'w' ? '0-1' : '1-0') : '½-½';
        this.#drawBar(mated ? { mate: 0 } : { cp: 0 }, info.sideToMove);
        this.#status.textContent = mated ? 'checkmate' : `draw: ${info.status}`;
        this.#say(mated ? `Checkmate. ${info.sideToMove === 'w' ? 'Black' : 'White'} wins.` : `The game is drawn: ${info.status}.`);
        return null;
      }
      this.#score.textContent = '';
      this.#drawBar(null, info.sideToMove);
      if (!this.#mayRun) {
        this.#paused = this.#inView ? 'tab' : 'view';
        this.#status.textContent = PAUSED_TEXT[this.#paused];
        return null;
      }
      // an engine of the pool to itself for the search, when one is free
      const waiting = new AbortController();
      this.#waitForEngine = waiting;
      this.#status.textContent = 'waiting for an engine';
      // (paused or stopped while waiting, or while its threads are set: nothing is searched)
      const cancelled = () => {
        if (!current()) return true;
        if (!waiting.signal.aborted && this.#stopped !== gen && this.#mayRun) return false;
        if (!this.#paused && !this.#mayRun) this.#paused = this.#inView ? 'tab' : 'view';
        this.#status.textContent = this.#paused ? PAUSED_TEXT[this.#paused] : 'stopped';
        return true;
      };
      let lease;
      try {
        lease = await pool.lease(waiting.signal);
      } catch (e) {
        if (this.#waitForEngine === waiting) this.#waitForEngine = null;
        if (!waiting.signal.aborted) throw e;
        cancelled();
        return null;
      }
      let result;
      const searcher = lease.engine;
      try {
        if (cancelled()) return null;
        await this.#threads(searcher, threads);
        if (cancelled()) return null;
        if (this.#waitForEngine === waiting) this.#waitForEngine = null;
        this.#status.textContent = 'analysing';
        const analysis = searcher.analyze(position, limits, { onInfo: (it) => current() && this.#info(it, fen) });
        this.#analysis = analysis;
        result = await analysis.result;
      } catch (e) {
        // the engine crashed (or stopped answering) under the search: said, and the search starts
        // again once the engine has restarted (it does so by itself), or, where it cannot, on
        // another engine of the pool
        const code = /** @type {{ code?: string }} */ (e).code;
        if ((code === 'CRASHED' || code === 'TIMEOUT') && current()) {
          this.#fail(/** @type {Error} */ (e));
          const again = () => {
            searcher.off('restart', again);
            clearTimeout(timer);
            if (current()) this.#schedule();
          };
          searcher.on('restart', again);
          const timer = setTimeout(again, ENGINE_RESTART_WAIT_MS);
          return null;
        }
        throw e;
      } finally {
        if (this.#waitForEngine === waiting) this.#waitForEngine = null;
        lease.release();
      }
      if (!current()) return result;
      if (this.#paused) {
        // not over: it goes on when the element can run again (what it found stays on show)
        this.#status.textContent = `${PAUSED_TEXT[this.#paused]} (depth ${result.depth})`;
        return null;
      }
      this.#status.textContent = result.stopped ? `stopped at depth ${result.depth}` : `done: depth ${result.depth}`;
      if (this.#latest && this.#latest.san.length) this.#say(this.#announcer.result({ depth: this.#latest.depth, san: this.#latest.san[0], score: this.#latest.score }));
      this.dispatchEvent(event('bestmove', { ...result, fen }));
      this.#result = { result, fen, position };
      // (words that cannot be had are said as an error; the result stands)
      if (this.hasAttribute('explain')) await this.#explainResult(this.#result, gen).catch((e) => current() && this.#fail(e));
      return result;
    } catch (e) {
      // (a replaced analysis says nothing)
      if (current()) this.#fail(/** @type {Error} */ (e));
      throw e;
    }
  }

  /** The board when the attributes give no position: empty, with nothing searched or claimed. */
  #showNoPosition() {
    this.#noPosition = true;
    this.#fen = EMPTY_BOARD;
    this.#legal = [];
    this.#lastMove = null;
    this.#selected = null;
    this.#lines = [];
    this.#result = null;
    this.#latest = null;
    this.#explain.textContent = '';
    this.#rows.replaceChildren();
    this.#score.textContent = '';
    this.#note.textContent = '';
    this.#status.textContent = 'no position';
    this.#drawBar(null, 'w');
    this.#drawBoard();
    this.#readerPosition.textContent = 'No position: the fen or pgn attribute does not give one.';
  }

  /**
   * The best line of a finished analysis in words (explain.js, from the engine's facts along it),
   * shown and sent as an `explain` event, unless another analysis began meanwhile (`gen`).
   * @param {{ result: import('../index.d.ts').SearchResult, fen: string, position: { fen: string, moves: string[] } }} r
   * @param {number} gen
   */
  async #explainResult({ result, fen, position }, gen) {
    if (!result.pv.length || gen !== this.#gen || !this.isConnected) return;
    const engine = await this.engine;
    if (gen !== this.#gen) return;
    const facts = await engine.lineFacts(position, result.pv);
    if (gen !== this.#gen || !this.hasAttribute('explain')) return;
    const turn = /** @type {'w'|'b'} */ (fen.split(' ')[1]);
    const { sentences, numbersOnly } = explainLine(facts, evalFromSearch(result, turn).score);
    const text = sentences.map((x) => x.text).join(' ');
    this.#explain.textContent = text;
    this.dispatchEvent(event('explain', { fen, pv: [...result.pv], text, sentences, numbersOnly, facts }));
  }

  /** Stops the analysis (or its wait for an engine); resolves with its result, or null when none runs. */
  async stop() {
    this.#stopped = this.#gen;
    this.#paused = null;
    this.#waitForEngine?.abort();
    const a = this.#analysis;
    if (!a || a.done) return null;
    return a.stop();
  }

  /**
   * The board as a PNG picture, as it is drawn now: the position, the last move, each line's
   * first move as an arrow (the best thickest), the side at the bottom, and the evaluation bar;
   * in the element's colours (its --mainline-* custom properties). `squareSize`: pixels a square.
   * @param {{ squareSize?: number }} [options] @returns {Promise<Blob>}
   */
  toPNG({ squareSize = 60 } = {}) {
    const css = typeof getComputedStyle === 'function' && this.isConnected ? getComputedStyle(this) : null;
    const prop = (/** @type {string} */ name, /** @type {string} */ fallback) => (css && css.getPropertyValue(name).trim()) || fallback;
    const best = prop('--mainline-best-arrow', '#15781b');
    const other = prop('--mainline-arrow', '#2a64c9');
    // (the widths and opacities of #drawArrows and the stylesheet, in squares: 40 units a square)
    const arrows = this.#lines.flatMap((line, i) => {
      const uci = line && line.pv[0];
      return uci ? [{ from: uci.slice(0, 2), to: uci.slice(2, 4), colour: i === 0 ? best : other, width: (i === 0 ? 6 : Math.max(2.5, 5 - i)) / 40, opacity: i === 0 ? 0.85 : 0.75 }] : [];
    });
    return boardPng({
      fen: this.#fen,
      orientation: this.#flipped ? 'black' : 'white',
      lastMove: this.#lastMove,
      arrows,
      evalBar: { share: this.#share },
      squareSize,
      theme: {
        light: prop('--mainline-light-square', IMAGE_THEME.light),
        dark: prop('--mainline-dark-square', IMAGE_THEME.dark),
        lastMove: prop('--mainline-last-move', IMAGE_THEME.lastMove),
        barWhite: prop('--mainline-bar-white', IMAGE_THEME.barWhite),
        barBlack: prop('--mainline-bar-black', IMAGE_THEME.barBlack),
      },
    });
  }

  /**
   * The position `fen` or `pgn` says (checked by the engine; a bad one throws what is wrong).
   * @param {import('../index.d.ts').Engine} engine @returns {Promise<{ fen: string, moves: string[], chess960: boolean }>}
   */
  async #readPosition(engine) {
    const pgn = this.getAttribute('pgn');
    const fenAttr = this.getAttribute('fen');
    const chess960 = this.hasAttribute('chess960');
    if (pgn && pgn.trim()) {
      const games = parsePgnGames(pgn);
      if (!games.length) throw new Error('pgn: no game found');
      const g = games[0];
      const start = startFen(g.headers) ?? START;
      const sans = mainLine(g).map((n) => /** @type {string} */ (n.san));
      const converted = await engine.convertMoves(start, sans).catch((e) => {
        throw new Error(`pgn: ${e.message}`);
      });
      return { fen: start, moves: converted.uci, chess960: chess960 || isChess960(g.headers) };
    }
    if (fenAttr && fenAttr.trim()) {
      const fen = await engine.validateFen(fenAttr.trim()).catch((e) => {
        throw new Error(`fen: ${e.message}`);
      });
      return { fen, moves: [], chess960 };
    }
    return { fen: START, moves: [], chess960 };
  }

  /** The search limits from the attributes (throws what is wrong). Neither depth nor movetime:
   * the engine's DEFAULT_SEARCH_LIMITS; `infinite`: no end (depth and movetime then unused). */
  #limits() {
    /** @type {Record<string, number|boolean>} */
    const limits = {};
    for (const [name, min, max] of /** @type {[string, number, number][]} */ ([['multipv', 1, 64], ['depth', 1, 245], ['movetime', 1, 86400000]])) {
      const v = intAttr(name, this.getAttribute(name), min, max);
      if (v !== null) limits[name] = v;
    }
    if (this.hasAttribute('infinite')) return { ...(limits.multipv ? { multipv: limits.multipv } : {}), infinite: true };
    return limits;
  }

  /** The threads asked for (1 unless given), where the page has threads; one otherwise (and said so). */
  async #threads(/** @type {import('../index.d.ts').Engine} */ engine, /** @type {number} */ threads) {
    this.#note.textContent = '';
    if (threads === engine.threads) return;
    if (engine.build !== 'threaded') {
      if (threads > 1) this.#note.textContent = '· one thread: the page is not cross-origin isolated';
      return;
    }
    await engine.setOption('Threads', threads);
  }

  /** @param {import('../index.d.ts').IterationInfo} info @param {string} fen */
  #info(info, fen) {
    this.dispatchEvent(event('iteration', { ...info, fen }));
    if (info.bound !== 'exact') return;
    const turn = /** @type {'w'|'b'} */ (fen.split(' ')[1]);
    const score = evalFromSearch(info, turn).score;
    // a new depth starts a row; the other lines of the same depth join it
    let row = /** @type {HTMLElement|null} */ (this.#rows.firstElementChild);
    if (!row || row.dataset.depth !== String(info.depth)) {
      row = el('li', { class: 'row', part: 'row', 'data-depth': info.depth });
      const depth = el('span', { class: 'depth', part: 'depth' });
      depth.textContent = String(info.depth);
      row.append(depth, el('span', { class: 'lines' }));
      this.#rows.prepend(row);
      while (this.#rows.children.length > MAX_ROWS) this.#rows.lastElementChild?.remove();
      this.#lines = [];
    }
    const lines = /** @type {HTMLElement} */ (row.lastElementChild);
    const line = el('span', { class: 'line', part: 'line', 'data-multipv': info.multipv, 'data-uci': info.pv.join(' '), 'data-pv-end': info.pvEnd });
    const val = el('span', { class: 'val', part: 'value' });
    val.textContent = formatScore(score);
    line.append(val);
    let number = Number(fen.split(' ')[5]) || 1;
    let side = turn;
    info.pvSan.forEach((san, i) => {
      if (side === 'w' || i === 0) {
        const num = el('span', { class: 'num' });
        num.textContent = side === 'w' ? `${number}.` : `${number}...`;
        line.append(num);
      }
      line.append(`${san} `);
      if (side === 'b') number++;
      side = side === 'w' ? 'b' : 'w';
    });
    const end = el('span', { class: 'end', part: 'pvend', title: 'why the line ends' });
    end.textContent = PV_END_TEXT[/** @type {keyof typeof PV_END_TEXT} */ (info.pvEnd)] || info.pvEnd;
    line.append(end);
    lines.querySelector(`[data-multipv="${info.multipv}"]`)?.remove();
    const after = [...lines.children].find((c) => Number(/** @type {HTMLElement} */ (c).dataset.multipv) > info.multipv);
    lines.insertBefore(line, after || null);
    this.#lines[info.multipv - 1] = { pv: info.pv, score };
    if (info.multipv === 1) {
      this.#latest = { depth: info.depth, san: info.pvSan, pv: info.pv, score };
      const said = this.#announcer.iteration({ depth: info.depth, san: info.pvSan[0], score });
      if (said) this.#say(said);
      this.#score.textContent = formatScore(score);
      this.#drawBar(score, turn);
      this.#status.textContent = `depth ${info.depth} · ${info.nodes.toLocaleString('en')} nodes`;
    }
    this.#drawArrows();
  }

  // ---- the screen-reader view ------------------------------------------------------------------

  /** An announcement of the engine's thinking (screen-reader mode only). */
  #say(/** @type {string} */ text) {
    if (this.hasAttribute('screen-reader')) this.#readerLive.textContent = text;
  }

  /** The answer to what was typed, in the reply region (an error marked as one). */
  #reply(/** @type {string} */ text, error = false) {
    this.#readerReply.classList.toggle('reply-error', error);
    this.#readerReply.textContent = text;
  }

  /**
   * A line typed in the screen-reader box: answered by readout.js's answerCommand (the app's
   * board in words answers with the same function); a legal typed move is played.
   */
  async #command(/** @type {string} */ text) {
    const asked = ++this.#asked;
    const fen = this.#fen;
    const latest = this.#latest;
    const a = await answerCommand(text, {
      fen,
      bottom: this.#flipped ? 'b' : 'w',
      engine: latest,
      legal: this.#legal,
      noMoves: (typed) => {
        if (!this.hasAttribute('interactive')) return `"${typed}" is not a command, and moves cannot be played on this board (it is not interactive). ${COMMAND_HELP}`;
        if (this.#loading) return `The position is still loading; ${typed} was not played. Try again in a moment.`;
        return '';
      },
      report: () => 'There is no game report here: this board analyses one position.',
      why: async () => {
        if (!latest || !latest.pv.length) return null;
        // the engine's own facts along its best line, worded by explain.js (as the explain
        // attribute words them), which keeps only sentences whose every claim those facts bear out
        const facts = await (await this.engine).lineFacts(fen, latest.pv);
        const { sentences, numbersOnly } = explainLine(facts, latest.score);
        return { about: `The engine\u2019s best move at depth ${latest.depth}, ${latest.san[0]}`, sentences: sentences.map((x) => x.text), numbersOnly };
      },
    });
    if (asked !== this.#asked) return; // a newer line was typed meanwhile
    this.#reply(a.text, a.error);
    if (a.move) this.#play(a.move);
  }

  /** Says what went wrong, in the element and as an `error` event; the element keeps working. */
  #fail(/** @type {Error & { code?: string }} */ e) {
    if (!this.isConnected) return; // gone from the page: nobody to tell
    this.#error.textContent = e.message;
    this.dispatchEvent(event('error', e));
  }

  // ---- the board ----------------------------------------------------------------------------

  get #flipped() {
    return this.getAttribute('orientation') === 'black';
  }

  /** Top-left corner of a square in the board's 320x320 space. */
  #xy(/** @type {string} */ sq) {
    const f = FILES.indexOf(sq[0]);
    const r = Number(sq[1]) - 1;
    return this.#flipped ? { x: (7 - f) * 40, y: r * 40 } : { x: f * 40, y: (7 - r) * 40 };
  }

  #drawBoard() {
    const svg = this.#board;
    svg.replaceChildren();
    this.#stage.querySelector('.promo')?.remove();
    const interactive = this.hasAttribute('interactive');
    this.#wrap.classList.toggle('interactive', interactive);
    this.#bar.classList.toggle('flipped', this.#flipped);
    if (interactive) {
      svg.setAttribute('tabindex', '0');
      svg.setAttribute('role', 'application');
      svg.setAttribute('aria-roledescription', 'chessboard');
    } else {
      svg.removeAttribute('tabindex');
      svg.setAttribute('role', 'img');
    }
    svg.setAttribute('aria-label', this.#noPosition ? 'No position' : `Chess position ${this.#fen}${interactive ? '. Arrow keys move over the squares; Enter picks up a piece, then plays it.' : ''}`);
    const targets = new Set(this.#selected ? this.#legal.filter((m) => m.uci.startsWith(this.#selected || '')).map((m) => m.uci.slice(2, 4)) : []);
    const rows = this.#fen.split(' ')[0].split('/');
    for (let r = 7; r >= 0; r--) {
      let f = 0;
      for (const ch of rows[7 - r] || '') {
        const n = Number(ch);
        for (let k = 0; k < (n || 1); k++, f++) {
          const sq = `${FILES[f]}${r + 1}`;
          const { x, y } = this.#xy(sq);
          const light = (f + r) % 2 === 1;
          svg.append(el('rect', { x, y, width: 40, height: 40, class: light ? 'light' : 'dark', 'data-square': sq }, true));
          if (this.#lastMove && (sq === this.#lastMove.from || sq === this.#lastMove.to)) svg.append(el('rect', { x, y, width: 40, height: 40, class: 'last' }, true));
          if (sq === this.#selected) svg.append(el('rect', { x, y, width: 40, height: 40, class: 'selected' }, true));
          if (!n) {
            const colour = ch === ch.toUpperCase() ? 'w' : 'b';
            const type = /** @type {any} */ (ch.toLowerCase());
            if (!'pnbrqk'.includes(type)) continue;
            const g = el('g', { transform: `translate(${x} ${y})`, 'data-piece': `${colour}${type}`, 'data-on': sq }, true);
            g.append(pieceElement(document, colour, type));
            svg.append(g);
          }
          if (targets.has(sq)) svg.append(el('circle', { cx: x + 20, cy: y + 20, r: 6, class: 'target' }, true));
          // coordinates along the bottom and left edges
          const bottom = this.#flipped ? r === 7 : r === 0;
          const left = this.#flipped ? f === 7 : f === 0;
          if (bottom) svg.append(Object.assign(el('text', { x: x + 34, y: y + 38, class: `coord ${light ? 'on-light' : 'on-dark'}` }, true), { textContent: FILES[f] }));
          if (left) svg.append(Object.assign(el('text', { x: x + 2, y: y + 8, class: `coord ${light ? 'on-light' : 'on-dark'}` }, true), { textContent: String(r + 1) }));
        }
      }
    }
    // the keyboard's square (shown while the board has the keyboard's focus): one mark, moved by
    // the arrow keys without drawing the board again
    this.#cursorMark = interactive ? el('rect', { width: 37, height: 37, class: 'cursor' }, true) : null;
    if (this.#cursorMark) svg.append(this.#cursorMark);
    this.#placeCursor();
    this.#arrows = el('g', { class: 'arrows' }, true);
    svg.append(this.#arrows);
    this.#drawArrows();
  }

  #placeCursor() {
    if (!this.#cursorMark) return;
    const { x, y } = this.#xy(this.#cursor);
    this.#cursorMark.setAttribute('x', String(x + 1.5));
    this.#cursorMark.setAttribute('y', String(y + 1.5));
  }

  /** Each line's first move as an arrow: the best thickest. */
  #drawArrows() {
    const g = this.#arrows;
    if (!g) return;
    g.replaceChildren();
    this.#lines.forEach((line, i) => {
      const uci = line && line.pv[0];
      if (!uci) return;
      const a = this.#xy(uci.slice(0, 2));
      const b = this.#xy(uci.slice(2, 4));
      const x1 = a.x + 20, y1 = a.y + 20, x2 = b.x + 20, y2 = b.y + 20;
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
      const w = i === 0 ? 6 : Math.max(2.5, 5 - i);
      const head = 13;
      const ex = x2 - ux * 6, ey = y2 - uy * 6;
      const bx = ex - ux * head, by = ey - uy * head;
      const arrow = el('g', { class: `arrow${i === 0 ? ' best' : ''}`, 'data-arrow': uci }, true);
      arrow.append(
        el('line', { x1: x1 + ux * 5, y1: y1 + uy * 5, x2: bx, y2: by, 'stroke-width': w, 'stroke-linecap': 'round' }, true),
        el('polygon', { points: `${ex},${ey} ${bx - uy * w * 1.3},${by + ux * w * 1.3} ${bx + uy * w * 1.3},${by - ux * w * 1.3}` }, true),
      );
      g.append(arrow);
    });
  }

  /** White's share of the bar: annotate.js's expected score (a mate is all or nothing). */
  #drawBar(/** @type {{ cp?: number, mate?: number } | null} */ score, /** @type {'w'|'b'} */ turn) {
    const share = score ? expectedScore(/** @type {any} */ (score), turn) : 0.5;
    this.#share = share;
    this.#fill.style.height = `${(share * 100).toFixed(1)}%`;
    this.#bar.setAttribute('aria-valuenow', String(Math.round(share * 100)));
    this.#bar.setAttribute('aria-valuetext', score ? `${this.#score.textContent} (White's view)` : 'no evaluation');
  }

  // ---- moves on the board (interactive) -----------------------------------------------------

  /** A click: picks up a piece of the side to move, or plays it to a square it may go to. */
  #click(/** @type {MouseEvent} */ e) {
    if (!this.hasAttribute('interactive')) return;
    const rect = this.#board.getBoundingClientRect();
    const fx = Math.floor(((e.clientX - rect.left) / rect.width) * 8);
    const fy = Math.floor(((e.clientY - rect.top) / rect.height) * 8);
    if (fx < 0 || fx > 7 || fy < 0 || fy > 7) return;
    this.#choose(this.#flipped ? `${FILES[7 - fx]}${fy + 1}` : `${FILES[fx]}${8 - fy}`);
  }

  /** The keyboard: arrows over the squares (as the board is drawn), Enter or Space on one. */
  #key(/** @type {KeyboardEvent} */ e) {
    if (!this.hasAttribute('interactive')) return;
    const step = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[e.key];
    if (step) {
      const flip = this.#flipped ? -1 : 1;
      const f = Math.min(7, Math.max(0, FILES.indexOf(this.#cursor[0]) + step[0] * flip));
      const r = Math.min(8, Math.max(1, Number(this.#cursor[1]) + step[1] * flip));
      this.#cursor = `${FILES[f]}${r}`;
      e.preventDefault();
      this.#placeCursor();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      // (the board keeps the focus: it is redrawn inside; a promotion's choice takes it)
      this.#choose(this.#cursor);
    } else if (e.key === 'Escape' && this.#selected) {
      this.#selected = null;
      this.#drawBoard();
    }
  }

  /** A square chosen (by pointer or keyboard): pick up, put down, or play. */
  #choose(/** @type {string} */ sq) {
    this.#cursor = sq;
    if (this.#selected) {
      const moves = this.#legal.filter((m) => m.uci.slice(0, 4) === this.#selected + sq);
      if (moves.length === 1) return this.#play(moves[0]);
      if (moves.length > 1) return this.#promotion(moves, sq);
    }
    this.#selected = this.#legal.some((m) => m.uci.startsWith(sq)) ? sq : null;
    this.#drawBoard();
  }

  /** The pieces a pawn may become, as buttons over the board (the first focused). */
  #promotion(/** @type {{ uci: string, san: string }[]} */ moves, /** @type {string} */ sq) {
    this.#stage.querySelector('.promo')?.remove();
    const box = el('div', { class: 'promo', part: 'promotion', role: 'group', 'aria-label': 'Promote to' });
    const { x, y } = this.#xy(sq);
    const scale = this.#board.getBoundingClientRect().width / 320 || 1;
    box.style.left = `${Math.min(x, 160) * scale}px`;
    box.style.top = `${y * scale}px`;
    const colour = this.#fen.split(' ')[1] === 'w' ? 'w' : 'b';
    for (const m of moves) {
      const b = el('button', { type: 'button', 'aria-label': m.san });
      const icon = el('svg', { viewBox: '0 0 40 40', width: 36, height: 36, 'aria-hidden': 'true' }, true);
      icon.append(pieceElement(document, colour, /** @type {any} */ (m.uci[4])));
      b.append(icon);
      b.addEventListener('click', () => this.#play(m));
      box.append(b);
    }
    this.#stage.append(box);
    /** @type {HTMLElement|null} */ (box.querySelector('button'))?.focus();
  }

  /** Plays a legal move of the position shown: the new position is shown and analysed. */
  #play(/** @type {{ uci: string, san: string }} */ move) {
    const promo = this.#stage.querySelector('.promo');
    // a promotion chosen by keyboard: the focus goes back to the board, not to the page
    const refocus = !!promo && promo.contains(this.shadowRoot?.activeElement ?? null);
    promo?.remove();
    if (refocus) this.#board.focus();
    this.#selected = null;
    if (!this.#legal.some((m) => m.uci === move.uci)) return; // from a position no longer shown
    this.#position = { ...this.#position, moves: [...this.#position.moves, move.uci] };
    this.#legal = [];
    this.#loading = true;
    this.dispatchEvent(event('move', { uci: move.uci, san: move.san }));
    this.analyse().catch(() => {});
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('mainline-analysis')) customElements.define('mainline-analysis', MainlineAnalysis);
