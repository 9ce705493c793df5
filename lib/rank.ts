import { normalize } from './normalize';
import type { SourcedPassage } from './types';

/**
 * Lexical ranking (BM25) of passages against a question, and the choice of what fits the budget.
 * Words come from Intl.Segmenter, so languages without spaces get words too; folding uses the
 * shared normalisation plus diacritic removal, so "Café" matches "cafe".
 */

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

export function tokenize(text: string): string[] {
  const folded = normalize(text).normalize('NFD').replace(/\p{M}/gu, '');
  const words: string[] = [];
  for (const s of segmenter.segment(folded)) {
    if (s.isWordLike) words.push(s.segment);
  }
  return words;
}

export interface Ranked {
  passage: SourcedPassage;
  score: number;
}

const K1 = 1.2;
const B = 0.75;

/** BM25 scores, best first; passages sharing no word with the question score 0 and are left out. */
export function rankPassages(passages: SourcedPassage[], question: string): Ranked[] {
  const queryTerms = [...new Set(tokenize(question))];
  if (queryTerms.length === 0 || passages.length === 0) return [];
  const docs = passages.map((p) => tokenize(p.heading ? `${p.heading} ${p.text}` : p.text));
  const avgLen = docs.reduce((n, d) => n + d.length, 0) / docs.length || 1;
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d)) if (queryTerms.includes(t)) df.set(t, (df.get(t) ?? 0) + 1);

  const ranked: Ranked[] = [];
  docs.forEach((words, i) => {
    const tf = new Map<string, number>();
    for (const w of words) if (df.has(w)) tf.set(w, (tf.get(w) ?? 0) + 1);
    let score = 0;
    for (const [term, f] of tf) {
      const n = df.get(term)!;
      const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
      score += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * words.length) / avgLen));
    }
    if (score > 0) ranked.push({ passage: passages[i]!, score });
  });
  return ranked.sort((a, b) => b.score - a.score);
}

/** A deliberately cautious estimate (about 3.5 characters a token for Latin text, 1 for CJK). */
export function estimateTokens(text: string): number {
  const wide = text.match(/[\u3000-\u9fff\uac00-\ud7af\u0e00-\u0e7f]/g)?.length ?? 0;
  return Math.ceil((text.length - wide) / 3.5 + wide) + 20;
}

export const DEFAULT_FRAGMENT_BUDGET = 8000;

export interface Selection {
  passages: SourcedPassage[];
  /** Relevant passages that did not fit the budget. */
  leftOut: number;
}

/**
 * The passages to send: the user's selection first (always relevant: the user chose it), then the
 * best-ranked ones while they fit the token budget.
 */
export function selectPassages(
  passages: SourcedPassage[],
  question: string,
  budgetTokens = DEFAULT_FRAGMENT_BUDGET,
): Selection {
  const chosen: SourcedPassage[] = [];
  let used = 0;
  let leftOut = 0;
  const take = (p: SourcedPassage) => {
    const cost = estimateTokens(p.text);
    if (used + cost > budgetTokens) {
      leftOut++;
      return;
    }
    used += cost;
    chosen.push(p);
  };
  passages.filter((p) => p.selection).forEach(take);
  for (const { passage } of rankPassages(passages.filter((p) => !p.selection), question)) take(passage);
  return { passages: chosen, leftOut };
}
