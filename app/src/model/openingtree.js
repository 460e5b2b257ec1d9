// A player's opening tree from the library (issue 54, part 1): the games one player played with
// one colour, merged move by move from the standard start into a tree of their first plies. Each
// move has its games, the player's score in them and, on the player's own moves, the mean
// accuracy of that move where the game was analysed (mainline-chess/report's move accuracy, from
// the saved evaluations before and after it). Each move says whether it is still inside the named
// openings (mainline-chess/openings, the report's Book; the whole way from the start), and at the
// player's turn which move is their usual one (the most played) and which are not. Each game says
// where it left the named openings and who left them.
//
// Pure: no DOM, no storage. The positions come from mainline-chess/rules, one call per game for its
// first plies (about 0.15 ms a game), so 2,000 games are a fraction of a second (scripts: the
// benchmark in tests/js/openingtree-bench.test.mjs).
import { inBook } from 'mainline-chess/openings';
import { moveAccuracy, winPercent } from 'mainline-chess/report';
import { query, STARTING_FEN } from 'mainline-chess/rules';

/**
 * @typedef {import('./record.js').GameRecord} GameRecord
 * @typedef {import('./record.js').RecordNode} RecordNode
 *
 * @typedef {object} TreeMove  one move of the tree, from the position its parent leads to
 * @property {string} san
 * @property {string} uci
 * @property {number} ply          1 for the first move
 * @property {number} games        how many of the player's games played it here
 * @property {number} points       the player's points in those games (1, ½, 0; unfinished ones count 0 and are not in `scored`)
 * @property {number} scored       the finished games among them
 * @property {number} accuracySum  the player's move accuracy summed over `accuracyGames` (the player's moves only)
 * @property {number} accuracyGames
 * @property {boolean} mine        the player's own move (their colour moved)
 * @property {boolean} book        the position after it is inside the named openings, and every one before it was
 * @property {boolean} usual       the player's move played most often here (their own moves only; ties: the one of the
 *                                 game that comes first in `records`, for the library the most recently changed)
 * @property {string[]} gameIds    the games, in library order
 * @property {TreeMove[]} children most played first
 *
 * @typedef {object} BookExit  where a game left the named openings
 * @property {string} gameId
 * @property {number} ply       the first move outside them (1-based); 0: never left within the tree's plies
 * @property {'player'|'opponent'|null} by
 * @property {string} san
 *
 * @typedef {object} OpeningTree
 * @property {string} player
 * @property {'w'|'b'} color
 * @property {number} plies      the tree's depth
 * @property {TreeMove[]} moves  the first moves, most played first
 * @property {number} games      games in the tree
 * @property {number} skipped    the player's games with this colour left out (from another start position, or Chess960)
 * @property {BookExit[]} exits
 */

/** How deep the tree goes, in plies: the opening, and a little past the named lines. */
export const TREE_PLIES = 24;

/** The player's points from a PGN result, or null for an unfinished game. @param {string} result @param {'w'|'b'} color */
function pointsOf(result, color) {
  if (result === '1/2-1/2') return 0.5;
  if (result === '1-0') return color === 'w' ? 1 : 0;
  if (result === '0-1') return color === 'b' ? 1 : 0;
  return null;
}

/** The main line of a record: its nodes from the first move on. @param {GameRecord} r */
function mainLine(r) {
  /** @type {Map<number, RecordNode[]>} */
  const children = new Map();
  let root = null;
  for (const n of r.nodes) {
    if (n.parent === null) root = n;
    else {
      const list = children.get(n.parent) || [];
      list.push(n);
      children.set(n.parent, list);
    }
  }
  const line = root ? [root] : [];
  for (let n = root; n; ) {
    const next = children.get(n.id)?.[0];
    if (next) line.push(next);
    n = next || null;
  }
  return line;
}

/** Whether a name is the player's (PGN names compared without case and outer spaces). */
const samePlayer = (/** @type {string|undefined} */ a, /** @type {string} */ b) => !!a && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The opening tree of `player` with `color` over the library's games.
 * @param {GameRecord[]} records
 * @param {string} player
 * @param {'w'|'b'} color
 * @param {number} [plies]
 * @returns {OpeningTree}
 */
export function buildOpeningTree(records, player, color, plies = TREE_PLIES) {
  /** @type {TreeMove[]} */
  const moves = [];
  /** @type {BookExit[]} */
  const exits = [];
  let games = 0, skipped = 0;
  const tag = color === 'w' ? 'White' : 'Black';
  for (const r of records) {
    if (!samePlayer(r.headers[tag], player)) continue;
    const line = mainLine(r);
    const standard = !r.headers.Variant || /^(standard|chess)$/i.test(r.headers.Variant);
    if (!standard || r.startFen.split(/\s+/).slice(0, 4).join(' ') !== STARTING_FEN.split(/\s+/).slice(0, 4).join(' ') || line.length < 2) {
      skipped++;
      continue;
    }
    games++;
    const played = line.slice(1, plies + 1);
    // the positions, for the book: one call for the game's first plies
    const fens = [STARTING_FEN, ...query(STARTING_FEN, played.map((n) => /** @type {string} */ (n.uci))).moves.map((m) => m.fen)];
    const points = pointsOf(r.headers.Result || '*', color);
    let level = moves;
    let book = true;
    /** @type {BookExit} */
    const exit = { gameId: r.id, ply: 0, by: null, san: '' };
    for (let i = 0; i < played.length && i + 1 < fens.length; i++) {
      const n = played[i];
      const mine = (i % 2 === 0) === (color === 'w');
      book = book && inBook(fens[i + 1]);
      if (!book && !exit.ply) Object.assign(exit, { ply: i + 1, by: mine ? 'player' : 'opponent', san: n.san || '' });
      let m = level.find((x) => x.uci === n.uci);
      if (!m) {
        m = { san: n.san || '', uci: /** @type {string} */ (n.uci), ply: i + 1, games: 0, points: 0, scored: 0, accuracySum: 0, accuracyGames: 0, mine, book, usual: false, gameIds: [], children: [] };
        level.push(m);
      }
      m.games++;
      m.gameIds.push(r.id);
      if (points !== null) {
        m.points += points;
        m.scored++;
      }
      const before = line[i].eval, after = n.eval;
      if (mine && before && after) {
        // the mover's win% before (with the best move) and after the move, as the report counts it
        const side = /** @type {'w'|'b'} */ (color);
        const other = side === 'w' ? 'b' : 'w';
        const own = (/** @type {number} */ w) => (side === 'w' ? w : 100 - w);
        m.accuracySum += moveAccuracy(own(winPercent(before.score, side)), own(winPercent(after.score, other)));
        m.accuracyGames++;
      }
      level = m.children;
    }
    exits.push(exit);
  }
  settle(moves);
  return { player, color, plies, moves, games, skipped, exits };
}

/** Orders every level by games (then first played) and marks the player's usual moves. @param {TreeMove[]} level */
function settle(level) {
  level.sort((a, b) => b.games - a.games);
  if (level.length && level[0].mine) level[0].usual = true;
  for (const m of level) settle(m.children);
}

/** The player's score in a move's finished games, 0..100, or null. @param {TreeMove} m */
export const scorePercent = (m) => (m.scored ? (100 * m.points) / m.scored : null);
/** The player's mean accuracy on a move, or null (not theirs, or never analysed). @param {TreeMove} m */
export const meanAccuracy = (m) => (m.accuracyGames ? m.accuracySum / m.accuracyGames : null);

/**
 * The players of the library, most games first: whose tree to offer.
 * @param {{ white: string, black: string }[]} games
 * @returns {{ name: string, games: number }[]}
 */
export function libraryPlayers(games) {
  /** @type {Map<string, { name: string, games: number }>} */
  const by = new Map();
  for (const g of games) {
    for (const name of [g.white, g.black]) {
      if (!name || name === '?') continue;
      const key = name.trim().toLowerCase();
      const p = by.get(key) || { name: name.trim(), games: 0 };
      p.games++;
      by.set(key, p);
    }
  }
  return [...by.values()].sort((a, b) => b.games - a.games || a.name.localeCompare(b.name));
}
