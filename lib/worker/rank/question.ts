/**
 * A question read once for choosing what to send: folded for search, its intent, its words
 * without the intent's cues, its words to rank and to quote by, and the words that name something
 * in particular. The intent, the follow-up test, the ranking and the key-less search each take this
 * reading rather than fold the text again (the key-less search used to fold the question once per
 * sentence it scored). Pure.
 */
import { cuesRemoved, intentOfFolded, type Intent } from './intent';
import { namedIn, type Named } from './named';
import { specificWords } from './specific';
import { foldForSearch, plainWords, questionWords, searchWords } from './tokenize';

export interface ReadQuestion {
  /** The question as asked. */
  text: string;
  /** Folded for search: lower case, no accents. */
  folded: string;
  intent: Intent;
  /** The folded question with its intent's cues blanked ("compare the battery life" → "the battery life"). */
  cueFree: string;
  /** The words of `cueFree`, without bigrams: what a follow-up is compared on. */
  cueFreeWords: string[];
  /** The words to rank on, with their bigrams, once each. */
  searchWords: string[];
  /** What the question asks about, once each (runs of single Han or kana characters joined). */
  words: string[];
  /** The words that name something in particular, by a list of general words (lib/worker/rank/specific.ts). */
  specific: string[];
  /** What it names that the pages can be checked not to hold (lib/worker/rank/named.ts). */
  named: Named;
}

/** A question as text, or already read. */
export type Question = string | ReadQuestion;

/** Reads `question` (a question already read is handed back as it is). */
export function readQuestion(question: Question): ReadQuestion {
  if (typeof question !== 'string') return question;
  const folded = foldForSearch(question);
  const cueFree = cuesRemoved(folded);
  return {
    text: question,
    folded,
    intent: intentOfFolded(folded),
    cueFree,
    cueFreeWords: plainWords(cueFree),
    searchWords: [...new Set(searchWords(question))],
    words: [...new Set(questionWords(question))],
    specific: specificWords(question),
    named: namedIn(question),
  };
}
