import { describe, expect, it } from 'vitest';
import { pageRequests } from '@/lib/shared/page-requests';
import { MAX_PASSAGE_ID_CHARS, MAX_PASSAGES } from '@/lib/shared/limits';
import type { Handlers, ReadingCalls } from '@/lib/shared/messages';
import { dispatchReading, readingChecks } from './reading-requests';

const id = (n: number) => `p${n}`;

/** Requests the worker sends and what a stray or hostile message might hold instead. */
const samples: Record<keyof typeof readingChecks, unknown[]> = {
  extract: [
    { type: 'extract' },
    { type: 'extract', checkUpTo: 0 },
    { type: 'extract', checkUpTo: 24_000 },
    { type: 'extract', checkUpTo: undefined },
    { type: 'extract', checkUpTo: Number.MAX_SAFE_INTEGER },
    { type: 'extract', checkUpTo: 2 ** 53 },
    { type: 'extract', checkUpTo: -1 },
    { type: 'extract', checkUpTo: 1.5 },
    { type: 'extract', checkUpTo: NaN },
    { type: 'extract', checkUpTo: Infinity },
    { type: 'extract', checkUpTo: '12' },
    { type: 'extract', checkUpTo: null },
    { type: 'extract', checkUpTo: 12, extra: 'dropped' },
  ],
  unchanged: [
    { type: 'unchanged', readId: 'a1b2' },
    { type: 'unchanged', readId: '' },
    { type: 'unchanged', readId: 'x'.repeat(64) },
    { type: 'unchanged', readId: 'x'.repeat(65) },
    { type: 'unchanged' },
    { type: 'unchanged', readId: 7 },
    { type: 'unchanged', readId: 'a', more: 1 },
  ],
  shown: [
    { type: 'shown', readId: 'r', ids: [] },
    { type: 'shown', readId: 'r', ids: ['p1', 'p2'] },
    { type: 'shown', readId: 'r', ids: Array.from({ length: MAX_PASSAGES }, (_, i) => id(i)) },
    { type: 'shown', readId: 'r', ids: Array.from({ length: MAX_PASSAGES + 1 }, (_, i) => id(i)) },
    { type: 'shown', readId: 'r', ids: ['x'.repeat(MAX_PASSAGE_ID_CHARS)] },
    { type: 'shown', readId: 'r', ids: ['x'.repeat(MAX_PASSAGE_ID_CHARS + 1)] },
    { type: 'shown', readId: 'r', ids: ['p1', 2] },
    { type: 'shown', readId: 'r', ids: 'p1' },
    { type: 'shown', readId: 'r', ids: { 0: 'p1', length: 1 } },
    { type: 'shown', readId: 'x'.repeat(65), ids: [] },
    { type: 'shown', ids: ['p1'] },
    { type: 'shown', readId: 'r', ids: ['p1'], extra: true },
  ],
};
const strays: unknown[] = [
  null,
  undefined,
  'extract',
  42,
  [],
  ['extract'],
  { type: 7 },
  { type: 'highlight' },
  { type: '__proto__' },
];

describe('the page script’s requests, checked without zod', () => {
  it.each(Object.keys(samples) as Array<keyof typeof samples>)(
    '%s: the same requests accepted as its schema accepts, with the same data',
    (type) => {
      for (const raw of samples[type]) {
        const parsed = pageRequests[type].request.safeParse(raw);
        const checked = readingChecks[type](raw as Record<string, unknown>);
        expect(checked, JSON.stringify(raw)?.slice(0, 80)).toEqual(parsed.success ? parsed.data : undefined);
      }
    },
  );

  it('hands each request to its handler, and anything else to none (no reply)', async () => {
    const got: unknown[] = [];
    const handlers = {
      extract: async (r: unknown) => got.push(r),
      unchanged: async (r: unknown) => got.push(r),
      shown: async (r: unknown) => got.push(r),
    } as unknown as Handlers<ReadingCalls>;
    for (const raw of strays) expect(dispatchReading(handlers, raw)).toBeUndefined();
    expect(dispatchReading(handlers, { type: 'extract', checkUpTo: -1 })).toBeUndefined();
    await dispatchReading(handlers, { type: 'extract', checkUpTo: 100, extra: 1 });
    await dispatchReading(handlers, { type: 'shown', readId: 'r', ids: ['p1'] });
    expect(got).toEqual([
      { type: 'extract', checkUpTo: 100 },
      { type: 'shown', readId: 'r', ids: ['p1'] },
    ]);
  });
});
