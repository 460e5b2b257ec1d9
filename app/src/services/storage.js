// Saved analyses, in IndexedDB through idb (a small promise wrapper; the browser's own database,
// so it works offline and survives reloads, closed tabs and restarts). One database, four stores:
//
//   games      one record per game (record.js: moves, notes, the engine's evaluations), key `id`
//   positions  the deepest evaluation the engine gave each position, key: the FEN without its
//              move counters (the same position reached in another game or by another move order
//              shares it)
//   meta       small named records: `session` (the game and move that were open), `import:SITE:USER`
//              (the newest game imported of a user, and chess.com's month ETags)
//   cards      the practice schedule (model/schedule.js): one card per error practised across
//              the library, key `key` (game, position, move)
//
// Versions: 1 had games, positions and meta; 2 adds cards. An upgrade only adds what is missing
// (every store is created only when absent), so nothing of an older version is lost; an older
// tab still open is asked to close (`blocking`).
// Every write resolves only when its transaction has committed, so the app shows "saved" after
// the data is on disk. Failures become StorageErrors with a message fit to show: `full` (quota
// exceeded), `unavailable` (no IndexedDB: private browsing in some browsers, storage disabled),
// `failed` (anything else).
import { openDB } from 'idb';

export const DB_NAME = 'mainline';
export const DB_VERSION = 2;

/**
 * @typedef {import('../model/record.js').GameRecord} GameRecord
 * @typedef {import('mainline-chess/annotate').Eval} Eval
 * @typedef {{ key: string, fen: string, eval: Eval, updated: number }} PositionRecord
 * @typedef {{ id: string, name: string, created: number, updated: number, moveCount: number,
 *   white: string, black: string, result: string, reviewed: boolean,
 *   players: import('../model/record.js').Review['players'] | null,
 *   practice: { solved: number, total: number },
 *   source: { site: string, id: string, url: string, playedAt: number } | null,
 *   date?: string, opening?: string, event?: string }} GameSummary  (date, opening, event: the PGN tags)
 * @typedef {{ newest: number|null, imported: number, updated: number }} ImportState
 * @typedef {{ ids: string[], limits: { depth?: number, movetime?: number }, scope: 'game'|'library', started: number }} ReviewJob
 *   a review under way: the games it has still to finish, in order
 */

export class StorageError extends Error {
  /**
   * @param {'full'|'unavailable'|'failed'} kind
   * @param {string} message
   * @param {unknown} [cause]
   */
  constructor(kind, message, cause) {
    super(message);
    this.name = 'StorageError';
    this.kind = kind;
    this.cause = cause;
  }
}

const FULL_MESSAGE =
  'Storage is full: the last change could not be saved. Delete analyses you no longer need in the Library (export them as PGN first), or free space for this site in the browser settings.';
const UNAVAILABLE_MESSAGE =
  'Saving is not available in this browser window (private browsing, or site storage is blocked), so nothing will be kept after it closes. Export your analysis as PGN to keep it.';

/**
 * A StorageError for any error a storage call failed with.
 * @param {unknown} e
 * @param {'write'|'read'|'open'} [op]
 */
export function storageError(e, op = 'write') {
  if (e instanceof StorageError) return e;
  const err = /** @type {{ name?: string, code?: number, message?: string }} */ (e) || {};
  const name = err.name || '';
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || err.code === 22 || /quota/i.test(err.message || ''))
    return new StorageError('full', FULL_MESSAGE, e);
  if (op === 'open') return new StorageError('unavailable', `${UNAVAILABLE_MESSAGE} (${name || 'Error'}: ${err.message || 'cannot open the database'})`, e);
  return new StorageError('failed', `Saving failed: ${err.message || name || String(e)}. Your last change may not be saved; export it as PGN to be safe.`, e);
}

/** The key of a position: the FEN without the halfmove clock and move number. */
export function positionKey(/** @type {string} */ fen) {
  return fen.trim().split(/\s+/).slice(0, 4).join(' ');
}

/**
 * Opens (and creates or upgrades) the database. Rejects with a StorageError of kind
 * `unavailable` when the browser gives no IndexedDB.
 * @param {{ name?: string }} [opts]
 * @returns {Promise<Storage>}
 */
export async function openStorage({ name = DB_NAME } = {}) {
  if (typeof indexedDB === 'undefined' || !indexedDB) throw new StorageError('unavailable', UNAVAILABLE_MESSAGE);
  /** @type {Storage|null} */
  let storage = null;
  try {
    const db = await openDB(name, DB_VERSION, {
      upgrade(db) {
        if (!db.objectStoreNames.contains('games')) db.createObjectStore('games', { keyPath: 'id' }).createIndex('updated', 'updated');
        if (!db.objectStoreNames.contains('positions')) db.createObjectStore('positions', { keyPath: 'key' });
        if (!db.objectStoreNames.contains('meta')) db.createObjectStore('meta', { keyPath: 'key' });
        // version 2: the practice schedule
        if (!db.objectStoreNames.contains('cards')) db.createObjectStore('cards', { keyPath: 'key' });
      },
      // another tab (an older version of the app) holds the database open: it is asked to close
      blocking() {
        storage?.close();
      },
    });
    storage = new Storage(db);
    return storage;
  } catch (e) {
    throw storageError(e, 'open');
  }
}

export class Storage {
  /** @param {import('idb').IDBPDatabase} db */
  constructor(db) {
    this.db = db;
    this.closed = false;
  }

  close() {
    this.closed = true;
    this.db.close();
  }

  /**
   * Runs a storage call, turning its failure into a StorageError.
   * @template R @param {'read'|'write'} op @param {() => Promise<R>} fn @returns {Promise<R>}
   */
  async #run(op, fn) {
    try {
      return await fn();
    } catch (e) {
      throw storageError(e, op);
    }
  }

  // ---- games --------------------------------------------------------------------------------

  /** Every saved game, most recently changed first. @returns {Promise<GameSummary[]>} */
  listGames() {
    return this.#run('read', async () => {
      const all = /** @type {GameRecord[]} */ (await this.db.getAllFromIndex('games', 'updated'));
      return all.reverse().map(summary);
    });
  }

  /** Every saved game's whole record, most recently changed first (the opening tree reads them all). @returns {Promise<GameRecord[]>} */
  allGames() {
    return this.#run('read', async () => /** @type {GameRecord[]} */ (await this.db.getAllFromIndex('games', 'updated')).reverse());
  }

  /** @param {string} id @returns {Promise<GameRecord|undefined>} */
  getGame(id) {
    return this.#run('read', () => this.db.get('games', id));
  }

  /** Writes a game record; resolves when it is committed. @param {GameRecord} record */
  putGame(record) {
    return this.#run('write', async () => {
      const tx = this.db.transaction('games', 'readwrite');
      await Promise.all([tx.store.put(record), tx.done]);
    });
  }

  /** Renames a game. @param {string} id @param {string} name */
  renameGame(id, name) {
    return this.#run('write', async () => {
      const tx = this.db.transaction('games', 'readwrite');
      const record = await tx.store.get(id);
      if (!record) throw new Error('that game is no longer in the library');
      record.name = name;
      record.updated = Date.now();
      await Promise.all([tx.store.put(record), tx.done]);
      return record;
    });
  }

  /** @param {string} id */
  deleteGame(id) {
    return this.#run('write', async () => {
      const tx = this.db.transaction('games', 'readwrite');
      await Promise.all([tx.store.delete(id), tx.done]);
    });
  }

  // ---- positions ----------------------------------------------------------------------------

  /** The stored evaluation of a position, or undefined. @param {string} fen @returns {Promise<Eval|undefined>} */
  getPosition(fen) {
    return this.#run('read', async () => {
      const r = /** @type {PositionRecord|undefined} */ (await this.db.get('positions', positionKey(fen)));
      return r ? r.eval : undefined;
    });
  }

  /**
   * Keeps an evaluation of a position unless a deeper one is stored. Resolves with the stored
   * evaluation (this one, or the deeper one kept).
   * @param {string} fen @param {Eval} ev @returns {Promise<Eval>}
   */
  putPosition(fen, ev) {
    return this.#run('write', async () => {
      const key = positionKey(fen);
      const tx = this.db.transaction('positions', 'readwrite');
      const old = /** @type {PositionRecord|undefined} */ (await tx.store.get(key));
      if (old && old.eval.depth > ev.depth) {
        await tx.done;
        return old.eval;
      }
      await Promise.all([tx.store.put({ key, fen, eval: ev, updated: Date.now() }), tx.done]);
      return ev;
    });
  }

  /** How many positions are stored. */
  countPositions() {
    return this.#run('read', () => this.db.count('positions'));
  }

  // ---- the practice schedule ----------------------------------------------------------------

  /** Every card of the practice schedule. @returns {Promise<import('../model/schedule.js').Card[]>} */
  allCards() {
    return this.#run('read', () => this.db.getAll('cards'));
  }

  /** Writes cards (new ones, or answered); resolves when they are committed. @param {import('../model/schedule.js').Card[]} cards */
  putCards(cards) {
    return this.#run('write', async () => {
      if (!cards.length) return;
      const tx = this.db.transaction('cards', 'readwrite');
      await Promise.all([...cards.map((c) => tx.store.put(c)), tx.done]);
    });
  }

  // ---- imports by username ------------------------------------------------------------------

  /** What the last imports of a user's games left (mainline-chess/import). @returns {Promise<ImportState|undefined>} */
  getImportState(/** @type {string} */ site, /** @type {string} */ username) {
    return this.#run('read', async () => {
      const r = await this.db.get('meta', `import:${site}:${username.toLowerCase()}`);
      return r ? { newest: r.newest ?? null, imported: r.imported ?? 0, updated: r.updated ?? 0 } : undefined;
    });
  }

  /** @param {string} site @param {string} username @param {ImportState} state */
  setImportState(site, username, state) {
    return this.#run('write', async () => {
      const tx = this.db.transaction('meta', 'readwrite');
      await Promise.all([tx.store.put({ key: `import:${site}:${username.toLowerCase()}`, ...state }), tx.done]);
    });
  }

  // ---- a review under way ---------------------------------------------------------------------

  /**
   * The games an "Analyse game" or "Analyse library" still has to finish, so that a reload goes
   * on with it (its evaluations are in the positions store as they are made).
   * @returns {Promise<ReviewJob|undefined>}
   */
  getReviewJob() {
    return this.#run('read', async () => {
      const r = await this.db.get('meta', 'review');
      return r && Array.isArray(r.ids) && r.ids.length ? { ids: r.ids.map(String), limits: r.limits || { depth: 12 }, scope: r.scope === 'game' ? 'game' : 'library', started: r.started ?? 0 } : undefined;
    });
  }

  /** @param {ReviewJob|null} job  null: none under way */
  setReviewJob(job) {
    return this.#run('write', async () => {
      const tx = this.db.transaction('meta', 'readwrite');
      await Promise.all([job ? tx.store.put({ key: 'review', ...job }) : tx.store.delete('review'), tx.done]);
    });
  }

  // ---- session ------------------------------------------------------------------------------

  /** @returns {Promise<{ gameId: string|null, nodeId: number } | undefined>} */
  getSession() {
    return this.#run('read', async () => {
      const r = await this.db.get('meta', 'session');
      return r ? { gameId: r.gameId ?? null, nodeId: r.nodeId ?? 0 } : undefined;
    });
  }

  /** @param {{ gameId: string|null, nodeId: number }} session */
  setSession(session) {
    return this.#run('write', async () => {
      const tx = this.db.transaction('meta', 'readwrite');
      await Promise.all([tx.store.put({ key: 'session', ...session }), tx.done]);
    });
  }
}

/** @param {GameRecord} r @returns {GameSummary} */
export function summary(r) {
  return {
    id: r.id,
    name: r.name,
    created: r.created,
    updated: r.updated,
    moveCount: r.moveCount,
    white: r.headers?.White || '?',
    black: r.headers?.Black || '?',
    result: r.headers?.Result || '*',
    reviewed: !!(r.review && r.review.complete),
    players: (r.review && r.review.players) || null,
    practice: { solved: Object.values(r.practice || {}).filter((p) => p.solved).length, total: Object.keys(r.practice || {}).length },
    source: r.source ? { site: r.source.site, id: r.source.id, url: r.source.url, playedAt: r.source.playedAt } : null,
    date: r.headers?.UTCDate || r.headers?.Date || '',
    opening: [r.headers?.ECO, r.headers?.Opening].filter(Boolean).join(' '),
    event: r.headers?.Event || '',
  };
}

/** How long to wait before each retry of a failed write (a busy disk or a database another tab
 * is upgrading often succeeds on a second try); "storage full" is not retried by itself. */
export const RETRY_DELAYS_MS = Object.freeze([300, 1200, 4000]);

/**
 * Writes that must not be lost, in order, latest value wins: at most one write in flight and,
 * per key, one waiting. A failed write is tried again (RETRY_DELAYS_MS); a write that still
 * fails is kept, not dropped: `state` becomes 'error' with the error, and the value is written
 * when `retry()` is called or any later save runs (a newer value of the same key replaces it).
 * `state` is 'saved' only when every value asked for has been written; `onState` hears every
 * change ('saving', 'saved', 'error').
 * @template T
 */
export class WriteQueue {
  /**
   * @param {(key: string, value: T) => Promise<unknown>} write
   * @param {(state: 'saving'|'saved'|'error', error?: StorageError) => void} [onState]
   * @param {{ retryDelays?: readonly number[], sleep?: (ms: number) => Promise<void> }} [opts]
   */
  constructor(write, onState = () => {}, { retryDelays = RETRY_DELAYS_MS, sleep = (ms) => new Promise((r) => setTimeout(r, ms)) } = {}) {
    this.write = write;
    this.onState = onState;
    this.retryDelays = retryDelays;
    this.sleep = sleep;
    /** @type {Map<string, T>} */
    this.pending = new Map();
    /** @type {Map<string, T>} values whose writes failed, kept for the next attempt */
    this.failed = new Map();
    /** @type {Promise<void>|null} */
    this.running = null;
    /** @type {'saving'|'saved'|'error'} */
    this.state = 'saved';
    /** @type {StorageError|null} */
    this.error = null;
  }

  /** Asks for `value` to be written under `key` (replacing a value still waiting). @param {string} key @param {T} value */
  save(key, value) {
    this.pending.set(key, value);
    return this.#start();
  }

  /** Drops what waits to be written under `key`, and a failed value of it (a game deleted). */
  forget(/** @type {string} */ key) {
    this.pending.delete(key);
    this.failed.delete(key);
    if (!this.pending.size && !this.failed.size && !this.running && this.state === 'error') {
      this.error = null;
      this.#set('saved');
    }
  }

  /** Writes the values whose writes failed again (the "Retry" button; also any later save). */
  retry() {
    return this.#start();
  }

  /** Resolves when everything asked for so far is written; rejects with the error if a write failed. */
  async flush() {
    while (this.running) await this.running;
    if (this.state === 'error' && this.error) throw this.error;
  }

  #start() {
    // what failed before goes first, unless a newer value of its key is waiting
    for (const [key, value] of this.failed) if (!this.pending.has(key)) this.pending.set(key, value);
    this.failed.clear();
    if (!this.pending.size) return this.running || Promise.resolve();
    // an error stands while the retry runs (no flicker from "not saved" to "saving")
    if (this.state !== 'error') this.#set('saving');
    if (!this.running) this.running = this.#drain();
    return this.running;
  }

  async #drain() {
    /** @type {StorageError|null} */
    let failed = null;
    while (this.pending.size) {
      let [key, value] = /** @type {[string, T]} */ (this.pending.entries().next().value);
      this.pending.delete(key);
      for (let attempt = 0; ; attempt++) {
        try {
          await this.write(key, value);
          break;
        } catch (e) {
          const err = storageError(e);
          if (err.kind === 'full' || attempt >= this.retryDelays.length) {
            failed = err;
            // kept for the next attempt, unless a newer value is already waiting
            if (!this.pending.has(key)) this.failed.set(key, value);
            break;
          }
          await this.sleep(this.retryDelays[attempt]);
          // a newer value asked for meanwhile is the one to write
          if (this.pending.has(key)) {
            value = /** @type {T} */ (this.pending.get(key));
            this.pending.delete(key);
          }
        }
      }
    }
    this.running = null;
    if (failed || this.failed.size) {
      this.error = failed || this.error;
      this.#set('error', /** @type {StorageError} */ (this.error));
    } else {
      this.error = null;
      this.#set('saved');
    }
  }

  /** @param {'saving'|'saved'|'error'} state @param {StorageError} [error] */
  #set(state, error) {
    this.state = state;
    this.onState(state, error);
  }
}

/**
 * Asks the browser to keep this site's storage under storage pressure. Resolves with true
 * (granted), false (refused) or null (no Storage API).
 */
export async function requestPersistence() {
  const s = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!s || !s.persist) return null;
  try {
    if (s.persisted && (await s.persisted())) return true;
    return await s.persist();
  } catch {
    return false;
  }
}
