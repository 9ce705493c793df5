/**
 * "Did you mean": for a quote that failed even after repair, the sentence (or two consecutive
 * sentences) of the fragment it named that is closest to it by characters, so that the retry
 * shows the model the page's own words instead of only saying that its words were wrong.
 * Edit distance from fastest-levenshtein (a small, widely used implementation) rather than our own.
 */
import { distance } from 'fastest-levenshtein';
import { normalize } from '@/lib/shared/text/normalize';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/** The fragment's sentences, trimmed, as written. */
export function sentencesOf(text: string): string[] {
  return [...segmenter.segment(text)].map((s) => s.segment.trim()).filter((s) => s.length > 0);
}

/** 1 for the same text once normalised, towards 0 as more characters must change. */
export function similarity(a: string, b: string): number {
  const x = normalize(a);
  const y = normalize(b);
  const longest = Math.max(x.length, y.length);
  return longest === 0 ? 1 : 1 - distance(x, y) / longest;
}

/**
 * The closest sentence, or pair of consecutive sentences, of `fragment` to `quote`; null when the
 * fragment has no sentence or nothing in it is at all alike (less than a fifth of the characters).
 */
export function closestSentences(quote: string, fragment: string): string | null {
  const sentences = sentencesOf(fragment);
  let best: string | null = null;
  let bestScore = 0.2;
  for (let i = 0; i < sentences.length; i++) {
    for (const candidate of [sentences[i]!, i + 1 < sentences.length ? `${sentences[i]} ${sentences[i + 1]}` : null]) {
      if (candidate === null) continue;
      const score = similarity(quote, candidate);
      if (score > bestScore) {
        bestScore = score;
        best = candidate;
      }
    }
  }
  return best;
}
