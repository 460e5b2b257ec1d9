// Where this platform ends the ranges of Hash and Threads (passed to the engine, whose option
// declarations and error messages then say so). Like lichess's analysis board: phones and
// tablets crash tabs that ask for large tables, and a desktop gains little beyond 512 MB.
const DESKTOP_HASH_MB = 512;
const TABLET_HASH_MB = 64; // iPadOS Safari and Android browsers
const PHONE_HASH_MB = 32; // iOS Safari
// Passed where only the engine's own maximum should bound Threads: the engine clamps any larger
// number to its maximum, and Embind needs a finite integer.
const ENGINE_MAXIMUM = 0x7fffffff;

/**
 * @param {{ userAgent?: string, maxTouchPoints?: number, hardwareConcurrency?: number } | undefined} nav
 *   `navigator` in browsers, undefined in Node.
 * @param {boolean} threaded whether this is the threaded build
 * @returns {{ hash: number, threads: number }}
 */
export function platformLimits(nav, threaded) {
  const ua = (nav && nav.userAgent) || '';
  let hash = DESKTOP_HASH_MB;
  if (/iPhone|iPod/.test(ua)) hash = PHONE_HASH_MB;
  else if (/iPad|Android/.test(ua) || (/Macintosh/.test(ua) && (nav.maxTouchPoints || 0) > 1)) hash = TABLET_HASH_MB;
  // Threads: one per core in browsers (the engine's own maximum bounds it too); Node's cores are
  // the caller's to share out, so only the engine's maximum applies there.
  const cores = nav && nav.hardwareConcurrency > 0 ? nav.hardwareConcurrency : ENGINE_MAXIMUM;
  const threads = threaded ? cores : 1;
  return { hash, threads };
}

/**
 * Where a search given no limit that ends it (depth, nodes, movetime, a clock or mate) ends: at
 * depth 22, or after 20 seconds, whichever comes first. `infinite: true` asks for a search
 * without end (until stop()). Depth 22 took the native engine 1.8-6.1 s on one thread on four
 * test positions (2026-11-28), so about 2-8 s in a desktop browser and within the 20 s on most
 * phones: a board on a page settles by itself instead of holding a core until it is closed.
 */
export const DEFAULT_SEARCH_LIMITS = Object.freeze({ depth: 22, movetime: 20000 });
