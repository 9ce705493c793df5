/**
 * Keeps the history as threads are answered: each time the background stores the current thread
 * with a new turn, its history entry is written again (lib/shared/store/history.ts decides how). The
 * writes go one at a time, so two quick turns cannot undo each other. A write the browser refuses
 * (its storage full) loses nothing already kept, and is said: the screens show the problem
 * recorded here until a later write succeeds.
 */
import { withThread, type HistoryEntry } from '@/lib/shared/store/history';
import type { Thread } from '@/lib/shared/answer/thread';
import type { HistoryWriteProblem } from '@/lib/shared/store/storage';

export interface HistoryWriteDeps {
  read: () => Promise<HistoryEntry[]>;
  write: (entries: HistoryEntry[]) => Promise<void>;
  /** Records (or, with null, clears) the refused write, for the screens to say. */
  sayProblem: (problem: HistoryWriteProblem | null) => Promise<void>;
  now: () => number;
}

/** The recorder the background calls each time the thread is stored; its writes go one at a time. */
export function historyRecorder(deps: HistoryWriteDeps): (thread: Thread | null) => Promise<void> {
  let writes: Promise<void> = Promise.resolve();
  return (thread) => {
    if (!thread || !thread.turns.some((t) => t.outcome)) return writes;
    writes = writes
      .then(async () => {
        const history = await deps.read();
        const next = withThread(history, thread);
        if (next === history) return;
        try {
          await deps.write(next);
        } catch (e) {
          const error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
          await deps.sayProblem({ at: deps.now(), error });
          return;
        }
        await deps.sayProblem(null);
      })
      .catch(() => {});
    return writes;
  };
}
