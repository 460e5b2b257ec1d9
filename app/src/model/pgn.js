// PGN in and out, on chess.js and the package's annotate.js. chess.js reads and checks the
// headers and the main line (its errors are the ones shown); annotate.js reads the whole movetext
// (variations, comments, NAGs, [%eval] and [%mlpv] evaluations), whose moves chess.js then plays
// into a GameTree (record.js). Export writes the same annotated PGN as mainline-analyse.
import { Chess } from 'chess.js';
import { GameTree } from './tree.js';
import { parsePgnGames, startFen } from 'mainline-chess/annotate';
import { treeFromPgnGame, treeToPgn } from './record.js';

/**
 * @param {string} text
 * @returns {{ tree: import('./tree.js').GameTree, headers: Record<string, string>, games: number }}
 * (games: how many games the text holds; the first is read). Throws an Error with a message fit to show.
 */
export function parsePgn(text) {
  if (!text || !text.trim()) throw new Error('PGN: nothing to load');
  /** @type {import('mainline-chess/annotate').PgnGame[]} */
  let games = [];
  try {
    games = parsePgnGames(text);
  } catch {
    games = [];
  }
  // chess.js checks the first game (and gives the message for a broken one)
  const first = games.length > 1 ? games[0].text : text;
  const chess = new Chess();
  try {
    chess.loadPgn(first);
  } catch (e) {
    throw new Error(`PGN: ${cleanMessage(e, first)}`);
  }
  const headers = /** @type {Record<string,string>} */ ({ ...chess.getHeaders() });
  const fen = startFen(headers);
  const mainOnly = () => {
    const plain = new GameTree(fen || undefined);
    plain.playLine(plain.root, chess.history());
    plain.version = 0;
    return { tree: plain, headers, games: Math.max(1, games.length) };
  };
  if (!games.length) return mainOnly();
  let result;
  try {
    result = treeFromPgnGame(games[0]);
  } catch {
    return mainOnly(); // the variations could not be read: keep the main line chess.js accepted
  }
  // chess.js's main line is the reference: the two readings must agree
  const ours = result.tree.mainline().map((n) => n.san);
  const theirs = chess.history();
  if (ours.length !== theirs.length || ours.some((s, i) => s !== theirs[i])) return mainOnly();
  if (!ours.length && !fen) throw new Error('PGN: no moves found');
  return { tree: result.tree, headers: { ...headers, ...result.headers }, games: games.length };
}

/** chess.js's error as a sentence. @param {any} e @param {string} text */
function cleanMessage(e, text) {
  // peggy's syntax errors list every token it expected; say where instead
  if (e && e.location && e.location.start) {
    const { line, column, offset } = e.location.start;
    const near = text.slice(Math.max(0, offset - 12), offset + 8).replace(/\s+/g, ' ').trim();
    return `cannot read ${e.found === null ? 'the end' : `"${e.found}"`} at line ${line}, column ${column} (near "${near}")`;
  }
  return String(e && e.message ? e.message : e);
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
