import { IdbFs, PGlite } from '@electric-sql/pglite';
import type { Db } from '../../server/db/handle';
import { pgliteDb } from '../../server/db/pglite-db';
import { mockPgliteOptions, tarballOf } from './pglite-mock-options';

/** Where mock mode's database file is served (virtual:mock-database gives both). */
export type MockDatabaseSource = { url: string; key: string };

export type BrowserDb = {
  /** The server's own handle type: the route table's services and repos run on it unchanged. */
  db: Db;
  pglite: PGlite;
  /** True when this open loaded the dump (first visit, after a reset or a new build); false when it reopened the saved database. */
  loadedFromDump: boolean;
  /** False in a second tab: one tab owns the saved database, the others work on a copy in memory. */
  persisted: boolean;
  /** How long opening took, in ms (the mock-start bench reads it). */
  openMs: number;
  /**
   * Resolves once every change so far is saved in IndexedDB. Queries do not wait for IndexedDB
   * (waiting cost ~150 ms per query, reads included, on a busy machine): the host awaits this after
   * each request that writes, before answering, so a reload right after an answer keeps its write.
   */
  flush: () => Promise<void>;
  /** Settles when the database is wholly in IndexedDB: at once on a reopen, after the background save of the dump on a first visit. */
  saved: Promise<void>;
  close: () => Promise<void>;
  /** Closes the database and wipes what the browser saved of it: the next open starts from the dump again. */
  reset: () => Promise<void>;
};

/** PGlite's IndexedDB databases are named `/pglite/<name>` for `idb://<name>`. */
const PREFIX = 'wellness-mock-db';
const idbNameOf = (name: string) => `/pglite/${name}`;
/** Set once a loaded dump is wholly in IndexedDB: an interrupted first visit is loaded again, never half reopened. */
const READY_KEY = 'wellness.mockDb.ready';

const deleteIndexedDb = (name: string) =>
  new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error(`could not delete ${name}`));
  });

const savedDatabases = async () => (await indexedDB.databases()).map((info) => info.name ?? '').filter((name) => name.startsWith(idbNameOf(PREFIX)));

/** Removes every saved mock database (all builds) and the ready mark. */
export const wipeBrowserDb = async () => {
  localStorage.removeItem(READY_KEY);
  for (const name of await savedDatabases()) await deleteIndexedDb(name);
};

/**
 * One tab at a time owns the saved database: two PGlite instances on one IndexedDB database would
 * each keep their own copy in memory and overwrite each other's files. Resolves to the release
 * function, or null when another tab holds it.
 */
const claimDatabase = (name: string) =>
  new Promise<(() => void) | null>((resolve) => {
    void navigator.locks.request(name, { ifAvailable: true }, (lock) => {
      if (!lock) return resolve(null);
      return new Promise<void>((release) => resolve(release));
    });
  });

const fetchDump = async (url: string) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the mock database file ${url} answered ${response.status}`);
  return tarballOf(new Uint8Array(await response.arrayBuffer()));
};

/**
 * Mock mode's database in the browser: PGlite (WebAssembly) kept in IndexedDB. The first visit
 * loads the dump made at build time (`loadDataDir`), a reload reopens what was saved (every write
 * kept), a new build (another key) starts from its own dump and removes the older ones.
 */
export const openBrowserDb = async (source: MockDatabaseSource): Promise<BrowserDb> => {
  const began = performance.now();
  const name = `${PREFIX}-${source.key}`;
  const release = await claimDatabase(name);
  if (!release) {
    const pglite = await PGlite.create({ ...mockPgliteOptions(), loadDataDir: await fetchDump(source.url) });
    const close = () => pglite.close();
    return { db: pgliteDb(pglite), pglite, loadedFromDump: true, persisted: false, openMs: performance.now() - began, flush: async () => undefined, saved: Promise.resolve(), close, reset: close };
  }
  const saved = await savedDatabases();
  for (const old of saved) if (old !== idbNameOf(name)) await deleteIndexedDb(old);
  const reopen = localStorage.getItem(READY_KEY) === name && saved.includes(idbNameOf(name));
  if (!reopen) {
    localStorage.removeItem(READY_KEY);
    if (saved.includes(idbNameOf(name))) await deleteIndexedDb(idbNameOf(name));
  }
  const fs = new IdbFs(name);
  // relaxedDurability: PGlite saves to IndexedDB after each query without making the query wait; flush() waits.
  const options = { ...mockPgliteOptions(), fs, relaxedDurability: true };
  const pglite = reopen ? await PGlite.create(options) : await PGlite.create({ ...options, loadDataDir: await fetchDump(source.url) });
  /** Every file saved: from then on a reload may reopen the database. */
  const flush = async () => {
    await fs.syncToFs();
    localStorage.setItem(READY_KEY, name);
  };
  // The first visit saves the loaded dump (~17 MB of files) in the background: the page is usable meanwhile.
  const firstSave = reopen ? Promise.resolve() : flush();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await firstSave.catch(() => undefined);
    await flush().catch(() => undefined);
    await pglite.close();
    release();
  };
  return {
    db: pgliteDb(pglite),
    pglite,
    loadedFromDump: !reopen,
    persisted: true,
    openMs: performance.now() - began,
    flush,
    saved: firstSave,
    close,
    reset: async () => {
      await firstSave.catch(() => undefined);
      await close();
      localStorage.removeItem(READY_KEY);
      await deleteIndexedDb(idbNameOf(name));
    },
  };
};
