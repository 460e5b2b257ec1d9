// Practice that learns: the user's errors from every analysed game of the library as cards,
// grouped by the motif their explanation names, brought back by Leitner's boxes (spaced
// repetition). Pure: no DOM, no engine, no storage; `now` is always given, so a test clock
// decides every date.
//
// The schedule, per card:
//   box 0      new, or answered wrong: due at once when new, RETRY_MINUTES after a wrong answer
//   box 1..5   answered right that many times in a row: due BOX_DAYS[box] days after the answer
//              (1, 3, 7, 16, 35 days)
// Right means solved at the first try without a hint; anything else (a wrong move tried, a
// hint, giving up, skipping) is wrong and sends the card back to box 0. A card is learned from
// box LEARNED_BOX on (right three times running, the last after a wait of 3 days).
//
// A card is one of the user's Mistakes, Blunders or Missed wins on the main line of a game whose
// report is complete, by a player whose name is one of the user's (PGN White/Black, matched
// without case; "You" is the app's name for the user in a game against the engine). With no
// name given, both players' errors count.
import { practiceList, reportOf } from './gamereport.js';
import { TREE_PLIES } from './openingtree.js';
import { START_FEN } from './tree.js';

/**
 * @typedef {import('./record.js').GameRecord} GameRecord
 * @typedef {import('./tree.js').GameTree} GameTree
 * @typedef {import('./tree.js').MoveNode} MoveNode
 *
 * @typedef {object} Card  one error to practise, as stored (the schedule) and refreshed from its game
 * @property {string} key       gameId|position|move: the same error in the same game, whatever its node id
 * @property {string} gameId
 * @property {string} gameName  the game's name in the library (as it was at the last refresh)
 * @property {number} nodeId    the move's node in the game's record (found again on every refresh)
 * @property {'w'|'b'} color    the player who made the error
 * @property {string} label     "14... Qb6"
 * @property {string} cls       the report's class: mistake, blunder, missed-win
 * @property {string} motif     what the explanation names (MOTIFS' keys); 'other' when nothing
 * @property {string} sig       the evaluations the motif was found from: a new analysis finds it again
 * @property {number} box       0..5 (see above)
 * @property {number} due       when it comes back, ms since 1970
 * @property {number} reviews   answers given
 * @property {number} lapses    wrong answers
 * @property {number|null} last the last answer's time
 */

/** Days until a card in each box (1..5) comes back after a right answer. */
export const BOX_DAYS = Object.freeze([0, 1, 3, 7, 16, 35]);
/** The highest box. */
export const MAX_BOX = BOX_DAYS.length - 1;
/** Minutes until a card answered wrong comes back. */
export const RETRY_MINUTES = 10;
/** A card is learned from this box on. */
export const LEARNED_BOX = 3;
/** Cards in one practice session at most (the most overdue first). */
export const SESSION_CARDS = 20;

const DAY = 24 * 3600 * 1000;
const MINUTE = 60 * 1000;

/** The motifs a card can be filed under, in the order the progress lists them, with their names. */
export const MOTIFS = Object.freeze({
  // an error among the first moves of a game from the standard start (a move of the player's
  // opening tree, model/openingtree.js, that went wrong) whose explanation names no tactic:
  // practised as their repertoire (one that does is filed under its tactic)
  repertoire: 'Opening repertoire',
  mate: 'Mate',
  backRankMate: 'Back-rank mate',
  smotheredMate: 'Smothered mate',
  perpetual: 'Perpetual check',
  fork: 'Fork',
  pin: 'Pin',
  skewer: 'Skewer',
  discoveredAttack: 'Discovered attack',
  discoveredCheck: 'Discovered check',
  doubleCheck: 'Double check',
  hanging: 'Hanging piece',
  trappedPiece: 'Trapped piece',
  removalOfDefender: 'Removal of the defender',
  overloadedDefender: 'Overloaded defender',
  zwischenzug: 'In-between move',
  exchangeSacrifice: 'Exchange sacrifice',
  promotion: 'Promotion',
  capture: 'Capture',
  other: 'Other',
});

/**
 * The motif the explanation of a move names first (explain.js's sentences, whose claims were
 * verified against the engine's line): a mate (by its pattern), a perpetual check, or a motif
 * claim's kind; 'other' when the sentences name none (only material, or only the numbers).
 * @param {{ claims: import('mainline-chess/explain').Claim[] }[]} sentences
 * @returns {keyof typeof MOTIFS}
 */
export function motifOf(sentences) {
  for (const s of sentences) {
    for (const c of s.claims) {
      if (c.type === 'mate') return c.pattern === 'backRank' ? 'backRankMate' : c.pattern === 'smothered' ? 'smotheredMate' : 'mate';
      if (c.type === 'perpetual') return 'perpetual';
      if (c.type === 'motif' && c.kind in MOTIFS) return /** @type {keyof typeof MOTIFS} */ (c.kind);
    }
  }
  return 'other';
}

/** The motif's name ("Fork"). */
export function motifName(/** @type {string} */ motif) {
  return MOTIFS[/** @type {keyof typeof MOTIFS} */ (motif)] || MOTIFS.other;
}

/** The user's names, from what they typed ("Anna, anna_k"): trimmed, lower case, no empties. */
export function parseNames(/** @type {string} */ text) {
  return text.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
}

/**
 * The players of a game who are the user: those whose name is one of `names` (none given: both).
 * @param {Record<string,string>} headers @param {string[]} names from parseNames
 * @returns {('w'|'b')[]}
 */
export function userColors(headers, names) {
  if (!names.length) return ['w', 'b'];
  const is = (/** @type {string|undefined} */ n) => !!n && names.includes(n.trim().toLowerCase());
  return /** @type {('w'|'b')[]} */ (['w', 'b'].filter((c) => is(headers[c === 'w' ? 'White' : 'Black'])));
}

/** The key of a position (the FEN without its move counters). */
const positionKey = (/** @type {string} */ fen) => fen.trim().split(/\s+/).slice(0, 4).join(' ');

/** A card's key. @param {string} gameId @param {string} fenBefore @param {string} uci */
export function cardKey(gameId, fenBefore, uci) {
  return `${gameId}|${positionKey(fenBefore)}|${uci}`;
}

/**
 * What a card's motif was found from (the evaluations before and after the move and their lines):
 * when a game is analysed again, its cards' motifs are found again.
 * @param {MoveNode} node
 */
export function cardSig(node) {
  const line = (/** @type {import('mainline-chess/annotate').Eval|undefined} */ e) => (e ? `${JSON.stringify(e.score)} ${(e.pv || []).join(' ')}` : '');
  return `${line(node.parent?.eval)}|${line(node.eval)}`;
}

/**
 * The errors of one game to practise: the user's Mistakes, Blunders and Missed wins on its main
 * line, once its report is complete, each with its node and class. The user is the player named
 * in `names`, or the one whose games were imported (record.source.username).
 * @param {GameRecord} record @param {GameTree} tree the record's tree (treeFromRecord)
 * @param {string[]} names the user's names (parseNames)
 * `repertoire`: the error is within the opening tree's first TREE_PLIES half-moves of a standard
 * game from the start (its card is filed under 'repertoire' when its words name no tactic).
 * @returns {{ key: string, node: MoveNode, cls: string, color: 'w'|'b', sig: string, repertoire: boolean }[]}
 */
export function gameErrors(record, tree, names) {
  const report = reportOf(tree);
  if (!report.game) return [];
  const fromStart = !tree.chess960 && positionKey(tree.root.fen) === positionKey(START_FEN);
  // a game imported by username is that user's, whatever names the practice was told
  const who = record.source?.username && names.length ? [...names, record.source.username.toLowerCase()] : names;
  return userColors(record.headers || {}, who).flatMap((color) =>
    practiceList(report, color).map((node) => {
      const parent = /** @type {MoveNode} */ (node.parent);
      return { key: cardKey(record.id, parent.fen, /** @type {string} */ (node.uci)), node, cls: /** @type {any} */ (report.verdicts.get(node.id)).cls, color, sig: cardSig(node), repertoire: fromStart && node.ply <= TREE_PLIES };
    }),
  );
}

/**
 * A new card: due at once. A mistake already practised in its game (the per-game "learn from
 * your mistakes", kept before there was a schedule) starts in box 1, due a day after that answer,
 * when it was solved.
 * @param {Omit<Card, 'box'|'due'|'reviews'|'lapses'|'last'>} fields
 * @param {number} now
 * @param {import('./record.js').PracticeResult} [before] the game's own practice result for the move
 * @returns {Card}
 */
export function newCard(fields, now, before) {
  if (before && before.solved && before.hints === 0 && before.tries <= 1)
    return { ...fields, box: 1, due: before.date + BOX_DAYS[1] * DAY, reviews: 1, lapses: 0, last: before.date };
  return { ...fields, box: 0, due: now, reviews: before ? 1 : 0, lapses: before ? 1 : 0, last: before ? before.date : null };
}

/**
 * The card after an answer: right moves it up a box and out to that box's wait; wrong sends it to
 * box 0 and back in RETRY_MINUTES.
 * @param {Card} card @param {boolean} right @param {number} now @returns {Card}
 */
export function answer(card, right, now) {
  if (right) {
    const box = Math.min(MAX_BOX, card.box + 1);
    return { ...card, box, due: now + BOX_DAYS[box] * DAY, reviews: card.reviews + 1, last: now };
  }
  return { ...card, box: 0, due: now + RETRY_MINUTES * MINUTE, reviews: card.reviews + 1, lapses: card.lapses + 1, last: now };
}

/** Whether a card is due. @param {Card} card @param {number} now */
export const isDue = (card, now) => card.due <= now;
/** Whether a card is learned. @param {Card} card */
export const isLearned = (card) => card.box >= LEARNED_BOX;

/**
 * The cards to practise now, the most overdue first, at most SESSION_CARDS; of one motif when given.
 * @param {Card[]} cards @param {number} now @param {string|null} [motif]
 */
export function dueCards(cards, now, motif = null) {
  return cards
    .filter((c) => isDue(c, now) && (!motif || c.motif === motif))
    .sort((a, b) => a.due - b.due || a.key.localeCompare(b.key))
    .slice(0, SESSION_CARDS);
}

/**
 * Progress per motif: due, learned and total cards, in MOTIFS' order, only motifs with cards;
 * `next`: when the first card not yet due comes back (null: none waits).
 * @param {Card[]} cards @param {number} now
 * @returns {{ motif: string, name: string, due: number, learned: number, total: number, next: number|null }[]}
 */
export function progress(cards, now) {
  return Object.keys(MOTIFS)
    .map((motif) => {
      const mine = cards.filter((c) => c.motif === motif);
      const waiting = mine.filter((c) => !isDue(c, now)).map((c) => c.due);
      return {
        motif,
        name: motifName(motif),
        due: mine.filter((c) => isDue(c, now)).length,
        learned: mine.filter(isLearned).length,
        total: mine.length,
        next: waiting.length ? Math.min(...waiting) : null,
      };
    })
    .filter((p) => p.total > 0);
}
