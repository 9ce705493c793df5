/**
 * The user's last thread from the history, for "Continue: …" in a new session (a browser start or
 * an update empties the session's run). Read after the first paint, never before: the question box
 * is ready to type first, whatever the size of the history.
 */
import { useEffect, useState } from 'preact/hooks';
import type { HistoryEntry } from '@/lib/shared/history';
import { historyItem } from '@/lib/shared/history-store';

export function useLatestThread(wanted: boolean): HistoryEntry | null {
  const [latest, setLatest] = useState<HistoryEntry | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const show = (h: { entries: HistoryEntry[] }) => live && setLatest(h.entries.find((e) => e.turns.length > 0) ?? null);
    const timer = setTimeout(() => void historyItem.read().then(show, () => {}), 0);
    // Read again when the history is written: after an update the worker may move it into its
    // store only after this popup first read it.
    const unwatch = historyItem.watch(show);
    return () => {
      live = false;
      clearTimeout(timer);
      unwatch();
    };
  }, [wanted]);
  return latest;
}
