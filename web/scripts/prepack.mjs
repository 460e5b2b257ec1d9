#!/usr/bin/env node
// `npm pack` and `npm publish` in web/ run this first (the package's prepack script): the tarball
// must hold an engine built from the sources it is packed with. web/dist/ is built, not committed,
// so in a clean clone it is missing, and after a change to the engine it is stale:
//   - only the bundles stale (their sources changed): bundle.mjs makes them anew;
//   - the engine missing or stale: scripts/build.sh --web-only builds it (Emscripten, from the
//     repository's own set-up: scripts/setup.sh) and bundles it;
//   - where it cannot build (no repository around web/, no Emscripten or esbuild), or with
//     MAINLINE_PREPACK=check, it refuses, naming what is missing or stale and how to build it.
// Then it checks the result again, and refuses if the build did not make it fresh.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, staleness, WEB } from './build-stamp.mjs';

const checkOnly = process.env.MAINLINE_PREPACK === 'check';
const say = (/** @type {string} */ s) => console.error(`mainline-chess prepack: ${s}`);

/** What is wrong, in words; empty when dist/ is fresh. @returns {string[]} */
function problems() {
  const s = staleness();
  const out = [];
  if (s.missing.length) out.push(`missing: ${s.missing.map((f) => `web/${f}`).join(', ')}`);
  if (s.version) out.push(s.version);
  const list = (/** @type {string[]} */ fs) => `${fs.slice(0, 6).join(', ')}${fs.length > 6 ? ` and ${fs.length - 6} more` : ''}`;
  if (s.engine.length) out.push(`the engine was built from other sources: ${list(s.engine)} changed since`);
  if (s.bundle.length) out.push(`the workers were bundled from other sources: ${list(s.bundle)} changed since`);
  return out;
}

/** Whether only the bundles need making again (the engine itself is fresh). */
const bundlesOnly = () => {
  const s = staleness();
  // (dist/rules-wasm.js: bundle.mjs writes it, but from the rules module the engine's build makes)
  const engineFiles = ['dist/mainline_web.js', 'dist/mainline_web.wasm', 'dist/mainline_web_mt.js', 'dist/mainline_web_mt.worker.js', 'dist/mainline_web_mt.wasm', 'dist/rules-wasm.js'];
  return !s.version && !s.engine.length && !s.missing.some((f) => engineFiles.includes(f) || f === 'dist/BUILD.json');
};

const have = (/** @type {string} */ cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

/** Why this checkout cannot build the engine here, or '' when it can. */
function cannotBuild(/** @type {boolean} */ bundleOnly) {
  if (!existsSync(path.join(ROOT, 'scripts/build.sh')) || !existsSync(path.join(ROOT, 'CMakeLists.txt'))) return 'web/ is not inside the Mainline repository';
  if (!existsSync(path.join(ROOT, 'node_modules/esbuild'))) return "esbuild is not installed: run `npm ci` in the repository's root";
  if (!bundleOnly && (!have('em++') || !have('emcmake') || !have('cmake'))) return 'Emscripten is not installed: run `bash scripts/setup.sh` in the repository\'s root';
  return '';
}

let found = problems();
if (!found.length) process.exit(0);
const bundleOnly = bundlesOnly();
const why = checkOnly ? 'MAINLINE_PREPACK=check' : cannotBuild(bundleOnly);
if (why) {
  say(`refusing to pack: web/dist/ is not the engine of these sources (${why}, so it is not built here):`);
  for (const p of found) say(`  ${p}`);
  say(`build it with \`npm run build\` (or \`bash scripts/build.sh --web-only\`) in the repository's root, then pack again`);
  process.exit(1);
}
for (const p of found) say(p);
try {
  if (bundleOnly) {
    say('bundling the workers again (node web/scripts/bundle.mjs --force)');
    execFileSync(process.execPath, [path.join(WEB, 'scripts/bundle.mjs'), '--force'], { stdio: ['ignore', 2, 2], cwd: ROOT });
  } else {
    say('building the engine (bash scripts/build.sh --web-only): a few minutes in a clean clone');
    execFileSync('bash', [path.join(ROOT, 'scripts/build.sh'), '--web-only'], { stdio: ['ignore', 2, 2], cwd: ROOT });
  }
} catch (e) {
  say(`refusing to pack: the build failed (${/** @type {Error} */ (e).message.split('\n')[0]})`);
  process.exit(1);
}
found = problems();
if (found.length) {
  say('refusing to pack: after the build, web/dist/ is still not the engine of these sources:');
  for (const p of found) say(`  ${p}`);
  process.exit(1);
}
say('web/dist/ is built from these sources');
