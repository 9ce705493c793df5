/**
 * The proof that a highlight shows the cited quote: the words its ranges cover, read before it is
 * painted (its marks split text nodes), and once painted, revealed and scrolled into view, the
 * measure that they are drawn for a reader (quote-seen.ts). Success only then; a highlight that covers
 * only some of the quote's words (the page changed them between reading and showing) says so,
 * with the words it covers, and never stands for the whole quote; otherwise the highlight goes
 * and the outcome says why. Pure DOM code.
 */
import type { LocatedQuote } from './anchor';
import { measureRanges } from './quote-seen';
import { clearHighlight } from './highlight-paint';
import { normalize } from '@/lib/shared/text/normalize';
import type { HighlightOutcome } from '@/lib/shared/protocol/types';
import type { QuoteTarget } from '@/lib/shared/protocol/quote-requests';

/**
 * The words the quote's ranges cover in the page now: the text of the nodes it was read from that
 * are still in the document, within the ranges (not a node's words the reading left out). Read
 * before the highlight is shown (its marks split text nodes).
 */
export function coveredText(located: LocatedQuote): string {
  const out: string[] = [];
  for (const node of located.nodes) {
    if (!node.isConnected) continue;
    for (const r of located.ranges) {
      if (!r.intersectsNode(node)) continue;
      const from = r.startContainer === node ? r.startOffset : 0;
      const to = r.endContainer === node ? r.endOffset : node.data.length;
      if (to > from) out.push(node.data.slice(from, to));
    }
  }
  return out.join(' ');
}

/** Whether `covered` holds every word of the quote (each span of "A … B", in order); spaces aside. */
function coversWhole(covered: string, target: QuoteTarget): boolean {
  const squeeze = (s: string) => normalize(s).replace(/ /g, '');
  const text = squeeze(covered);
  let from = 0;
  for (const span of target.parts?.length ? target.parts : [target.literal]) {
    const words = squeeze(span);
    const at = text.indexOf(words, from);
    if (at < 0) return false;
    from = at + words.length;
  }
  return true;
}

/**
 * The outcome of a highlight once shown: success only when the words, revealed and scrolled into
 * view, are drawn for a reader; otherwise the highlight goes and the outcome says why. A highlight
 * of only some of the words says which (`partial`), never the quote's own text.
 */
export function provenSeen(doc: Document, located: LocatedQuote, target: QuoteTarget, covered: string): HighlightOutcome {
  const drawn = measureRanges(doc, located);
  if (!drawn.drawn) {
    clearHighlight(doc);
    return { ok: false, reason: 'not-drawn', why: drawn.reason };
  }
  if (coversWhole(covered, target)) return { ok: true, text: located.text };
  const shown = covered.replace(/\s+/g, ' ').trim();
  if (shown === '') {
    clearHighlight(doc);
    return { ok: false, reason: 'not-found' };
  }
  return { ok: true, text: shown, partial: true };
}
