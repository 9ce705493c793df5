/**
 * The newest thread of the history, for "Continue: …" in a new session: the small record the
 * store writes beside the entries (history-store.ts), not the history (500 threads, 10 MB at its
 * cap). In the popup's first load, so without the store's writing and search code. Entries written
 * by a version before the listing have no such record: then they are read once, as before.
 */
import { get, getMany } from 'idb-keyval';
import { ENTRIES, historyStore, LATEST, LISTING } from './history-db';
import { briefOf, readListing, readSummary, type HistorySummary } from './history-listing';
import { readHistoryEntries } from './history-schema';

export async function latestThread(): Promise<HistorySummary | null> {
  const [listing, latest] = await getMany<unknown>([LISTING, LATEST], historyStore());
  const read = readListing(listing);
  if (read) return readSummary(latest) ?? read.items[0] ?? null;
  const first = readHistoryEntries(await get<unknown>(ENTRIES, historyStore())).entries[0];
  return first ? briefOf(first) : null;
}
