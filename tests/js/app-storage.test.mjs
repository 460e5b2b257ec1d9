// The board app's storage layer (app/src/storage.js) against a real IndexedDB
// implementation (fake-indexeddb, in memory): games, positions, the session, a database opened
// again, the write queue's "saved only when written", and the failures users must be told about
// (storage full, no IndexedDB as in private browsing).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test } from 'vitest';
import { openDB } from 'idb';
import { DB_VERSION, openStorage, positionKey, StorageError, storageError, WriteQueue } from '../../app/src/services/storage.js';
import { parsePgn } from '../../app/src/model/pgn.js';
import { recordFromTree, treeFromRecord } from '../../app/src/model/record.js';

let n = 0;
const dbName = () => `mainline-test-${++n}-${Date.now()}`;
const opened = [];
async function open(name = dbName()) {
  const s = await openStorage({ name });
  opened.push(s);
  return s;
}
afterEach(() => {
  for (const s of opened.splice(0)) if (!s.closed) s.close();
});

function sampleRecord(id = 'g1', name = 'A – B') {
  const { tree, headers } = parsePgn('[White "A"]\n[Black "B"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 { note } Nc6 *');
  tree.mainline()[1].eval = { score: { cp: 31 }, depth: 12, pv: ['g1f3', 'b8c6'], pvSan: ['Nf3', 'Nc6'], method: 'pvhash', nodes: 91234 };
  return recordFromTree(tree, { id, name, created: 1000, headers, current: 2 });
}

describe('games', () => {
  test('put, get, list (newest first), rename, delete; the record comes back as it went in', async () => {
    const s = await open();
    expect(await s.listGames()).toEqual([]);
    const a = sampleRecord('a', 'first');
    a.updated = 1;
    const b = { ...sampleRecord('b', 'second'), updated: 2, review: { limits: { depth: 10 }, date: 5, complete: true } };
    await s.putGame(a);
    await s.putGame(b);
    expect(await s.getGame('a')).toEqual(a);
    const list = await s.listGames();
    expect(list.map((g) => [g.id, g.name, g.moveCount, g.white, g.black, g.reviewed])).toEqual([
      ['b', 'second', 4, 'A', 'B', true],
      ['a', 'first', 4, 'A', 'B', false],
    ]);
    const renamed = await s.renameGame('a', 'renamed');
    expect(renamed.name).toBe('renamed');
    expect((await s.listGames())[0].id).toBe('a'); // renaming counts as a change
    await s.deleteGame('b');
    expect((await s.listGames()).map((g) => g.id)).toEqual(['a']);
    await expect(s.renameGame('nope', 'x')).rejects.toBeInstanceOf(StorageError);
    // the stored record rebuilds the same tree
    const tree = treeFromRecord(await s.getGame('a'));
    expect(tree.mainline().map((m) => m.san)).toEqual(['e4', 'e5', 'Nf3', 'Nc6']);
    expect(tree.mainline()[1].eval.pvSan).toEqual(['Nf3', 'Nc6']);
    expect(tree.mainline()[2].note).toBe('note');
    expect(tree.root.children[0].children.map((c) => c.san)).toEqual(['e5', 'c5']);
  });

  test('everything is still there after the database is closed and opened again', async () => {
    const name = dbName();
    const s1 = await open(name);
    await s1.putGame(sampleRecord('kept'));
    await s1.putPosition('8/8/8/8/8/8/8/K1k5 w - - 0 1', { score: { cp: 0 }, depth: 30 });
    await s1.setSession({ gameId: 'kept', nodeId: 3 });
    s1.close();
    const s2 = await open(name);
    expect((await s2.getGame('kept')).nodes.length).toBe(7);
    expect(await s2.getPosition('8/8/8/8/8/8/8/K1k5 w - - 5 40')).toEqual({ score: { cp: 0 }, depth: 30 });
    expect(await s2.getSession()).toEqual({ gameId: 'kept', nodeId: 3 });
  });
});

describe('the practice schedule and the upgrade that brought it (version 1 -> 2)', () => {
  test('a version 1 database (games, positions, session) opens as version 2 with everything in it, and cards to keep', async () => {
    const name = dbName();
    // the database as version 1 of the app left it
    const v1 = await openDB(name, 1, {
      upgrade(db) {
        db.createObjectStore('games', { keyPath: 'id' }).createIndex('updated', 'updated');
        db.createObjectStore('positions', { keyPath: 'key' });
        db.createObjectStore('meta', { keyPath: 'key' });
      },
    });
    const game = { ...sampleRecord('old'), practice: { 2: { solved: true, tries: 1, hints: 0, date: 5 } } };
    await v1.put('games', game);
    await v1.put('positions', { key: '8/8/8/8/8/8/8/K1k5 w - -', fen: '8/8/8/8/8/8/8/K1k5 w - - 0 1', eval: { score: { cp: 0 }, depth: 30 }, updated: 1 });
    await v1.put('meta', { key: 'session', gameId: 'old', nodeId: 2 });
    v1.close();
    const s = await open(name);
    expect(s.db.version).toBe(DB_VERSION);
    expect(DB_VERSION).toBe(2);
    expect([...s.db.objectStoreNames].sort()).toEqual(['cards', 'games', 'meta', 'positions']);
    expect(await s.getGame('old')).toEqual(game);
    expect((await s.listGames()).map((g) => [g.id, g.practice])).toEqual([['old', { solved: 1, total: 1 }]]);
    expect(await s.getPosition('8/8/8/8/8/8/8/K1k5 w - - 3 9')).toEqual({ score: { cp: 0 }, depth: 30 });
    expect(await s.getSession()).toEqual({ gameId: 'old', nodeId: 2 });
    expect(await s.allCards()).toEqual([]);
    const card = { key: 'old|fen|e2e4', gameId: 'old', gameName: 'A – B', nodeId: 2, color: 'w', label: '1. e4', cls: 'blunder', motif: 'fork', sig: 's', box: 1, due: 10, reviews: 1, lapses: 0, last: 5 };
    await s.putCards([card]);
    await s.putCards([]);
    s.close();
    // opened again (the same version): the cards are kept, and written over by key
    const again = await open(name);
    expect(await again.allCards()).toEqual([card]);
    await again.putCards([{ ...card, box: 2 }]);
    expect((await again.allCards()).map((c) => c.box)).toEqual([2]);
  });
});

describe('positions', () => {
  test('keyed without move counters; a deeper evaluation is never replaced by a shallower one', async () => {
    const s = await open();
    const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
    expect(positionKey(fen)).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -');
    expect(await s.getPosition(fen)).toBeUndefined();
    const d10 = { score: { cp: 20 }, depth: 10, pv: ['e7e5'], pvSan: ['e5'], method: 'pvhash' };
    const d8 = { score: { cp: 40 }, depth: 8, pv: ['c7c5'], pvSan: ['c5'], method: 'pvhash' };
    const d12 = { score: { cp: 25 }, depth: 12, pv: ['e7e5'], pvSan: ['e5'], method: 'tt' };
    expect(await s.putPosition(fen, d10)).toEqual(d10);
    expect(await s.putPosition(fen, d8)).toEqual(d10); // kept the deeper
    expect(await s.getPosition(fen.replace(' 0 1', ' 7 30'))).toEqual(d10);
    expect(await s.putPosition(fen, d12)).toEqual(d12);
    expect(await s.getPosition(fen)).toEqual(d12);
    expect(await s.countPositions()).toBe(1);
  });
});

describe('the write queue: "saved" means written', () => {
  test('one write at a time, the latest value per key, state saved only after the last write', async () => {
    const written = [];
    const states = [];
    let release;
    const gate = () => new Promise((r) => (release = r));
    let wait = gate();
    const q = new WriteQueue(async (key, value) => {
      await wait;
      written.push([key, value]);
    }, (state) => states.push(state));
    q.save('g', 1);
    q.save('g', 2); // replaces 1? no: 1 is already being written; 2 waits
    q.save('g', 3); // replaces 2
    q.save('p', 'x');
    expect(q.state).toBe('saving');
    release();
    wait = Promise.resolve();
    await q.flush();
    expect(written).toEqual([['g', 1], ['g', 3], ['p', 'x']]);
    expect(q.state).toBe('saved');
    expect(states.at(-1)).toBe('saved');
    expect(states.filter((s) => s === 'saved').length).toBe(1);
  });

  test('a failed write: state error with the message, flush rejects; the next good write clears it', async () => {
    let fail = true;
    const q = new WriteQueue(async () => {
      if (fail) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    q.save('g', 1);
    await expect(q.flush()).rejects.toMatchObject({ name: 'StorageError', kind: 'full' });
    expect(q.state).toBe('error');
    expect(q.error.message).toMatch(/^Storage is full: the last change could not be saved\. Delete analyses/);
    fail = false;
    q.save('g', 2);
    await q.flush();
    expect(q.state).toBe('saved');
  });
});

describe('failures users are told about', () => {
  test('storage full: a real quota error from IndexedDB becomes a StorageError "full"', async () => {
    const s = await open();
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    };
    try {
      const e = await s.putGame(sampleRecord('big')).then(() => null, (err) => err);
      expect(e).toBeInstanceOf(StorageError);
      expect(e.kind).toBe('full');
      expect(e.message).toMatch(/Storage is full/);
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    expect(await s.getGame('big')).toBeUndefined(); // nothing half-written
    await s.putGame(sampleRecord('big'));
    expect(await s.getGame('big')).toBeDefined();
  });

  test('no IndexedDB, or one that refuses to open (private browsing): "unavailable", with what to do', async () => {
    const real = globalThis.indexedDB;
    try {
      globalThis.indexedDB = undefined;
      await expect(openStorage({ name: dbName() })).rejects.toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/private browsing.*Export your analysis as PGN/) });
      globalThis.indexedDB = {
        open() {
          throw new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError');
        },
      };
      const e = await openStorage({ name: dbName() }).then(() => null, (err) => err);
      expect(e).toBeInstanceOf(StorageError);
      expect(e.kind).toBe('unavailable');
      expect(e.message).toMatch(/InvalidStateError/);
    } finally {
      globalThis.indexedDB = real;
    }
  });

  test('other errors keep their message', () => {
    expect(storageError(new Error('disk on fire'))).toMatchObject({ kind: 'failed', message: expect.stringMatching(/^Saving failed: disk on fire\./) });
    expect(storageError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' }).kind).toBe('full');
  });
});
