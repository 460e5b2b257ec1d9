// The board app: wires the board, the move tree, the engine panel (iterations, eval bar, chart),
// FEN/PGN input and the two modes (analyse, play). Rules and notation come from chess.js; every
// search from the mainline-chess package (web/src/index.js) in a Web Worker. The game being
// analysed is saved as it changes (storage.js, record.js): moves, notes and the engine's
// evaluations, which are reused when a position comes back; the library (library.js), the
// whole-game analysis (review.js) and the offline app (pwa.js, sw.js) build on that.
import 'cm-chessboard/assets/chessboard.css';
import 'cm-chessboard/assets/extensions/promotion-dialog/promotion-dialog.css';
import './styles.css';

import { validateFen } from 'chess.js';
import { Board } from './board.js';
import { GameTree, gameStatus, STATUS_TEXT, START_FEN } from './tree.js';
import { parsePgn, exportPgn } from './pgn.js';
import { IterationLog, IterationPanel, fenAfter, renderStored } from './iterations.js';
import { ScoreChart } from './chart.js';
import { EvalBar } from './evalbar.js';
import { MoveList } from './movelist.js';
import { Analyser, EngineHandle } from './analysis.js';
import { Play } from './play.js';
import { fenTurn, formatCount, formatScore, moveNumber, numberedLine } from './format.js';
import { openStorage, positionKey, requestPersistence, WriteQueue } from './storage.js';
import { defaultName, exportHeaders, judgeNode, newGameId, recordFromTree, reviewFromEvals, treeFromRecord } from './record.js';
import { Library, download, fileName } from './library.js';
import { GameReview } from './review.js';
import { EvalGraph } from './evalgraph.js';
import { setupPwa } from './pwa.js';
import { evalFromSearch } from 'mainline-chess/annotate';

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * @typedef {import('./tree.js').MoveNode} MoveNode
 * @typedef {import('mainline-chess/annotate').Eval} Eval
 * @typedef {import('mainline-chess').Engine} Engine
 * @typedef {{ id: string|null, name: string, named: boolean, created: number, review: import('./record.js').Review|null }} GameMeta
 *   id null: not in the library yet (it is saved on its first change)
 */

/** @returns {GameMeta} */
const freshMeta = (name = '') => ({ id: null, name, named: false, created: Date.now(), review: null });

class App {
  constructor() {
    /** @type {'analyse'|'play'} */
    this.mode = 'analyse';
    this.tree = new GameTree();
    /** @type {MoveNode} */
    this.current = this.tree.root;
    /** @type {Record<string,string>} */
    this.headers = {};
    /** @type {IterationLog|null} */
    this.log = null;
    this.hoverLine = null;

    this.board = new Board($('board'), { onMove: (from, to, promotion) => this.onBoardMove(from, to, promotion) });
    this.preview = new Board($('preview-board'), { small: true });
    this.evalBar = new EvalBar($('eval-bar'));
    this.chart = new ScoreChart($('chart'));
    this.moves = new MoveList($('moves'), (node) => this.goTo(node));
    this.panel = new IterationPanel($('iterations'), {
      onHover: (t) => this.onLineHover(t),
      onPlay: (fen, uci) => this.onLinePlay(fen, uci),
    });

    this.engine = new EngineHandle({ Hash: 32 });
    this.engine.onError = (e) => this.showError(`The engine crashed and was restarted: ${e.message}`);
    this.engine.onReady = (engine) => this.#showEngineLimits(engine);
    this.analyser = new Analyser(this.engine, {
      onInfo: (info) => {
        this.addIteration(info);
        this.#recordLive(info);
      },
      onState: (state, detail) => this.onEngineState(state, detail),
    });
    this.play = new Play(this);

    // ---- saving: the open game, the positions' evaluations, the session (which game and move)
    /** @type {import('./storage.js').Storage|null} */
    this.store = null;
    this.storageProblem = '';
    /** @type {GameMeta} */
    this.gameMeta = freshMeta();
    this.savedVersion = 0;
    this.savedTree = this.tree;
    this.persistAsked = false;
    const onState = () => this.#showSaveState();
    this.gameQueue = new WriteQueue((_id, record) => /** @type {any} */ (this.store).putGame(record), onState);
    this.positionQueue = new WriteQueue((_key, p) => /** @type {any} */ (this.store).putPosition(p.fen, p.eval), onState);
    this.sessionQueue = new WriteQueue((_key, session) => /** @type {any} */ (this.store).setSession(session), onState);
    this.storedEl = $('stored');
    this.panel.watch(this.storedEl);
    this.graph = new EvalGraph($('eval-graph'), (node) => this.goTo(node));
    this.review = new GameReview(this);
    this.library = new Library(this);
    this.pwa = setupPwa({ toast: (t) => this.toast(t), beforeReload: () => this.flushSaves() });

    this.#wire();
    this.goTo(this.tree.root, { animate: false });
    this.ready = this.#initStorage();
  }

  // ---- saving ------------------------------------------------------------------------------

  /** Opens the database and reopens the game and move that were open last time. */
  async #initStorage() {
    try {
      this.store = await openStorage();
    } catch (e) {
      this.storageProblem = /** @type {Error} */ (e).message;
      this.#showSaveState();
      $('storage-note').textContent = this.storageProblem;
      $('storage-note').hidden = false;
      return;
    }
    // anything that changed while the database was opening
    if (this.gameMeta.id || !this.#isEmpty()) this.#changed();
    if (this.current.eval) this.setEval(this.current, this.current.eval);
    try {
      const session = await this.store.getSession();
      // restore only if the user has not started something else meanwhile
      if (session && session.gameId && !this.gameMeta.id && this.#isEmpty()) await this.openGame(session.gameId, session.nodeId);
      else this.#lookUpStored(this.current);
    } catch (e) {
      this.showError(`Could not reopen the last game: ${/** @type {Error} */ (e).message}`);
    }
    this.#showSaveState();
  }

  /** Nothing worth a library entry: the start position, no moves, no note, no name. */
  #isEmpty() {
    const r = this.tree.root;
    return !r.children.length && r.fen === START_FEN && !r.note && !this.gameMeta.named;
  }

  /** The headers the game is saved and exported with. */
  currentHeaders() {
    if (this.mode === 'play' && this.play.game) this.headers = { ...this.headers, ...this.play.pgnHeaders() };
    return this.headers;
  }

  /** Saves the open game (the write is queued; the save state shows when it is on disk). */
  #changed() {
    this.savedVersion = this.tree.version;
    this.savedTree = this.tree;
    if (!this.store) return;
    const meta = this.gameMeta;
    if (!meta.id) {
      if (this.#isEmpty()) return;
      meta.id = newGameId();
      meta.created = Date.now();
      if (!meta.name) meta.name = defaultName(this.currentHeaders());
      this.#showName();
    }
    const record = recordFromTree(this.tree, { id: meta.id, name: meta.name, created: meta.created, headers: this.currentHeaders(), current: this.current.id, review: meta.review });
    this.gameQueue.save(meta.id, record);
    this.#saveSession();
    if (!this.persistAsked) {
      // ask once, after the first real save, for storage the browser does not clear by itself
      this.persistAsked = true;
      this.gameQueue.flush().then(() => requestPersistence()).catch(() => {});
    }
  }

  #saveSession() {
    if (this.store) this.sessionQueue.save('session', { gameId: this.gameMeta.id, nodeId: this.current.id });
  }

  /** Resolves when every write asked for so far is on disk (rejects if one failed). */
  async flushSaves() {
    await Promise.all([this.gameQueue.flush(), this.positionQueue.flush(), this.sessionQueue.flush()]);
  }

  #showSaveState() {
    const el = $('save-state');
    const queues = [this.gameQueue, this.positionQueue, this.sessionQueue];
    // an error stands until a later write of that queue succeeds (no flicker while retrying)
    const failed = queues.find((q) => q.error);
    let state;
    let text;
    if (!this.store) {
      state = this.storageProblem ? 'off' : 'opening';
      text = this.storageProblem ? 'Not saved' : '…';
      el.title = this.storageProblem;
    } else if (failed) {
      state = 'error';
      text = failed.error && failed.error.kind === 'full' ? 'Not saved: storage full' : 'Not saved';
      el.title = failed.error ? failed.error.message : '';
      // (again if something else was shown meanwhile)
      if (failed.error && $('error').textContent !== failed.error.message) this.showError(failed.error.message);
    } else if (queues.some((q) => q.state === 'saving')) {
      state = 'saving';
      text = 'Saving…';
      el.title = '';
    } else {
      state = 'saved';
      text = this.gameMeta.id ? 'Saved' : 'Saved (evaluations)';
      el.title = this.gameMeta.id ? 'Everything in this game is stored in this browser.' : 'The engine’s evaluations are stored; the game is saved once it has a move, a note or a name.';
    }
    el.dataset.state = state;
    el.textContent = text;
  }

  #showName() {
    const input = /** @type {HTMLInputElement} */ ($('game-name'));
    if (document.activeElement !== input) input.value = this.gameMeta.name;
  }

  /**
   * Sets the engine's evaluation of a node's position and saves it (with the game, and in the
   * positions store for every game).
   * @param {MoveNode} node @param {Eval} ev
   */
  setEval(node, ev) {
    node.eval = ev;
    if (this.store) {
      this.positionQueue.save(positionKey(node.fen), { fen: node.fen, eval: ev }).then(() => {
        if (node === this.current) this.#showStored();
      });
    }
    this.#changed();
    if (node === this.current) this.#showStored();
    // judgements, graph and summary follow the evaluations (at most once a frame)
    if (!this.refreshQueued) {
      this.refreshQueued = true;
      requestAnimationFrame(() => {
        this.refreshQueued = false;
        this.refreshAnnotations();
      });
    }
  }

  /**
   * The deepest evaluation known for a node's position: its own, or one saved for the same
   * position elsewhere (which is then copied to the node).
   * @param {MoveNode} node @returns {Promise<Eval|undefined>}
   */
  async knownEval(node) {
    let stored;
    try {
      stored = this.store ? await this.store.getPosition(node.fen) : undefined;
    } catch {
      stored = undefined;
    }
    if (stored && (!node.eval || stored.depth > node.eval.depth)) {
      // a line saved for another game: its SAN is the same here (same position)
      this.setEval(node, stored);
    }
    return node.eval;
  }

  /** Records the whole-game analysis. @param {import('./record.js').Review} review */
  setReview(review) {
    this.gameMeta.review = review;
    this.#changed();
  }

  /** Opens a saved game at a move (default: where it was left). */
  async openGame(id, nodeId) {
    if (!this.store) return;
    const record = await this.store.getGame(id);
    if (!record) throw new Error('that game is no longer in the library');
    const tree = treeFromRecord(record);
    if (this.mode === 'play') this.setMode('analyse');
    this.clearError();
    const node = tree.node(nodeId ?? record.current) || tree.root;
    this.setTree(tree, record.headers, node, { id: record.id, name: record.name, named: true, created: record.created, review: record.review });
  }

  /** A new, empty analysis (the open game stays in the library). */
  newAnalysis() {
    if (this.mode === 'play') this.setMode('analyse');
    this.clearError();
    this.setTree(new GameTree(), {});
  }

  /** The open game was deleted from the library. */
  forgetGame() {
    this.gameMeta = freshMeta();
    this.newAnalysis();
  }

  /** Renames a saved game (the open one too). */
  async renameGame(id, name) {
    if (id === this.gameMeta.id) {
      this.gameMeta.name = name;
      this.gameMeta.named = true;
      this.#showName();
      this.#changed();
      await this.gameQueue.flush();
    } else if (this.store) await this.store.renameGame(id, name);
  }

  // ---- saved evaluations in the engine panel ----------------------------------------------

  /** Shows the saved evaluation of the shown position above the live iterations. */
  #showStored() {
    const ev = this.mode === 'analyse' ? this.current.eval : null;
    if (!ev || ev.depth <= 0) {
      this.storedEl.hidden = true;
      this.storedEl.replaceChildren();
    } else {
      this.storedEl.replaceChildren(renderStored(ev, this.current.fen));
      this.storedEl.hidden = false;
    }
    this.#showBest();
  }

  /** Looks for an evaluation saved elsewhere for the shown position (reuse across games). */
  #lookUpStored(node) {
    if (!this.store || this.mode !== 'analyse') return;
    this.knownEval(node).then(() => {
      if (node === this.current) this.#showStored();
    });
  }

  /**
   * The evaluation to show now: the live search's best line, unless a deeper one is saved (then
   * that one until the search gets deeper).
   * @returns {{ score: import('./format.js').Score, move: string|null } | null}
   */
  #best() {
    const live = this.log && this.log.fen === this.current.fen ? this.log.best : null;
    const line = live ? live.lines.get(1) : null;
    const stored = this.mode === 'analyse' && this.log && this.log.fen === this.current.fen ? this.current.eval : null;
    if (stored && stored.depth > 0 && (!live || stored.depth > live.depth)) return { score: stored.score, move: (stored.pv && stored.pv[0]) || null };
    if (line) return { score: line.score, move: line.pv[0] || null };
    return null;
  }

  #showBest() {
    const best = this.#best();
    if (!best) return;
    this.evalBar.set(best.score, this.board.orientation);
    $('engine-score').textContent = formatScore(best.score);
    this.#drawArrows();
  }

  /** A live iteration of the analysis: a deeper exact line of the shown position is saved. */
  #recordLive(info) {
    if (this.mode !== 'analyse' || this.review.running) return;
    if (info.bound !== 'exact' || info.multipv !== 1 || !this.log || this.log.fen !== this.current.fen) return;
    const node = this.current;
    if (node.eval && node.eval.depth >= info.depth) return;
    this.setEval(node, evalFromSearch(info, fenTurn(node.fen).turn, String(this.engine.options.PvMethod || 'pvhash')));
  }

  // ---- notes, judgements, graph -------------------------------------------------------------

  /** Move list marks, evaluation graph, the judged move's best line, review summary. */
  refreshAnnotations() {
    this.moves.render(this.tree, this.current, this.play.resultText());
    this.graph.draw(this.tree, this.current);
    this.#showMoveInfo();
    $('review-summary').textContent = this.review.summary();
  }

  #showNote() {
    const n = this.current;
    const box = /** @type {HTMLTextAreaElement} */ ($('move-note'));
    if (document.activeElement !== box) box.value = n.note || '';
    $('move-note-label').textContent = n.parent ? `Note on ${moveNumber(n.parent.fen, 0)} ${n.san}` : 'Note on the game';
  }

  /** For a judged move: what it cost and the engine's line from the position before it. */
  #showMoveInfo() {
    const box = $('move-info');
    const n = this.current;
    const j = judgeNode(n);
    box.replaceChildren();
    box.hidden = true;
    if (!j || !j.judgement || !n.parent || !n.parent.eval || !n.eval) return;
    const parent = n.parent;
    const pev = /** @type {Eval} */ (parent.eval);
    const head = document.createElement('p');
    const glyph = document.createElement('span');
    glyph.className = `glyph mark-${j.judgement.name}`;
    glyph.textContent = j.judgement.glyph;
    head.append(`${moveNumber(parent.fen, 0)} ${n.san}`, glyph, ` ${j.judgement.label}: ${formatScore(pev.score)} → ${formatScore(n.eval.score)} (expected score ${Math.round(j.before * 100)}% → ${Math.round(j.after * 100)}%).`);
    box.append(head);
    if (pev.pvSan && pev.pvSan.length && pev.pv) {
      const p = document.createElement('p');
      p.className = 'best-line';
      p.append(`${pev.pvSan[0]} was best: `);
      const uci = pev.pv;
      numberedLine(parent.fen, pev.pvSan).forEach(({ san, number }, i) => {
        if (number) {
          const s = document.createElement('span');
          s.className = 'num';
          s.textContent = number;
          p.append(s);
        }
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'mv';
        b.textContent = san;
        b.setAttribute('aria-label', `${number ? number + ' ' : ''}${san}: play the engine's line up to here`);
        b.addEventListener('click', () => {
          if (this.mode !== 'analyse') return;
          try {
            this.goTo(this.tree.playLine(parent, uci.slice(0, i + 1)));
          } catch (e) {
            this.showError(`That line cannot be played here: ${/** @type {Error} */ (e).message}`);
          }
        });
        p.append(b, ' ');
      });
      box.append(p);
    }
    box.hidden = false;
    box.dataset.judgement = j.judgement.name;
  }

  toast(text) {
    const el = $('toast');
    el.textContent = text;
    el.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => (el.hidden = true), 6000);
  }

  // ---- position and navigation ------------------------------------------------------------

  /**
   * Shows a node: board, highlights, move list, FEN box; starts analysing it (analysis mode).
   * @param {MoveNode} node
   * @param {{ animate?: boolean }} [opts]
   */
  goTo(node, { animate = true } = {}) {
    this.current = node;
    this.board.set({ fen: node.fen, lastMove: node.from ? { from: node.from, to: node.to } : null, movable: this.movableSide(), animate });
    this.moves.render(this.tree, node, this.play.resultText());
    /** @type {HTMLInputElement} */ ($('fen-input')).value = node.fen;
    $('board').dataset.ply = String(node.ply);
    this.updateNavButtons();
    this.updateStatus();
    // a changed game (a move, a cut, a new game) is saved; so is where the user is
    if (this.tree.version !== this.savedVersion || this.tree !== this.savedTree) this.#changed();
    else this.#saveSession();
    this.#showNote();
    this.#showMoveInfo();
    this.graph.draw(this.tree, node);
    if (this.mode === 'analyse') this.#analyseSoon();
    this.#showStored();
    this.#lookUpStored(node);
  }

  /** Which side the user may move on the board now. */
  movableSide() {
    if (this.mode === 'play') return this.play.movableSide(this.current);
    return 'both';
  }

  refreshBoardInput() {
    this.board.set({ fen: this.current.fen, lastMove: this.current.from ? { from: this.current.from, to: this.current.to } : null, movable: this.movableSide(), animate: false });
  }

  back() {
    if (this.current.parent) this.goTo(this.current.parent);
  }
  forward() {
    if (this.current.children.length) this.goTo(this.current.children[0]);
  }
  first() {
    this.goTo(this.tree.root);
  }
  last() {
    this.goTo(this.tree.lineEnd(this.current));
  }

  updateNavButtons() {
    const atStart = !this.current.parent;
    const atEnd = !this.current.children.length;
    /** @type {HTMLButtonElement} */ ($('nav-start')).disabled = atStart;
    /** @type {HTMLButtonElement} */ ($('nav-back')).disabled = atStart;
    /** @type {HTMLButtonElement} */ ($('nav-forward')).disabled = atEnd;
    /** @type {HTMLButtonElement} */ ($('nav-end')).disabled = atEnd;
    /** @type {HTMLButtonElement} */ ($('move-promote')).disabled = this.mode === 'play' || !this.current.parent || this.#isMainline(this.current);
    /** @type {HTMLButtonElement} */ ($('move-delete')).disabled = this.mode === 'play' || !this.current.parent;
  }

  #isMainline(node) {
    for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }

  /** The game state line under the board: whose move, check, mate, draw. */
  updateStatus() {
    const chess = this.tree.chessAt(this.current);
    const status = gameStatus(chess);
    let text;
    if (this.mode === 'play' && this.play.statusText()) text = this.play.statusText();
    else if (status === 'checkmate') text = `Checkmate: ${chess.turn() === 'w' ? 'Black' : 'White'} wins`;
    else if (status !== 'ongoing') text = STATUS_TEXT[status];
    else text = `${chess.turn() === 'w' ? 'White' : 'Black'} to move${chess.inCheck() ? ' (check)' : ''}`;
    $('status').textContent = text;
    return status;
  }

  /**
   * Replaces the game (new FEN, loaded PGN, new game, a game from the library).
   * @param {GameTree} tree @param {Record<string,string>} [headers] @param {MoveNode} [node]
   * @param {GameMeta} [meta] a saved game's; default: a new game (saved once it has something)
   */
  setTree(tree, headers = {}, node = tree.root, meta = freshMeta()) {
    this.tree = tree;
    this.headers = headers;
    this.gameMeta = meta;
    this.savedTree = tree;
    this.savedVersion = meta.id ? tree.version : -1; // a new game is saved (if not empty)
    this.#showName();
    this.review.reset();
    this.goTo(node, { animate: false });
    this.#showSaveState();
  }

  // ---- moves from the board and from engine lines ------------------------------------------

  onBoardMove(from, to, promotion) {
    if (this.mode === 'play') {
      this.play.humanMove(this.current, { from, to, promotion });
      return;
    }
    try {
      const node = this.tree.play(this.current, { from, to, promotion });
      this.goTo(node, { animate: false });
    } catch (e) {
      this.showError(`Illegal move: ${e.message}`);
      this.refreshBoardInput();
    }
  }

  /** Plays an engine line (clicked in the iteration panel) from its position up to a move. */
  onLinePlay(fen, uci) {
    if (this.mode === 'play') return; // no engine help during a game
    if (fen !== this.current.fen) return; // the line belongs to another position
    try {
      const node = this.tree.playLine(this.current, uci);
      this.goTo(node);
    } catch (e) {
      this.showError(`That line cannot be played here: ${e.message}`);
    }
  }

  /** Hovering a move of a line: preview board and arrows for the line up to that move. */
  onLineHover(target) {
    const box = $('preview');
    if (!target) {
      box.hidden = true;
      this.hoverLine = null;
      this.#drawArrows();
      return;
    }
    let fen;
    try {
      fen = fenAfter(target.fen, target.uci);
    } catch {
      return;
    }
    const last = target.uci[target.uci.length - 1];
    this.preview.set({ fen, lastMove: { from: last.slice(0, 2), to: last.slice(2, 4) }, animate: false });
    this.preview.setOrientation(this.board.orientation);
    $('preview-caption').textContent = `after ${moveNumber(target.fen, target.index)} ${target.san}`;
    box.hidden = false;
    const r = target.el.getBoundingClientRect();
    const w = box.offsetWidth;
    const h = box.offsetHeight;
    const left = Math.min(window.innerWidth - w - 8, Math.max(8, r.left + r.width / 2 - w / 2));
    let top = r.bottom + 6;
    if (top + h > window.innerHeight - 8) top = Math.max(8, r.top - h - 6);
    box.style.left = `${left}px`;
    box.style.top = `${top}px`;
    this.hoverLine = target.fen === this.current.fen ? target.uci : null;
    this.#drawArrows();
  }

  #drawArrows() {
    const best = this.#best()?.move;
    const showBest = this.mode === 'analyse' || this.play.showThinking();
    this.board.setArrows({ best: showBest ? best || null : null, line: this.hoverLine || [] });
  }

  // ---- engine panel -----------------------------------------------------------------------

  /** Analyses the shown position (after a short pause, so fast navigation stays cheap). */
  #analyseSoon() {
    const node = this.current;
    this.startLog(node.fen);
    if (this.review.running) {
      this.panel.message('Analysing the whole game: the live analysis resumes when it is done (or cancelled).');
      return;
    }
    const status = gameStatus(this.tree.chessAt(node));
    if (status !== 'ongoing') {
      this.analyser.halt();
      this.panel.message(`${status === 'checkmate' ? 'Checkmate' : STATUS_TEXT[status]}: nothing to analyse.`);
      this.evalBar.set(status === 'checkmate' ? { mate: node.color === 'w' ? 1 : -1 } : { cp: 0 }, this.board.orientation);
      $('engine-score').textContent = status === 'checkmate' ? (node.color === 'w' ? '1-0' : '0-1') : '½-½';
      return;
    }
    this.analyser.analyse({ fen: this.tree.root.fen, moves: this.tree.uciMoves(node) }, 60);
  }

  /** A new search log for a position (analysis, or the engine thinking in a game). */
  startLog(fen, note = '') {
    this.log = new IterationLog(fen);
    this.panel.reset(this.log, note);
    this.chart.draw(this.log);
    this.evalBar.set(null, this.board.orientation);
    $('engine-score').textContent = '–';
    $('engine-stats').textContent = '';
    this.#drawArrows();
  }

  /** @param {import('mainline-chess').IterationInfo} info */
  addIteration(info) {
    if (!this.log) return;
    const change = this.log.add(info);
    const row = change.row;
    this.panel.update(change);
    this.chart.draw(this.log);
    if (this.log.best === row) this.#showBest();
    $('engine-stats').textContent = `depth ${row.depth}/${row.seldepth} · ${formatCount(row.nodes)} nodes · ${formatCount(row.nps)}/s`;
  }

  /** The engine's state beside its name (the play mode sets it for its own engine). */
  setEngineLabel(text, state) {
    const el = $('engine-state');
    el.textContent = text;
    el.dataset.state = state;
  }

  onEngineState(state, detail) {
    if (this.mode === 'play') return;
    const el = $('engine-state');
    const text = {
      idle: '',
      starting: 'starting…',
      running: 'analysing',
      done: 'search complete',
      paused: 'paused',
      error: 'error',
    }[state];
    el.textContent = text;
    el.dataset.state = state;
    const toggle = /** @type {HTMLButtonElement} */ ($('engine-toggle'));
    toggle.textContent = this.analyser.paused ? 'Resume' : 'Pause';
    toggle.setAttribute('aria-pressed', String(this.analyser.paused));
    toggle.setAttribute('aria-label', this.analyser.paused ? 'Resume the analysis' : 'Pause the analysis');
    if (state === 'error' && detail) this.showError(`Engine: ${detail}`);
    document.body.dataset.engine = state;
    document.body.dataset.stopMode = this.engine.stopMode || '';
  }

  // ---- errors -----------------------------------------------------------------------------

  showError(message) {
    const el = $('error');
    el.textContent = message;
    el.hidden = false;
  }
  clearError() {
    const el = $('error');
    el.textContent = '';
    el.hidden = true;
  }

  // ---- modes ------------------------------------------------------------------------------

  /** @param {'analyse'|'play'} mode */
  setMode(mode) {
    if (mode === this.mode) return;
    this.mode = mode;
    document.body.dataset.mode = mode;
    $('mode-analyse').setAttribute('aria-pressed', String(mode === 'analyse'));
    $('mode-play').setAttribute('aria-pressed', String(mode === 'play'));
    $('play-panel').hidden = mode !== 'play';
    $('engine-toggle').hidden = mode === 'play';
    if (mode === 'play') this.review.cancel();
    this.#showStored();
    if (mode === 'play') {
      this.analyser.halt();
      this.play.enter();
    } else {
      this.play.leave();
      this.goTo(this.current, { animate: false });
    }
    this.updateNavButtons();
  }

  // ---- wiring -----------------------------------------------------------------------------

  #wire() {
    $('mode-analyse').addEventListener('click', () => this.setMode('analyse'));
    $('mode-play').addEventListener('click', () => this.setMode('play'));
    $('nav-start').addEventListener('click', () => this.first());
    $('nav-back').addEventListener('click', () => this.back());
    $('nav-forward').addEventListener('click', () => this.forward());
    $('nav-end').addEventListener('click', () => this.last());
    $('flip').addEventListener('click', () => this.flip());

    $('engine-toggle').addEventListener('click', () => this.togglePause());
    $('settings-toggle').addEventListener('click', () => {
      const s = $('settings');
      s.hidden = !s.hidden;
      $('settings-toggle').setAttribute('aria-expanded', String(!s.hidden));
    });
    for (const id of ['set-hash', 'set-threads', 'set-multipv', 'set-pvmethod']) $(id).addEventListener('change', () => this.applySettings());

    $('fen-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.loadFen(/** @type {HTMLInputElement} */ ($('fen-input')).value);
    });
    $('pgn-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.loadPgn(/** @type {HTMLTextAreaElement} */ ($('pgn-input')).value);
    });
    $('pgn-file').addEventListener('change', async (e) => {
      const input = /** @type {HTMLInputElement} */ (e.target);
      const file = input.files && input.files[0];
      if (!file) return;
      const text = await file.text();
      /** @type {HTMLTextAreaElement} */ ($('pgn-input')).value = text;
      this.loadPgn(text);
      input.value = '';
    });
    $('pgn-export').addEventListener('click', () => this.exportPgn());
    $('move-promote').addEventListener('click', () => {
      this.tree.promote(this.current);
      this.goTo(this.current, { animate: false });
    });
    $('move-delete').addEventListener('click', () => {
      if (this.current.parent) this.goTo(this.tree.remove(this.current));
    });

    $('move-note').addEventListener('input', (e) => {
      const text = /** @type {HTMLTextAreaElement} */ (e.target).value;
      if (text.trim()) this.current.note = text;
      else delete this.current.note;
      this.#changed();
    });
    $('move-note').addEventListener('change', () => this.moves.render(this.tree, this.current, this.play.resultText()));
    $('game-name').addEventListener('change', (e) => {
      const name = /** @type {HTMLInputElement} */ (e.target).value.trim();
      if (!name) {
        this.#showName();
        return;
      }
      this.gameMeta.name = name;
      this.gameMeta.named = true;
      this.#changed();
    });
    $('game-new').addEventListener('click', () => this.newAnalysis());

    document.addEventListener('keydown', (e) => this.#onKey(e));
    window.addEventListener('scroll', () => ($('preview').hidden = true), { passive: true });
  }

  #onKey(e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = /** @type {HTMLElement} */ (e.target);
    if (t.closest('input, textarea, select, [contenteditable]')) return;
    if (t.closest('svg.cm-chessboard, .cm-chessboard-accessibility')) return; // the board's own keyboard input
    const keys = {
      ArrowLeft: () => this.back(),
      ArrowRight: () => this.forward(),
      Home: () => this.first(),
      End: () => this.last(),
      f: () => this.flip(),
      ' ': () => this.mode === 'analyse' && this.togglePause(),
    };
    if (e.key === ' ' && t.closest('button, a')) return; // Space presses the focused button
    const fn = keys[e.key];
    if (!fn) return;
    e.preventDefault();
    fn();
  }

  flip() {
    this.board.flip();
    this.evalBar.set(this.log?.best?.lines.get(1)?.score || null, this.board.orientation);
    this.play.renderPlayers();
  }

  togglePause() {
    if (this.analyser.paused) {
      this.startLog(this.current.fen); // the search starts again from depth 1
      this.analyser.resume();
    } else this.analyser.pause();
  }

  /**
   * The settings the platform limits. Threads: 1 up to the engine's maximum (one per core) where
   * the page is cross-origin isolated and the threaded build runs; otherwise fixed at 1, with the
   * reason. Hash: sizes above the platform's maximum (32 MB on iPhones) are not offered.
   * @param {Engine} engine
   */
  #showEngineLimits(engine) {
    const spinMax = (/** @type {string} */ name) => {
      const declared = engine.options.find((o) => o.name === name);
      return declared && declared.type === 'spin' ? declared.max : 1;
    };
    const maxHash = spinMax('Hash');
    for (const o of /** @type {HTMLSelectElement} */ ($('set-hash')).options) o.disabled = Number(o.value) > maxHash;
    const select = /** @type {HTMLSelectElement} */ ($('set-threads'));
    const max = spinMax('Threads');
    select.replaceChildren(
      ...Array.from({ length: max }, (_, i) => {
        const o = document.createElement('option');
        o.value = o.textContent = String(i + 1);
        return o;
      }),
    );
    select.value = String(engine.threads);
    select.disabled = engine.build !== 'threaded';
    $('threads-note').textContent =
      engine.build === 'threaded'
        ? `Searching with ${engine.threads} of up to ${max} threads (${navigator.hardwareConcurrency || '?'} cores here).`
        : 'One thread: this page is not cross-origin isolated (the server sends no COOP/COEP headers), so browsers give it no shared memory for threads.';
  }

  async applySettings() {
    const hash = Number(/** @type {HTMLSelectElement} */ ($('set-hash')).value);
    const threads = Number(/** @type {HTMLSelectElement} */ ($('set-threads')).value);
    const multipv = Number(/** @type {HTMLSelectElement} */ ($('set-multipv')).value);
    const pvMethod = /** @type {HTMLSelectElement} */ ($('set-pvmethod')).value;
    $('settings-note').textContent = '';
    try {
      this.startLog(this.current.fen);
      await this.analyser.configure({ hash, threads, multipv, pvMethod });
      if (this.engine.engine) this.#showEngineLimits(this.engine.engine);
      $('settings-note').textContent = `Hash ${hash} MB, ${threads} thread${threads > 1 ? 's' : ''}, ${multipv} line${multipv > 1 ? 's' : ''}, PV method ${pvMethod}.`;
    } catch (e) {
      this.showError(`Settings: ${e.message}`);
    }
  }

  /** Loads a FEN; a bad one is reported and changes nothing. */
  loadFen(text) {
    const fen = text.trim().replace(/\s+/g, ' ');
    if (!fen) {
      this.showError('FEN: empty. Paste a position such as rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
      return;
    }
    const check = validateFen(fen);
    if (!check.ok) {
      this.showError(`FEN: ${check.error.replace(/^Invalid FEN:\s*/i, '')}. The board keeps its position.`);
      return;
    }
    if (this.mode === 'play') this.setMode('analyse');
    this.clearError();
    this.setTree(new GameTree(fen), {});
  }

  /** Loads a PGN with its variations; a bad one is reported and changes nothing. */
  loadPgn(text) {
    let result;
    try {
      result = parsePgn(text);
    } catch (e) {
      this.showError(e.message);
      return;
    }
    if (this.mode === 'play') this.setMode('analyse');
    this.clearError();
    this.setTree(result.tree, result.headers, result.tree.root, { ...freshMeta(), review: reviewFromEvals(result.tree) });
    const more = result.games > 1 ? ` (the first of ${result.games} games: Library → Import PGN adds them all)` : '';
    $('status').textContent = `Loaded ${result.tree.mainline().length} moves${result.headers.White ? `: ${result.headers.White} – ${result.headers.Black}` : ''}${more}. Use → to step through.`;
  }

  exportPgn() {
    const pgn = exportPgn(this.tree, exportHeaders(this.currentHeaders(), this.gameMeta.review));
    /** @type {HTMLTextAreaElement} */ ($('pgn-input')).value = pgn;
    download(this.gameMeta.name ? fileName(this.gameMeta.name) : `mainline-${new Date().toISOString().slice(0, 10)}.pgn`, pgn);
    $('status').textContent = 'PGN exported with its evaluations and notes (downloaded, and shown in the PGN box).';
  }
}

const app = new App();
// a handle for debugging and for the end-to-end tests (read-only use)
/** @type {any} */ (window).__mainline = app;
