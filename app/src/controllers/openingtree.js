// The opening tree dialog (from the library): one player's games with one colour, merged move by
// move (model/openingtree.js). The moves from the position reached so far are a table (games,
// score, the player's accuracy, book, usual); a move's button goes down to it, the path above goes
// back up; a move's games are listed and open in the board.
import { $, dismissable, h } from '../dom.js';
import { buildOpeningTree, libraryPlayers, meanAccuracy, scorePercent } from '../model/openingtree.js';
import { moveNumber } from '../model/format.js';
import { STARTING_FEN } from 'mainline-chess/rules';

/**
 * @typedef {import('../services/storage.js').Storage} Storage
 * @typedef {import('../model/record.js').GameRecord} GameRecord
 * @typedef {import('../model/openingtree.js').TreeMove} TreeMove
 * @typedef {import('../model/openingtree.js').OpeningTree} OpeningTree
 */

export class OpeningTreeController {
  /**
   * @param {{ storage: () => Storage|null, open: (id: string) => Promise<void>, closeLibrary: () => void }} deps
   *   open: opens a saved game in the board; closeLibrary: closes the library dialog behind this one
   */
  constructor({ storage, open, closeLibrary }) {
    this.storage = storage;
    this.openGame = open;
    this.closeLibrary = closeLibrary;
    this.dialog = /** @type {HTMLDialogElement} */ ($('opening-tree'));
    /** @type {GameRecord[]} */
    this.records = [];
    /** @type {OpeningTree|null} */
    this.tree = null;
    /** @type {TreeMove[]} the moves down to the shown position */
    this.path = [];
    /** @type {TreeMove|null} whose games are listed */
    this.listed = null;
    $('tree-open').addEventListener('click', () => this.open());
    dismissable(this.dialog, $('tree-close'), () => this.dialog.close());
    $('tree-form').addEventListener('change', () => this.#build());
    $('tree-form').addEventListener('submit', (e) => e.preventDefault());
    this.dialog.addEventListener('click', (e) => this.#onClick(/** @type {HTMLElement} */ (e.target)));
  }

  /** Reads the library and shows the tree of its most frequent player. */
  async open() {
    const store = this.storage();
    const summary = $('tree-summary');
    if (!this.dialog.open) this.dialog.showModal();
    if (!store) {
      summary.textContent = 'The library is not available in this browser window: there are no games to build a tree from.';
      return;
    }
    summary.textContent = 'Reading the library…';
    try {
      this.records = await store.allGames();
    } catch (e) {
      summary.textContent = `The library could not be read: ${/** @type {Error} */ (e).message}`;
      return;
    }
    const players = libraryPlayers(this.records.map((r) => ({ white: r.headers.White || '?', black: r.headers.Black || '?' })));
    const select = /** @type {HTMLSelectElement} */ ($('tree-player'));
    const keep = select.value;
    select.replaceChildren(...players.map((p) => h('option', { value: p.name, text: `${p.name} (${p.games} game${p.games === 1 ? '' : 's'})` })));
    if (players.some((p) => p.name === keep)) select.value = keep;
    this.#build();
  }

  /** Builds the tree of the chosen player and colour, and shows its first moves. */
  #build() {
    const player = /** @type {HTMLSelectElement} */ ($('tree-player')).value;
    const color = /** @type {'w'|'b'} */ (/** @type {HTMLSelectElement} */ ($('tree-color')).value);
    this.path = [];
    this.listed = null;
    if (!player) {
      this.tree = null;
      $('tree-summary').textContent = 'No named player in the library yet: games with White and Black names make a tree.';
      this.#render();
      return;
    }
    const t0 = performance.now();
    this.tree = buildOpeningTree(this.records, player, color);
    this.dialog.dataset.ms = String(Math.round(performance.now() - t0));
    this.#render();
  }

  #render() {
    const t = this.tree;
    const table = $('tree-moves');
    const path = $('tree-path');
    const games = $('tree-games');
    if (!t) {
      table.replaceChildren();
      path.replaceChildren();
      games.hidden = true;
      return;
    }
    const side = t.color === 'w' ? 'White' : 'Black';
    const left = t.exits.filter((x) => x.ply);
    const byPlayer = left.filter((x) => x.by === 'player');
    $('tree-summary').textContent = t.games
      ? `${t.player} with ${side}: ${t.games} game${t.games === 1 ? '' : 's'}${t.skipped ? ` (${t.skipped} from another start position or Chess960 left out)` : ''}. Left the named openings in ${left.length}: by ${t.player} in ${byPlayer.length}${commonExit(byPlayer)}, by the opponent in ${left.length - byPlayer.length}.`
      : `${t.player} has no game with ${side} from the standard start position in the library.`;
    // the path: the start, then each move down to here, each a way back up
    const crumbs = [h('button', { type: 'button', class: 'tree-crumb', dataset: { depth: '0' }, text: 'Start' })];
    this.path.forEach((m, i) => crumbs.push(h('button', { type: 'button', class: 'tree-crumb', dataset: { depth: String(i + 1) }, 'aria-label': `Back to after ${label(m)}`, text: label(m) })));
    path.replaceChildren(...crumbs);
    const here = this.path.length ? this.path[this.path.length - 1].children : t.moves;
    const usual = here.find((m) => m.usual);
    const pct = (/** @type {number|null} */ x) => (x === null ? '–' : `${Math.round(x)}%`);
    const rows = here.map((m, i) =>
      h(
        'tr',
        { dataset: { index: String(i) }, class: m.book ? 'book' : '' },
        h('th', { scope: 'row' }, m.children.length
          ? h('button', { type: 'button', class: 'tree-move', dataset: { index: String(i) }, 'aria-label': `${label(m)}: go to the moves after it`, text: label(m) })
          : h('span', { text: label(m) })),
        h('td', { text: String(m.games) }),
        h('td', { text: pct(scorePercent(m)) }),
        h('td', { text: m.mine ? pct(meanAccuracy(m)) : '' }),
        h('td', {}, m.book ? h('span', { class: 'tree-book', title: 'inside the named openings (ECO)', text: '≡ book' }) : ''),
        h('td', {}, m.mine && !m.usual && usual ? h('span', { class: 'tree-unusual', text: `not the usual ${usual.san}` }) : m.usual ? h('span', { class: 'tree-usual', text: 'usual' }) : ''),
        h('td', {}, h('button', { type: 'button', class: 'tree-list', dataset: { index: String(i) }, 'aria-label': `Games (${m.games}) of ${label(m)}`, text: `Games (${m.games})` })),
      ),
    );
    table.replaceChildren(
      here.length
        ? h('table', { class: 'tree-table', 'data-testid': 'tree-table' },
            h('thead', {}, h('tr', {}, ...['Move', 'Games', `${t.player}'s score`, `${t.player}'s accuracy`, 'Book', 'Repertoire', ''].map((x) => h('th', { scope: 'col', text: x })))),
            h('tbody', {}, ...rows))
        : h('p', { class: 'tree-end', text: this.path.length ? `No game goes on from here within the tree's first ${t.plies} half-moves.` : '' }),
    );
    this.#games();
  }

  /** The listed move's games, each a button that opens it. */
  #games() {
    const box = $('tree-games');
    const m = this.listed;
    if (!m) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const byId = new Map(this.records.map((r) => [r.id, r]));
    box.replaceChildren(
      h('h3', { text: `Games of ${label(m)}` }),
      h('ul', {}, ...m.gameIds.map((id) => {
        const r = byId.get(id);
        const text = r ? `${r.name}, ${r.headers.Result || '*'}${r.headers.Date && !/\?/.test(r.headers.Date) ? `, ${r.headers.Date}` : ''}` : id;
        return h('li', {}, h('button', { type: 'button', class: 'tree-game', dataset: { id }, title: 'Open this game in the board', text }));
      })),
    );
    box.hidden = false;
  }

  async #onClick(/** @type {HTMLElement} */ target) {
    const b = /** @type {HTMLElement|null} */ (target.closest('button'));
    if (!b || !this.tree) return;
    const here = this.path.length ? this.path[this.path.length - 1].children : this.tree.moves;
    if (b.classList.contains('tree-move')) {
      this.path = [...this.path, here[Number(b.dataset.index)]];
      this.listed = null;
      this.#render();
      /** @type {HTMLElement|null} */ (this.dialog.querySelector('.tree-move, .tree-crumb:last-child'))?.focus();
    } else if (b.classList.contains('tree-crumb')) {
      this.path = this.path.slice(0, Number(b.dataset.depth));
      this.listed = null;
      this.#render();
    } else if (b.classList.contains('tree-list')) {
      this.listed = here[Number(b.dataset.index)];
      this.#games();
      /** @type {HTMLElement|null} */ (this.dialog.querySelector('.tree-game'))?.focus();
    } else if (b.classList.contains('tree-game')) {
      await this.openGame(/** @type {string} */ (b.dataset.id));
      this.dialog.close();
      this.closeLibrary();
    }
  }
}

/** "1. e4", "1... e5". @param {TreeMove} m */
function label(m) {
  return `${moveNumber(STARTING_FEN, m.ply - 1)} ${m.san}`;
}

/** ", most often at 6. h4" for the player's exits, or ''. @param {import('../model/openingtree.js').BookExit[]} exits */
function commonExit(exits) {
  if (!exits.length) return '';
  /** @type {Map<string, number>} */
  const count = new Map();
  for (const x of exits) {
    const k = `${moveNumber(STARTING_FEN, x.ply - 1)} ${x.san}`;
    count.set(k, (count.get(k) || 0) + 1);
  }
  const [k, n] = [...count].sort((a, b) => b[1] - a[1])[0];
  return n > 1 ? `, most often at ${k} (${n})` : '';
}
