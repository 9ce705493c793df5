/**
 * What a click on a citation should do, decided without touching the browser: highlight the quote
 * in the tab it came from, or, when that tab is gone, open the page as cited in a new tab.
 * lib/worker/reveal/reveal-citation.ts carries it out.
 */
import type { RevealMessage } from '@/lib/shared/protocol/messages';
import { sameDocument } from '@/lib/shared/access/tabs';
import { urlWithTextFragment } from '@/lib/shared/text/text-fragment';
import type { QuoteTarget } from '@/lib/shared/protocol/quote-requests';
import type { Outcome } from '@/lib/shared/answer/run';
import { t } from '@/lib/shared/core/i18n';

export type CitationRef = RevealMessage['citation'];

export type RevealPlan =
  { kind: 'highlight'; tabId: number; frameId: number } | { kind: 'open'; url: string; reason: 'closed' | 'navigated' | 'asked' };

/** What the tab looks like now: null when it no longer exists. */
export interface TabNow {
  url?: string;
  /** Put to sleep by the browser: its page must load again before it can be scripted. */
  discarded?: boolean;
}

/** Another open tab, as `browser.tabs.query` lists it. */
export interface OpenTab extends TabNow {
  tabId: number;
  windowId?: number;
}

/**
 * The tab still shows the cited document: highlight there. It does not (closed, moved on, or its
 * id replaced when the browser put it to sleep): a tab opened as cited earlier, or another tab
 * showing that document (of the same window first), stands in. Otherwise (or when the user asked for the page as
 * cited) open the cited URL in a new tab, with a text fragment that finds the quote.
 */
export function planReveal(
  c: CitationRef,
  tab: TabNow | null,
  options: { openAsCited?: boolean; reopened?: { tabId: number; tab: TabNow | null }; openTabs?: OpenTab[] } = {},
): RevealPlan {
  const open = (reason: 'closed' | 'navigated' | 'asked'): RevealPlan => ({
    kind: 'open',
    // "A … B": the fragment finds the first span (a range directive would cover the words between).
    url: urlWithTextFragment(c.url, c.parts?.[0] ?? c.literal, c.passageText),
    reason,
  });
  const shows = (t: TabNow | null | undefined) => !!t?.url && sameDocument(t.url, c.url);
  if (options.openAsCited) return open('asked');
  if (shows(tab)) return { kind: 'highlight', tabId: c.tabId, frameId: c.frameId };
  const stand = options.reopened;
  if (stand && shows(stand.tab)) return { kind: 'highlight', tabId: stand.tabId, frameId: 0 };
  // Frame ids belong to their tab: another tab can stand in only for a quote of a top frame.
  if (c.frameId === 0) {
    const same = (options.openTabs ?? []).filter((t) => t.tabId !== c.tabId && shows(t));
    const other = same.find((t) => t.windowId === c.windowId) ?? same[0];
    if (other) return { kind: 'highlight', tabId: other.tabId, frameId: 0 };
  }
  return open(tab ? 'navigated' : 'closed');
}

export function targetOf(c: Pick<CitationRef, 'literal' | 'passageText' | 'passageOrder' | 'parts'>): QuoteTarget {
  return { literal: c.literal, passageText: c.passageText, passageOrder: c.passageOrder, ...(c.parts ? { parts: c.parts } : {}) };
}

/** At most this many other quotes are highlighted with the clicked one. */
export const MAX_OTHER_QUOTES = 50;

/**
 * The other quotes the answer cites from the same page (same tab, frame and document), once
 * each, without the clicked one: they are highlighted more softly beside it.
 */
export function otherQuotesOnPage(outcome: Outcome | undefined | null, c: CitationRef): QuoteTarget[] {
  if (!outcome || outcome.kind !== 'answer') return [];
  const seen = new Set<string>([keyOf(c)]);
  const out: QuoteTarget[] = [];
  for (const claim of outcome.claims) {
    for (const other of claim.citations) {
      if (other.tabId !== c.tabId || other.frameId !== c.frameId || !sameDocument(other.url, c.url)) continue;
      const key = keyOf(other);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(targetOf(other));
      if (out.length >= MAX_OTHER_QUOTES) return out;
    }
  }
  return out;
}

function keyOf(c: Pick<CitationRef, 'literal' | 'passageText' | 'passageOrder'>): string {
  return `${c.passageOrder}\u0000${c.passageText}\u0000${c.literal}`;
}

/** The words the popup shows when nothing was highlighted; `offerOpen` adds its button. */
export const REVEAL_NOTES = {
  get gone() {
    return t('revealGone');
  },
  /** The words are in the page's code, but once revealed and in view they are not drawn. */
  get notSeen() {
    return t('revealNotDrawn');
  },
  /** The page's code draws the words, but the pixels could not be captured or measured. */
  get unconfirmed() {
    return t('revealUnconfirmed');
  },
  get goneAfterOpening() {
    return t('revealGoneAfterOpening');
  },
  /** Only some of the quote's words are highlighted: which ones. */
  partial: (covered: string) => t('revealPartial', covered),
  unreachable: (detail: string) => t('revealUnreachable', detail),
  notOpened: (detail: string) => t('revealNotOpened', detail),
};
