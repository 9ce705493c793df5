/**
 * The user's last thread from the history, for "Continue: …" in a new session (a browser start or
 * an update empties the session's run). Read after the first paint, never before: the question box
 * is ready to type first, whatever the size of the history; and only that thread's summary, kept
 * apart by the store, not the history (500 threads, 10 MB at its cap).
 */
import { useEffect, useState } from 'preact/hooks';
import type { HistorySummary } from '@/lib/shared/store/history-listing';
import { onHistoryWrite } from '@/lib/shared/store/history-db';
import { latestThread } from '@/lib/shared/store/history-latest';

export function useLatestThread(wanted: boolean): HistorySummary | null {
  const [latest, setLatest] = useState<HistorySummary | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const read = () =>
      void latestThread().then(
        (s) => live && setLatest(s),
        () => {},
      );
    const timer = setTimeout(read, 0);
    // Read again when the history is written: after an update the worker may move it into its
    // store only after this popup first read it.
    const unwatch = onHistoryWrite(read);
    return () => {
      live = false;
      clearTimeout(timer);
      unwatch();
    };
  }, [wanted]);
  return latest;
}
