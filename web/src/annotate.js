// PGN with engine annotations, shared by the board app (web/app) and the mainline-analyse
// command (bin/mainline-analyse.js), so both write the same thing:
//
//   1. e4 { [%eval 0.31] [%mlpv 12 pvhash e7e5 g1f3 b8c6] } 1... f6?! { [%eval 0.92]
//   [%mlpv 12 pvhash d2d4 e7e6] (0.31 → 0.92) Inaccuracy. e5 was best. } ...
//
// - `[%eval ...]` is the evaluation of the position after the move, from White's point of view,
//   as lichess writes it: pawns with two decimals (`0.31`, `-1.20`) or a mate (`#3` White mates
//   in 3, `#-3` Black mates in 3, `#0` the side to move is checkmated). python-chess, lichess,
//   SCID and ChessBase read it. A comment before the first move holds the start position's.
// - `[%mlpv depth method moves...]` is Mainline's own command: the search depth, the PV method
//   (the engine's PvMethod option) and the principal variation in UCI. Tools that do not know it
//   ignore it; `engineLines: false` leaves it out. `[%mlpv2 eval moves...]` is the same search's
//   second-best line (MultiPV 2) with its score, as [%eval] writes one: the game report needs it
//   to tell a Great move (the only one that keeps the result), so a report read back from PGN
//   is the report that was written. `[%mlshallow move]` is the same search's first choice at
//   depth 2 (a move found that soon is never Great), for the same reason.
// - A move whose expected score dropped by enough gets a NAG ($6 ?!, $2 ?, $4 ??) and lichess's
//   sentence "(before → after) Mistake. Nc3 was best."; `variations: true` also writes the
//   engine's line as a variation there, as lichess does.
// - Everything else in a comment is the user's note and is kept, as are other commands
//   (`[%clk ...]`) and NAGs.
//
// No chess rules here (no dependency): the caller plays the moves (the app with chess.js, the
// command with the engine) and hands over SAN, UCI and evaluations.

// ---- expected score and move judgements -----------------------------------------------------

/**
 * Slope of the logistic curve from centipawns to expected score, lichess's (it is fitted to
 * game results): E = 1 / (1 + exp(-K * cp)). +100 cp ≈ 0.59, +300 cp ≈ 0.75.
 */
export const WIN_K = 0.00368208;

/**
 * Move judgements by the drop in the mover's expected score (0..1) from the position before the
 * move to the position after it, both as evaluated by the engine. These are lichess's limits
 * (0.1 / 0.2 / 0.3 in its "winning chances", which run from -1 to 1, i.e. 0.05 / 0.10 / 0.15
 * of expected score). Checked from the worst down; the first that matches wins.
 */
export const JUDGEMENTS = [
  { name: 'blunder', label: 'Blunder', minDrop: 0.15, nag: 4, glyph: '??' },
  { name: 'mistake', label: 'Mistake', minDrop: 0.1, nag: 2, glyph: '?' },
  { name: 'inaccuracy', label: 'Inaccuracy', minDrop: 0.05, nag: 6, glyph: '?!' },
];

/**
 * @typedef {{ cp?: number, mate?: number }} Score  White's point of view; `{ mate: 0 }`: the side
 *   to move is checkmated
 * @typedef {object} Eval  the engine's evaluation of one position
 * @property {Score} score      White's point of view
 * @property {number} depth     search depth (0: the game is over in this position)
 * @property {string[]} [pv]    principal variation, UCI
 * @property {string[]} [pvSan] the same in SAN
 * @property {string} [method]  PV method (the engine's PvMethod option)
 * @property {number} [nodes]
 * @property {SecondLine|null} [second] the second-best line of the same search (MultiPV 2);
 *   null: searched for two lines, but the position has one legal move
 * @property {string} [shallowBest] the same search's first choice at depth 2 (UCI): a move found
 *   that soon is no Great move
 *
 * @typedef {object} SecondLine  White's point of view
 * @property {Score} score
 * @property {string[]} pv      UCI
 * @property {string[]} [pvSan]
 */

/**
 * White's expected score (0..1) for a score from White's point of view.
 * @param {Score} score
 * @param {'w'|'b'} turn the side to move (decides who is mated by `{ mate: 0 }`)
 */
export function expectedScore(score, turn) {
  if (score.mate !== undefined) {
    if (score.mate > 0) return 1;
    if (score.mate < 0) return 0;
    return turn === 'w' ? 0 : 1;
  }
  return 1 / (1 + Math.exp(-WIN_K * (score.cp || 0)));
}

/**
 * Judges a move from the evaluations of the positions before and after it.
 * @param {Eval} before   the position before the move
 * @param {Eval} after    the position after it
 * @param {'w'|'b'} mover the side that made the move
 * @param {string} [played] the move in UCI: no judgement when it is the engine's best move
 * @returns {{ drop: number, before: number, after: number, judgement: typeof JUDGEMENTS[number] | null }}
 *   expected scores from the mover's point of view
 */
export function judgeMove(before, after, mover, played) {
  const other = mover === 'w' ? 'b' : 'w';
  const forMover = (/** @type {number} */ e) => (mover === 'w' ? e : 1 - e);
  const eBefore = forMover(expectedScore(before.score, mover));
  const eAfter = forMover(expectedScore(after.score, other));
  const drop = eBefore - eAfter;
  const best = before.pv && before.pv[0];
  // the engine's own move is never marked (a deeper look may merely have changed its mind)
  const judgement = played && best === played ? null : JUDGEMENTS.find((j) => drop >= j.minDrop) || null;
  return { drop, before: eBefore, after: eAfter, judgement };
}

// ---- evaluations as text --------------------------------------------------------------------

/**
 * `0.31`, `-1.20`, `0.00`, `#3` (White mates in 3), `#-3` (Black mates in 3), `#0` (mated).
 * @param {Score} score White's point of view
 */
export function formatEval(score) {
  if (score.mate !== undefined) return score.mate < 0 ? `#-${-score.mate}` : `#${score.mate}`;
  const cp = Math.round(score.cp || 0);
  return (cp / 100).toFixed(2).replace(/^-0\.00$/, '0.00');
}

/**
 * As a board shows a score: formatEval's text with a `+` on White's advantage (`+0.31`, `-1.20`,
 * `0.00`, `#3`, `#-3`).
 * @param {Score} score White's point of view
 */
export function formatScore(score) {
  const text = formatEval(score);
  return score.mate === undefined && Math.round(score.cp || 0) > 0 ? `+${text}` : text;
}

/**
 * Reads an evaluation as `[%eval]` holds it (also `+0.3`, `#+2`, and a `,depth` suffix).
 * @param {string} text
 * @returns {{ score: Score, depth?: number } | null}
 */
export function parseEval(text) {
  const m = /^\s*(?:#([+-]?\d+)|([+-]?(?:\d+\.?\d*|\.\d+)))\s*(?:,\s*(\d+))?\s*$/.exec(text);
  if (!m) return null;
  const score = m[1] !== undefined ? { mate: Number(m[1]) } : { cp: Math.round(Number(m[2]) * 100) };
  if (score.mate === 0) score.mate = 0; // not -0
  if (score.cp === 0) score.cp = 0;
  return m[3] !== undefined ? { score, depth: Number(m[3]) } : { score };
}

/**
 * A score from the side to move's point of view (as the engine reports it) as White's: the one
 * place the sign is flipped, for the package and the app alike. A copy, never the argument.
 * @param {Score | { cp?: number, mate?: number }} score
 * @param {'w'|'b'} turn the side to move in the scored position
 * @returns {Score}
 */
export function whiteScore(score, turn) {
  if (turn === 'w') return /** @type {Score} */ ({ ...score });
  // `|| 0`: a level score negated is -0, which PGN writes as 0.00 and reads back as +0, so a
  // saved analysis would no longer equal its own export.
  return score.mate !== undefined ? { mate: -score.mate || 0 } : { cp: -(score.cp || 0) || 0 };
}

/**
 * An engine report (an iteration or a search result) as an Eval. The engine scores from the side
 * to move's point of view; an Eval is from White's.
 * @param {{ score: Score, depth: number, pv?: string[], pvSan?: string[], nodes?: number }} report
 * @param {'w'|'b'} turn the side to move in the searched position
 * @param {string} [method] the PV method the engine used
 * @returns {Eval}
 */
export function evalFromSearch(report, turn, method) {
  const score = whiteScore(report.score || { cp: 0 }, turn);
  /** @type {Eval} */
  const ev = { score, depth: report.depth, pv: [...(report.pv || [])], pvSan: [...(report.pvSan || [])] };
  if (method) ev.method = method;
  if (report.nodes !== undefined) ev.nodes = report.nodes;
  return ev;
}

/**
 * The second-best line of a search (its MultiPV 2 report), White's point of view: an Eval's
 * `second`.
 * @param {{ score: Score, depth: number, pv?: string[], pvSan?: string[] }} report
 * @param {'w'|'b'} turn the side to move in the searched position
 * @returns {SecondLine}
 */
export function secondLine(report, turn) {
  const { score, pv = [], pvSan = [] } = evalFromSearch(report, turn);
  return { score, pv, pvSan };
}

/**
 * Whether a position ends the game for analysis: checkmate and stalemate always; a draw by rule
 * (threefold repetition, fifty moves, insufficient material) only at the end of the line, since
 * players may play on after a repetition or fifty moves they did not claim.
 * @param {string} status 'ongoing', 'checkmate', 'stalemate', 'repetition', 'fifty', 'material'
 * @param {boolean} last the last position of the line
 */
export function isTerminal(status, last) {
  if (status === 'checkmate' || status === 'stalemate') return true;
  return status !== 'ongoing' && last;
}

/**
 * The Eval of a position where the game is over: checkmate (the side to move lost) or a draw.
 * @param {'checkmate'|string} status
 * @returns {Eval}
 */
export function terminalEval(status) {
  return { score: status === 'checkmate' ? { mate: 0 } : { cp: 0 }, depth: 0, pv: [], pvSan: [] };
}

/**
 * The Annotator header of a game analysed as a whole: "Mainline 0.1.0 (depth 12)",
 * "Mainline 0.1.0 (500 ms per move)".
 * @param {string} version @param {{ depth?: number, movetime?: number }} limits
 */
export function annotatorName(version, limits) {
  const how = limits.depth !== undefined ? `depth ${limits.depth}` : limits.movetime !== undefined ? `${limits.movetime} ms per move` : '';
  return `Mainline ${version}${how ? ` (${how})` : ''}`;
}

// ---- comments ---------------------------------------------------------------------------------

const COMMAND = /\[%(\w+)\s*([^\]]*)\]/g;
const JUDGEMENT_TEXT = /^\s*(?:\(\S+ → \S+\) (?:Inaccuracy|Mistake|Blunder|Missed win)\.(?: \S+ was best\.)?|(?:Brilliant|Great|Forced|Book) move\.)(?: \[[^\]]*\])?\s*/;
const REPORT_TEXT = /^\s*Mainline report: [^.]*\.(?:\s*Accuracy by phase \(White \/ Black\): [^.]*\.)?\s*/;

/**
 * Splits a comment into its evaluation, the rest of its commands and the user's note. A
 * judgement sentence or report summary written by writePgn is dropped (it is recomputed from the
 * evaluations).
 * @param {string} text the comment, without braces (several comments joined by a space)
 * @returns {{ eval: Eval | null, commands: string, note: string }}
 */
export function readComment(text) {
  /** @type {Eval|null} */
  let ev = null;
  /** @type {string[]} */
  const others = [];
  /** @type {string[]|null} */
  let line = null;
  /** @type {string[]|null} */
  let line2 = null;
  let shallow = '';
  const rest = text.replace(COMMAND, (all, name, arg) => {
    if (name === 'eval') {
      const parsed = parseEval(arg);
      if (parsed) ev = { score: parsed.score, depth: parsed.depth ?? 0 };
      else others.push(all);
    } else if (name === 'mlpv') {
      line = arg.trim().split(/\s+/);
    } else if (name === 'mlpv2') {
      line2 = arg.trim().split(/\s+/);
    } else if (name === 'mlshallow') {
      shallow = arg.trim();
    } else others.push(all);
    return ' ';
  });
  const uciOnly = (/** @type {string[]} */ moves) => moves.filter((m) => /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(m));
  if (ev && line) {
    const [depth, method, ...pv] = line;
    if (/^\d+$/.test(depth)) ev.depth = Number(depth);
    if (method && method !== '-') ev.method = method;
    ev.pv = uciOnly(pv);
  }
  if (ev && line2) {
    const [score, ...pv] = line2;
    const parsed = parseEval(score || '');
    if (parsed) ev.second = { score: parsed.score, pv: uciOnly(pv) };
  }
  if (ev && line && uciOnly([shallow]).length) ev.shallowBest = shallow;
  const note = rest.replace(/\s+/g, ' ').trim().replace(REPORT_TEXT, '').replace(JUDGEMENT_TEXT, '').trim();
  return { eval: ev, commands: others.join(' '), note };
}

// ---- reading PGN ------------------------------------------------------------------------------

/**
 * A move as read from PGN: SAN as written (not checked: no rules here), its NAGs (glyphs such as
 * `?!` become NAGs), comments and the variations that replace it (its later siblings).
 * @typedef {object} PgnNode
 * @property {string|null} san          null at the root
 * @property {number[]} nags
 * @property {string} comment           comments after the move (at the root: before the first move), joined
 * @property {string} [before]          a comment before the move (first move of a variation)
 * @property {PgnNode[]} children       the first continues the line; others are variations
 *
 * @typedef {object} PgnGame
 * @property {Record<string,string>} headers
 * @property {PgnNode} root
 * @property {string} result            the termination marker ('*' if none)
 * @property {string} text              this game's part of the input
 * @property {number} line              the line it starts on (1-based)
 */

const GLYPH_NAG = { '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6 };
const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

/**
 * Splits PGN text into games and reads each: tag pairs, moves, variations, comments, NAGs.
 * Tolerant, like most readers: move numbers are not checked, an unterminated game ends at the
 * next tag pair or the end of the text. Throws on broken structure (an unclosed comment or
 * variation, a `)` without `(`), with the line number.
 * @param {string} text
 * @returns {PgnGame[]}
 */
export function parsePgnGames(text) {
  const games = [];
  const src = String(text).replace(/^\uFEFF/, '');
  let i = 0;
  let lineNo = 1;
  /** @type {PgnGame|null} */
  let game = null;
  /** @type {{ parent: PgnNode, last: PgnNode|null, pendingBefore: string }[]} */
  let stack = [];
  let inMoves = false;
  let start = 0;

  const newGame = (at) => {
    const root = /** @type {PgnNode} */ ({ san: null, nags: [], comment: '', children: [] });
    game = { headers: {}, root, result: '*', text: '', line: lineNo };
    stack = [{ parent: root, last: null, pendingBefore: '' }];
    inMoves = false;
    start = at;
  };
  const endGame = (at) => {
    if (!game) return;
    if (stack.length > 1) throw new Error(`PGN: a variation opened in the game starting on line ${game.line} is not closed`);
    game.text = src.slice(start, at).trim();
    games.push(game);
    game = null;
  };
  const fail = (msg) => {
    throw new Error(`PGN: ${msg} at line ${lineNo}`);
  };
  const addComment = (c) => {
    const top = stack[stack.length - 1];
    const target = top.last;
    if (target) target.comment = target.comment ? `${target.comment} ${c}` : c;
    else if (stack.length === 1) top.parent.comment = top.parent.comment ? `${top.parent.comment} ${c}` : c;
    else top.pendingBefore = top.pendingBefore ? `${top.pendingBefore} ${c}` : c;
  };

  while (i < src.length) {
    const ch = src[i];
    if (ch === '\n') {
      lineNo++;
      i++;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\f' || ch === '\v') {
      i++;
      continue;
    }
    // escape lines (% in the first column) are ignored
    if (ch === '%' && (i === 0 || src[i - 1] === '\n')) {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (ch === '[' && (!game || !inMoves || stack.length === 1)) {
      // a tag pair; after movetext it starts a new game
      if (game && inMoves) endGame(i);
      if (!game) newGame(i);
      const m = /^\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]/.exec(src.slice(i, i + 4096));
      if (!m) fail('malformed tag pair');
      /** @type {PgnGame} */ (game).headers[m[1]] = m[2].replace(/\\(["\\])/g, '$1');
      i += m[0].length;
      continue;
    }
    if (!game) newGame(i);
    const g = /** @type {PgnGame} */ (game);
    inMoves = true;
    if (ch === '{') {
      const end = src.indexOf('}', i + 1);
      if (end < 0) fail('a comment ({) is not closed');
      const body = src.slice(i + 1, end);
      lineNo += (body.match(/\n/g) || []).length;
      addComment(body.replace(/\s+/g, ' ').trim());
      i = end + 1;
      continue;
    }
    if (ch === ';') {
      const end = src.indexOf('\n', i);
      addComment(src.slice(i + 1, end < 0 ? src.length : end).trim());
      i = end < 0 ? src.length : end;
      continue;
    }
    if (ch === '(') {
      const top = stack[stack.length - 1];
      if (!top.last) fail('a variation before any move');
      stack.push({ parent: /** @type {PgnNode} */ (top.last).__parent, last: null, pendingBefore: '' });
      i++;
      continue;
    }
    if (ch === ')') {
      if (stack.length === 1) fail('")" without "("');
      stack.pop();
      i++;
      continue;
    }
    // a token: up to whitespace or a delimiter
    let j = i;
    while (j < src.length && !/[\s{}();[\]]/.test(src[j])) j++;
    if (j === i) fail(`unexpected "${ch}"`);
    const token = src.slice(i, j);
    i = j;
    if (RESULTS.has(token)) {
      if (stack.length > 1) fail(`result ${token} inside a variation`);
      g.result = token;
      endGame(i);
      continue;
    }
    if (/^\$\d+$/.test(token)) {
      const top = stack[stack.length - 1];
      if (top.last) top.last.nags.push(Number(token.slice(1)));
      continue;
    }
    if (token in GLYPH_NAG) {
      const top = stack[stack.length - 1];
      if (top.last) top.last.nags.push(GLYPH_NAG[/** @type {keyof GLYPH_NAG} */ (token)]);
      continue;
    }
    // "e.p." after an en-passant capture (old PGN) says nothing the move does not
    if (token === 'e.p.' || token === 'ep') continue;
    // move numbers ("12.", "12...", "12"), possibly glued to the move ("12.e4")
    const numbered = /^\d+(?:\.+(.*))?$/.exec(token);
    const rest = numbered ? numbered[1] || '' : token;
    if (!rest || /^\.+$/.test(rest)) continue;
    const mv = /^(.*?)([!?]{1,2})?$/.exec(rest.replace(/^\.+/, '').replace(/e\.p\.$/, ''));
    const san = /** @type {RegExpExecArray} */ (mv)[1];
    if (!san) continue;
    if (!/^(?:[NBRQK]?[a-h]?[1-8]?[x:]?[a-h][1-8](?:=?[NBRQnbrq])?|O-O(?:-O)?|0-0(?:-0)?|--|Z0)[+#]?$/.test(san)) fail(`"${token}" is not a move`);
    const top = stack[stack.length - 1];
    const parent = top.last || top.parent;
    /** @type {PgnNode & { __parent?: PgnNode }} */
    const node = { san, nags: [], comment: '', children: [] };
    Object.defineProperty(node, '__parent', { value: parent, enumerable: false });
    if (top.pendingBefore) {
      node.before = top.pendingBefore;
      top.pendingBefore = '';
    }
    if (mv && mv[2]) node.nags.push(GLYPH_NAG[/** @type {keyof GLYPH_NAG} */ (mv[2])]);
    parent.children.push(node);
    top.last = node;
  }
  if (game) endGame(src.length);
  return games;
}

// ---- writing PGN ------------------------------------------------------------------------------

/**
 * A move to write: SAN (and UCI, to tell whether it was the engine's best move), NAGs, the
 * user's note, other commands kept from an imported comment, the engine's evaluation of the
 * position after it, and its continuations (the first is the line, the others variations).
 * @typedef {object} AnnotatedNode
 * @property {string|null} san
 * @property {string|null} [uci]
 * @property {number[]} [nags]
 * @property {string} [note]
 * @property {string} [commands]
 * @property {Eval|null} [eval]
 * @property {MoveJudgement|null} [judgement]  the game report's verdict on the move (report.js's
 *   pgnJudgement): replaces the judgement from the evaluations; null: none is written
 * @property {AnnotatedNode[]} children
 *
 * @typedef {object} MoveJudgement
 * @property {string} label   "Mistake", "Missed win", "Brilliant", ...
 * @property {number} nag     0: none
 * @property {boolean} error  an error gets "(before → after) Label. X was best.", others "Label move."
 * @property {string} [why]   the reason in words, verified against the engine's lines
 *   (mainline-chess/explain): written in square brackets after the judgement, in place of
 *   "X was best." ("(0.31 → -1.20) Blunder. [This loses a knight: ... Nf6 was best.]"), and
 *   dropped when the PGN is read back, as the judgement is
 *
 * @typedef {object} AnnotatedGame
 * @property {Record<string,string>} headers
 * @property {string} [startFen]  when the game does not start from the standard position
 * @property {AnnotatedNode} root  the start position (san null)
 * @property {string} [report]    the game report's summary (report.js's reportSummary), written
 *   first in the comment before the first move as "Mainline report: ..."
 * @property {string} [phases]    each player's accuracy by phase (report.js's phaseSummary),
 *   written after the report's summary
 */

const ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'];
/** @type {Record<string,string>} */
const ROSTER_DEFAULT = { Date: '????.??.??', Result: '*' };
export const STANDARD_START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/**
 * The seven roster tags (the Seven Tag Roster, in its order) as writePgn writes them: a missing
 * or empty one gets the standard's placeholder.
 * @param {Record<string,string>} headers
 * @returns {[string, string][]}
 */
export function rosterTags(headers) {
  return ROSTER.map((k) => [k, headers[k] === undefined || headers[k] === '' ? ROSTER_DEFAULT[k] || '?' : headers[k]]);
}

/** The start position a game's FEN tag gives (the tag's name in any case), or undefined. */
export function startFen(/** @type {Record<string,string>} */ headers) {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === 'fen');
  return key === undefined ? undefined : headers[key];
}

/**
 * Whether a game's headers say Chess960 ([Variant "Chess960"], as lichess and chess.com write it;
 * also "Fischerandom" and "Chess 960", any case).
 */
export function isChess960(/** @type {Record<string,string>} */ headers) {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === 'variant');
  return key !== undefined && /^(chess\s*-?\s*960|fischer\s*-?\s*r?andom(\s+chess)?)$/i.test(headers[key].trim());
}

/** A parsed game's main line: the nodes along each first continuation (the root left out). */
export function mainLine(/** @type {PgnGame} */ game) {
  const line = [];
  for (let n = game.root; n.children.length; ) line.push((n = n.children[0]));
  return line;
}

/**
 * Writes a game as PGN with its evaluations, judgements and notes.
 * @param {AnnotatedGame} game
 * @param {{ engineLines?: boolean, variations?: boolean, maxWidth?: number }} [opts]
 *   engineLines: write `[%mlpv ...]` (default true); variations: the engine's line as a variation
 *   at judged moves (default false); maxWidth: line length (default 80)
 */
export function writePgn(game, { engineLines = true, variations = false, maxWidth = 80 } = {}) {
  const headers = { ...game.headers, ...Object.fromEntries(rosterTags(game.headers)) };
  if (game.startFen && game.startFen !== STANDARD_START) {
    headers.SetUp = '1';
    headers.FEN = game.startFen;
  }
  const order = [...ROSTER, ...Object.keys(headers).filter((k) => !ROSTER.includes(k))];
  const tagLines = order.map((k) => `[${k} "${String(headers[k]).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`);

  const fields = (game.startFen || STANDARD_START).trim().split(/\s+/);
  const startTurn = fields[1] === 'b' ? 'b' : 'w';
  const startMove = Math.max(1, parseInt(fields[5], 10) || 1);
  /** side to move and move number `ply` half-moves after the start */
  const at = (/** @type {number} */ ply) => {
    const half = ply + (startTurn === 'b' ? 1 : 0);
    return { turn: /** @type {'w'|'b'} */ (half % 2 === 0 ? 'w' : 'b'), number: startMove + Math.floor(half / 2) };
  };

  /** @type {string[]} */
  const out = [];
  const rootComment = [game.report ? `Mainline report: ${game.report}.${game.phases ? ` ${game.phases}.` : ''}` : '', commentText(game.root, null, null, engineLines)]
    .filter(Boolean).join(' ');
  if (rootComment) out.push(`{ ${rootComment} }`);

  /**
   * Writes the line that continues from `parent` (its first children), each move followed by
   * the variations that replace it. `numbered`: the first move gets its number even if Black's
   * (at the start, and after a comment or a variation).
   * @param {AnnotatedNode} parent @param {number} ply @param {boolean} numbered
   */
  const writeLine = (parent, ply, numbered) => {
    let p = parent;
    let k = ply;
    let force = numbered;
    while (p.children.length) {
      const [main, ...others] = p.children;
      const written = writeMove(p, main, k, force);
      force = written.commented;
      // the engine's line at a judged move (lichess style), then the user's variations
      if (variations && written.judged && p.eval && p.eval.pvSan && p.eval.pvSan.length) {
        out.push('(');
        p.eval.pvSan.forEach((san, i) => {
          const { turn, number } = at(k + i);
          out.push(turn === 'w' ? `${number}. ${san}` : i === 0 ? `${number}... ${san}` : san);
        });
        out.push(')');
        force = true;
      }
      for (const v of others) {
        out.push('(');
        writeLine(v, k + 1, writeMove(p, v, k, true).commented);
        out.push(')');
        force = true;
      }
      p = main;
      k++;
    }
  };

  /** Writes one move with its NAGs and comment. */
  const writeMove = (/** @type {AnnotatedNode} */ parent, /** @type {AnnotatedNode} */ node, /** @type {number} */ ply, /** @type {boolean} */ numbered) => {
    const { turn, number } = at(ply);
    /** @type {MoveJudgement|null} */
    const judgement = node.judgement !== undefined ? node.judgement
      : parent.eval && node.eval ? toMoveJudgement(judgeMove(parent.eval, node.eval, turn, node.uci || undefined).judgement) : null;
    const nags = [...(node.nags || [])];
    // a move-quality NAG of the user's ($1..$6) stands; otherwise the judgement's
    if (judgement && judgement.nag && !nags.some((n) => n >= 1 && n <= 6)) nags.unshift(judgement.nag);
    let text = turn === 'w' ? `${number}. ${node.san}` : numbered ? `${number}... ${node.san}` : String(node.san);
    for (const n of nags) text += ` $${n}`;
    out.push(text);
    const c = commentText(node, parent, judgement, engineLines);
    if (c) out.push(`{ ${c} }`);
    return { judged: !!judgement && judgement.error, commented: !!c };
  };

  writeLine(game.root, 0, true);
  out.push(headers.Result || '*');
  return `${tagLines.join('\n')}\n\n${wrap(out, maxWidth)}\n`;
}

/** A judgement from the evaluations as the PGN writer's MoveJudgement. */
function toMoveJudgement(/** @type {typeof JUDGEMENTS[number] | null} */ j) {
  return j ? { label: j.label, nag: j.nag, error: true } : null;
}

/**
 * The comment of a node: `[%eval]`, `[%mlpv]`, `[%mlpv2]`, other kept commands, the judgement sentence, the
 * user's note. Braces in the note are replaced (a PGN comment cannot contain `}`).
 * @param {AnnotatedNode} node
 * @param {AnnotatedNode|null} parent
 * @param {MoveJudgement | null} judgement
 * @param {boolean} engineLines
 */
function commentText(node, parent, judgement, engineLines) {
  const parts = [];
  const ev = node.eval;
  if (ev) {
    parts.push(`[%eval ${formatEval(ev.score)}]`);
    if (engineLines && ev.depth > 0) parts.push(`[%mlpv ${ev.depth} ${ev.method || '-'}${ev.pv && ev.pv.length ? ` ${ev.pv.join(' ')}` : ''}]`);
    if (engineLines && ev.depth > 0 && ev.second) parts.push(`[%mlpv2 ${formatEval(ev.second.score)}${ev.second.pv.length ? ` ${ev.second.pv.join(' ')}` : ''}]`);
    if (engineLines && ev.depth > 0 && ev.shallowBest) parts.push(`[%mlshallow ${ev.shallowBest}]`);
  }
  if (node.commands) parts.push(node.commands);
  const why = judgement && judgement.why ? ` [${judgement.why.replace(/[[\]{}]/g, '').replace(/\s+/g, ' ').trim()}]` : '';
  if (judgement && !judgement.error) parts.push(`${judgement.label} move.${why}`);
  else if (judgement && parent && parent.eval && ev) {
    const best = parent.eval.pvSan && parent.eval.pvSan[0];
    parts.push(`(${formatEval(parent.eval.score)} → ${formatEval(ev.score)}) ${judgement.label}.${why || (best ? ` ${best} was best.` : '')}`);
  }
  if (node.note) parts.push(node.note.replace(/\}/g, ')').replace(/\{/g, '(').replace(/\s+/g, ' ').trim());
  return parts.join(' ');
}

/**
 * Joins tokens into lines of at most `width` characters. A command (`[%mlpv ...]`) is never
 * split, since simple readers look for it on one line; a longer one gets a line of its own.
 */
function wrap(tokens, width) {
  const keep = (/** @type {string} */ t) => t.replace(/ /g, '\u0000');
  // a move with its number and NAGs stays on one line, and so does a command in a comment
  const units = tokens.map((t) => (t.startsWith('{') ? t.replace(/\[%[^\]]*\]/g, keep) : keep(t)));
  const words = units.join(' ').replace(/\( /g, '(').replace(/ \)/g, ')').split(' ');
  const lines = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > width) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines.join('\n').replace(/\u0000/g, ' ');
}
