// The web package as a consumer gets it, and as a maintainer makes it: `npm pack web/` (its
// prepack script checks that web/dist/ is the engine of these sources, web/scripts/prepack.mjs),
// the tarball's files and fields, the tarball installed into an empty project (offline: the
// package has no dependencies) and used from Node (ESM import and the mainline-uci and
// mainline-analyse binaries). And from a clean checkout (the repository's files as `git
// ls-files` lists them, nothing built): packing refuses, naming what is missing, where it may
// not build; packs once the engine is built from those sources; refuses again when an engine
// source changes, naming it; bundles the workers again when only their sources changed.
// Bundlers, frameworks and TypeScript consumers: consumers.test.mjs. The same from a clean
// checkout with the engine built by the pack itself (a few minutes): MAINLINE_PACK_BUILD=1.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB = path.join(ROOT, 'web');
const sha = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** `npm pack` of a web/ folder into `dest`: { ok, files, filename, stderr } (npm's JSON, or its refusal). */
async function pack(web, dest, env = {}) {
  try {
    const { stdout, stderr } = await run('npm', ['pack', web, '--json', '--pack-destination', dest], { cwd: dest, env: { ...process.env, ...env }, maxBuffer: 64 << 20, timeout: 600000 });
    const [info] = JSON.parse(stdout.slice(stdout.indexOf('[')));
    return { ok: true, files: info.files.map((f) => f.path), filename: info.filename, stderr };
  } catch (e) {
    return { ok: false, files: [], filename: null, stderr: `${e.stderr || ''}${e.stdout || ''}${e.message}` };
  }
}

/** The files a clean clone of this checkout would have (tracked and new ones, nothing ignored). */
async function cleanCheckout() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mainline-clean-'));
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, maxBuffer: 64 << 20 });
  for (const f of stdout.split('\0').filter(Boolean)) {
    if (!existsSync(path.join(ROOT, f))) continue; // deleted, not yet committed
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    cpSync(path.join(ROOT, f), path.join(dir, f));
  }
  // the repository's own tools (esbuild, for the bundles), as `npm ci` in the clone gives them
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

const SHIPPED = ['dist/mainline_web.wasm', 'dist/mainline_web.js', 'dist/worker.js', 'dist/worker-mt.js', 'dist/mainline_web_mt.js', 'dist/mainline_web_mt.worker.js',
  'dist/mainline_web_mt.wasm', 'src/index.js', 'src/node.js', 'src/client.js', 'src/pool.js', 'src/trusted.js', 'src/worker-core.js', 'src/worker.js', 'src/worker-node.js',
  'bin/mainline-uci.js', 'index.d.ts', 'package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'src/annotate.js', 'bin/mainline-analyse.js', 'annotate.d.ts',
  'src/report.js', 'report.d.ts', 'src/wdl.js', 'wdl.d.ts', 'src/element.js', 'element.d.ts', 'src/pieces.js', 'pieces.d.ts', 'src/image.js', 'image.d.ts', 'src/explain.js', 'explain.d.ts',
  'src/readout.js', 'readout.d.ts', 'dist/rules-wasm.js', 'src/rules.js', 'rules.d.ts', 'src/openings.js', 'src/openings-data.js', 'openings.d.ts', 'src/rating-model.js', 'jsx/react.d.ts', 'jsx/preact.d.ts', 'jsx/vue.d.ts', 'jsx/svelte.d.ts'];

/** A tarball's list: everything shipped, nothing of the tests, scripts or build stamp. */
function expectShipped(files) {
  for (const f of SHIPPED) expect(files, f).toContain(f);
  expect(files.filter((f) => /^(test|scripts)\//.test(f) || f === 'dist/BUILD.json')).toEqual([]);
}

/** Installs a tarball into an empty project and uses it from Node: import, search, UCI mode, binaries. */
async function installAndRun(dir, tarball) {
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: dir });
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
    uci.postMessage('uci\\nposition startpos\\ngo perft 2');
    await uci.whenIdle();
    uci.terminate();
    console.log(JSON.stringify({ bestMove: result.bestMove, depth: result.depth, error, perft: lines.at(-2), id: lines[0] }));
  `);
  const { stdout } = await run(process.execPath, ['use.mjs'], { cwd: dir });
  return JSON.parse(stdout);
}

describe('npm pack of web/ as it is', () => {
  let dir;
  let packed;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mainline-pack-'));
    packed = await pack(WEB, dir);
    if (packed.ok) await installAndRun(dir, path.join(dir, packed.filename)).then((r) => (packed.run = r));
  }, 180000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('the tarball holds the built engine, both builds\' workers, sources, types, LICENSE and CHANGELOG (and no tests)', () => {
    expect(packed.stderr).not.toMatch(/refusing/);
    expectShipped(packed.files);
    // the MIT text is the repository's, word for word
    expect(readFileSync(path.join(WEB, 'LICENSE'), 'utf8')).toBe(readFileSync(path.join(ROOT, 'LICENSE'), 'utf8'));
  });

  test('package.json says where the project lives, which Node it needs, and gives browsers the browser entry', () => {
    const pkg = JSON.parse(readFileSync(path.join(WEB, 'package.json'), 'utf8'));
    expect(pkg.license).toBe('MIT');
    expect(pkg.repository).toMatchObject({ type: 'git', url: expect.stringMatching(/^git\+https:\/\/.+\.git$/), directory: 'web' });
    expect(pkg.homepage).toMatch(/^https:\/\//);
    expect(pkg.bugs.url).toMatch(/^https:\/\//);
    // require() of an ES module without a flag: Node 20.19 and 22.12
    expect(pkg.engines.node).toBe('^20.19.0 || >=22.12.0');
    expect(Object.keys(pkg.exports['.'])).toEqual(['types', 'browser', 'node', 'default']);
    expect(pkg.exports['.'].browser).toBe('./src/index.js');
    expect(pkg.scripts.prepack).toBe('node scripts/prepack.mjs');
    // one version: the changelog's newest entry is this version
    const changelog = readFileSync(path.join(WEB, 'CHANGELOG.md'), 'utf8');
    expect(changelog.match(/^## (\d+\.\d+\.\d+\S*)/m)?.[1]).toBe(pkg.version);
    expect(changelog).toMatch(/^## Versions and what is public API$/m);
  });

  test('an installed copy works from Node: import, search, UCI mode, binaries', async () => {
    expect(packed.run).toMatchObject({ depth: 5, error: 'INPUT', perft: 'Nodes searched: 400' });
    expect(packed.run.bestMove).toMatch(/^[a-h][1-8][a-h][1-8]$/);
    const version = JSON.parse(readFileSync(path.join(WEB, 'package.json'), 'utf8')).version;
    expect(packed.run.id).toBe(`id name Mainline ${version}`);
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
});

describe('npm pack from a clean checkout', () => {
  let clean;
  let out;
  beforeAll(async () => {
    clean = await cleanCheckout();
    out = await mkdtemp(path.join(os.tmpdir(), 'mainline-pack-out-'));
  }, 120000);
  afterAll(async () => {
    for (const d of [clean, out]) if (d) await rm(d, { recursive: true, force: true });
  });

  test('nothing built: packing refuses where it may not build, naming what is missing and how to build it', async () => {
    const r = await pack(path.join(clean, 'web'), out, { MAINLINE_PREPACK: 'check' });
    expect(r.ok).toBe(false);
    expect(r.stderr).toMatch(/mainline-chess prepack: refusing to pack: web\/dist\/ is not the engine of these sources/);
    expect(r.stderr).toMatch(/missing: .*web\/dist\/mainline_web\.wasm/);
    expect(r.stderr).toMatch(/npm run build/);
  });

  test('with the engine built from its sources it packs; a changed engine source is named and refused; changed worker sources are bundled again', async () => {
    // the engine this checkout's sources make: the repository's own build of the same files
    cpSync(path.join(WEB, 'dist'), path.join(clean, 'web/dist'), { recursive: true });
    let r = await pack(path.join(clean, 'web'), out, { MAINLINE_PREPACK: 'check' });
    expect(r.stderr).not.toMatch(/mainline-chess prepack:/); // fresh: nothing to say
    expect(r.ok).toBe(true);
    expectShipped(r.files);
    // an engine source changed since: refused, naming it
    appendFileSync(path.join(clean, 'engine/search.cpp'), '\n// changed\n');
    r = await pack(path.join(clean, 'web'), out, { MAINLINE_PREPACK: 'check' });
    expect(r.ok).toBe(false);
    expect(r.stderr).toMatch(/the engine was built from other sources: engine\/search\.cpp changed since/);
    cpSync(path.join(ROOT, 'engine/search.cpp'), path.join(clean, 'engine/search.cpp'));
    // only a worker's source changed: the workers are bundled again, and the package has them
    appendFileSync(path.join(clean, 'web/src/worker-core.js'), '\nglobalThis.mainlineChanged = 1;\n');
    const before = sha(path.join(clean, 'web/dist/worker.js'));
    r = await pack(path.join(clean, 'web'), out);
    expect(r.ok).toBe(true);
    expect(r.stderr).toMatch(/the workers were bundled from other sources: web\/src\/worker-core\.js changed since/);
    expect(r.stderr).toMatch(/bundling the workers again/);
    expect(sha(path.join(clean, 'web/dist/worker.js'))).not.toBe(before);
    const installed = await mkdtemp(path.join(os.tmpdir(), 'mainline-pack-use-'));
    try {
      const used = await installAndRun(installed, path.join(out, r.filename));
      expect(used).toMatchObject({ depth: 5, error: 'INPUT', perft: 'Nodes searched: 400' });
    } finally {
      await rm(installed, { recursive: true, force: true });
    }
  }, 240000);

  // The whole way (Emscripten builds both engines in the clean checkout: a few minutes on two
  // cores, so not in every `npm test`): `MAINLINE_PACK_BUILD=1 npx vitest run tests/js/engine-pack.test.mjs`.
  test.runIf(process.env.MAINLINE_PACK_BUILD === '1')('nothing built: packing builds the engine, and the tarball installs and runs', async () => {
    const fresh = await cleanCheckout();
    try {
      const t = performance.now();
      const r = await pack(path.join(fresh, 'web'), out);
      console.log(`npm pack in a clean checkout, building the engine: ${((performance.now() - t) / 1000).toFixed(0)} s`);
      expect(r.stderr).toMatch(/building the engine \(bash scripts\/build\.sh --web-only\)/);
      expect(r.stderr).toMatch(/web\/dist\/ is built from these sources/);
      expect(r.ok).toBe(true);
      expectShipped(r.files);
      // the same engine as the repository's own build of the same sources, byte for byte
      for (const f of ['dist/mainline_web.wasm', 'dist/mainline_web_mt.wasm']) expect(sha(path.join(fresh, 'web', f)), f).toBe(sha(path.join(WEB, f)));
      const installed = await mkdtemp(path.join(os.tmpdir(), 'mainline-pack-use-'));
      try {
        expect(await installAndRun(installed, path.join(out, r.filename))).toMatchObject({ depth: 5, error: 'INPUT', perft: 'Nodes searched: 400' });
      } finally {
        await rm(installed, { recursive: true, force: true });
      }
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  }, 900000);
});
