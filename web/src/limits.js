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
