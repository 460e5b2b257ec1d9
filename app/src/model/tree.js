// The game as a tree of moves: the main line is every node's first child, the other children
// are variations. All rules (legality, SAN, FEN, game end) come from the engine's rules
// (rules.js, mainline-chess/rules). A tree is standard chess or Chess960, decided when it is
// made (by its start position, or by the game's [Variant] tag): in a Chess960 game every castling
// move's UCI is the king taking its own rook, as the engine writes it for a Chess960 position.
import { appFen, onlyChess960, playMove, STARTING_FEN } from './rules.js';

export const START_FEN = STARTING_FEN;

/**
 * @typedef {object} MoveNode
 * @property {number} id
 * @property {MoveNode|null} parent
 * @property {MoveNode[]} children  the first child continues the main line
 * @property {string} fen           the position after the move (the start position for the root)
 * @property {string|null} san
 * @property {string|null} uci
 * @property {string|null} from    the squares of the UCI (castling in Chess960: the king's and its rook's)
 * @property {string|null} to
 * @property {'w'|'b'|null} color   the side that played the move
 * @property {number} ply           moves from the root
 * @property {string} [note]        the user's note on the move (a PGN comment)
 * @property {number[]} [nags]      the user's NAGs ($1 !, $2 ?, ... as numbers)
 * @property {string} [commands]    other PGN comment commands kept from an import ([%clk ...])
 * @property {import('mainline-chess/annotate').Eval} [eval]  the engine's evaluation of the position after the move
 */

export class GameTree {
  /**
   * @param {string} [fen] the start position (X-FEN or Shredder-FEN; throws the rules' RulesError
   *   for a bad one)
   * @param {{ chess960?: boolean }} [opts] chess960: a Chess960 game (a start position standard
   *   chess cannot have is one by itself; 518, the standard array, is one only when said)
   */
  constructor(fen = START_FEN, { chess960 = false } = {}) {
    const start = appFen(fen);
    /** Chess960: castling is the king taking its own rook in the moves' UCI (and in the engine's lines). */
    this.chess960 = chess960 || onlyChess960(start);
    this.nextId = 1;
    /** @type {MoveNode} */
    this.root = { id: 0, parent: null, children: [], fen: start, san: null, uci: null, from: null, to: null, color: null, ply: 0 };
    /** @type {Map<number, MoveNode>} */
    this.nodes = new Map([[0, this.root]]);
    /** Counts changes to the moves (new move, cut, remove, promote): the app saves when it moves on. */
    this.version = 0;
  }

  /** @param {number} id */
  node(id) {
    return this.nodes.get(id) || null;
  }

  /** Root..node, inclusive. @param {MoveNode} node @returns {MoveNode[]} */
  path(node) {
    const out = [];
    for (let n = /** @type {MoveNode|null} */ (node); n; n = n.parent) out.push(n);
    return out.reverse();
  }

  /** The UCI moves from the root to `node`. @param {MoveNode} node @returns {string[]} */
  uciMoves(node) {
    return this.path(node).slice(1).map((n) => /** @type {string} */ (n.uci));
  }

  /** The game's variant, as a PGN [Variant] tag names it for Chess960. */
  get variant() {
    return this.chess960 ? 'chess960' : 'standard';
  }

  /**
   * Plays a move after `node`: SAN (O-O / O-O-O for castling), UCI (castling either as the king
   * taking its own rook or, where standard chess could have the position, as the king's move),
   * or { from, to, promotion } (the same as UCI). Returns the child that already has this move,
   * or a new one (a new main line if `node` had none, else a variation). Throws the rules'
   * RulesError for an illegal move, saying why it is not legal.
   * @param {MoveNode} node
   * @param {string | { from: string, to: string, promotion?: string }} move
   */
  play(node, move) {
    const m = playMove(node.fen, move, { chess960: this.chess960 });
    const existing = node.children.find((c) => c.uci === m.uci);
    if (existing) return existing;
    const color = node.fen.split(' ')[1] === 'b' ? 'b' : 'w';
    /** @type {MoveNode} */
    const child = { id: this.nextId++, parent: node, children: [], fen: m.fen, san: m.san, uci: m.uci, from: m.uci.slice(0, 2), to: m.uci.slice(2, 4), color, ply: node.ply + 1 };
    node.children.push(child);
    this.nodes.set(child.id, child);
    this.version++;
    return child;
  }

  /** Plays a list of moves after `node`; returns the last node. @param {MoveNode} node @param {string[]} moves */
  playLine(node, moves) {
    let n = node;
    for (const m of moves) n = this.play(n, m);
    return n;
  }

  /** The end of the main line that continues from `node`. @param {MoveNode} node */
  lineEnd(node) {
    let n = node;
    while (n.children.length) n = n.children[0];
    return n;
  }

  /** Removes everything after `node`. @param {MoveNode} node */
  cut(node) {
    const drop = [...node.children];
    while (drop.length) {
      const n = /** @type {MoveNode} */ (drop.pop());
      this.nodes.delete(n.id);
      drop.push(...n.children);
    }
    if (node.children.length) this.version++;
    node.children = [];
  }

  /** Removes `node` and everything after it; returns its parent. @param {MoveNode} node */
  remove(node) {
    const parent = node.parent;
    if (!parent) return node;
    this.cut(node);
    parent.children.splice(parent.children.indexOf(node), 1);
    this.nodes.delete(node.id);
    this.version++;
    return parent;
  }

  /** Makes `node`'s line the main line at every branch point above it. @param {MoveNode} node */
  promote(node) {
    for (let n = node; n.parent; n = n.parent) {
      const siblings = n.parent.children;
      siblings.splice(siblings.indexOf(n), 1);
      siblings.unshift(n);
    }
    this.version++;
  }

  /** Whether `node` is on the main line (every move on its way is a first child). @param {MoveNode} node */
  isMainline(node) {
    for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }

  /**
   * The variation next to `node` at its branch point: the next (direction 1) or previous (-1)
   * sibling, or null at either end (the up / down keys).
   * @param {MoveNode} node @param {1|-1} direction
   */
  sibling(node, direction) {
    if (!node.parent) return null;
    const siblings = node.parent.children;
    return siblings[siblings.indexOf(node) + direction] || null;
  }

  /** Main-line nodes from the root (excluding it). */
  mainline() {
    const out = [];
    for (let n = this.root; n.children.length; ) {
      n = n.children[0];
      out.push(n);
    }
    return out;
  }
}
