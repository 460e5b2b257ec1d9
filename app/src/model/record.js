// A game as it is saved (GameRecord, in IndexedDB) and as annotated PGN, to and from the app's
// GameTree. Moves are checked and played by the engine's rules (tree.js, rules.js); the PGN text
// itself is read and written by the package's annotate.js, which mainline-analyse uses too; the
// game report's classes and summary (gamereport.js) go into it as NAGs and comments. A Chess960
// game says so in its headers ([Variant "Chess960"], kept with the record), and its PGN always
// has its start position ([SetUp "1"], [FEN ...]), as lichess and chess.com write it.
import { GameTree } from './tree.js';
import { playLegal } from './rules.js';
import { moveNumber } from './format.js';
import { pgnAnnotations, playersSummary, reportOf } from './gamereport.js';
import { annotatorName, isChess960, parsePgnGames, readComment, startFen, writePgn } from 'mainline-chess/annotate';
import { version } from 'mainline-chess/package.json';

/**
 * @typedef {import('./tree.js').MoveNode} MoveNode
 * @typedef {import('mainline-chess/annotate').Eval} Eval
 *
 * @typedef {object} RecordNode
 * @property {number} id
 * @property {number|null} parent   null for the start position
 * @property {string|null} uci
 * @property {string|null} san
 * @property {string} [note]
 * @property {number[]} [nags]
 * @property {string} [commands]
 * @property {Eval} [eval]
 *
 * @typedef {object} Review  a whole-game analysis
 * @property {{ depth?: number, movetime?: number }} limits
 * @property {number} date
 * @property {boolean} complete  every main-line position was analysed
 * @property {{ w: PlayerSummary, b: PlayerSummary }} [players]  the report's figures, for the library list
 *
 * @typedef {{ accuracy: number|null, acpl: number|null, rating?: number|null }} PlayerSummary
 *   rating: mainline-chess/report's gameRating (absent in a review saved before there was one)
 *
 * @typedef {object} PracticeResult  one mistake practised ("learn from your mistakes")
 * @property {boolean} solved
 * @property {number} tries     moves tried
 * @property {number} hints     hints taken (1: the piece, 2: the move)
 * @property {number} date
 *
 * @typedef {object} GameRecord
 * @property {number} format    1
 * @property {string} id
 * @property {string} name
 * @property {number} created
 * @property {number} updated
 * @property {Record<string,string>} headers
 * @property {string} startFen
 * @property {RecordNode[]} nodes  every move, parents before children, siblings in order
 * @property {number} current      the node that was shown last
 * @property {number} moveCount    main-line moves
 * @property {Review|null} review
 * @property {Record<number, PracticeResult>} [practice]  by node id of the practised move
 * @property {GameSource} [source]  where it was imported from, by username (LibraryController)
 *
 * @typedef {object} GameSource  a game imported from a site (mainline-chess/import)
 * @property {'lichess'|'chesscom'} site
 * @property {string} id          the site's game id: the library holds each once
 * @property {string} url
 * @property {string} username    whose games were imported
 * @property {number} playedAt    ms since 1970
 * @property {string} timeClass
 * @property {boolean} rated
 * @property {string} variant
 */

const RECORD_FORMAT = 1;

/** A new record id. */
export function newGameId() {
  if (globalThis.crypto && 'randomUUID' in globalThis.crypto) return globalThis.crypto.randomUUID();
  return `g${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * A name for a game from its headers: "Carlsen – Nepomniachtchi", else "Analysis 2025-05-01 14:05".
 * @param {Record<string,string>} headers @param {Date} [date]
 */
export function defaultName(headers = {}, date = new Date()) {
  const known = (/** @type {string|undefined} */ s) => s && s !== '?' && s.trim();
  if (known(headers.White) || known(headers.Black)) return `${known(headers.White) || '?'} – ${known(headers.Black) || '?'}`;
  if (known(headers.Event) && headers.Event !== 'Mainline board') return String(headers.Event);
  const p = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `Analysis ${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ${p(date.getHours())}:${p(date.getMinutes())}`;
}

/**
 * The record of a tree.
 * @param {GameTree} tree
 * @param {{ id: string, name: string, created: number, headers: Record<string,string>, current?: number, review?: Review|null, practice?: Record<number, PracticeResult>, source?: GameSource }} meta
 * @returns {GameRecord}
 */
export function recordFromTree(tree, { id, name, created, headers, current = 0, review = null, practice = {}, source }) {
  /** @type {RecordNode[]} */
  const nodes = [];
  const walk = (/** @type {MoveNode} */ n) => {
    /** @type {RecordNode} */
    const r = { id: n.id, parent: n.parent ? n.parent.id : null, uci: n.uci, san: n.san };
    if (n.note) r.note = n.note;
    if (n.nags && n.nags.length) r.nags = [...n.nags];
    if (n.commands) r.commands = n.commands;
    if (n.eval) r.eval = structuredCloneEval(n.eval);
    nodes.push(r);
    n.children.forEach(walk);
  };
  walk(tree.root);
  return { format: RECORD_FORMAT, id, name, created, updated: Date.now(), headers: variantHeaders(tree, headers), startFen: tree.root.fen, nodes, current, moveCount: tree.mainline().length, review, practice: { ...practice }, ...(source ? { source: { ...source } } : {}) };
}

/** @param {Eval} ev @returns {Eval} */
function structuredCloneEval(ev) {
  /** @type {Eval} */
  const out = { score: { ...ev.score }, depth: ev.depth };
  if (ev.pv) out.pv = [...ev.pv];
  if (ev.pvSan) out.pvSan = [...ev.pvSan];
  if (ev.method) out.method = ev.method;
  if (ev.nodes !== undefined) out.nodes = ev.nodes;
  if (ev.second) out.second = { score: { ...ev.second.score }, pv: [...ev.second.pv], ...(ev.second.pvSan ? { pvSan: [...ev.second.pvSan] } : {}) };
  else if (ev.second === null) out.second = null;
  return out;
}

/**
 * The headers of a game as they go with its tree: a Chess960 tree's say so ([Variant "Chess960"]
 * unless they do in another spelling); a standard tree's name no Chess960 (the tag would lie).
 * @param {GameTree} tree @param {Record<string,string>} headers
 * @returns {Record<string,string>}
 */
export function variantHeaders(tree, headers) {
  const out = { ...headers };
  if (tree.chess960 && !isChess960(out)) out.Variant = 'Chess960';
  if (!tree.chess960 && isChess960(out)) for (const k of Object.keys(out)) if (k.toLowerCase() === 'variant') delete out[k];
  return out;
}

/**
 * The variant a game's headers give: Chess960 ([Variant "Chess960"] as lichess and chess.com
 * write it, or another spelling isChess960 knows), standard chess (no tag, or lichess's
 * "Standard" / "From Position"); any other variant (crazyhouse, atomic...) is refused by name
 * rather than read as standard chess and failing at some move.
 * @param {Record<string,string>} headers @returns {'standard'|'chess960'}
 */
export function pgnVariant(headers) {
  if (isChess960(headers)) return 'chess960';
  const key = Object.keys(headers).find((k) => k.toLowerCase() === 'variant');
  const name = key === undefined ? '' : headers[key].trim();
  if (!name || /^(standard( chess)?|chess|normal|from ?position)$/i.test(name)) return 'standard';
  throw new Error(`the game's variant is ${name}: Mainline plays standard chess and Chess960 only`);
}

/**
 * The tree of a record (its moves replayed by the rules, with their ids). Throws if a move is
 * not legal (a damaged record).
 * @param {GameRecord} record
 */
export function treeFromRecord(record) {
  const tree = new GameTree(record.startFen, { chess960: isChess960(record.headers || {}) });
  let maxId = 0;
  for (const r of record.nodes) {
    const target = r.parent === null ? tree.root : tree.node(r.parent);
    if (r.parent !== null && !target) throw new Error(`damaged record: move ${r.id} has no parent`);
    let n = /** @type {MoveNode} */ (target);
    if (r.parent !== null) {
      tree.nextId = r.id;
      n = tree.play(/** @type {MoveNode} */ (target), /** @type {string} */ (r.uci));
      if (n.id !== r.id) throw new Error(`damaged record: move ${r.san} appears twice`);
    }
    if (r.note) n.note = r.note;
    if (r.nags) n.nags = [...r.nags];
    if (r.commands) n.commands = r.commands;
    if (r.eval) n.eval = structuredCloneEval(r.eval);
    maxId = Math.max(maxId, r.id);
  }
  tree.nextId = maxId + 1;
  tree.version = 0;
  return tree;
}

/**
 * The game to write as PGN (annotate.js's AnnotatedGame), with the game report's classes and
 * summary.
 * @param {GameTree} tree @param {Record<string,string>} headers
 * @returns {import('mainline-chess/annotate').AnnotatedGame}
 */
function annotatedGame(tree, headers, reasons = new Map()) {
  const { judgements, summary, phases } = pgnAnnotations(reportOf(tree));
  // the reason in words goes with the judgement it explains (a move with no judgement has none)
  for (const [id, why] of reasons) {
    const j = judgements.get(id);
    if (j && why) judgements.set(id, { ...j, why });
  }
  /** @returns {import('mainline-chess/annotate').AnnotatedNode} */
  const conv = (/** @type {MoveNode} */ n) => ({
    san: n.san, uci: n.uci, nags: n.nags, note: n.note, commands: n.commands, eval: n.eval,
    ...(judgements.has(n.id) ? { judgement: judgements.get(n.id) } : {}),
    children: n.children.map(conv),
  });
  return { headers, startFen: tree.root.fen, root: conv(tree.root), ...(summary ? { report: summary, phases } : {}) };
}

/**
 * Annotated PGN of a tree: every move with its variations, notes, NAGs, evaluations and the
 * game report's classes; with `reasons` (node id -> the reason in words, computed beforehand:
 * WordsController.reasons), each judged move's reason in square brackets after its judgement.
 * A Chess960 game gets [Variant "Chess960"], [SetUp "1"] and its start position's [FEN] (as
 * the rules write it: X-FEN's KQkq wherever that names the rook), even the standard array's.
 * @param {GameTree} tree @param {Record<string,string>} headers
 * @param {{ engineLines?: boolean, variations?: boolean, reasons?: Map<number, string> }} [opts]
 */
export function treeToPgn(tree, headers, opts = {}) {
  const { reasons, ...write } = opts;
  /** @type {Record<string,string>} */
  const all = variantHeaders(tree, headers);
  if (tree.chess960) {
    // the variant and the start position last, in this order (writePgn keeps the key order)
    const variant = Object.keys(all).filter((k) => k.toLowerCase() === 'variant').map((k) => all[k])[0];
    for (const k of Object.keys(all)) if (['variant', 'setup', 'fen'].includes(k.toLowerCase())) delete all[k];
    Object.assign(all, { Variant: variant, SetUp: '1', FEN: tree.root.fen });
  }
  return writePgn(annotatedGame(tree, all, reasons), write);
}

/**
 * A game read by annotate.js's parsePgnGames played into a GameTree (the rules check every
 * move, variations included), with notes, NAGs, kept commands and evaluations on its nodes. Its
 * variant comes from the [Variant] tag (pgnVariant), its start from the FEN tag (X-FEN or
 * Shredder-FEN). Throws an Error naming what is wrong: the variant, the FEN, or the first move
 * that cannot be played, by its number and text ("5... Nf6 cannot be played: ...").
 * @param {import('mainline-chess/annotate').PgnGame} game
 * @returns {{ tree: GameTree, headers: Record<string,string> }}
 */
export function treeFromPgnGame(game) {
  const headers = { ...game.headers };
  if (!headers.Result && game.result) headers.Result = game.result;
  const chess960 = pgnVariant(headers) === 'chess960';
  const fen = startFen(headers);
  let tree;
  try {
    tree = new GameTree(fen || undefined, { chess960 });
  } catch (e) {
    throw new Error(`the FEN tag is not a position: ${/** @type {Error} */ (e).message.replace(/^bad FEN: /, '')}`);
  }
  const attach = (/** @type {MoveNode} */ node, /** @type {string} */ comment, /** @type {string} */ before = '') => {
    const c = readComment(comment || '');
    const b = before ? readComment(before) : null;
    const note = [b && b.note, c.note].filter(Boolean).join(' ');
    if (note) node.note = note;
    const commands = [b && b.commands, c.commands].filter(Boolean).join(' ');
    if (commands) node.commands = commands;
    const ev = c.eval || (b && b.eval);
    if (ev) node.eval = evalForGame(ev, node.fen, tree.chess960);
  };
  attach(tree.root, game.root.comment);
  const walk = (/** @type {import('mainline-chess/annotate').PgnNode} */ pn, /** @type {MoveNode} */ parent, /** @type {boolean} */ mainline) => {
    for (const [i, child] of pn.children.entries()) {
      const san = /** @type {string} */ (child.san);
      let node;
      try {
        node = tree.play(parent, san);
      } catch (e) {
        // the rules say "illegal move Ke3: no legal king move to e3": the move is named here
        const why = /** @type {Error} */ (e).message.replace(/^illegal move \S+: /, '');
        throw new Error(`${moveNumber(parent.fen, 0)} ${san}${mainline && i === 0 ? '' : ' (in a variation)'} cannot be played: ${why}`);
      }
      attach(node, child.comment, child.before);
      const nags = child.nags.filter((n, i, all) => all.indexOf(n) === i);
      if (nags.length) node.nags = nags;
      walk(child, node, mainline && i === 0);
    }
  };
  walk(game.root, tree.root, true);
  dropOwnJudgements(tree);
  tree.version = 0;
  return { tree, headers };
}

/**
 * An evaluation as a game keeps it: its lines' SAN from its position (a line that turns illegal
 * is cut there), and their UCI in the game's notation. A line read from PGN, or saved for the
 * same position in a game of the other variant (the positions store is shared; only positions
 * both variants can have meet there), may write castling the other way (e1g1 / e1h1).
 * @param {Eval} ev @param {string} fen @param {boolean} chess960 @returns {Eval}
 */
export function evalForGame(ev, fen, chess960) {
  const legal = (/** @type {string[]} */ uci) => {
    const { pv, pvSan } = playLegal(fen, uci, { chess960 });
    return { pv, pvSan };
  };
  const out = { ...ev, ...legal(ev.pv || []) };
  if (ev.second) out.second = { score: ev.second.score, ...legal(ev.second.pv) };
  return out;
}

/**
 * A NAG that writePgn added from the game report ($6 ?!, $2 ?, $4 ??, $1 Great, $3 Brilliant)
 * is not the user's: an imported move whose first NAG is exactly what its evaluations give loses
 * it (it is written again on export).
 * @param {GameTree} tree
 */
function dropOwnJudgements(tree) {
  const { judgements } = pgnAnnotations(reportOf(tree));
  for (const node of tree.nodes.values()) {
    const j = judgements.get(node.id);
    if (!node.nags || !j || !j.nag) continue;
    if (node.nags[0] === j.nag) node.nags = node.nags.slice(1);
    if (!node.nags.length) delete node.nags;
  }
}

/**
 * The headers a game is exported with: an analysed game names its annotator (as mainline-analyse
 * does), unless it has one.
 * @param {Record<string,string>} headers @param {Review|null} review
 */
export function exportHeaders(headers, review) {
  if (!review || !review.complete || headers.Annotator) return headers;
  return { ...headers, Annotator: annotatorName(version, review.limits) };
}

/**
 * A whole-game analysis read from the evaluations a game came with (an imported PGN): complete
 * when every main-line position has one; its depth is the smallest searched depth (unknown for
 * evaluations without one, as lichess writes them). Null when some position has none.
 * @param {GameTree} tree @returns {Review|null}
 */
export function reviewFromEvals(tree) {
  const line = [tree.root, ...tree.mainline()];
  if (line.length < 2 || !line.every((n) => n.eval)) return null;
  const depths = line.map((n) => /** @type {Eval} */ (n.eval)).filter((e) => e.depth > 0 && e.score.mate === undefined).map((e) => e.depth);
  return reviewOf(tree, depths.length ? { depth: Math.min(...depths) } : {}, true);
}

/**
 * A whole-game analysis of a tree, made now, with the report's figures for the library when its
 * report is complete.
 * @param {GameTree} tree @param {Review['limits']} limits @param {boolean} complete
 * @returns {Review}
 */
export function reviewOf(tree, limits, complete) {
  const { game } = reportOf(tree);
  return { limits, date: Date.now(), complete, ...(game ? { players: playersSummary(game) } : {}) };
}

/**
 * Every game of a PGN text, each played into a tree, or the reason it could not be.
 * @param {string} text
 * @returns {{ tree?: GameTree, headers?: Record<string,string>, error?: string, index: number }[]}
 */
export function readPgnGames(text) {
  return parsePgnGames(text).map((g, index) => {
    try {
      return { index, ...treeFromPgnGame(g) };
    } catch (e) {
      return { index, error: `game ${index + 1}${g.headers.White ? ` (${g.headers.White} – ${g.headers.Black || '?'})` : ''}: ${/** @type {Error} */ (e).message}` };
    }
  });
}
