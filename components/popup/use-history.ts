/**
 * The history as the screens see it: read from its store (lib/shared/history-store.ts) and kept current, with its
 * two deletions. Deleting the thread that is still going on ends it too, so that its next
 * question does not bring the deleted answers back.
 */
import { useEffect, useState } from 'preact/hooks';
import { withoutEntry, type HistoryEntry } from '@/lib/shared/history';
import { historyItem } from '@/lib/shared/history-store';
import { startNewThread, threadItem } from '@/lib/shared/storage';

export interface HistoryStore {
  entries: HistoryEntry[] | null;
  remove: (id: string) => Promise<void>;
  clear: () => Promise<void>;
}

export function useHistory(): HistoryStore {
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  useEffect(() => {
    void historyItem.getValue().then(setEntries);
    return historyItem.watch(setEntries);
  }, []);
  const remove = async (id: string) => {
    await historyItem.setValue(withoutEntry(await historyItem.getValue(), id));
    if ((await threadItem.getValue())?.id === id) await startNewThread();
  };
  const clear = async () => {
    await historyItem.setValue([]);
    await startNewThread();
  };
  return { entries, remove, clear };
}
