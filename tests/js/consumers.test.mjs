// mainline-chess as sites get it: the packed tarball installed into a scratch copy of
// tests/consumers (whose own package-lock.json pins the bundlers), then built by Vite, webpack 5,
// esbuild, Rollup and Next.js with the configuration each needs for any package and nothing for
// this one (but for esbuild and Rollup, which keep `import.meta.url`: the one line that copies the
// package's dist/ folder beside the bundle's folder). Each build is opened in Chromium, plain and
// cross-origin isolated (the threaded build), where the API and the <mainline-analysis> element
// must both reach depth 8 with a legal line; Next.js also renders the page on the server. Node:
// ES module import and CommonJS require. TypeScript: tsc --strict on a consumer and on a file that
// names every export of every entry. The snippets in README's "Embedding" section are these files.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Chess } from 'chess.js';
import { launchChromium, startServer } from '../../web/test/server.mjs';
import { haveBrowser, SHOTS } from './app-page.mjs';
import { dtsExports } from './dts-exports.mjs';
import { expectLegalLine } from './legal-line.mjs';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONSUMERS = path.join(ROOT, 'tests/consumers');
const WEB = path.join(ROOT, 'web');
const FEN = 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3';
const quiet = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NO_UPDATE_NOTIFIER: '1', npm_config_fund: 'false', npm_config_audit: 'false' };

// The build commands, as web/README.md shows them (a test below holds the README to them).
const COMMANDS = {
  vite: ['vite build site --outDir ../out/vite --base ./'],
  webpack: ['webpack --config webpack.config.cjs'],
  esbuild: ['esbuild site/main.js --bundle --format=esm --outdir=out/esbuild/assets', 'cp -r node_modules/mainline-chess/dist out/esbuild/'],
  rollup: ['rollup -c', 'cp -r node_modules/mainline-chess/dist out/rollup/'],
  next: ['next build next'],
};

let dir;
let chromium;
const bin = (name) => path.join(dir, 'node_modules/.bin', name);
const sh = (file, args, opts = {}) => run(file, args, { cwd: dir, env: quiet, maxBuffer: 64 << 20, ...opts });
/** Runs a consumer's build commands in the scratch project, its node_modules/.bin first on the PATH. */
const build = async (name) => {
  for (const line of COMMANDS[name]) await sh('bash', ['-c', line], { env: { ...quiet, PATH: `${path.join(dir, 'node_modules/.bin')}:${process.env.PATH}` }, timeout: 240000 });
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mainline-consumers-'));
  cpSync(CONSUMERS, dir, { recursive: true, filter: (src) => !/[/\\](node_modules|out|\.next)([/\\]|$)/.test(src) });
  const packed = await sh('npm', ['pack', WEB, '--json', '--pack-destination', dir]);
  const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[')));
  // the bundlers, as the lockfile pins them (from the npm registry), then the package itself
  await sh('npm', ['ci', '--no-audit', '--no-fund']);
  await sh('npm', ['install', '--no-save', '--offline', '--no-audit', '--no-fund', `./${info.filename}`]);
  if (haveBrowser) chromium = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
}, 300000);
afterAll(async () => {
  await chromium?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A line is not empty, legal from a position, and its SAN is its UCI. */
function expectLegal(fen, pv, pvSan) {
  expect(pv.length).toBeGreaterThan(0);
  expectLegalLine(fen, pv, pvSan);
}

/** The page at `url` in Chromium: both the API and the element reach depth 8 with legal lines. */
async function expectAnalysis(url, name, isolated) {
  const context = await chromium.browser.newContext();
  const page = await context.newPage();
  const problems = [];
  // (a missing resource is named by the response below; a browser's own favicon request is not the package's)
  page.on('console', (m) => m.type() === 'error' && !/^Failed to load resource/.test(m.text()) && problems.push(m.text()));
  page.on('response', (r) => r.status() >= 400 && !r.url().endsWith('/favicon.ico') && problems.push(`${r.status()} ${r.url()}`));
  page.on('pageerror', (e) => problems.push(String(e)));
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.__api && window.__element, null, { timeout: 30000 });
    const { api, element, coi } = await page.evaluate(() => ({ api: window.__api, element: window.__element, coi: crossOriginIsolated }));
    expect(api.error).toBeUndefined();
    expect(element.error).toBeUndefined();
    expect(coi).toBe(isolated);
    expect(api).toMatchObject({ depth: 8, build: isolated ? 'threaded' : 'single', threads: isolated ? 2 : 1 });
    expect(api.iterations).toBeGreaterThanOrEqual(8);
    expectLegal(new Chess().fen(), api.pv, api.pvSan);
    expect(element).toMatchObject({ fen: FEN, depth: 8 });
    expectLegal(FEN, element.pv, element.pvSan);
    await page.screenshot({ path: path.join(SHOTS, `consumer-${name}${isolated ? '-coi' : ''}.png`) });
    expect(problems, name).toEqual([]);
  } finally {
    await context.close();
  }
}

/** The page of a static build: site/index.html with the bundle's script tag. */
function page(outDir, script) {
  const html = readFileSync(path.join(dir, 'site/index.html'), 'utf8').replace(/<script type="module" src="\.\/main\.js"><\/script>/, script);
  writeFileSync(path.join(outDir, 'index.html'), html);
}

/** Serves a build, plain and cross-origin isolated, and checks the analysis in both. */
async function expectServed(outDir, name) {
  const server = await startServer({ root: outDir });
  try {
    await expectAnalysis(`${server.url}/plain/index.html`, name, false);
    await expectAnalysis(`${server.url}/coi/index.html`, name, true);
  } finally {
    await server.close();
  }
}

describe.skipIf(!haveBrowser)('bundlers: the .wasm and the workers found with no configuration for the package', () => {
  test('Vite (vite build)', async () => {
    await build('vite');
    await expectServed(path.join(dir, 'out/vite'), 'vite');
  }, 120000);

  // the page of each: site/index.html with the bundle's script tag
  test.each([
    // webpack writes a classic script; its automatic public path reads the script tag
    ['webpack 5', 'webpack', '<script defer src="./main.js"></script>'],
    ['esbuild (keeps import.meta.url: dist/ copied beside the bundle folder)', 'esbuild', '<script type="module" src="./assets/main.js"></script>'],
    ['Rollup (keeps import.meta.url: dist/ copied beside the bundle folder)', 'rollup', '<script type="module" src="./assets/main.js"></script>'],
  ])('%s', async (_title, name, script) => {
    await build(name);
    page(path.join(dir, 'out', name), script);
    await expectServed(path.join(dir, 'out', name), name);
  }, 120000);

  test('Next.js: the page rendered on the server, the analysis in the browser', async () => {
    await build('next');
    const port = 30000 + Math.floor(Math.random() * 20000);
    const server = spawn(process.execPath, [bin('next'), 'start', 'next', '-p', String(port), '-H', '127.0.0.1'], { cwd: dir, env: quiet, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    server.stdout.on('data', (d) => (log += d));
    server.stderr.on('data', (d) => (log += d));
    try {
      const url = `http://127.0.0.1:${port}/`;
      let html = '';
      for (let i = 0; i < 100 && !html; i++) {
        html = await fetch(url).then((r) => (r.ok ? r.text() : ''), () => '');
        if (!html) await new Promise((r) => setTimeout(r, 200));
      }
      // the server render: the page and the element's tag, with its attributes
      expect(html).toContain('<h1>Server-rendered page</h1>');
      expect(html).toMatch(/<mainline-analysis fen="r1bqkbnr\/pppp1ppp\/2n5\/4p3\/2B1P3\/5N2\/PPPP1PPP\/RNBQK2R b KQkq - 3 3" depth="8" threads="2"><\/mainline-analysis>/);
      await expectAnalysis(url, 'next', false);
      expect(log).not.toMatch(/error/i);
    } finally {
      server.kill();
    }
  }, 300000);
});

describe('Node', () => {
  test('ES module import and CommonJS require', async () => {
    for (const file of ['node/esm.mjs', 'node/cjs.cjs']) {
      const { stdout, stderr } = await sh(process.execPath, [file]);
      const out = JSON.parse(stdout);
      expect(out).toMatchObject({ depth: 8, build: 'threaded' });
      expectLegal(new Chess().fen(), out.pv, out.pvSan);
      expect(stderr).toBe('');
    }
  }, 60000);
});

describe('TypeScript', () => {
  test('tsc --strict: a consumer, and every export of every entry named', async () => {
    const pkg = JSON.parse(readFileSync(path.join(WEB, 'package.json'), 'utf8'));
    const lines = [];
    let k = 0;
    for (const [key, entry] of Object.entries(pkg.exports)) {
      const types = typeof entry === 'object' ? entry.types : null;
      if (!types) continue;
      const spec = key === '.' ? 'mainline-chess' : `mainline-chess/${key.slice(2)}`;
      const { types: t, values: v } = dtsExports(path.join(WEB, types));
      const alias = `m${k++}`;
      lines.push(`import * as ${alias} from '${spec}';`);
      for (const name of t) lines.push(`export type T_${alias}_${name} = ${alias}.${name};`);
      for (const name of v) lines.push(`export const v_${alias}_${name.replace(/\W/g, '_')} = ${alias}.${name};`);
    }
    expect(lines.length).toBeGreaterThan(60);
    writeFileSync(path.join(dir, 'types/every-export.ts'), `// Written by tests/js/consumers.test.mjs: every export of every entry of mainline-chess.\n${lines.join('\n')}\n`);
    const tsc = await sh(process.execPath, [bin('tsc'), '-p', 'types']).then(() => '', (e) => e.stdout || e.message);
    expect(tsc).toBe('');
    // the tag in React's and Preact's JSX, Vue's and Svelte's templates (mainline-chess/jsx/*):
    // typed props, and a wrong value refused (the files' @ts-expect-error lines must be used)
    for (const fw of ['react', 'preact', 'frameworks']) {
      const out = await sh(process.execPath, [bin('tsc'), '-p', `types/jsx/tsconfig.${fw}.json`]).then(() => '', (e) => e.stdout || e.message);
      expect(out, fw).toBe('');
    }
  }, 90000);
});

test('web/README.md shows the consumers as they are: every file and every command, in full', () => {
  const readme = readFileSync(path.join(WEB, 'README.md'), 'utf8');
  const files = ['site/index.html', 'site/main.js', 'webpack.config.cjs', 'rollup.config.mjs', 'next/app/page.jsx', 'next/app/analysis.jsx', 'node/esm.mjs', 'node/cjs.cjs'];
  for (const f of files) expect(readme, f).toContain(readFileSync(path.join(CONSUMERS, f), 'utf8').trimEnd());
  for (const line of Object.values(COMMANDS).flat()) expect(readme, line).toContain(line);
  expect(readFileSync(path.join(CONSUMERS, 'next/next.config.mjs'), 'utf8')).toMatch(/^export default \{\};$/m);
  // and nothing else is built
  expect(readdirSync(CONSUMERS).sort()).toEqual(['next', 'node', 'package-lock.json', 'package.json', 'rollup.config.mjs', 'site', 'types', 'webpack.config.cjs']);
});
