// @vitest-environment happy-dom
/** A thread that cannot be drawn leaves the list standing, named, with its Delete (issue #44). */
import { describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '@/lib/shared/store/history';
import { mount } from '../../tests/support/mount';
import { HistoryList } from './HistoryList';

const entry = (id: string, question: string, at: number): HistoryEntry => ({
  id,
  scope: 'tab',
  pages: [{ tabId: 1, url: 'https://museum.example/x', title: 'Museum' }],
  startedAt: at,
  updatedAt: at,
  turns: [
    {
      id: `t-${id}`,
      question,
      askedAt: at,
      answeredAt: at,
      outcome: { kind: 'abstain', reason: 'no-information', retried: false, checks: { citations: 0, broken: 0 } },
    },
  ],
});

describe('a thread that cannot be drawn', () => {
  it('is named in its place with its Delete; the other threads are listed as ever', async () => {
    const onDelete = vi.fn();
    // No turns (an old backup's), and pages that are not a list (a version not known): both break drawing.
    const noTurns = { ...entry('empty-1', '', 3000), turns: [] } as HistoryEntry;
    const noPages = { ...entry('c', 'Who built it?', 2500), pages: null } as unknown as HistoryEntry;
    const good = entry('a', 'When does it open?', 1000);
    const root = mount(
      <HistoryList entries={[noTurns, noPages, good]} onOpen={vi.fn()} onDelete={onDelete} onDeleteAll={vi.fn()} />,
    );
    expect([...root.querySelectorAll('.history-open')].map((b) => b.textContent)).toEqual(['When does it open?']);
    // The guard draws its note once it caught the error (the next render).
    await new Promise((r) => setTimeout(r, 0));
    const broken = [...root.querySelectorAll('.history-broken')] as HTMLElement[];
    expect(broken.map((b) => b.textContent)).toEqual([
      'The thread “empty-1” cannot be shown: it is damaged. Delete it to clear it from the history.Delete “empty-1”',
      'The thread “Who built it?” cannot be shown: it is damaged. Delete it to clear it from the history.Delete “Who built it?”',
    ]);
    broken[0]!.querySelector('button')!.click();
    expect(onDelete).toHaveBeenCalledWith('empty-1');
  });
});
