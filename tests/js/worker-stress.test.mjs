// Stress of the web package's worker API on the real WebAssembly build (docs/robustness.md):
// rapid go/stop cycles through the UCI text mode (createUciWorker, both stop
// modes) and analyze/stop cycles through the structured API (createEngine). Every search must end
// exactly once with a legal best move (or none exactly when there is no legal move), nothing may
// hang, and memory must stop growing once every table size has been used.
//
// It takes a minute or two, and its timing would disturb the latency checks of the other test
// files if they ran beside it, so it runs in a stage of its own (scripts/test.sh):
//   MAINLINE_STRESS=1 npx vitest run tests/js/worker-stress.test.mjs
// MAINLINE_STRESS_CYCLES changes the number of cycles of the main run (default 10000).
import { describe, expect, test } from 'vitest';
import { createEngine, createUciWorker } from '../../web/src/node.js';
import { rng, runUciStress, stressPositions } from '../../scripts/lib/uci-stress.mjs';

const RUN = process.env.MAINLINE_STRESS === '1';
const CYCLES = Number(process.env.MAINLINE_STRESS_CYCLES || 10000);
const MB = 1024 * 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rss = async () => process.memoryUsage().rss;
const fmt = (b) => `${(b / MB).toFixed(1)} MB`;

function uciEngine(w) {
  return { send: (line) => w.postMessage(line), onLine: (fn) => w.addEventListener('message', (e) => fn(e.data)) };
}

function report(label, r) {
  console.log(
    `${label}: ${r.cycles} cycles in ${(r.elapsedMs / 1000).toFixed(1)} s (${Math.round(r.cycles / (r.elapsedMs / 1000))}/s); ` +
      `${r.gos} go, ${r.bestmoves} bestmove, ${r.errors} bad commands refused; stop -> bestmove median ${r.stopMs.median.toFixed(1)} ms, ` +
      `99% ${r.stopMs.p99.toFixed(1)} ms, max ${r.stopMs.max.toFixed(1)} ms (${r.stopMs.count} timed); ` +
      (r.memorySamples.length ? `RSS of the process: ${r.memorySamples.map((s) => `${s.label} ${fmt(s.bytes)}`).join(', ')}` : ''),
  );
}

describe.skipIf(!RUN)('worker API under stress', () => {
  test(`UciWorker, shared-memory stop: ${CYCLES} go/stop cycles`, async () => {
    const w = createUciWorker({ stopMode: 'sab' });
    try {
      const r = await runUciStress(uciEngine(w), { cycles: CYCLES, seed: 7, memory: rss, log: (s) => console.log(`UciWorker sab: ${s}`) });
      report('UciWorker sab', r);
      expect(r.problems).toEqual([]);
      expect(r.bestmoves).toBe(r.gos);
      expect(r.gos).toBe(CYCLES);
      // Wasm memory only grows; once every Hash size has been used (before the first sample) the
      // process must stop growing. Measured: +38 MB between 2000 and 10000 cycles, flat after 6000.
      expect(r.memEnd - r.memWarm).toBeLessThan(96 * MB);
    } finally {
      w.terminate();
    }
  }, 600000);

  test('UciWorker, terminate-and-respawn stop: 1000 go/stop cycles', async () => {
    // Every stop of a running search restarts the worker here, so fewer cycles.
    const w = createUciWorker({ stopMode: 'terminate' });
    try {
      const r = await runUciStress(uciEngine(w), { cycles: 1000, seed: 8, warmup: 250 });
      report('UciWorker terminate', r);
      expect(r.problems).toEqual([]);
      expect(r.bestmoves).toBe(r.gos);
    } finally {
      w.terminate();
    }
  }, 300000);

  // Analyses started and stopped (or superseded by the next analyze) in quick succession, with
  // option changes and new games between them: each must resolve once, with a legal move.
  async function structuredStress(engine, cycles, seed) {
    const random = rng(seed);
    const positions = stressPositions(random);
    const limits = [{ infinite: true }, { depth: 100 }, { movetime: 1 }, { nodes: 2000 }, { depth: 1 }, { depth: 100, multipv: 5 }];
    const pending = [];
    const problems = [];
    let results = 0;
    const check = (pos, r) => {
      results++;
      const ok = pos.legal.size === 0 ? r.bestMove === null : pos.legal.has(r.bestMove);
      if (!ok && problems.length < 10) problems.push(`${JSON.stringify(r.bestMove)} in '${pos.command.slice(0, 80)}'`);
    };
    const t0 = performance.now();
    let memWarm = 0;
    for (let i = 0; i < cycles; i++) {
      const x = random();
      if (x < 0.02) await engine.setOption('Hash', random.pick([1, 4, 16, 64]));
      else if (x < 0.04) await engine.newGame();
      const pos = random.pick(positions);
      const analysis = engine.analyze({ fen: pos.fen, moves: pos.moves }, random.pick(limits));
      const settled = analysis.result.then((r) => check(pos, r), (e) => problems.push(`analysis failed: ${e.message}`));
      const how = random();
      if (how < 0.5) {
        pending.push(settled); // the next analyze stops it
      } else {
        if (how < 0.8) await sleep(random.int(5));
        await analysis.stop();
        await settled;
      }
      if (i === Math.floor(cycles / 4)) {
        await Promise.all(pending);
        await engine.setOption('Hash', 16);
        memWarm = await rss();
      }
    }
    await engine.stop();
    await Promise.all(pending);
    await engine.setOption('Hash', 16);
    const memEnd = await rss();
    return { results, problems, elapsedMs: performance.now() - t0, memWarm, memEnd };
  }

  test.each([
    ['sab', 2000],
    ['terminate', 300],
  ])('structured API, stopMode %s: %i analyze/stop cycles', async (stopMode, cycles) => {
    const engine = await createEngine({ stopMode });
    try {
      const r = await structuredStress(engine, cycles, stopMode === 'sab' ? 9 : 10);
      console.log(`structured API ${stopMode}: ${cycles} analyses in ${(r.elapsedMs / 1000).toFixed(1)} s; ` +
        `RSS of the process after ${Math.floor(cycles / 4)} ${fmt(r.memWarm)}, at the end ${fmt(r.memEnd)}`);
      expect(r.problems).toEqual([]);
      expect(r.results).toBe(cycles);
      expect(engine.state).toBe('ready');
      expect(r.memEnd - r.memWarm).toBeLessThan(96 * MB);
    } finally {
      engine.terminate();
    }
  }, 300000);
});
