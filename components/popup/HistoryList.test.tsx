// @vitest-environment happy-dom
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
const entries = [entry('b', 'What does a ticket cost?', 2000), entry('a', 'When does it open? <b>now</b>', 1000)];
const names = (root: HTMLElement) => [...root.querySelectorAll('.history-open')].map((b) => b.textContent);
const byName = (root: HTMLElement, name: string) =>
  [...root.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name)!;
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('HistoryList', () => {
  it('is a region named History listing each thread as a button named by its question, as text', () => {
    const onOpen = vi.fn();
    const root = mount(<HistoryList entries={entries} onOpen={onOpen} onDelete={vi.fn()} onDeleteAll={vi.fn()} />);
    const region = root.querySelector('section')!;
    expect(root.querySelector(`#${region.getAttribute('aria-labelledby')}`)!.textContent).toBe('History');
    expect(names(root)).toEqual(['What does a ticket cost?', 'When does it open? <b>now</b>']);
    expect(root.querySelector('b')).toBeNull();
    byName(root, 'What does a ticket cost?').click();
    expect(onOpen).toHaveBeenCalledWith(entries[0]);
  });

  it('searches as the user types', async () => {
    const root = mount(<HistoryList entries={entries} onOpen={vi.fn()} onDelete={vi.fn()} onDeleteAll={vi.fn()} />);
    const search = root.querySelector('input[type="search"]') as HTMLInputElement;
    search.value = 'TICKET';
    search.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
    expect(names(root)).toEqual(['What does a ticket cost?']);
    search.value = 'zebra';
    search.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
    expect(root.textContent).toContain('Nothing in the history matches “zebra”.');
  });

  it('deletes one thread at once, and all of them only after a second click', async () => {
    const onDelete = vi.fn();
    const onDeleteAll = vi.fn();
    const root = mount(<HistoryList entries={entries} onOpen={vi.fn()} onDelete={onDelete} onDeleteAll={onDeleteAll} />);
    byName(root, 'Delete “What does a ticket cost?”').click();
    expect(onDelete).toHaveBeenCalledWith('b');
    byName(root, 'Delete all history').click();
    await settle();
    expect(onDeleteAll).not.toHaveBeenCalled();
    expect(root.textContent).toContain('Delete all 2 threads in the history?');
    byName(root, 'Delete all').click();
    expect(onDeleteAll).toHaveBeenCalledOnce();
  });

  it('says so when there is nothing yet', () => {
    const root = mount(<HistoryList entries={[]} onOpen={vi.fn()} onDelete={vi.fn()} onDeleteAll={vi.fn()} />);
    expect(root.textContent).toContain('No answers yet.');
  });
});

describe('HistoryList near its limit', () => {
  it('says the oldest threads will be left out, and how to keep them, before any is', () => {
    const few = mount(<HistoryList entries={entries} onOpen={vi.fn()} onDelete={vi.fn()} onDeleteAll={vi.fn()} />);
    expect(few.textContent).not.toContain('leaves out the oldest');
    const many = Array.from({ length: 480 }, (_, i) => entry(`e${i}`, `Question ${i}`, i));
    const full = mount(<HistoryList entries={many} onOpen={vi.fn()} onDelete={vi.fn()} onDeleteAll={vi.fn()} />);
    expect(full.textContent).toContain(
      'The history keeps the last 500 threads: from now on, each new one leaves out the oldest. To keep them, use Export my data in the options.',
    );
  });
});

describe('HistoryList at its cap', () => {
  it('draws the first threads, more as the end of the list comes into view, and searches them all', async () => {
    // The browser's observer, told by the test when the end of the list is in view.
    const observers: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    try {
      const many = Array.from({ length: 500 }, (_, i) => entry(`e${i}`, `Question ${i}`, 1000 - i));
      const root = mount(<HistoryList entries={many} onOpen={vi.fn()} onDelete={vi.fn()} onDeleteAll={vi.fn()} />);
      await settle();
      const drawn = names(root).length;
      expect(drawn).toBeGreaterThan(10);
      expect(drawn).toBeLessThan(100);
      expect(names(root)[0]).toBe('Question 0');
      observers.at(-1)!([{ isIntersecting: true }]);
      await settle();
      expect(names(root).length).toBeGreaterThan(drawn);
      expect(names(root).slice(0, 3)).toEqual(['Question 0', 'Question 1', 'Question 2']);
      // A thread far down the list, not drawn yet, is found.
      const search = root.querySelector('input[type="search"]') as HTMLInputElement;
      search.value = 'question 499';
      search.dispatchEvent(new Event('input', { bubbles: true }));
      await settle();
      expect(names(root)).toEqual(['Question 499']);
      expect(byName(root, 'Delete “Question 499”')).toBeDefined();
      // The thread the keyboard comes back to is drawn, however far down it is.
      const back = mount(<HistoryList entries={many} onOpen={vi.fn()} onDelete={vi.fn()} onDeleteAll={vi.fn()} focusId="e450" />);
      await settle();
      expect(names(back)).toContain('Question 450');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
