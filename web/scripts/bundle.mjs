#!/usr/bin/env node
// Builds the browser workers in web/dist/ after the wasm build (run by scripts/build.sh; needs
// esbuild, a devDependency of the repo):
//   dist/worker.js     src/worker.js + src/worker-core.js + the Emscripten module
//                      (dist/mainline_web.js, CMake target mainline_web): one minified ES module.
//   dist/worker-mt.js  src/worker-mt.js + src/worker-core.js, importing dist/mainline_web_mt.js
//                      (CMake target mainline_web_mt), which stays a file of its own: the helper
//                      threads' Workers (dist/mainline_web_mt.worker.js) import it too. It is
//                      minified in place.
// Usage: node web/scripts/bundle.mjs [--check]   (--check: exit 1 if an output is stale)
import { existsSync, statSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (f) => path.join(WEB, f);
const common = ['src/worker-core.js', 'src/worker-browser.js', 'src/limits.js', 'src/trusted.js'];
const outputs = [
  { out: 'dist/worker.js', entry: 'src/worker.js', inputs: [...common, 'dist/mainline_web.js'] },
  { out: 'dist/worker-mt.js', entry: 'src/worker-mt.js', inputs: [...common, 'dist/mainline_web_mt.js'], external: '../dist/mainline_web_mt.js' },
];
// dist/mainline_web_mt.js is rewritten in place; this marks it as done.
const MINIFIED_MARK = '// mainline-chess threaded module (MIT), minified by web/scripts/bundle.mjs\n';
// The helper threads' script (Emscripten's, a classic Worker script) gets one line first:
// WebKitGTK shares WebAssembly memory on an isolated page without naming SharedArrayBuffer
// globally, which Emscripten's code names (src/worker-mt.js does the same for the engine's worker).
const PTHREAD_SCRIPT = 'dist/mainline_web_mt.worker.js';
const PTHREAD_MARK = '// mainline-chess helper thread (MIT): SharedArrayBuffer named where only shared memory has it\n';
const PTHREAD_PRELUDE = `${PTHREAD_MARK}if(typeof SharedArrayBuffer>"u")try{self.SharedArrayBuffer=new WebAssembly.Memory({initial:1,maximum:1,shared:!0}).buffer.constructor}catch(e){}\n`;

const missing = outputs.flatMap((o) => [o.entry, ...o.inputs]).filter((f) => !existsSync(at(f)));
if (missing.length) {
  console.error(`bundle: missing ${[...new Set(missing)].join(', ')} (build the wasm first: scripts/build.sh --wasm-only)`);
  process.exit(1);
}
const mtime = (f) => statSync(at(f)).mtimeMs;
const isStale = (o) => !existsSync(at(o.out)) || [o.entry, ...o.inputs].some((f) => mtime(f) > mtime(o.out));
const mtModule = 'dist/mainline_web_mt.js';
const mtUnminified = !readFileSync(at(mtModule), 'utf8').startsWith(MINIFIED_MARK);
const pthreadUnpatched = existsSync(at(PTHREAD_SCRIPT)) && !readFileSync(at(PTHREAD_SCRIPT), 'utf8').includes(PTHREAD_MARK);
const stale = outputs.filter(isStale);
if (process.argv.includes('--check')) process.exit(stale.length || mtUnminified || pthreadUnpatched ? 1 : 0);
const force = process.argv.includes('--force');
if (pthreadUnpatched) {
  // (after the script's "use strict" directive, which must stay first to count)
  const script = readFileSync(at(PTHREAD_SCRIPT), 'utf8');
  const directive = /^"use strict";/.exec(script)?.[0] ?? '';
  writeFileSync(at(PTHREAD_SCRIPT), `${directive}\n${PTHREAD_PRELUDE}${script.slice(directive.length)}`);
  console.log(`bundle: ${PTHREAD_SCRIPT} names SharedArrayBuffer where only shared memory has it`);
}
if (!stale.length && !mtUnminified && !force) {
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
