// The web package as a consumer gets it: `npm pack web/`, install the tarball into an empty
// project (offline: the package has no dependencies), then use it from Node (ESM import and the
// mainline-uci and mainline-analyse binaries) and type-check a TypeScript consumer against
// index.d.ts and annotate.d.ts.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
let dir;
let files;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mainline-pack-'));
  const { stdout } = await run('npm', ['pack', path.join(ROOT, 'web'), '--json', '--pack-destination', dir], { cwd: dir });
  const [info] = JSON.parse(stdout.slice(stdout.indexOf('[')));
  files = info.files.map((f) => f.path);
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(dir, info.filename)], { cwd: dir });
}, 120000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('the tarball holds the built engine, sources, types and binary (and no tests)', () => {
  for (const f of ['dist/mainline_web.wasm', 'dist/mainline_web.js', 'dist/worker.js', 'src/index.js', 'src/node.js', 'src/client.js',
    'src/worker-core.js', 'src/worker.js', 'src/worker-node.js', 'bin/mainline-uci.js', 'index.d.ts', 'package.json', 'README.md',
    'src/annotate.js', 'bin/mainline-analyse.js', 'annotate.d.ts', 'src/report.js', 'report.d.ts', 'src/wdl.js', 'wdl.d.ts'])
    expect(files).toContain(f);
  expect(files.filter((f) => f.startsWith('test/') || f.startsWith('scripts/'))).toEqual([]);
});

test('an installed copy works from Node: import, search, UCI mode, binary', async () => {
  await writeFile(path.join(dir, 'use.mjs'), `
    import { createEngine, createUciWorker, EngineError } from 'mainline-chess';
    const engine = await createEngine({ options: { Hash: 8 } });
    const result = await engine.bestMove({ moves: ['e4'] }, { depth: 5 });
    let error = null;
    try { await engine.bestMove('bad fen'); } catch (e) { error = e instanceof EngineError && e.code; }
    engine.terminate();
    const uci = createUciWorker();
    const lines = [];
    uci.onmessage = (e) => lines.push(e.data);
    uci.postMessage('position startpos\\ngo perft 2');
    await uci.whenIdle();
    uci.terminate();
    console.log(JSON.stringify({ bestMove: result.bestMove, depth: result.depth, error, perft: lines.at(-2) }));
  `);
  const { stdout } = await run(process.execPath, ['use.mjs'], { cwd: dir });
  const out = JSON.parse(stdout);
  expect(out).toMatchObject({ depth: 5, error: 'INPUT', perft: 'Nodes searched: 400' });
  expect(out.bestMove).toMatch(/^[a-h][1-8][a-h][1-8]$/);
  const bin = await run(path.join(dir, 'node_modules/.bin/mainline-uci'), ['position startpos', 'go perft 3'], { cwd: dir });
  expect(bin.stdout).toContain('Nodes searched: 8902');
  // mainline-analyse, with no dependency installed: annotated PGN
  await writeFile(path.join(dir, 'g.pgn'), '[Event "x"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n');
  const analysed = await run(path.join(dir, 'node_modules/.bin/mainline-analyse'), ['--depth', '3', '--quiet', 'g.pgn'], { cwd: dir });
  expect(analysed.stdout.match(/\[%eval /g)).toHaveLength(8); // the start position and 7 moves
  expect(analysed.stdout).toMatch(/3\.\.\. Nf6 \$4 \{ \[%eval #1\]/);
  const { parsePgnGames } = await import(path.join(dir, 'node_modules/mainline-chess/src/annotate.js'));
  expect(parsePgnGames(analysed.stdout)[0].headers.Event).toBe('x');
}, 60000);

test.skipIf(!existsSync(TSC))('index.d.ts type-checks a TypeScript consumer', async () => {
  await writeFile(path.join(dir, 'use.ts'), `
    import { createEngine, createUciWorker, EngineError, type IterationInfo, type SearchResult } from 'mainline-chess';
    import { writePgn, parsePgnGames, judgeMove, type Eval } from 'mainline-chess/annotate';
    import { gameReport, classifyMove, moveClass, pgnJudgement, reportSummary, type GameReport, type MoveClassName } from 'mainline-chess/report';
    import { wdl, perMille, WDL_MODEL, type Wdl } from 'mainline-chess/wdl';
    const ev: Eval = { score: { cp: 20 }, depth: 8, pv: ['e2e4'] };
    const pgnText: string = writePgn({ headers: { White: 'A' }, root: { san: null, eval: ev, children: [{ san: 'e4', uci: 'e2e4', children: [] }] } });
    void [parsePgnGames(pgnText)[0].headers.White, judgeMove(ev, ev, 'w').drop];
    const report: GameReport = gameReport([{ mover: 'w', played: 'e2e4', before: ev, after: ev }]);
    const cls: MoveClassName = classifyMove({ mover: 'b', before: ev, after: ev, sacrifice: 2 }).cls;
    void [report.players.w.accuracy, report.players.b.counts.blunder, cls, moveClass(cls).label];
    const annotated: string = writePgn({ headers: {}, report: reportSummary(report), root: { san: null, children: [{ san: 'e4', judgement: pgnJudgement(report.moves[0]), children: [] }] } });
    void annotated;
    const chances: Wdl = perMille(wdl({ cp: 35 }, 60));
    void [chances.win + chances.draw + chances.loss, WDL_MODEL.source];
    async function main(): Promise<void> {
      const engine = await createEngine({ stopMode: 'auto', options: { Hash: 16, MultiPV: 2 } });
      const analysis = engine.analyze({ fen: 'startpos', moves: ['e4'] }, { depth: 10, searchmoves: ['e5', 'c7c5'] });
      for await (const info of analysis) {
        const i: IterationInfo = info;
        const s: number = 'cp' in i.score && i.score.cp !== undefined ? i.score.cp : i.score.mate ?? 0;
        if (i.depth > 4 && s > 0 && i.pvEnd === 'leaf' && i.bound === 'exact') break;
      }
      const r: SearchResult = await engine.bestMove('startpos', { movetime: 100 }, { onInfo: (i) => i.pvSan.join(' ') });
      const stopped: SearchResult | null = await engine.stop();
      await engine.setOption('PvMethod', 'tt');
      await engine.setOption('Clear Hash');
      // @ts-expect-error a spin option takes a number
      await engine.setOption('MultiPV', 'two');
      // @ts-expect-error a combo option takes one of its values
      await engine.setOption('PvMethod', 'best');
      // @ts-expect-error no such option
      await engine.setOption('Hashh', 16);
      const multipv = engine.options.find((o) => o.name === 'MultiPV');
      const max: number = multipv && multipv.type === 'spin' ? multipv.max : 1;
      await engine.bestMove('startpos', { depth: 2, multipv: max }, { onInfo: (i) => i.pvCheck && !i.pvCheck.ok && i.pvCheck.problem });
      const moves: string[] = (await engine.legalMoves('startpos')).map((m) => m.san);
      engine.on('error', (e: EngineError) => e.code === 'CRASHED' && engine.restart());
      const uci = createUciWorker();
      uci.onmessage = (e) => e.data.startsWith('bestmove');
      uci.postMessage('go depth 3');
      void [r.bestMove, stopped, moves];
      engine.terminate();
    }
    main();
  `);
  await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2022'], types: [] },
    files: ['use.ts'],
  }));
  const tsc = await run(process.execPath, [TSC, '-p', dir], { cwd: dir }).then(() => '', (e) => e.stdout || e.message);
  expect(tsc).toBe('');
}, 60000);
