// <mainline-analysis>: the engine's live analysis as one tag. `import 'mainline-chess/element'`
// registers it; the page needs no build step, no framework and no special headers:
//
//   <mainline-analysis fen="..." multipv="3" depth="20" interactive></mainline-analysis>
//
// It shows a board (Mainline's own pieces, the lines' first moves as arrows, the best one
// thickest), an eval bar, and the iterations as they arrive: depth, score, the line in SAN and
// why it ends. Everything is in a shadow root, styled from outside through CSS custom properties
// (--mainline-*) and ::part(). Styles go in through a constructed stylesheet, not a <style>
// element, so a page whose Content-Security-Policy forbids inline styles shows it too.
//
// Attributes: fen | pgn (the position after the game's main line), orientation (white | black),
// multipv (lines), depth and/or movetime (ms; neither: until stop()), threads, interactive (the
// user may move: the move is played and the new position analysed).
// Events: `iteration` (detail: the engine's IterationInfo and the searched `fen`), `bestmove`
// (the SearchResult and `fen`), `move` (a move made on the board: uci, san), `error` (an
// EngineError, or a bad attribute: the element keeps its previous position and analysis).
// Methods: analyse() (resolves with the SearchResult), stop(). Property: engine (a promise).
import { createEngine } from './index.js';
import { parsePgnGames, WIN_K } from './annotate.js';
import { pieceSvg } from './pieces.js';

const FILES = 'abcdefgh';
/** Iterations kept on show (the newest first). */
const MAX_ROWS = 40;
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const PV_END_TEXT = { leaf: 'leaf', mate: 'mate', stalemate: 'stalemate', repetition: 'repetition', fifty: '50 moves', material: 'material', hashcut: 'hash cut' };

const CSS = `
:host { display: block; font: var(--mainline-font, 14px/1.45 system-ui, sans-serif); color: var(--mainline-text, #1e1d1b);
  --sq: calc(var(--mainline-board-size, 360px) / 8); }
:host([hidden]) { display: none; }
.wrap { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; background: var(--mainline-background, transparent); }
.side { display: flex; gap: 6px; flex: none; }
.bar { position: relative; width: 14px; height: var(--mainline-board-size, 360px); background: var(--mainline-bar-black, #403d39);
  border-radius: 3px; overflow: hidden; }
.fill { position: absolute; left: 0; right: 0; bottom: 0; height: 50%; background: var(--mainline-bar-white, #f4f3ef); transition: height .3s; }
.flipped .fill { bottom: auto; top: 0; }
svg.board { width: var(--mainline-board-size, 360px); height: var(--mainline-board-size, 360px); display: block; touch-action: manipulation; user-select: none; }
.light { fill: var(--mainline-light-square, #ecdcbc); } .dark { fill: var(--mainline-dark-square, #b48a62); }
.last { fill: var(--mainline-last-move, #cdd26a); opacity: .6; } .selected { fill: var(--mainline-accent, #2a6fdb); opacity: .45; }
.target { fill: #14551e; opacity: .35; } .coord { font-size: 7px; font-weight: 600; pointer-events: none; }
.coord.on-light { fill: var(--mainline-dark-square, #b48a62); } .coord.on-dark { fill: var(--mainline-light-square, #ecdcbc); }
.arrow { stroke: var(--mainline-arrow, #2a64c9); fill: var(--mainline-arrow, #2a64c9); opacity: .75; pointer-events: none; }
.arrow.best { stroke: var(--mainline-best-arrow, #15781b); fill: var(--mainline-best-arrow, #15781b); opacity: .85; }
.interactive svg.board { cursor: pointer; }
.panel { flex: 1 1 240px; min-width: 220px; max-height: var(--mainline-panel-height, calc(var(--mainline-board-size, 360px) + 8px));
  display: flex; flex-direction: column; border: 1px solid var(--mainline-line, #dedad2); border-radius: 6px; overflow: hidden; }
.head { display: flex; gap: 10px; align-items: baseline; padding: 6px 10px; border-bottom: 1px solid var(--mainline-line, #dedad2); }
.score { font-size: 1.35em; font-weight: 700; font-variant-numeric: tabular-nums; min-width: 4.2em; }
.status { color: var(--mainline-muted, #6d6a63); font-size: .9em; }
.rows { list-style: none; margin: 0; padding: 0; overflow-y: auto; flex: 1; }
.row { display: grid; grid-template-columns: 2.2em 1fr; gap: 6px; padding: 4px 10px; border-bottom: 1px solid var(--mainline-line, #dedad2); }
.row:first-child { background: var(--mainline-highlight, rgba(42, 111, 219, .07)); }
.depth { font-weight: 700; font-variant-numeric: tabular-nums; }
.line { display: block; }
.line .val { font-weight: 700; font-variant-numeric: tabular-nums; margin-right: 6px; }
.num { color: var(--mainline-muted, #6d6a63); margin-right: 2px; }
.end { font-size: .75em; border: 1px solid var(--mainline-line, #dedad2); border-radius: 8px; padding: 0 5px; color: var(--mainline-muted, #6d6a63); white-space: nowrap; }
.error { margin: 0; padding: 6px 10px; color: var(--mainline-error, #b3261e); font-size: .9em; border-bottom: 1px solid var(--mainline-line, #dedad2); }
.error:empty { display: none; }
.promo { position: absolute; display: flex; gap: 4px; padding: 4px; background: var(--mainline-background, #fff); border: 1px solid var(--mainline-line, #dedad2); border-radius: 6px; }
.promo button { width: 40px; height: 40px; padding: 0; border: 1px solid var(--mainline-line, #dedad2); background: #fff; border-radius: 4px; cursor: pointer; }
.stage { position: relative; }
`;

/** @type {CSSStyleSheet|null} */
let sheet = null;
function styles() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  return sheet;
}

const SVG = 'http://www.w3.org/2000/svg';
function el(/** @type {string} */ tag, /** @type {Record<string, string|number>} */ attrs = {}, svg = false) {
  const e = svg ? document.createElementNS(SVG, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** '+0.34', '-1.20', '#5', '#-3' for a score from White's point of view. */
function formatScore(/** @type {{ cp?: number, mate?: number }} */ s) {
  if (s.mate !== undefined) return s.mate >= 0 ? `#${s.mate}` : `#-${-s.mate}`;
  const cp = s.cp || 0;
  return cp === 0 ? '0.00' : `${cp > 0 ? '+' : '-'}${Math.abs(cp / 100).toFixed(2)}`;
}

/** An engine score (side to move's view) from White's. */
function whiteScore(/** @type {{ cp?: number, mate?: number }} */ s, /** @type {string} */ turn) {
  if (turn === 'w') return s;
  return s.mate !== undefined ? { mate: -s.mate } : { cp: -(s.cp || 0) };
}

/** The integer value of an attribute within a range, or an Error naming what is wrong. */
function intAttr(/** @type {string} */ name, /** @type {string|null} */ text, /** @type {number} */ min, /** @type {number} */ max) {
  if (text === null || text.trim() === '') return null;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) return new Error(`${name}="${text}": a whole number from ${min} to ${max} was expected`);
  return n;
}

const Base = /** @type {typeof HTMLElement} */ (typeof HTMLElement === 'undefined' ? class {} : HTMLElement);

export class MainlineAnalysis extends Base {
  static observedAttributes = ['fen', 'pgn', 'orientation', 'multipv', 'depth', 'movetime', 'threads', 'interactive'];

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [styles()];
    this.$wrap = el('div', { class: 'wrap', part: 'container' });
    this.$bar = el('div', { class: 'bar', part: 'evalbar', role: 'meter', 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-label': 'Evaluation' });
    this.$fill = el('div', { class: 'fill' });
    this.$bar.append(this.$fill);
    this.$stage = el('div', { class: 'stage' });
    this.$board = el('svg', { class: 'board', part: 'board', viewBox: '0 0 320 320', role: 'img' }, true);
    this.$stage.append(this.$board);
    const side = el('div', { class: 'side' });
    side.append(this.$bar, this.$stage);
    this.$score = el('span', { class: 'score', part: 'score' });
    this.$status = el('span', { class: 'status', part: 'status', 'aria-live': 'polite' });
    const head = el('div', { class: 'head', part: 'head' });
    head.append(this.$score, this.$status);
    this.$error = el('p', { class: 'error', part: 'error', role: 'alert' });
    this.$rows = el('ol', { class: 'rows', part: 'iterations', 'aria-label': 'Iterations, newest first' });
    const panel = el('div', { class: 'panel', part: 'panel' });
    panel.append(head, this.$error, this.$rows);
    this.$wrap.append(side, panel);
    root.append(this.$wrap);
    this.$board.addEventListener('click', (e) => this.#click(/** @type {MouseEvent} */ (e)));

    /** @type {{ fen: string, moves: string[] }} the position shown and analysed */
    this.position = { fen: START, moves: [] };
    /** @type {string} its FEN */
    this.fen = START;
    /** @type {{ uci: string, san: string }[]} its legal moves */
    this.legal = [];
    /** @type {{ from: string, to: string } | null} */
    this.lastMove = null;
    /** @type {string|null} the square of the piece picked up (interactive) */
    this.selected = null;
    /** @type {{ pv: string[], score: { cp?: number, mate?: number } }[]} the newest iteration's lines (White's view) */
    this.lines = [];
    /** @type {Promise<import('../index.d.ts').Engine>|null} */
    this.enginePromise = null;
    /** @type {import('../index.d.ts').Analysis|null} */
    this.analysis = null;
    this.token = 0;
    this.scheduled = false;
    /** the fen or pgn attribute changed: the next analysis reads it */
    this.positionChanged = true;
    this.#status('');
    this.#drawBoard();
  }

  /** The element's engine (started on first use). */
  get engine() {
    if (!this.enginePromise) {
      this.enginePromise = createEngine({ autoRestart: true }).then((engine) => {
        engine.on('error', (e) => this.#fail(e));
        return engine;
      });
      this.enginePromise.catch((e) => {
        this.enginePromise = null;
        this.#fail(e);
      });
    }
    return this.enginePromise;
  }

  connectedCallback() {
    this.#schedule();
  }

  disconnectedCallback() {
    // moved within the page: connected again at once, and the engine stays
    queueMicrotask(() => {
      if (this.isConnected || !this.enginePromise) return;
      const p = this.enginePromise;
      this.enginePromise = null;
      this.analysis = null;
      this.token++;
      p.then((e) => e.terminate(), () => {});
    });
  }

  attributeChangedCallback(/** @type {string} */ name, /** @type {string|null} */ old, /** @type {string|null} */ value) {
    if (old === value) return;
    if (name === 'orientation' || name === 'interactive') {
      if (name === 'orientation' && value !== null && value !== 'white' && value !== 'black') this.#fail(new Error(`orientation="${value}": white or black was expected`));
      this.#drawBoard();
      return;
    }
    this.#schedule(name === 'fen' || name === 'pgn');
  }

  /** One analysis for several attribute changes made together. */
  #schedule(newPosition = false) {
    if (newPosition) this.positionChanged = true;
    if (this.scheduled || !this.isConnected) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      if (this.isConnected) this.analyse().catch(() => {});
    });
  }

  /**
   * Analyses the position the attributes give (or the one reached by moves on the board), with
   * their limits. A running search is stopped first. Resolves with the search's result.
   * @returns {Promise<import('../index.d.ts').SearchResult>}
   */
  async analyse() {
    /** @type {number|null} */
    let token = null;
    try {
      // a bad attribute is said, and changes nothing: the running analysis goes on
      const limits = this.#limits();
      const engine = await this.engine;
      const position = this.positionChanged ? await this.#readPosition(engine) : this.position;
      this.positionChanged = false;
      token = ++this.token;
      this.position = position;
      await this.#threads(engine);
      this.legal = await engine.legalMoves(position);
      const info = await engine.positionInfo(position);
      if (token !== this.token) throw new Error('superseded by a newer analysis');
      const fen = (this.fen = info.fen);
      const last = position.moves[position.moves.length - 1];
      this.lastMove = last ? { from: last.slice(0, 2), to: last.slice(2, 4) } : null;
      this.lines = [];
      this.$rows.replaceChildren();
      this.$error.textContent = '';
      this.$score.textContent = '';
      this.#drawBoard();
      this.#drawBar(null);
      const over = info.status !== 'ongoing';
      if (over) this.$score.textContent = info.status === 'checkmate' ? (info.sideToMove === 'w' ? '0-1' : '1-0') : '½-½';
      this.#status(over ? (info.status === 'checkmate' ? 'checkmate' : `draw: ${info.status}`) : 'analysing');
      const analysis = engine.analyze(position, limits, { onInfo: (it) => token === this.token && this.#info(it, fen) });
      this.analysis = analysis;
      const result = await analysis.result;
      if (token === this.token) {
        if (!over) this.#status(result.stopped ? `stopped at depth ${result.depth}` : `done: depth ${result.depth}`);
        this.dispatchEvent(new CustomEvent('bestmove', { detail: { ...result, fen } }));
      }
      return result;
    } catch (e) {
      if (token === null || token === this.token) this.#fail(/** @type {Error} */ (e));
      throw e;
    }
  }

  /** Stops the analysis; resolves with its result, or null when none runs. */
  async stop() {
    const a = this.analysis;
    if (!a || a.done) return null;
    return a.stop();
  }

  /**
   * The position `fen` or `pgn` says (checked by the engine; a bad one throws what is wrong).
   * @param {import('../index.d.ts').Engine} engine @returns {Promise<{ fen: string, moves: string[] }>}
   */
  async #readPosition(engine) {
    const pgn = this.getAttribute('pgn');
    const fenAttr = this.getAttribute('fen');
    let position = { fen: START, moves: /** @type {string[]} */ ([]) };
    if (pgn && pgn.trim()) {
      const games = parsePgnGames(pgn);
      if (!games.length) throw new Error('pgn: no game found');
      const g = games[0];
      const fenKey = Object.keys(g.headers).find((k) => k.toLowerCase() === 'fen');
      const sans = [];
      for (let n = g.root; n.children.length; ) {
        n = n.children[0];
        sans.push(/** @type {string} */ (n.san));
      }
      const start = fenKey ? g.headers[fenKey] : START;
      const converted = await engine.convertMoves(start, sans).catch((e) => {
        throw new Error(`pgn: ${e.message}`);
      });
      position = { fen: start, moves: converted.uci };
    } else if (fenAttr && fenAttr.trim()) {
      const fen = await engine.validateFen(fenAttr.trim()).catch((e) => {
        throw new Error(`fen: ${e.message}`);
      });
      position = { fen, moves: [] };
    }
    return position;
  }

  /** The search limits from the attributes. */
  #limits() {
    /** @type {Record<string, number|boolean>} */
    const limits = {};
    for (const [name, min, max] of /** @type {[string, number, number][]} */ ([['multipv', 1, 64], ['depth', 1, 245], ['movetime', 1, 86400000]])) {
      const v = intAttr(name, this.getAttribute(name), min, max);
      if (v instanceof Error) throw v;
      if (v !== null) limits[name] = v;
    }
    if (limits.depth === undefined && limits.movetime === undefined) limits.infinite = true;
    return limits;
  }

  /** The Threads attribute: as asked where the page has threads, else one (and said so). */
  async #threads(/** @type {import('../index.d.ts').Engine} */ engine) {
    const v = intAttr('threads', this.getAttribute('threads'), 1, 1024);
    if (v instanceof Error) throw v;
    if (v === null || v === engine.threads) return;
    if (engine.build !== 'threaded') {
      if (v > 1) this.#status('one thread: this page is not cross-origin isolated');
      return;
    }
    await engine.setOption('Threads', v);
  }

  /** @param {import('../index.d.ts').IterationInfo} info @param {string} fen */
  #info(info, fen) {
    this.dispatchEvent(new CustomEvent('iteration', { detail: { ...info, fen } }));
    if (info.bound !== 'exact') return;
    const turn = fen.split(' ')[1];
    const score = whiteScore(info.score, turn);
    // a new depth starts a row; the other lines of the same depth join it
    let row = /** @type {HTMLElement|null} */ (this.$rows.firstElementChild);
    if (!row || row.dataset.depth !== String(info.depth)) {
      row = el('li', { class: 'row', part: 'row', 'data-depth': info.depth });
      const depth = el('span', { class: 'depth', part: 'depth' });
      depth.textContent = String(info.depth);
      row.append(depth, el('span', { class: 'lines' }));
      this.$rows.prepend(row);
      while (this.$rows.children.length > MAX_ROWS) this.$rows.lastElementChild?.remove();
      this.lines = [];
    }
    const lines = /** @type {HTMLElement} */ (row.lastElementChild);
    const line = el('span', { class: 'line', part: 'line', 'data-multipv': info.multipv, 'data-uci': info.pv.join(' '), 'data-pv-end': info.pvEnd });
    const val = el('span', { class: 'val', part: 'value' });
    val.textContent = formatScore(score);
    line.append(val);
    let [, , , , , full] = fen.split(' ');
    let number = Number(full) || 1;
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
    this.lines[info.multipv - 1] = { pv: info.pv, score };
    if (info.multipv === 1) {
      this.$score.textContent = formatScore(score);
      this.#drawBar(score);
      this.#status(`depth ${info.depth} · ${info.nodes.toLocaleString('en')} nodes`);
    }
    this.#drawArrows();
  }

  #status(/** @type {string} */ text) {
    this.$status.textContent = text;
  }

  /** Says what went wrong, in the element and as an `error` event; the element keeps working. */
  #fail(/** @type {Error & { code?: string }} */ e) {
    if (/superseded/.test(e.message)) return;
    this.$error.textContent = e.message;
    this.dispatchEvent(new CustomEvent('error', { detail: e }));
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
    const svg = this.$board;
    svg.replaceChildren();
    this.$wrap.classList.toggle('interactive', this.hasAttribute('interactive'));
    this.$bar.classList.toggle('flipped', this.#flipped);
    svg.setAttribute('aria-label', `Chess position ${this.fen}`);
    const targets = new Set(this.selected ? this.legal.filter((m) => m.uci.startsWith(this.selected || '')).map((m) => m.uci.slice(2, 4)) : []);
    const rows = this.fen.split(' ')[0].split('/');
    for (let r = 7; r >= 0; r--) {
      let f = 0;
      for (const ch of rows[7 - r] || '') {
        const n = Number(ch);
        for (let k = 0; k < (n || 1); k++, f++) {
          const sq = `${FILES[f]}${r + 1}`;
          const { x, y } = this.#xy(sq);
          const light = (f + r) % 2 === 1;
          svg.append(el('rect', { x, y, width: 40, height: 40, class: light ? 'light' : 'dark', 'data-square': sq }, true));
          if (this.lastMove && (sq === this.lastMove.from || sq === this.lastMove.to)) svg.append(el('rect', { x, y, width: 40, height: 40, class: 'last' }, true));
          if (sq === this.selected) svg.append(el('rect', { x, y, width: 40, height: 40, class: 'selected' }, true));
          if (!n) {
            const g = el('g', { transform: `translate(${x} ${y})`, 'data-piece': `${ch === ch.toUpperCase() ? 'w' : 'b'}${ch.toLowerCase()}`, 'data-on': sq }, true);
            g.innerHTML = pieceSvg(ch === ch.toUpperCase() ? 'w' : 'b', /** @type {any} */ (ch.toLowerCase()));
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
    this.$arrows = el('g', { class: 'arrows' }, true);
    svg.append(this.$arrows);
    this.#drawArrows();
  }

  /** Each line's first move as an arrow: the best thickest. */
  #drawArrows() {
    const g = this.$arrows;
    if (!g) return;
    g.replaceChildren();
    this.lines.forEach((line, i) => {
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

  /** White's share of the bar, lichess's curve from centipawns. */
  #drawBar(/** @type {{ cp?: number, mate?: number } | null} */ score) {
    const share = !score ? 0.5 : score.mate !== undefined ? (score.mate > 0 ? 1 : score.mate < 0 ? 0 : 0.5) : 1 / (1 + Math.exp(-WIN_K * (score.cp || 0)));
    this.$fill.style.height = `${(share * 100).toFixed(1)}%`;
    this.$bar.setAttribute('aria-valuenow', String(Math.round(share * 100)));
    this.$bar.setAttribute('aria-valuetext', score ? `${formatScore(score)} (White's view)` : 'no evaluation');
  }

  // ---- moves on the board (interactive) -----------------------------------------------------

  /** A click: picks up a piece of the side to move, or plays it to a square it may go to. */
  #click(/** @type {MouseEvent} */ e) {
    if (!this.hasAttribute('interactive')) return;
    const rect = this.$board.getBoundingClientRect();
    const fx = Math.floor(((e.clientX - rect.left) / rect.width) * 8);
    const fy = Math.floor(((e.clientY - rect.top) / rect.height) * 8);
    if (fx < 0 || fx > 7 || fy < 0 || fy > 7) return;
    const sq = this.#flipped ? `${FILES[7 - fx]}${fy + 1}` : `${FILES[fx]}${8 - fy}`;
    if (this.selected) {
      const moves = this.legal.filter((m) => m.uci.slice(0, 4) === this.selected + sq);
      if (moves.length === 1) return this.#play(moves[0]);
      if (moves.length > 1) return this.#promotion(moves, sq);
    }
    this.selected = this.legal.some((m) => m.uci.startsWith(sq)) ? sq : null;
    this.#drawBoard();
  }

  /** The pieces a pawn may become, as buttons over the board. */
  #promotion(/** @type {{ uci: string, san: string }[]} */ moves, /** @type {string} */ sq) {
    const box = el('div', { class: 'promo', part: 'promotion', role: 'group', 'aria-label': 'Promote to' });
    const { x, y } = this.#xy(sq);
    const scale = this.$board.getBoundingClientRect().width / 320 || 1;
    box.style.left = `${Math.min(x, 160) * scale}px`;
    box.style.top = `${y * scale}px`;
    const colour = this.fen.split(' ')[1] === 'w' ? 'w' : 'b';
    for (const m of moves) {
      const piece = m.uci[4];
      const b = el('button', { type: 'button', 'aria-label': m.san });
      b.innerHTML = `<svg viewBox="0 0 40 40" width="36" height="36">${pieceSvg(colour, /** @type {any} */ (piece))}</svg>`;
      b.addEventListener('click', () => {
        box.remove();
        this.#play(m);
      });
      box.append(b);
    }
    this.$stage.append(box);
  }

  /** Plays a legal move: the new position is shown and analysed. */
  #play(/** @type {{ uci: string, san: string }} */ move) {
    this.selected = null;
    this.position = { fen: this.position.fen, moves: [...this.position.moves, move.uci] };
    this.dispatchEvent(new CustomEvent('move', { detail: { uci: move.uci, san: move.san } }));
    this.analyse().catch(() => {});
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('mainline-analysis')) customElements.define('mainline-analysis', MainlineAnalysis);
