/**
 * The history as the screens see it: read from its store (lib/shared/history-store.ts) and kept current, with its
 * two deletions. Deleting the thread that is still going on ends it too, so that its next
 * question does not bring the deleted answers back.
 */
import { useLayoutEffect, useState } from 'preact/hooks';
import { withoutEntry, type HistoryEntry } from '@/lib/shared/history';
import { historyItem, type ReadHistory } from '@/lib/shared/history-store';
import { startNewThread, threadItem } from '@/lib/shared/storage';

export interface HistoryStore {
  entries: HistoryEntry[] | null;
  /** Threads stored that do not read: left out of `entries`, kept aside, and said. */
  damaged: number;
  remove: (id: string) => Promise<void>;
  clear: () => Promise<void>;
}

export function useHistory(): HistoryStore {
  const [read, setRead] = useState<ReadHistory | null>(null);
  // Read from the first render on, before the first paint (the popup's first screen waits for it).
  useLayoutEffect(() => {
    // A write seen before the first read has answered is newer than what that read returns.
    let written = false;
    void historyItem.read().then((read) => written || setRead(read));
    return historyItem.watch((read) => {
      written = true;
      setRead(read);
    });
  }, []);
  const remove = async (id: string) => {
    await historyItem.setValue(withoutEntry(await historyItem.getValue(), id));
    if ((await threadItem.getValue())?.id === id) await startNewThread();
  };
  const clear = async () => {
    await historyItem.clear();
    await startNewThread();
  };
  return { entries: read?.entries ?? null, damaged: read?.damaged ?? 0, remove, clear };
}
