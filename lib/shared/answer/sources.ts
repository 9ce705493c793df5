/**
 * An answer's sources, numbered once: each page (a PDF, a video, a frame of a page) quoted by the
 * answer gets the number of its first quote's place, so the claims can show compact markers
 * ("1", "2") that the list under the answer explains with the page's favicon, title and site. A
 * page quoted twice by one claim keeps one number; its quotes are told apart by their ordinal.
 * Pure, so the numbering is tested without a screen.
 */
import type { ShownCitation, ShownClaim } from './run';

/** One page quoted by the answer. */
export interface AnswerSource {
  n: number;
  /** The first citation of this page, for its title, site, favicon and tab. */
  citation: ShownCitation;
  /** How many quotes of the answer come from it. */
  quotes: number;
}

/** The page a citation quotes: its document (without the fragment) and the frame it was read in. */
export function sourceKey(c: Pick<ShownCitation, 'url' | 'frameId'>): string {
  return `${c.url.split('#')[0]}\u0000${c.frameId}`;
}

/** The answer's sources in order of first quote, and each citation's source number. */
export function numberSources(claims: readonly ShownClaim[]): {
  sources: AnswerSource[];
  numberOf: (c: ShownCitation) => number;
} {
  const byKey = new Map<string, AnswerSource>();
  for (const claim of claims)
    for (const c of claim.citations) {
      const key = sourceKey(c);
      const known = byKey.get(key);
      if (known) known.quotes++;
      else byKey.set(key, { n: byKey.size + 1, citation: c, quotes: 1 });
    }
  return { sources: [...byKey.values()], numberOf: (c) => byKey.get(sourceKey(c))?.n ?? 0 };
}

/**
 * Each quote's place among its claim's quotes of the same page (and PDF page), for the markers
 * that would otherwise look the same; undefined for a page quoted once by the claim.
 */
export function samePageOrdinals(citations: readonly ShownCitation[]): Array<{ n: number; of: number } | undefined> {
  const key = (c: ShownCitation) => `${sourceKey(c)}\u0000${c.page ?? ''}`;
  const totals = new Map<string, number>();
  for (const c of citations) totals.set(key(c), (totals.get(key(c)) ?? 0) + 1);
  const seen = new Map<string, number>();
  return citations.map((c) => {
    const of = totals.get(key(c))!;
    if (of < 2) return undefined;
    const n = (seen.get(key(c)) ?? 0) + 1;
    seen.set(key(c), n);
    return { n, of };
  });
}
