#!/usr/bin/env node
// Builds the browser workers in web/dist/ after the wasm build (run by scripts/build.sh; needs
// esbuild, a devDependency of the repo):
//   dist/worker.js     src/worker.js + src/worker-core.js + the Emscripten module
//                      (dist/mainline_web.js, CMake target mainline_web): one minified ES module.
//   dist/worker-mt.js  src/worker-mt.js + src/worker-core.js, importing dist/mainline_web_mt.js
//                      (CMake target mainline_web_mt), which stays a file of its own: the helper
//                      threads' Workers (dist/mainline_web_mt.worker.js) import it too. It is
//                      minified in place.
//   dist/rules-wasm.js the rules module (dist/mainline_rules.wasm, CMake target mainline_rules) as
//                      base64 in an ES module, which src/rules.js imports: it then loads alike in
//                      Node, bundlers, from a CDN and under a CSP without connect-src.
// Usage: node web/scripts/bundle.mjs [--check] [--force] [--stamp]
//   --check  exit 1 if an output is stale
//   --force  bundle even when the outputs look up to date
//   --stamp  the engine was just built (scripts/build.sh): dist/BUILD.json records what from
//            (build-stamp.mjs); without it, an existing stamp gets only the bundles' part anew
import { existsSync, statSync, readFileSync, writeFileSync } from 'node:fs';
import { inputs, readStamp, STAMP } from './build-stamp.mjs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (f) => path.join(WEB, f);
const common = ['src/worker-core.js', 'src/worker-browser.js', 'src/limits.js', 'src/trusted.js'];
const outputs = [
  { out: 'dist/worker.js', entry: 'src/worker.js', inputs: [...common, 'dist/mainline_web.js'] },
  { out: 'dist/worker-mt.js', entry: 'src/worker-mt.js', inputs: [...common, 'src/worker-threads.js', 'dist/mainline_web_mt.js'], external: '../dist/mainline_web_mt.js' },
];
// dist/mainline_web_mt.js is rewritten in place; this marks it as done.
const MINIFIED_MARK = '// mainline-chess threaded module (MIT), minified by web/scripts/bundle.mjs\n';

const RULES = { out: 'dist/rules-wasm.js', wasm: 'dist/mainline_rules.wasm' };

const missing = [...outputs.flatMap((o) => [o.entry, ...o.inputs]), RULES.wasm].filter((f) => !existsSync(at(f)));
if (missing.length) {
  console.error(`bundle: missing ${[...new Set(missing)].join(', ')} (build the wasm first: scripts/build.sh --wasm-only)`);
  process.exit(1);
}
const mtime = (f) => statSync(at(f)).mtimeMs;
const isStale = (o) => !existsSync(at(o.out)) || [o.entry, ...o.inputs].some((f) => mtime(f) > mtime(o.out));
const mtModule = 'dist/mainline_web_mt.js';
const mtUnminified = !readFileSync(at(mtModule), 'utf8').startsWith(MINIFIED_MARK);
const stale = outputs.filter(isStale);
const rulesStale = !existsSync(at(RULES.out)) || mtime(RULES.wasm) > mtime(RULES.out);
if (process.argv.includes('--check')) process.exit(stale.length || mtUnminified || rulesStale ? 1 : 0);
if (rulesStale || process.argv.includes('--force')) {
  const base64 = readFileSync(at(RULES.wasm)).toString('base64');
  writeFileSync(at(RULES.out), `// mainline-chess rules module (MIT): dist/mainline_rules.wasm, built from wasm_bindings/rules.cpp and the engine's\n// sources, as base64 (web/scripts/bundle.mjs).\nexport default '${base64}';\n`);
  console.log(`bundle: wrote web/${RULES.out} (${statSync(at(RULES.out)).size} bytes)`);
}
const force = process.argv.includes('--force');
// What dist/ was built from (npm pack's prepack.mjs checks it): written when the engine was
// just built; otherwise only the bundles' part of a stamp already there.
function stamp() {
  const now = inputs();
  const old = readStamp();
  if (process.argv.includes('--stamp')) writeFileSync(STAMP, `${JSON.stringify(now, null, 1)}\n`);
  else if (old) writeFileSync(STAMP, `${JSON.stringify({ ...old, bundle: now.bundle }, null, 1)}\n`);
}
if (!stale.length && !mtUnminified && !force) {
  stamp();
  console.log('bundle: web/dist/worker.js and worker-mt.js are up to date');
  process.exit(0);
}

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  console.error('bundle: esbuild is not installed: run `npm ci` (or `npm install`) in the repository root');
  process.exit(1);
}
if (mtUnminified) {
  const { code } = await esbuild.transform(readFileSync(at(mtModule), 'utf8'), {
    format: 'esm',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
  });
  writeFileSync(at(mtModule), MINIFIED_MARK + code);
  console.log(`bundle: minified ${mtModule} (${statSync(at(mtModule)).size} bytes)`);
}
for (const o of force ? outputs : outputs.filter(isStale)) {
  await esbuild.build({
    entryPoints: [at(o.entry)],
    outfile: at(o.out),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    external: o.external ? [o.external] : [],
    banner: { js: `// mainline-chess worker (MIT). Built from web/${o.entry} by web/scripts/bundle.mjs.` },
  });
  console.log(`bundle: wrote web/${o.out} (${statSync(at(o.out)).size} bytes)`);
}
stamp();
