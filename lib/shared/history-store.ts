/**
 * Where the history lives: the extension origin's IndexedDB, as the key does. It holds questions
 * and the pages' quotes, and `storage.local` can be read by content scripts (so by a compromised
 * page renderer); this database cannot. It lasts across browser restarts, which
 * `storage.session` does not. A revision number in `storage.session` (trusted contexts only)
 * tells the open screens when to read it again. What is read back is checked entry by entry
 * (lib/shared/history-schema.ts): an entry that does not read is left out of the list, counted,
 * and moved aside (`damaged`) by the next write instead of being written over.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { storage } from 'wxt/utils/storage';
import type { HistoryEntry } from './history';
import { readHistoryEntries } from './history-schema';

export const HISTORY_DB = 'cited-tabs-history';
const HISTORY_STORE = 'history';
const ENTRIES = 'entries';
/** Entries that did not read, as they were stored: kept for a later version or a person to recover. */
const DAMAGED = 'damaged';

/** The history as the screens show it: the entries that read, and how many did not. */
export interface ReadHistory {
  entries: HistoryEntry[];
  /** Entries that did not read (left out of `entries`, kept in the store). */
  damaged: number;
}

// Defined on first use: defining a storage item reads storage, which a module that only names the
// database (as the content-script test does) must not do.
let revision: ReturnType<typeof defineRevision> | undefined;
const defineRevision = () => storage.defineItem<number>('session:historyRevision', { fallback: 0 });
const revisionItem = () => (revision ??= defineRevision());

let store: UseStore | undefined;
const historyStore = () => (store ??= createStore(HISTORY_DB, HISTORY_STORE));

/** Every answered thread, newest first, bounded (lib/shared/history.ts). Never sent anywhere. */
export const historyItem = {
  async read(): Promise<ReadHistory> {
    const [raw, aside] = await Promise.all([get<unknown>(ENTRIES, historyStore()), get<unknown>(DAMAGED, historyStore())]);
    const { entries, damaged } = readHistoryEntries(raw);
    return { entries, damaged: damaged.length + (Array.isArray(aside) ? aside.length : 0) };
  },
  async getValue(): Promise<HistoryEntry[]> {
    return (await historyItem.read()).entries;
  },
  /** Writes `entries`; what did not read in the store is first moved aside, never written over. */
  async setValue(entries: HistoryEntry[]): Promise<void> {
    const { damaged } = readHistoryEntries(await get<unknown>(ENTRIES, historyStore()));
    if (damaged.length > 0) {
      const aside = await get<unknown>(DAMAGED, historyStore());
      await set(DAMAGED, [...(Array.isArray(aside) ? (aside as unknown[]) : []), ...damaged], historyStore());
    }
    await set(ENTRIES, entries, historyStore());
    await revisionItem().setValue((await revisionItem().getValue()) + 1);
  },
  /** "Delete all history": every entry, those kept aside as unreadable too. */
  async clear(): Promise<void> {
    await set(ENTRIES, [], historyStore());
    await del(DAMAGED, historyStore());
    await revisionItem().setValue((await revisionItem().getValue()) + 1);
  },
  /** Calls `onChange` with the history each time it is written; returns the unwatch. */
  watch(onChange: (history: ReadHistory) => void): () => void {
    return revisionItem().watch(() => void historyItem.read().then(onChange));
  },
};
