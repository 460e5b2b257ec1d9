// PGN export of finished games (export format: Seven Tag Roster first, SAN moves from chess.js,
// lines of at most 80 characters, optional cutechess-style comments {+0.34/12 0.25s}).
import { STARTPOS, formatScore } from './game.mjs';

/**
 * @typedef {Object} PgnInfo
 * @property {string} [event]
 * @property {string} [site]
 * @property {Date}   [date]   start of the game (default: now)
 * @property {string|number} [round]
 * @property {string} [timeControl] PGN TimeControl value, e.g. "10+0.1" or "-"
 * @property {string} [opening]  name for the Opening tag
 * @property {boolean} [comments] add {score/depth time} after every move (default true)
 * @property {Record<string, string>} [extraTags]
 */

/** Escapes a PGN tag value. */
function tagValue(v) { return String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"'); }

/**
 * PGN date "YYYY.MM.DD" (local time).
 * @param {Date} d
 * @returns {string}
 */
export function pgnDate(d) {
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}.${p(d.getMonth() + 1)}.${p(d.getDate())}`;
}

/**
 * PGN TimeControl value for the limits: "base+inc" in seconds, "-" when no clock runs.
 * @param {import('./game.mjs').Limits} limits
 * @returns {string}
 */
export function pgnTimeControl(limits) {
  if (limits.baseMs === undefined) return '-';
  const s = (ms) => String(Number((ms / 1000).toFixed(3)));
  return limits.incMs ? `${s(limits.baseMs)}+${s(limits.incMs)}` : s(limits.baseMs);
}

/**
 * The comment for one move: "+0.34/12 0.25s" (score from the mover's view, depth, time used).
 * @param {import('./game.mjs').MoveRecord} m
 * @returns {string}
 */
export function moveComment(m) {
  const parts = [];
  if (m.score) parts.push(formatScore(m.score) + (m.depth != null ? `/${m.depth}` : ''));
  parts.push(`${(m.timeMs / 1000).toFixed(m.timeMs < 10000 ? 3 : 2).replace(/0+$/, '').replace(/\.$/, '')}s`);
  return parts.join(' ');
}

/**
 * One game as PGN text (ending with a blank line).
 * @param {import('./game.mjs').GameRecord} game
 * @param {PgnInfo} [info]
 * @returns {string}
 */
export function gameToPgn(game, info = {}) {
  const date = info.date ?? new Date();
  const fromStart = game.startFen === STARTPOS;
  const tags = [
    ['Event', info.event ?? '?'],
    ['Site', info.site ?? '?'],
    ['Date', pgnDate(date)],
    ['Round', info.round ?? '?'],
    ['White', game.whiteName ?? '?'],
    ['Black', game.blackName ?? '?'],
    ['Result', game.result],
  ];
  if (!fromStart) tags.push(['SetUp', '1'], ['FEN', game.startFen]);
  if (info.opening) tags.push(['Opening', info.opening]);
  tags.push(['TimeControl', info.timeControl ?? '?']);
  tags.push(['Termination', game.termination]);
  tags.push(['PlyCount', String(game.moves.length)]);
  for (const [k, v] of Object.entries(info.extraTags ?? {})) tags.push([k, v]);
  const head = tags.map(([k, v]) => `[${k} "${tagValue(v)}"]`).join('\n');

  // movetext tokens
  const fenParts = game.startFen.split(/\s+/);
  let moveNo = Number(fenParts[5]) || 1;
  let side = fenParts[1] === 'b' ? 'b' : 'w';
  const tokens = [];
  let needNumber = true;                        // a black move needs "N..." at the start and after a comment
  const comments = info.comments ?? true;
  const reason = (game.reason ?? '').replace(/[{}]/g, '');
  game.moves.forEach((m, i) => {
    if (side === 'w') tokens.push(`${moveNo}.`);
    else if (needNumber) tokens.push(`${moveNo}...`);
    tokens.push(m.san);
    needNumber = false;
    // cutechess style: the reason the game ended joins the last move's comment
    const last = i === game.moves.length - 1 && reason;
    if (comments || last) {
      tokens.push(`{${[comments ? moveComment(m) : '', last ? reason : ''].filter(Boolean).join(', ')}}`);
      needNumber = true;
    }
    if (side === 'b') moveNo++;
    side = side === 'w' ? 'b' : 'w';
  });
  if (!game.moves.length && reason) tokens.push(`{${reason}}`);
  tokens.push(game.result);

  const lines = [];
  let line = '';
  for (const tok of tokens) {
    if (line && line.length + 1 + tok.length > 80) { lines.push(line); line = tok; }
    else line = line ? `${line} ${tok}` : tok;
  }
  if (line) lines.push(line);
  return `${head}\n\n${lines.join('\n')}\n\n`;
}
