/**
 * Keeps the history as threads are answered: each time the background stores the current thread
 * with a new turn, its history entry is written again (lib/shared/history.ts decides how). The
 * writes go one at a time, so two quick turns cannot undo each other.
 */
import { withThread } from '@/lib/shared/history';
import type { Thread } from '@/lib/shared/thread';
import { historyItem } from '@/lib/shared/history-store';

let writes: Promise<void> = Promise.resolve();

export function recordThread(thread: Thread | null): Promise<void> {
  if (!thread || !thread.turns.some((t) => t.outcome)) return writes;
  writes = writes
    .then(async () => {
      const history = await historyItem.getValue();
      const next = withThread(history, thread);
      if (next !== history) await historyItem.setValue(next);
    })
    .catch(() => {});
  return writes;
}
