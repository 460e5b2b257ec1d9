// The board in words, for screen readers and keyboards (the element's and the app's screen-reader
// mode): the position by side or rank by rank, where pieces are, what attacks a square, moves
// and scores said as a person would say them, the commands a user types, and when the engine's
// thinking is worth announcing (never every iteration). Pure functions of a FEN and the
// engine's reports: no DOM, no engine, no dependencies; moves are checked by the engine.

/** @typedef {'w'|'b'} Side */

const FILES = 'abcdefgh';
export const PIECE_WORDS = Object.freeze({ k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' });
const PLURAL = Object.freeze({ k: 'kings', q: 'queens', r: 'rooks', b: 'bishops', n: 'knights', p: 'pawns' });
const ORDER = ['k', 'q', 'r', 'b', 'n', 'p'];
const SIDE_WORD = Object.freeze({ w: 'White', b: 'Black' });

/**
 * The board of a FEN: square name -> piece letter (upper case White), side to move.
 * @param {string} fen
 * @returns {{ board: Map<string, string>, turn: Side }}
 */
export function readFen(fen) {
  const [placement = '', turn = 'w'] = fen.trim().split(/\s+/);
  const board = new Map();
  const ranks = placement.split('/');
  if (ranks.length !== 8) throw new Error(`not a FEN board: ${placement}`);
  ranks.forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else {
        if (!/[kqrbnp]/i.test(ch) || file > 7) throw new Error(`not a FEN board: ${placement}`);
        board.set(`${FILES[file]}${8 - i}`, ch);
        file++;
      }
    }
  });
  return { board, turn: turn === 'b' ? 'b' : 'w' };
}

const sideOf = (/** @type {string} */ p) => /** @type {Side} */ (p === p.toUpperCase() ? 'w' : 'b');
const list = (/** @type {string[]} */ xs) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}` : xs[0] || '');

/** "White: king g1, queen d1, rooks a1 and f1, ...; Black: ...; White to move." */
export function describePosition(/** @type {string} */ fen) {
  const { board, turn } = readFen(fen);
  const parts = [];
  for (const side of /** @type {Side[]} */ (['w', 'b'])) {
    const groups = [];
    for (const t of ORDER) {
      const squares = [...board].filter(([, p]) => sideOf(p) === side && p.toLowerCase() === t).map(([s]) => s).sort();
      if (squares.length) groups.push(`${squares.length > 1 ? PLURAL[/** @type {keyof PLURAL} */ (t)] : PIECE_WORDS[/** @type {keyof PIECE_WORDS} */ (t)]} ${list(squares)}`);
    }
    parts.push(`${SIDE_WORD[side]}: ${groups.join(', ') || 'nothing'}`);
  }
  return `${parts.join('. ')}. ${SIDE_WORD[turn]} to move.`;
}

/** Rank by rank from the top (or the given side's view): "Rank 8: a8 black rook, e8 black king. Rank 7: ..." */
export function describeRanks(/** @type {string} */ fen, /** @type {Side} */ from = 'w') {
  const { board } = readFen(fen);
  const ranks = from === 'w' ? [8, 7, 6, 5, 4, 3, 2, 1] : [1, 2, 3, 4, 5, 6, 7, 8];
  return ranks
    .map((r) => {
      const files = from === 'w' ? [...FILES] : [...FILES].reverse();
      const items = files.map((f) => `${f}${r}`).filter((s) => board.has(s)).map((s) => {
        const p = /** @type {string} */ (board.get(s));
        return `${s} ${sideOf(p) === 'w' ? 'white' : 'black'} ${PIECE_WORDS[/** @type {keyof PIECE_WORDS} */ (p.toLowerCase())]}`;
      });
      return `Rank ${r}: ${items.length ? items.join(', ') : 'empty'}.`;
    })
    .join(' ');
}

/** Piece words a user may type: "knight", "knights", "n", "white queen", "black pawns". */
function pieceQuery(/** @type {string} */ text) {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  /** @type {Side|null} */
  let side = null;
  let type = null;
  for (const w of words) {
    if (w === 'white' || w === 'black') side = w === 'white' ? 'w' : 'b';
    else {
      const singular = w.replace(/s$/, '');
      const t = Object.keys(PIECE_WORDS).find((k) => PIECE_WORDS[/** @type {keyof PIECE_WORDS} */ (k)] === singular || k === singular);
      if (t) type = t;
    }
  }
  return type ? { side, type } : null;
}

/** "White knights: c3 and f3. Black knight: c6." for "knights"; null when no piece is named. */
export function whereIs(/** @type {string} */ fen, /** @type {string} */ query) {
  const q = pieceQuery(query);
  if (!q) return null;
  const { board } = readFen(fen);
  const sides = q.side ? [q.side] : /** @type {Side[]} */ (['w', 'b']);
  return sides
    .map((side) => {
      const squares = [...board].filter(([, p]) => sideOf(p) === side && p.toLowerCase() === q.type).map(([s]) => s).sort();
      const word = squares.length === 1 ? PIECE_WORDS[/** @type {keyof PIECE_WORDS} */ (q.type)] : PLURAL[/** @type {keyof PLURAL} */ (q.type)];
      return `${SIDE_WORD[side]} ${word}: ${squares.length ? list(squares) : 'none'}.`;
    })
    .join(' ');
}

const STEPS = {
  n: [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]],
  k: [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]],
};
const RAYS = { b: [[1, 1], [1, -1], [-1, 1], [-1, -1]], r: [[1, 0], [-1, 0], [0, 1], [0, -1]] };

/**
 * The pieces that attack `square` (as chess counts attacks: pins and checks aside), by side.
 * @param {string} fen @param {string} square
 * @returns {{ w: string[], b: string[] }} squares of the attackers
 */
export function attackersOf(fen, square) {
  if (!/^[a-h][1-8]$/.test(square)) throw new Error(`not a square: ${square}`);
  const { board } = readFen(fen);
  const f0 = FILES.indexOf(square[0]);
  const r0 = Number(square[1]);
  const at = (/** @type {number} */ f, /** @type {number} */ r) => (f >= 0 && f < 8 && r >= 1 && r <= 8 ? `${FILES[f]}${r}` : null);
  /** @type {{ w: string[], b: string[] }} */
  const out = { w: [], b: [] };
  const add = (/** @type {string} */ s) => out[sideOf(/** @type {string} */ (board.get(s)))].push(s);
  for (const [type, steps] of Object.entries(STEPS))
    for (const [df, dr] of steps) {
      const s = at(f0 + df, r0 + dr);
      if (s && board.get(s)?.toLowerCase() === type) add(s);
    }
  for (const [type, rays] of Object.entries(RAYS))
    for (const [df, dr] of rays)
      for (let k = 1; k < 8; k++) {
        const s = at(f0 + df * k, r0 + dr * k);
        if (!s) break;
        const p = board.get(s);
        if (!p) continue;
        if (p.toLowerCase() === type || p.toLowerCase() === 'q') add(s);
        break;
      }
  // pawns: a white pawn attacks up the board, a black one down
  for (const df of [-1, 1]) {
    const w = at(f0 + df, r0 - 1);
    if (w && board.get(w) === 'P') add(w);
    const b = at(f0 + df, r0 + 1);
    if (b && board.get(b) === 'p') add(b);
  }
  out.w.sort();
  out.b.sort();
  return out;
}

/** "e4 holds a white pawn. White attacks it with the knight on f3. Black attacks it with the pawn on d5 and the bishop on b7." */
export function describeSquare(/** @type {string} */ fen, /** @type {string} */ square) {
  const { board } = readFen(fen);
  const a = attackersOf(fen, square);
  const p = board.get(square);
  const holds = p ? `${square} holds a ${sideOf(p) === 'w' ? 'white' : 'black'} ${PIECE_WORDS[/** @type {keyof PIECE_WORDS} */ (p.toLowerCase())]}.` : `${square} is empty.`;
  const by = (/** @type {Side} */ side) => {
    const xs = a[side].map((s) => `the ${PIECE_WORDS[/** @type {keyof PIECE_WORDS} */ (/** @type {string} */ (board.get(s)).toLowerCase())]} on ${s}`);
    return xs.length ? `${SIDE_WORD[side]} attacks it with ${list(xs)}.` : `${SIDE_WORD[side]} does not attack it.`;
  };
  return `${holds} ${by('w')} ${by('b')}`;
}

/** A move in SAN said in words: "knight takes e5, check", "castles kingside", "pawn to e8, promotes to a queen, checkmate". */
export function sayMove(/** @type {string} */ san) {
  const suffix = san.endsWith('#') ? ', checkmate' : san.endsWith('+') ? ', check' : '';
  const s = san.replace(/[+#!?]+$/, '');
  if (/^O-O-O$|^0-0-0$/.test(s)) return `castles queenside${suffix}`;
  if (/^O-O$|^0-0$/.test(s)) return `castles kingside${suffix}`;
  const m = /^([KQRBN])?([a-h]?[1-8]?)(x)?([a-h][1-8])(?:=([QRBN]))?$/.exec(s);
  if (!m) return san;
  const piece = m[1] ? PIECE_WORDS[/** @type {keyof PIECE_WORDS} */ (m[1].toLowerCase())] : 'pawn';
  const from = m[2] ? ` from ${m[2]}` : '';
  const promo = m[5] ? `, promotes to a ${PIECE_WORDS[/** @type {keyof PIECE_WORDS} */ (m[5].toLowerCase())]}` : '';
  return `${piece}${m[1] ? from : m[2] ? ` from the ${m[2]} file` : ''} ${m[3] ? 'takes' : 'to'} ${m[4]}${promo}${suffix}`;
}

/**
 * A score as words, from White's point of view: "equal", "White is slightly better (+0.45)",
 * "Black is winning (-3.10)", "White mates in 3".
 * @param {{ cp?: number, mate?: number }} score White's view
 */
export function sayScore(score) {
  if (score.mate !== undefined) {
    if (score.mate === 0) return 'checkmate';
    return `${score.mate > 0 ? 'White' : 'Black'} mates in ${Math.abs(score.mate)}`;
  }
  const cp = score.cp ?? 0;
  const text = `${cp > 0 ? '+' : ''}${(cp / 100).toFixed(2)}`;
  const side = cp > 0 ? 'White' : 'Black';
  const a = Math.abs(cp);
  if (a < 30) return `about equal (${text})`;
  if (a < 100) return `${side} is slightly better (${text})`;
  if (a < 250) return `${side} is better (${text})`;
  return `${side} is winning (${text})`;
}

/** The band a score falls in, for "has the meaning changed": mate, winning, better, slightly better, equal (signed). */
export function scoreBand(/** @type {{ cp?: number, mate?: number }} */ score) {
  if (score.mate !== undefined) return score.mate > 0 ? 4 : score.mate < 0 ? -4 : 0;
  const cp = score.cp ?? 0;
  const a = Math.abs(cp);
  const band = a < 30 ? 0 : a < 100 ? 1 : a < 250 ? 2 : 3;
  return cp < 0 ? -band : band;
}

/**
 * Decides what of the engine's thinking to announce: a completed iteration only when the best
 * move or the score's band changed, and not more often than every `minGapMs`; the search's
 * result always.
 */
export class Announcer {
  /** @param {{ minGapMs?: number, now?: () => number }} [o] */
  constructor({ minGapMs = 4000, now = () => Date.now() } = {}) {
    this.minGapMs = minGapMs;
    this.now = now;
    /** @type {string|null} the best move last said */
    this.best = null;
    /** @type {number|null} the score's band last said */
    this.band = null;
    /** when it was said */
    this.last = -Infinity;
  }
  /** A new position or search: nothing said about it yet. */
  reset() {
    this.best = null;
    this.band = null;
    this.last = -Infinity;
  }
  /**
   * An exact iteration of the first line: the text to announce, or null.
   * @param {{ depth: number, san: string, score: { cp?: number, mate?: number } }} it score from White's view
   */
  iteration({ depth, san, score }) {
    const band = scoreBand(score);
    if (san === this.best && band === this.band) return null;
    if (this.now() - this.last < this.minGapMs && this.best !== null) return null;
    this.best = san;
    this.band = band;
    this.last = this.now();
    return `Depth ${depth}: best ${sayMove(san)}; ${sayScore(score)}.`;
  }
  /** The search's result: always said. @param {{ depth: number, san: string, score: { cp?: number, mate?: number } }} r */
  result({ depth, san, score }) {
    this.best = san;
    this.band = scoreBand(score);
    this.last = this.now();
    return `Engine: ${sayMove(san)} is best at depth ${depth}; ${sayScore(score)}.`;
  }
}

/**
 * A move typed in SAN or UCI, matched against the position's legal moves: the move, or why not
 * (ambiguous: the moves it could be; illegal: the legal moves to choose from).
 * @template {{ uci: string, san: string }} M
 * @param {string} text @param {M[]} legal
 * @returns {{ move: M } | { ambiguous: M[] } | { illegal: true, legal: M[] }}
 */
export function matchMove(text, legal) {
  const bare = (/** @type {string} */ san) => san.replace(/[+#!?]+$/, '');
  const typed = bare(text.trim()).replace(/^0-0-0$/, 'O-O-O').replace(/^0-0$/, 'O-O');
  const move = legal.find((m) => m.uci === typed.toLowerCase() || bare(m.san) === typed);
  if (move) return { move };
  // people leave out the "x" of a capture: one legal move that differs only by it is the one meant
  const loose = (/** @type {string} */ san) => bare(san).replace(/x/g, '');
  const hits = legal.filter((m) => loose(m.san) === loose(typed));
  if (hits.length === 1) return { move: hits[0] };
  // the same piece and square reachable from more than one place: ambiguous without its file or rank
  const stripped = (/** @type {string} */ san) => loose(san).replace(/^([KQRBN])[a-h]?[1-8]?([a-h][1-8])/, '$1$2');
  if (/^[KQRBN]x?[a-h][1-8]$/.test(typed)) {
    const ambiguous = legal.filter((m) => stripped(m.san) === loose(typed));
    if (ambiguous.length > 1) return { ambiguous };
  }
  return { illegal: true, legal };
}

/** The answer to a typed move that was not played, in words. @param {string} text @param {ReturnType<typeof matchMove>} m */
export function sayNotPlayed(text, m) {
  if ('ambiguous' in m) return `${text} is ambiguous: ${m.ambiguous.map((x) => x.san).sort().join(' or ')}.`;
  if ('illegal' in m) return m.legal.length ? `${text} is not a legal move here. Legal moves: ${m.legal.map((x) => x.san).join(', ')}.` : `${text}: there are no legal moves in this position.`;
  return '';
}

export const COMMAND_HELP =
  'Type a move (e4, Nf3, e2e4, O-O), or: board (rank by rank), pieces (by side), where knight (or any piece), ' +
  'attacks e4 (what attacks a square), engine (what the engine says), line (its best line), ' +
  'report (the game report), why (the reason for the move shown, or for the engine\u2019s best move), help.';

/**
 * What the user typed: a command, or a move to check with the engine.
 * @param {string} text
 * @returns {{ cmd: 'board'|'pieces'|'engine'|'line'|'report'|'why'|'help' } | { cmd: 'where', piece: string } | { cmd: 'attacks', square: string } | { cmd: 'move', move: string } | { cmd: 'empty' }}
 */
export function parseCommand(text) {
  const t = text.trim();
  if (!t) return { cmd: 'empty' };
  const lower = t.toLowerCase();
  if (['board', 'ranks'].includes(lower)) return { cmd: 'board' };
  if (['pieces', 'position'].includes(lower)) return { cmd: 'pieces' };
  if (['engine', 'eval', 'score', 'best'].includes(lower)) return { cmd: 'engine' };
  if (['line', 'pv'].includes(lower)) return { cmd: 'line' };
  if (['report', 'summary', 'accuracy'].includes(lower)) return { cmd: 'report' };
  if (['why', 'explain', 'reason', 'why?'].includes(lower)) return { cmd: 'why' };
  if (['help', '?'].includes(lower)) return { cmd: 'help' };
  const where = /^(?:where(?: is| are)?|find)\s+(.+)$/.exec(lower);
  if (where) return { cmd: 'where', piece: where[1] };
  const attacks = /^(?:what\s+)?attack(?:s|ers|ed)?(?:\s+on)?\s+([a-h][1-8])$/.exec(lower);
  if (attacks) return { cmd: 'attacks', square: attacks[1] };
  return { cmd: 'move', move: t };
}

// ---- the game report and the explanations, in words ---------------------------------------------

/** The report's classes as words, worst first: what a listener wants to hear about first. */
const CLASS_WORDS = /** @type {const} */ ([
  ['blunder', 'blunder', 'blunders'],
  ['mistake', 'mistake', 'mistakes'],
  ['missed-win', 'missed win', 'missed wins'],
  ['inaccuracy', 'inaccuracy', 'inaccuracies'],
  ['brilliant', 'brilliant move', 'brilliant moves'],
  ['great', 'great move', 'great moves'],
]);

/**
 * A complete game report (mainline-chess/report's gameReport) in words: each player's accuracy,
 * average centipawn loss and notable moves by class, worst first, then where the errors are.
 * "White (Anna): accuracy 41%, average centipawn loss 180; 2 blunders, 1 mistake. Black (Boris):
 * accuracy 92%, ... Blunders: 4. Nxe5 and 5. Nxf7 (White)."
 * @param {{ players: Record<Side, { accuracy: number|null, acpl: number|null, counts: Record<string, number>,
 *   phases?: Record<'opening'|'middlegame'|'endgame', { accuracy: number|null }> | null }> }} report
 * @param {{ names?: Partial<Record<Side, string>>, moves?: { label: string, cls: string, mover: Side }[] }} [o]
 *   names: the players' names; moves: the game's moves (label "4. Nxe5") with their class, for where the errors are
 */
export function describeReport(report, { names = {}, moves = [] } = {}) {
  const parts = /** @type {Side[]} */ (['w', 'b']).map((side) => {
    const p = report.players[side];
    const who = names[side] && names[side] !== '?' ? `${SIDE_WORD[side]} (${names[side]})` : SIDE_WORD[side];
    if (p.accuracy === null) return `${who}: no moves.`;
    const counts = CLASS_WORDS.filter(([c]) => p.counts[c]).map(([c, one, many]) => `${p.counts[c]} ${p.counts[c] === 1 ? one : many}`);
    return `${who}: accuracy ${Math.round(p.accuracy)}%, average centipawn loss ${Math.round(p.acpl ?? 0)}; ${counts.length ? list(counts) : 'no notable moves'}.`;
  });
  // accuracy by phase, when the report has it: "Opening: White 95%, Black 90%. Endgame: no moves."
  const wp = report.players.w.phases, bp = report.players.b.phases;
  if (wp && bp) {
    for (const phase of /** @type {const} */ (['opening', 'middlegame', 'endgame'])) {
      const one = (/** @type {Side} */ side, /** @type {{ accuracy: number|null }} */ p) => (p.accuracy === null ? '' : `${SIDE_WORD[side]} ${Math.round(p.accuracy)}%`);
      const both = [one('w', wp[phase]), one('b', bp[phase])].filter(Boolean);
      parts.push(`${phase[0].toUpperCase()}${phase.slice(1)} accuracy: ${both.length ? both.join(', ') : 'no moves'}.`);
    }
  }
  for (const [c, , many] of CLASS_WORDS.slice(0, 3)) {
    const by = /** @type {Side[]} */ (['w', 'b']).map((side) => ({ side, labels: moves.filter((m) => m.cls === c && m.mover === side).map((m) => m.label) })).filter((x) => x.labels.length);
    if (by.length) parts.push(`${many[0].toUpperCase()}${many.slice(1)}: ${by.map((x) => `${list(x.labels)} (${SIDE_WORD[x.side]})`).join('; ')}.`);
  }
  return `Game report. ${parts.join(' ')}`;
}

/**
 * @typedef {object} Explanation  why a move is good or bad, in sentences already checked
 * @property {string} about  the move explained: "4. Nxe5, a Blunder", "The engine's best move, Nf3"
 * @property {string[]} sentences  explain.js's sentences, each verified against the engine's line
 * @property {boolean} numbersOnly  nothing could be named for certain (the sentence says only the numbers)
 */

/** An explanation in words: "4. Nxe5, a Blunder: This loses ..."; said plainly when nothing can be named. */
export function sayExplanation(/** @type {Explanation} */ e) {
  if (!e.sentences.length) return `${e.about}: nothing along the engine\u2019s line can be named for certain.`;
  return `${e.about}: ${e.sentences.join(' ')}`;
}

/**
 * @typedef {object} EngineLine  the newest exact first line of the analysis of the shown position
 * @property {number} depth
 * @property {string[]} san  the line in SAN
 * @property {{ cp?: number, mate?: number }} score  White's view
 */

/**
 * What `answerCommand` knows of the page it answers for (the app's board in words, the element's).
 * @template {{ uci: string, san: string }} M
 * @typedef {object} CommandContext
 * @property {string} fen  the position shown
 * @property {Side} [bottom]  the side at the bottom of the board (\`board\` reads from it)
 * @property {EngineLine|null} [engine]  what the engine says of the shown position (null: nothing yet)
 * @property {string} [engineSilent]  why the engine's thinking is not told now (a game against it)
 * @property {M[]} [legal]  the position's legal moves: a typed move is matched against them
 * @property {(typed: string) => string} [noMoves]  why the typed move cannot be played now ('': it can)
 * @property {() => string} [report]  the game report in words (describeReport), or why there is none yet
 * @property {() => Promise<Explanation|null>} [why]  the reason for the move shown (or the engine's best move); null: nothing to explain yet
 */

/**
 * @template {{ uci: string, san: string }} M
 * @typedef {{ text: string, error: boolean, move?: M }} Answer  the reply; `move`: a legal move the caller plays
 */

/**
 * The answer to a line typed in the board in words: a command answered from `ctx`, or a move
 * matched against the legal moves (the caller plays `move`). One dispatch for the app and the
 * element, so that both answer the same words the same way.
 * @template {{ uci: string, san: string }} M
 * @param {string} text @param {CommandContext<M>} ctx
 * @returns {Promise<Answer<M>>}
 */
export async function answerCommand(text, ctx) {
  const { fen } = ctx;
  const ok = (/** @type {string} */ t) => ({ text: t, error: false });
  const no = (/** @type {string} */ t) => ({ text: t, error: true });
  const c = parseCommand(text);
  switch (c.cmd) {
    case 'empty':
    case 'help':
      return ok(COMMAND_HELP);
    case 'board':
      return ok(describeRanks(fen, ctx.bottom ?? 'w'));
    case 'pieces':
      return ok(describePosition(fen));
    case 'where': {
      const w = whereIs(fen, c.piece);
      return w ? ok(w) : no(`Which piece? Say king, queen, rook, bishop, knight or pawn (got "${c.piece}").`);
    }
    case 'attacks':
      return ok(describeSquare(fen, c.square));
    case 'engine':
    case 'line': {
      if (ctx.engineSilent) return ok(ctx.engineSilent);
      const l = ctx.engine;
      if (!l || !l.san.length) return ok('The engine has not reported on this position yet.');
      return ok(c.cmd === 'engine' ? `Depth ${l.depth}: best ${sayMove(l.san[0])}; ${sayScore(l.score)}.` : `Best line at depth ${l.depth}: ${l.san.map(sayMove).join('; ')}.`);
    }
    case 'report':
      return ok(ctx.report ? ctx.report() : 'There is no game report here.');
    case 'why': {
      if (ctx.engineSilent) return ok(ctx.engineSilent);
      if (!ctx.why) return ok('There is nothing to explain here.');
      try {
        const e = await ctx.why();
        return ok(e ? sayExplanation(e) : 'Nothing to explain yet: the engine has not reported on this position, and the move shown has no report.');
      } catch (err) {
        return no(`No reason can be given: ${/** @type {Error} */ (err).message}`);
      }
    }
    default: {
      const refused = ctx.noMoves?.(c.move);
      if (refused) return no(refused);
      if (!ctx.legal) return no(`"${c.move}" is not a command, and moves cannot be played here. ${COMMAND_HELP}`);
      const m = matchMove(c.move, ctx.legal);
      if (!('move' in m)) return no(sayNotPlayed(c.move, m));
      return { text: `You played ${sayMove(m.move.san)}.`, error: false, move: m.move };
    }
  }
}
