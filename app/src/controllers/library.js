// The library dialog: every saved analysis (storage.js), newest first, with its players, result,
// each player's accuracy once analysed and the mistakes practised, to open, rename, export as
// PGN or delete; PGN files (one or many games, with [%eval] annotations or without) are
// imported into it. It also says how much the browser stores and whether it promised to keep it.
import { readPgnGames, recordFromTree, defaultName, newGameId, treeFromRecord, reviewFromEvals, exportHeaders } from '../model/record.js';
import { exportPgn } from '../model/pgn.js';
import { $, dismissable, h, download, fileName } from '../dom.js';
import { importGames, SITES } from 'mainline-chess/import';
import { filterGames } from '../model/libraryfilter.js';
import { playerRatings, playerRatingsText } from '../model/playerratings.js';
import { summary } from '../services/storage.js';

/**
 * Where the sites' APIs are: the sites themselves, unless this browser's localStorage names
 * another host under `mainline.api.lichess` / `mainline.api.chesscom` (the tests' local server;
 * a mirror). Not a URL parameter: a link must not be able to send a username elsewhere.
 * @param {'lichess'|'chesscom'} site
 */
function apiBase(site) {
  try {
    return localStorage.getItem(`mainline.api.${site}`) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * @typedef {import('../state.js').Store} Store
 * @typedef {import('../services/storage.js').Storage} Storage
 * @typedef {import('../services/storage.js').GameSummary} GameSummary
 * @typedef {import('../model/record.js').GameRecord} GameRecord
 */

export class LibraryController {
  /**
   * @param {{ store: Store, storage: () => Storage|null, open: (id: string) => Promise<void>,
   *           newAnalysis: () => void, rename: (id: string, name: string) => Promise<void>,
   *           forget: (id: string) => void, toast: (text: string) => void,
   *           reasons?: (tree: import('../model/tree.js').GameTree) => Promise<Map<number, string>>,
   *           analyse?: (ids: string[]) => void }} deps
   *   storage: the database once open; open: opens a saved game; rename: renames one (the open one
   *   through the game); forget: drops the writes still waiting for a game about to be deleted;
   *   reasons: the judged moves' reasons in words for an export (WordsController.reasons);
   *   analyse: "Analyse library" of the games given (ReviewController.runLibrary)
   */
  constructor({ store, storage, open, newAnalysis, rename, forget, toast, reasons, analyse = () => {} }) {
    this.reasons = reasons;
    this.store = store;
    this.storage = storage;
    this.openGame = open;
    this.rename = rename;
    this.newAnalysis = newAnalysis;
    this.forget = forget;
    this.toast = toast;
    this.dialog = /** @type {HTMLDialogElement} */ ($('library'));
    $('library-open').addEventListener('click', () => this.open());
    dismissable(this.dialog, $('library-close'), () => this.dialog.close());
    $('library-new').addEventListener('click', () => {
      this.dialog.close();
      newAnalysis();
    });
    $('library-import').addEventListener('change', async (e) => {
      const input = /** @type {HTMLInputElement} */ (e.target);
      const files = [...(input.files || [])];
      input.value = '';
      if (files.length) await this.importFiles(files);
    });
    $('library-list').addEventListener('click', (e) => this.#onClick(/** @type {HTMLElement} */ (e.target)));
    /** @type {AbortController|null} the import by username under way */
    this.fetching = null;
    $('fetch-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.fetchGames();
    });
    $('fetch-cancel').addEventListener('click', () => this.fetching?.abort());
    /** @type {Set<string>} the games selected (of those shown) */
    this.selected = new Set();
    const filter = /** @type {HTMLFormElement} */ ($('library-filter'));
    filter.addEventListener('input', () => this.render());
    filter.addEventListener('submit', (e) => e.preventDefault());
    $('library-list').addEventListener('change', (e) => {
      const box = /** @type {HTMLInputElement} */ (e.target);
      if (!box.matches('input.lib-check')) return;
      this.#mark(box);
      this.#selectionButtons();
    });
    $('library-select-all').addEventListener('click', () => {
      const boxes = /** @type {HTMLInputElement[]} */ ([...$('library-list').querySelectorAll('input.lib-check')]);
      const all = boxes.every((b) => b.checked);
      for (const b of boxes) {
        b.checked = !all;
        this.#mark(b);
      }
      this.#selectionButtons();
    });
    $('library-export-selected').addEventListener('click', () => this.#exportSelected());
    $('library-analyse-selected').addEventListener('click', () => analyse([...this.selected]));
    store.on(['review'], () => this.#selectionButtons());
    $('library-delete-selected').addEventListener('click', (e) => this.#deleteSelected(/** @type {HTMLButtonElement} */ (e.currentTarget)));
    $('library-list').addEventListener('submit', (e) => this.#onRename(e));
  }

  async open() {
    if (!this.dialog.open) this.dialog.showModal();
    await this.render();
  }

  /** @param {string} text @param {string} [kind] 'error' */
  #note(text, kind = '') {
    const el = $('library-message');
    el.textContent = text;
    el.dataset.kind = kind;
    el.hidden = !text;
  }

  /** Lists the saved games. */
  async render() {
    const list = $('library-list');
    const store = this.storage();
    $('library-import-button').classList.toggle('disabled', !store);
    /** @type {HTMLInputElement} */ ($('library-import')).disabled = !store;
    if (!store) {
      list.replaceChildren();
      this.#note(this.store.state.save.problem || 'Saving is not available in this browser window.', 'error');
      $('library-storage').textContent = '';
      return;
    }
    let games;
    try {
      games = await store.listGames();
    } catch (e) {
      this.#note(/** @type {Error} */ (e).message, 'error');
      return;
    }
    const shown = filterGames(games, this.#filter());
    // a game no longer shown is no longer selected: nothing is exported or deleted unseen
    const ids = new Set(shown.map((g) => g.id));
    for (const id of this.selected) if (!ids.has(id)) this.selected.delete(id);
    const items = shown.map((g) => this.#item(g));
    if (!games.length) items.push(h('li', { class: 'library-empty', text: 'No saved analyses yet. Every game you analyse here is saved as you go; PGN files can be imported.' }));
    else if (!shown.length) items.push(h('li', { class: 'library-empty', text: 'No game of the library matches.' }));
    list.replaceChildren(...items);
    list.dataset.count = String(shown.length);
    const players = $('library-players');
    players.textContent = playerRatingsText(playerRatings(shown));
    players.hidden = !players.textContent;
    $('library-shown').textContent = shown.length === games.length ? `${games.length} game${games.length === 1 ? '' : 's'}` : `${shown.length} of ${games.length} games shown`;
    this.#selectionButtons();
    this.#storageInfo();
  }

  /**
   * A game's record changed (an analysis of the library wrote it): its line of the list says so,
   * in place (a whole new list would take the keyboard's place away).
   * @param {string} id
   */
  async gameChanged(id) {
    const li = this.dialog.open ? /** @type {HTMLElement|null} */ ($('library-list').querySelector(`.library-item[data-id="${CSS.escape(id)}"]`)) : null;
    const store = this.storage();
    if (!li || !store) return;
    const record = await store.getGame(id).catch(() => undefined);
    const meta = li.querySelector('.lib-meta');
    const fresh = record && /** @type {HTMLElement} */ (this.#item(summary(record)).querySelector('.lib-meta'));
    if (meta && fresh) meta.textContent = fresh.textContent;
  }

  /** The filter form's choices. @returns {import('../model/libraryfilter.js').LibraryFilter} */
  #filter() {
    const d = new FormData(/** @type {HTMLFormElement} */ ($('library-filter')));
    const from = String(d.get('from') || '');
    return {
      text: String(d.get('text') || ''),
      result: /** @type {any} */ (String(d.get('result') || '')),
      site: /** @type {any} */ (String(d.get('site') || '')),
      from: /^\d{4}-\d{2}-\d{2}$/.test(from) ? Date.parse(`${from}T00:00:00Z`) : undefined,
      sort: /** @type {any} */ (String(d.get('sort') || 'changed')),
    };
  }

  #selectionButtons() {
    const n = this.selected.size;
    const exp = /** @type {HTMLButtonElement} */ ($('library-export-selected'));
    const del = /** @type {HTMLButtonElement} */ ($('library-delete-selected'));
    const ana = /** @type {HTMLButtonElement} */ ($('library-analyse-selected'));
    exp.disabled = del.disabled = !n;
    ana.disabled = !n || this.store.state.review.running;
    ana.textContent = n ? `Analyse ${n} selected` : 'Analyse selected';
    exp.textContent = n ? `Export ${n} selected` : 'Export selected';
    if (del.dataset.confirm !== '1') del.textContent = n ? `Delete ${n} selected` : 'Delete selected';
  }

  /** A saved game as the PGN it is exported as (with its judged moves' reasons in words). @param {GameRecord} record */
  async #pgn(record) {
    const tree = treeFromRecord(record);
    const reasons = this.reasons ? await this.reasons(tree).catch(() => new Map()) : undefined;
    return exportPgn(tree, exportHeaders(record.headers, record.review), reasons);
  }

  /** Deletes a saved game. @param {Storage} store @param {string} id */
  async #delete(store, id) {
    // the open game gives its place to a new, empty analysis first, so that nothing written
    // for it (a live evaluation, a retried write) comes after the delete
    if (id === this.store.state.game.id) this.newAnalysis();
    this.forget(id);
    await store.deleteGame(id);
  }

  /** Marks a game's box as its selection. @param {HTMLInputElement} box */
  #mark(box) {
    const id = /** @type {string} */ (box.closest('.library-item')?.getAttribute('data-id'));
    if (box.checked) this.selected.add(id);
    else this.selected.delete(id);
  }

  /** The selected games as one PGN file. */
  async #exportSelected() {
    const store = this.storage();
    if (!store || !this.selected.size) return;
    try {
      const parts = [];
      for (const id of this.selected) {
        const record = await store.getGame(id);
        if (record) parts.push((await this.#pgn(record)).trim());
      }
      download(`mainline-library-${parts.length}-games.pgn`, `${parts.join('\n\n')}\n`);
      this.#note(`Exported ${parts.length} game${parts.length === 1 ? '' : 's'} in one PGN file.`);
    } catch (e) {
      this.#note(/** @type {Error} */ (e).message, 'error');
    }
  }

  /** Deletes the selected games, after a second click (within 5 s) confirms it. */
  async #deleteSelected(/** @type {HTMLButtonElement} */ button) {
    const store = this.storage();
    const n = this.selected.size;
    if (!store || !n) return;
    if (!confirmed(button, `Delete ${n} game${n === 1 ? '' : 's'} for good?`, () => this.#selectionButtons())) return;
    let deleted = 0;
    try {
      for (const id of [...this.selected]) {
        await this.#delete(store, id);
        this.selected.delete(id);
        deleted++;
      }
      this.#note(`Deleted ${deleted} game${deleted === 1 ? '' : 's'}.`);
    } catch (e) {
      this.#note(`${/** @type {Error} */ (e).message} (${deleted} deleted before)`, 'error');
    }
    await this.render();
  }

  /** @param {GameSummary} g */
  #item(g) {
    const players = g.white !== '?' || g.black !== '?' ? `${g.white} – ${g.black} · ` : '';
    const pct = (/** @type {number|null|undefined} */ a) => (a === null || a === undefined ? '–' : `${Math.round(a)}%`);
    const accuracy = g.players ? ` · accuracy ${pct(g.players.w.accuracy)} / ${pct(g.players.b.accuracy)}` : '';
    const rating = (/** @type {number|null|undefined} */ r) => (typeof r === 'number' ? `≈${r}` : '–');
    const rated = g.players && (typeof g.players.w.rating === 'number' || typeof g.players.b.rating === 'number') ? ` · game rating ${rating(g.players.w.rating)} / ${rating(g.players.b.rating)}` : '';
    const practice = g.practice.total ? ` · practised ${g.practice.solved}/${g.practice.total}` : '';
    const from = g.source ? ` · ${SITES[/** @type {'lichess'|'chesscom'} */ (g.source.site)]?.title ?? g.source.site}, played ${new Date(g.source.playedAt).toLocaleDateString()}` : '';
    const meta = `${players}${g.moveCount} move${g.moveCount === 1 ? '' : 's'}${g.result !== '*' ? ` · ${g.result}` : ''}${g.reviewed ? ' · analysed' : ''}${accuracy}${rated}${practice}${from} · ${new Date(g.updated).toLocaleString()}`;
    const actions = [
      ['rename', 'Rename'],
      ['export', 'Export PGN'],
      ['delete', 'Delete'],
    ].map(([action, text]) => h('button', { type: 'button', dataset: { action }, 'aria-label': `${text}: ${g.name}`, text }));
    const check = h('input', { type: 'checkbox', class: 'lib-check', 'aria-label': `Select ${g.name}` });
    /** @type {HTMLInputElement} */ (check).checked = this.selected.has(g.id);
    return h(
      'li',
      { class: `library-item${g.id === this.store.state.game.id ? ' current' : ''}`, 'data-testid': 'library-item', dataset: { id: g.id } },
      h('span', { class: 'lib-select' }, check, h('button', { type: 'button', class: 'lib-open', dataset: { action: 'open' }, 'aria-label': `Open ${g.name}`, text: g.name })),
      h('span', { class: 'lib-meta', text: meta }),
      h('span', { class: 'lib-actions' }, ...actions),
    );
  }

  async #onClick(/** @type {HTMLElement} */ target) {
    const button = /** @type {HTMLElement|null} */ (target.closest('button[data-action]'));
    const li = /** @type {HTMLElement|null} */ (target.closest('.library-item'));
    if (!button || !li) return;
    const id = /** @type {string} */ (li.dataset.id);
    const store = /** @type {Storage} */ (this.storage());
    this.#note('');
    try {
      if (button.dataset.action === 'open') {
        await this.openGame(id);
        this.dialog.close();
      } else if (button.dataset.action === 'rename') {
        this.#renameForm(li);
      } else if (button.dataset.action === 'cancel-rename') {
        await this.render();
      } else if (button.dataset.action === 'export') {
        const record = await store.getGame(id);
        if (!record) throw new Error('that game is no longer in the library');
        download(fileName(record.name), await this.#pgn(record));
        this.#note(`Exported "${record.name}".`);
      } else if (button.dataset.action === 'delete') {
        if (!confirmed(/** @type {HTMLButtonElement} */ (button), 'Delete for good?', () => (button.textContent = 'Delete'))) return;
        await this.#delete(store, id);
        await this.render();
        this.#note('Deleted.');
      }
    } catch (e) {
      this.#note(/** @type {Error} */ (e).message, 'error');
    }
  }

  /** @param {HTMLElement} li */
  #renameForm(li) {
    const open = /** @type {HTMLElement} */ (li.querySelector('.lib-open'));
    const input = h('input', { name: 'name', value: open.textContent || '', required: true, maxlength: 200, 'aria-label': 'New name' });
    const form = h(
      'form',
      { class: 'lib-rename' },
      input,
      h('button', { type: 'submit', class: 'primary', text: 'Save' }),
      h('button', { type: 'button', dataset: { action: 'cancel-rename' }, text: 'Cancel' }),
    );
    open.replaceWith(form);
    input.focus();
    input.select();
  }

  async #onRename(/** @type {Event} */ e) {
    e.preventDefault();
    const form = /** @type {HTMLFormElement} */ (e.target);
    const li = /** @type {HTMLElement} */ (form.closest('.library-item'));
    const name = String(new FormData(form).get('name') || '').trim();
    if (!name) return;
    try {
      await this.rename(/** @type {string} */ (li.dataset.id), name);
      await this.render();
      this.#note(`Renamed to "${name}".`);
    } catch (err) {
      this.#note(/** @type {Error} */ (err).message, 'error');
    }
  }

  /**
   * Imports PGN files: every game becomes a library entry (written before it is listed). One
   * game is opened at once.
   * @param {File[]} files
   */
  async importFiles(files) {
    const store = this.storage();
    if (!store) return [];
    /** @type {GameRecord[]} */
    const imported = [];
    const problems = [];
    for (const f of files) {
      let games;
      try {
        games = readPgnGames(await f.text());
      } catch (e) {
        problems.push(`${f.name}: ${/** @type {Error} */ (e).message}`);
        continue;
      }
      if (!games.length) problems.push(`${f.name}: no games found`);
      for (const g of games) {
        if (g.error || !g.tree || !g.headers) {
          problems.push(`${f.name}, ${g.error}`);
          continue;
        }
        const record = recordFromTree(g.tree, { id: newGameId(), name: defaultName(g.headers), created: Date.now(), headers: g.headers, review: reviewFromEvals(g.tree) });
        try {
          await store.putGame(record);
          imported.push(record);
        } catch (e) {
          problems.push(/** @type {Error} */ (e).message);
          break;
        }
      }
    }
    await this.render();
    const text = `Imported ${imported.length} game${imported.length === 1 ? '' : 's'}.${problems.length ? ` Not imported: ${problems.join('; ')}` : ''}`;
    this.#note(text, problems.length ? 'error' : '');
    if (imported.length === 1 && !problems.length) {
      await this.openGame(imported[0].id);
      this.dialog.close();
      this.toast(text);
    }
    return imported;
  }

  /** @param {string} text @param {string} [kind] 'error' */
  #progress(text, kind = '') {
    const el = $('fetch-progress');
    el.textContent = text;
    el.dataset.kind = kind;
  }

  /**
   * Imports the games of a user of lichess or chess.com (the form in the library), newest first,
   * each saved before the next is read (a reload or a closed tab keeps what came); a game the
   * library holds is not added again, and a second import asks only for games from the newest
   * one on. One request at a time, to the site named; HTTP 429 is waited out (a minute, shown,
   * Cancel ends it).
   * @returns {Promise<GameRecord[]>} the games added
   */
  async fetchGames() {
    const store = this.storage();
    if (!store || this.fetching) return [];
    const form = /** @type {HTMLFormElement} */ ($('fetch-form'));
    const data = new FormData(form);
    const site = /** @type {'lichess'|'chesscom'} */ (String(data.get('site')) === 'chesscom' ? 'chesscom' : 'lichess');
    const title = SITES[site].title;
    const username = String(data.get('username') || '').trim();
    if (!username) {
      this.#progress(`Type your ${title} username.`, 'error');
      /** @type {HTMLInputElement} */ ($('fetch-username')).focus();
      return [];
    }
    if (navigator.onLine === false) {
      this.#progress(`Importing from ${title} needs the network, and this browser is offline. The games in the library work offline.`, 'error');
      return [];
    }
    const max = Math.max(1, Math.min(1000, Math.round(Number(data.get('max')) || 50)));
    const timeClass = String(data.get('timeClass') || '');
    const sinceText = String(data.get('since') || '');
    const chosenSince = /^\d{4}-\d{2}-\d{2}$/.test(sinceText) ? Date.parse(`${sinceText}T00:00:00Z`) : undefined;
    /** @type {GameRecord[]} */
    const added = [];
    const known = new Set();
    let summary = null;
    let failure = null;
    const ac = new AbortController();
    this.fetching = ac;
    $('fetch-cancel').hidden = false;
    /** @type {HTMLButtonElement} */ ($('fetch-start')).disabled = true;
    /** @type {ReturnType<typeof setInterval>|undefined} */
    let countdown;
    try {
      for (const g of await store.listGames()) if (g.source && g.source.site === site) known.add(g.source.id);
      const state = await store.getImportState(site, username);
      // a second import: from the newest game imported before (the library dedupes that one)
      const since = chosenSince ?? state?.newest ?? undefined;
      this.#progress(`Asking ${title} for ${username}'s games…`);
      let newest = state?.newest ?? null;
      summary = await importGames(
        {
          site,
          username,
          max,
          since,
          timeClasses: timeClass ? [/** @type {import('mainline-chess/import').TimeClass} */ (timeClass)] : undefined,
          rated: data.get('rated') ? true : undefined,
          // Chess960 games are read, analysed and reported as the others (the rules and the
          // engine play both); the other variants are skipped, and said
          variants: ['standard', 'fromPosition', 'chess960'],
          known: (id) => known.has(id),
          apiBase: apiBase(site),
          signal: ac.signal,
          onWait: ({ until }) => {
            clearInterval(countdown);
            const tick = () => {
              const left = Math.max(0, Math.round((until - Date.now()) / 1000));
              this.#progress(`${title} asks to wait before the next request (too many requests): going on in ${left} s. Cancel stops here; the ${added.length} games imported so far are kept.`);
              if (!left) clearInterval(countdown);
            };
            tick();
            countdown = setInterval(tick, 5000);
          },
        },
        async (game) => {
          clearInterval(countdown);
          const [read] = readPgnGames(game.pgn);
          if (!read || read.error || !read.tree || !read.headers) throw new Error(`a game from ${title} (${game.url}) could not be read: ${read?.error ?? 'no moves'}`);
          const headers = { ...read.headers, ...(site === 'chesscom' && !read.headers.Link ? { Link: game.url } : {}) };
          const source = { site, id: game.id, url: game.url, username, playedAt: game.playedAt, timeClass: game.timeClass, rated: game.rated, variant: game.variant };
          const record = recordFromTree(read.tree, { id: newGameId(), name: defaultName(headers), created: Date.now(), headers, review: reviewFromEvals(read.tree), source });
          await store.putGame(record);
          known.add(game.id);
          added.push(record);
          if (newest === null || game.playedAt > newest) newest = game.playedAt;
          await store.setImportState(site, username, { newest, imported: (state?.imported ?? 0) + added.length, updated: Date.now() });
          this.#progress(`Imported ${added.length} game${added.length === 1 ? '' : 's'} of ${username} from ${title}…`);
        },
      );
    } catch (e) {
      failure = /** @type {Error & { code?: string }} */ (e);
    } finally {
      clearInterval(countdown);
      this.fetching = null;
      $('fetch-cancel').hidden = true;
      /** @type {HTMLButtonElement} */ ($('fetch-start')).disabled = false;
    }
    const parts = [];
    if (summary) {
      if (summary.known) parts.push(`${summary.known} already in the library`);
      const skipped = Object.entries(summary.skippedVariants);
      if (skipped.length) parts.push(`skipped: ${skipped.map(([v, n]) => `${n} ${v} game${n === 1 ? '' : 's'}`).join(', ')} (a variant Mainline cannot analyse)`);
      if (summary.malformed) parts.push(`${summary.malformed} that ${title} sent could not be read`);
      if (summary.more) parts.push(`more are there: import again for older ones with a date, or a larger number`);
    }
    const head = `Imported ${added.length} new game${added.length === 1 ? '' : 's'} of ${username} from ${title}`;
    if (failure) {
      const why = failure.code === 'ABORTED' ? 'Cancelled' : failure.message.replace(/^./, (c) => c.toUpperCase());
      this.#progress(`${why}. ${head}${added.length ? ' before that (kept)' : ''}.`, failure.code === 'ABORTED' ? '' : 'error');
    } else this.#progress(`${head}.${parts.length ? ` ${parts.join('; ').replace(/^./, (c) => c.toUpperCase())}.` : ''}`);
    await this.render();
    return added;
  }

  async #storageInfo() {
    const parts = [];
    try {
      const est = navigator.storage && navigator.storage.estimate ? await navigator.storage.estimate() : null;
      if (est && est.usage !== undefined && est.quota) parts.push(`${formatBytes(est.usage)} used of ${formatBytes(est.quota)} this browser allows.`);
      const persisted = navigator.storage && navigator.storage.persisted ? await navigator.storage.persisted() : null;
      if (persisted === true) parts.push('Persistent storage: granted (the browser will not clear it by itself).');
      else if (persisted === false) parts.push('Persistent storage: not granted, so the browser may clear it when space runs low; install the app or export what you want to keep.');
    } catch {
      // no Storage API: nothing to say
    }
    $('library-storage').textContent = parts.join(' ');
  }
}

/**
 * A button that asks before it acts: the first click turns it into the question (`ask`, in the
 * danger colour) for 5 s, after which `reset` gives it its text back; a click meanwhile confirms.
 * @param {HTMLButtonElement} button @param {string} ask @param {() => void} reset
 * @returns {boolean} whether this click confirms
 */
function confirmed(button, ask, reset) {
  if (button.dataset.confirm === '1') {
    button.dataset.confirm = '';
    button.classList.remove('danger');
    return true;
  }
  button.dataset.confirm = '1';
  button.textContent = ask;
  button.classList.add('danger');
  setTimeout(() => {
    if (!button.isConnected || button.dataset.confirm !== '1') return;
    button.dataset.confirm = '';
    button.classList.remove('danger');
    reset();
  }, 5000);
  return false;
}

function formatBytes(/** @type {number} */ n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(1)} GB`;
}
