import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@/lib/shared/store/history';
import type { HistoryWriteProblem } from '@/lib/shared/store/storage';
import type { Thread } from '@/lib/shared/answer/thread';
import sample from '@/lib/shared/store/samples/history-v1.json';
import { historyRecorder, type HistoryWriteDeps } from './history';

/** The thread of the sample's first entry, answered, as the background stores it. */
const answered = (): Thread => {
  const e = sample[0] as unknown as HistoryEntry;
  return {
    id: 'thread-new',
    scope: 'tab',
    windowId: 1,
    pages: e.pages,
    startedAt: 10,
    turns: e.turns.map((t) => ({ ...t, fragments: [], restarted: false })),
  };
};

function store(refuse: boolean) {
  let entries = sample as unknown as HistoryEntry[];
  const said: Array<HistoryWriteProblem | null> = [];
  const deps: HistoryWriteDeps = {
    read: async () => entries,
    write: async (next) => {
      if (refuse) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      entries = next;
    },
    sayProblem: async (p) => void said.push(p),
    now: () => 42,
  };
  return { deps, said, entries: () => entries };
}

describe('recording a thread in the history', () => {
  it('a write the browser refuses keeps the history as it was and is said, with the browser’s reason', async () => {
    const s = store(true);
    await historyRecorder(s.deps)(answered());
    expect(s.entries()).toBe(sample);
    expect(s.said).toEqual([{ at: 42, error: 'QuotaExceededError: The quota has been exceeded.' }]);
  });

  it('a write that succeeds keeps the thread and clears what was said', async () => {
    const s = store(false);
    await historyRecorder(s.deps)(answered());
    expect(s.entries().map((e) => e.id)).toContain('thread-new');
    expect(s.said).toEqual([null]);
  });
});
