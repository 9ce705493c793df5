import { describe, expect, it } from 'vitest';
import { hitAt } from './cover';
import { judge } from '@/lib/shared/seen/seen';

/**
 * `hitAt` with the browser's answers given: a hit test that answers nothing at the words proves
 * nothing (layout-dependent cases are in tests/e2e/hit-tests.test.ts).
 */
function page(hitsWords: boolean) {
  const words = { contains: (e: Element) => e === words, getRootNode: () => doc } as unknown as Element;
  const doc = { elementFromPoint: () => (hitsWords ? words : null), defaultView: {} } as unknown as Document;
  return { doc, words };
}

describe('hitAt', () => {
  it('takes no answer for unknown, which the table makes unproven', () => {
    const { doc, words } = page(false);
    const hit = hitAt(doc, [words], 10, 10);
    expect(hit.own).toBe(false);
    expect(hit.unknown).toBe(true);
    expect(judge({ hits: [hit] })).toEqual({ seen: 'unproven', why: 'unproven' });
  });

  it('takes the words themselves for their own', () => {
    const { doc, words } = page(true);
    const own = hitAt(doc, [words], 10, 10);
    expect(own).toEqual({ own: true, movesWithView: false });
    expect(judge({ hits: [own] })).toEqual({ seen: 'seen' });
  });
});
