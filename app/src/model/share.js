// Share links: a game (PGN) or a position (FEN), the move shown and the board's side, all after
// the URL's `#`. Browsers never send the fragment to a server, so the game goes only where the
// link goes. The PGN is deflated (CompressionStream 'deflate-raw', in every browser the app runs
// in and in Node) and written in base64url; a FEN is written as it is, spaces as underscores (as
// lichess writes them), so that a person can read it.
//
//   #pgn=<base64url of the deflated PGN>&ply=23&flip=1
//   #pgn=...&ply=24&var=21.1     the move at ply 24 of a line that leaves the main line at ply 21
//                                by its second move (var: ply.child pairs, commas between them)
//   #fen=r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R_w_KQkq_-_2_3&flip=0
//
// Reading a link names what is wrong with it (ShareLinkError.code), so that a link cut short by a
// chat program is told apart from one that never held a game.
import { GameTree } from './tree.js';
import { parsePgn } from './pgn.js';
import { fenProblem } from './rules.js';

/**
 * @typedef {import('./tree.js').MoveNode} MoveNode
 * @typedef {{ ply: number, variations: [number, number][] }} SharePath
 *   the shown move: `ply` moves from the start, taking the first move at each ply except at the
 *   plies `variations` lists (ply, index of the move taken among its position's moves)
 * @typedef {{ pgn: string, fen?: undefined } | { fen: string, pgn?: undefined }} ShareContent
 * @typedef {ShareContent & { path: SharePath, orientation: 'white'|'black' }} SharedLink
 * @typedef {'empty'|'both'|'twice'|'encoding'|'compression'|'too-long'|'text'|'unsupported'|'pgn'|'fen'|'ply'|'var'|'flip'} ShareLinkErrorCode
 */

/** The keys a share link writes; a fragment with none of them is not a share link (`#engine-panel`). */
const KEYS = ['pgn', 'fen', 'ply', 'var', 'flip'];
/** The most text a link's game may inflate to: a link of a few KB cannot hold a game of megabytes. */
export const MAX_PGN_CHARS = 4_000_000;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** What is wrong with a share link: `code` says which part, the message says what, for the user. */
export class ShareLinkError extends Error {
  /** @param {ShareLinkErrorCode} code @param {string} message */
  constructor(code, message) {
    super(`Shared link: ${message}`);
    this.name = 'ShareLinkError';
    this.code = code;
  }
}

/** Whether a fragment (with or without its `#`) is a share link, good or bad, rather than an in-page anchor. */
export function isShareFragment(/** @type {string} */ fragment) {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  return KEYS.some((k) => params.has(k));
}

/**
 * The fragment (without `#`) of a link to a game at a move, or to a position.
 * @param {ShareContent} content
 * @param {{ path?: SharePath, orientation?: 'white'|'black' }} [at]
 * @returns {Promise<string>}
 */
export async function shareFragment(content, { path = { ply: 0, variations: [] }, orientation = 'white' } = {}) {
  const parts = [];
  if (typeof content.pgn === 'string') {
    parts.push(`pgn=${toBase64Url(await deflate(content.pgn))}`);
    if (path.ply > 0) parts.push(`ply=${path.ply}`);
    if (path.variations.length) parts.push(`var=${path.variations.map(([ply, i]) => `${ply}.${i}`).join(',')}`);
  } else {
    // (a FEN has no `&`, `#` or `_`: spaces become underscores, and the slashes stay readable)
    parts.push(`fen=${content.fen.trim().split(/\s+/).join('_')}`);
  }
  parts.push(`flip=${orientation === 'black' ? 1 : 0}`);
  return parts.join('&');
}

/**
 * Reads a share link's fragment (with or without its `#`): its game or position, the move and
 * the side at the bottom. The game's text is not checked here (openShared does that).
 * @param {string} fragment @returns {Promise<SharedLink>} throws ShareLinkError
 */
export async function readShareFragment(fragment) {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  for (const k of KEYS) if (params.getAll(k).length > 1) throw new ShareLinkError('twice', `${k}= is given more than once.`);
  const pgnText = params.get('pgn');
  const fenText = params.get('fen');
  if (pgnText === null && fenText === null) throw new ShareLinkError('empty', 'it holds no game (pgn=) and no position (fen=).');
  if (pgnText !== null && fenText !== null) throw new ShareLinkError('both', 'it holds both a game (pgn=) and a position (fen=); a link holds one of them.');
  const orientation = readFlip(params.get('flip'));
  const path = readPath(params.get('ply'), params.get('var'));
  if (fenText !== null) {
    if (path.ply > 0 || path.variations.length) throw new ShareLinkError('ply', 'a position (fen=) has no moves to go to (ply= and var= belong to a game).');
    const fen = fenText.replace(/_/g, ' ').trim().replace(/\s+/g, ' ');
    if (!fen) throw new ShareLinkError('fen', 'the position (fen=) is empty.');
    return { fen, path, orientation };
  }
  return { pgn: await inflate(fromBase64Url(/** @type {string} */ (pgnText))), path, orientation };
}

/**
 * A link's game or position as a tree, with the node it shows: the PGN read and the FEN checked
 * as the app reads them (a FEN link is a game of no moves from that position).
 * @param {SharedLink} link
 * @returns {{ tree: GameTree, headers: Record<string, string>, node: MoveNode }} throws ShareLinkError
 */
export function openShared(link) {
  if (typeof link.fen === 'string') {
    const problem = fenProblem(link.fen);
    if (problem) throw new ShareLinkError('fen', `the position (fen=) is not one: ${problem}.`);
    const tree = new GameTree(link.fen);
    return { tree, headers: {}, node: tree.root };
  }
  let read;
  try {
    read = parsePgn(/** @type {string} */ (link.pgn));
  } catch (e) {
    throw new ShareLinkError('pgn', `its game (pgn=) cannot be read: ${/** @type {Error} */ (e).message}.`);
  }
  return { tree: read.tree, headers: read.headers, node: nodeAt(read.tree, link.path) };
}

/** Where a node is in its tree, as a link writes it. @param {MoveNode} node @returns {SharePath} */
export function pathOf(node) {
  /** @type {[number, number][]} */
  const variations = [];
  for (let n = node; n.parent; n = n.parent) {
    const i = n.parent.children.indexOf(n);
    if (i > 0) variations.unshift([n.ply, i]);
  }
  return { ply: node.ply, variations };
}

/**
 * The node a path leads to. Throws ShareLinkError ('ply' or 'var') when the tree has no such
 * move, saying how far it goes.
 * @param {GameTree} tree @param {SharePath} path @returns {MoveNode}
 */
export function nodeAt(tree, path) {
  const choice = new Map(path.variations);
  for (const [ply] of path.variations) {
    if (ply > path.ply) throw new ShareLinkError('var', `var= names a move at ply ${ply}, after the move shown (ply=${path.ply}).`);
  }
  let node = tree.root;
  for (let ply = 1; ply <= path.ply; ply++) {
    const i = choice.get(ply) ?? 0;
    const next = node.children[i];
    if (!next) {
      if (i > 0 && node.children.length) throw new ShareLinkError('var', `var= takes move ${i + 1} at ply ${ply}, where the game has ${node.children.length === 1 ? 'one move' : `${node.children.length} moves`}.`);
      throw new ShareLinkError('ply', `ply=${path.ply} is past the end of the game: that line has ${node.ply} ${node.ply === 1 ? 'move' : 'moves'}.`);
    }
    node = next;
  }
  return node;
}

// ---- the parts of a fragment --------------------------------------------------------------------

/** @param {string|null} text @returns {'white'|'black'} */
function readFlip(text) {
  if (text === null || text === '0') return 'white';
  if (text === '1') return 'black';
  throw new ShareLinkError('flip', `flip=${text}: 0 (White at the bottom) or 1 (Black at the bottom) was expected.`);
}

/** @param {string|null} plyText @param {string|null} varText @returns {SharePath} */
function readPath(plyText, varText) {
  const ply = plyText === null ? 0 : Number(plyText);
  if (plyText !== null && !(/^\d{1,4}$/.test(plyText) && Number.isInteger(ply))) throw new ShareLinkError('ply', `ply=${plyText}: a whole number of moves from the start was expected.`);
  /** @type {[number, number][]} */
  const variations = [];
  if (varText !== null && varText !== '') {
    for (const pair of varText.split(',')) {
      const m = /^(\d{1,4})\.(\d{1,3})$/.exec(pair);
      if (!m || Number(m[1]) < 1) throw new ShareLinkError('var', `var=${varText}: ply.move pairs were expected, such as 21.1 (the second move at ply 21), commas between them.`);
      if (variations.some(([p]) => p === Number(m[1]))) throw new ShareLinkError('var', `var=${varText}: ply ${m[1]} is named twice.`);
      variations.push([Number(m[1]), Number(m[2])]);
    }
  }
  return { ply, variations };
}

// ---- compression and base64url ------------------------------------------------------------------

/** @param {string} text @returns {Promise<Uint8Array>} */
async function deflate(text) {
  if (typeof CompressionStream !== 'function') throw new ShareLinkError('unsupported', 'this browser cannot compress a game (it has no CompressionStream); Copy PGN still works.');
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** @param {Uint8Array} bytes @returns {Promise<string>} */
async function inflate(bytes) {
  if (typeof DecompressionStream !== 'function') throw new ShareLinkError('unsupported', 'this browser cannot read a shared game (it has no DecompressionStream).');
  if (!bytes.length) throw new ShareLinkError('compression', 'its game (pgn=) is empty.');
  const reader = new Blob([/** @type {Uint8Array<ArrayBuffer>} */ (bytes)]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      // (a few bytes can inflate to gigabytes: stop reading well before that)
      if (size > MAX_PGN_CHARS * 4) {
        reader.cancel().catch(() => {});
        throw new ShareLinkError('too-long', `its game (pgn=) is larger than ${MAX_PGN_CHARS.toLocaleString('en')} characters, more than any game.`);
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof ShareLinkError) throw e;
    throw new ShareLinkError('compression', 'its game (pgn=) cannot be decompressed: the link was cut short or changed on its way.');
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(all);
  } catch {
    throw new ShareLinkError('text', 'its game (pgn=) is not text (not UTF-8).');
  }
  if (text.length > MAX_PGN_CHARS) throw new ShareLinkError('too-long', `its game (pgn=) is larger than ${MAX_PGN_CHARS.toLocaleString('en')} characters, more than any game.`);
  return text;
}

/** @param {Uint8Array} bytes */
export function toBase64Url(bytes) {
  let binary = '';
  // (String.fromCharCode takes a limited number of arguments: a chunk at a time)
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** @param {string} text @returns {Uint8Array} throws ShareLinkError('encoding') */
export function fromBase64Url(text) {
  if (!BASE64URL.test(text)) {
    const at = [...text].findIndex((c) => !/[A-Za-z0-9_-]/.test(c));
    throw new ShareLinkError('encoding', `its game (pgn=) is not base64url text: "${[...text][at]}" at character ${at + 1}.`);
  }
  if (text.length % 4 === 1) throw new ShareLinkError('encoding', `its game (pgn=) is not base64url text: ${text.length} characters cannot be whole bytes (the link was cut short?).`);
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
