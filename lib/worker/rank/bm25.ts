/**
 * The lexical scores behind the ranking (rank.ts), each passage read once against the question:
 * BM25 over words, BM25 over the words' character 4-grams (which stands in for stemming), and a
 * proximity bonus for the question's rarer words close together. Kept apart from rank.ts so that
 * the ranking reads as its steps (score, page prior, neighbours, relevance) and each file in one
 * sitting. The measurements behind the weights are in eval/rank.ts and the closing note of issue 5.
 */
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import { numberOf, spelling, vocabularySize, wordsWithGrams, type PassageWords } from './passage-words';
import { wordGrams } from './tokenize';

/** BM25's term-frequency saturation: low, so that covering more of the question beats repeating a word. */
const K1 = 0.5;
const B = 0.75;
/** Weight of the 4-gram BM25 beside the word BM25. */
const GRAM_WEIGHT = 1;
/** Window (in words) and weight of the proximity bonus. */
const WINDOW = 15;
const WINDOW_WEIGHT = 0.5;

export interface Doc {
  passage: SourcedPassage;
  words: PassageWords;
  /** Term frequencies of the question's words in the passage. */
  tf: Map<string, number>;
  /** Frequencies of the question's 4-grams in the passage's words. */
  gf: Map<string, number>;
  len: number;
  gramLen: number;
  /** Best proximity bonus in the passage. */
  window: number;
}

export interface Stats {
  n: number;
  avgLen: number;
  avgGramLen: number;
  idf: Map<string, number>;
  /** How many passages hold each word of the question. */
  df: Map<string, number>;
  gramIdf: Map<string, number>;
}

export const idfOf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

export function bm25(tf: Map<string, number>, idf: Map<string, number>, len: number, avgLen: number): number {
  let s = 0;
  const norm = K1 * (1 - B + (B * len) / avgLen);
  for (const [t, f] of tf) s += (idf.get(t)! * f * (K1 + 1)) / (f + norm);
  return s;
}

export function addInto(into: Map<string, number>, from: Map<string, number>): Map<string, number> {
  for (const [k, v] of from) into.set(k, (into.get(k) ?? 0) + v);
  return into;
}

/**
 * The question's words and grams, and which page words (by vocabulary number, lib/worker/rank/passage-words.ts)
 * hold them: `mark[id]` is 1 for a question word, 2 for a word sharing 4-grams with the question
 * (listed in `gramsOf`, in the word's order), 3 for both.
 */
export interface Query {
  terms: Set<string>;
  /** Each page word's place among the question's words (`mark` 1 or 3), for the proximity bonus. */
  termIndex: Map<number, number>;
  grams: Set<string>;
  mark: Uint8Array;
  gramsOf: Map<number, string[]>;
}

export function makeQuery(qWords: string[]): Query {
  const terms = new Set(qWords);
  const grams = new Set(qWords.flatMap(wordGrams));
  const mark = new Uint8Array(vocabularySize());
  const gramsOf = new Map<number, string[]>();
  const termIndex = new Map<number, number>();
  qWords.forEach((t, k) => {
    const id = numberOf(t);
    if (id === undefined) return;
    mark[id] = 1;
    termIndex.set(id, k);
  });
  for (const id of wordsWithGrams(grams)) {
    const held = wordGrams(spelling(id)).filter((g) => grams.has(g));
    if (held.length === 0) continue;
    gramsOf.set(id, held);
    mark[id]! |= 2;
  }
  return { terms, termIndex, grams, mark, gramsOf };
}

/** Where the question's words occur in a passage: position, then the word's place in the question, flat. */
export type Hits = number[];

/** A passage's frequencies of the question's words and 4-grams, from its words found once per reading. */
export function analyse(p: SourcedPassage, w: PassageWords, q: Query): { doc: Doc; hits: Hits } | null {
  const tf = new Map<string, number>();
  const gf = new Map<string, number>();
  const hits: Hits = [];
  const { distinct, counts, seq } = w;
  for (let k = 0; k < distinct.length; k++) {
    const id = distinct[k]!;
    const m = q.mark[id]!;
    if (m === 0) continue;
    if (m & 1) tf.set(spelling(id), counts[k]!);
    if (m & 2) for (const g of q.gramsOf.get(id)!) gf.set(g, (gf.get(g) ?? 0) + counts[k]!);
  }
  if (tf.size === 0 && gf.size === 0) return null;
  if (tf.size > 0) for (let i = 0; i < seq.length; i++) if (q.mark[seq[i]!]! & 1) hits.push(i, q.termIndex.get(seq[i]!)!);
  return { doc: { passage: p, words: w, tf, gf, len: seq.length, gramLen: w.gramLen, window: 0 }, hits };
}

/**
 * The largest sum of distinct question words' rarity within any `WINDOW` consecutive words.
 * `idf` by the word's place in the question.
 */
function bestWindow(hits: Hits, idf: Float64Array): number {
  const inWindow = new Int32Array(idf.length);
  let sum = 0;
  let best = 0;
  let left = 0;
  for (let h = 0; h < hits.length; h += 2) {
    const pos = hits[h]!;
    const term = hits[h + 1]!;
    while (pos - hits[left]! >= WINDOW) {
      const t = hits[left + 1]!;
      if (--inWindow[t]! === 0) sum -= idf[t]!;
      left += 2;
    }
    if (inWindow[term]!++ === 0) sum += idf[term]!;
    best = Math.max(best, sum);
  }
  return best;
}

/** The passages read against the question, and the statistics BM25 weighs them by. */
export interface Corpus {
  /** The passages holding something of the question, with where its words occur in each. */
  analysed: Array<{ doc: Doc; hits: Hits }>;
  docs: Doc[];
  stats: Stats;
  /** The words of every passage, scored or not. */
  totalLen: number;
}

/**
 * Only the passages holding something of the question are scored; the others count for the
 * lengths and the number of passages alone. Each scored passage's proximity bonus is found once
 * the words' rarity is known.
 */
export function corpusOf(passages: SourcedPassage[], words: PassageWords[], query: Query, qWords: string[]): Corpus {
  const n = passages.length;
  let totalLen = 0;
  let totalGramLen = 0;
  const analysed: Array<{ doc: Doc; hits: Hits }> = [];
  words.forEach((w, i) => {
    totalLen += w.seq.length;
    totalGramLen += w.gramLen;
    const a = analyse(passages[i]!, w, query);
    if (a) analysed.push(a);
  });
  const docs = analysed.map((a) => a.doc);
  const df = new Map<string, number>();
  const gdf = new Map<string, number>();
  for (const d of docs) {
    for (const t of d.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
    for (const g of d.gf.keys()) gdf.set(g, (gdf.get(g) ?? 0) + 1);
  }
  const stats: Stats = {
    n,
    avgLen: totalLen / n || 1,
    avgGramLen: totalGramLen / n || 1,
    // Words no passage holds weigh the most: a question about them is not answered here.
    idf: new Map(qWords.map((t) => [t, idfOf(n, df.get(t) ?? 0)])),
    df,
    gramIdf: new Map([...query.grams].map((g) => [g, idfOf(n, gdf.get(g) ?? 0)])),
  };
  const idfByPlace = Float64Array.from(qWords, (t) => stats.idf.get(t)!);
  analysed.forEach(({ doc, hits }) => (doc.window = hits.length > 0 ? bestWindow(hits, idfByPlace) : 0));
  return { analysed, docs, stats, totalLen };
}

/** A passage's (or two neighbours') score: BM25 over words, over 4-grams, and the proximity bonus. */
export type Lexical = (tf: Map<string, number>, gf: Map<string, number>, len: number, gramLen: number, window: number) => number;

/** The lexical score within the corpus of `stats`. */
export function lexicalScore(stats: Stats): Lexical {
  return (tf, gf, len, gramLen, window) =>
    bm25(tf, stats.idf, len, stats.avgLen) +
    GRAM_WEIGHT * bm25(gf, stats.gramIdf, gramLen, stats.avgGramLen) +
    WINDOW_WEIGHT * window;
}
