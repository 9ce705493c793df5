import { describe, expect, it } from 'vitest';
import { otherQuotesOnPage, planReveal, type CitationRef } from './plan';
import type { Outcome, ShownCitation } from '@/lib/shared/answer/run';

const citation: CitationRef = {
  tabId: 7,
  windowId: 1,
  frameId: 0,
  url: 'https://museum.example/hours',
  literal: 'opens at 9 a.m.',
  passageText: 'The City Museum opens at 9 a.m. daily.',
  passageOrder: 2,
};

function shown(over: Partial<ShownCitation>): ShownCitation {
  return { ...citation, index: 1, passageId: 'p', title: 'Hours', site: 'museum.example', ...over };
}

function answer(...citations: ShownCitation[][]): Outcome {
  return {
    kind: 'answer',
    claims: citations.map((cs, i) => ({ text: `claim ${i}`, citations: cs })),
    droppedClaims: 0,
    retried: false,
    checks: { citations: citations.flat().length, broken: 0 },
  };
}

describe('planReveal', () => {
  it('highlights in the tab while it shows the cited document, fragment changes included', () => {
    expect(planReveal(citation, { url: 'https://museum.example/hours#today' })).toEqual({
      kind: 'highlight',
      tabId: 7,
      frameId: 0,
    });
  });

  it('opens the page as cited, with a text fragment, when the tab is closed or went elsewhere', () => {
    const closed = planReveal(citation, null);
    expect(closed).toEqual({
      kind: 'open',
      reason: 'closed',
      url: 'https://museum.example/hours#:~:text=The%20City%20Museum-,opens%20at%209%20a.m.,-daily',
    });
    expect(planReveal(citation, { url: 'https://news.example/' })).toMatchObject({ kind: 'open', reason: 'navigated' });
  });

  it('opens the page as cited when asked, even if the tab is still there', () => {
    expect(planReveal(citation, { url: citation.url }, { openAsCited: true })).toMatchObject({ kind: 'open', reason: 'asked' });
  });

  it('uses the tab opened as cited before, while it still shows the page, instead of opening another', () => {
    const reopened = { tabId: 12, tab: { url: 'https://museum.example/hours#:~:text=opens' } };
    expect(planReveal(citation, null, { reopened })).toEqual({ kind: 'highlight', tabId: 12, frameId: 0 });
    const movedOn = { tabId: 12, tab: { url: 'https://elsewhere.example/' } };
    expect(planReveal(citation, null, { reopened: movedOn })).toMatchObject({ kind: 'open', reason: 'closed' });
  });
});

describe('planReveal: another tab showing the page', () => {
  const asleep = { tabId: 31, windowId: 1, url: 'https://museum.example/hours', discarded: true };
  const elsewhere = { tabId: 32, windowId: 2, url: 'https://museum.example/hours' };

  it('stands in for a tab whose id is gone (the browser replaces it when it puts a tab to sleep)', () => {
    expect(planReveal(citation, null, { openTabs: [elsewhere, asleep] })).toEqual({ kind: 'highlight', tabId: 31, frameId: 0 });
    expect(planReveal(citation, null, { openTabs: [elsewhere] })).toEqual({ kind: 'highlight', tabId: 32, frameId: 0 });
  });

  it('also for a tab that went elsewhere, which keeps its new page', () => {
    expect(planReveal(citation, { url: 'https://news.example/' }, { openTabs: [asleep] })).toEqual({
      kind: 'highlight',
      tabId: 31,
      frameId: 0,
    });
  });

  it('never for a quote of a frame, nor from a tab showing another document', () => {
    expect(planReveal({ ...citation, frameId: 5 }, null, { openTabs: [asleep] })).toMatchObject({
      kind: 'open',
      reason: 'closed',
    });
    expect(planReveal(citation, null, { openTabs: [{ tabId: 33, url: 'https://museum.example/tickets' }] })).toMatchObject({
      kind: 'open',
    });
  });
});

describe('otherQuotesOnPage', () => {
  it('lists the other quotes of the same page once each, without the clicked one', () => {
    const other = shown({ literal: 'closes at 6 p.m.', passageOrder: 3 });
    const outcome = answer(
      [shown({}), other],
      [other, shown({ literal: 'Tickets cost 12 euros', tabId: 8, url: 'https://museum.example/tickets' })],
      [shown({ literal: 'in a frame', frameId: 4 }), shown({ literal: 'another page', url: 'https://museum.example/map' })],
    );
    expect(otherQuotesOnPage(outcome, citation)).toEqual([
      { literal: 'closes at 6 p.m.', passageText: citation.passageText, passageOrder: 3 },
    ]);
  });

  it('has nothing to add for an abstention or no answer', () => {
    expect(otherQuotesOnPage(undefined, citation)).toEqual([]);
    expect(
      otherQuotesOnPage(
        { kind: 'abstain', reason: 'no-information', retried: false, checks: { citations: 0, broken: 0 } },
        citation,
      ),
    ).toEqual([]);
  });
});
