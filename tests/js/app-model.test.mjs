// The board app's pure parts (app/src/state.js, model/, services/storage.js's write queue): the
// store that tells views what changed, the game report of a tree (classes with the Great and
// Brilliant rules, next-error navigation, practice lists) and its way through PGN ([%mlpv2], the
// report's NAGs read back without doubling), what the board shows (shown.js), the heat map's
// rating of pieces, the explanation's sentence, and the write queue's retries.
import { describe, expect, test } from 'vitest';
import { Store, defaults } from '../../app/src/state.js';
import { GameTree } from '../../app/src/model/tree.js';
import { nextError, practiceList, reportOf, mainlineIndex, pgnAnnotations, playersSummary } from '../../app/src/model/gamereport.js';
import { gameRating } from '../../web/src/report.js';
import { parsePgn, exportPgn } from '../../app/src/model/pgn.js';
import { IterationLog } from '../../app/src/model/iterationlog.js';
import { movableSide, practiceBoard, shownEval, whiteWdl } from '../../app/src/model/shown.js';
import { ratePieces } from '../../app/src/views/heatmap.js';
import { explanation } from '../../app/src/controllers/explain.js';
import { WriteQueue } from '../../app/src/services/storage.js';
import { withSecond } from '../../app/src/controllers/saving.js';
import { ITALIAN, reportTree } from './fixtures/report-tree.mjs';
import { clockOf, formatDuration, moveTimes, parseClockText, parseTimeControl } from '../../app/src/model/clock.js';
import { CLOCK_GAME, CLOCK_SECONDS, PHASE_STARTS } from './fixtures/clock-game.mjs';
import {
  answer, BOX_DAYS, cardKey, dueCards, gameErrors, isDue, isLearned, MAX_BOX, motifName, motifOf, newCard, parseNames, progress, RETRY_MINUTES, SESSION_CARDS, userColors,
} from '../../app/src/model/schedule.js';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the store', () => {
  test('one call per change, after the code that made it, with every key that changed', async () => {
    const store = new Store(defaults());
    const calls = [];
    store.on(['current', 'tree'], (s, changed) => calls.push([...changed].sort().join(',')));
    store.on(['settings'], () => calls.push('settings'));
    store.set({ engineOn: false });
    store.touch('tree');
    store.set({ current: store.state.tree.root });
    expect(calls).toEqual([]); // not yet: the code that changes things runs to its end first
    await tick();
    expect(calls).toEqual(['current,engineOn,tree']);
    expect(store.state.engineOn).toBe(false);
  });

  test('a change made while subscribers are told is told in the same flush; a failing subscriber does not stop the others', async () => {
    const store = new Store(defaults());
    const seen = [];
    store.on(['mode'], (s) => {
      if (s.mode === 'play') store.set({ orientation: 'black' });
      throw new Error('a broken view');
    });
    store.on(['orientation'], (s) => seen.push(s.orientation));
    const errors = [];
    const handler = (e) => errors.push(e.message);
    process.on('uncaughtException', handler);
    try {
      store.set({ mode: 'play' });
      await tick();
      await tick();
    } finally {
      process.off('uncaughtException', handler);
    }
    expect(seen).toEqual(['black']);
    expect(errors).toEqual(['a broken view']); // still reported, not swallowed
  });

  test('a change that keeps causing itself is reported and dropped, not a hung page', async () => {
    const store = new Store(defaults());
    let n = 0;
    store.on(['error'], () => store.set({ error: `again ${++n}` }));
    const errors = [];
    const handler = (e) => errors.push(e.message);
    process.on('uncaughtException', handler);
    try {
      store.set({ error: 'x' });
      await tick();
      await tick();
    } finally {
      process.off('uncaughtException', handler);
    }
    expect(n).toBe(20);
    expect(errors).toEqual(['store: the subscribers of error keep changing them (dropped after 20 rounds)']);
  });

  test('unsubscribing', async () => {
    const store = new Store(defaults());
    let n = 0;
    const off = store.on(['error'], () => n++);
    store.set({ error: 'x' });
    await tick();
    off();
    store.set({ error: 'y' });
    await tick();
    expect(n).toBe(1);
  });
});

describe('the game report of a tree', () => {
  test('every evaluated move classed; Brilliant (a sacrifice), Great (the only move), Missed win, Blunder', () => {
    const { tree, bxf7, kxf7, ng5, kg8, qb3 } = reportTree();
    const r = reportOf(tree);
    expect(r.evaluated).toBe(6);
    expect(r.verdicts.get(bxf7.id).cls).toBe('brilliant');
    expect(r.verdicts.get(kxf7.id).cls).toBe('best'); // Black's best, with no second line to call it Great
    expect(r.verdicts.get(ng5.id)).toMatchObject({ cls: 'missed-win', severity: 'blunder' });
    expect(r.verdicts.get(kg8.id).cls).toBe('best');
    expect(r.verdicts.get(qb3.id).cls).toBe('blunder');
    expect(r.game.players.w.counts).toMatchObject({ brilliant: 1, 'missed-win': 1, blunder: 1 });
    expect(r.game.players.w.accuracy).toBeLessThan(r.game.players.b.accuracy);
    // a second line that loses outright makes Black's only move Great ...
    ng5.eval.second = { score: { cp: 900 }, pv: ['f7e7'] };
    expect(reportOf(tree).verdicts.get(kg8.id).cls).toBe('great');
    // ... but not a recapture: Kxf7 takes back the bishop that just took, the only move that
    // keeps the result by definition (it was Great before issue 54)
    bxf7.eval.second = { score: { cp: 900 }, pv: ['e8e7'] };
    expect(reportOf(tree).verdicts.get(kxf7.id).cls).toBe('best');
    // ... nor the search's first choice at depth 2 already
    ng5.eval.shallowBest = kg8.uci;
    expect(reportOf(tree).verdicts.get(kg8.id).cls).toBe('best');
  });

  test('the only legal move is Forced, in the report and the PGN; the moves with a choice are not', () => {
    const tree = new GameTree();
    const last = tree.playLine(tree.root, ['e3', 'h5', 'Ne2', 'e5', 'h3', 'Qh4', 'b4', 'Qxf2+', 'Kxf2', 'Nc6']);
    // every position evaluated; White loses a lot across Kxf2 by these numbers, and could not help it
    for (const n of [tree.root, ...tree.mainline()]) n.eval = { score: { cp: n.san === 'Kxf2' ? -200 : 0 }, depth: 8, pv: n.children[0] ? [/** @type {string} */ (n.children[0].uci)] : [] };
    const r = reportOf(tree);
    const kxf2 = /** @type {any} */ (last.parent);
    expect(kxf2.san).toBe('Kxf2');
    expect(r.verdicts.get(kxf2.id)).toMatchObject({ cls: 'forced', severity: 'best', accuracy: 100 });
    expect([...r.verdicts.entries()].filter(([, v]) => v.cls === 'forced').map(([id]) => id)).toEqual([kxf2.id]);
    expect(r.game?.players.w.counts.forced).toBe(1);
    expect(pgnAnnotations(r).judgements.get(kxf2.id)).toEqual({ label: 'Forced', nag: 0, error: false });
  });

  test('the moves inside the named openings are Book, in the report and the PGN, to the first move out; none in Chess960', () => {
    const sans = ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', 'O-O', 'Be7', 'h4', 'h6'];
    const classes = (/** @type {GameTree} */ tree) => {
      tree.playLine(tree.root, sans);
      for (const n of [tree.root, ...tree.mainline()]) n.eval = { score: { cp: 20 }, depth: 8, pv: n.children[0] ? [/** @type {string} */ (n.children[0].uci)] : [] };
      const r = reportOf(tree);
      return { r, cls: tree.mainline().map((n) => r.verdicts.get(n.id)?.cls) };
    };
    const { r, cls } = classes(new GameTree());
    expect(cls).toEqual([...Array(10).fill('book'), 'best', 'best']);
    expect(r.game?.players.w.counts.book).toBe(5);
    const first = r.line[0];
    expect(pgnAnnotations(r).judgements.get(first.id)).toEqual({ label: 'Book', nag: 0, error: false });
    // the same moves from the standard array as a Chess960 game: not named after standard chess's openings
    expect(classes(new GameTree(undefined, { chess960: true })).cls).toEqual(Array(12).fill('best'));
  });

  test('each side’s game rating in the library’s summary: none under 10 moves', () => {
    const tree = new GameTree();
    const sans = ['e4', 'e5', 'Nf3', 'd6', 'd4', 'Bg4', 'dxe5', 'Bxf3', 'Qxf3', 'dxe5', 'Bc4', 'Nf6', 'Qb3', 'Qe7', 'Nc3', 'c6', 'Bg5', 'b5', 'Nxb5', 'cxb5', 'Bxb5+', 'Nbd7'];
    tree.playLine(tree.root, sans);
    [tree.root, ...tree.mainline()].forEach((n, i) => (n.eval = { score: { cp: 30 + 40 * i }, depth: 8, pv: n.children[0] ? [/** @type {string} */ (n.children[0].uci)] : [] }));
    const game = /** @type {any} */ (reportOf(tree).game);
    const summary = playersSummary(game);
    expect(summary.w.rating).toBe(gameRating(game.players.w)?.elo);
    expect(summary.b.rating).toBe(gameRating(game.players.b)?.elo);
    expect(typeof summary.w.rating).toBe('number');
    const short = new GameTree();
    short.playLine(short.root, sans.slice(0, 6));
    [short.root, ...short.mainline()].forEach((n) => (n.eval = { score: { cp: 20 }, depth: 8, pv: [] }));
    expect(playersSummary(/** @type {any} */ (reportOf(short).game)).w.rating).toBeNull();
  });

  test('one position without an evaluation: the moves around it are not classed, and there is no players’ report', () => {
    const { tree, ng5, kg8, qb3 } = reportTree();
    delete kg8.eval;
    const r = reportOf(tree);
    expect(r.game).toBeNull();
    expect(r.evaluated).toBe(5);
    expect(r.verdicts.has(kg8.id)).toBe(false);
    expect(r.verdicts.has(qb3.id)).toBe(false);
    expect(r.verdicts.get(ng5.id).cls).toBe('missed-win');
    expect(practiceList(r, 'w')).toEqual([]); // practice waits for the whole report
  });

  test('next and previous error by severity, from a move of the main line or of a variation', () => {
    const { tree, ng5, qb3 } = reportTree();
    const r = reportOf(tree);
    // the Missed win counts by its severity (a blunder), as the b / B keys go
    expect(nextError(r, tree, tree.root, 'blunder', 1)).toBe(ng5);
    expect(nextError(r, tree, ng5, 'blunder', 1)).toBe(qb3);
    expect(nextError(r, tree, qb3, 'blunder', 1)).toBeNull();
    expect(nextError(r, tree, qb3, 'blunder', -1)).toBe(ng5);
    expect(nextError(r, tree, qb3, 'mistake', -1)).toBeNull();
    // from a variation: counted from the main-line move it branches from
    const side = tree.play(ng5, 'f7e8');
    expect(mainlineIndex(tree, side)).toBe(ng5.ply - 1);
    expect(nextError(r, tree, side, 'blunder', 1)).toBe(qb3);
  });

  test('the moves to practise: a player’s mistakes, blunders and missed wins', () => {
    const { tree, ng5, qb3 } = reportTree();
    const r = reportOf(tree);
    expect(practiceList(r, 'w')).toEqual([ng5, qb3]);
    expect(practiceList(r, 'b')).toEqual([]);
  });

  test('through PGN and back: the same classes, the second lines kept ([%mlpv2]), no NAG doubled or taken for the user’s', () => {
    const { tree, bxf7, kxf7, ng5, qb3 } = reportTree();
    bxf7.eval.second = { score: { cp: 900 }, pv: ['e8e7'] };
    ng5.eval.second = { score: { cp: 900 }, pv: ['f7e7'] };
    bxf7.eval.shallowBest = 'e8f7';
    const headers = { White: 'W', Black: 'B', FEN: ITALIAN, SetUp: '1' };
    const pgn = exportPgn(tree, headers);
    const flat = pgn.replace(/\n/g, ' ');
    // Kxf7 takes back: not Great; Kg8 is ([%mlshallow] keeps the depth-2 choice for the way back)
    expect(flat).toMatch(/Kxf7 \{ \[%eval 5\.00\] [^}]*\}/);
    expect(flat).toMatch(/5\. Bxf7\+ \$3 \{ \[%eval 0\.60\] \[%mlpv 12 pvhash e8f7 f3g5 f7g8\] \[%mlpv2 9\.00 e8e7\] \[%mlshallow e8f7\] Brilliant move\. \}/);
    expect(flat).toMatch(/Kg8 \$1 \{ [^}]*Great move\. \}/);
    expect(flat).toMatch(/6\. Ng5\+ \$4 \{ [^}]*\(5\.00 → 1\.00\) Missed win\. Qb3\+ was best\. \}/);
    expect(flat).toMatch(/\]  \{ Mainline report: White \d+% accuracy, \d+ ACPL; Black \d+% accuracy, \d+ ACPL\. Accuracy by phase \(White \/ Black\): opening \S+ \/ \S+, middlegame \S+ \/ \S+, endgame \S+ \/ \S+\. \[%eval 0\.50\]/); // before the first move
    const back = parsePgn(pgn);
    const r1 = reportOf(tree);
    const r2 = reportOf(back.tree);
    const classes = (t, r) => [t.root, ...t.mainline()].slice(1).map((n) => r.verdicts.get(n.id)?.cls);
    expect(classes(back.tree, r2)).toEqual(classes(tree, r1));
    expect(back.tree.mainline().every((n) => !n.nags)).toBe(true);
    expect(back.tree.root.eval.second).toEqual({ score: { cp: 30 }, pv: ['e1g1'], pvSan: ['O-O'] });
    expect(exportPgn(back.tree, back.headers)).toBe(pgn);
    // the report's judgements, as the PGN writer takes them
    const { judgements, summary } = pgnAnnotations(r1);
    expect(judgements.get(qb3.id)).toEqual({ label: 'Blunder', nag: 4, error: true });
    expect(judgements.get(kxf7.id)).toBeNull();
    expect(judgements.get(/** @type {any} */ (ng5.children[0]).id)).toEqual({ label: 'Great', nag: 1, error: false });
    expect(back.tree.mainline()[0].eval.shallowBest).toBe('e8f7');
    expect(summary).toMatch(/^White \d+% accuracy/);
  });
});

describe('what the board shows', () => {
  test('the live search, unless a deeper evaluation is saved; nothing while practising', () => {
    const s = defaults();
    const node = s.tree.play(s.tree.root, 'e2e4');
    s.current = node;
    expect(shownEval(s)).toBeNull();
    const log = new IterationLog(node.fen);
    const info = (depth, multipv, cp, pv) => ({ depth, seldepth: depth, multipv, score: { cp }, bound: 'exact', nodes: 1, nps: 1, timeMs: 1, hashfull: 0, pv, pvSan: pv, pvEnd: 'leaf' });
    log.add(info(5, 1, -20, ['e7e5']));
    log.add(info(5, 2, -35, ['c7c5']));
    s.log = log;
    // Black to move: -20 for Black is +0.20 for White
    expect(shownEval(s)).toMatchObject({ source: 'live', depth: 5, score: { cp: 20 }, lines: [{ multipv: 1, pv: ['e7e5'] }, { multipv: 2, score: { cp: 35 } }] });
    node.eval = { score: { cp: 15 }, depth: 9, pv: ['c7c5'], pvSan: ['c5'] };
    expect(shownEval(s)).toMatchObject({ source: 'saved', depth: 9, lines: [{ pv: ['c7c5'] }] });
    s.mode = 'practice';
    expect(shownEval(s)).toBeNull();
    s.mode = 'play';
    s.play = { showThinking: false };
    expect(shownEval(s)).toBeNull();
  });

  test('win / draw / loss from White’s side, whoever is to move', () => {
    const w = whiteWdl({ cp: 150 }, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    const b = whiteWdl({ cp: 150 }, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    for (const p of [w, b]) {
      expect(p.win + p.draw + p.loss).toBeCloseTo(1, 9);
      expect(p.win).toBeGreaterThan(p.loss);
    }
    expect(b.win).toBeCloseTo(w.win, 6); // the same material, the same score for White
    expect(whiteWdl({ mate: 2 }, '4k3/8/8/8/8/8/8/4K2Q b - - 0 1')).toEqual({ win: 1, draw: 0, loss: 0 });
    expect(whiteWdl({ mate: 0 }, '4k3/8/8/8/8/8/8/4K2Q b - - 0 1')).toEqual({ win: 1, draw: 0, loss: 0 }); // Black is mated
  });

  test('who may move: anyone while analysing, the player on turn in a game, the puzzle’s side while it asks', () => {
    const s = defaults();
    expect(movableSide(s)).toBe('both');
    s.mode = 'play';
    s.play = { human: 'b', end: null, thinking: false };
    expect(movableSide(s)).toBeNull(); // White to move
    s.current = s.tree.play(s.tree.root, 'e2e4');
    expect(movableSide(s)).toBe('b');
    s.play.thinking = true;
    expect(movableSide(s)).toBeNull();
    s.mode = 'practice';
    s.practice = { color: 'w', phase: 'judging' };
    expect(movableSide(s)).toBeNull();
    s.practice.phase = 'wrong';
    expect(movableSide(s)).toBe('w');
  });

  test('a practice puzzle: the position before the mistake, the move tried, the hints', () => {
    const { tree, ng5 } = reportTree();
    const s = { ...defaults(), tree, current: ng5.parent, mode: 'practice', practice: { color: 'w', items: [ng5.id], index: 0, phase: 'ask', tried: null, message: '', hints: 0, tries: 0 } };
    expect(practiceBoard(s)).toMatchObject({ fen: ng5.parent.fen, hintSquare: null, hintMove: null });
    s.practice.hints = 2;
    expect(practiceBoard(s)).toMatchObject({ hintSquare: 'd1', hintMove: 'd1b3' });
    s.practice = { ...s.practice, phase: 'judging', tried: 'd2d4' };
    expect(practiceBoard(s)).toMatchObject({ lastMove: { from: 'd2', to: 'd4' }, hintSquare: null });
  });
});

describe('the score’s explanation', () => {
  test('what each piece adds, against its usual share among its side’s pieces', () => {
    const rated = ratePieces([
      { square: 'd1', piece: 'Q', value: 900 },
      { square: 'a2', piece: 'P', value: 50 },
      { square: 'b2', piece: 'P', value: 150 },
      { square: 'd8', piece: 'q', value: -1000 },
      { square: 'e1', piece: 'K', value: 30 },
    ]);
    const by = Object.fromEntries(rated.map((p) => [p.square, p]));
    // White: 1100 cp for 11 pawns' worth: 100 a pawn
    expect(by.d1).toMatchObject({ own: 900, ratio: 1 });
    expect(by.a2.ratio).toBeCloseTo(0.5, 9);
    expect(by.b2.ratio).toBeCloseTo(1.5, 9);
    expect(by.d8).toMatchObject({ own: 1000, ratio: 1 });
    expect(by.e1.ratio).toBeNull(); // a king has no usual share
  });

  test('the sentence: agreement, a hash cut, a result', () => {
    expect(explanation('leaf', { cp: 34 }, 34)).toMatch(/the engine's evaluation of this position, \+0\.34, is the score the search reported for the line\./);
    expect(explanation('hashcut', { cp: 50 }, 20)).toMatch(/own evaluation is \+0\.20; the score \+0\.50 comes from a deeper search/);
    expect(explanation('mate', { mate: 3 }, 0)).toMatch(/checkmate/);
    expect(explanation('repetition', { cp: 0 }, 40)).toMatch(/repeated position: a draw/);
    expect(explanation('leaf', { cp: 50 }, 20)).toMatch(/differ by 0\.30/);
  });
});

describe('the write queue: retried, never dropped', () => {
  const opts = { retryDelays: [1, 1, 1], sleep: () => Promise.resolve() };
  const failure = () => Object.assign(new Error('the disk is busy'), { name: 'UnknownError' });

  test('a write that fails twice and then works: saved, nothing lost', async () => {
    const written = [];
    let fails = 2;
    const q = new WriteQueue(async (k, v) => {
      if (fails-- > 0) throw failure();
      written.push([k, v]);
    }, () => {}, opts);
    q.save('g', 1);
    await q.flush();
    expect(written).toEqual([['g', 1]]);
    expect(q.state).toBe('saved');
  });

  test('a write that keeps failing: an error that names it, the value kept, written by Retry or the next save', async () => {
    const written = [];
    let broken = true;
    const states = [];
    const q = new WriteQueue(async (k, v) => {
      if (broken) throw failure();
      written.push([k, v]);
    }, (state) => states.push(state), opts);
    q.save('g', 1);
    q.save('p', 'x');
    await expect(q.flush()).rejects.toMatchObject({ kind: 'failed', message: expect.stringMatching(/^Saving failed: the disk is busy\./) });
    expect(q.state).toBe('error');
    expect([...q.failed.keys()].sort()).toEqual(['g', 'p']);
    broken = false;
    await q.retry();
    expect(written.sort()).toEqual([['g', 1], ['p', 'x']]);
    expect(q.state).toBe('saved');
    expect(q.failed.size).toBe(0);
    // a failed value replaced by a newer one: only the newer is written
    broken = true;
    q.save('g', 2);
    await q.flush().catch(() => {});
    broken = false;
    q.save('g', 3);
    await q.flush();
    expect(written.filter(([k]) => k === 'g').map(([, v]) => v)).toEqual([1, 3]);
    // "not saved" stays up while a retry runs, until it is saved: no flicker to "saving"
    const firstError = states.indexOf('error');
    expect(states.slice(firstError, states.indexOf('saved', firstError))).not.toContain('saving');
  });

  test('a game deleted: what waits for it, and a failed value, is forgotten', async () => {
    const written = [];
    let broken = true;
    const q = new WriteQueue(async (k, v) => {
      if (broken) throw failure();
      written.push([k, v]);
    }, () => {}, opts);
    q.save('gone', 1);
    await q.flush().catch(() => {});
    expect(q.state).toBe('error');
    q.forget('gone');
    expect(q.state).toBe('saved'); // nothing is left unsaved
    broken = false;
    await q.retry();
    expect(written).toEqual([]);
  });

  test('storage full is said at once (no retries: space does not come back by itself)', async () => {
    let calls = 0;
    const q = new WriteQueue(async () => {
      calls++;
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }, () => {}, opts);
    q.save('g', 1);
    await expect(q.flush()).rejects.toMatchObject({ kind: 'full' });
    expect(calls).toBe(1);
    expect(q.failed.get('g')).toBe(1);
  });
});

describe('a deeper evaluation of one line keeps the second line it replaces', () => {
  test('while that line is still not its best move', () => {
    const old = { score: { cp: 20 }, depth: 12, pv: ['e2e4'], second: { score: { cp: -150 }, pv: ['d2d4'] } };
    expect(withSecond({ score: { cp: 25 }, depth: 14, pv: ['e2e4'] }, old).second).toEqual(old.second);
    // the old second line is the new best move: no second line to keep
    expect(withSecond({ score: { cp: 25 }, depth: 14, pv: ['d2d4'] }, old).second).toBeUndefined();
    // a search of two lines has its own (null: one legal move)
    expect(withSecond({ score: { cp: 25 }, depth: 14, pv: ['e2e4'], second: null }, old).second).toBeNull();
    expect(withSecond({ score: { cp: 25 }, depth: 14, pv: ['e2e4'] }, undefined).second).toBeUndefined();
  });
});

describe('the time each move took, from [%clk]', () => {
  test('clocks and TimeControl headers read; what cannot be read is null, never a throw', () => {
    expect(parseClockText('0:05:00')).toBe(300);
    expect(parseClockText('1:02:03.4')).toBeCloseTo(3723.4, 5);
    expect(parseClockText('4:59')).toBe(299);
    for (const bad of ['', 'abc', '0:61:00', '1:2:3:4', '-0:01:00', '0:00:60', '5']) expect(parseClockText(bad)).toBeNull();
    expect(clockOf('[%clk 0:04:48]')).toBe(288);
    expect(clockOf('[%emt 0:00:03] [%clk 0:00:09.5]')).toBe(9.5);
    expect(clockOf('[%clk 0:6x:00]')).toBeNull();
    expect(clockOf('[%emt 0:00:03]')).toBeUndefined();
    expect(clockOf(undefined)).toBeUndefined();
    expect(parseTimeControl('300+3')).toEqual({ increment: 3, text: '300+3' });
    expect(parseTimeControl('180')).toEqual({ increment: 0, text: '180' });
    expect(parseTimeControl('40/5400+30:1800+30')).toEqual({ increment: 30, text: '40/5400+30:1800+30' });
    expect(parseTimeControl('*60')).toEqual({ increment: 0, text: '*60' });
    for (const none of [undefined, '', '?', '-', 'blitz', '3+2 min']) expect(parseTimeControl(none)).toBeNull();
    expect(formatDuration(7)).toBe('7 s');
    expect(formatDuration(0.4)).toBe('0.4 s');
    expect(formatDuration(64)).toBe('1 min 04 s');
    expect(formatDuration(3725)).toBe('1 h 02 min');
  });

  test('a game with clocks and an increment: every move but each side\'s first, right to the tenth', () => {
    const { tree, headers } = parsePgn(CLOCK_GAME);
    const t = moveTimes(tree.mainline(), headers);
    expect(t.clocks).toBe(true);
    expect(t.control).toEqual({ increment: 3, text: '300+3' });
    expect(t.moves.map((m) => m.seconds)).toEqual(CLOCK_SECONDS);
    expect(t.known).toBe(CLOCK_SECONDS.length - 2);
  });

  test('no clocks: nothing known; a malformed clock: that move and the same side\'s next unknown; no header: no increment', () => {
    const bare = parsePgn('1. e4 e5 2. Nf3 Nc6 *');
    expect(moveTimes(bare.tree.mainline(), bare.headers)).toMatchObject({ clocks: false, known: 0 });
    const broken = parsePgn('[TimeControl "60+1"]\n\n1. e4 { [%clk 0:01:00] } e5 { [%clk 0:01:00] } 2. Nf3 { [%clk 0:0x:55] } Nc6 { [%clk 0:00:58] } 3. Bc4 { [%clk 0:00:50] } Bc5 { [%clk 0:00:40] } 4. c3 { [%clk 0:00:45] } *');
    expect(moveTimes(broken.tree.mainline(), broken.headers).moves.map((m) => m.seconds)).toEqual([null, null, null, 3, null, 19, 6]);
    // a clock that goes up by more than the increment (time added at a control): unknown, not negative
    const added = parsePgn('[TimeControl "60+1"]\n\n1. e4 { [%clk 0:01:00] } e5 { [%clk 0:01:00] } 2. Nf3 { [%clk 0:05:00] } *');
    expect(moveTimes(added.tree.mainline(), added.headers).moves.map((m) => m.seconds)).toEqual([null, null, null]);
    const noHeader = parsePgn('1. e4 { [%clk 0:01:00] } e5 { [%clk 0:01:00] } 2. Nf3 { [%clk 0:00:55] } *');
    const t = moveTimes(noHeader.tree.mainline(), noHeader.headers);
    expect(t.control).toBeNull();
    expect(t.moves[2].seconds).toBe(5);
  });
});

describe('accuracy by phase in the report of a tree', () => {
  test('the report of an imported game has each move\'s phase and the players\' figures; the PGN carries them and drops them on reading', () => {
    const { tree, headers } = parsePgn(CLOCK_GAME);
    const r = reportOf(tree);
    expect(r.game.phases.indexOf('middlegame')).toBe(PHASE_STARTS.middlegame);
    expect(r.game.phases.indexOf('endgame')).toBe(PHASE_STARTS.endgame);
    expect(r.game.players.w.phases.opening.accuracy).toBe(100);
    expect(r.game.players.b.phases.middlegame.accuracy).toBeLessThan(100);
    const { phases } = pgnAnnotations(r);
    expect(phases).toMatch(/^Accuracy by phase \(White \/ Black\): opening 100% \/ 100%, middlegame 100% \/ \d+%, endgame 100% \/ 100%$/);
    const pgn = exportPgn(tree, headers);
    expect(pgn.replace(/\n/g, ' ')).toContain(`ACPL. ${phases}. [%eval 0.20]`);
    const back = parsePgn(pgn);
    expect(back.tree.root.note).toBeFalsy();
    expect(exportPgn(back.tree, back.headers)).toBe(pgn);
  });
});

describe('the practice schedule (model/schedule.js), on a test clock', () => {
  const T0 = Date.UTC(2026, 0, 1, 12);
  const DAY = 24 * 3600 * 1000;
  const MIN = 60 * 1000;
  const base = (key, motif = 'fork') => ({ key, gameId: 'g', gameName: 'A – B', nodeId: 1, color: 'w', label: '1. e4', cls: 'blunder', motif, sig: 's' });

  test('the motif an explanation names: a mate by its pattern, a perpetual, a motif claim; other when none', () => {
    expect(motifOf([{ text: '', claims: [{ type: 'material', side: 'w', points: -3, until: 2 }, { type: 'motif', kind: 'fork', ply: 1, square: 'c7', targets: ['a8', 'e8'] }] }])).toBe('fork');
    expect(motifOf([{ text: '', claims: [{ type: 'mate', mated: 'w', moves: 2, pattern: 'smothered' }] }])).toBe('smotheredMate');
    expect(motifOf([{ text: '', claims: [{ type: 'mate', mated: 'w', moves: 1, pattern: 'none' }] }])).toBe('mate');
    expect(motifOf([{ text: '', claims: [{ type: 'perpetual', by: 'b' }] }])).toBe('perpetual');
    expect(motifOf([{ text: 'No tactic can be named for certain', claims: [{ type: 'level', until: 4 }] }, { text: 'Nf3 was best.', claims: [] }])).toBe('other');
    expect(motifOf([])).toBe('other');
    expect(motifName('hanging')).toBe('Hanging piece');
    expect(motifName('nonsense')).toBe('Other');
  });

  test('whose errors: the names given (any case), both players when none', () => {
    expect(parseNames(' Anna , anna_k,, ')).toEqual(['anna', 'anna_k']);
    expect(userColors({ White: 'ANNA', Black: 'Boris' }, ['anna'])).toEqual(['w']);
    expect(userColors({ White: 'Mainline Level 3', Black: 'You' }, ['you'])).toEqual(['b']);
    expect(userColors({ White: 'Carl', Black: 'Dora' }, ['anna'])).toEqual([]);
    expect(userColors({}, [])).toEqual(['w', 'b']);
  });

  test('Leitner boxes: right moves a card up and out (1, 3, 7 days...), wrong sends it back to box 0 for ten minutes', () => {
    let c = newCard(base('a'), T0);
    expect(c).toMatchObject({ box: 0, due: T0, reviews: 0, lapses: 0, last: null });
    expect(isDue(c, T0)).toBe(true);
    c = answer(c, true, T0);
    expect(c).toMatchObject({ box: 1, due: T0 + 1 * DAY, reviews: 1, last: T0 });
    expect(isDue(c, T0 + DAY - 1)).toBe(false);
    c = answer(c, true, T0 + DAY);
    expect(c).toMatchObject({ box: 2, due: T0 + DAY + 3 * DAY });
    c = answer(c, true, T0 + 4 * DAY);
    expect(c).toMatchObject({ box: 3, due: T0 + 4 * DAY + 7 * DAY });
    expect(isLearned(c)).toBe(true);
    c = answer(c, false, T0 + 11 * DAY);
    expect(c).toMatchObject({ box: 0, due: T0 + 11 * DAY + RETRY_MINUTES * MIN, reviews: 4, lapses: 1 });
    expect(isLearned(c)).toBe(false);
    // the top box stays the top box
    let top = { ...newCard(base('t'), T0), box: MAX_BOX };
    top = answer(top, true, T0);
    expect(top).toMatchObject({ box: MAX_BOX, due: T0 + BOX_DAYS[MAX_BOX] * DAY });
  });

  test('a mistake practised in its game before the schedule existed keeps its answer', () => {
    expect(newCard(base('a'), T0, { solved: true, tries: 1, hints: 0, date: T0 - DAY })).toMatchObject({ box: 1, due: T0, reviews: 1, last: T0 - DAY });
    expect(newCard(base('b'), T0, { solved: true, tries: 3, hints: 1, date: T0 - DAY })).toMatchObject({ box: 0, due: T0, reviews: 1, lapses: 1 });
  });

  test('due cards, most overdue first, of one motif or all; progress per motif (due / learned / total)', () => {
    const cards = [
      { ...newCard(base('a', 'fork'), T0), due: T0 - 5 },
      { ...newCard(base('b', 'pin'), T0), due: T0 - 50 },
      { ...newCard(base('c', 'fork'), T0), due: T0 + DAY, box: 3 },
      { ...newCard(base('d', 'other'), T0), due: T0 },
    ];
    expect(dueCards(cards, T0).map((c) => c.key)).toEqual(['b', 'a', 'd']);
    expect(dueCards(cards, T0, 'fork').map((c) => c.key)).toEqual(['a']);
    expect(progress(cards, T0)).toEqual([
      { motif: 'fork', name: 'Fork', due: 1, learned: 1, total: 2, next: T0 + DAY },
      { motif: 'pin', name: 'Pin', due: 1, learned: 0, total: 1, next: null },
      { motif: 'other', name: 'Other', due: 1, learned: 0, total: 1, next: null },
    ]);
    const many = Array.from({ length: SESSION_CARDS + 5 }, (_, i) => ({ ...newCard(base(`k${String(i).padStart(2, '0')}`), T0), due: T0 - i }));
    expect(dueCards(many, T0)).toHaveLength(SESSION_CARDS);
    expect(dueCards(many, T0)[0].key).toBe(`k${SESSION_CARDS + 4}`);
  });

  test('the errors of a game by the user, with a key that names the game, the position and the move', () => {
    const { tree, headers } = parsePgn(CLOCK_GAME);
    const record = { id: 'g1', name: 'Anna – Boris', headers, practice: {} };
    expect(gameErrors(record, tree, ['anna'])).toEqual([]);
    const errors = gameErrors(record, tree, ['boris']);
    expect(errors.map((e) => [e.node.san, e.cls, e.color])).toEqual([['Qb6', 'blunder', 'b']]);
    expect(errors[0].key).toBe(cardKey('g1', errors[0].node.parent.fen, 'd8b6'));
    expect(errors[0].key).toMatch(/^g1\|[^|]+ b [^|]+\|d8b6$/);
    expect(gameErrors(record, tree, [])).toHaveLength(1);
    // 14... Qb6 is past the opening tree's 24 half-moves: not a repertoire card
    expect(errors[0].repertoire).toBe(false);
    // 4. Nxe5?? at half-move 7 of a game from the start is one (filed under 'repertoire')
    const trap = new GameTree();
    trap.playLine(trap.root, ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nd4', 'Nxe5', 'Qg5']);
    [trap.root, ...trap.mainline()].forEach((n, i) => (n.eval = { score: { cp: i < 7 ? 30 : -400 }, depth: 10, pv: n.children[0] && i !== 6 ? [/** @type {string} */ (n.children[0].uci)] : ['f3d4'] }));
    const opening = gameErrors({ id: 'g2', name: 'trap', headers: { White: 'Anna', Black: 'Boris' }, practice: {} }, trap, ['anna']);
    expect(opening.map((e) => [e.node.san, e.repertoire])).toEqual([['Nxe5', true]]);
    expect(motifName('repertoire')).toBe('Opening repertoire');
    // a game imported by username is that user's: their mistakes are practised by any name
    const imported = { ...record, source: { site: 'lichess', id: 'abcdefgh', url: 'https://lichess.org/abcdefgh', username: 'Boris', playedAt: 0, timeClass: 'blitz' } };
    expect(gameErrors(imported, tree, ['you']).map((e) => [e.node.san, e.color])).toEqual([['Qb6', 'b']]);
    expect(gameErrors({ ...imported, source: { ...imported.source, username: 'Anna' } }, tree, ['you'])).toEqual([]);
    // not analysed to the end: nothing
    tree.mainline()[5].eval = undefined;
    expect(gameErrors(record, tree, ['boris'])).toEqual([]);
  });
});

describe('scores from the side to move to White', () => {
  test('Black\'s scores change sign; a level score stays +0 (an export gives back +0, not -0)', async () => {
    const { whitePov } = await import('../../app/src/model/format.js');
    expect(whitePov({ cp: 35 }, 'b')).toEqual({ cp: -35 });
    expect(whitePov({ mate: 3 }, 'b')).toEqual({ mate: -3 });
    expect(whitePov({ cp: 35 }, 'w')).toEqual({ cp: 35 });
    expect(whitePov({ cp: 0 }, 'b')).toEqual({ cp: 0 });
    expect(Object.is(whitePov({ cp: 0 }, 'b').cp, 0)).toBe(true);
    expect(Object.is(whitePov({ mate: 0 }, 'b').mate, 0)).toBe(true);
  });
});
