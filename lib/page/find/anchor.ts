/**
 * Anchoring: finds a cited literal in the live page and turns it into DOM ranges covering
 * exactly those words. Same walk as extraction (`collectText`), same normalisation as the
 * verifier (lib/shared/text/normalize.ts, through lib/page/find/find-quote.ts): what was verified is what gets
 * highlighted, or nothing is.
 *
 * When the words occur more than once, the occurrence chosen is the one whose surroundings are
 * those of the cited passage (its text before and after the quote); between equally good ones,
 * the one nearest to where the cited passage sits in reading order. The page may have changed
 * since extraction: the quote is found again by its text, forgiving only typographic drift.
 */
import { docOf, nodeOf } from '@/lib/page/dom/dom';
import { collectText, type CollectOptions, type CollectedText } from '@/lib/page/read/dom-text';
import { collapse } from '@/lib/page/read/text-sink';
import { DEFAULT_MAX_TEXT_CHARS, type ExtractOptions } from '@/lib/page/read/extract';
import { layoutPassages, type LaidOutPassage } from '@/lib/shared/text/passage-layout';
import { normalize } from '@/lib/shared/text/normalize';
import {
  findNormalized,
  lowerBound,
  normalizedAfter,
  normalizedBefore,
  searchText,
  type SearchText,
  type Span,
} from './find-quote';
import type { QuoteTarget } from '@/lib/shared/protocol/quote-requests';

export type AnchorOptions = CollectOptions & Pick<ExtractOptions, 'minChars' | 'maxChars'>;

export interface LocatedQuote {
  /**
   * The quote's ranges, in reading order: one, unless the words cross into or out of a shadow
   * tree (a Range cannot span two trees) or slots reorder them.
   */
  ranges: Range[];
  /**
   * The text nodes that hold the quote's words. A range also holds whatever lies between its ends,
   * such as hidden text that the reading skipped; whether the quote is drawn is asked of these.
   */
  nodes: Text[];
  /** The page's own characters that the ranges cover (whitespace collapsed). */
  text: string;
  /** The span in `collectText(root).text`. */
  start: number;
  end: number;
}

/** How much of the cited passage around the quote is compared with the page (each side). */
const CONTEXT_CHARS = 240;

/** A page's visible text, walked once for all the quotes anchored in it. */
export interface AnchorPage {
  root: Document | Element;
  collected: CollectedText;
  search: SearchText;
  options: AnchorOptions;
  /** The passages as extraction cuts them, computed only to break a tie. */
  laidOut?: LaidOutPassage[];
}

/**
 * Occurrences compared by their surroundings, at most: those nearest to where the cited passage
 * sits. A page with 100,000 copies of a sentence would otherwise have each compared.
 */
export const MAX_CANDIDATES = 200;
/** For the page's other quotes, highlighted softly: fewer. */
export const MAX_OTHER_CANDIDATES = 16;

/**
 * The page's text, read within extraction's size budget: a quote was cited from what extraction
 * read, which stops there too.
 */
export function readPage(root: Document | Element, options: AnchorOptions = {}): AnchorPage {
  const collected = collectText(root, { ...options, maxTextChars: options.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS });
  return { root, collected, search: searchText(collected.text), options };
}

/** `target.literal` in `root`, or null when the page no longer holds those words. */
export function locateQuote(root: Document | Element, target: QuoteTarget, options: AnchorOptions = {}): LocatedQuote | null {
  return locateIn(readPage(root, options), target);
}

/** Several quotes of one page, with one walk of the page. */
export function locateQuotes(
  root: Document | Element,
  targets: QuoteTarget[],
  options: AnchorOptions = {},
): Array<LocatedQuote | null> {
  const page = readPage(root, options);
  return targets.map((t) => locateIn(page, t));
}

export function locateIn(page: AnchorPage, target: QuoteTarget, maxCandidates = MAX_CANDIDATES): LocatedQuote | null {
  if (target.parts?.length) return locateParts(page, target, maxCandidates);
  return chooseAmong(page, findOccurrences(page, target), target, maxCandidates);
}

/**
 * A quote of several spans ("A … B", verified in one passage): each span found as a quote of
 * that passage, all of them or none. Its text is the spans' joined with an ellipsis, as cited.
 */
function locateParts(page: AnchorPage, target: QuoteTarget, maxCandidates: number): LocatedQuote | null {
  const { parts = [], ...single } = target;
  const spans: LocatedQuote[] = [];
  for (const part of parts) {
    const q = chooseAmong(page, findOccurrences(page, { ...single, literal: part }), { ...single, literal: part }, maxCandidates);
    if (!q) return null;
    spans.push(q);
  }
  return {
    ranges: spans.flatMap((q) => q.ranges),
    nodes: spans.flatMap((q) => q.nodes),
    text: spans.map((q) => q.text).join(' \u2026 '),
    start: Math.min(...spans.map((q) => q.start)),
    end: Math.max(...spans.map((q) => q.end)),
  };
}

/** Every occurrence of the quote's words in the page (the first half of `locateIn`). */
export function findOccurrences(page: AnchorPage, target: QuoteTarget): Span[] {
  const literal = normalize(target.literal);
  return literal ? findNormalized(page.search, literal) : [];
}

/** Whether choosing among `hits` needs the page cut into passages (a step of its own). */
export function needsLayout(hits: Span[]): boolean {
  return hits.length > 1;
}

/** The occurrence the citation means, among `hits` (the second half of `locateIn`). */
export function chooseAmong(
  page: AnchorPage,
  found: Span[],
  target: QuoteTarget,
  maxCandidates = MAX_CANDIDATES,
): LocatedQuote | null {
  const literal = normalize(target.literal);
  let hits = found;
  if (!literal || hits.length === 0) return null;
  if (hits.length > maxCandidates) hits = nearestToPassage(page, hits, target, maxCandidates);
  const [start, end] = hits.length === 1 ? hits[0]! : chooseOccurrence(page, hits, target, literal);
  const ranges = toRanges(page.root, page.collected, start, end);
  if (ranges.length === 0) return null;
  const nodes = quoteNodes(page.collected, start, end);
  return { ranges, nodes, text: collapse(page.collected.text.slice(start, end)), start, end };
}

/** The text nodes read for `[start, end)` of `collected.text` that hold some of its characters. */
export function quoteNodes(collected: CollectedText, start: number, end: number): Text[] {
  const segs = collected.segments;
  const out: Text[] = [];
  for (let k = lowerBound(segs.length, (x) => segs[x]!.end > start); k < segs.length && segs[k]!.start < end; k++) {
    const seg = segs[k]!;
    const part = seg.node.data.slice(Math.max(start, seg.start) - seg.start, Math.min(end, seg.end) - seg.start);
    if (/\S/.test(part)) out.push(seg.node);
  }
  return out;
}

/**
 * The occurrence that sits where the cited passage put the quote: the most of the passage's text
 * before and after it agrees with the page's; ties (identical passages, or none of the context
 * left) go to the one nearest to the cited passage's place in reading order.
 */
function chooseOccurrence(page: AnchorPage, hits: Span[], target: QuoteTarget, literal: string): Span {
  const passage = normalize(target.passageText);
  const at = passage.indexOf(literal);
  let best: Span[] = hits;
  if (at >= 0) {
    const before = passage.slice(Math.max(0, at - CONTEXT_CHARS), at).trimEnd();
    const after = passage.slice(at + literal.length, at + literal.length + CONTEXT_CHARS).trimStart();
    let bestScore = -1;
    for (const hit of hits) {
      const score =
        commonSuffix(before, normalizedBefore(page.search, hit[0], before.length)) +
        commonPrefix(after, normalizedAfter(page.search, hit[1], after.length));
      if (score > bestScore) {
        bestScore = score;
        best = [hit];
      } else if (score === bestScore) {
        best.push(hit);
      }
    }
  }
  if (best.length === 1 || target.passageOrder < 0) return best[0]!;

  page.laidOut ??= layoutPassages(page.collected, page.options);
  const place = page.laidOut[target.passageOrder];
  if (!place) return best[0]!;
  let chosen = best[0]!;
  let nearest = Infinity;
  for (const hit of best) {
    const d = distance(hit, [place.start, place.end]);
    if (d < nearest) {
      nearest = d;
      chosen = hit;
    }
  }
  return chosen;
}

/** The `count` occurrences nearest to the cited passage's place in reading order (in page order). */
function nearestToPassage(page: AnchorPage, hits: Span[], target: QuoteTarget, count: number): Span[] {
  page.laidOut ??= layoutPassages(page.collected, page.options);
  const place = target.passageOrder >= 0 ? page.laidOut[target.passageOrder] : undefined;
  if (!place) return hits.slice(0, count);
  // Hits are in page order: from the first at or after the passage, widen both ways.
  let right = lowerBound(hits.length, (k) => hits[k]![0] >= place.start);
  let left = right - 1;
  while (right - left - 1 < count && (left >= 0 || right < hits.length)) {
    const dl = left >= 0 ? distance(hits[left]!, [place.start, place.end]) : Infinity;
    const dr = right < hits.length ? distance(hits[right]!, [place.start, place.end]) : Infinity;
    if (dl <= dr) left--;
    else right++;
  }
  return hits.slice(left + 1, right);
}

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

function commonSuffix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(a.length - 1 - i) === b.charCodeAt(b.length - 1 - i)) i++;
  return i;
}

/** 0 inside the region (or overlapping it), else how far outside. */
function distance([s, e]: Span, [rs, re]: Span): number {
  if (e <= rs) return rs - e;
  if (s >= re) return s - re;
  return 0;
}

/**
 * The DOM ranges of `[start, end)` of `collected.text`. Offsets that fall on a separator (a "\n"
 * that no node holds) move inwards to the nearest text: the start forward, the end backward.
 * A new range starts wherever the next text node is in another tree (shadow root) or does not
 * follow the previous one in the tree (slotted content shown out of order).
 */
export function toRanges(root: Document | Element, collected: CollectedText, start: number, end: number): Range[] {
  const segs = collected.segments;
  if (segs.length === 0 || end <= start) return [];
  // First segment that ends after `start`; last segment that starts before `end`.
  const i = lowerBound(segs.length, (k) => segs[k]!.end > start);
  const j = lowerBound(segs.length, (k) => segs[k]!.start >= end) - 1;
  if (i >= segs.length || j < 0 || i > j) return [];
  const doc = nodeOf.type(root) === 9 ? (root as Document) : nodeOf.doc(root);
  if (!doc) return [];

  const ranges: Range[] = [];
  let range: Range | null = null;
  let last: Text | null = null;
  let lastEnd = 0;
  for (let k = i; k <= j; k++) {
    const seg = segs[k]!;
    const from = Math.max(start, seg.start) - seg.start;
    const to = Math.min(end, seg.end) - seg.start;
    const node = seg.node;
    const continues =
      range !== null &&
      last !== null &&
      node.getRootNode() === last.getRootNode() &&
      (last.compareDocumentPosition(node) & 4) /* FOLLOWING */ !== 0;
    if (!continues) {
      if (range && last) {
        range.setEnd(last, lastEnd);
        ranges.push(range);
      }
      range = docOf.createRange(doc);
      range.setStart(node, from);
    }
    last = node;
    lastEnd = to;
  }
  if (range && last) {
    range.setEnd(last, lastEnd);
    ranges.push(range);
  }
  return ranges.filter((r) => !r.collapsed);
}
