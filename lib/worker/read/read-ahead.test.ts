import { describe, expect, it } from 'vitest';
import type { SkippedTab } from '@/lib/shared/protocol/types';
import type { TabRead } from './frames';
import { AHEAD_KEEP_MS, AheadReads, aheadFirst } from './read-ahead';
import { ReadCache } from './tab-reuse';

const url = (id: number) => `https://site${id}.example/`;
const tab = (id: number, at = url(id)) => ({ id, url: at });

const readOf = (id: number, readId = `r${id}`, extra: object = {}): TabRead => ({
  url: url(id),
  title: `Page ${id}`,
  frames: [
    {
      frameId: 0,
      page: {
        url: url(id),
        title: `Page ${id}`,
        passages: [{ id: 'p0', text: `The words of page ${id}.`, order: 0 }],
        chars: 20,
        readId,
        coverage: { readShare: 1, ...extra },
      },
    },
  ],
  unreachableFrames: 0,
});

/** A reading that ends when `finish` is called. */
function pending<T>() {
  let finish!: (v: T) => void;
  const promise = new Promise<T>((r) => (finish = r));
  return { promise, finish };
}

const unchangedIf =
  (answer: boolean, asked: string[] = []) =>
  async (_frameId: number, readId: string) => {
    asked.push(readId);
    return answer;
  };

describe('tabs read while the question is typed', () => {
  it('stands at Ask when the page says nothing changed: the tab is not read again', async () => {
    const ahead = new AheadReads();
    const reads: number[] = [];
    expect(ahead.start([tab(1), tab(2)], async (t) => (reads.push(t.id), readOf(t.id)))).toBe(2);
    const asked: string[] = [];
    expect(await ahead.take(1, url(1), unchangedIf(true, asked))).toEqual(readOf(1));
    expect(asked).toEqual(['r1']);
    expect(reads).toEqual([1, 2]);
  });

  it('is read again when the page changed since, went to another address, or was already taken', async () => {
    const ahead = new AheadReads();
    ahead.start([tab(1), tab(2), tab(3)], async (t) => readOf(t.id));
    expect(await ahead.take(1, url(1), unchangedIf(false))).toBeNull();
    expect(await ahead.take(2, 'https://elsewhere.example/', unchangedIf(true))).toBeNull();
    expect(await ahead.take(3, url(3), unchangedIf(true))).not.toBeNull();
    expect(await ahead.take(3, url(3), unchangedIf(true))).toBeNull();
  });

  it('is joined while still being read, and the tab read once', async () => {
    const ahead = new AheadReads();
    const reading = pending<TabRead>();
    let reads = 0;
    ahead.start([tab(1)], () => (reads++, reading.promise));
    let taken: TabRead | null | undefined;
    const take = ahead.take(1, url(1), unchangedIf(true)).then((r) => (taken = r));
    await new Promise((r) => setTimeout(r, 5));
    expect(taken).toBeUndefined();
    reading.finish(readOf(1));
    await take;
    expect(taken).toEqual(readOf(1));
    expect(reads).toBe(1);
  });

  it('does not start a tab again at the same address, but does at a new one', async () => {
    const ahead = new AheadReads();
    const reads: string[] = [];
    const read = async (t: { id: number; url: string }) => (reads.push(t.url), readOf(t.id));
    ahead.start([tab(1)], read);
    expect(ahead.start([tab(1), tab(2)], read)).toBe(1);
    expect(ahead.start([tab(1, 'https://site1.example/next')], read)).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toEqual([url(1), url(2), 'https://site1.example/next']);
  });

  it('gives nothing for a tab it could not read, a reading that failed, or one cut short', async () => {
    const ahead = new AheadReads();
    const skipped: SkippedTab = { tabId: 1, title: 'Page 1', url: url(1), reason: 'The tab is asleep.' };
    ahead.start([tab(1)], async () => skipped);
    ahead.start([tab(2)], async () => Promise.reject(new Error('gone')));
    ahead.start([tab(3)], async () => readOf(3, 'r3', { truncatedBy: 'time' }));
    for (const id of [1, 2, 3]) expect(await ahead.take(id, url(id), unchangedIf(true))).toBeNull();
  });

  it('drops a reading older than its keep, and forgets it', async () => {
    let now = 1_000;
    const ahead = new AheadReads(() => now);
    ahead.start([tab(1), tab(2)], async (t) => readOf(t.id));
    now += AHEAD_KEEP_MS + 1;
    expect(await ahead.take(1, url(1), unchangedIf(true))).toBeNull();
    ahead.start([tab(3)], async (t) => readOf(t.id));
    expect(ahead.size).toBe(1);
  });

  it('stops waiting when the question is cancelled', async () => {
    const ahead = new AheadReads();
    ahead.start([tab(1)], () => new Promise<TabRead>(() => {}));
    const cancel = new AbortController();
    const take = ahead.take(1, url(1), unchangedIf(true), cancel.signal);
    cancel.abort(new Error('cancelled'));
    await expect(take).rejects.toThrow('cancelled');
  });
});

describe('a question’s earlier readings', () => {
  it('takes the reading ahead first and keeps it for the thread’s next question', async () => {
    const ahead = new AheadReads();
    const thread = new ReadCache().forThread('t1');
    ahead.start([tab(1)], async (t) => readOf(t.id));
    const readings = aheadFirst(ahead, thread);
    expect(await readings.take(1, url(1), unchangedIf(true))).toEqual(readOf(1));
    // The follow-up finds it in the thread.
    expect(await readings.take(1, url(1), unchangedIf(true))).toEqual(readOf(1));
  });

  it('falls back to the thread’s last reading when nothing was read ahead', async () => {
    const thread = new ReadCache().forThread('t1');
    thread.keep(2, url(2), readOf(2));
    const readings = aheadFirst(new AheadReads(), thread);
    expect(await readings.take(2, url(2), unchangedIf(true))).toEqual(readOf(2));
    expect(await readings.take(2, url(2), unchangedIf(true))).toBeNull();
  });
});

describe('a read-ahead that arrives after Ask', () => {
  it('leaves the tabs the question is reading to it, and the next question may take them', async () => {
    const ahead = new AheadReads();
    const reads: number[] = [];
    ahead.track(tab(1), Promise.resolve(readOf(1)));
    expect(ahead.start([tab(1), tab(2)], async (t) => (reads.push(t.id), readOf(t.id)))).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toEqual([2]);
    expect(await ahead.take(1, url(1), unchangedIf(true))).toEqual(readOf(1));
  });
});

describe('a reading ahead begun after the question reached the worker', () => {
  const asked = 2_000;

  it('stands without asking its frames whether they changed: its walk came after Ask', async () => {
    let now = 1_000;
    const ahead = new AheadReads(() => now);
    const first = [1, 2, 3, 4].map(() => pending<TabRead>());
    const reads: number[] = [];
    // Four at a time: tab 5 waits its turn, which comes after Ask.
    ahead.start(
      [1, 2, 3, 4, 5].map((id) => tab(id)),
      (t) => {
        reads.push(t.id);
        return t.id <= 4 ? first[t.id - 1]!.promise : Promise.resolve(readOf(t.id));
      },
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toEqual([1, 2, 3, 4]);
    now = asked + 1;
    first[0]!.finish(readOf(1));
    const questions: string[] = [];
    expect(await ahead.take(5, url(5), unchangedIf(false, questions), undefined, asked)).toEqual(readOf(5));
    expect(questions).toEqual([]);
    // Begun before Ask: asked, and read again since its page changed.
    expect(await ahead.take(1, url(1), unchangedIf(false, questions), undefined, asked)).toBeNull();
    expect(questions).toEqual(['r1']);
  });

  it('is still read again when it was cut short, or at another address', async () => {
    let now = 1_000;
    const ahead = new AheadReads(() => now);
    now = asked + 1;
    ahead.start([tab(1), tab(2)], async (t) => readOf(t.id, `r${t.id}`, t.id === 1 ? { truncatedBy: 'time' } : {}));
    await new Promise((r) => setTimeout(r, 0));
    expect(await ahead.take(1, url(1), unchangedIf(true), undefined, asked)).toBeNull();
    expect(await ahead.take(2, 'https://elsewhere.example/', unchangedIf(true), undefined, asked)).toBeNull();
  });

  it('a question’s own reading tracked here is always asked, however late it was tracked', async () => {
    const now = asked + 5;
    const ahead = new AheadReads(() => now);
    ahead.track(tab(1), Promise.resolve(readOf(1)));
    const questions: string[] = [];
    expect(await ahead.take(1, url(1), unchangedIf(false, questions), undefined, asked)).toBeNull();
    expect(questions).toEqual(['r1']);
  });

  it('is taken through the question’s readings with its Ask time', async () => {
    const ahead = new AheadReads(() => asked + 1);
    ahead.start([tab(1)], async (t) => readOf(t.id));
    await new Promise((r) => setTimeout(r, 0));
    const questions: string[] = [];
    const readings = aheadFirst(ahead, new ReadCache().forThread('t1'), asked);
    expect(await readings.take(1, url(1), unchangedIf(false, questions))).toEqual(readOf(1));
    expect(questions).toEqual([]);
  });
});
