// The library: every saved analysis (storage.js), newest first, to open, rename, export as PGN or
// delete; PGN files (one or many games, with [%eval] annotations or without) are imported into
// it. It also says how much the browser stores and whether it promised to keep it.
import { readPgnGames, recordFromTree, defaultName, newGameId, treeFromRecord, reviewFromEvals, exportHeaders } from './record.js';
import { exportPgn } from './pgn.js';

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** Offers text as a file download. */
export function download(name, text, type = 'application/x-chess-pgn') {
  const blob = new Blob([text.endsWith('\n') ? text : `${text}\n`], { type });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** A file name from a game's name. */
export function fileName(name) {
  return `${(name || 'mainline').replace(/[^\p{L}\p{N}._ -]+/gu, '').replace(/\s+/g, '-').slice(0, 80) || 'mainline'}.pgn`;
}

export class Library {
  /** @param {any} app the App of main.js */
  constructor(app) {
    this.app = app;
    this.dialog = /** @type {HTMLDialogElement} */ ($('library'));
    $('library-open').addEventListener('click', () => this.open());
    $('library-close').addEventListener('click', () => this.dialog.close());
    $('library-new').addEventListener('click', () => {
      this.dialog.close();
      app.newAnalysis();
    });
    $('library-import').addEventListener('change', async (e) => {
      const input = /** @type {HTMLInputElement} */ (e.target);
      const files = [...(input.files || [])];
      input.value = '';
      if (files.length) await this.importFiles(files);
    });
    this.dialog.addEventListener('click', (e) => {
      if (e.target === this.dialog) this.dialog.close(); // a click on the backdrop
    });
    $('library-list').addEventListener('click', (e) => this.#onClick(/** @type {HTMLElement} */ (e.target)));
    $('library-list').addEventListener('submit', (e) => this.#onRename(e));
  }

  async open() {
    if (!this.dialog.open) this.dialog.showModal();
    await this.render();
  }

  #note(text, kind = '') {
    const el = $('library-message');
    el.textContent = text;
    el.dataset.kind = kind;
    el.hidden = !text;
  }

  /** Lists the saved games. */
  async render() {
    const list = $('library-list');
    const store = this.app.store;
    /** @type {HTMLButtonElement} */ ($('library-import-button')).classList.toggle('disabled', !store);
    /** @type {HTMLInputElement} */ ($('library-import')).disabled = !store;
    if (!store) {
      list.replaceChildren();
      this.#note(this.app.storageProblem || 'Saving is not available in this browser window.', 'error');
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
    const items = games.map((g) => this.#item(g));
    if (!items.length) {
      const p = document.createElement('li');
      p.className = 'library-empty';
      p.textContent = 'No saved analyses yet. Every game you analyse here is saved as you go; PGN files can be imported.';
      items.push(p);
    }
    list.replaceChildren(...items);
    list.dataset.count = String(games.length);
    this.#storageInfo();
  }

  /** @param {import('./storage.js').GameSummary} g */
  #item(g) {
    const li = document.createElement('li');
    li.className = 'library-item';
    li.setAttribute('data-testid', 'library-item');
    li.dataset.id = g.id;
    if (g.id === this.app.gameMeta.id) li.classList.add('current');
    const open = document.createElement('button');
    open.type = 'button';
    open.className = 'lib-open';
    open.dataset.action = 'open';
    open.textContent = g.name;
    open.setAttribute('aria-label', `Open ${g.name}`);
    const meta = document.createElement('span');
    meta.className = 'lib-meta';
    const players = g.white !== '?' || g.black !== '?' ? `${g.white} – ${g.black} · ` : '';
    meta.textContent = `${players}${g.moveCount} move${g.moveCount === 1 ? '' : 's'}${g.result !== '*' ? ` · ${g.result}` : ''}${g.reviewed ? ' · analysed' : ''} · ${new Date(g.updated).toLocaleString()}`;
    const actions = document.createElement('span');
    actions.className = 'lib-actions';
    for (const [action, text] of [
      ['rename', 'Rename'],
      ['export', 'Export PGN'],
      ['delete', 'Delete'],
    ]) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.action = action;
      b.textContent = text;
      b.setAttribute('aria-label', `${text}: ${g.name}`);
      actions.append(b);
    }
    li.append(open, meta, actions);
    return li;
  }

  async #onClick(target) {
    const button = /** @type {HTMLElement|null} */ (target.closest('button[data-action]'));
    const li = /** @type {HTMLElement|null} */ (target.closest('.library-item'));
    if (!button || !li) return;
    const id = /** @type {string} */ (li.dataset.id);
    const store = this.app.store;
    this.#note('');
    try {
      if (button.dataset.action === 'open') {
        await this.app.openGame(id);
        this.dialog.close();
      } else if (button.dataset.action === 'rename') {
        this.#renameForm(li);
      } else if (button.dataset.action === 'cancel-rename') {
        await this.render();
      } else if (button.dataset.action === 'export') {
        const record = await store.getGame(id);
        if (!record) throw new Error('that game is no longer in the library');
        download(fileName(record.name), exportPgn(treeFromRecord(record), exportHeaders(record.headers, record.review)));
        this.#note(`Exported "${record.name}".`);
      } else if (button.dataset.action === 'delete') {
        if (button.dataset.confirm !== '1') {
          button.dataset.confirm = '1';
          button.textContent = 'Delete for good?';
          button.classList.add('danger');
          setTimeout(() => {
            if (button.isConnected) {
              button.dataset.confirm = '';
              button.textContent = 'Delete';
              button.classList.remove('danger');
            }
          }, 5000);
          return;
        }
        await store.deleteGame(id);
        if (id === this.app.gameMeta.id) this.app.forgetGame();
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
    const form = document.createElement('form');
    form.className = 'lib-rename';
    const input = document.createElement('input');
    input.name = 'name';
    input.value = open.textContent || '';
    input.required = true;
    input.maxLength = 200;
    input.setAttribute('aria-label', 'New name');
    const save = document.createElement('button');
    save.type = 'submit';
    save.textContent = 'Save';
    save.className = 'primary';
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.dataset.action = 'cancel-rename';
    cancel.textContent = 'Cancel';
    form.append(input, save, cancel);
    open.replaceWith(form);
    input.focus();
    input.select();
  }

  async #onRename(e) {
    e.preventDefault();
    const form = /** @type {HTMLFormElement} */ (e.target);
    const li = /** @type {HTMLElement} */ (form.closest('.library-item'));
    const name = String(new FormData(form).get('name') || '').trim();
    if (!name) return;
    try {
      await this.app.renameGame(/** @type {string} */ (li.dataset.id), name);
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
    const store = this.app.store;
    if (!store) return;
    let imported = [];
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
        const now = Date.now();
        const record = recordFromTree(g.tree, { id: newGameId(), name: defaultName(g.headers), created: now, headers: g.headers, review: reviewFromEvals(g.tree) });
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
      await this.app.openGame(imported[0].id);
      this.dialog.close();
      this.app.toast(text);
    }
    return imported;
  }

  async #storageInfo() {
    const el = $('library-storage');
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
    el.textContent = parts.join(' ');
  }
}

function formatBytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(1)} GB`;
}
