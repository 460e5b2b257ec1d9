// The documents agree with each other and with what is built: the README's figures table is
// docs/figures.json's (scripts/figures.mjs), its download figure is the built files' size, the
// bench signature the documents state today is the newest commit's `Bench:` line, and the
// package's README opens as a new user needs it (install, the tag from a CDN, then the API).
import { expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readmeWithTable } from '../../scripts/figures.mjs';
import { sizes } from '../../web/scripts/bench-web.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (f) => readFileSync(path.join(ROOT, f), 'utf8');
const figures = JSON.parse(read('docs/figures.json'));

test("the README's figures table is docs/figures.json's, and holds one row a measure", () => {
  expect(read('README.md')).toBe(readmeWithTable());
  const measures = figures.figures.map((f) => f.measure);
  expect(new Set(measures).size).toBe(measures.length);
  for (const f of figures.figures) {
    expect(f.command, f.measure).toBeTruthy();
    if (f.doc) expect(() => read(f.doc), f.doc).not.toThrow();
  }
});

test('the download figure is the size of the files built now (gzip -9)', async () => {
  const s = await sizes();
  expect({ wasm: s.wasm.gz, worker: s.worker.gz, client: s.client.gz, clientEveryExport: s.clientAll.gz }).toEqual({
    wasm: figures.download.wasm,
    worker: figures.download.worker,
    client: figures.download.client,
    clientEveryExport: figures.download.clientEveryExport,
  });
  // the budget: 200 KB with the network, as the element and createEngine ship it
  expect((s.wasm.gz + s.worker.gz + s.client.gz) / 1024).toBeLessThanOrEqual(200);
}, 60000);

test("the bench signature stated today is the newest commit's Bench line; reference.md restates no figure", () => {
  const stated = figures.figures.find((f) => /^Bench signature/.test(f.measure)).value.match(/^([\d,]+) nodes/)[1].replace(/,/g, '');
  let log = '';
  try {
    log = execFileSync('git', ['log', '--format=%B', '-n', '200'], { cwd: ROOT, encoding: 'utf8' });
  } catch {
    return; // not a git checkout: the CI stage `bench signature` checks the build against it
  }
  const line = log.match(/^Bench: (\d+)\s*$/m);
  expect(line, 'a Bench: line in the history').toBeTruthy();
  expect(stated).toBe(line[1]);
  // reference.md points at the figures instead of repeating them (an old signature stayed there)
  const reference = read('docs/reference.md');
  const section = reference.slice(reference.indexOf('## Figures'), reference.indexOf('\n## ', reference.indexOf('## Figures') + 3));
  expect(section).not.toMatch(/\d{1,3},\d{3},\d{3}/);
  expect(section).toMatch(/figures\.json/);
});

test('web/README.md opens with npm install, then the tag from a CDN, then the API', () => {
  const text = read('web/README.md');
  const blocks = [...text.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1], body: m[2] }));
  expect(blocks[0]).toEqual({ lang: 'sh', body: 'npm install mainline-chess\n' });
  const version = JSON.parse(read('web/package.json')).version;
  expect(blocks[1].lang).toBe('html');
  expect(blocks[1].body).toContain(`<script type="module" src="https://cdn.jsdelivr.net/npm/mainline-chess@${version}/src/element.js"></script>`);
  expect(blocks[1].body).toContain('<mainline-analysis');
  const api = blocks.find((b) => b.lang === 'js');
  expect(api.body).toMatch(/^import \{ createEngine \} from 'mainline-chess';/);
  expect(api.body).not.toMatch(/window\.__/); // no test scaffolding in the first example
});
