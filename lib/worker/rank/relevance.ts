/**
 * How much of the question the best passages hold: the share that decides whether a question is
 * worth a model call at all (rank.ts `RELEVANCE_THRESHOLD`), and the leading share of a word's
 * 4-grams the keyless search also weighs (keyless-search.ts). Apart from the scores (bm25.ts):
 * a score orders passages, this says whether the best of them answers anything.
 */
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import type { Doc, Query, Stats } from './bm25';
import { spelling } from './passage-words';
import { isGrammable, wordBigrams, wordGrams } from './tokenize';

/**
 * The share of the question held by the best of `best` (each a unit's members), 0 to 1, by the
 * question's words as asked (`asked`).
 */
export function relevanceOf(best: SourcedPassage[][], docs: Doc[], asked: string[], stats: Stats, query: Query): number {
  const docOf = new Map<SourcedPassage, Doc>();
  const wanted = new Set(best.flat());
  for (const d of docs) if (wanted.has(d.passage)) docOf.set(d.passage, d);
  return Math.max(
    0,
    ...best.map((members) =>
      coverage(
        members.map((m) => docOf.get(m)!),
        asked,
        stats,
        query,
      ),
    ),
  );
}

/**
 * The share of the question a unit holds. Each question word weighs its rarity in the pages
 * (smoothed, so that a word every passage repeats still counts for something, and a word no
 * passage holds counts most) times its length (see `brevity`). A word is held whole when it
 * occurs, in part when another form of it does: the share of its leading 4-grams that the unit
 * holds in a row ("intercept…" in "interceptions"), or of its bigrams for Chinese and Japanese.
 */
function coverage(members: Doc[], asked: string[], stats: Stats, query: Query): number {
  const words = new Set<string>();
  const grams = new Set<string>();
  for (const d of members) {
    for (const id of d.words.distinct) {
      words.add(spelling(id));
      for (const g of query.gramsOf.get(id) ?? []) grams.add(g);
    }
  }
  let held = 0;
  let total = 0;
  // Short words alone never make a passage relevant: it must hold, at least half, a longer one.
  let holdsAWord = false;
  for (const w of asked) {
    const short = brevity(w);
    const weight = Math.log(1 + stats.n / (stats.df.get(w) || 0.5)) * short;
    let share = 0;
    if (words.has(w)) share = 1;
    else if (isGrammable(w)) share = leadingShare(wordGrams(w), grams);
    else {
      const bigrams = wordBigrams(w);
      if (bigrams.length > 0) share = bigrams.filter((b) => words.has(b)).length / bigrams.length;
    }
    total += weight;
    held += weight * share;
    if (short === 1 && share >= 0.5) holdsAWord = true;
  }
  return holdsAWord && total > 0 ? held / total : 0;
}

/** The share of `grams` that `held` has from the first one on, without a gap. */
export function leadingShare(grams: string[], held: Set<string>): number {
  let k = 0;
  while (k < grams.length && held.has(grams[k]!)) k++;
  return k / grams.length;
}

const SPACELESS_WORD =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+$/u;

/**
 * Short words weigh less in a question's coverage: in every language the most frequent words are
 * the shortest (Zipf's law of abbreviation), and a page with "de", "los" and "the" in it holds
 * nothing of a question. Full weight from four letters, or two characters of a script written
 * without spaces; numbers always.
 */
function brevity(w: string): number {
  if (/^\p{N}/u.test(w)) return 1;
  return Math.min(1, [...w].length / (SPACELESS_WORD.test(w) ? 2 : 4)) ** 2;
}
