/**
 * Each passage's words for ranking, found once per reading rather than once per question. A
 * thread asks again and again about the same passages, and tokenising every passage for every
 * question was most of the time to rank (lib/worker/rank/rank.ts). The passages' words are kept here, keyed
 * by the text that is tokenised (heading and text: the same text gives the same words, whatever
 * tab or reading it comes from), as numbers in one vocabulary; each vocabulary word's 4-grams are
 * indexed once, so that a question finds the page words that share a 4-gram with its own words
 * without looking at every word of every passage.
 *
 * A question then costs a pass over each passage's distinct word numbers (a typed array) and the
 * scoring of the passages that hold something of it. Bounded: when a ranking would pass
 * `MAX_PASSAGES` passages or `MAX_WORDS` words, everything is dropped first and built again.
 */
import { gramCount, searchWords, wordGrams } from './tokenize';
import type { SourcedPassage } from '@/lib/shared/protocol/types';

export interface PassageWords {
  /** The passage's words in order, as vocabulary numbers (for proximity). */
  seq: Int32Array;
  /** Its distinct words, in order of first occurrence. */
  distinct: Int32Array;
  /** How often each distinct word occurs. */
  counts: Int32Array;
  /** Σ `gramCount` over its words (the length of the passage in 4-grams). */
  gramLen: number;
}

export const MAX_PASSAGES = 20_000;
export const MAX_WORDS = 400_000;

let vocabulary = new Map<string, number>();
let spelled: string[] = [];
/** 4-gram (or whole short word) → the vocabulary words whose `wordGrams` hold it. */
let gramIndex = new Map<string, number[]>();
/** By text, then by heading: the passage's own strings are the keys, so no key is built per question. */
let cache = new Map<string, Map<string, PassageWords>>();
let cached = 0;

/** Drops everything (tests, and when the bounds are passed). */
export function clearPassageWords(): void {
  vocabulary = new Map();
  spelled = [];
  gramIndex = new Map();
  cache = new Map();
  cached = 0;
}

/** How many passages and words are kept (for tests and the eval). */
export function passageWordsSize(): { passages: number; words: number } {
  return { passages: cached, words: spelled.length };
}

function wordNumber(w: string): number {
  let id = vocabulary.get(w);
  if (id !== undefined) return id;
  id = spelled.length;
  vocabulary.set(w, id);
  spelled.push(w);
  for (const g of new Set(wordGrams(w))) {
    const words = gramIndex.get(g);
    if (words) words.push(id);
    else gramIndex.set(g, [id]);
  }
  return id;
}

/** The text of a passage that ranking tokenises: its heading, then its text. */
export const rankedText = (p: Pick<SourcedPassage, 'heading' | 'text'>) => (p.heading ? `${p.heading}\n${p.text}` : p.text);

/**
 * Called before tokenising `n` passages for one ranking: drops everything when they could pass
 * the bounds, so that the numbers of one ranking all come from one vocabulary.
 */
export function makeRoom(n: number): void {
  if (cached + n > MAX_PASSAGES || spelled.length >= MAX_WORDS) clearPassageWords();
}

export function passageWords(p: Pick<SourcedPassage, 'heading' | 'text'>): PassageWords {
  const heading = p.heading ?? '';
  let byHeading = cache.get(p.text);
  const hit = byHeading?.get(heading);
  if (hit) return hit;
  const words = searchWords(rankedText(p));
  const seq = new Int32Array(words.length);
  const count = new Map<number, number>();
  let gramLen = 0;
  words.forEach((w, i) => {
    const id = wordNumber(w);
    seq[i] = id;
    count.set(id, (count.get(id) ?? 0) + 1);
    gramLen += gramCount(w);
  });
  const entry: PassageWords = {
    seq,
    distinct: Int32Array.from(count.keys()),
    counts: Int32Array.from(count.values()),
    gramLen,
  };
  if (!byHeading) cache.set(p.text, (byHeading = new Map()));
  byHeading.set(heading, entry);
  cached++;
  return entry;
}

/**
 * The words of a tab's passages found as soon as it is read, while the other tabs are still
 * reading themselves: the ranking after the last tab then finds them kept. Nothing changes but
 * when the work is done (a ranking that must make room drops them and finds them again).
 */
export function warmPassageWords(passages: ReadonlyArray<Pick<SourcedPassage, 'heading' | 'text'>>): void {
  makeRoom(passages.length);
  for (const p of passages) passageWords(p);
}

/** A vocabulary word by its number. */
export const spelling = (id: number): string => spelled[id]!;

/** The number of a word, or undefined when no passage read so far holds it. */
export const numberOf = (w: string): number | undefined => vocabulary.get(w);

/** The vocabulary words that hold any of `grams` (as `wordGrams` cuts them). */
export function wordsWithGrams(grams: Iterable<string>): Set<number> {
  const out = new Set<number>();
  for (const g of grams) for (const id of gramIndex.get(g) ?? []) out.add(id);
  return out;
}

/** How many words the vocabulary holds: the size of a per-question mark array. */
export const vocabularySize = (): number => spelled.length;
