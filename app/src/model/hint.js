// What a hint (controllers/hint.js) shows: pure, for the play panel and the board.

/** @typedef {import('../state.js').Hint} Hint */

/**
 * The hint to show for the game's position now, or null (none asked, or a move was made since).
 * @param {import('../state.js').State} s
 */
export function currentHint(s) {
  const h = s.mode === 'play' ? s.play?.hint : null;
  return h && h.fen === s.tree.lineEnd(s.tree.root).fen ? h : null;
}

/** The hint as one line of text. @param {Hint} h */
export function hintText(h) {
  if (h.pending) return 'Hint: looking for a move…';
  if (h.error) return `No hint: ${h.error}.`;
  return [`Hint: ${h.san}.`, ...h.reasons.map((r) => (/[.!?]$/.test(r) ? r : `${r}.`))].join(' ');
}
