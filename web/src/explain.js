// Explanations in words that are never wrong: one or two sentences for a move, built only from
// the facts the engine finds along its own line (Engine.lineFacts, engine/motifs.h) and checked
// against them before they are returned.
//
//   explainMove({ mover, played, line, best, verdict, before, after })
//     line  the facts of the played move followed by the engine's reply line (lineFacts of the
//           position before the move with [played, ...pv after it])
//     best  the facts of the engine's best line from the same position (when another move was best)
//   -> { sentences: [{ text, claims }], numbersOnly }
//
// Every sentence carries its claims (material won or lost and how, a mate and its length, a
// fork's square and targets, a capture, a perpetual), and verifyClaims() checks each against the
// facts: a claim about material must be the change of the material balance along the line, a
// mate must be the line's end, a fork's targets must be attacked after the move (as the engine
// reported them), a capture must be in the line; a removed or overloaded defender, a trapped
// piece and an in-between move must be followed in the line by the captures that make them one. A sentence with any claim that does not check
// out is dropped. When nothing can be said for certain, the sentence says only what the numbers
// say, and says so (`numbersOnly`).
//
// No chess rules and no dependencies here: everything comes from the engine's facts.

/**
 * @typedef {'w'|'b'} Side
 * @typedef {object} MotifTarget
 * @property {string} square
 * @property {string} piece   FEN letter (upper case: White's)
 * @typedef {object} LineMotif
 * @property {'fork'|'pin'|'skewer'|'discoveredAttack'|'discoveredCheck'|'doubleCheck'|'hanging'|'promotion'|'exchangeSacrifice'|'capture'|'removalOfDefender'|'overloadedDefender'|'trappedPiece'|'zwischenzug'} kind
 * @property {number} ply       the move of the line that makes it (0: the first)
 * @property {Side} by          who plays that move
 * @property {string} square    the piece that does it, after the move
 * @property {string} piece
 * @property {MotifTarget[]} targets
 * @property {boolean} absolute the king is involved (pinned to it, forked, skewered)
 * @typedef {object} LineFacts
 * @property {string} fen       the position the line starts from
 * @property {Side} first       side to move there
 * @property {string[]} san     the line in SAN
 * @property {string[]} [uci]   the same moves in UCI (older engines left it out)
 * @property {number} plies
 * @property {number[]} balance material of `first` minus the other side's (pawn 1, minor 3, rook 5, queen 9) after 0..plies plies
 * @property {'none'|'checkmate'|'stalemate'|'repetition'|'fiftyMoves'|'insufficientMaterial'} end
 * @property {'none'|'backRank'|'smothered'} matePattern
 * @property {number} mateMoves moves of the mating side in the line
 * @property {boolean} perpetual
 * @property {Side} perpetualBy
 * @property {LineMotif[]} motifs
 *
 * @typedef {{ type: 'material', side: Side, points: number, until: number }
 *   | { type: 'mate', mated: Side, moves: number, pattern: string }
 *   | { type: 'motif', kind: LineMotif['kind'], ply: number, square: string, targets: string[] }
 *   | { type: 'capture', ply: number, square: string, piece: string }
 *   | { type: 'perpetual', by: Side }
 *   | { type: 'level', until: number }} Claim
 *   material: `side` ends the line (or its first `until` plies) `points` up (negative: down)
 * @typedef {{ text: string, claims: Claim[] }} Sentence
 */

export const PIECE_NAMES = Object.freeze({ p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' });
const POINTS = Object.freeze({ p: 1, n: 3, b: 3, r: 5, q: 9, k: 0 });
const other = (/** @type {Side} */ s) => (s === 'w' ? 'b' : 'w');
const sideOf = (/** @type {string} */ piece) => (piece === piece.toUpperCase() ? 'w' : 'b');
const nameOf = (/** @type {string} */ piece) => PIECE_NAMES[/** @type {keyof PIECE_NAMES} */ (piece.toLowerCase())];

/** The material balance for `side` after `plies` plies of the line (from the facts). */
export function balanceFor(/** @type {LineFacts} */ f, /** @type {Side} */ side, plies = f.plies) {
  const b = f.balance[Math.min(plies, f.plies)];
  return side === f.first ? b : -b;
}

/** The line in SAN with move numbers, from ply `from` for `count` plies ("12...Nxe5 13.Bxe5"). */
export function lineText(/** @type {LineFacts} */ f, from = 0, count = f.plies - from) {
  const fields = f.fen.split(/\s+/);
  const fullmove = Number(fields[5]) || 1;
  const out = [];
  for (let i = from; i < Math.min(f.plies, from + count); i++) {
    const white = (f.first === 'w') === (i % 2 === 0);
    const number = fullmove + Math.floor((i + (f.first === 'b' ? 1 : 0)) / 2);
    if (white) out.push(`${number}.${f.san[i]}`);
    else out.push(i === from ? `${number}...${f.san[i]}` : f.san[i]);
  }
  return out.join(' ');
}

/** "a knight", "two pawns", "the queen for a rook", "the exchange" for lost and gained piece letters (lower case). */
export function describeTrade(/** @type {string[]} */ lost, /** @type {string[]} */ gained) {
  const l = [...lost];
  const g = [...gained];
  for (let i = l.length - 1; i >= 0; i--) {
    const j = g.indexOf(l[i]);
    if (j >= 0) l.splice(i, 1), g.splice(j, 1);
  }
  // a knight for a bishop is an even trade too: "a rook", not "a rook and a knight for a bishop"
  for (let i = l.length - 1; i >= 0; i--) {
    const j = l[i] === 'n' ? g.indexOf('b') : l[i] === 'b' ? g.indexOf('n') : -1;
    if (j >= 0) l.splice(i, 1), g.splice(j, 1);
  }
  const count = (/** @type {string[]} */ xs) => {
    const order = ['q', 'r', 'b', 'n', 'p'];
    const parts = [];
    for (const t of order) {
      const n = xs.filter((x) => x === t).length;
      if (!n) continue;
      const name = PIECE_NAMES[/** @type {keyof PIECE_NAMES} */ (t)];
      parts.push(n === 1 ? `${t === 'q' ? 'the' : /^[aeiou]/.test(name) ? 'an' : 'a'} ${name}` : `${['', '', 'two', 'three', 'four', 'five'][n] || n} ${name}s`);
    }
    return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0] || '';
  };
  if (l.length === 1 && l[0] === 'r' && g.length === 1 && (g[0] === 'b' || g[0] === 'n')) return 'the exchange';
  if (!l.length) return '';
  return g.length ? `${count(l)} for ${count(g)}` : count(l);
}

/** The captures of the line (first `until` plies), by whom and of what. */
function captures(/** @type {LineFacts} */ f, until = f.plies) {
  return f.motifs.filter((m) => m.kind === 'capture' && m.ply < until);
}

/** Material each side lost along the first `until` plies, as lower-case piece letters; promotions as gains. */
function tradeFor(/** @type {LineFacts} */ f, /** @type {Side} */ side, until = f.plies) {
  const lost = [];
  const gained = [];
  let promoted = 0;
  for (const m of captures(f, until)) {
    const victim = m.targets[0].piece;
    (sideOf(victim) === side ? lost : gained).push(victim.toLowerCase());
  }
  for (const m of f.motifs) {
    if (m.kind !== 'promotion' || m.ply >= until) continue;
    promoted += (m.by === side ? 1 : -1) * (POINTS[/** @type {keyof POINTS} */ (m.piece.toLowerCase())] - 1);
  }
  const points = gained.reduce((a, p) => a + POINTS[/** @type {keyof POINTS} */ (p)], 0) - lost.reduce((a, p) => a + POINTS[/** @type {keyof POINTS} */ (p)], 0) + promoted;
  return { lost, gained, points, promoted };
}

/**
 * The captures that make a removed or overloaded defender, a trapped piece or an in-between move
 * what it is, looked up in the line itself: '' when they are there, else what is missing.
 * @param {LineMotif} m @param {LineFacts} f
 */
function continuationFails(m, f) {
  const caps = captures(f);
  const t = m.targets;
  /** a capture of `target` by `by` at `ply` (any later ply: after) */
  const took = (/** @type {MotifTarget} */ target, /** @type {Side} */ by, /** @type {number} */ ply, after = false) =>
    caps.some((c) => c.by === by && (after ? c.ply > ply : c.ply === ply) && c.targets[0].square === target.square && c.targets[0].piece === target.piece);
  if (m.kind === 'removalOfDefender' && !(t.length === 2 && took(t[0], m.by, m.ply) && took(t[1], m.by, m.ply, true)))
    return 'removal of the defender: the line does not take the guard and then what it guarded';
  if (m.kind === 'overloadedDefender' && !(t.length === 3 && took(t[1], m.by, m.ply) && took(t[2], m.by, m.ply, true)))
    return 'overloaded defender: the line does not take both pieces it guarded';
  if (m.kind === 'trappedPiece' && !took({ square: t[t.length - 1].square, piece: t[0].piece }, m.by, m.ply, true))
    return 'trapped piece: the line does not take it';
  // (the in-between move's first target is the piece that captured just before it)
  const captor = (/** @type {number} */ ply, /** @type {Side} */ by) => caps.some((c) => c.by === by && c.ply === ply && c.square === t[0].square && c.piece === t[0].piece);
  if (m.kind === 'zwischenzug' && !(t.length === 2 && captor(m.ply - 1, other(m.by)) && caps.some((c) => c.by === m.by && c.ply === m.ply + 2 && c.targets[0].piece === t[0].piece)))
    return 'in-between move: the line has no capture before it and no taking back after it';
  return '';
}

/**
 * Checks every claim of a sentence against the facts it was built from. Returns the first claim
 * that fails, as text, or '' when all hold.
 * @param {Claim[]} claims @param {LineFacts} f
 */
export function verifyClaims(claims, f) {
  for (const c of claims) {
    if (c.type === 'material' || c.type === 'level') {
      const until = c.until;
      if (!(until >= 0 && until <= f.plies)) return `material claim beyond the line (${until} of ${f.plies} plies)`;
      const side = c.type === 'material' ? c.side : f.first;
      const want = c.type === 'material' ? c.points : 0;
      const got = balanceFor(f, side, until) - balanceFor(f, side, 0);
      if (got !== want) return `material: the line changes ${side}'s balance by ${got}, the sentence says ${want}`;
      if (c.type === 'material' && tradeFor(f, side, until).points !== want) return 'material: the captures do not add up to the balance';
    } else if (c.type === 'mate') {
      if (f.end !== 'checkmate') return 'mate claimed, but the line does not end in mate';
      const mated = (f.plies % 2 === 0) === (f.first === 'w') ? 'w' : 'b';
      if (mated !== c.mated) return `mate claimed for the wrong side (${c.mated}, the line mates ${mated})`;
      if (f.mateMoves !== c.moves) return `mate in ${c.moves} claimed, the line mates in ${f.mateMoves}`;
      if (c.pattern !== 'none' && c.pattern !== f.matePattern) return `mate pattern ${c.pattern} claimed, the line's is ${f.matePattern}`;
    } else if (c.type === 'motif') {
      const m = f.motifs.find((x) => x.kind === c.kind && x.ply === c.ply && x.square === c.square);
      if (!m) return `no ${c.kind} at ply ${c.ply} on ${c.square} in the line`;
      const targets = m.targets.map((t) => t.square);
      if (c.targets.some((t) => !targets.includes(t))) return `${c.kind}: targets ${c.targets.join(', ')} are not all attacked`;
      if (c.kind === 'fork' && c.targets.length < 2) return 'a fork needs two targets';
      const why = continuationFails(m, f);
      if (why) return why;
    } else if (c.type === 'capture') {
      if (!captures(f).some((m) => m.ply === c.ply && m.targets[0].square === c.square && m.targets[0].piece === c.piece)) return `no capture of ${c.piece} on ${c.square} at ply ${c.ply}`;
    } else if (c.type === 'perpetual') {
      if (!f.perpetual || f.end !== 'repetition' || f.perpetualBy !== c.by) return 'perpetual check claimed, the line does not end in one';
    } else {
      return `unknown claim ${/** @type {any} */ (c).type}`;
    }
  }
  return '';
}

/**
 * Why the line goes the way it does, for the side `side` that moves first in it (the move being
 * explained is ply 0): the sentences that can be verified, most specific first.
 * @param {LineFacts} f @param {{ subject: string, side: Side, bad: boolean }} o
 *   subject: how the sentence names the first move ("This", "Nf3"); bad: the move is an error
 *   (say what it allows) or the best move (say what it does)
 * @returns {Sentence[]}
 */
export function lineSentences(f, { subject, side, bad }) {
  /** @type {Sentence[]} */
  const out = [];
  const opp = other(side);
  // Mate along the line.
  if (f.end === 'checkmate') {
    const mated = (f.plies % 2 === 0) === (f.first === 'w') ? 'w' : 'b';
    const pattern = f.matePattern === 'backRank' ? 'a back-rank mate' : f.matePattern === 'smothered' ? 'a smothered mate' : '';
    const n = f.mateMoves;
    const mate = n === 1 ? 'mate in one' : `mate in ${n}`;
    // a double (or else a discovered) check on the way, by the mating side, is named too
    const mater = other(mated);
    const check = ['doubleCheck', 'discoveredCheck'].map((k) => f.motifs.find((m) => m.kind === k && m.by === mater)).find((m) => m);
    const checkText = check ? ` (${f.san[check.ply]} is a ${check.kind === 'doubleCheck' ? 'double' : 'discovered'} check)` : '';
    /** @type {Claim[]} */
    const checkClaims = check ? [{ type: 'motif', kind: check.kind, ply: check.ply, square: check.square, targets: check.targets.map((t) => t.square) }] : [];
    if (mated === side)
      out.push({ text: `${subject} allows ${pattern ? `${pattern}, ` : ''}${mate}: ${lineText(f, 1)}${checkText}.`, claims: [{ type: 'mate', mated: side, moves: n, pattern: f.matePattern }, ...checkClaims] });
    else
      out.push({ text: `${subject} ${bad ? 'leads to' : 'forces'} ${pattern ? `${pattern}, ` : ''}${mate}: ${lineText(f)}${checkText}.`, claims: [{ type: 'mate', mated: opp, moves: n, pattern: f.matePattern }, ...checkClaims] });
    return out;
  }
  if (f.perpetual) {
    if (f.perpetualBy === side) out.push({ text: `${subject} ${bad ? 'only draws' : 'draws'} by perpetual check: ${lineText(f)}.`, claims: [{ type: 'perpetual', by: side }] });
    else out.push({ text: `${subject} allows a perpetual check: ${lineText(f, 1)}.`, claims: [{ type: 'perpetual', by: opp }] });
    return out;
  }
  // Material along the line: the last ply where the balance changed. Praise counts only the
  // forcing part of the line (forcingPlies): past it, the engine's line is its guess at quiet
  // play, searched shallowly, and the opponent's blunder there is no consequence of the move.
  const limit = bad ? f.plies : forcingPlies(f);
  let until = 0;
  for (let i = 1; i <= limit; i++) if (f.balance[i] !== f.balance[i - 1]) until = i;
  // ... and only what the rest of the line keeps: where the line gives back after the forcing part
  // some of what was won in it, what the whole line ends with is claimed (a rook taken by a bishop
  // that is lost in the corner later: the exchange), and nothing where it ends with no gain (a
  // pawn taken by a bishop that must then buy its way out)
  const gained = f.balance[until] - f.balance[0];
  if (!bad && until && Math.sign(gained) * (f.balance[f.plies] - f.balance[until]) < 0) {
    const kept = f.balance[f.plies] - f.balance[0];
    if (Math.sign(kept) === Math.sign(gained)) for (let i = until + 1; i <= f.plies; i++) if (f.balance[i] !== f.balance[i - 1]) until = i;
    if (Math.sign(kept) !== Math.sign(gained)) until = 0;
  }
  const trade = tradeFor(f, side, until);
  const points = balanceFor(f, side, until) - balanceFor(f, side, 0);
  if (points !== 0 && trade.points === points) {
    const winner = points > 0 ? side : opp;
    const t = tradeFor(f, winner, until);
    const traded = describeTrade(t.gained, t.lost);
    // the winner's promotions in the line, named with the square
    const promotions = f.motifs.filter((m) => m.kind === 'promotion' && m.by === winner && m.ply < until);
    // (said of the move itself when it is the one that promotes: "wins a rook and promotes ...")
    const own = promotions.length > 0 && promotions[0].ply === 0 && winner === side;
    const promoted = promotions.length ? `${own ? '' : `${f.san[promotions[0].ply]} `}promotes the pawn to a ${nameOf(promotions[0].piece)}` : '';
    const what = promoted ? (traded ? `${traded}${own ? ' and' : ', and'} ${promoted}` : `material: ${promoted}`) : traded || 'material';
    /** @type {Claim[]} */
    const promotionClaims = promotions.slice(0, 1).map((m) => ({ type: 'motif', kind: 'promotion', ply: m.ply, square: m.square, targets: [] }));
    // The cause: a motif of the winning side, or a piece the loser left hanging.
    const cause = causeOf(f, winner, until);
    const claims = /** @type {Claim[]} */ ([{ type: 'material', side, points, until }, ...promotionClaims, ...cause.claims]);
    if (winner !== side) {
      const line = until > 1 ? ` (${lineText(f, 1, until - 1)})` : '';
      if (bad) out.push({ text: `${subject} loses ${what}${cause.text ? `: ${cause.text}` : ''}${line}.`, claims });
      else {
        // A good move that gives material up: a sacrifice; the numbers, not this sentence, say it
        // pays. Giving a rook for a minor piece is an exchange sacrifice (the engine's fact).
        const sacrifice = traded === 'the exchange' ? f.motifs.find((m) => m.kind === 'exchangeSacrifice' && m.by === side && m.ply < until) : undefined;
        /** @type {Claim[]} */
        const given = [{ type: 'material', side, points, until }, ...promotionClaims];
        if (sacrifice) given.push({ type: 'motif', kind: 'exchangeSacrifice', ply: sacrifice.ply, square: sacrifice.square, targets: sacrifice.targets.map((x) => x.square) });
        out.push({ text: `${subject} ${sacrifice ? 'sacrifices' : 'gives up'} ${what}: ${lineText(f, 0, until)}.`, claims: given });
      }
    } else if (!bad) {
      // a promotion that is the whole gain is said as that: "c8=Q+ promotes the pawn to a queen"
      const verb = own && !traded ? promoted : `wins ${what}`;
      out.push({ text: `${subject} ${verb}${cause.text ? `: ${cause.text}` : ''} (${lineText(f, 0, until)}).`, claims });
    }
  }
  // No material to speak of: an in-between move along the line, the side's own (a good move) or
  // the other side's (what a bad one allows).
  const z = out.length ? undefined : f.motifs.find((m) => m.kind === 'zwischenzug' && m.ply + 2 < f.plies && (m.by === side) !== bad);
  if (z) {
    const text = `instead of taking back on ${z.targets[0].square} at once, ${lineText(f, z.ply, 1)} comes first, and ${lineText(f, z.ply + 2, 1)} takes back`;
    out.push({
      text: bad ? `${subject} allows an in-between move: ${text}.` : `After ${subject}, the line has an in-between move: ${text}.`,
      claims: [{ type: 'motif', kind: 'zwischenzug', ply: z.ply, square: z.square, targets: z.targets.map((t) => t.square) }],
    });
  }
  return out;
}

/** The motifs that make a move forcing though it neither captures nor checks: a threat to take. */
const THREATS = new Set(['fork', 'pin', 'skewer', 'discoveredAttack', 'trappedPiece', 'removalOfDefender', 'overloadedDefender']);

/**
 * How many plies from the start of the line are its forcing part: the move and its reply, then
 * as long as a ply captures, checks, promotes or makes a threat (a fork, pin, skewer, discovered
 * attack ...), or answers one that did. The first quiet move that answers a quiet move ends it.
 * @param {LineFacts} f
 */
export function forcingPlies(f) {
  const forcing = (/** @type {number} */ i) => /[x+#=]/.test(f.san[i]) || f.motifs.some((m) => m.ply === i && THREATS.has(m.kind));
  // a threat stays forcing until its side takes what it threatened (within its next two moves,
  // as causeOf counts it): the moves in between (a check to answer first) are part of it
  const caps = captures(f);
  const carriedTo = (/** @type {number} */ i) => {
    let to = -1;
    for (const m of f.motifs) {
      if (m.ply !== i || !THREATS.has(m.kind)) continue;
      for (const c of caps) if (c.by === m.by && c.ply > m.ply && c.ply <= m.ply + 4 && m.targets.some((t) => t.square === c.targets[0].square)) to = Math.max(to, c.ply);
    }
    return to;
  };
  let k = Math.min(2, f.plies);
  let carried = Math.max(carriedTo(0), carriedTo(1));
  while (k < f.plies && (forcing(k) || forcing(k - 1) || k <= carried + 1)) carried = Math.max(carried, carriedTo(k++));
  return k;
}

/**
 * The capture among `caps` of the piece `t` (standing on its square after ply `ply`), followed
 * along the line's moves (UCI; castling moves the rook too) until it is taken; undefined if it
 * is not taken.
 * @param {LineFacts} f @param {MotifTarget} t @param {number} ply @param {LineMotif[]} caps
 */
function followedCapture(f, t, ply, caps) {
  let at = t.square;
  for (let k = ply + 1; k < f.plies; k++) {
    const c = caps.find((x) => x.ply === k);
    if (c && c.targets[0].square === at) return c.targets[0].piece === t.piece ? c : undefined;
    const uci = (f.uci || [])[k];
    if (!uci) return undefined;
    if (uci.slice(0, 2) === at) at = uci.slice(2, 4);
    else if (/^O-O/.test(f.san[k])) {
      // the rook of a castling: h-file to f-file, a-file to d-file, on the king's rank
      const rank = uci[1];
      if (at === `h${rank}` && uci[2] === 'g') at = `f${rank}`;
      else if (at === `a${rank}` && uci[2] === 'c') at = `d${rank}`;
    }
  }
  return undefined;
}

/**
 * What wins the material for `winner` in the first `until` plies: the earliest fork, skewer, pin,
 * discovered attack or double check by the winner whose target is then captured, or a piece the
 * loser left hanging that is then captured. Text like "the knight fork on c7 (Nc7+) hits the
 * king and the rook".
 * @param {LineFacts} f @param {Side} winner @param {number} until
 * @returns {{ text: string, claims: Claim[] }}
 */
function causeOf(f, winner, until) {
  // Only a capture that changes the balance for good is a cause: one at or after the last ply
  // where the winner's material went from level (or behind) to ahead. An even trade earlier in
  // the line ("Nxg4 leaves the knight hanging, and hxg4 takes it" when Nxg4 took a bishop) does
  // not win what the line wins later.
  const gain = (/** @type {number} */ i) => balanceFor(f, winner, i) - balanceFor(f, winner, 0);
  let cross = 0;
  for (let i = 1; i <= until; i++) if (gain(i - 1) <= 0 && gain(i) > 0) cross = i;
  const caps = captures(f, until).filter((m) => m.by === winner && m.ply + 1 >= cross);
  // A target of m that the winner then takes with one of its next two moves, followed from
  // square to square if it moves (later captures are not this motif's doing).
  const soon = (/** @type {LineMotif} */ m) => caps.filter((c) => c.ply <= m.ply + 4);
  const capturedLater = (/** @type {LineMotif} */ m) => m.targets.some((t) => followedCapture(f, t, m.ply, soon(m)));
  const at = (/** @type {number} */ ply) => f.san[ply];
  // the moves' order (the continuation's motifs come after the others in the engine's list)
  const motifs = [...f.motifs].sort((a, b) => a.ply - b.ply);
  for (const m of motifs) {
    if (m.ply >= until || m.by !== winner) continue;
    const named = (/** @type {MotifTarget} */ t) => `the ${nameOf(t.piece)}${t.piece.toLowerCase() === 'k' ? '' : ` on ${t.square}`}`;
    // A fork names the king first, then the rest by value; pins and skewers keep front, back.
    const worth = (/** @type {MotifTarget} */ t) => (t.piece.toLowerCase() === 'k' ? 100 : POINTS[/** @type {keyof POINTS} */ (t.piece.toLowerCase())]);
    const targets = (m.kind === 'fork' ? [...m.targets].sort((a, b) => worth(b) - worth(a)) : m.targets).map(named);
    const claim = /** @type {Claim} */ ({ type: 'motif', kind: m.kind, ply: m.ply, square: m.square, targets: m.targets.map((t) => t.square) });
    const list = (/** @type {string[]} */ xs) => (xs.length > 2 ? `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}` : xs.join(' and '));
    if (m.kind === 'fork' && m.targets.length >= 2 && capturedLater(m))
      return { text: `${at(m.ply)} forks ${list(targets)}`, claims: [claim] };
    if (m.kind === 'skewer' && capturedLater(m))
      return { text: `${at(m.ply)} skewers ${targets[0]} and ${targets[1]}`, claims: [claim] };
    if (m.kind === 'pin' && capturedLater(m))
      return { text: `${at(m.ply)} pins ${targets[0]} to ${targets[1]}`, claims: [claim] };
    if (m.kind === 'discoveredAttack' && capturedLater(m))
      return { text: `${at(m.ply)} uncovers the ${nameOf(m.piece)}\u2019s attack on ${targets[0]}`, claims: [claim] };
    // the other half of a discovered attack: the piece attacked is saved, the winner takes
    // something else with the next move (what the moving piece threatened)
    const next = caps.find((c) => c.ply === m.ply + 2);
    if (m.kind === 'discoveredAttack' && next)
      return {
        text: `${at(m.ply)} uncovers the ${nameOf(m.piece)}\u2019s attack on ${targets[0]}, and ${at(next.ply)} takes the ${nameOf(next.targets[0].piece)} on ${next.targets[0].square}`,
        claims: [claim, { type: 'capture', ply: next.ply, square: next.targets[0].square, piece: next.targets[0].piece }],
      };
    // the ply that takes the piece `t` (on the last target square for a trapped piece)
    const taker = (/** @type {MotifTarget} */ t) => caps.find((c) => c.ply > m.ply && c.targets[0].square === t.square && c.targets[0].piece === t.piece);
    const last = m.targets[m.targets.length - 1];
    if (m.kind === 'removalOfDefender' && taker(last))
      return { text: `${at(m.ply)} removes ${targets[0]}, the only guard of ${targets[1]}, and ${at(/** @type {LineMotif} */ (taker(last)).ply)} takes it`, claims: [claim] };
    if (m.kind === 'overloadedDefender' && taker(last))
      return { text: `${targets[0]} cannot guard both ${targets[1]} and ${targets[2]}: after ${at(m.ply)} ${at(m.ply + 1)}, ${at(/** @type {LineMotif} */ (taker(last)).ply)} takes ${targets[2]}`, claims: [claim] };
    if (m.kind === 'trappedPiece') {
      const c = taker({ square: last.square, piece: m.targets[0].piece });
      if (c) return { text: `${at(m.ply)} traps ${targets[0]}, which has no safe square, and ${at(c.ply)} takes it`, claims: [claim] };
    }
    if (m.kind === 'zwischenzug' && m.ply + 2 < until && caps.some((c) => c.ply === m.ply + 2))
      return { text: `instead of taking back on ${m.targets[0].square} at once, ${at(m.ply)} comes first (an in-between move), and ${at(m.ply + 2)} takes back`, claims: [claim] };
    // a check that wins: what the checking move or the move after it takes cannot be taken back
    // or saved while the king is answered
    if ((m.kind === 'doubleCheck' || m.kind === 'discoveredCheck') && caps.some((c) => c.ply === m.ply || c.ply === m.ply + 2))
      return { text: `${at(m.ply)} is a ${m.kind === 'doubleCheck' ? 'double' : 'discovered'} check`, claims: [claim] };
  }
  const loser = other(winner);
  for (const m of f.motifs) {
    if (m.kind !== 'hanging' || m.by !== loser || m.ply >= until) continue;
    const c = caps.find((x) => x.ply > m.ply && x.targets[0].square === m.square && x.targets[0].piece === m.piece);
    if (!c) continue;
    return {
      text: `${m.ply === 0 ? 'it leaves' : `${at(m.ply)} leaves`} the ${nameOf(m.piece)} on ${m.square} hanging, and ${at(c.ply)} takes it`,
      claims: [{ type: 'motif', kind: 'hanging', ply: m.ply, square: m.square, targets: [m.square] }, { type: 'capture', ply: c.ply, square: m.square, piece: m.piece }],
    };
  }
  return { text: '', claims: [] };
}

/** "+1.20", "-0.35", "#3" (White's point of view) for a score { cp } | { mate }. */
function scoreText(/** @type {{ cp?: number, mate?: number }} */ s) {
  if (s.mate !== undefined) return `#${s.mate}`;
  const p = (s.cp ?? 0) / 100;
  return `${p > 0 ? '+' : ''}${p.toFixed(2)}`;
}

/**
 * Words for the engine's best line in a live analysis (the `explain` attribute of
 * <mainline-analysis>): what the line forces or wins, verified against it; when nothing can be
 * named for certain, only the score, and said so (`numbersOnly`).
 * @param {LineFacts} line  the facts of the best line from the position searched
 * @param {{ cp?: number, mate?: number }} [score]  its score, White's view
 * @returns {{ sentences: Sentence[], numbersOnly: boolean }}
 */
export function explainLine(line, score) {
  if (!line.plies) return { sentences: [], numbersOnly: true };
  const sentences = lineSentences(line, { subject: line.san[0], side: line.first, bad: false }).filter((s) => !verifyClaims(s.claims, line));
  if (sentences.length) return { sentences, numbersOnly: false };
  /** @type {Claim[]} */
  const claims = [{ type: 'level', until: line.plies }];
  const keeps = line.plies > 1 && !verifyClaims(claims, line) && line.balance.every((b) => b === line.balance[0]);
  const text = `No tactic can be named for certain${keeps ? ' (the engine\u2019s line keeps the material level)' : ''}${score ? `: the engine scores ${line.san[0]} ${scoreText(score)}` : ''}.`;
  return { sentences: [{ text, claims: keeps ? claims : [] }], numbersOnly: true };
}

/**
 * Sentences for one move of a game.
 * @param {object} o
 * @param {Side} o.mover            who played it
 * @param {LineFacts} o.line        facts of [played move, ...the engine's line after it]
 * @param {LineFacts} [o.best]      facts of the engine's best line from the same position (another move)
 * @param {string} [o.verdict]      report class: blunder, mistake, inaccuracy, missedWin, great, brilliant, best, ...
 * @param {{ cp?: number, mate?: number }} [o.before]  evaluation before the move (White's view)
 * @param {{ cp?: number, mate?: number }} [o.after]   evaluation after it
 * @returns {{ sentences: Sentence[], numbersOnly: boolean }}
 */
export function explainMove({ mover, line, best, verdict = '', before, after }) {
  const bad = ['blunder', 'mistake', 'inaccuracy', 'missedWin'].includes(verdict);
  /** @type {Sentence[]} */
  const out = [];
  const keep = (/** @type {Sentence[]} */ list, /** @type {LineFacts} */ f) => {
    for (const s of list) if (!verifyClaims(s.claims, f)) out.push(s);
  };
  const played = line.san[0];
  keep(lineSentences(line, { subject: bad ? 'This' : played, side: mover, bad }), line);
  if (bad && best && best.plies && best.san[0] !== played) {
    const bestSentences = lineSentences(best, { subject: best.san[0], side: mover, bad: false });
    const count = out.length;
    keep(bestSentences, best);
    if (out.length === count) out.push({ text: `${best.san[0]} was best.`, claims: [] });
  }
  if (!out.some((s) => s.claims.length) && before && after) {
    // Nothing the line shows can be named for certain: the numbers only, and said so.
    const keeps = line.plies > 1 && line.balance.every((b) => b === line.balance[0]);
    out.unshift({
      text: `No tactic can be named for certain${keeps ? ' (the engine\u2019s line keeps the material level)' : ''}: the evaluation goes from ${scoreText(before)} to ${scoreText(after)}.`,
      claims: keeps ? [{ type: 'level', until: line.plies }] : [],
    });
    if (keeps && verifyClaims(out[0].claims, line)) out.shift();
    return { sentences: out, numbersOnly: true };
  }
  return { sentences: out, numbersOnly: false };
}
