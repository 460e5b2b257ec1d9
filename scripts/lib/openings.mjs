// Opening positions for matches: one per line, as a FEN (6 fields), or as EPD (4 fields then
// opcodes such as `hmvc 0; fmvn 5; id "Sicilian, Najdorf"; c0 "1.e4 c5 ...";`). Empty lines
// and lines starting with # are skipped. Every position is validated with chess.js; Chess960
// positions (variant 'chess960': castling rights as X-FEN "KQkq" or Shredder-FEN "HAha", which
// chess.js cannot read) only structurally here (scripts/lib/chess960.mjs checkFen960), and by
// the Stockfish referee before a match (stockfish-referee.mjs checkOpenings960).
import { readFileSync } from 'node:fs';
import { Chess, validateFen } from 'chess.js';
import { checkFen960 } from './chess960.mjs';

/**
 * @typedef {Object} Opening
 * @property {string} fen   full 6-field FEN
 * @property {string} [id]  name (EPD `id` opcode)
 * @property {string} [moves] the move list it came from (EPD `c0` opcode), if given
 */

/**
 * Splits EPD opcodes `op arg...;` honouring "quoted strings" (which may contain ';').
 * @param {string} s
 * @returns {Record<string, string>}
 */
function parseOpcodes(s) {
  const out = {};
  let i = 0;
  while (i < s.length) {
    while (i < s.length && /[\s;]/.test(s[i])) i++;
    if (i >= s.length) break;
    let j = i;
    while (j < s.length && !/[\s;]/.test(s[j])) j++;
    const op = s.slice(i, j);
    let val = '';
    i = j;
    while (i < s.length && s[i] !== ';') {
      if (s[i] === '"') {
        const end = s.indexOf('"', i + 1);
        if (end < 0) throw new Error(`unterminated string in EPD opcode ${op}`);
        val += s.slice(i + 1, end);
        i = end + 1;
      } else val += s[i++];
    }
    out[op] = val.trim();
  }
  return out;
}

/**
 * Parses one line of an opening file. Returns null for blank and comment lines; throws on an
 * invalid position.
 * @param {string} line
 * @param {{ variant?: 'standard'|'chess960' }} [o]
 * @returns {Opening|null}
 */
export function parseOpeningLine(line, { variant = 'standard' } = {}) {
  const s = line.trim();
  if (!s || s.startsWith('#')) return null;
  const fields = s.split(/\s+/);
  let fen, ops = {};
  if (fields.length >= 6 && /^\d+$/.test(fields[4]) && /^\d+$/.test(fields[5])) {
    // FEN, optionally followed by EPD-style opcodes
    fen = fields.slice(0, 6).join(' ');
    ops = parseOpcodes(fields.slice(6).join(' '));
  } else {
    // EPD: 4 fields, then opcodes (hmvc and fmvn give the move counters)
    if (fields.length < 4) throw new Error(`not a FEN/EPD line: ${s}`);
    ops = parseOpcodes(fields.slice(4).join(' '));
    const hmvc = ops.hmvc !== undefined ? Number(ops.hmvc) : 0;
    const fmvn = ops.fmvn !== undefined ? Number(ops.fmvn) : 1;
    fen = [...fields.slice(0, 4), hmvc, fmvn].join(' ');
  }
  /** @type {Opening} */
  let o;
  if (variant === 'chess960') {
    const bad = checkFen960(fen);
    if (bad) throw new Error(`invalid Chess960 position '${fen}': ${bad}`);
    o = { fen };
  } else {
    const v = validateFen(fen);
    if (!v.ok) throw new Error(`invalid position '${fen}': ${v.error}`);
    const chess = new Chess(fen);
    if (chess.isGameOver()) throw new Error(`opening position is already over: ${fen}`);
    o = { fen: chess.fen() };
  }
  if (ops.id) o.id = ops.id;
  if (ops.c0) o.moves = ops.c0;
  return o;
}

/**
 * Reads an opening file (see the top of this module for the format).
 * @param {string} file
 * @param {{ variant?: 'standard'|'chess960' }} [opts]
 * @returns {Opening[]}
 */
export function loadOpenings(file, opts = {}) {
  /** @type {Opening[]} */
  const out = [];
  readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
    try {
      const o = parseOpeningLine(line, opts);
      if (o) out.push(o);
    } catch (e) {
      throw new Error(`${file}:${i + 1}: ${e.message}`);
    }
  });
  if (!out.length) throw new Error(`${file}: no opening positions`);
  return out;
}

/**
 * Deterministic pseudo-random generator (mulberry32) for reproducible shuffles.
 * @param {number} seed
 * @returns {() => number} uniform in [0, 1)
 */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The openings in play order: in file order from `start` (0-based), or shuffled with `seed`.
 * Each is used for one game pair; the list repeats when there are more pairs than openings.
 * @param {Opening[]} openings
 * @param {{ random?: boolean, seed?: number, start?: number }} [o]
 * @returns {Opening[]}
 */
export function orderOpenings(openings, { random = false, seed = 1, start = 0 } = {}) {
  const list = [...openings];
  if (random) {
    const r = rng(seed);
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [list[i], list[j]] = [list[j], list[i]];
    }
  }
  const k = ((start % list.length) + list.length) % list.length;
  return [...list.slice(k), ...list.slice(0, k)];
}
