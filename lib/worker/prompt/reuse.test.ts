import { describe, expect, it } from 'vitest';
import { passage } from '@/tests/support/passages';
import { fragmentTokens } from '@/lib/worker/rank/budget';
import { followUpCap, halvePlan, memberKeys, stillCurrent } from './reuse';
import { MAX_FRAGMENT_BUDGET } from '@/lib/shared/store/settings';
import type { SourcedPassage } from '@/lib/shared/protocol/types';

const tab = (tabId: number, texts: string[]): SourcedPassage[] =>
  texts.map((text, order) =>
    passage(text, { id: `${tabId}-${order}`, tabId, order, title: `Tab ${tabId}`, url: `https://example.org/${tabId}` }),
  );

const pages = tab(1, [
  'The City Museum opens at 9 a.m. and closes at 6 p.m. every day except Monday.',
  'Adult tickets cost 12 euros; children under twelve enter for free.',
  'The museum is a five-minute walk from Central Station.',
]);
const [hours, tickets, station] = pages as [SourcedPassage, SourcedPassage, SourcedPassage];

describe('what was sent before, sent again only as it was', () => {
  it('fragments whose passages are still in the tabs, unchanged, are current', () => {
    expect(stillCurrent([hours, station], pages)).toBe(true);
  });

  it('a passage whose text changed, or that is gone, makes the earlier fragments stale', () => {
    const changed = pages.map((p) => (p.id === hours.id ? { ...p, text: `${p.text} Closed today.` } : p));
    expect(stillCurrent([hours], changed)).toBe(false);
    expect(stillCurrent([hours, tickets], [hours, station])).toBe(false);
  });

  it('a tab that moved to another address or title makes them stale', () => {
    expect(
      stillCurrent(
        [hours],
        pages.map((p) => ({ ...p, url: 'https://example.org/elsewhere' })),
      ),
    ).toBe(false);
    expect(
      stillCurrent(
        [hours],
        pages.map((p) => ({ ...p, title: 'Another page' })),
      ),
    ).toBe(false);
  });

  it('a passage sent with its neighbour is current while both halves are, joined as they were sent', () => {
    const pair = { ...hours, id: `${hours.id}+${tickets.id}`, text: `${hours.text}\n${tickets.text}` };
    expect(memberKeys(pair)).toHaveLength(2);
    expect(stillCurrent([pair], pages)).toBe(true);
    expect(stillCurrent([pair], [hours, station])).toBe(false);
  });
});

describe('how much a follow-up may send', () => {
  it('twice the budget, never more than the largest budget allowed', () => {
    expect(followUpCap(4000)).toBe(8000);
    expect(followUpCap(MAX_FRAGMENT_BUDGET)).toBe(MAX_FRAGMENT_BUDGET);
  });
});

describe('a request the API found too large', () => {
  it('is cut to the best fragments that fit in half its tokens, in one block', () => {
    const tokens = pages.reduce((n, p) => n + fragmentTokens(p), 0);
    const half = halvePlan({ passages: pages, groups: [1, 2], tokens, reused: 1 });
    expect(half.passages).toEqual(pages.slice(0, half.passages.length));
    expect(half.passages.length).toBeLessThan(pages.length);
    expect(half.tokens).toBeLessThanOrEqual(tokens / 2);
    expect(half).toMatchObject({ groups: [half.passages.length], reused: 0 });
  });

  it('keeps at least the best fragment, however large', () => {
    const big = passage('word '.repeat(3000), { id: 'big' });
    const tokens = fragmentTokens(big) + fragmentTokens(hours);
    expect(halvePlan({ passages: [big, hours], groups: [2], tokens, reused: 0 }).passages).toEqual([big]);
  });
});
