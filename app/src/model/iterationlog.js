// The iterations of one search of one position, as the engine panel shows them: one row per
// completed iteration (identical rows that end in a result merged into a depth range), each
// MultiPV line with its score from White's side and the first move that differs from the
// previous iteration's line; fail-high and fail-low reports as rows of their own. Pure: the
// panel (views/iterations.js) draws it.
import { fenTurn, whitePov } from './format.js';

/**
 * @typedef {import('mainline-chess').IterationInfo} IterationInfo
 * @typedef {object} Line
 * @property {number} multipv
 * @property {{cp?: number, mate?: number}} score  White's point of view
 * @property {'exact'|'lower'|'upper'} bound        the engine's bound (side to move's view)
 * @property {string[]} pv
 * @property {string[]} pvSan
 * @property {string} pvEnd
 * @property {number} changedFrom  index of the first move that differs from the previous iteration's line
 * @typedef {object} Row
 * @property {string} key
 * @property {number} from   first depth of the row (rows of identical iterations are merged)
 * @property {number} depth  last depth of the row
 * @property {number} seldepth
 * @property {'exact'|'lower'|'upper'} bound
 * @property {number} nodes
 * @property {number} nps
 * @property {number} timeMs
 * @property {Map<number, Line>} lines
 * @typedef {{ row: Row, removed: Row|null }} Change
 */

/** Collects the iterations of one search of one position. */
export class IterationLog {
  /** @param {string} fen the searched position */
  constructor(fen) {
    this.fen = fen;
    this.turn = fenTurn(fen).turn;
    /** @type {Row[]} */
    this.rows = [];
    /** @type {Map<number, Line>} the latest exact line of each multipv */
    this.lastExact = new Map();
    this.boundSeq = 0;
    /** @type {Change[]} changes not yet drawn (the panel takes them) */
    this.changes = [];
  }

  /** The changes since the last call (for the panel, which redraws only those rows). */
  takeChanges() {
    return this.changes.splice(0);
  }

  /** The deepest exact row (the current best line is its multipv 1). */
  get best() {
    for (let i = this.rows.length - 1; i >= 0; i--) if (this.rows[i].bound === 'exact') return this.rows[i];
    return null;
  }

  /**
   * Adds one report; returns the row it went into, and a row that was merged into it (whose
   * element must go).
   * @param {IterationInfo} info
   */
  add(info) {
    const prev = this.lastExact.get(info.multipv);
    /** @type {Line} */
    const line = {
      multipv: info.multipv,
      score: whitePov(info.score, this.turn),
      bound: info.bound,
      pv: info.pv,
      pvSan: info.pvSan,
      pvEnd: info.pvEnd,
      changedFrom: firstDifference(prev ? prev.pv : [], info.pv),
    };
    let row;
    /** @type {Row|null} */
    let removed = null;
    if (info.bound === 'exact') {
      row = this.rows.find((r) => r.bound === 'exact' && r.depth === info.depth);
      if (!row) {
        row = /** @type {Row} */ ({ key: `d${info.depth}`, from: info.depth, depth: info.depth, seldepth: info.seldepth, bound: 'exact', nodes: info.nodes, nps: info.nps, timeMs: info.timeMs, lines: new Map() });
        this.rows.push(row);
      }
      row.lines.set(info.multipv, line);
      Object.assign(row, { seldepth: Math.max(row.seldepth, info.seldepth), nodes: info.nodes, nps: info.nps, timeMs: info.timeMs });
      this.lastExact.set(info.multipv, line);
      // once a line ends in a result (mate, a draw), deeper iterations repeat it exactly, often
      // up to the maximum depth within milliseconds: such an iteration joins the previous row,
      // which then shows a depth range
      const i = this.rows.length - 1;
      const prev = this.rows[i - 1];
      if (this.rows[i] === row && prev && prev.bound === 'exact' && prev.depth === row.from - 1 && sameLines(prev, row)) {
        Object.assign(prev, { depth: row.depth, seldepth: Math.max(prev.seldepth, row.seldepth), nodes: row.nodes, nps: row.nps, timeMs: row.timeMs });
        this.rows.pop();
        removed = row;
        row = prev;
      }
    } else {
      row = /** @type {Row} */ ({ key: `d${info.depth}-${info.bound}-${this.boundSeq++}`, from: info.depth, depth: info.depth, seldepth: info.seldepth, bound: info.bound, nodes: info.nodes, nps: info.nps, timeMs: info.timeMs, lines: new Map([[info.multipv, line]]) });
      this.rows.push(row);
    }
    const change = { row, removed };
    this.changes.push(change);
    return change;
  }
}

const RESULT_ENDS = new Set(['mate', 'stalemate', 'repetition', 'fifty', 'material']);

/** Same number of lines, each ending in a result, with the same moves, score and ending. @param {Row} a @param {Row} b */
function sameLines(a, b) {
  if (a.lines.size !== b.lines.size) return false;
  for (const [mp, la] of a.lines) {
    const lb = b.lines.get(mp);
    if (!lb || !RESULT_ENDS.has(la.pvEnd) || la.pvEnd !== lb.pvEnd || la.score.cp !== lb.score.cp || la.score.mate !== lb.score.mate || la.pv.join() !== lb.pv.join()) return false;
  }
  return true;
}

/** The index of the first move where two lines differ. @param {string[]} a @param {string[]} b */
function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
