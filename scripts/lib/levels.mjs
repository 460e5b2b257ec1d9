// The play levels' one source of truth, turned into what reads it: the level design
// (scripts/data/levels.json, hand-written: what each level runs) and the calibration matches
// (docs/data/levels-results.json, written by `scripts/levels.mjs --calibrate`) give each level a
// rating with its error, and from both this module writes the C++ table the UCI engine's
// UCI_Elo reads (engine/level_table.h), the app's table (app/src/model/level-table.js) and the
// table in docs/strength.md. Pure: no files, no processes (scripts/levels.mjs does those), so the
// test can check that the committed files are exactly what it produces.

/**
 * @typedef {object} LevelDesign
 * @property {string} name
 * @property {number} [target]       the rating aimed at (a design aim; never shown as a rating)
 * @property {number} [nodes]        node budget per move
 * @property {number} [temperature]  cp: weight exp(-loss / T) among the best lines; 0 = always the best
 * @property {boolean} [network]     the network (true) or the hand-crafted evaluation
 * @property {boolean} [full]        full strength: no limit at all
 * @typedef {object} Design
 * @property {{ movetime: number, fastMovetime?: number, fastUpTo?: number, fastNodes?: number, games: number, stockfish: { min: number, max: number } }} calibration
 * @property {LevelDesign[]} levels
 * @property {LevelDesign[]} [anchors] rated like levels, never offered to players
 * @typedef {object} MatchResult one calibration match, from the level's side
 * @property {string} level          a level's name
 * @property {string} opponent       "stockfish:ELO" or "level:NAME"
 * @property {number} w
 * @property {number} d
 * @property {number} l
 * @property {string} clock          e.g. "movetime 1000"
 * @property {string} date
 * @property {string} commit
 * @property {LevelSettings} [design]          what the level ran in this match
 * @property {LevelSettings} [opponentDesign]  what the opponent level ran (level opponents)
 * @typedef {{ nodes?: number, temperature?: number, network?: boolean, full?: boolean }} LevelSettings
 * @typedef {object} Rating
 * @property {'measured'|'interpolated'|'unmeasured'} status
 * @property {number|null} elo        rounded to 10
 * @property {number|null} error      95% half-width, rounded to 10
 * @property {number} games           the level's own calibration games
 * @property {string} note
 * @typedef {LevelDesign & { rating: Rating, uciElo: number|null }} Level
 */

/** Logistic Elo: the expected score of a player `diff` Elo above the opponent. */
export const expected = (/** @type {number} */ diff) => 1 / (1 + 10 ** (-diff / 400));
const K = Math.log(10) / 400; // d expected / d diff = K E (1 - E)

/** The games a level needs before its fit counts as a measurement (the issue's target). */
export const MIN_GAMES = 40;

/**
 * What a level runs, as a match records it. A rating belongs to what was played, not to a name:
 * a match counts for whichever level or anchor runs those settings now (and for a level
 * opponent, whichever runs its recorded settings), so a changed design starts its rating
 * afresh and a design kept as an anchor keeps its matches.
 * @param {LevelDesign} l @returns {LevelSettings}
 */
export const settingsOf = (l) => (l.full ? { full: true } : { nodes: l.nodes, temperature: l.temperature, network: !!l.network });
/** @param {LevelSettings|undefined} s */
export const designKey = (s) => (s ? JSON.stringify(settingsOf(/** @type {LevelDesign} */ (s))) : '');

/**
 * Everything rated: the levels, then the calibration anchors (designs that are not levels but
 * were measured against Stockfish, so that levels can be rated through matches against them).
 * @param {Design} design
 */
export const ratedEntries = (design) => [...design.levels, ...(design.anchors ?? [])];

/**
 * The matches that still describe the design, their sides renamed to the level or anchor that
 * runs what was played. The rest were played by designs no longer in use: history only.
 * @param {Design} design @param {MatchResult[]} matches @returns {MatchResult[]}
 */
export function currentMatches(design, matches) {
  const byKey = new Map(ratedEntries(design).map((l) => [designKey(settingsOf(l)), l.name]));
  /** @type {MatchResult[]} */
  const out = [];
  for (const m of matches) {
    const me = byKey.get(designKey(m.design));
    if (!me) continue;
    if (!m.opponent.startsWith('level:')) {
      out.push({ ...m, level: me });
      continue;
    }
    const them = byKey.get(designKey(m.opponentDesign));
    if (them) out.push({ ...m, level: me, opponent: `level:${them}` });
  }
  return out;
}

/**
 * Fits every level's rating at once by maximum likelihood (each game's score against the
 * logistic expectation, draws as half), Stockfish's UCI_Elo ratings held fixed: levels met
 * only by other levels (below Stockfish's range) get their rating through those. The error is
 * the sandwich estimate (the observed per-match score variance, so draws count as they fall),
 * 95% two-sided. A level whose games are all won or all lost has no finite estimate: left out.
 * @param {string[]} names the levels (rated unknowns)
 * @param {MatchResult[]} matches
 * @returns {Map<string, { elo: number, error: number, games: number }>}
 */
export function fitRatings(names, matches) {
  /** @type {Map<string, number>} */
  const games = new Map(names.map((n) => [n, 0]));
  /** @type {Map<string, number>} */
  const points = new Map(names.map((n) => [n, 0]));
  for (const m of matches) {
    const n = m.w + m.d + m.l;
    if (!games.has(m.level)) continue;
    games.set(m.level, /** @type {number} */ (games.get(m.level)) + n);
    points.set(m.level, /** @type {number} */ (points.get(m.level)) + m.w + m.d / 2);
    const opp = m.opponent.startsWith('level:') ? m.opponent.slice(6) : null;
    if (opp && games.has(opp)) {
      games.set(opp, /** @type {number} */ (games.get(opp)) + n);
      points.set(opp, /** @type {number} */ (points.get(opp)) + m.l + m.d / 2);
    }
  }
  // only levels with games, and not all won or all lost, have a finite estimate
  let free = names.filter((n) => {
    const g = /** @type {number} */ (games.get(n));
    const p = /** @type {number} */ (points.get(n));
    return g > 0 && p > 0 && p < g;
  });
  /** @type {Map<string, number>} */
  let index = new Map();
  /** @type {MatchResult[]} */
  let used = [];
  // a level whose only games were against levels without an estimate has none either (its
  // games tie it to nothing known); drop such levels until every one left is tied to a rating
  for (;;) {
    index = new Map(free.map((n, i) => [n, i]));
    used = matches.filter((m) => index.has(m.level) && (m.opponent.startsWith('stockfish:') || index.has(m.opponent.slice(6))));
    const tied = new Set(used.flatMap((m) => [m.level, m.opponent.slice(6)]));
    const next = free.filter((n) => tied.has(n));
    if (next.length === free.length) break;
    free = next;
  }
  const r = free.map(() => 1500);
  const dim = free.length;
  /** @returns {{ grad: number[], info: number[][], vari: number[][] }} */
  const derivatives = () => {
    const grad = Array(dim).fill(0);
    const info = free.map(() => Array(dim).fill(0));
    const vari = free.map(() => Array(dim).fill(0));
    for (const m of used) {
      const n = m.w + m.d + m.l;
      const i = /** @type {number} */ (index.get(m.level));
      const j = m.opponent.startsWith('level:') ? /** @type {number} */ (index.get(m.opponent.slice(6))) : -1;
      const opp = j >= 0 ? r[j] : Number(m.opponent.slice(10));
      const e = expected(r[i] - opp);
      const s = (m.w + m.d / 2) / n;
      const sq = (m.w + m.d / 4) / n - s * s; // the observed per-game score variance
      const slope = n * K * e * (1 - e);
      grad[i] += n * K * (s - e);
      info[i][i] += K * slope;
      vari[i][i] += n * K * K * sq;
      if (j >= 0) {
        grad[j] -= n * K * (s - e);
        info[j][j] += K * slope;
        info[i][j] -= K * slope;
        info[j][i] -= K * slope;
        vari[j][j] += n * K * K * sq;
        vari[i][j] -= n * K * K * sq;
        vari[j][i] -= n * K * K * sq;
      }
    }
    return { grad, info, vari };
  };
  for (let it = 0; it < 100 && dim; it++) {
    const { grad, info } = derivatives();
    const step = solve(info, grad);
    let biggest = 0;
    for (let i = 0; i < dim; i++) {
      // Newton on a concave likelihood; the clamp keeps a far start from overshooting
      const d = Math.max(-400, Math.min(400, step[i]));
      r[i] += d;
      biggest = Math.max(biggest, Math.abs(d));
    }
    if (biggest < 1e-6) break;
  }
  /** @type {Map<string, { elo: number, error: number, games: number }>} */
  const out = new Map();
  if (!dim) return out;
  const { info, vari } = derivatives();
  const inv = invert(info);
  const cov = multiply(multiply(inv, vari), inv);
  free.forEach((n, i) => {
    const error = 1.96 * Math.sqrt(Math.max(0, cov[i][i]));
    // a rating that ran away (games that tie it only to perfect scores: no finite maximum) is no estimate
    if (Math.abs(r[i] - 1500) < 4000 && Number.isFinite(error) && error < 1000) out.set(n, { elo: r[i], error, games: /** @type {number} */ (games.get(n)) });
  });
  return out;
}

/** Solves A x = b (A symmetric positive definite, small). @param {number[][]} a @param {number[]} b */
function solve(a, b) {
  return multiply(invert(a), b.map((x) => [x])).map((row) => row[0]);
}

/** Gauss-Jordan inverse of a small matrix. @param {number[][]} a */
function invert(a) {
  const n = a.length;
  const m = a.map((row, i) => [...row, ...row.map((_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let i = c + 1; i < n; i++) if (Math.abs(m[i][c]) > Math.abs(m[p][c])) p = i;
    [m[c], m[p]] = [m[p], m[c]];
    const d = m[c][c] || 1e-12;
    for (let j = 0; j < 2 * n; j++) m[c][j] /= d;
    for (let i = 0; i < n; i++) {
      if (i === c) continue;
      const f = m[i][c];
      for (let j = 0; j < 2 * n; j++) m[i][j] -= f * m[c][j];
    }
  }
  return m.map((row) => row.slice(n));
}

/** @param {number[][]} a @param {number[][]} b */
function multiply(a, b) {
  return a.map((row) => b[0].map((_, j) => row.reduce((s, x, k) => s + x * b[k][j], 0)));
}

const round10 = (/** @type {number} */ x) => Math.round(x / 10) * 10;

/**
 * Each level's rating, from the matches its present design played (currentMatches): measured (its own games, at least MIN_GAMES), interpolated (between the
 * nearest measured levels below and above it, by design target; said so), or not yet measured.
 * Then the key UCI_Elo uses for each limited level: its rating where it has one, its design
 * target where not, and all targets when the ratings do not rise with the levels (noise; the
 * table says so) — UCI_Elo must name each level exactly and grow with strength.
 * @param {Design} design @param {MatchResult[]} matches
 * @returns {{ levels: Level[], anchors: Level[], keyNote: string }}
 */
export function rateLevels(design, allMatches) {
  const matches = currentMatches(design, allMatches);
  const fits = fitRatings(ratedEntries(design).map((l) => l.name), matches);
  const rate = (/** @type {LevelDesign} */ l) => {
    // its games on either side of the board
    const own = matches.filter((m) => m.level === l.name || m.opponent === `level:${l.name}`).reduce((s, m) => s + m.w + m.d + m.l, 0);
    const f = fits.get(l.name);
    /** @type {Rating} */
    let rating;
    if (f && own >= MIN_GAMES) rating = { status: 'measured', elo: round10(f.elo), error: round10(f.error), games: own, note: `${own} games` };
    else rating = { status: 'unmeasured', elo: null, error: null, games: own, note: own ? `${own} games so far (${MIN_GAMES} needed${f ? '' : '; all won or all lost'})` : 'no games yet' };
    return /** @type {Level} */ ({ ...l, rating, uciElo: null });
  };
  /** @type {Level[]} */
  const levels = design.levels.map(rate);
  const anchors = (design.anchors ?? []).map(rate);
  // interpolation needs a measured level on each side, and targets to place it between them
  levels.forEach((l, i) => {
    if (l.rating.status !== 'unmeasured' || l.full || l.target === undefined) return;
    const below = levels.slice(0, i).reverse().find((x) => x.rating.status === 'measured' && !x.full && x.target !== undefined);
    const above = levels.slice(i + 1).find((x) => x.rating.status === 'measured' && x.target !== undefined);
    if (!below || !above) return;
    const [ta, tb] = [/** @type {number} */ (below.target), /** @type {number} */ (above.target)];
    const [ea, eb] = [/** @type {number} */ (below.rating.elo), /** @type {number} */ (above.rating.elo)];
    const elo = ea + ((l.target - ta) * (eb - ea)) / (tb - ta);
    l.rating = { status: 'interpolated', elo: round10(elo), error: Math.max(/** @type {number} */ (below.rating.error), /** @type {number} */ (above.rating.error)), games: l.rating.games, note: `interpolated between ${below.name} and ${above.name}` };
  });
  const limited = levels.filter((l) => !l.full);
  const keys = limited.map((l) => (l.rating.elo ?? /** @type {number} */ (l.target)));
  const rising = keys.every((k, i) => i === 0 || k > keys[i - 1]);
  limited.forEach((l, i) => (l.uciElo = rising ? keys[i] : /** @type {number} */ (l.target)));
  const keyNote = rising
    ? 'UCI_Elo names each limited level by its rating where it has one, by its design target where not, and goes linearly between them.'
    : 'The ratings do not yet rise with the levels (too few games), so UCI_Elo names each level by its design target for now.';
  return { levels, anchors, keyNote };
}

/** What the level selector shows. @param {Level} l */
export function levelLabel(l) {
  const what = l.full ? `${l.name} · full strength` : l.name;
  const r = l.rating;
  if (r.status === 'measured') return `${what} · ${r.elo} ± ${r.error} Elo`;
  if (r.status === 'interpolated') return `${what} · ≈${r.elo} Elo (interpolated)`;
  return `${what} · not yet measured`;
}

const HEADER = 'Generated by `node scripts/levels.mjs --table` from scripts/data/levels.json and docs/data/levels-results.json: do not edit (a test compares it).';

/** engine/level_table.h. @param {Design} design @param {Level[]} levels */
export function cppTable(design, levels) {
  const limited = levels.filter((l) => !l.full);
  const rows = limited.map((l) => `    {${l.uciElo}, ${l.nodes}, ${l.temperature}, ${l.network ? 'true' : 'false'}},  // ${l.name}: ${levelLabel(l).split(' · ').slice(1).join(' · ')}`);
  return `// ${HEADER}
// The play levels below full strength, weakest first, as the UCI engine's UCI_Elo reads them
// (strength.cpp goes linearly between neighbours): the Elo that names the level (its rating, or
// its design target while it has none, docs/strength.md), the node budget per move, the
// temperature of the weighted choice among the best lines, and the evaluation.
#pragma once

#include <cstdint>

namespace mainline {

struct LevelRow {
    int elo;
    std::uint64_t nodes;
    int temperature_cp;
    bool network;
};

constexpr LevelRow LEVEL_TABLE[] = {
${rows.join('\n')}
};

}  // namespace mainline
`;
}

/** app/src/model/level-table.js. @param {Design} design @param {Level[]} levels @param {string} keyNote */
export function jsTable(design, levels, keyNote) {
  const rows = levels.map((l) =>
    JSON.stringify({
      name: l.name,
      label: levelLabel(l),
      full: !!l.full,
      uciElo: l.uciElo,
      nodes: l.nodes ?? null,
      temperature: l.temperature ?? null,
      network: l.full ? true : !!l.network,
      movetime: design.calibration.movetime,
      rating: l.rating,
    }),
  );
  return `// ${HEADER}
// ${keyNote}

/**
 * @typedef {object} LevelRating
 * @property {'measured'|'interpolated'|'unmeasured'} status
 * @property {number|null} elo     on Stockfish 15.1's UCI_Elo scale, rounded to 10
 * @property {number|null} error   95% half-width
 * @property {number} games        the level's own calibration games
 * @property {string} note
 * @typedef {object} LevelRow
 * @property {string} name
 * @property {string} label        what the level selector shows
 * @property {boolean} full        full strength (no limit)
 * @property {number|null} uciElo  the UCI_Elo that plays this level (null: full strength)
 * @property {number|null} nodes
 * @property {number|null} temperature
 * @property {boolean} network
 * @property {number} movetime     ms per engine move (the calibration's clock)
 * @property {LevelRating} rating
 */

/** @type {readonly LevelRow[]} */
export const LEVEL_TABLE = Object.freeze([
${rows.map((r) => `  ${r},`).join('\n')}
]);
`;
}

export const DOCS_BEGIN = '<!-- levels table: begin (generated by `node scripts/levels.mjs --table`; do not edit) -->';
export const DOCS_END = '<!-- levels table: end -->';

/**
 * The table in docs/strength.md, between the markers: the levels, then the calibration anchors.
 * @param {Design} design @param {Level[]} levels @param {Level[]} anchors @param {MatchResult[]} matches @param {string} keyNote
 */
export function docsTable(design, levels, anchors, matches, keyNote) {
  const lines = [
    DOCS_BEGIN,
    '',
    `| level | runs | rating (Stockfish 15.1 UCI_Elo scale, 95%) | how | calibration matches (W/D/L, this side's) |`,
    '|---|---|---|---|---|',
  ];
  const current = currentMatches(design, matches);
  for (const l of [...levels, ...anchors]) {
    const anchor = anchors.includes(l);
    const runs = l.full ? 'full strength, the network' : `${l.nodes} nodes, T ${l.temperature} cp, ${l.network ? 'the network' : 'hand-crafted evaluation'}${anchor ? ' (calibration anchor, not offered)' : ` (aim ${l.target})`}`;
    const r = l.rating;
    const rating = r.status === 'unmeasured' ? 'not yet measured' : r.status === 'interpolated' ? `≈${r.elo} ± ${r.error} (interpolated)` : `${r.elo} ± ${r.error}`;
    const ms = current.filter((m) => m.level === l.name).map((m) => `${m.opponent} ${m.w}/${m.d}/${m.l} (${m.clock}, ${m.commit}, ${m.date})`);
    lines.push(`| ${l.name} | ${runs} | ${rating} | ${r.note} | ${ms.join('; ') || '—'} |`);
  }
  const earlier = matches.filter((m) => !currentMatches(design, [m]).length);
  if (earlier.length) {
    lines.push('', `Earlier designs (not counted: no level or anchor runs what was played): ${earlier
      .map((m) => `${m.level} as ${describe(m.design)} against ${m.opponent}${m.opponentDesign ? ` as ${describe(m.opponentDesign)}` : ''} ${m.w}/${m.d}/${m.l} (${m.commit})`)
      .join('; ')}.`);
  }
  const { movetime, fastMovetime, fastUpTo, fastNodes } = design.calibration;
  const budgets = fastNodes ? `, with node budgets up to ${fastNodes.toLocaleString('en-US')} (a larger one could be cut short by that clock)` : '';
  const fast = fastMovetime ? ` (${fastMovetime} ms where neither side's strength depends on time: two node-limited sides, or a node-limited level against Stockfish at UCI_Elo ${fastUpTo} or less, whose skill picks its move at a depth it reaches in milliseconds${budgets}; each match says its clock)` : '';
  lines.push('', `Clock: ${movetime} ms a move for both engines (the app's)${fast}. ${keyNote}`, '', DOCS_END);
  return lines.join('\n');
}

/** @param {LevelSettings|undefined} d */
function describe(d) {
  if (!d) return 'an unrecorded design';
  return d.full ? 'full strength' : `${d.nodes} nodes, T ${d.temperature}, ${d.network ? 'network' : 'hand-crafted'}`;
}

/**
 * docs/strength.md with its level table replaced (or appended with a heading when absent).
 * @param {string} doc @param {string} table
 */
export function replaceDocsTable(doc, table) {
  const a = doc.indexOf(DOCS_BEGIN);
  const b = doc.indexOf(DOCS_END);
  if (a >= 0 && b > a) return doc.slice(0, a) + table + doc.slice(b + DOCS_END.length);
  return `${doc.trimEnd()}\n\n## The play levels\n\n${table}\n`;
}

/**
 * web/index.d.ts with UCI_Elo's @min and @max set to the table's range (the package's types
 * declare each option's range, and a test compares them with the engine's).
 * @param {string} dts @param {Level[]} levels
 */
export function replaceDtsRange(dts, levels) {
  const keys = levels.filter((l) => !l.full).map((l) => /** @type {number} */ (l.uciElo));
  return dts.replace(/(@min )\d+(\n\s*\* @max )\d+( \*\/\n\s*UCI_Elo: number;)/, `$1${keys[0]}$2${keys[keys.length - 1]}$3`);
}

/**
 * Everything generated, from the design and the results.
 * @param {Design} design @param {{ matches: MatchResult[] }} results @param {string} doc docs/strength.md now
 * @param {string} dts web/index.d.ts now
 */
export function generate(design, results, doc, dts) {
  const { levels, anchors, keyNote } = rateLevels(design, results.matches);
  return {
    levels,
    anchors,
    cpp: cppTable(design, levels),
    js: jsTable(design, levels, keyNote),
    docs: replaceDocsTable(doc, docsTable(design, levels, anchors, results.matches, keyNote)),
    dts: replaceDtsRange(dts, levels),
  };
}
