import { describe, expect, it } from 'vitest';
import { passage } from '../../tests/support/passages';
import { selectPassages } from './rank';
import { CACHE_LIFETIME_MS, freshPlan, MAX_BLOCKS, planSend } from './send-plan';
import type { SourcedPassage } from '@/lib/shared/types';

const tab = (tabId: number, texts: string[]): SourcedPassage[] =>
  texts.map((text, order) =>
    passage(text, { id: `${tabId}-${order}`, tabId, order, title: `Tab ${tabId}`, url: `https://example.org/${tabId}` }),
  );

const pages = [
  ...tab(1, [
    'The City Museum opens at 9 a.m. and closes at 6 p.m. every day except Monday.',
    'Adult tickets cost 12 euros; children under twelve enter for free.',
    'The museum is a five-minute walk from Central Station.',
  ]),
  ...tab(2, ['Sow tomatoes indoors six weeks before the last frost.', 'Water deeply but rarely, so that roots grow down.']),
];

const BUDGET = 8000;
const plan = (question: string, previous: ReturnType<typeof planSend> | null, now = 1_000, ps = pages) =>
  planSend(selectPassages(ps, question, BUDGET), ps, BUDGET, previous ? { plan: previous, sentAt: 0 } : null, now);
const ids = (p: { passages: SourcedPassage[] }) => p.passages.map((x) => x.id);

describe('planSend', () => {
  it('sends a fresh question as one block', () => {
    const first = plan('When does the museum open?', null);
    expect(first.groups).toEqual([first.passages.length]);
    expect(first.reused).toBe(0);
  });

  it('sends a follow-up the previous block unchanged, then what it adds in a block of its own', () => {
    const first = plan('When does the museum open?', null);
    const second = plan('How much do tickets cost for children?', first);
    expect(second.passages.slice(0, first.passages.length)).toEqual(first.passages);
    expect(second.groups).toEqual([first.passages.length, second.passages.length - first.passages.length]);
    expect(second.reused).toBe(first.passages.length);
    expect(ids(second).slice(first.passages.length)).toContain('1-1');
    // Nothing is sent twice.
    expect(new Set(ids(second)).size).toBe(second.passages.length);
  });

  it('sends the same blocks again when the follow-up needs nothing new', () => {
    const first = plan('When does the museum open?', null);
    const again = plan('When does the museum open?', first);
    expect(again.passages).toEqual(first.passages);
    expect(again.groups).toEqual(first.groups);
    expect(again.reused).toBe(first.passages.length);
  });

  it('starts afresh when the previous block is no longer in the cache', () => {
    const first = plan('When does the museum open?', null);
    const late = plan('How much do tickets cost for children?', first, CACHE_LIFETIME_MS + 1);
    expect(late.reused).toBe(0);
    expect(late.groups).toHaveLength(1);
  });

  it('starts afresh when a page changed since: a stale block is never sent', () => {
    const first = plan('When does the museum open?', null);
    const changed = pages.map((p) => (p.id === first.passages[0]!.id ? { ...p, text: `${p.text} Closed today.` } : p));
    const second = plan('How much do tickets cost for children?', first, 1_000, changed);
    expect(second.reused).toBe(0);
    expect(second.passages.map((p) => p.text)).not.toContain(first.passages[0]!.text);
  });

  it('starts afresh when the previous blocks and the new one would not fit', () => {
    const first = plan('When does the museum open?', null);
    const selection = selectPassages(pages, 'How much do tickets cost for children?', 1000);
    // The previous blocks took nearly twice this budget already.
    const previous = { plan: { ...first, tokens: 2000 - selection.tokens + 1 }, sentAt: 0 };
    expect(planSend(selection, pages, 1000, previous, 1_000)).toEqual(freshPlan(selection));
    // With room for both, the same question would have kept the previous block.
    expect(planSend(selection, pages, 1000, { plan: first, sentAt: 0 }, 1_000).reused).toBe(first.passages.length);
  });

  it(`keeps at most ${MAX_BLOCKS} blocks`, () => {
    let p = plan('When does the museum open?', null);
    for (const q of ['tickets children', 'station walk', 'tomatoes frost', 'water roots']) p = plan(q, p);
    expect(p.groups.length).toBeLessThanOrEqual(MAX_BLOCKS);
    expect(p.groups.reduce((a, b) => a + b, 0)).toBe(p.passages.length);
  });

  it('keeps the user’s selection first: a new selection starts afresh', () => {
    const first = plan('When does the museum open?', null);
    const sel = passage('Children under twelve enter for free.', { id: 'sel', selection: true, order: -1, tabId: 1 });
    const second = plan('Do children pay?', first, 1_000, [...pages, sel]);
    expect(second.passages[0]!.id).toBe('sel');
    expect(second.reused).toBe(0);
  });
});
