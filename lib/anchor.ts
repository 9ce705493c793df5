/**
 * Anchoring: finds a cited literal in the live page and turns it into a DOM Range covering
 * exactly those words. Same walk as extraction (`collectText`), same normalisation as the
 * verifier (`normalizeWithMap`): what was verified is what gets highlighted, or nothing is.
 */
import { collectText, collapse, type CollectOptions, type CollectedText } from './dom-text';
import { layoutPassages, type ExtractOptions } from './extract';
import { normalize, normalizeWithMap, sourceSpan, type NormalizedText } from './normalize';
import type { QuoteTarget } from './types';

export type AnchorOptions = CollectOptions & Pick<ExtractOptions, 'minChars' | 'maxChars'>;

export interface LocatedQuote {
  range: Range;
  /** The page's own characters that the range covers (whitespace collapsed). */
  text: string;
  /** The span in `collectText(root).text`. */
  start: number;
  end: number;
}

/** The Range of `target.literal` in `root`, or null when the page no longer contains it. */
export function findQuote(
  root: Document | Element,
  target: QuoteTarget,
  options: AnchorOptions = {},
): Range | null {
  return locateQuote(root, target, options)?.range ?? null;
}

/** Like `findQuote`, with the covered text and offsets as well. */
export function locateQuote(
  root: Document | Element,
  target: QuoteTarget,
  options: AnchorOptions = {},
): LocatedQuote | null {
  const literal = normalize(target.literal);
  if (!literal) return null;
  const collected = collectText(root, options);
  const page = normalizeWithMap(collected.text);
  const hits = occurrences(page.text, literal);
  if (hits.length === 0) return null;

  let chosen = hits[0]!;
  if (hits.length > 1) {
    const region = passageRegion(collected, page, target, options);
    if (region) {
      const spans = hits.map((h) => sourceSpan(page, h, h + literal.length));
      let best = Infinity;
      spans.forEach(([s, e], k) => {
        const d = s >= region[0] && e <= region[1] ? -1 : distance([s, e], region);
        if (d < best) {
          best = d;
          chosen = hits[k]!;
        }
      });
    }
  }

  const [start, end] = sourceSpan(page, chosen, chosen + literal.length);
  const range = toRange(root, collected, start, end);
  if (!range) return null;
  return { range, text: collapse(collected.text.slice(start, end)), start, end };
}

/** All (possibly overlapping) start indices of `needle` in `haystack`. */
function occurrences(haystack: string, needle: string): number[] {
  const out: number[] = [];
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) out.push(i);
  return out;
}

function distance([s, e]: [number, number], [rs, re]: [number, number]): number {
  if (e <= rs) return rs - e;
  if (s >= re) return s - re;
  return 0; // overlaps the region without being inside it
}

/**
 * Where the cited passage sits in the page, as a span of `collected.text`: the passage that
 * extraction would number `passageOrder`, if its text is still the cited one; else the
 * occurrence of the passage text nearest to that place; else that place.
 */
function passageRegion(
  collected: CollectedText,
  page: NormalizedText,
  target: QuoteTarget,
  options: AnchorOptions,
): [number, number] | null {
  const wanted = normalize(target.passageText);
  const laidOut = target.passageOrder >= 0 ? layoutPassages(collected, options) : [];
  const atOrder = laidOut[target.passageOrder];
  if (atOrder && wanted && normalize(atOrder.text) === wanted) return [atOrder.start, atOrder.end];

  const found = wanted
    ? occurrences(page.text, wanted).map((i) => sourceSpan(page, i, i + wanted.length))
    : [];
  if (found.length === 0) return atOrder ? [atOrder.start, atOrder.end] : null;
  if (!atOrder) return found[0]!;
  let best = found[0]!;
  let bestDistance = Infinity;
  for (const span of found) {
    const d = distance(span, [atOrder.start, atOrder.end]);
    if (d < bestDistance) {
      bestDistance = d;
      best = span;
    }
  }
  return best;
}

/**
 * The DOM Range of `[start, end)` of `collected.text`. Offsets that fall on a separator (a "\n"
 * that no node holds) move inwards to the nearest text: the start forward, the end backward.
 */
function toRange(
  root: Document | Element,
  collected: CollectedText,
  start: number,
  end: number,
): Range | null {
  const segs = collected.segments;
  if (segs.length === 0 || end <= start) return null;
  // First segment that ends after `start`.
  const i = lowerBound(segs.length, (k) => segs[k]!.end > start);
  // Last segment that starts before `end`.
  const j = lowerBound(segs.length, (k) => segs[k]!.start >= end) - 1;
  if (i >= segs.length || j < 0 || i > j) return null;
  const first = segs[i]!;
  const last = segs[j]!;
  const startOffset = Math.max(start, first.start) - first.start;
  const endOffset = Math.min(end, last.end) - last.start;

  const doc = root.nodeType === 9 ? (root as Document) : root.ownerDocument;
  if (!doc) return null;
  // A Range cannot start in one tree (the page) and end in another (a shadow tree).
  if (first.node.getRootNode() !== last.node.getRootNode()) return null;
  const range = doc.createRange();
  range.setStart(first.node, startOffset);
  range.setEnd(last.node, endOffset);
  return range;
}

/** The smallest k in [0, n) with `pred(k)` true (pred monotone), or n. */
function lowerBound(n: number, pred: (k: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pred(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
