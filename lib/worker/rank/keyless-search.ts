/**
 * What the extension offers without an API key: the best passages for the question, each as a
 * quote with its source, which a click highlights in its page like a citation. They are search
 * results, ranked on this machine: nothing is sent anywhere.
 */
import { citationOf } from '@/lib/shared/citation';
import { leadingShare, rankPassages, RELEVANCE_THRESHOLD } from './rank';
import { isGrammable, questionWords, searchWords, wordGrams } from './tokenize';
import type { SourcedPassage } from '@/lib/shared/types';
import type { SearchHit } from '@/lib/shared/run';

export const SEARCH_RESULTS = 5;

/** Sentences shorter than this say too little alone: the result quotes its whole passage. */
const MIN_QUOTE_CHARS = 40;

let sentences: Intl.Segmenter | null = null;

/**
 * The sentence of `text` that holds the most of the question's words (the longer words weigh
 * more), or the whole text when it is short or no sentence holds more than another.
 */
export function bestSentence(text: string, question: string): string {
  if (text.length <= MIN_QUOTE_CHARS * 2) return text;
  sentences ??= new Intl.Segmenter(undefined, { granularity: 'sentence' });
  let best = '';
  let bestScore = 0;
  for (const s of sentences.segment(text)) {
    const sentence = s.segment.trim();
    if (sentence.length < MIN_QUOTE_CHARS) continue;
    const score = overlap(sentence, question);
    if (score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  }
  return best || text;
}

/**
 * How much of the question `text` holds: each question word it holds weighs its length (up to
 * four characters, so "the" weighs less than "museum"); another form of a word ("closes" for
 * "close") counts for the share of its leading 4-grams that the text holds.
 */
function overlap(text: string, question: string): number {
  const words = new Set(searchWords(text));
  const grams = new Set([...words].flatMap(wordGrams));
  let score = 0;
  for (const w of new Set(questionWords(question))) {
    const weight = Math.min(4, [...w].length);
    if (words.has(w)) score += weight;
    else if (isGrammable(w)) score += weight * leadingShare(wordGrams(w), grams);
  }
  return score;
}

/** The best passages for `question`, as citations; none when no passage is relevant enough. */
export function searchPassages(passages: SourcedPassage[], question: string, limit = SEARCH_RESULTS): SearchHit[] {
  const { units, relevance } = rankPassages(passages, question);
  if (relevance < RELEVANCE_THRESHOLD) return [];
  const hits: SearchHit[] = [];
  for (const unit of units) {
    if (hits.length === limit) break;
    // A passage with its neighbour: quote the one whose sentence matches better, and anchor in it.
    const candidates = unit.members.map((p) => {
      const quote = bestSentence(p.text, question);
      return { p, quote, score: overlap(quote, question) };
    });
    const { p, quote } = candidates.reduce((a, b) => (b.score > a.score ? b : a));
    if (hits.some((h) => h.passageId === p.id && h.tabId === p.tabId && h.frameId === p.frameId)) continue;
    hits.push(citationOf(p, quote, hits.length + 1));
  }
  return hits;
}
