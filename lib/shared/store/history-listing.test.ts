import { describe, expect, it } from 'vitest';
import { fullHistory } from '../../../tests/support/full-history';
import { searchHistory, type HistoryEntry } from './history';
import { readListing, readSummary } from './history-listing';
import { listingOf, matching, searchIndex } from './history-search';

const history = fullHistory(60, 1_200_000);

describe('the history listing', () => {
  it('holds each thread’s id, time, pages and questions, newest first, without its answers', () => {
    const listing = listingOf(history, 2);
    expect(listing.damaged).toBe(2);
    expect(listing.items.map((s) => s.id)).toEqual(history.map((e) => e.id));
    expect(listing.items[0]!.turns).toEqual(history[0]!.turns.map((t) => ({ question: t.question })));
    expect(listing.items[0]!.pages).toEqual(history[0]!.pages);
    expect(JSON.stringify(listing).length).toBeLessThan(JSON.stringify(history).length / 4);
    expect(JSON.stringify(listing)).not.toContain(
      history[0]!.turns[0]!.outcome.kind === 'answer' && history[0]!.turns[0]!.outcome.claims[0]!.citations[0]!.passageText,
    );
  });

  it('finds what searching the whole threads finds, for words of questions, claims, titles and sites', () => {
    const index = searchIndex(listingOf(history, 0).items);
    const first = history[7]!.turns[1]!;
    const claim = first.outcome.kind === 'answer' ? first.outcome.claims[2]!.text : '';
    for (const query of [
      'harbour',
      'MUSEUM TICKET',
      claim.split(' ').slice(2, 5).join(' '),
      'bikes.example',
      '(7.1)',
      'zebra',
      '',
    ])
      expect(matching(index, query).map((i) => history[i]!.id)).toEqual(searchHistory(history, query).map((e) => e.id));
  });

  it('reuses the words of a thread that did not change, and folds again one answered since', () => {
    const before = listingOf(history, 0);
    const marked = { ...before, items: before.items.map((s) => ({ ...s, words: `${s.words} kept` })) };
    const answered: HistoryEntry = { ...history[1]!, updatedAt: history[1]!.updatedAt + 1 };
    const after = listingOf([history[0]!, answered, ...history.slice(2)], 0, marked);
    expect(after.items[0]!.words).toMatch(/ kept$/);
    expect(after.items[1]!.words).not.toMatch(/ kept$/);
  });

  it('refuses a stored listing or summary that does not read, so that it is built again', () => {
    const listing = listingOf(history.slice(0, 3), 0);
    expect(readListing(structuredClone(listing))).toEqual(listing);
    expect(readListing(undefined)).toBeNull();
    expect(readListing({ items: [{ id: 'x' }], damaged: 0 })).toBeNull();
    expect(readSummary(listing.items[0])).toEqual(listing.items[0]);
    expect(readSummary({ ...listing.items[0], turns: [] })).toBeNull();
  });
});
