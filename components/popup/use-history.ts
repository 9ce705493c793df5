/**
 * The history as the screens see it: its listing read from the store (lib/shared/store/history-store.ts,
 * lib/shared/store/history-listing.ts: each thread's questions, pages and search words, not its answers)
 * and kept current, a thread's answers read when it is opened, and the two deletions. Deleting the
 * thread that is still going on ends it too, so that its next question does not bring the deleted
 * answers back.
 */
import { useLayoutEffect, useState } from 'preact/hooks';
import { withoutEntry, type HistoryEntry } from '@/lib/shared/store/history';
import type { HistoryListing, HistorySummary } from '@/lib/shared/store/history-listing';
import { historyItem } from '@/lib/shared/store/history-store';
import { startNewThread, threadItem } from '@/lib/shared/store/storage';

export interface HistoryStore {
  entries: HistorySummary[] | null;
  /** Threads stored that do not read: left out of `entries`, kept aside, and said. */
  damaged: number;
  /** The thread `id` whole, with its answers and quotes; null once deleted. */
  entry: (id: string) => Promise<HistoryEntry | null>;
  remove: (id: string) => Promise<void>;
  clear: () => Promise<void>;
}

export function useHistory(): HistoryStore {
  const [read, setRead] = useState<HistoryListing | null>(null);
  // Read from the first render on, before the first paint (the popup's first screen waits for it).
  useLayoutEffect(() => {
    // A write seen before the first read has answered is newer than what that read returns.
    let written = false;
    let live = true;
    void historyItem.listing().then((listing) => live && !written && setRead(listing));
    const unwatch = historyItem.onWrite(() => {
      written = true;
      void historyItem.listing().then((listing) => live && setRead(listing));
    });
    return () => {
      live = false;
      unwatch();
    };
  }, []);
  const remove = async (id: string) => {
    await historyItem.setValue(withoutEntry(await historyItem.getValue(), id));
    if ((await threadItem.getValue())?.id === id) await startNewThread();
  };
  const clear = async () => {
    await historyItem.clear();
    await startNewThread();
  };
  return { entries: read?.items ?? null, damaged: read?.damaged ?? 0, entry: historyItem.entry, remove, clear };
}
