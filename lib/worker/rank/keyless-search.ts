/**
 * What the extension offers without an API key: the best passages for the question, each as a
 * quote with its source, which a click highlights in its page like a citation. They are search
 * results, ranked on this machine: nothing is sent anywhere. A question too general for a search
 * ("Is this worth reading?", "What are the key points?") is not searched: the popup says to ask a
 * model, rather than show passages that merely share a word with it.
 */
import { citationOf } from '@/lib/shared/answer/citation';
import { rankPassages, RELEVANCE_THRESHOLD } from './rank';
import { leadingShare } from './relevance';
import { namesNothing } from './named';
import { readQuestion, type Question } from './question';
import { isGrammable, searchWords, wordGrams } from './tokenize';
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import type { SearchHit } from '@/lib/shared/answer/run';

export const SEARCH_RESULTS = 5;

/** Sentences shorter than this say too little alone: the result quotes its whole passage. */
const MIN_QUOTE_CHARS = 40;

let sentences: Intl.Segmenter | null = null;

/**
 * The sentence of `text` that holds the most of the question's words (the longer words weigh
 * more), or the whole text when it is short or no sentence holds more than another.
 */
export function bestSentence(text: string, question: Question): string {
  const { words } = readQuestion(question);
  if (text.length <= MIN_QUOTE_CHARS * 2) return text;
  sentences ??= new Intl.Segmenter(undefined, { granularity: 'sentence' });
  let best = '';
  let bestScore = 0;
  for (const s of sentences.segment(text)) {
    const sentence = s.segment.trim();
    if (sentence.length < MIN_QUOTE_CHARS) continue;
    const score = overlap(sentence, words);
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
function overlap(text: string, questionWords: readonly string[]): number {
  const held = new Set(searchWords(text));
  const grams = new Set([...held].flatMap(wordGrams));
  let score = 0;
  for (const w of questionWords) {
    const weight = Math.min(4, [...w].length);
    if (held.has(w)) score += weight;
    else if (isGrammable(w)) score += weight * leadingShare(wordGrams(w), grams);
  }
  return score;
}

/**
 * True when `question` names nothing to search for: no number, quoted phrase or name
 * (lib/worker/rank/named.ts), and, once its intent's cues are set aside ("summarise", "compare"),
 * only general words (lib/worker/rank/specific.ts).
 */
export function tooGeneralToSearch(question: Question): boolean {
  const read = readQuestion(question);
  // A run of a caseless script is a name only against the pages' scripts: here the word list judges it.
  const named = { ...read.named, runs: [] };
  return namesNothing(named) && read.specific.every((w) => !read.cueFree.includes(w));
}

/** The best passages for `question`, as citations; none when no passage is relevant enough. */
export function searchPassages(passages: SourcedPassage[], question: Question, limit = SEARCH_RESULTS): SearchHit[] {
  const read = readQuestion(question);
  const { units, relevance } = rankPassages(passages, read);
  if (relevance < RELEVANCE_THRESHOLD) return [];
  const hits: SearchHit[] = [];
  for (const unit of units) {
    if (hits.length === limit) break;
    // A passage with its neighbour: quote the one whose sentence matches better, and anchor in it.
    const candidates = unit.members.map((p) => {
      const quote = bestSentence(p.text, read);
      return { p, quote, score: overlap(quote, read.words) };
    });
    const { p, quote } = candidates.reduce((a, b) => (b.score > a.score ? b : a));
    if (hits.some((h) => h.passageId === p.id && h.tabId === p.tabId && h.frameId === p.frameId)) continue;
    hits.push(citationOf(p, quote, hits.length + 1));
  }
  return hits;
}
