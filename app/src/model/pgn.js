// PGN in and out, on the package's annotate.js and the engine's rules (rules.js). annotate.js
// reads the whole movetext (headers, variations, comments, NAGs, [%eval] and [%mlpv]
// evaluations), whose moves the rules then play into a GameTree (record.js): an illegal move is
// named by its number and text. Export writes the same annotated PGN as mainline-analyse; a
// Chess960 game with its [Variant "Chess960"], [SetUp "1"] and [FEN] tags and O-O / O-O-O.
import { parsePgnGames, startFen } from 'mainline-chess/annotate';
import { treeFromPgnGame, treeToPgn } from './record.js';

/**
 * @param {string} text
 * @returns {{ tree: import('./tree.js').GameTree, headers: Record<string, string>, games: number }}
 * (games: how many games the text holds; the first is read). Throws an Error with a message fit
 * to show ("PGN: ..."), naming what could not be read or the move that could not be played.
 */
export function parsePgn(text) {
  if (!text || !text.trim()) throw new Error('PGN: nothing to load');
  let games;
  try {
    games = parsePgnGames(text);
  } catch (e) {
    const message = /** @type {Error} */ (e).message;
    throw new Error(/^PGN: /.test(message) ? message : `PGN: ${message}`);
  }
  if (!games.length) throw new Error('PGN: no game found');
  let result;
  try {
    result = treeFromPgnGame(games[0]);
  } catch (e) {
    throw new Error(`PGN: ${/** @type {Error} */ (e).message}`);
  }
  if (!result.tree.root.children.length && !startFen(result.headers)) throw new Error('PGN: no moves found');
  return { tree: result.tree, headers: result.headers, games: games.length };
}

/**
 * The game as annotated PGN: the moves with their variations, the user's notes and NAGs, and the
 * engine's evaluations ([%eval], [%mlpv]) with move judgements (record.js, annotate.js), and the
 * judged moves' reasons in words where `reasons` has them (node id -> words, made beforehand by
 * WordsController.reasons: writing is synchronous).
 * @param {import('./tree.js').GameTree} tree
 * @param {Record<string, string>} headers
 * @param {Map<number, string>} [reasons]
 */
export function exportPgn(tree, headers = {}, reasons) {
  /** @type {Record<string, string>} */
  const all = { Event: 'Mainline board', Site: '?', Date: pgnDate(new Date()), Round: '-', White: '?', Black: '?', Result: '*', ...headers };
  delete all.SetUp;
  delete all.FEN;
  return treeToPgn(tree, all, reasons ? { reasons } : {}).trimEnd();
}

/** A date as PGN writes it: 2026.11.25. */
export function pgnDate(/** @type {Date} */ d) {
  return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
}
