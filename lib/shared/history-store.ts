/**
 * Where the history lives: the extension origin's IndexedDB, as the key does. It holds questions
 * and the pages' quotes, and `storage.local` can be read by content scripts (so by a compromised
 * page renderer); this database cannot. It lasts across browser restarts, which
 * `storage.session` does not. A revision number in `storage.session` (trusted contexts only)
 * tells the open screens when to read it again.
 */
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { storage } from 'wxt/utils/storage';
import type { HistoryEntry } from './history';

export const HISTORY_DB = 'cited-tabs-history';
const HISTORY_STORE = 'history';
const ENTRIES = 'entries';

// Defined on first use: defining a storage item reads storage, which a module that only names the
// database (as the content-script test does) must not do.
let revision: ReturnType<typeof defineRevision> | undefined;
const defineRevision = () => storage.defineItem<number>('session:historyRevision', { fallback: 0 });
const revisionItem = () => (revision ??= defineRevision());

let store: UseStore | undefined;
const historyStore = () => (store ??= createStore(HISTORY_DB, HISTORY_STORE));

/** Every answered thread, newest first, bounded (lib/shared/history.ts). Never sent anywhere. */
export const historyItem = {
  async getValue(): Promise<HistoryEntry[]> {
    const entries: unknown = await get(ENTRIES, historyStore());
    return Array.isArray(entries) ? (entries as HistoryEntry[]) : [];
  },
  async setValue(entries: HistoryEntry[]): Promise<void> {
    await set(ENTRIES, entries, historyStore());
    await revisionItem().setValue((await revisionItem().getValue()) + 1);
  },
  /** Calls `onChange` with the history each time it is written; returns the unwatch. */
  watch(onChange: (entries: HistoryEntry[]) => void): () => void {
    return revisionItem().watch(() => void historyItem.getValue().then(onChange));
  },
};
