/**
 * Where the history lives: the extension origin's IndexedDB, as the key does. It holds questions
 * and the pages' quotes, and `storage.local` can be read by content scripts (so by a compromised
 * page renderer); this database cannot. It lasts across browser restarts, which
 * `storage.session` does not. A revision number in `storage.session` (trusted contexts only)
 * tells the open screens when to read it again. What is read back is checked entry by entry
 * (lib/shared/store/history-schema.ts): an entry that does not read is left out of the list, counted,
 * and moved aside (`damaged`) by the next write instead of being written over. Beside the entries,
 * in the same transaction, each write keeps their listing and the latest thread's summary
 * (lib/shared/store/history-listing.ts): the list and "Continue: …" read those, not the 10 MB.
 */
import { del, get, getMany, setMany, update } from 'idb-keyval';
import type { HistoryEntry } from './history';
import { DAMAGED, ENTRIES, historyStore, LATEST, LISTING, onHistoryWrite, revisionItem } from './history-db';
import { readListing, type HistoryListing } from './history-listing';
import { readHistoryEntries } from './history-schema';
import { listingOf } from './history-search';

/** The history as the screens show it: the entries that read, and how many did not. */
export interface ReadHistory {
  entries: HistoryEntry[];
  /** Entries that did not read (left out of `entries`, kept in the store). */
  damaged: number;
}

/** Every answered thread, newest first, bounded (lib/shared/store/history.ts). Never sent anywhere. */
export const historyItem = {
  async read(): Promise<ReadHistory> {
    const [raw, aside] = await Promise.all([get<unknown>(ENTRIES, historyStore()), get<unknown>(DAMAGED, historyStore())]);
    const { entries, damaged } = readHistoryEntries(raw);
    return { entries, damaged: damaged.length + (Array.isArray(aside) ? aside.length : 0) };
  },
  async getValue(): Promise<HistoryEntry[]> {
    return (await historyItem.read()).entries;
  },
  /** The entry `id` (its answers and quotes: a thread opened from the list), or null. */
  async entry(id: string): Promise<HistoryEntry | null> {
    return (await historyItem.getValue()).find((e) => e.id === id) ?? null;
  },
  /**
   * What the list shows: the listing written with the entries, or, where there is none (entries
   * written by an earlier version), built from them once and kept unless a write came first.
   */
  async listing(): Promise<HistoryListing> {
    const stored = readListing(await get<unknown>(LISTING, historyStore()));
    if (stored) return stored;
    const { entries, damaged } = await historyItem.read();
    const built = listingOf(entries, damaged);
    await update<unknown>(LISTING, (now) => (readListing(now) ? now : built), historyStore());
    return built;
  },
  /** Writes `entries`; what did not read in the store is first moved aside, never written over. */
  async setValue(entries: HistoryEntry[]): Promise<void> {
    const [raw, aside, previous] = await getMany<unknown>([ENTRIES, DAMAGED, LISTING], historyStore());
    const { damaged } = readHistoryEntries(raw);
    const kept = [...(Array.isArray(aside) ? (aside as unknown[]) : []), ...damaged];
    const listing = listingOf(entries, kept.length, readListing(previous));
    await setMany(
      [
        ...(damaged.length > 0 ? [[DAMAGED, kept] as [string, unknown]] : []),
        [ENTRIES, entries],
        [LISTING, listing],
        [LATEST, listing.items[0] ?? null],
      ],
      historyStore(),
    );
    await revisionItem().setValue((await revisionItem().getValue()) + 1);
  },
  /** "Delete all history": every entry, those kept aside as unreadable too. */
  async clear(): Promise<void> {
    await setMany(
      [
        [ENTRIES, []],
        [LISTING, { items: [], damaged: 0 }],
        [LATEST, null],
      ],
      historyStore(),
    );
    await del(DAMAGED, historyStore());
    await revisionItem().setValue((await revisionItem().getValue()) + 1);
  },
  /** Calls `onChange` with the history each time it is written; returns the unwatch. */
  watch(onChange: (history: ReadHistory) => void): () => void {
    return revisionItem().watch(() => void historyItem.read().then(onChange));
  },
  onWrite: onHistoryWrite,
};
