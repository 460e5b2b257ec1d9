// What web/dist/ was built from, so that `npm pack` can tell a fresh engine from a stale one
// without trusting file times (a clone, a copy or a checkout sets those anew). bundle.mjs writes
// dist/BUILD.json after each build: the version, and a SHA-256 of every file the engine is built
// from and of every file the bundles are made from; prepack.mjs compares them with the files as
// they are now. Not shipped: the package's `files` leave BUILD.json out.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = path.resolve(WEB, '..');
export const STAMP = path.join(WEB, 'dist/BUILD.json');

/** The files of web/dist/ the package ships (package.json's `files` name the same). */
export const DIST_FILES = [
  'dist/mainline_web.js',
  'dist/mainline_web.wasm',
  'dist/worker.js',
  'dist/worker-mt.js',
  'dist/mainline_web_mt.js',
  'dist/mainline_web_mt.worker.js',
  'dist/mainline_web_mt.wasm',
  'dist/rules-wasm.js',
];

// The engine (the CMake targets mainline_web and mainline_web_mt) is made from these, and from
// web/package.json's version (the engine's `id name`); the bundles from these and the engine's glue.
const ENGINE_DIRS = ['engine', 'wasm_bindings', 'cmake', 'nets'];
const ENGINE_FILES = ['CMakeLists.txt'];
const BUNDLE_FILES = ['web/src/worker.js', 'web/src/worker-mt.js', 'web/src/worker-core.js', 'web/src/worker-browser.js', 'web/src/limits.js', 'web/src/trusted.js', 'web/src/worker-threads.js', 'web/scripts/bundle.mjs'];

/** @param {string} dir @returns {string[]} files under a folder of the repository, sorted */
function walk(dir) {
  const abs = path.join(ROOT, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs)
    .sort()
    .flatMap((name) => {
      const rel = `${dir}/${name}`;
      // nets/data holds training data, not the network the engine embeds
      if (rel === 'nets/data') return [];
      return statSync(path.join(ROOT, rel)).isDirectory() ? walk(rel) : [rel];
    });
}

const sha = (/** @type {string} */ rel) => createHash('sha256').update(readFileSync(path.join(ROOT, rel))).digest('hex');

/** Each input's hash, by repository path: { engine: {...}, bundle: {...}, version }. */
export function inputs() {
  const engine = Object.fromEntries([...ENGINE_DIRS.flatMap(walk), ...ENGINE_FILES].map((f) => [f, sha(f)]));
  const bundle = Object.fromEntries(BUNDLE_FILES.filter((f) => existsSync(path.join(ROOT, f))).map((f) => [f, sha(f)]));
  const version = JSON.parse(readFileSync(path.join(WEB, 'package.json'), 'utf8')).version;
  return { version, engine, bundle };
}

/** The stamp of the dist/ there is now, or null. */
export function readStamp() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * What is wrong with web/dist/ for a package made now: missing files, and the inputs that
 * changed since it was built (by part: 'engine' needs the wasm build, 'bundle' only bundle.mjs).
 * @returns {{ missing: string[], engine: string[], bundle: string[], version: string|null }}
 */
export function staleness() {
  const missing = DIST_FILES.filter((f) => !existsSync(path.join(WEB, f)));
  const stamp = readStamp();
  const now = inputs();
  /** @param {Record<string, string>} then @param {Record<string, string>} current */
  const changed = (then, current) => [...new Set([...Object.keys(then), ...Object.keys(current)])].filter((f) => then[f] !== current[f]).sort();
  if (!stamp) return { missing: missing.length ? missing : ['dist/BUILD.json'], engine: [], bundle: [], version: null };
  const version = stamp.version === now.version ? null : `web/package.json's version is ${now.version}, the engine was built as ${stamp.version}`;
  return { missing, engine: changed(stamp.engine || {}, now.engine), bundle: changed(stamp.bundle || {}, now.bundle), version };
}
