// The time each move of a game took, from the clocks its PGN gives: `[%clk 1:02:03.4]` after a
// move (the mover's time left, as lichess, chess.com and DGT boards write it, kept on import in a
// node's `commands`) and the TimeControl header for the increment. A move took
//
//   the mover's clock after their previous move + the increment - their clock after this move
//
// Each side's first move has no time: sites differ on whether the clock runs before it and
// whether it gets the increment. A time that comes out negative (a clock that went up by more
// than the increment: time added at a control, or clocks that do not fit the header) is unknown,
// not guessed, as is a move next to a clock that cannot be read. Pure: no DOM.

/**
 * @typedef {import('./tree.js').MoveNode} MoveNode
 *
 * @typedef {object} TimeControl  a PGN TimeControl header, read
 * @property {number} increment  seconds added after each move (of the first period)
 * @property {string} text       as the header gives it
 *
 * @typedef {object} MoveTime
 * @property {MoveNode} node
 * @property {'w'|'b'} color
 * @property {number|null} clock    the mover's time left after the move, seconds (null: none or unreadable)
 * @property {number|null} seconds  the time the move took (null: unknown)
 *
 * @typedef {object} MoveTimes
 * @property {MoveTime[]} moves      one per main-line move
 * @property {boolean} clocks        some main-line move has a readable clock
 * @property {number} known          moves whose time is known
 * @property {TimeControl|null} control  null: no TimeControl header that gives the increment
 */

const CLK = /\[%clk\s+([^\]]*)\]/;
const CLOCK_TEXT = /^(\d+):([0-5]?\d):([0-5]?\d(?:\.\d+)?)$|^([0-5]?\d):([0-5]?\d(?:\.\d+)?)$/;

/**
 * The seconds of a clock as `[%clk]` writes it ("1:02:03", "0:04:59.9", also "4:59"), or null
 * when the text is no clock.
 * @param {string} text
 */
export function parseClockText(text) {
  const m = CLOCK_TEXT.exec(text.trim());
  if (!m) return null;
  return m[1] !== undefined ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : Number(m[4]) * 60 + Number(m[5]);
}

/**
 * The clock of a node's PGN commands: seconds, null when there is a `[%clk]` that cannot be read,
 * undefined when there is none.
 * @param {string|undefined} commands
 * @returns {number|null|undefined}
 */
export function clockOf(commands) {
  const m = commands ? CLK.exec(commands) : null;
  return m ? parseClockText(m[1]) : undefined;
}

/**
 * The increment a TimeControl header gives (PGN standard: "300+3", "40/7200:3600", "40/5400+30:1800+30",
 * "*60", "?", "-"): the first period's, 0 for a period without one; null for an unknown or
 * missing control, and for one that cannot be read.
 * @param {string|undefined} header
 * @returns {TimeControl|null}
 */
export function parseTimeControl(header) {
  const text = (header || '').trim();
  if (!text || text === '?' || text === '-') return null;
  const first = text.split(':')[0];
  const m = /^(?:\d+\/)?\d+(?:\.\d+)?(?:\+(\d+(?:\.\d+)?))?$/.exec(first) || /^\*\d+$/.exec(first);
  if (!m) return null;
  return { increment: m[1] !== undefined ? Number(m[1]) : 0, text };
}

/**
 * The time each main-line move took.
 * @param {MoveNode[]} line the main line's moves in order
 * @param {Record<string,string>} headers the game's headers (TimeControl)
 * @returns {MoveTimes}
 */
export function moveTimes(line, headers) {
  const control = parseTimeControl(headers.TimeControl);
  const increment = control ? control.increment : 0;
  /** @type {Record<'w'|'b', number|null|undefined>} each side's clock after its last move (undefined: no move yet) */
  const last = { w: undefined, b: undefined };
  let clocks = false;
  let known = 0;
  /** @type {MoveTime[]} */
  const moves = [];
  for (const node of line) {
    const color = /** @type {'w'|'b'} */ (node.color);
    const c = clockOf(node.commands);
    const clock = c === undefined ? null : c;
    if (clock !== null) clocks = true;
    const before = last[color];
    let seconds = null;
    if (before !== undefined && before !== null && clock !== null) {
      const took = before + increment - clock;
      // a tenth of a second of rounding in the clocks is no time at all, not an unknown one
      if (took >= -0.05) seconds = Math.max(0, Math.round(took * 10) / 10);
    }
    if (seconds !== null) known++;
    last[color] = clock;
    moves.push({ node, color, clock, seconds });
  }
  return { moves, clocks, known, control };
}

/** "7 s", "1 min 04 s", "1 h 02 min", "0.4 s" for seconds. */
export function formatDuration(/** @type {number} */ s) {
  if (s < 10 && !Number.isInteger(s)) return `${s.toFixed(1)} s`;
  const t = Math.round(s);
  if (t < 60) return `${t} s`;
  if (t < 3600) return `${Math.floor(t / 60)} min ${String(t % 60).padStart(2, '0')} s`;
  return `${Math.floor(t / 3600)} h ${String(Math.floor((t % 3600) / 60)).padStart(2, '0')} min`;
}
