// Which games of the library are shown, and in what order: a search over the players, the name,
// the opening and the event; the result; the site a game was imported from; a date range; the
// sort. No DOM: the library dialog (controllers/library.js) asks, and the tests check it in Node.

/**
 * @typedef {import('../services/storage.js').GameSummary} GameSummary
 * @typedef {object} LibraryFilter
 * @property {string} [text]      words, each found (any case) in the players, name, opening or event
 * @property {''|'1-0'|'0-1'|'1/2-1/2'|'*'} [result]
 * @property {''|'lichess'|'chesscom'|'here'} [site]  'here': not imported by username
 * @property {number} [from]      played on or after (ms since 1970)
 * @property {number} [to]        played before
 * @property {'changed'|'played-new'|'played-old'|'name'} [sort]
 */

/** When a game was played: the site's time, else its PGN Date, else when it was first saved. */
export function playedAt(/** @type {GameSummary} */ g) {
  if (g.source?.playedAt) return g.source.playedAt;
  const m = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(g.date ?? '');
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : g.created;
}

/**
 * The games `f` lets through, in its order.
 * @param {GameSummary[]} games @param {LibraryFilter} f @returns {GameSummary[]}
 */
export function filterGames(games, f) {
  const words = String(f.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const shown = games.filter((g) => {
    if (f.result && g.result !== f.result) return false;
    if (f.site === 'here' ? !!g.source : f.site && g.source?.site !== f.site) return false;
    const t = playedAt(g);
    if (f.from !== undefined && t < f.from) return false;
    if (f.to !== undefined && t >= f.to) return false;
    if (!words.length) return true;
    const hay = [g.white, g.black, g.name, g.opening ?? '', g.event ?? ''].join(' ').toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  const by = {
    changed: (/** @type {GameSummary} */ a, /** @type {GameSummary} */ b) => b.updated - a.updated,
    'played-new': (/** @type {GameSummary} */ a, /** @type {GameSummary} */ b) => playedAt(b) - playedAt(a) || b.updated - a.updated,
    'played-old': (/** @type {GameSummary} */ a, /** @type {GameSummary} */ b) => playedAt(a) - playedAt(b) || a.updated - b.updated,
    name: (/** @type {GameSummary} */ a, /** @type {GameSummary} */ b) => a.name.localeCompare(b.name) || b.updated - a.updated,
  }[f.sort ?? 'changed'];
  return shown.sort(by);
}
