// The board app's controllers (app/src/controllers/) on the real engine, in Node: the app's
// engine handles start mainline-chess's Node build (worker threads), exactly the WebAssembly
// engine the page runs. No DOM and no browser: the controllers only change the store, which is
// what these tests read. The library dialog is the one controller with a DOM (tested in
// Chromium, app-offline.test.mjs).
import 'fake-indexeddb/auto';
import { afterAll, describe, expect, test } from 'vitest';
import { Chess } from 'chess.js';
import { openStorage } from '../../app/src/services/storage.js';
import { SavingController } from '../../app/src/controllers/saving.js';
import { AnalyseController } from '../../app/src/controllers/analyse.js';
import { ThreatController } from '../../app/src/controllers/threat.js';
import { PlayController } from '../../app/src/controllers/play.js';
import { PracticeController } from '../../app/src/controllers/practice.js';
import { LearnController } from '../../app/src/controllers/learn.js';
import { ExplainController } from '../../app/src/controllers/explain.js';
import { WordsController } from '../../app/src/controllers/words.js';
import { exportPgn, parsePgn } from '../../app/src/model/pgn.js';
import { verifyClaims } from '../../web/src/explain.js';
import { OpeningsController } from '../../app/src/controllers/openings.js';
import { fenAfter } from '../../app/src/model/rules.js';
import { engineHandles, memoryApp, memoryReview, until } from './app-memory.mjs';
import { movableSide } from '../../app/src/model/shown.js';
import { reportOf } from '../../app/src/model/gamereport.js';
import { recordFromTree, treeFromRecord } from '../../app/src/model/record.js';
import { CLOCK_GAME } from './fixtures/clock-game.mjs';
import { reportTree } from './fixtures/report-tree.mjs';
import { TRAP } from './app-page.mjs';


// engine handles as the app makes them (closed after the tests)
const handles = engineHandles({ Hash: 16 });
const engine = handles.engine;
afterAll(handles.close);


/** A store with the game controller and in-memory evaluations (no database). */
function setup() {
  return memoryApp();
}

describe('"Analyse game" and the report (ReviewController)', () => {
  test('every main-line position evaluated with two lines, the report complete, the review recorded; a second run reuses them', async () => {
    const app = setup();
    const { store, game } = app;
    const { review } = memoryReview(app, { workers: 2 });
    game.loadPgn(TRAP);
    await review.run({ depth: 8 });
    const s = store.state;
    expect(s.review).toMatchObject({ running: false, scope: 'game', done: 15, total: 15, workers: 2, outcome: 'done' });
    expect(s.review.text).toMatch(/^Analysed all 15 positions and saved them \(2 engines, \d+\.\d positions a second\)\.$/);
    const line = [s.tree.root, ...s.tree.mainline()];
    for (const n of line.slice(0, -1)) {
      expect(n.eval.depth).toBeGreaterThanOrEqual(8);
      expect(n.eval.second).toBeDefined(); // searched for two lines (null where only one move is legal)
      const chess = new Chess(n.fen);
      for (const uci of n.eval.pv) chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
    }
    expect(line.at(-1).eval).toMatchObject({ score: { mate: 0 }, depth: 0 });
    // the report: complete, and the losing moves are White's
    await until(store, (st) => !!st.report?.game);
    const { report } = store.state;
    const cls = (san) => report.verdicts.get(s.tree.mainline().find((n) => n.san === san).id).cls;
    expect(['mistake', 'blunder', 'missed-win', 'inaccuracy']).toContain(cls('Nxf7'));
    // the whole trap is a named line (C50, Blackburne shilling gambit): its mate is Book, its error stays one
    expect(cls('Nf3#')).toBe('book');
    expect(report.game.players.w.accuracy).toBeLessThan(report.game.players.b.accuracy);
    expect(store.state.game.review).toMatchObject({ limits: { depth: 8 }, complete: true, players: { w: { accuracy: report.game.players.w.accuracy } } });
    // again: nothing to search (each evaluation is deep enough and has its second line)
    const before = line.map((n) => n.eval);
    await review.run({ depth: 8 });
    expect(line.map((n) => n.eval)).toEqual(before);
  }, 60000);

  test('cancelled half-way: what was analysed is kept, and said', async () => {
    const app = setup();
    const { store, game } = app;
    const { review } = memoryReview(app);
    game.loadPgn(TRAP);
    const running = review.run({ depth: 16 });
    await until(store, (s) => s.review.searched >= 1, 60000);
    review.cancel();
    await running;
    const r = store.state.review;
    expect(r.running).toBe(false);
    expect(r.outcome).toBe('stopped');
    expect(r.text).toMatch(/^Cancelled after \d+ positions?\. What was analysed is kept/);
    expect(r.done).toBeLessThan(15);
    expect(store.state.tree.root.eval).toBeDefined(); // the first position searched
    expect(store.state.game.review).toMatchObject({ complete: false });
  }, 60000);

  test('the main line changed during the analysis: not complete, and said so', async () => {
    const app = setup();
    const { store, game } = app;
    const { review } = memoryReview(app);
    game.loadPgn(TRAP);
    const running = review.run({ depth: 12 });
    await until(store, (s) => s.review.done >= 2, 60000);
    // a variation made the main line (the first move replaced)
    const side = store.state.tree.play(store.state.tree.root, 'd2d4');
    store.state.tree.promote(side);
    store.touch('tree');
    await running;
    const r = store.state.review;
    expect(r.outcome).toBe('stopped');
    expect(r.text).toMatch(/^The main line changed during the analysis/);
    expect(store.state.game.review).toMatchObject({ complete: false });
  }, 60000);

  test('no moves: a clear error, nothing run', async () => {
    const app = setup();
    const { store } = app;
    const { review } = memoryReview(app);
    await review.run({ depth: 8 });
    expect(store.state.error).toMatch(/^Analyse game: there are no moves to analyse/);
    expect(store.state.review.running).toBe(false);
  });
});

describe('"Analyse library" (ReviewController.runLibrary) on a database', () => {
  /** The app's saving controller on a fresh database, the TRAP game open, two more in the library. */
  async function library() {
    const app = setup();
    const { store, game } = app;
    const saving = new SavingController({ store, open: () => openStorage({ name: `review-${Date.now()}-${Math.random()}` }) });
    await saving.start(() => {});
    const evals = { set: (n, ev) => saving.setEval(n, ev), known: (n) => saving.known(n), flush: () => saving.flush(), savePosition: (f, ev) => saving.savePosition(f, ev), saveRecord: (r) => saving.saveRecord(r) };
    const db = saving.storage;
    const clocks = parsePgn(CLOCK_GAME);
    await db.putGame(recordFromTree(clocks.tree, { id: 'clocks', name: 'Anna – Boris (clocks)', created: 2, headers: clocks.headers }));
    const short = parsePgn('[White "Carl"]\n[Black "Dora"]\n\n1. f3 e5 2. g4 Qh4# 0-1');
    await db.putGame(recordFromTree(short.tree, { id: 'fools', name: 'Carl – Dora', created: 3, headers: short.headers }));
    game.loadPgn(TRAP);
    await until(store, (st) => !!st.game.id);
    await saving.flush();
    return { app: { ...app, evals }, store, db, saving };
  }

  test('every game not yet analysed, on 2 engines: each record complete with its report, evaluations saved as made, the open game\'s report filled in', async () => {
    const { app, store, db, saving } = await library();
    const { review } = memoryReview(app, { workers: 2, storage: () => db });
    const seen = [];
    const off = store.on(['review'], (s) => s.review.running && seen.push({ ...s.review }));
    await review.runLibrary(null, { depth: 6 });
    off();
    await saving.flush();
    const r = store.state.review;
    expect(r).toMatchObject({ running: false, scope: 'library', games: 3, gamesDone: 3, outcome: 'done', workers: 2 });
    expect(r.text).toMatch(/^Analysed 3 games, \d+ positions, and saved them \(2 engines, [\d.]+ positions a second\)\.$/);
    // progress: positions counted up, an estimate of the time left once a search is done
    expect(seen.some((p) => p.etaMs !== null && p.done < p.total)).toBe(true);
    expect(seen.at(-1).done).toBe(seen.at(-1).total);
    const list = await db.listGames();
    expect(list.map((g) => [g.id, g.reviewed]).sort()).toEqual([['clocks', true], ['fools', true], [store.state.game.id, true]].sort());
    for (const id of ['clocks', 'fools']) {
      const record = await db.getGame(id);
      const tree = treeFromRecord(record);
      for (const n of [tree.root, ...tree.mainline()]) expect(n.eval, `${id} ${n.fen}`).toBeDefined();
      expect(record.review).toMatchObject({ limits: { depth: 6 }, complete: true, players: { w: { accuracy: expect.any(Number) } } });
      expect(await db.getPosition(tree.mainline()[2].fen)).toMatchObject({ depth: expect.any(Number) });
    }
    // the open game: its nodes and report, as "Analyse game" fills them
    expect(store.state.game.review).toMatchObject({ complete: true });
    expect(store.state.report.game).toBeTruthy();
    expect(await db.getReviewJob()).toBeUndefined();
    // nothing left: said, nothing run
    await review.runLibrary(null, { depth: 6 });
    expect(store.state.review.text).toBe('Every game of the library is analysed already.');
    db.close();
  }, 60000);

  test('a review under way is kept in the database with its evaluations; after a "reload" it goes on by itself, reusing them; Cancel ends it for good', async () => {
    const { app, store, db } = await library();
    const first = memoryReview(app, { workers: 1, storage: () => db });
    const running = first.review.runLibrary(['clocks', 'fools'], { depth: 9 });
    await until(store, (s) => s.review.done >= 6, 60000);
    expect(await db.getReviewJob()).toMatchObject({ ids: ['clocks', 'fools'], limits: { depth: 9 }, scope: 'library' });
    expect(await db.countPositions()).toBeGreaterThanOrEqual(5); // saved as made
    // a reload: this review is gone (its job stays, as a closed tab leaves it)
    const job = await db.getReviewJob();
    first.review.cancel();
    await running;
    expect(store.state.review.text).toMatch(/^Cancelled after \d of 2 games \(\d+ positions\)\. What was analysed is kept/);
    expect(await db.getReviewJob()).toBeUndefined(); // cancelled: not resumed
    await db.setReviewJob(job);
    const second = memoryReview(app, { workers: 2, storage: () => db });
    expect(await second.review.resume()).toBe(true);
    await until(store, (s) => !s.review.running && s.review.outcome === 'done', 60000);
    const r = store.state.review;
    expect(r).toMatchObject({ resumed: true, games: 2, gamesDone: 2 });
    expect(r.searched).toBeLessThanOrEqual(r.total - 5); // what the first run saved was not searched again
    expect((await db.getGame('clocks')).review).toMatchObject({ complete: true, limits: { depth: 9 } });
    expect(await db.getReviewJob()).toBeUndefined();
    expect(await second.review.resume()).toBe(false);
    db.close();
  }, 90000);
});

describe('learn from your mistakes (PracticeController)', () => {
  test('the puzzle, the game’s own move, a hint, the engine’s move, giving up, the summary; results kept with the game', async () => {
    // a report with two of White's moves to practise (a missed win, a blunder): the fixture's
    // evaluations, so that the puzzles are known; the moves tried are judged by the engine
    const { store, game } = setup();
    const practice = new PracticeController({ store, engine: engine({ Hash: 16, Threads: 1 }), goTo: (n) => game.goTo(n) });
    const fixture = reportTree();
    game.setTree(fixture.tree, { White: 'W', Black: 'B' });
    store.set({ game: { ...store.state.game, review: { limits: { depth: 8 }, date: 0, complete: true } } });
    store.set({ report: reportOf(fixture.tree) });
    const items = practice.available('w');
    expect(items).toEqual([fixture.ng5, fixture.qb3]);
    practice.start('w');
    let s = await until(store, (st) => st.mode === 'practice' && !!st.practice);
    const first = items[0];
    expect(s.current).toBe(first.parent);
    expect(s.orientation).toBe('white');
    expect(s.practice).toMatchObject({ color: 'w', index: 0, phase: 'ask' });
    expect(s.practice.message).toBe('White played Ng5+ here. Find a better move for White.');
    // the game's own move: wrong at once
    await practice.tryMove({ from: first.from, to: first.to });
    s = await until(store, (st) => st.practice.phase === 'wrong');
    expect(s.practice.message).toMatch(/is the move played in the game/);
    // an illegal move changes nothing
    await practice.tryMove({ from: 'a1', to: 'a8' });
    expect(store.state.practice.tries).toBe(1);
    // hints: the piece, then the move
    practice.hint();
    practice.hint();
    s = await until(store, (st) => st.practice.hints === 2);
    // the engine's own move solves it
    const best = first.parent.eval.pv[0];
    await practice.tryMove({ from: best.slice(0, 2), to: best.slice(2, 4), promotion: best[4] });
    s = await until(store, (st) => st.practice.phase === 'solved');
    expect(s.game.practice[first.id]).toMatchObject({ solved: true, tries: 2, hints: 2 });
    // another move is judged by the engine: searched, then right or wrong by what it loses
    let solved = 1;
    practice.next();
    s = await until(store, (st) => st.practice.index === 1);
    const second = items[1];
    const other = new Chess(second.parent.fen).moves({ verbose: true }).find((m) => m.from + m.to !== second.parent.eval.pv[0] && m.from + m.to !== second.uci);
    await practice.tryMove({ from: other.from, to: other.to, promotion: other.promotion });
    s = await until(store, (st) => st.practice.phase === 'wrong' || st.practice.phase === 'solved');
    if (s.practice.phase === 'wrong') {
      expect(s.practice.message).toMatch(/^\S+ is not better: \S+ → \S+ \((good|excellent|inaccuracy|mistake|blunder|missed win)\)\. Try again, or take a hint\.$/);
      // giving up: the best move is shown, and it counts as not solved
      practice.reveal();
      s = await until(store, (st) => st.practice.phase === 'solved');
      expect(s.practice.message).toBe(`The best move was ${second.parent.eval.pvSan[0]}.`);
      expect(s.game.practice[second.id]).toMatchObject({ solved: false });
    } else {
      expect(s.practice.message).toMatch(/^Correct: /);
      solved++;
    }
    // the rest skipped: not solved
    while (store.state.practice.index < items.length - 1) {
      const at = store.state.practice.index;
      practice.next();
      await until(store, (st) => st.practice.index === at + 1);
    }
    practice.next();
    s = await until(store, (st) => st.practice.phase === 'done');
    expect(s.practice.message).toBe(`Done: ${solved} of ${items.length} solved. The results are saved with the game.`);
    expect(Object.keys(s.game.practice).length).toBe(items.length);
    practice.stop();
    s = await until(store, (st) => st.mode === 'analyse' && st.practice === null);
  }, 90000);
});

describe('key moments (PracticeController.startMoments)', () => {
  test('the largest swings, each of 15 points or more; the position before each, the side to move; Retry judged by the engine; the next one', async () => {
    const app = setup();
    const { store, game } = app;
    const { review } = memoryReview(app, { workers: 1 });
    // a game between two of the weakest play levels (scripts/game-rating.mjs): errors on both sides
    game.loadPgn('[White "Level 3"]\n[Black "Level 3"]\n[Result "*"]\n[SetUp "1"]\n[FEN "r1bqkb1r/pp1p1ppp/2n1pn2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 3 6"]\n\n6. Nxc6 bxc6 7. Be3 Rb8 8. Bd3 Qc7 9. O-O Be7 10. Re1 O-O 11. b3 d5 12. e5 Qxe5 13. Bxa7 Qd6 14. Bxb8 Qxb8 15. Qd2 Bc5 16. Na4 Ba7 17. c4 Bd7 18. cxd5 cxd5 19. Rec1 e5 20. Bf1 Re8 21. h3 Ne4 22. Qxd5 Bxf2+ 23. Kh1 Ng3+ 24. Kh2 Rd8 25. Qf3 Nxf1+ 26. Rxf1 e4+ 27. Kh1 exf3 28. Rxf2 fxg2+ *');
    await review.run({ depth: 8 });
    await until(store, (st) => !!st.report?.game);
    const practice = new PracticeController({ store, engine: engine({ Hash: 16, Threads: 1 }), goTo: (n) => game.goTo(n) });
    const moments = practice.moments();
    expect(moments.length).toBeGreaterThanOrEqual(2);
    const line = store.state.report.line;
    expect(moments.map((n) => line.indexOf(n))).toEqual([...moments.map((n) => line.indexOf(n))].sort((a, b) => a - b));
    for (const n of moments) expect(store.state.report.verdicts.get(n.id).loss).toBeGreaterThanOrEqual(0.15);
    expect(new Set(moments.map((n) => n.color))).toEqual(new Set(['w', 'b'])); // both sides'
    practice.startMoments();
    let s = await until(store, (st) => st.mode === 'practice' && !!st.practice);
    const [first, second] = moments;
    expect(s.current).toBe(first.parent);
    expect(s.orientation).toBe(first.color === 'w' ? 'white' : 'black');
    expect(s.practice).toMatchObject({ kind: 'moments', color: first.color, index: 0, phase: 'ask' });
    expect(s.practice.message).toMatch(new RegExp(`^Key moment 1 of ${moments.length}: (White|Black) played \\d+\\.(\\.\\.)? ${first.san.replace(/[+#]/g, '\\$&')} here, and (White|Black)'s expected score fell from \\d+% to \\d+%\\. Find a better move for (White|Black)\\.$`));
    // the game's own move is not it; after the miss, the first hint: the piece to move
    expect(s.practice.hints).toBe(0);
    await practice.tryMove({ from: first.from, to: first.to });
    s = await until(store, (st) => st.practice.phase === 'wrong');
    expect(s.practice.hints).toBe(1);
    expect(s.practice.message).toMatch(/is the move played in the game\. Look for a better one\. Hint: the piece to move is marked\.$/);
    // Retry: the engine's best move is
    const best = first.parent.eval.pv[0];
    await practice.tryMove({ from: best.slice(0, 2), to: best.slice(2, 4), promotion: best[4] });
    s = await until(store, (st) => st.practice.phase === 'solved');
    expect(s.game.practice[first.id]).toMatchObject({ solved: true, tries: 2 });
    // the next moment: its own position and side
    practice.next();
    s = await until(store, (st) => st.practice.index === 1);
    expect(s.current).toBe(second.parent);
    expect(s.practice.color).toBe(second.color);
    expect(s.practice.message).toMatch(/^Key moment 2 of /);
    // a move that gives the queen away is judged below Good: not accepted
    const hang = new Chess(second.parent.fen).moves({ verbose: true }).find((m) => m.piece === 'q' && !m.captured && new Chess(m.after).moves({ verbose: true }).some((r) => r.to === m.to));
    if (hang) {
      await practice.tryMove({ from: hang.from, to: hang.to });
      s = await until(store, (st) => st.practice.phase === 'wrong' || st.practice.phase === 'solved');
      expect(s.practice.phase).toBe('wrong');
      expect(s.practice.message).toMatch(/is not better: .*\((inaccuracy|mistake|blunder|missed win)\)/);
    }
    practice.stop();
    await until(store, (st) => st.mode === 'analyse' && st.practice === null);
  }, 120000);
});

describe('PGN export with the reasons in words (WordsController.reasons, exportPgn)', () => {
  test('every judged move gets its verified reason after its judgement; read back, the reasons go and come again the same', async () => {
    const facts = engine();
    const words = new WordsController({ engine: facts });
    const { tree, bxf7, ng5, qb3 } = reportTree();
    const reasons = await words.reasons(tree);
    // the report judges 5.Bxf7+ (Brilliant), 6.Ng5+ (Missed win), 7.Qb3+ (Blunder); the engine's own
    // replies (Best) get no judgement in the PGN, so no reason
    expect([...reasons.keys()].sort((a, b) => a - b)).toEqual([bxf7.id, ng5.id, qb3.id]);
    // each reason is the sentences explainMove kept, each claim of which holds for the engine's line
    const e = await facts.get();
    for (const [node, cls] of [[bxf7, 'brilliant'], [ng5, 'missed-win'], [qb3, 'blunder']]) {
      const w = await words.explain(node, cls);
      expect(reasons.get(node.id)).toBe(w.sentences.map((x) => x.text).join(' '));
      const line = await e.lineFacts(node.parent.fen, [node.uci, ...(node.eval.pv || [])]);
      const best = node.parent.eval.pv[0] !== node.uci ? await e.lineFacts(node.parent.fen, node.parent.eval.pv) : null;
      for (const x of w.sentences) expect([verifyClaims(x.claims, line), best ? verifyClaims(x.claims, best) : 'no best line']).toContain('');
    }
    // 7.Qb3+ keeps the material level in the engine's line: the numbers only, said so, then the best move
    expect(reasons.get(qb3.id)).toBe('No tactic can be named for certain (the engine’s line keeps the material level): the evaluation goes from +1.00 to -3.00. d4 was best.');
    const headers = { White: 'W', Black: 'B', FEN: tree.root.fen, SetUp: '1' };
    const pgn = exportPgn(tree, headers, reasons);
    const flat = pgn.replace(/\n/g, ' ');
    expect(flat).toContain(`(1.00 → -3.00) Blunder. [${reasons.get(qb3.id)}] }`);
    expect(flat).toContain(`Missed win. [${reasons.get(ng5.id)}] }`);
    expect(flat).toContain(`Brilliant move. [${reasons.get(bxf7.id)}] }`);
    // without the reasons: the judgements alone, as before
    const plain = exportPgn(tree, headers).replace(/\n/g, ' ');
    expect(plain).toContain('(1.00 → -3.00) Blunder. d4 was best. }');
    expect(plain).not.toContain('No tactic');
    // read back, the reasons are not taken for notes; exported again with its reasons, the same text
    const back = parsePgn(pgn);
    expect(back.tree.mainline().every((n) => !n.note)).toBe(true);
    expect(exportPgn(back.tree, back.headers, await words.reasons(back.tree))).toBe(pgn);
  }, 60000);
});

describe('the threat (ThreatController) and the score’s explanation (ExplainController)', () => {
  test('the threat: the opponent’s move if it were theirs, a dashed-arrow move and line; none in check', async () => {
    const { store, game } = setup();
    new ThreatController({ store, engine: engine({ Hash: 16, Threads: 1 }) });
    game.loadPgn('1. e4 e5 2. Qh5 Nc6 3. Bc4 *');
    game.last();
    store.set({ threatOn: true });
    let s = await until(store, (st) => !!st.threat?.line && st.threat.line.score.mate !== undefined);
    // Black to move; if White could move again: Qxf7 mate
    expect(s.threat.line.pv[0]).toBe('h5f7');
    expect(s.threat.line.score).toEqual({ mate: 1 });
    expect(s.threat.fen.split(' ')[1]).toBe('w');
    game.loadPgn('1. e4 f5 2. Qh5+ *');
    game.last();
    s = await until(store, (st) => !!st.threat?.reason);
    expect(s.threat.reason).toMatch(/in check/);
    store.set({ threatOn: false });
    s = await until(store, (st) => st.threat === null);
  }, 60000);

  test('a line’s end: its evaluation is the line’s score (pvhash), with what each piece adds', async () => {
    const { store } = setup();
    const tools = engine({ Hash: 16, Threads: 1 });
    const explain = new ExplainController({ store, engine: tools });
    const e = await (await engine()).get();
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
    let checked = 0;
    for (let depth = 4; depth <= 10; depth += 2) {
      const r = await e.bestMove(fen, { depth });
      if (r.pvEnd !== 'leaf') continue;
      const score = { cp: r.score.cp }; // White to move: White's view
      await explain.open({ fen, uci: r.pv, pvSan: r.pvSan, depth: r.depth, score, pvEnd: r.pvEnd });
      const s = await until(store, (st) => st.explain?.status === 'ready');
      expect(s.explain.endFen).toBe(fenAfter(fen, r.pv));
      expect(s.explain.staticEval).toBe(score.cp);
      expect(s.explain.message).toMatch(/is the score the search reported for the line\./);
      expect(s.explain.pieces.length).toBeGreaterThan(20); // every piece but the kings
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
    explain.close();
    expect(store.state.explain).toBeNull();
  }, 60000);
});

describe('the live analysis (AnalyseController)', () => {
  test('iterations of the shown position, its evaluation kept, engine off keeps the rows, space plays the best move', async () => {
    const { store, game } = setup();
    const kept = [];
    const evals = { set: (node, ev) => { node.eval = ev; kept.push(ev.depth); store.touch('evals'); }, known: async (node) => node.eval };
    const looked = [];
    evals.known = async (node) => {
      looked.push(node.ply);
      return node.eval;
    };
    const analyse = new AnalyseController({ store, engine: engine(), evals, play: (uci) => game.play(uci) });
    let s = await until(store, (st) => (st.log?.rows.filter((r) => r.bound === 'exact').length || 0) >= 6);
    expect(s.log.fen).toBe(s.current.fen);
    expect(s.engine.state).toBe('running');
    expect(kept.length).toBeGreaterThanOrEqual(5);
    expect(kept).toEqual([...kept].sort((a, b) => a - b)); // only ever deeper
    analyse.toggle();
    s = await until(store, (st) => st.engine.state === 'paused');
    const rows = s.log.rows.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(store.state.log.rows.length).toBe(rows); // stopped, and the rows stay
    analyse.playBest();
    s = await until(store, (st) => st.current.ply === 1);
    expect(s.current.uci).toBe(s.tree.root.eval.pv[0]);
    expect(looked).toEqual([0, 1]); // each position shown is looked up among the saved ones
    analyse.toggle();
    s = await until(store, (st) => st.engine.state === 'running' && st.log?.fen === st.current.fen && st.log.rows.length > 0);
    // several lines and back (z)
    analyse.toggleMultiLine();
    s = await until(store, (st) => (st.log?.best?.lines.size || 0) === 3);
    analyse.toggleMultiLine();
    expect(store.state.settings).toMatchObject({ multipv: 1, multiLines: 3 });
    // a finished game: nothing to analyse
    game.loadPgn('1. f3 e5 2. g4 Qh4# 0-1');
    game.last();
    s = await until(store, (st) => st.panelNote === 'Checkmate: nothing to analyse.');
    await analyse.halt();
  }, 60000);
});

describe('a game against the engine (PlayController)', () => {
  test('moves, the engine’s replies, takeback; resigning ends it by the player, not by the rules', async () => {
    const { store, game } = setup();
    const play = new PlayController({ store, engine: engine(), setTree: (t, h) => game.setTree(t, h), goTo: (n) => game.goTo(n) });
    play.start({ colour: 'w', level: 0, clock: '', fromHere: false, showThinking: true });
    let s = await until(store, (st) => st.mode === 'play' && !!st.play);
    // the level's rating is in the name only once it is measured (or interpolated)
    expect(s.headers).toMatchObject({ White: 'You', Result: '*' });
    expect(s.headers.Black).toMatch(/^Mainline \(Level 1(, ≈\d+)?\)$/);
    play.humanMove({ from: 'e2', to: 'e4' });
    s = await until(store, (st) => st.tree.mainline().length === 2 && !st.play.thinking);
    expect(movableSide(s)).toBe('w');
    // a move out of turn or illegal is refused
    play.humanMove({ from: 'e4', to: 'e6' });
    expect(store.state.tree.mainline().length).toBe(2);
    expect(play.canTakeBack()).toBe(true);
    play.takeback();
    s = await until(store, (st) => st.tree.mainline().length === 0);
    play.resign();
    s = await until(store, (st) => !!st.play.end);
    expect(s.play.end).toMatchObject({ by: 'resigned', result: '0-1', text: 'White resigned' });
    expect(s.headers).toMatchObject({ Result: '0-1', Termination: 'White resigned' });
    expect(play.canTakeBack()).toBe(false);
    // a game from a position where it is already over ends at once, by the rules
    game.loadFen('7k/6Q1/6K1/8/8/8/8/8 b - - 0 1');
    play.start({ colour: 'b', level: 0, clock: '1+0', fromHere: true, showThinking: false });
    s = await until(store, (st) => st.mode === 'play' && !!st.play?.end);
    expect(s.play.end).toMatchObject({ by: 'checkmate', result: '1-0' });
    expect(s.play.clock.running).toBeNull();
    // a game stopped because another game is opened: its headers stay out of that one
    play.start({ colour: 'w', level: 0, clock: '', fromHere: false, showThinking: false });
    await until(store, (st) => st.mode === 'play' && !st.play.end);
    game.loadPgn('[White "Carlsen"]\n[Black "Nepo"]\n\n1. e4 e5 *');
    s = await until(store, (st) => st.mode === 'analyse' && !!st.play.end);
    expect(s.play.end.by).toBe('stopped');
    expect(s.headers).toMatchObject({ White: 'Carlsen', Black: 'Nepo' });
    expect(s.headers.Termination).toBeUndefined();
    // a game stopped by going back to analysis
    play.start({ colour: 'b', level: 0, clock: '1+0', fromHere: false, showThinking: false });
    s = await until(store, (st) => st.tree.mainline().length === 1 && !st.play.thinking);
    store.set({ mode: 'analyse' });
    s = await until(store, (st) => !!st.play.end);
    expect(s.play.end).toMatchObject({ by: 'stopped', result: '*' });
  }, 60000);
});

describe('saving (SavingController) with a database', () => {
  test('the game, its evaluations and the session written as they change; a failing database is said, retried and written', async () => {
    const { store, game } = setup();
    const name = `controllers-${Date.now()}`;
    const saving = new SavingController({ store, open: () => openStorage({ name }) });
    await saving.start(() => {});
    expect(store.state.save.state).toBe('saved');
    game.loadPgn(TRAP);
    let s = await until(store, (st) => !!st.game.id);
    saving.setEval(s.tree.root, { score: { cp: 20 }, depth: 9, pv: ['e2e4'], pvSan: ['e4'] });
    await saving.flush();
    const db = saving.storage;
    expect((await db.getGame(s.game.id)).nodes.length).toBe(15);
    expect(await db.getPosition(s.tree.root.fen)).toMatchObject({ depth: 9 });
    expect(await db.getSession()).toEqual({ gameId: s.game.id, nodeId: 0 });
    // the disk fails: said, kept, written once it works again
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      game.setNote('worth keeping');
      s = await until(store, (st) => st.save.state === 'error');
      expect(s.save.text).toBe('Not saved: storage full');
      expect(s.error).toMatch(/^Storage is full/);
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    saving.retry();
    s = await until(store, (st) => st.save.state === 'saved');
    const record = await db.getGame(s.game.id);
    expect(record.nodes[0].note).toBe('worth keeping');
    // opening a saved game is not a change: it is not written again (nor moved up the library)
    const written = [];
    const putGame = db.putGame.bind(db);
    db.putGame = (r) => {
      written.push(r.id);
      return putGame(r);
    };
    game.newAnalysis();
    game.setTree(treeFromRecord(record), record.headers, undefined, { id: record.id, name: record.name, named: true, created: record.created, review: null, practice: {} });
    await new Promise((r) => setTimeout(r, 50));
    await saving.flush();
    expect(written).toEqual([]);
    expect(await db.getSession()).toEqual({ gameId: record.id, nodeId: 0 });
    game.setNote('changed');
    await new Promise((r) => setTimeout(r, 0));
    await saving.flush();
    expect(written).toEqual([record.id]);
    db.close();
  }, 30000);
});

describe('openings (OpeningsController)', () => {
  test('the shown position’s opening and the game’s', async () => {
    const { store, game } = setup();
    new OpeningsController({ store });
    game.loadPgn('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O *');
    let s = await until(store, (st) => !!st.gameOpening);
    expect(s.gameOpening.eco).toMatch(/^C[6-9]\d$/);
    expect(s.gameOpening.name).toMatch(/Ruy Lopez|Spanish/);
    game.goTo(s.tree.mainline()[1]);
    s = await until(store, (st) => st.opening?.ply === 2);
    expect(s.opening.name).toMatch(/King's pawn|Open Game|King's Pawn/i);
  });
});

describe('practice that learns: every analysed game of the library, on a schedule (LearnController)', () => {
  /**
   * The trap game with evaluations that make 4. Nxe5 White's one blunder, its refutation the
   * game's own smothered mate (so the words name it without a search), and 3... Nd4's best
   * reply 4. Nxd4 (so that move is right at once).
   */
  function trapRecord() {
    const { tree, headers } = parsePgn(TRAP);
    const line = [tree.root, ...tree.mainline()];
    const ev = (score, pv) => ({ score, depth: 8, ...(pv ? { pv } : {}) });
    line.forEach((n, i) => (n.eval = i < 7 ? ev({ cp: 30 }) : ev({ cp: -300 })));
    line[6].eval = ev({ cp: 30 }, ['f3d4', 'e5d4']);
    line[7].eval = ev({ cp: -300 }, ['d8g5', 'e5f7', 'g5g2', 'h1f1', 'g2e4', 'c4e2', 'd4f3']);
    line[14].eval = { score: { mate: 0 }, depth: 0 };
    return recordFromTree(tree, { id: 'trap', name: 'Anna – Boris (trap)', created: 1, headers, review: { limits: { depth: 8 }, date: 1, complete: true } });
  }

  test('cards from two games, grouped by motif; answers move them (right: a day, wrong: ten minutes); the schedule is stored; a test clock decides', async () => {
    const { store, game } = setup();
    const storage = await openStorage({ name: `learn-${Date.now()}` });
    const words = new WordsController({ engine: engine({ Hash: 1, Threads: 1 }) });
    const practice = new PracticeController({ store, engine: engine({ Hash: 16, Threads: 1 }), goTo: (n) => game.goTo(n) });
    const T0 = Date.UTC(2026, 2, 1, 9);
    let t = T0;
    const openAt = (record, nodeId) => {
      const tree = treeFromRecord(record);
      game.setTree(tree, record.headers, tree.node(nodeId) || tree.root, { id: record.id, name: record.name, named: true, created: record.created, review: record.review, practice: record.practice || {} });
    };
    const learn = new LearnController({ store, storage: () => storage, words, practice, openAt, now: () => t });
    const clocks = parsePgn(CLOCK_GAME);
    await storage.putGame(trapRecord());
    await storage.putGame(recordFromTree(clocks.tree, { id: 'clocks', name: 'Anna – Boris (clocks)', created: 2, headers: clocks.headers, review: { limits: { depth: 8 }, date: 2, complete: true } }));

    // "You" (the default) played neither: nothing to practise, and it says why
    await learn.open();
    expect(store.state.learn).toMatchObject({ open: true, status: 'ready', total: 0, rows: [] });
    expect(store.state.learn.message).toMatch(/^No mistakes to practise yet/);
    // Anna and Boris: White's 4. Nxe5 (allows a smothered mate), Black's 14... Qb6 (no line: other)
    await learn.setNames('anna, Boris');
    let cards = learn.cards;
    expect(cards.map((c) => [c.label, c.color, c.cls, c.motif, c.box, c.due]).sort()).toEqual([
      ['14... Qb6', 'b', 'blunder', 'other', 0, T0],
      ['4. Nxe5', 'w', 'blunder', 'smotheredMate', 0, T0],
    ]);
    expect(store.state.learn.rows).toEqual([
      { motif: 'smotheredMate', name: 'Smothered mate', due: 1, learned: 0, total: 1, next: null },
      { motif: 'other', name: 'Other', due: 1, learned: 0, total: 1, next: null },
    ]);
    expect((await storage.allCards()).length).toBe(2);

    // a session of both: the first card's game opens at the move before the error
    await learn.start();
    let s = await until(store, (st) => st.mode === 'practice' && !!st.practice?.deck);
    expect(s.learn.open).toBe(false);
    const first = s.practice.deck.cards[0];
    expect(s.game.id).toBe(first.gameId);
    expect(s.current.id).toBe(s.tree.node(first.nodeId).parent.id);
    expect(s.practice.message).toMatch(/^Anna – Boris \((trap|clocks)\): (White|Black) played (Nxe5|Qb6) here\./);
    // the trap's card: 4. Nxd4 is the engine's move, right at once; the clocks' card: given up
    const answerCard = async (card) => {
      if (card.gameId === 'trap') {
        await practice.tryMove({ from: 'f3', to: 'd4' });
        await until(store, (st) => st.practice.phase === 'solved');
      } else {
        practice.reveal();
        await until(store, (st) => st.practice.phase === 'solved');
      }
    };
    await answerCard(first);
    practice.next();
    s = await until(store, (st) => st.practice?.deck?.index === 1 && st.practice.phase === 'ask');
    const second = s.practice.deck.cards[1];
    expect(s.game.id).toBe(second.gameId);
    await answerCard(second);
    practice.next();
    s = await until(store, (st) => st.practice.phase === 'done');
    expect(s.practice.message).toMatch(/^Done: 1 of 2 right\./);
    await new Promise((r) => setTimeout(r, 50)); // the last answer's write
    const stored = Object.fromEntries((await storage.allCards()).map((c) => [c.label, c]));
    expect(stored['4. Nxe5']).toMatchObject({ box: 1, due: T0 + 24 * 3600 * 1000, reviews: 1, lapses: 0, last: T0 });
    expect(stored['14... Qb6']).toMatchObject({ box: 0, due: T0 + 10 * 60 * 1000, reviews: 1, lapses: 1, last: T0 });
    practice.stop();
    await until(store, (st) => st.mode === 'analyse' && st.practice === null);

    // eleven minutes later: the wrong one is due again; a day later both
    t = T0 + 11 * 60 * 1000;
    await learn.refresh();
    expect(store.state.learn.rows.map((r) => [r.motif, r.due, r.total])).toEqual([['smotheredMate', 0, 1], ['other', 1, 1]]);
    expect(store.state.learn.due).toBe(1);
    t = T0 + 24 * 3600 * 1000;
    await learn.refresh();
    expect(store.state.learn.due).toBe(2);
    // only one motif's cards
    await learn.start('smotheredMate');
    s = await until(store, (st) => st.mode === 'practice' && !!st.practice?.deck);
    expect(s.practice.deck.cards.map((c) => c.motif)).toEqual(['smotheredMate']);
    practice.stop();
    storage.close();
  }, 120000);
});
