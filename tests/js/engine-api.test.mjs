// The web package's structured API (web/src/node.js) on the real WebAssembly build, in Node
// worker threads: iterations, results, stop (shared-memory flag and terminate-and-respawn),
// errors, options, helpers, several engines, crashes and restarts. No mocks.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Chess } from 'chess.js';
import { createEngine, createUciWorker, DEFAULT_SEARCH_LIMITS, EngineError } from '../../web/src/node.js';
import { crashForTesting } from '../../web/src/client.js';
import { LEVEL_TABLE } from '../../app/src/model/level-table.js';

// UCI_Elo's range: the limited levels of the generated table (engine/level_table.h is the same)
const ELO_KEYS = LEVEL_TABLE.filter((l) => !l.full).map((l) => Number(l.uciElo));
const [ELO_MIN, ELO_MAX] = [ELO_KEYS[0], ELO_KEYS[ELO_KEYS.length - 1]];

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const PV_ENDS = ['leaf', 'mate', 'stalemate', 'repetition', 'fifty', 'material', 'hashcut'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Plays `pv` (UCI) from `fen` with chess.js: every move must be legal; returns the SAN list.
function sanOf(fen, pv) {
  const chess = new Chess(fen);
  return pv.map((uci) => {
    const move = chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
    return move.san;
  });
}

function checkInfo(info, fen) {
  expect(Object.keys(info).sort()).toEqual(
    ['bound', 'depth', 'hashfull', 'multipv', 'nodes', 'nps', 'pv', 'pvEnd', 'pvSan', 'score', 'seldepth', 'timeMs'].sort(),
  );
  expect(['exact', 'lower', 'upper']).toContain(info.bound);
  expect(PV_ENDS).toContain(info.pvEnd);
  expect(Object.keys(info.score).length).toBe(1);
  expect(Number.isInteger(info.score.cp ?? info.score.mate)).toBe(true);
  for (const k of ['depth', 'seldepth', 'multipv', 'nodes', 'nps', 'timeMs', 'hashfull']) expect(Number.isInteger(info[k])).toBe(true);
  expect(info.pv.length).toBe(info.pvSan.length);
  expect(sanOf(fen, info.pv)).toEqual(info.pvSan);
}

let engine;
beforeAll(async () => {
  engine = await createEngine();
});
afterAll(() => engine?.terminate());

describe('analysis', () => {
  test('iterations arrive in order, as plain objects with legal PVs and their SAN', async () => {
    const infos = [];
    const analysis = engine.analyze({ fen: 'startpos', moves: ['e4', 'e7e5'] }, { depth: 9 });
    for await (const info of analysis) infos.push(info);
    const result = await analysis.result;
    const fen = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2';
    const exact = infos.filter((i) => i.bound === 'exact');
    expect(exact.map((i) => i.depth)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (let i = 1; i < infos.length; i++) {
      expect(infos[i].depth).toBeGreaterThanOrEqual(infos[i - 1].depth);
      expect(infos[i].nodes).toBeGreaterThanOrEqual(infos[i - 1].nodes);
    }
    for (const info of infos) checkInfo(info, fen);
    for (const info of exact) expect(info.pv.length).toBeGreaterThan(0);
    const last = exact.at(-1);
    expect(result).toMatchObject({ bestMove: last.pv[0], bestMoveSan: last.pvSan[0], ponder: last.pv[1], depth: 9, score: last.score, stopped: false });
    expect(result.pv).toEqual(last.pv);
  });

  test('onInfo callback style and bestMove()', async () => {
    const seen = [];
    const result = await engine.bestMove(KIWIPETE, { depth: 6 }, { onInfo: (i) => seen.push(i.depth) });
    expect(seen.at(-1)).toBe(6);
    expect(new Chess(KIWIPETE).moves({ verbose: true }).map((m) => m.lan)).toContain(result.bestMove);
  });

  test('MultiPV per search and as an option', async () => {
    const infos = [];
    await engine.bestMove('startpos', { depth: 5, multipv: 3 }, { onInfo: (i) => infos.push(i) });
    const last = infos.filter((i) => i.depth === 5 && i.bound === 'exact');
    expect(last.map((i) => i.multipv)).toEqual([1, 2, 3]);
    expect(new Set(last.map((i) => i.pv[0])).size).toBe(3);
    for (const i of infos) checkInfo(i, START);
    // the per-search MultiPV does not stick
    const single = [];
    await engine.bestMove('startpos', { depth: 3 }, { onInfo: (i) => single.push(i.multipv) });
    expect(Math.max(...single)).toBe(1);
    await engine.setOption('MultiPV', 2);
    const two = [];
    await engine.bestMove('startpos', { depth: 3 }, { onInfo: (i) => two.push(i.multipv) });
    expect(Math.max(...two)).toBe(2);
    await engine.setOption('MultiPV', 1);
  });

  test('searchmoves (UCI or SAN), nodes, movetime and clock limits', async () => {
    const r1 = await engine.bestMove('startpos', { depth: 5, searchmoves: ['a2a3', 'h3'] });
    expect(['a2a3', 'h2h3']).toContain(r1.bestMove);
    const r2 = await engine.bestMove('startpos', { nodes: 20000 });
    expect(r2.nodes).toBeLessThan(40000);
    const t = performance.now();
    const r3 = await engine.bestMove(KIWIPETE, { movetime: 200 });
    expect(performance.now() - t).toBeLessThan(3000);
    expect(r3.bestMove).toMatch(/^[a-h][1-8][a-h][1-8]/);
    const r4 = await engine.bestMove({ moves: ['e4'] }, { wtime: 1000, btime: 1000, winc: 0, binc: 0 });
    expect(r4.bestMove).toMatch(/^[a-h][1-8][a-h][1-8]/);
  });

  test('mate scores, mate and stalemate on the board', async () => {
    const mateIn1 = '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1';
    const r = await engine.bestMove(mateIn1, { depth: 4 });
    expect(r).toMatchObject({ bestMove: 'd1d8', bestMoveSan: 'Rd8#', score: { mate: 1 }, pvEnd: 'mate' });
    const infos = [];
    const mated = await engine.bestMove('3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1', { depth: 3 }, { onInfo: (i) => infos.push(i) });
    expect(mated).toMatchObject({ bestMove: null, ponder: null, score: { mate: 0 } });
    expect(infos[0]).toMatchObject({ depth: 0, pv: [], pvEnd: 'mate', score: { mate: 0 } });
    const stalemate = await engine.bestMove('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1', { depth: 3 });
    expect(stalemate).toMatchObject({ bestMove: null, score: { cp: 0 }, pvEnd: 'stalemate' });
  });
});

describe('stop', () => {
  // The stop latency budget is 50 ms; the best of three must meet it (single runs may be slowed
  // by other test files running on the same cores), and every one must be far below a second.
  async function stopLatencies(e, n = 3) {
    const out = [];
    for (let i = 0; i < n; i++) {
      const analysis = e.analyze(KIWIPETE, { infinite: true });
      let depth = 0;
      for await (const info of analysis) if ((depth = info.depth) >= 6) break; // leaving the loop stops too
      const a2 = e.analyze(KIWIPETE, { infinite: true });
      await sleep(150);
      const t = performance.now();
      const result = await a2.stop();
      out.push(performance.now() - t);
      expect(result.stopped).toBe(true);
      expect(new Chess(KIWIPETE).moves({ verbose: true }).map((m) => m.lan)).toContain(result.bestMove);
      expect((await analysis.result).stopped).toBe(true);
    }
    return out;
  }

  test('shared-memory flag: stops promptly with a best move, in the same worker', async () => {
    expect(engine.stopMode).toBe('sab');
    const worker = engine.startupTiming;
    const ms = await stopLatencies(engine);
    expect(engine.startupTiming).toBe(worker); // no restart: the hash table is kept
    console.log(`stop latency, SharedArrayBuffer flag: ${ms.map((x) => x.toFixed(1)).join(', ')} ms`);
    // The 50 ms budget is measured by `npm run bench -- --section web`; here a loose bound only
    // catches a stop that does not work (a search on its own would run for seconds).
    expect(Math.min(...ms)).toBeLessThan(250);
    expect(Math.max(...ms)).toBeLessThan(1000);
  });

  test('terminate-and-respawn (no SharedArrayBuffer): stops at once, engine usable after', async () => {
    const e = await createEngine({ stopMode: 'terminate', options: { Hash: 8 } });
    try {
      expect(e.stopMode).toBe('terminate');
      const ms = await stopLatencies(e);
      console.log(`stop latency, terminate + respawn: ${ms.map((x) => x.toFixed(1)).join(', ')} ms`);
      expect(Math.min(...ms)).toBeLessThan(250);  // budget measured by the bench, see above
      const r = await e.bestMove('startpos', { depth: 4 });
      expect(r.depth).toBe(4);
      // stopped before any iteration completed: a depth-1 search still gives the move
      const a = e.analyze(KIWIPETE, { infinite: true });
      const early = await a.stop();
      expect(early.stopped).toBe(true);
      expect(early.bestMove).toMatch(/^[a-h][1-8][a-h][1-8]/);
    } finally {
      e.terminate();
    }
  });

  // A search queued behind a long call is ended when it starts: the call ahead of it is not
  // ended for it (it used to be killed and run again on a new worker).
  test.each(['sab', 'terminate'])('a stop or a suspension of a search queued behind a long call leaves the call alone (stopMode %s)', async (stopMode) => {
    const e = await createEngine({ stopMode, stopTimeoutMs: 100 });
    try {
      const t0 = performance.now();
      const perft = e.perft('startpos', 6); // about a second: the search waits behind it
      const analysis = e.analyze(KIWIPETE, { infinite: true });
      await sleep(20);
      const legal = e.legalMoves('startpos'); // suspends the queued search; answered after perft
      const result = await analysis.stop();
      expect(result.stopped).toBe(true);
      expect(result.bestMove).toMatch(/^[a-h][1-8][a-h][1-8]/);
      expect(await perft).toBe(119060324);
      expect(await legal).toHaveLength(20);
      const ms = performance.now() - t0;
      // perft ran once: a second run would double the time
      const alone = performance.now();
      await e.perft('startpos', 6);
      const once = performance.now() - alone;
      console.log(`perft 6 with a stop and a call queued behind it (${stopMode}): ${ms.toFixed(0)} ms; alone ${once.toFixed(0)} ms`);
      expect(ms).toBeLessThan(once * 1.6 + 300);
      expect((await e.bestMove('startpos', { depth: 4 })).depth).toBe(4);
    } finally {
      e.terminate();
    }
  }, 30000);

  test('calls during a search queued behind a long call: the call runs once, the search goes on after', async () => {
    const e = await createEngine({ stopMode: 'terminate' });
    try {
      const infos = [];
      const perft = e.perft('startpos', 6);
      const a = e.analyze(KIWIPETE, { infinite: true }, { onInfo: (i) => infos.push(i) });
      await sleep(20);
      const legal = await e.legalMoves('startpos');
      expect(legal).toHaveLength(20);
      expect(await perft).toBe(119060324);
      while (!infos.some((i) => i.depth >= 6)) await sleep(10);
      expect((await a.stop()).stopped).toBe(true);
    } finally {
      e.terminate();
    }
  }, 30000);

  test('a new analyze cancels the previous one cleanly, and says so', async () => {
    const first = engine.analyze('startpos', { infinite: true });
    await sleep(50);
    const second = engine.analyze(KIWIPETE, { depth: 5 });
    const r1 = await first.result;
    expect(r1).toMatchObject({ stopped: true, stoppedBy: 'replaced' });
    expect(r1.bestMove).toMatch(/^[a-h][1-8][a-h][1-8]/);
    const r2 = await second.result;
    expect(r2.depth).toBe(5);
    expect(r2.stopped).toBe(false);
    expect(r2.stoppedBy).toBeUndefined();
    expect(await engine.stop()).toBe(null); // nothing running
  });

  // A call made while a search runs is answered at once, and the search goes on from where it
  // was (it used to end the search, which then read "stopped").
  test.each(['sab', 'terminate'])('calls during a search are answered and the search goes on (stopMode %s)', async (stopMode) => {
    const e = stopMode === 'sab' ? engine : await createEngine({ stopMode });
    try {
      const infos = [];
      const a = e.analyze(KIWIPETE, { infinite: true }, { onInfo: (i) => infos.push(i) });
      while (!infos.some((i) => i.depth >= 6)) await sleep(10);
      const before = infos.length;
      const t = performance.now();
      const [legal, value, info] = await Promise.all([e.legalMoves('startpos'), e.evaluate('startpos'), e.positionInfo(KIWIPETE)]);
      const callMs = performance.now() - t;
      expect(legal).toHaveLength(20);
      expect(value).toBeTypeOf('number');
      expect(info.status).toBe('ongoing');
      await e.setOption('MultiPV', 1);
      expect(a.done).toBe(false);
      // the search goes on: deeper iterations arrive after the calls, counting on from before
      const reached = infos.at(-1).depth;
      while (!infos.slice(before).some((i) => i.depth > reached + 1)) await sleep(10);
      const depths = infos.filter((i) => i.bound === 'exact' && i.multipv === 1).map((i) => i.depth);
      expect(depths).toEqual([...depths].sort((x, y) => x - y)); // never back to depth 1
      expect(new Set(depths).size).toBe(depths.length);
      const nodes = infos.map((i) => i.nodes);
      expect(nodes).toEqual([...nodes].sort((x, y) => x - y));
      const r = await a.stop();
      expect(r).toMatchObject({ stopped: true, stoppedBy: 'stop' });
      expect(r.depth).toBeGreaterThanOrEqual(reached);
      // the nodes of every part, counted once (not the earlier parts twice)
      expect(r.nodes).toBeGreaterThanOrEqual(infos.at(-1).nodes);
      expect(r.nodes).toBeLessThan(infos.at(-1).nodes * 1.3 + 200000);
      console.log(`calls during a search (${stopMode}): answered in ${callMs.toFixed(1)} ms, the search went on to depth ${r.depth}`);
    } finally {
      if (e !== engine) e.terminate();
    }
  }, 30000);

  test('limits left after a suspension: a movetime search still ends near its time, a nodes search at its nodes', async () => {
    const t = performance.now();
    const timed = engine.analyze(KIWIPETE, { movetime: 600 });
    await sleep(150);
    await engine.legalMoves(KIWIPETE);
    await sleep(150);
    await engine.evaluate(KIWIPETE);
    const r = await timed.result;
    const ms = performance.now() - t;
    expect(r.stopped).toBe(false);
    expect(ms).toBeGreaterThan(300); // (the engine may end a movetime search before its last iteration)
    expect(ms).toBeLessThan(2500);
    const counted = engine.analyze(KIWIPETE, { nodes: 200000 });
    await sleep(30);
    await engine.legalMoves('startpos');
    const rn = await counted.result;
    expect(rn.nodes).toBeGreaterThan(150000);
    expect(rn.nodes).toBeLessThan(260000);
  }, 30000);

  test('a search without a limit that ends it stops by itself (DEFAULT_SEARCH_LIMITS); infinite does not', async () => {
    expect(DEFAULT_SEARCH_LIMITS).toEqual({ depth: 22, movetime: 20000 });
    const r = await engine.bestMove('8/8/8/4k3/8/8/3K4/7R w - - 0 1', { multipv: 1 });
    expect(r.stopped).toBe(false);
    expect(r.depth).toBeLessThanOrEqual(22);
    const endless = engine.analyze('8/8/8/4k3/8/8/3K4/7R w - - 0 1', { infinite: true });
    await sleep(300);
    expect(endless.done).toBe(false);
    expect((await endless.stop()).stopped).toBe(true);
  }, 30000);

  test('an AbortSignal stops the search and rejects its result with the reason', async () => {
    const controller = new AbortController();
    const a = engine.analyze(KIWIPETE, { infinite: true }, { signal: controller.signal });
    await sleep(100);
    controller.abort();
    await expect(a.result).rejects.toMatchObject({ name: 'AbortError' });
    await expect((async () => {
      for await (const info of a) expect(info.depth).toBeGreaterThan(0); // what came before, then the error
    })()).rejects.toMatchObject({ name: 'AbortError' });
    const reason = new Error('the user left');
    const b = engine.analyze(KIWIPETE, { infinite: true }, { signal: AbortSignal.abort(reason) });
    await expect(b.result).rejects.toBe(reason);
    const timed = engine.bestMove(KIWIPETE, { infinite: true }, { signal: AbortSignal.timeout(200) });
    await expect(timed).rejects.toMatchObject({ name: 'TimeoutError' });
    await expect(engine.bestMove('startpos', { depth: 2 }, { signal: 'no' })).rejects.toThrow(/signal must be an AbortSignal/);
    expect((await engine.bestMove('startpos', { depth: 3 })).depth).toBe(3); // the engine goes on
  });

  test('an analysis followed only through onInfo does not drop its error: the engine reports it', async () => {
    const e = await createEngine();
    try {
      const reported = [];
      e.on('error', (err) => reported.push(err.message));
      e.analyze('not a fen', { depth: 3 }, { onInfo: () => {} });
      e.analyze('startpos', { depth: 'x' }, { onInfo: () => {} });
      for (let i = 0; i < 100 && reported.length < 2; i++) await sleep(10);
      expect(reported.sort()).toEqual([expect.stringMatching(/bad FEN/), expect.stringMatching(/depth must be a number/)]);
      // one whose result is held reports nothing more
      const held = e.analyze('not a fen either');
      await expect(held.result).rejects.toThrow(/bad FEN/);
      await sleep(20);
      expect(reported).toHaveLength(2);
    } finally {
      e.terminate();
    }
  });

  test('the analysis shows no internals: only the iterator, result, stop() and done', async () => {
    const a = engine.analyze('startpos', { depth: 3 });
    await a.result;
    expect(Object.keys(a)).toEqual([]);
    expect(Object.getOwnPropertyNames(Object.getPrototypeOf(a)).sort()).toEqual(['constructor', 'done', 'next', 'result', 'return', 'stop']);
    expect(Object.keys(engine).filter((k) => !k.startsWith('on'))).toEqual([]);
  });
});

describe('errors', () => {
  const rejects = async (p, re) => {
    const e = await p.then(() => null, (err) => err);
    expect(e).toBeInstanceOf(EngineError);
    expect(e.code).toBe('INPUT');
    expect(e.message).toMatch(re);
  };

  test('bad input is rejected with the engine message and the engine keeps working', async () => {
    await rejects(engine.bestMove('8/8/8 w', { depth: 3 }), /^bad FEN: /);
    await rejects(engine.bestMove('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra', { depth: 3 }), /FEN/);
    await rejects(engine.bestMove({ moves: ['e2e4', 'e2e4'] }, { depth: 3 }), /move 2 of the moves list/);
    await rejects(engine.bestMove({ moves: ['Nf6'] }, { depth: 3 }), /move 1 of the moves list/);
    await rejects(engine.bestMove('startpos', { depth: 0 }), /depth/);
    await rejects(engine.bestMove('startpos', { depth: 'x' }), /depth must be a number/);
    await rejects(engine.bestMove('startpos', { nodez: 1 }), /unknown search limit 'nodez'/);
    await rejects(engine.bestMove('startpos', { searchmoves: ['e2e5'] }), /e2e5/);
    await rejects(engine.setOption('Hash', 'abc'), /Hash must be a whole number/);
    await rejects(engine.setOption('NoSuchOption', 1), /unknown option 'NoSuchOption'/);
    await rejects(engine.setOption('PvMethod', 'best'), /PvMethod must be one of/);
    await rejects(engine.setOption('Skill Level', 21), /Skill Level must be a whole number from 0 to 20/);
    await rejects(engine.setOption('UCI_Elo', 5000), new RegExp(`UCI_Elo must be a whole number from ${ELO_MIN} to ${ELO_MAX}`));
    await rejects(engine.validateFen('xyz'), /^bad FEN: /);
    await rejects(engine.perft('startpos', 0), /perft depth/);
    await rejects(engine.toSan('startpos', ['e2e4', 'e2e4']), /move 2/);
    // createEngine's own options: an unknown one is refused by name, not ignored
    await rejects(createEngine({ workerURL: '/w.js' }), /unknown createEngine option 'workerURL' \(known: .*baseUrl.*\)/);
    await rejects(createEngine({ autoRestart: 'yes' }), /autoRestart must be true or false/);
    await rejects(createEngine({ callTimeoutMs: -1 }), /callTimeoutMs must be a number of 0 or more/);
    await rejects(createEngine({ options: 'Hash=8' }), /options must be an object/);
    expect(() => createUciWorker({ stopmode: 'sab' })).toThrow(/unknown createUciWorker option 'stopmode'/);
    // workerUrl and wasmUrl name the single build's files: giving one picks that build (a page
    // that is isolated got the single build's worker asked for threads); with 'threaded', refused
    const single = await createEngine({ wasmUrl: new URL('../../web/dist/mainline_web.wasm', import.meta.url) });
    expect(single.build).toBe('single');
    expect((await single.bestMove('startpos', { depth: 3 })).depth).toBe(3);
    single.terminate();
    await rejects(createEngine({ wasmUrl: 'x.wasm', build: 'threaded' }), /workerUrl and wasmUrl name the single-threaded build's files; for the threaded build give baseUrl/);
    // baseUrl: the folder of both builds' files (here the package's own dist/, as a path)
    const based = await createEngine({ baseUrl: fileURLToPath(new URL('../../web/dist/', import.meta.url)) });
    expect(based.build).toBe('threaded');
    expect((await based.bestMove('startpos', { depth: 3 })).depth).toBe(3);
    based.terminate();
    const analysis = engine.analyze('not a fen');
    await rejects(analysis.result, /bad FEN/);
    await expect(analysis.next()).rejects.toThrow(/bad FEN/);
    expect(engine.state).toBe('ready');
    expect((await engine.bestMove('startpos', { depth: 3 })).depth).toBe(3);
  });
});

describe('options and helpers', () => {
  test('options: Hash, PvMethod, AltVariations, Clear Hash, list', async () => {
    await engine.setOption('Hash', 32);
    await engine.setOption('PvMethod', 'tt');
    await engine.setOption('AltVariations', true);
    await engine.setOption('Clear Hash');
    const infos = [];
    await engine.bestMove(KIWIPETE, { depth: 6 }, { onInfo: (i) => infos.push(i) });
    for (const i of infos) checkInfo(i, KIWIPETE);
    await engine.setOption('PvMethod', 'pvhash');
    await engine.setOption('AltVariations', false);
    await engine.setOption('Hash', 16);
    await engine.newGame();
    const lines = await engine.uciOptions();
    expect(lines.some((l) => /^option name Hash type spin/.test(l))).toBe(true);
    // the range is the level table's (engine/level_table.h)
    expect(lines).toContain(`option name UCI_Elo type spin default 1500 min ${ELO_MIN} max ${ELO_MAX}`);
  });

  test('weaker play: UCI_Elo keeps a node budget and still plays legal moves', async () => {
    await engine.setOption('UCI_LimitStrength', true);
    await engine.setOption('UCI_Elo', 1000);
    for (let i = 0; i < 5; i++) {
      const r = await engine.bestMove(KIWIPETE, { movetime: 2000 });
      // 1000 Elo: level 2, 150 nodes (engine/level_table.h), but the first iteration always completes
      // (about 2700 nodes with four lines in Kiwipete)
      expect(r.nodes).toBeLessThan(5000);
      expect(r.depth).toBeGreaterThanOrEqual(1);
      expect((await engine.legalMoves(KIWIPETE)).map((m) => m.uci)).toContain(r.bestMove);
    }
    await engine.setOption('UCI_LimitStrength', false);
    const full = await engine.bestMove(KIWIPETE, { depth: 6 });
    expect(full.nodes).toBeGreaterThan(5000);
  });

  test('perft, eval, legal moves, position info, FEN and SAN helpers', async () => {
    expect(await engine.perft('startpos', 4)).toBe(197281);
    expect(await engine.perft(KIWIPETE, 3)).toBe(97862);
    const divide = await engine.perftDivide(KIWIPETE, 2);
    expect(divide.length).toBe(48);
    expect(divide.reduce((s, e) => s + e.nodes, 0)).toBe(2039);
    expect(await engine.evaluate('startpos')).toBeTypeOf('number');
    const moves = await engine.legalMoves({ moves: ['e4'] });
    expect(moves.length).toBe(20);
    expect(moves).toContainEqual({ uci: 'g8f6', san: 'Nf6' });
    expect(await engine.positionInfo('startpos')).toEqual({ fen: START, sideToMove: 'w', inCheck: false, status: 'ongoing' });
    expect((await engine.positionInfo({ moves: ['f3', 'e5', 'g4', 'Qh4#'] })).status).toBe('checkmate');
    expect((await engine.positionInfo('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1')).status).toBe('stalemate');
    expect((await engine.positionInfo('8/8/4k3/8/8/4K3/8/8 w - - 0 1')).status).toBe('material');
    expect(await engine.validateFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -')).toBe(START);
    expect(await engine.toSan('startpos', ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5'])).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    expect(await engine.toUci({ moves: ['e4', 'e5'] }, ['Nf3', 'Nc6', 'Bc4', 'Nf6', 'O-O'])).toEqual(['g1f3', 'b8c6', 'f1c4', 'g8f6', 'e1g1']);
  });

  test('evalTrace: what each piece adds, White’s side; the evaluation is evaluate()’s; none without the network', async () => {
    const pos = { moves: ['e4', 'e5', 'Nf3'] }; // Black to move
    const trace = await engine.evalTrace(pos);
    // evaluate() is the side to move's; 0 - x, not -x: an evaluation of 0 would give -0, which toBe tells apart
    expect(trace.eval).toBe(0 - (await engine.evaluate(pos)));
    expect(trace.pieces).toHaveLength(30);
    expect(trace.pieces[0]).toEqual({ square: 'a1', piece: 'R', value: expect.any(Number) });
    const queen = (p) => trace.pieces.find((x) => x.piece === p).value;
    expect(queen('Q')).toBeGreaterThan(300);
    expect(queen('q')).toBeLessThan(-300);
    expect(trace.pieces.some((x) => x.piece === 'K' || x.piece === 'k')).toBe(false);
    await engine.setOption('Use NNUE', false);
    try {
      await expect(engine.evalTrace('startpos')).rejects.toMatchObject({ code: 'INPUT', message: expect.stringMatching(/needs the network/) });
    } finally {
      await engine.setOption('Use NNUE', true);
    }
    expect((await engine.evalTrace('startpos')).pieces).toHaveLength(30);
  });

  test('bench signature equals the native build', async () => {
    const native = path.join(ROOT, 'build/mainline');
    const r = await engine.bench(5);
    expect(r.nodes).toBeGreaterThan(0);
    if (!existsSync(native)) return;
    const out = execFileSync(native, ['bench 5'], { encoding: 'utf8' });
    expect(r.nodes).toBe(Number(/Nodes searched\s*:\s*(\d+)/.exec(out)[1]));
  });
});

describe('several engines, crashes, terminate', () => {
  test('two engines search at the same time', async () => {
    const [a, b] = await Promise.all([createEngine(), createEngine({ stopMode: 'terminate' })]);
    try {
      const [ra, rb] = await Promise.all([a.bestMove('startpos', { depth: 7 }), b.bestMove(KIWIPETE, { depth: 5 })]);
      expect(new Chess().moves({ verbose: true }).map((m) => m.lan)).toContain(ra.bestMove);
      expect(new Chess(KIWIPETE).moves({ verbose: true }).map((m) => m.lan)).toContain(rb.bestMove);
      // stopping one does not disturb the other
      const long = a.analyze('startpos', { infinite: true });
      const other = b.bestMove({ moves: ['d4'] }, { depth: 6 });
      await sleep(50);
      await long.stop();
      expect((await other).depth).toBe(6);
    } finally {
      a.terminate();
      b.terminate();
    }
  });

  test.each(['trap', 'abort', 'oom'])('a %s inside the engine is reported and the engine can restart', async (kind) => {
    const e = await createEngine({ options: { MultiPV: 2 } });
    try {
      const events = [];
      e.on('error', (err) => events.push(err.code));
      const running = e.analyze('startpos', { depth: 30 });
      const crash = await crashForTesting(e, kind).then(() => null, (err) => err);
      expect(crash).toBeInstanceOf(EngineError);
      expect(crash.code).toBe('CRASHED');
      // the call suspended the search, which the crash then ended
      await expect(running.result).rejects.toMatchObject({ code: 'CRASHED' });
      expect(events).toEqual(['CRASHED']);
      expect(e.state).toBe('crashed');
      await expect(e.bestMove('startpos', { depth: 2 })).rejects.toMatchObject({ code: 'CRASHED' });
      await e.restart();
      expect(e.state).toBe('ready');
      const infos = [];
      await e.bestMove('startpos', { depth: 3 }, { onInfo: (i) => infos.push(i.multipv) });
      expect(Math.max(...infos)).toBe(2); // options survive the restart
    } finally {
      e.terminate();
    }
  }, 30000);

  test('autoRestart, and terminate rejects pending work', async () => {
    const e = await createEngine({ autoRestart: true });
    const restarted = new Promise((r) => e.on('restart', r));
    await crashForTesting(e, 'trap').catch(() => {});
    await restarted;
    expect((await e.bestMove('startpos', { depth: 2 })).depth).toBe(2);
    const pending = e.analyze('startpos', { infinite: true });
    const call = e.perft('startpos', 5);
    e.terminate();
    await expect(call).rejects.toMatchObject({ code: 'TERMINATED' });
    await expect(pending.result).rejects.toMatchObject({ code: 'TERMINATED' });
    await expect(e.evaluate('startpos')).rejects.toMatchObject({ code: 'TERMINATED' });
    expect(e.state).toBe('terminated');
  }, 30000);
});
