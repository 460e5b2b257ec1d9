// The board app's keys, as the big analysis boards have them. One table: the key handler looks
// actions up here and the `?` overlay lists it, so the two cannot disagree.

/**
 * @typedef {'back'|'forward'|'up'|'down'|'first'|'last'|'flip'|'engine'|'playBest'|'threat'|'arrows'|
 *   'multiLine'|'nextBlunder'|'nextMistake'|'nextInaccuracy'|'prevBlunder'|'prevMistake'|'prevInaccuracy'|'help'} KeyAction
 */

/** @type {readonly { keys: string[], action: KeyAction, label: string }[]} */
export const KEYMAP = Object.freeze([
  { keys: ['ArrowLeft'], action: 'back', label: 'previous move' },
  { keys: ['ArrowRight'], action: 'forward', label: 'next move' },
  { keys: ['ArrowUp'], action: 'up', label: 'previous variation' },
  { keys: ['ArrowDown'], action: 'down', label: 'next variation' },
  { keys: ['Home'], action: 'first', label: 'start position' },
  { keys: ['End'], action: 'last', label: 'end of the line' },
  { keys: ['f'], action: 'flip', label: 'flip the board' },
  { keys: ['l'], action: 'engine', label: 'engine on / off' },
  { keys: [' '], action: 'playBest', label: 'play the best move' },
  { keys: ['x'], action: 'threat', label: 'show the threat' },
  { keys: ['a'], action: 'arrows', label: 'arrows on / off' },
  { keys: ['z'], action: 'multiLine', label: 'one line / several lines' },
  { keys: ['b'], action: 'nextBlunder', label: 'next blunder' },
  { keys: ['m'], action: 'nextMistake', label: 'next mistake' },
  { keys: ['i'], action: 'nextInaccuracy', label: 'next inaccuracy' },
  { keys: ['B'], action: 'prevBlunder', label: 'previous blunder' },
  { keys: ['M'], action: 'prevMistake', label: 'previous mistake' },
  { keys: ['I'], action: 'prevInaccuracy', label: 'previous inaccuracy' },
  { keys: ['?'], action: 'help', label: 'this list' },
]);

const BY_KEY = new Map(KEYMAP.flatMap((k) => k.keys.map((key) => [key, k.action])));

/** How a key is written in the overlay. */
export function keyName(/** @type {string} */ key) {
  return { ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓', ' ': 'space' }[key] ?? key;
}

/**
 * The action of a keydown, or null when the key is not the app's: with Ctrl, Alt or Meta (the
 * browser's), in a text field, on the board (its own keyboard input), Space on a focused button
 * or link (it presses it).
 * @param {{ key: string, altKey?: boolean, ctrlKey?: boolean, metaKey?: boolean, defaultPrevented?: boolean }} e
 * @param {{ closest(selector: string): unknown } | null} [target] the event's target element
 * @returns {KeyAction|null}
 */
export function keyAction(e, target = null) {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return null;
  if (target && target.closest('input, textarea, select, [contenteditable]')) return null;
  if (target && target.closest('svg.cm-chessboard, .cm-chessboard-accessibility')) return null;
  if (e.key === ' ' && target && target.closest('button, a')) return null;
  return BY_KEY.get(e.key) ?? null;
}
