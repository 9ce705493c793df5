import type { Browser } from 'wxt/browser';
import { describe, expect, it } from 'vitest';
import type { SkippedTab } from '@/lib/shared/protocol/types';
import type { TabRead } from '@/lib/worker/read/frames';
import { readScope } from './read-scope';

const tab = (id: number, extra: Partial<Browser.tabs.Tab> = {}) =>
  ({ id, windowId: 7, url: `https://site${id}.example/`, title: `Page ${id}`, active: id === 1, ...extra }) as Browser.tabs.Tab;

const readOf = (id: number, texts: string[]): TabRead => ({
  url: `https://site${id}.example/`,
  title: `Page ${id}`,
  frames: [
    {
      frameId: 0,
      page: {
        url: `https://site${id}.example/`,
        title: `Page ${id}`,
        passages: texts.map((text, order) => ({ id: `p${order}`, text, order })),
        chars: texts.join('').length,
        coverage: { readShare: 1 },
      },
    },
  ],
  unreachableFrames: 0,
});
const skippedOf = (id: number): SkippedTab => ({
  tabId: id,
  title: `Page ${id}`,
  url: `https://site${id}.example/`,
  reason: 'Asleep',
});

describe('readScope', () => {
  it("gathers every read tab's passages, the tabs not read with their reasons, and the coverage", async () => {
    const reads: Record<number, TabRead | SkippedTab> = {
      1: readOf(1, ['One.', 'Two.']),
      2: skippedOf(2),
      3: readOf(3, ['Three.']),
    };
    const read = await readScope([tab(1), tab(2), tab(3)], undefined, async (t) => reads[t.id!]!, new AbortController().signal);
    expect(read.passages.map((p) => [p.tabId, p.text])).toEqual([
      [1, 'One.'],
      [1, 'Two.'],
      [3, 'Three.'],
    ]);
    expect(read.skipped).toEqual([skippedOf(2)]);
    expect(read.coverage).toMatchObject({ tabs: 2, passages: 3, frames: 2 });
    expect(read.nothingRead).toBe(false);
  });

  it('says when no tab could be read at all', async () => {
    const read = await readScope([tab(1), tab(2)], undefined, async (t) => skippedOf(t.id!), new AbortController().signal);
    expect(read.nothingRead).toBe(true);
  });

  it('puts the remembered selection first', async () => {
    const selection = { tabId: 3, text: 'The fee is waived for students.' };
    const read = await readScope(
      [tab(1), tab(3)],
      selection,
      async (t) => readOf(t.id!, ['Other words.']),
      new AbortController().signal,
    );
    expect(read.passages[0]).toMatchObject({ tabId: 3, selection: true, text: selection.text });
  });

  it('stops on Cancel once the tabs are read', async () => {
    const controller = new AbortController();
    const reading = readScope([tab(1)], undefined, async (t) => (controller.abort(), readOf(t.id!, ['One.'])), controller.signal);
    await expect(reading).rejects.toThrow();
  });

  it("hands each tab's passages on as soon as that tab is read, before a slower tab has answered", async () => {
    let slowDone = false;
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const seen: Array<{ tabs: number[]; slowDone: boolean }> = [];
    const reading = readScope(
      [tab(1), tab(2), tab(3)],
      undefined,
      async (t) => {
        if (t.id === 3) {
          await slow;
          slowDone = true;
          return readOf(3, ['Three.']);
        }
        if (t.id === 2) return skippedOf(2);
        return readOf(1, ['One.', 'Two.']);
      },
      new AbortController().signal,
      (passages) => seen.push({ tabs: [...new Set(passages.map((p) => p.tabId))], slowDone }),
    );
    await new Promise((r) => setTimeout(r, 10));
    // Tab 1's passages are there while tab 3 still reads; a tab not read gives none.
    expect(seen).toEqual([{ tabs: [1], slowDone: false }]);
    release();
    const read = await reading;
    // Handed on once its read has given up its place in the queue.
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual([
      { tabs: [1], slowDone: false },
      { tabs: [3], slowDone: true },
    ]);
    expect(read.passages.map((p) => p.text)).toEqual(['One.', 'Two.', 'Three.']);
  });

  it('takes the readings from before the question for every tab at once, outside the queue: only the other tabs are read in it', async () => {
    const joins = new Map<number, (read: TabRead | null) => void>();
    const readOne: number[] = [];
    // Ten tabs read ahead and still being joined (more than the queue's places), and one not.
    const tabs = Array.from({ length: 11 }, (_, i) => tab(i + 1));
    const reading = readScope(
      tabs,
      undefined,
      async (t) => (readOne.push(t.id!), readOf(t.id!, [`Read now ${t.id}.`])),
      new AbortController().signal,
      undefined,
      (t) => (t.id === 11 ? Promise.resolve(null) : new Promise((r) => joins.set(t.id!, r))),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect([...joins.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The tab without a reading from before did not wait behind the joins for a place.
    expect(readOne).toEqual([11]);
    for (const [id, done] of joins) done(id === 2 ? null : readOf(id, [`Ahead ${id}.`]));
    const read = await reading;
    // A reading that does not stand (tab 2) is read in the queue.
    expect(readOne).toEqual([11, 2]);
    expect(read.passages.map((p) => p.text).slice(0, 3)).toEqual(['Ahead 1.', 'Read now 2.', 'Ahead 3.']);
  });
});
