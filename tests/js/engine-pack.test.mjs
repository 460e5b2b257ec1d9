// The web package as a consumer gets it: `npm pack web/`, install the tarball into an empty
// project (offline: the package has no dependencies), then use it from Node (ESM import and the
// mainline-uci and mainline-analyse binaries). Bundlers, frameworks and TypeScript consumers:
// consumers.test.mjs.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
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
    'src/annotate.js', 'bin/mainline-analyse.js', 'annotate.d.ts', 'src/report.js', 'report.d.ts', 'src/wdl.js', 'wdl.d.ts',
    'src/element.js', 'element.d.ts', 'src/pieces.js', 'pieces.d.ts', 'src/explain.js', 'explain.d.ts', 'src/readout.js', 'readout.d.ts', 'dist/mainline_web_mt.worker.js'])
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
