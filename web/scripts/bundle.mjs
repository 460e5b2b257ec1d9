#!/usr/bin/env node
// Builds dist/worker.js, the browser worker: src/worker.js + src/worker-core.js + the Emscripten
// module (dist/mainline_web.js, from the CMake target mainline_web) in one minified ES module.
// Run by scripts/build.sh after the wasm build. Needs esbuild (a devDependency of the repo).
// Usage: node web/scripts/bundle.mjs [--check]   (--check: exit 1 if dist/worker.js is stale)
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(WEB, 'dist/worker.js');
const inputs = ['src/worker.js', 'src/worker-core.js', 'dist/mainline_web.js'].map((f) => path.join(WEB, f));

const missing = inputs.filter((f) => !existsSync(f));
if (missing.length) {
  console.error(`bundle: missing ${missing.map((f) => path.relative(WEB, f)).join(', ')} (build the wasm first: scripts/build.sh --wasm-only)`);
  process.exit(1);
}
const stale = !existsSync(out) || inputs.some((f) => statSync(f).mtimeMs > statSync(out).mtimeMs);
if (process.argv.includes('--check')) process.exit(stale ? 1 : 0);
if (!stale && !process.argv.includes('--force')) {
  console.log('bundle: web/dist/worker.js is up to date');
  process.exit(0);
}

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  console.error('bundle: esbuild is not installed: run `npm ci` (or `npm install`) in the repository root');
  process.exit(1);
}
await esbuild.build({
  entryPoints: [path.join(WEB, 'src/worker.js')],
  outfile: out,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  banner: { js: '// mainline-chess worker (MIT). Built from web/src/worker.js by web/scripts/bundle.mjs.' },
});
console.log(`bundle: wrote web/dist/worker.js (${statSync(out).size} bytes)`);
