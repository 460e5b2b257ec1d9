// The game report: each player's accuracy (overall and by phase: opening, middlegame, endgame,
// with the moves where the phases begin) and average centipawn loss, how many moves of each class
// they played (a count goes to the next such move), and the way into "learn from your mistakes".
// ("Analyse game"'s form and progress are views/reviewview.js's.)
import { gameRating, MOVE_CLASSES, PHASES, reportSummary } from 'mainline-chess/report';
import { $, h } from '../dom.js';
import { CLASS_BADGE, moveNumber } from '../model/format.js';
import { keyMomentList, practiceList } from '../model/gamereport.js';

/**
 * @typedef {import('../state.js').State} State
 * @typedef {import('../model/tree.js').MoveNode} MoveNode
 */

export class ReportPanel {
  /**
   * @param {import('../state.js').Store} store
   * @param {{ goTo: (node: MoveNode) => void, practise: (color: 'w'|'b') => void, moments?: () => void }} actions
   */
  constructor(store, actions) {
    this.store = store;
    this.actions = actions;
    $('report').addEventListener('click', (e) => this.#onClick(/** @type {HTMLElement} */ (e.target)));
    store.on(['report', 'headers', 'game', 'mode'], (s) => this.#report(s));
  }

  /** @param {State} s */
  #report(s) {
    const box = $('report');
    const report = s.report;
    const summary = $('review-summary');
    if (!report || !report.game) {
      box.replaceChildren();
      box.hidden = true;
      const total = report ? report.line.length + 1 : 0;
      summary.textContent = report && report.evaluated && report.line.length ? `${report.evaluated} of ${total} positions evaluated: Analyse game completes the report.` : '';
      return;
    }
    const game = report.game;
    summary.textContent = reportSummary(game);
    const name = (/** @type {'White'|'Black'} */ side) => {
      const n = s.headers[side];
      return n && n !== '?' ? n : side;
    };
    const pct = (/** @type {number|null} */ a) => (a === null ? '–' : `${Math.round(a)}%`);
    const num = (/** @type {number|null} */ a) => (a === null ? '–' : String(Math.round(a)));
    const { w, b } = game.players;
    const rows = MOVE_CLASSES.map((c) => {
      const count = (/** @type {'w'|'b'} */ color) => {
        const n = (color === 'w' ? w : b).counts[/** @type {keyof typeof w.counts} */ (c.name)];
        return h('td', {}, n ? h('button', { type: 'button', class: 'count', dataset: { cls: c.name, color }, 'aria-label': `${c.label}: ${n} by ${color === 'w' ? 'White' : 'Black'}; go to the next one`, text: n }) : h('span', { class: 'zero', text: '0' }));
      };
      return h(
        'tr',
        { dataset: { class: c.name } },
        h('th', { scope: 'row' }, h('span', { class: `badge cls-${c.name}`, 'aria-hidden': 'true', text: CLASS_BADGE[/** @type {keyof typeof CLASS_BADGE} */ (c.name)] }), ` ${c.label}`),
        count('w'),
        count('b'),
      );
    });
    const table = h(
      'table',
      { class: 'report-table', 'data-testid': 'report-table' },
      h('thead', {}, h('tr', {}, h('th', {}), h('th', { scope: 'col', text: name('White') }), h('th', { scope: 'col', text: name('Black') }))),
      h(
        'tbody',
        {},
        h('tr', { class: 'accuracy' }, h('th', { scope: 'row', text: 'Accuracy', title: 'lichess’s accuracy: how close each move kept the player to the engine’s best, from 0 to 100%' }), h('td', { 'data-testid': 'accuracy-w', text: pct(w.accuracy) }), h('td', { 'data-testid': 'accuracy-b', text: pct(b.accuracy) })),
        ...phaseRows(game),
        h('tr', { class: 'acpl' }, h('th', { scope: 'row', text: 'Avg. centipawn loss', title: 'how many hundredths of a pawn each move lost against the best move, on average' }), h('td', { 'data-testid': 'acpl-w', text: num(w.acpl) }), h('td', { 'data-testid': 'acpl-b', text: num(b.acpl) })),
        h('tr', { class: 'game-rating' }, h('th', { scope: 'row', text: 'Game rating', title: RATING_NOTE }), h('td', { 'data-testid': 'rating-w', text: rated(w) }), h('td', { 'data-testid': 'rating-b', text: rated(b) })),
        ...rows,
      ),
    );
    const practise = (/** @type {'w'|'b'} */ color) => {
      const moves = practiceList(report, color);
      const n = moves.length;
      const done = moves.filter((m) => s.game.practice[m.id]?.solved).length;
      return h('button', { type: 'button', class: 'practise', 'data-testid': `practise-${color}`, dataset: { color }, disabled: !n || s.mode !== 'analyse', text: `${name(color === 'w' ? 'White' : 'Black')}: ${n} to practise${done ? `, ${done} solved` : ''}` });
    };
    const error = [gameRating(w), gameRating(b)].find((r) => r)?.error;
    const ratingNote = error === undefined ? null : h('p', { class: 'rating-note', 'data-testid': 'rating-note', text: `Game rating: estimated from this game’s accuracy and centipawn loss alone, on the scale of Mainline’s play levels (Stockfish 15.1’s UCI_Elo), fitted on games between those engine levels, not on human games; typical error ±${error}.` });
    const moments = keyMomentList(report).length;
    const momentsButton = h('button', { type: 'button', class: 'moments', 'data-testid': 'key-moments', disabled: !moments || s.mode !== 'analyse', title: 'The moves of both sides that cost 15 points of expected score or more, the largest first chosen: find a better move at each', text: moments ? `Key moments: ${moments}` : 'No key moments' });
    box.replaceChildren(table, ...[phaseNote(report), ratingNote].filter((x) => x !== null), h('div', { class: 'practice-start' }, h('span', { class: 'practice-title', text: 'Learn from your mistakes' }), practise('w'), practise('b'), momentsButton));
    box.hidden = false;
  }

  #onClick(/** @type {HTMLElement} */ target) {
    const start = /** @type {HTMLElement|null} */ (target.closest('button.phase-start'));
    if (start && this.store.state.report) {
      const node = this.store.state.report.line[Number(start.dataset.index)];
      if (node) this.actions.goTo(node);
      return;
    }
    const s = this.store.state;
    const count = /** @type {HTMLElement|null} */ (target.closest('button.count'));
    if (count && s.report) {
      const { cls, color } = count.dataset;
      // the next move of that class by that player after the shown one (from the start again at the end)
      const line = s.report.line.filter((n) => n.color === color && s.report?.verdicts.get(n.id)?.cls === cls);
      const next = line.find((n) => n.ply > s.current.ply) || line[0];
      if (next) this.actions.goTo(next);
      return;
    }
    if (target.closest('button.moments')) {
      this.actions.moments?.();
      return;
    }
    const practise = /** @type {HTMLElement|null} */ (target.closest('button.practise'));
    if (practise) this.actions.practise(/** @type {'w'|'b'} */ (practise.dataset.color));
  }
}

const RATING_NOTE = 'An estimate from this game’s moves alone, on the scale of the play levels (engine games, not human ones); fewer than 10 moves: none';
/** A side's game rating ("≈1650"), or '–' (too few moves). @param {import('mainline-chess/report').PlayerReport} p */
const rated = (p) => {
  const r = gameRating(p);
  return r ? `≈${r.elo}` : '–';
};

/** What the divider (mainline-chess/report's gamePhases) says, for the phase rows' titles. */
const PHASE_RULE =
  'The opening ends at the first position where a side has fewer than 4 of its pieces on its back rank, or 10 or fewer knights, bishops, rooks and queens are left, or at move 16; the endgame begins with 6 or fewer knights, bishops, rooks and queens. A move counts in the phase of the position it was played in.';

/**
 * The accuracy rows by phase (under the accuracy), '–' where a player made no move in a phase.
 * @param {import('mainline-chess/report').GameReport} game
 */
function phaseRows(game) {
  const { w, b } = game.players;
  if (!w.phases || !b.phases) return [];
  const wp = w.phases, bp = b.phases;
  const pct = (/** @type {import('mainline-chess/report').PhaseReport} */ p) => (p.accuracy === null ? '–' : `${Math.round(p.accuracy)}%`);
  const label = (/** @type {string} */ p) => `${p[0].toUpperCase()}${p.slice(1)}`;
  return PHASES.map((p) =>
    h(
      'tr',
      { class: 'phase', dataset: { phase: p } },
      h('th', { scope: 'row', title: PHASE_RULE }, h('span', { class: 'phase-name', text: label(p) })),
      h('td', { 'data-testid': `phase-${p}-w`, title: `${wp[p].moves} move${wp[p].moves === 1 ? '' : 's'}`, text: pct(wp[p]) }),
      h('td', { 'data-testid': `phase-${p}-b`, title: `${bp[p].moves} move${bp[p].moves === 1 ? '' : 's'}`, text: pct(bp[p]) }),
    ),
  );
}

/**
 * Where the middlegame and the endgame begin (each a button to that move), or that the game never
 * got there. @param {import('../model/gamereport.js').TreeReport} report
 */
function phaseNote(report) {
  const phases = report.game?.phases;
  if (!phases) return null;
  const parts = /** @type {(string|HTMLElement)[]} */ ([]);
  for (const p of /** @type {const} */ (['middlegame', 'endgame'])) {
    const i = phases.indexOf(p);
    const node = report.line[i];
    if (parts.length) parts.push('; ');
    if (i < 0 || !node || !node.parent) {
      parts.push(`no ${p}`);
      continue;
    }
    const move = `${moveNumber(node.parent.fen, 0)} ${node.san}`;
    parts.push(i === 0 ? `${p} from the start` : `${p} from `, ...(i === 0 ? [] : [h('button', { type: 'button', class: 'phase-start', dataset: { index: i }, 'aria-label': `${p} from ${move}: go to that move`, text: move })]));
  }
  return h('p', { class: 'phase-note', 'data-testid': 'phase-note', title: PHASE_RULE }, 'Phases: ', ...parts, '.');
}
