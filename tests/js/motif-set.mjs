// The hand-checked motif test sets (tests/data/motifs.json and the held-out
// tests/data/motifs-heldout.json) run as the app runs them: the engine's
// facts along each entry's line (Engine.lineFacts), worded by mainline-chess/explain's
// explainMove, as the report does for a move (words.js), and, for the engine's best move, by
// explainLine as the live analysis and <mainline-analysis explain> do. Shared by
// motif-set.test.mjs (the figures and their targets) and anyone who wants the figures printed.
import { explainLine, explainMove, verifyClaims } from '../../web/src/explain.js';

/**
 * @typedef {import('../../web/src/explain.js').LineFacts} LineFacts
 * @typedef {import('../../web/src/explain.js').Sentence} Sentence
 * @typedef {object} SetEntry
 * @property {string} id
 * @property {string} fen
 * @property {string[]} line      UCI: the move explained, then the engine-style continuation
 * @property {'best'|'blunder'} explain  the first move is the best move (say what it does) or an error (say what it allows)
 * @property {string[]} must      the labels a sentence must carry (MOTIF_LABELS), or ['none']
 * @property {string[]} mustNot   the labels no sentence may carry
 * @property {number} [material]  the mover's material change along the line, counted by hand (pawn 1, minor 3, rook 5, queen 9)
 * @property {string} source
 * @property {string} note
 * @property {string} [lineFrom]  whether the continuation is the engine's own line (tests/data/README.md)
 */

/** The labels an entry can require or forbid, and what earns each (claimsLabels). */
export const MOTIF_LABELS = Object.freeze([
  'fork', 'kingFork', 'absolutePin', 'relativePin', 'skewer', 'discoveredAttack', 'discoveredCheck', 'doubleCheck',
  'hanging', 'promotion', 'exchangeSacrifice', 'removalOfDefender', 'overloadedDefender', 'trappedPiece', 'zwischenzug',
  'backRankMate', 'smotheredMate', 'mateIn1', 'mateIn2', 'mateIn3', 'mateIn4', 'mateIn5', 'mate', 'perpetual', 'materialWon', 'materialLost',
]);

/**
 * The labels a sentence's claims earn: a motif claim its kind (a fork with the king among its
 * targets also kingFork; a pin absolutePin or relativePin, as the engine's fact says), a mate
 * claim mate, mateIn<N> and its pattern, a perpetual claim perpetual, a material claim
 * materialWon or materialLost (for the side that moves first in the line).
 * @param {Sentence} s @param {LineFacts} f
 * @returns {string[]}
 */
export function claimLabels(s, f) {
  const out = new Set();
  for (const c of s.claims) {
    if (c.type === 'motif') {
      const m = f.motifs.find((x) => x.kind === c.kind && x.ply === c.ply && x.square === c.square);
      if (c.kind === 'pin') out.add(m && m.absolute ? 'absolutePin' : 'relativePin');
      else out.add(c.kind === 'trappedPiece' ? 'trappedPiece' : c.kind);
      if (c.kind === 'fork' && m && m.absolute) out.add('kingFork');
    } else if (c.type === 'mate') {
      out.add('mate');
      out.add(`mateIn${c.moves}`);
      if (c.pattern === 'backRank') out.add('backRankMate');
      if (c.pattern === 'smothered') out.add('smotheredMate');
    } else if (c.type === 'perpetual') out.add('perpetual');
    else if (c.type === 'material' && c.points !== 0) out.add((c.side === f.first) === c.points > 0 ? 'materialWon' : 'materialLost');
  }
  return [...out];
}

/** The side to move in a FEN. */
const turn = (/** @type {string} */ fen) => /** @type {'w'|'b'} */ (fen.split(/\s+/)[1]);

/**
 * One entry through the engine and explain.js, as the app does it.
 * @param {import('../../web/index.js').Engine} engine @param {SetEntry} e
 * @returns {Promise<{ facts: LineFacts, sentences: Sentence[], labels: string[], wrong: string[] }>}
 *   sentences: explainMove's (and for a best move explainLine's); labels: what they name;
 *   wrong: each wrong claim, in words
 */
export async function runEntry(engine, e) {
  const facts = await engine.lineFacts(e.fen, e.line);
  const mover = turn(e.fen);
  const verdict = e.explain === 'best' ? 'best' : 'blunder';
  // the numbers the report would show beside them (only the fallback sentence uses them)
  const move = explainMove({ mover, line: facts, verdict, before: { cp: 0 }, after: { cp: 0 } });
  const sentences = [...move.sentences];
  if (e.explain === 'best') sentences.push(...explainLine(facts, { cp: 0 }).sentences);
  const wrong = [];
  const labels = new Set();
  for (const s of sentences) {
    const why = verifyClaims(s.claims, facts);
    if (why) wrong.push(`"${s.text}" fails the verifier: ${why}`);
    for (const l of claimLabels(s, facts)) {
      labels.add(l);
      if (e.mustNot.includes(l)) wrong.push(`"${s.text}" claims ${l}, which this position is not`);
    }
    for (const c of s.claims) {
      if (c.type !== 'material' || e.material === undefined || c.until !== facts.plies) continue;
      const points = c.side === mover ? c.points : -c.points;
      if (points !== e.material) wrong.push(`"${s.text}" claims ${points} points for the mover, counted by hand: ${e.material}`);
    }
  }
  return { facts, sentences, labels: [...labels], wrong };
}

/**
 * The figures of the whole set: positives named per label, wrong claims.
 * @param {import('../../web/index.js').Engine} engine @param {SetEntry[]} set
 */
export async function runSet(engine, set) {
  /** @type {Record<string, { named: number, total: number }>} */
  const perLabel = {};
  const missed = [];
  const wrong = [];
  let named = 0;
  let total = 0;
  for (const e of set) {
    const r = await runEntry(engine, e);
    for (const w of r.wrong) wrong.push(`${e.id}: ${w}`);
    for (const l of e.must) {
      if (l === 'none') continue;
      const row = (perLabel[l] ||= { named: 0, total: 0 });
      row.total++;
      total++;
      if (r.labels.includes(l)) {
        row.named++;
        named++;
      } else missed.push(`${e.id}: ${l} not named (${r.sentences.map((s) => s.text).join(' ') || 'no sentence'})`);
    }
  }
  return { entries: set.length, negatives: set.filter((e) => e.must.includes('none')).length, named, total, perLabel, missed, wrong };
}

/**
 * The figures as text, one label a line.
 * @param {Awaited<ReturnType<typeof runSet>>} r @param {string} [name]  which set (motifs.json: 'motif set')
 */
export function figuresText(r, name = 'motif set') {
  const rows = Object.entries(r.perLabel).sort(([a], [b]) => MOTIF_LABELS.indexOf(a) - MOTIF_LABELS.indexOf(b));
  return [
    `${name}: ${r.entries} positions (${r.negatives} hard negatives); positives named ${r.named}/${r.total} (${((100 * r.named) / r.total).toFixed(1)}%); wrong claims ${r.wrong.length}`,
    ...rows.map(([l, x]) => `  ${l.padEnd(20)} ${x.named}/${x.total}`),
    ...r.missed.map((m) => `  missed: ${m}`),
    ...r.wrong.map((w) => `  WRONG: ${w}`),
  ].join('\n');
}
