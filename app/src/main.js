// The board app, put together: one state (state.js), the controllers that change it (the game,
// saving, the live analysis, the threat, "Analyse game" and its report, play, practice, the
// score's explanation, openings, the library), and the views that draw it. Each part gets what
// it uses, and nothing else; they talk through the store and the callbacks given here. Rules and
// notation come from the engine's own rules (model/rules.js, through mainline-chess/rules, for
// standard chess and Chess960 alike), every search from the mainline-chess package, imported as
// any site imports it, each engine in a worker of its own.
import 'cm-chessboard/assets/chessboard.css';
import 'cm-chessboard/assets/extensions/promotion-dialog/promotion-dialog.css';
import './styles.css';

import { defaults, defaultSettings, Store } from './state.js';
import { $, download, fileName } from './dom.js';
import { EngineHandle, ReviewEngines, reviewWorkers } from './services/engine.js';
import { openStorage } from './services/storage.js';
import { setupPwa } from './services/pwa.js';
import { GameController } from './controllers/game.js';
import { SavingController } from './controllers/saving.js';
import { AnalyseController } from './controllers/analyse.js';
import { ThreatController } from './controllers/threat.js';
import { ReviewController } from './controllers/review.js';
import { PlayController } from './controllers/play.js';
import { HintController } from './controllers/hint.js';
import { PracticeController } from './controllers/practice.js';
import { LearnController } from './controllers/learn.js';
import { ExplainController } from './controllers/explain.js';
import { OpeningsController } from './controllers/openings.js';
import { OpeningTreeController } from './controllers/openingtree.js';
import { LibraryController } from './controllers/library.js';
import { listenForKeys } from './controllers/keyboard.js';
import { BoardView } from './views/boardview.js';
import { EvalBar } from './views/evalbar.js';
import { ScoreChart } from './views/chart.js';
import { IterationsView } from './views/iterations.js';
import { MoveList } from './views/movelist.js';
import { EvalGraph } from './views/evalgraph.js';
import { TimeGraph } from './views/timegraph.js';
import { MoveInfo } from './views/moveinfo.js';
import { WordsController } from './controllers/words.js';
import { ReaderView } from './views/reader.js';
import { ReportPanel } from './views/reportpanel.js';
import { parseLimit, ReviewView } from './views/reviewview.js';
import { PracticePanel } from './views/practicepanel.js';
import { LearnPanel } from './views/learnpanel.js';
import { ExplainView } from './views/explain.js';
import { KeyHelp } from './views/keyhelp.js';
import { EngineHead } from './views/enginehead.js';
import { SettingsView } from './views/settings.js';
import { GameBar } from './views/gamebar.js';
import { Messages } from './views/messages.js';
import { Controls } from './views/controls.js';
import { PlayPanel } from './views/playpanel.js';
import { nextError } from './model/gamereport.js';
import { moveNumber } from './model/format.js';
import { describeReport } from 'mainline-chess/readout';
import { moveClass } from 'mainline-chess/report';
import { treeFromRecord } from './model/record.js';
import { ShareController } from './controllers/share.js';
import { SharePanel } from './views/sharepanel.js';

/**
 * @typedef {import('./model/tree.js').MoveNode} MoveNode
 * @typedef {import('mainline-chess').Engine} Engine
 */

/** Where the engine settings are kept between visits (they are preferences, not analysis). */
const SETTINGS_KEY = 'mainline.settings';

const store = new Store(defaults());
store.state.settings = { ...defaultSettings(), ...readSettings() };
store.on(['settings'], (s) => {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(s.settings));
  } catch {
    // no localStorage (a private window): the settings last for this visit
  }
});

const messages = new Messages(store);
const toast = (/** @type {string} */ text) => messages.toast(text);
const crashed = (/** @type {Error} */ e) => store.set({ error: `The engine crashed and was restarted: ${e.message}` });

// ---- engines: the analysis (the user's settings), a game's opponent, and two helpers of one
// thread each (the threat; the score's explanation and practice), so none waits for another
const st = store.state.settings;
const analysisEngine = new EngineHandle({ Hash: st.hash, PvMethod: st.pvMethod, ...(st.threads > 0 ? { Threads: st.threads } : {}) }, { onError: crashed, onReady: showEngineLimits });
const playEngine = new EngineHandle({ Hash: 16 }, { onError: crashed });
const threatEngine = new EngineHandle({ Hash: 16, Threads: 1 }, { onError: crashed });
const toolsEngine = new EngineHandle({ Hash: 16, Threads: 1 }, { onError: crashed });
// The facts of lines for explanations in words: no searches, so the smallest table.
const factsEngine = new EngineHandle({ Hash: 1, Threads: 1 }, { onError: crashed });
const words = new WordsController({ engine: factsEngine });

/**
 * The analysis engine as the panel shows it: its build, stop mode and threads, and what the page
 * allows it (threads, hash), as it declares it. @param {Engine} engine
 */
function showEngineLimits(engine) {
  const spinMax = (/** @type {string} */ name) => {
    const declared = engine.options.find((o) => o.name === name);
    return declared && declared.type === 'spin' ? declared.max : 1;
  };
  store.set({ engine: { ...store.state.engine, build: engine.build, stopMode: engine.stopMode, threads: engine.threads, maxThreads: spinMax('Threads'), maxHash: spinMax('Hash') } });
}

// ---- controllers ------------------------------------------------------------------------------
const game = new GameController({ store });
const saving = new SavingController({ store, open: () => openStorage() });
const evals = {
  set: (/** @type {MoveNode} */ n, /** @type {any} */ ev) => saving.setEval(n, ev),
  known: (/** @type {MoveNode} */ n) => saving.known(n),
  flush: () => saving.flush(),
  savePosition: (/** @type {string} */ fen, /** @type {any} */ ev) => saving.savePosition(fen, ev),
  saveRecord: (/** @type {import('./model/record.js').GameRecord} */ r) => saving.saveRecord(r),
};
const analyse = new AnalyseController({ store, engine: analysisEngine, evals, play: (uci) => game.play(uci) });
const threat = new ThreatController({ store, engine: threatEngine });
// "Analyse game" and "Analyse library": engines of one thread each, as many as the setting says
// (by default the cores less one), started for a review and ended after it
const reviewEngines = new ReviewEngines({ hash: 32, pvMethod: () => store.state.settings.pvMethod, onError: crashed });
const review = new ReviewController({
  store,
  engines: reviewEngines,
  workers: () => reviewWorkers(store.state.settings.reviewWorkers),
  pvMethod: () => store.state.settings.pvMethod,
  halt: () => analyse.halt(),
  storage: () => saving.storage,
  evals,
  onGameDone: (id) => library.gameChanged(id),
});
const play = new PlayController({ store, engine: playEngine, setTree: (tree, headers) => game.setTree(tree, headers), goTo: (n) => game.goTo(n) });
// the hint searches on the tools engine (full strength, one thread) and words it with the facts one
const hints = new HintController({ store, engine: toolsEngine, facts: factsEngine });
const practice = new PracticeController({ store, engine: toolsEngine, goTo: (n) => game.goTo(n) });
const explain = new ExplainController({ store, engine: toolsEngine });
new OpeningsController({ store });

/**
 * Shows a saved game at a move (default: where it was left).
 * @param {import('./model/record.js').GameRecord} record @param {number} [nodeId]
 */
function openRecord(record, nodeId = -1) {
  const tree = treeFromRecord(record);
  store.set({ mode: 'analyse', error: '' });
  const node = tree.node(nodeId >= 0 ? nodeId : record.current) || tree.root;
  game.setTree(tree, record.headers, node, { id: record.id, name: record.name, named: true, created: record.created, review: record.review, practice: record.practice || {}, ...(record.source ? { source: record.source } : {}) });
}

/** Opens a game of the library. */
async function openSaved(/** @type {string} */ id) {
  openRecord(await saving.load(id));
}

const learn = new LearnController({
  store,
  storage: () => saving.storage,
  words,
  practice,
  openAt: (record, nodeId) => openRecord(record, nodeId),
  flush: async () => {
    store.flush(); // the open game's last change is queued now, so the flush below waits for it
    await saving.flush().catch(() => {});
  },
});

const library = new LibraryController({
  store,
  storage: () => saving.storage,
  open: (id) => openSaved(id),
  newAnalysis: () => game.newAnalysis(),
  rename: async (id, name) => {
    if (id === store.state.game.id) {
      game.rename(name);
      store.flush(); // the write is queued now, so the flush below waits for it
      await saving.flush();
    } else await saving.storage?.renameGame(id, name);
  },
  forget: (id) => saving.forget(id),
  reasons: (tree) => words.reasons(tree),
  analyse: (ids) => review.runLibrary(ids, parseLimit(store.state.settings.reviewLimit)),
  toast,
});
// the opening tree of a player's games, from the library
new OpeningTreeController({ storage: () => saving.storage, open: (id) => openSaved(id), closeLibrary: () => /** @type {HTMLDialogElement} */ ($('library')).close() });

// ---- views ------------------------------------------------------------------------------------
// moving through the game: not while practising (the puzzle is the position shown)
const notPractising = () => store.state.mode !== 'practice';
const goTo = (/** @type {MoveNode} */ n) => notPractising() && game.goTo(n);
const navigate = {
  first: () => notPractising() && game.first(),
  back: () => notPractising() && game.back(),
  forward: () => notPractising() && game.forward(),
  last: () => notPractising() && game.last(),
  up: () => notPractising() && game.variation(-1),
  down: () => notPractising() && game.variation(1),
};

/** A move the user made (on the board, or typed in the board in words), by mode. */
const userMove = (/** @type {{ from: string, to: string, promotion?: string }} */ move) => {
  const mode = store.state.mode;
  if (mode === 'play') play.humanMove(move);
  else if (mode === 'practice') practice.tryMove(move);
  else game.play(move);
};
new BoardView($('board'), store, { onMove: (from, to, promotion) => userMove({ from, to, promotion }) });
/** The game report in words, for the board in words' `report`. */
function reportInWords() {
  const s = store.state;
  const r = s.report;
  if (!r || !r.game) {
    const total = r ? r.line.length + 1 : 0;
    return r && r.evaluated && r.line.length ? `No game report yet: ${r.evaluated} of ${total} positions are evaluated; Analyse game (in the Game panel) completes it.` : 'No game report yet: Analyse game (in the Game panel) makes one.';
  }
  const moves = r.line.flatMap((n) => {
    const v = r.verdicts.get(n.id);
    return v && n.parent && n.color ? [{ label: `${moveNumber(n.parent.fen, 0)} ${n.san}`, cls: v.cls, mover: n.color }] : [];
  });
  return describeReport(r.game, { names: { w: s.headers.White, b: s.headers.Black }, moves });
}

/** The classes whose reason the move info gives in words; `why` gives the same. */
const EXPLAINED = ['blunder', 'mistake', 'inaccuracy', 'missed-win', 'great', 'brilliant'];
/**
 * The board in words' `why`: the reason for the move shown when the report classed it as one
 * worth a reason (the words the move info shows), else for the engine's best move here.
 */
async function whyInWords() {
  const s = store.state;
  const n = s.current;
  const v = s.mode === 'analyse' && s.report ? s.report.verdicts.get(n.id) : undefined;
  if (v && n.parent && EXPLAINED.includes(v.cls)) {
    const w = await words.explain(n, v.cls);
    const label = moveClass(v.cls).label;
    return { about: `${moveNumber(n.parent.fen, 0)} ${n.san}, ${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label}`, sentences: w.sentences.map((x) => x.text), numbersOnly: w.numbersOnly };
  }
  const l = reader.latest();
  if (!l || !l.pv.length) return null;
  const w = await words.best(n.fen, l.pv, l.score);
  return { about: `The engine’s best move at depth ${l.depth}, ${l.san[0]}`, sentences: w.sentences.map((x) => x.text), numbersOnly: w.numbersOnly };
}

const reader = new ReaderView(store, {
  report: reportInWords,
  why: whyInWords,
  move: userMove,
  toggle: () => {
    store.set({ settings: { ...store.state.settings, screenReader: !store.state.settings.screenReader } });
    if (store.state.settings.screenReader) queueMicrotask(() => $('reader-input').focus());
  },
});
new EvalBar($('eval-bar'), store);
new ScoreChart($('chart'), store);
new IterationsView({ rows: $('iterations'), stored: $('stored'), preview: $('preview'), previewBoard: $('preview-board'), previewCaption: $('preview-caption') }, store, {
  onPlay: (fen, uci) => {
    const s = store.state;
    // no engine help during a game; a line belongs to the position it was searched in
    if (s.mode === 'analyse' && fen === s.current.fen) game.playLine(s.current, uci);
  },
  onExplain: (line) => explain.open(line),
  onHover: (hover) => store.set({ hover }),
});
new MoveList($('moves'), store, goTo);
new EvalGraph($('eval-graph'), store, goTo);
new TimeGraph($('time-graph'), store, goTo);
new MoveInfo($('move-info'), store, { playLine: (from, uci) => store.state.mode === 'analyse' && game.playLine(from, uci), words: (n, cls) => words.explain(n, cls) });
new ReportPanel(store, { goTo, practise: (color) => practice.start(color), moments: () => practice.startMoments() });
new ReviewView(store, 'game', 'review', { start: (limits) => review.run(limits), cancel: () => review.cancel() });
new ReviewView(store, 'library', 'library-review', { start: (limits) => review.runLibrary(null, limits), cancel: () => review.cancel() });
new LearnPanel(store, { open: () => learn.open(), close: () => learn.close(), start: (motif) => learn.start(motif), setNames: (text) => learn.setNames(text) });
new PracticePanel(store, { hint: () => practice.hint(), reveal: () => practice.reveal(), next: () => practice.next(), stop: () => practice.stop(), words: (n, cls) => words.explain(n, cls) });
new ExplainView(store, { close: () => explain.close() });
new KeyHelp(store, { close: () => store.set({ help: false }) });
new EngineHead(store, { toggleEngine: () => analyse.toggle(), toggleThreat: () => threat.toggle() });
new SettingsView(store, {
  apply: async (patch) => {
    await analyse.configure(patch);
    const s = store.state.settings;
    const threads = analysisEngine.engine ? analysisEngine.engine.threads : 1;
    if (analysisEngine.engine) showEngineLimits(analysisEngine.engine);
    return `Hash ${s.hash} MB, ${threads} thread${threads > 1 ? 's' : ''}, ${s.multipv} line${s.multipv > 1 ? 's' : ''}, PV method ${s.pvMethod}${s.arrows ? '' : ', no arrows'}${s.wdl ? ', W/D/L shown' : ''}.`;
  },
});
new GameBar(store, { rename: (name) => game.rename(name), newAnalysis: () => game.newAnalysis(), retry: () => saving.retry() });
new Controls(store, {
  setMode: (mode) => store.set({ mode }),
  ...navigate,
  flip: () => game.flip(),
  promote: () => game.promote(),
  remove: () => game.removeCurrent(),
  note: (text) => game.setNote(text),
  loadFen: (fen) => game.loadFen(fen),
  newChess960: (number) => {
    const n = game.newChess960(number);
    if (n !== null) toast(`A new Chess960 game from start position ${n}: castle by putting the king on its rook.`);
  },
  fail: (message) => game.fail(message),
  loadPgn: (pgn) => {
    const loaded = game.loadPgn(pgn);
    if (loaded) toast(loaded);
  },
  exportPgn: async () => {
    // the judged moves' reasons in words first (from the engine's facts; writing is synchronous)
    const reasons = await words.reasons(store.state.tree).catch(() => new Map());
    const pgn = game.pgn(reasons);
    const name = store.state.game.name;
    download(name ? fileName(name) : `mainline-${new Date().toISOString().slice(0, 10)}.pgn`, pgn);
    toast(`PGN exported with its evaluations, the report${reasons.size ? ', the reasons in words' : ''} and your notes (downloaded, and shown in the PGN box).`);
    return pgn;
  },
});
new PlayPanel(store, {
  start: (setup) => play.start(setup),
  takeback: () => play.takeback(),
  resign: () => play.resign(),
  analyse: () => store.set({ mode: 'analyse' }),
  hint: () => hints.hint(),
  canHint: () => hints.available(),
  showThinking: (show) => play.setShowThinking(show),
  canTakeBack: () => play.canTakeBack(),
  remaining: (side) => play.remaining(side),
});
// ---- sharing: a link with the game in its fragment (opened here too, at once and whenever the
// fragment changes), FEN and PGN to copy, the board as PNG and the game as GIF
const share = new ShareController({ store, game });
new SharePanel(store, {
  link: (positionOnly) => share.link(location.href, { positionOnly }),
  pgn: async () => game.pgn(await words.reasons(store.state.tree).catch(() => new Map())),
  toast,
});
function openShareLink() {
  const fragment = location.hash;
  if (!share.isLink(fragment)) return;
  // the link is read once: a reload reopens the game from the library, not a second copy of it
  history.replaceState(history.state, '', location.pathname + location.search);
  share.open(fragment).then((said) => said && toast(said));
}
window.addEventListener('hashchange', openShareLink);
openShareLink();

setupPwa({ toast, beforeReload: () => saving.flush() });

/** The next (1) or previous (-1) main-line move of a severity, from the report. */
function jump(/** @type {'blunder'|'mistake'|'inaccuracy'} */ severity, /** @type {1|-1} */ direction) {
  const s = store.state;
  if (s.mode !== 'analyse') return;
  const node = s.report ? nextError(s.report, s.tree, s.current, severity, direction) : null;
  if (node) game.goTo(node);
  else toast(s.report && s.report.verdicts.size ? `No ${direction > 0 ? 'later' : 'earlier'} ${severity} on the main line.` : 'No report yet: Analyse game first.');
}
listenForKeys(document, {
  ...navigate,
  flip: () => game.flip(),
  engine: () => store.state.mode === 'analyse' && analyse.toggle(),
  playBest: () => analyse.playBest(),
  threat: () => store.state.mode === 'analyse' && threat.toggle(),
  arrows: () => store.set({ settings: { ...store.state.settings, arrows: !store.state.settings.arrows } }),
  multiLine: () => analyse.toggleMultiLine(),
  nextBlunder: () => jump('blunder', 1),
  nextMistake: () => jump('mistake', 1),
  nextInaccuracy: () => jump('inaccuracy', 1),
  prevBlunder: () => jump('blunder', -1),
  prevMistake: () => jump('mistake', -1),
  prevInaccuracy: () => jump('inaccuracy', -1),
  help: () => store.set({ help: !store.state.help }),
});
$('help-open').addEventListener('click', () => store.set({ help: true }));

// the game and move that were open last time come back, and an analysis a reload interrupted
// goes on
saving
  .start((record, nodeId) => {
    try {
      openRecord(record, nodeId);
    } catch (e) {
      store.set({ error: `Could not reopen the last game: ${/** @type {Error} */ (e).message}` });
    }
  })
  .then(() => review.resume());

/** @returns {Partial<import('./state.js').Settings>} */
function readSettings() {
  try {
    const saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) || '{}');
    return saved && typeof saved === 'object' ? saved : {};
  } catch {
    return {};
  }
}
