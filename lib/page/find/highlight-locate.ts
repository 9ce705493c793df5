/**
 * Finds a cited quote (and the page's other cited quotes) as ranges in its page, in the reading
 * kept while nothing changed (kept-reading.ts) or, for what a kept reading missed, a new one;
 * anchored by anchor.ts and find-quote.ts, at once or in steps with the page's own work in
 * between, then painted (highlight-paint.ts) and proven drawn (highlight-prove.ts). Better no
 * highlight than the wrong words. Pure DOM code.
 */
import {
  chooseAmong,
  findOccurrences,
  locateIn,
  MAX_OTHER_CANDIDATES,
  needsLayout,
  type AnchorOptions,
  type AnchorPage,
  type LocatedQuote,
} from './anchor';
import { currentReading, readAfresh, stillAsRead } from './kept-reading';
import { layoutPassages } from '@/lib/shared/text/passage-layout';
import { clearHighlight, showHighlight } from './highlight-paint';
import { coveredText, provenSeen } from './highlight-prove';
import type { HighlightOutcome } from '@/lib/shared/protocol/types';
import type { QuoteTarget } from '@/lib/shared/protocol/quote-requests';

/**
 * Finds `target` (and the page's other cited quotes) in `doc` and highlights them; the outcome
 * says which words the active highlight covers, or why nothing was highlighted (better no
 * highlight than the wrong words). Other quotes not found are left out silently.
 */
export function highlightQuote(
  doc: Document | null | undefined,
  target: QuoteTarget,
  options: AnchorOptions = {},
  others: QuoteTarget[] = [],
): HighlightOutcome {
  if (!doc || !doc.documentElement) return { ok: false, reason: 'no-document' };
  const { page, fresh } = currentReading(doc, options);
  const outcome = highlightIn(doc, page, !fresh, target, others);
  // A kept reading may be older than a change no observer saw: what it missed is looked for afresh.
  return outcome.ok || fresh ? outcome : highlightIn(doc, readAfresh(doc, options), false, target, others);
}

function highlightIn(
  doc: Document,
  page: AnchorPage,
  kept: boolean,
  target: QuoteTarget,
  others: QuoteTarget[],
): HighlightOutcome {
  const [located, ...rest] = [target, ...others].map((t) => locateIn(page, t));
  if (!located || (kept && !stillAsRead(page, located))) {
    clearHighlight(doc);
    return { ok: false, reason: 'not-found' };
  }
  const otherRanges = rest
    .filter((q): q is LocatedQuote => q !== null && (q.end <= located.start || q.start >= located.end))
    .map((q) => q.ranges);
  const covered = coveredText(located);
  showHighlight(doc, located.ranges, otherRanges);
  return provenSeen(doc, located, target, covered);
}

/** The page's other cited quotes highlighted softly, at most. */
export const MAX_OTHER_QUOTES = 20;

/**
 * Lets the page run between two steps of a reveal (its timers, its input). A message, not a
 * timer: a tab in the background has its timers throttled to one a second.
 */
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Where the page's other quotes are left to be found after the active one is shown or held
 * (`later.others`, set once it is): a quote held for the worker's picture needs them only when it
 * is painted, and they are found while the page draws it.
 */
export interface OthersLater {
  others?: () => Promise<Range[][]>;
}

/**
 * `highlightQuote` in steps, the page's own work in between: the page is read once (within
 * extraction's size budget), the active quote found among the occurrences nearest to its
 * passage, then each other quote (a few, fewer occurrences each), and all shown at once; or,
 * given `later`, the active quote shown alone and the others left to `later.others`.
 */
export async function highlightQuoteInSteps(
  doc: Document | null | undefined,
  target: QuoteTarget,
  options: AnchorOptions = {},
  others: QuoteTarget[] = [],
  pause: () => Promise<void> = yieldToPage,
  show: (doc: Document, active: Range[], others: Range[][]) => void = showHighlight,
  later?: OthersLater,
): Promise<HighlightOutcome> {
  if (!doc || !doc.documentElement) return { ok: false, reason: 'no-document' };
  // The page as read for the proof of the answer's quotes or the last click, when nothing changed.
  const { page, fresh } = currentReading(doc, options);
  const outcome = await highlightInSteps(doc, page, !fresh, target, others, pause, show, later);
  if (outcome.ok || fresh) return outcome;
  // A kept reading may be older than a change no observer saw: what it missed is looked for afresh.
  await pause();
  return highlightInSteps(doc, readAfresh(doc, options), false, target, others, pause, show, later);
}

/** The other quotes' ranges, each in a step of its own, those that do not overlap the active quote. */
async function othersApart(
  page: AnchorPage,
  located: LocatedQuote,
  others: QuoteTarget[],
  pause: () => Promise<void>,
): Promise<Range[][]> {
  const otherRanges: Range[][] = [];
  for (const other of others.slice(0, MAX_OTHER_QUOTES)) {
    await pause();
    const q = locateIn(page, other, MAX_OTHER_CANDIDATES);
    if (q && (q.end <= located.start || q.start >= located.end)) otherRanges.push(q.ranges);
  }
  return otherRanges;
}

/** `kept`: a reading kept from an earlier quote, whose words are checked against the page's now. */
async function highlightInSteps(
  doc: Document,
  page: AnchorPage,
  kept: boolean,
  target: QuoteTarget,
  others: QuoteTarget[],
  pause: () => Promise<void>,
  show: (doc: Document, active: Range[], others: Range[][]) => void,
  later?: OthersLater,
): Promise<HighlightOutcome> {
  await pause();
  const hits = findOccurrences(page, target);
  if ((needsLayout(hits) || target.parts?.length) && !page.laidOut) {
    await pause();
    page.laidOut = layoutPassages(page.collected, page.options);
  }
  await pause();
  const located = target.parts?.length ? locateIn(page, target) : chooseAmong(page, hits, target);
  if (!located || (kept && !stillAsRead(page, located))) {
    clearHighlight(doc);
    return { ok: false, reason: 'not-found' };
  }
  const otherRanges = later ? [] : await othersApart(page, located, others, pause);
  // After the last pause: what the page's own work left of the quote's words is what is shown.
  const covered = coveredText(located);
  show(doc, located.ranges, otherRanges);
  if (later) later.others = () => othersApart(page, located, others, pause);
  return provenSeen(doc, located, target, covered);
}
