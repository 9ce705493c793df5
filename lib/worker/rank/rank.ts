/**
 * Which passages of the tabs in scope answer the question, best first, and which of them fit the
 * token budget. Lexical, in any language (lib/worker/rank/tokenize.ts), and a little better than plain BM25:
 *
 * - BM25 over words, plus BM25 over the words' character 4-grams, which stands in for stemming;
 * - a proximity bonus: the question's rarer words close together (within a window of words),
 *   as they are in the sentence that answers it;
 * - a page prior: the page that matches the question best, as a whole, lifts its passages, since
 *   a question is usually about one page;
 * - a passage and its neighbour ranked as one unit when the question's words straddle them (each
 *   has some the other lacks), so that an answer cut in two by extraction is sent whole.
 *
 * The measurements behind the weights are in eval/rank.ts and the closing note of issue 5.
 */
import { fragmentTokens } from './budget';
import { readQuestion, type Question } from './question';
import { isGrammable, wordBigrams, wordGrams } from './tokenize';
import { makeRoom, numberOf, passageWords, spelling, vocabularySize, wordsWithGrams, type PassageWords } from './passage-words';
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import { DEFAULT_FRAGMENT_BUDGET } from '@/lib/shared/store/settings';

/** BM25's term-frequency saturation: low, so that covering more of the question beats repeating a word. */
const K1 = 0.5;
const B = 0.75;
/** Weight of the 4-gram BM25 beside the word BM25. */
const GRAM_WEIGHT = 1;
/** Window (in words) and weight of the proximity bonus. */
const WINDOW = 15;
const WINDOW_WEIGHT = 0.5;
/** The best page's passages gain this share of the top passage's score (other pages in proportion). */
const PAGE_WEIGHT = 0.2;

/**
 * The share of the question (each word weighted by its rarity in the pages) that the best
 * passage must hold for the question to be worth a model call. Below it, the answer is "not
 * found in these pages" without asking Claude. Measured in eval/rank.ts on questions whose page
 * is closed (their answer is not in the tabs) and on questions whose page is open.
 */
export const RELEVANCE_THRESHOLD = 0.12;
/** Passages scoring less than this share of the best one are noise: never sent, never counted as left out. */
export const RELATIVE_FLOOR = 0.15;
/** How many of the best units the relevance of a question is judged on. */
const RELEVANCE_DEPTH = 10;

/** One thing to send: a passage, or a passage with its neighbour. */
export interface RankedUnit {
  /** One passage, or two neighbours in reading order. */
  members: SourcedPassage[];
  score: number;
}

interface Doc {
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

interface Stats {
  n: number;
  avgLen: number;
  avgGramLen: number;
  idf: Map<string, number>;
  /** How many passages hold each word of the question. */
  df: Map<string, number>;
  gramIdf: Map<string, number>;
}

const idfOf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

function bm25(tf: Map<string, number>, idf: Map<string, number>, len: number, avgLen: number): number {
  let s = 0;
  const norm = K1 * (1 - B + (B * len) / avgLen);
  for (const [t, f] of tf) s += (idf.get(t)! * f * (K1 + 1)) / (f + norm);
  return s;
}

function addInto(into: Map<string, number>, from: Map<string, number>): Map<string, number> {
  for (const [k, v] of from) into.set(k, (into.get(k) ?? 0) + v);
  return into;
}

/**
 * The question's words and grams, and which page words (by vocabulary number, lib/worker/rank/passage-words.ts)
 * hold them: `mark[id]` is 1 for a question word, 2 for a word sharing 4-grams with the question
 * (listed in `gramsOf`, in the word's order), 3 for both.
 */
interface Query {
  terms: Set<string>;
  /** Each page word's place among the question's words (`mark` 1 or 3), for the proximity bonus. */
  termIndex: Map<number, number>;
  grams: Set<string>;
  mark: Uint8Array;
  gramsOf: Map<number, string[]>;
}

function makeQuery(qWords: string[]): Query {
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

/** A passage's frequencies of the question's words and 4-grams, from its words found once per reading. */
/** Where the question's words occur in a passage: position, then the word's place in the question, flat. */
type Hits = number[];

function analyse(p: SourcedPassage, w: PassageWords, q: Query): { doc: Doc; hits: Hits } | null {
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

function byPlace(a: SourcedPassage, b: SourcedPassage): number {
  return a.tabId - b.tabId || a.frameId - b.frameId || a.order - b.order;
}

export interface Ranking {
  units: RankedUnit[];
  /** The share of the question held by the best of the first units, 0 to 1. */
  relevance: number;
}

/**
 * Every unit that shares a word or a stem with the question, best first (ties in reading order,
 * so the same pages and question always give the same ranking), and how relevant the best is.
 * The user's selection is not ranked: it is always sent (see `selectPassages`).
 */
export function rankPassages(passages: SourcedPassage[], question: Question): Ranking {
  const read = readQuestion(question);
  const qWords = read.searchWords;
  if (qWords.length === 0 || passages.length === 0) return { units: [], relevance: 0 };
  makeRoom(passages.length);
  const words = passages.map(passageWords);
  const query = makeQuery(qWords);
  const n = passages.length;
  let totalLen = 0;
  let totalGramLen = 0;
  // Only the passages holding something of the question are scored; the others count for the
  // lengths and the number of passages alone.
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

  const lexical = (tf: Map<string, number>, gf: Map<string, number>, len: number, gramLen: number, window: number) =>
    bm25(tf, stats.idf, len, stats.avgLen) +
    GRAM_WEIGHT * bm25(gf, stats.gramIdf, gramLen, stats.avgGramLen) +
    WINDOW_WEIGHT * window;

  // The page prior: each tab's passages taken together as one document.
  const tabs = new Map<number, { tf: Map<string, number>; len: number }>();
  passages.forEach((p, i) => {
    const t = tabs.get(p.tabId) ?? { tf: new Map(), len: 0 };
    t.len += words[i]!.seq.length;
    tabs.set(p.tabId, t);
  });
  for (const d of docs) addInto(tabs.get(d.passage.tabId)!.tf, d.tf);
  const tabDf = new Map<string, number>();
  for (const t of tabs.values()) for (const w of t.tf.keys()) tabDf.set(w, (tabDf.get(w) ?? 0) + 1);
  const tabIdf = new Map(qWords.map((w) => [w, idfOf(tabs.size, tabDf.get(w) ?? 0)]));
  const avgTabLen = totalLen / tabs.size || 1;
  const tabScore = new Map([...tabs].map(([id, t]) => [id, bm25(t.tf, tabIdf, t.len, avgTabLen)]));
  const bestTab = Math.max(...tabScore.values(), 0);

  const own = docs.map((d) => (d.tf.size + d.gf.size === 0 ? 0 : lexical(d.tf, d.gf, d.len, d.gramLen, d.window)));
  let top = 0;
  for (const x of own) if (x > top) top = x;
  if (top === 0) return { units: [], relevance: 0 };
  const prior = (tabId: number) => (bestTab > 0 ? (PAGE_WEIGHT * top * tabScore.get(tabId)!) / bestTab : 0);

  const units: RankedUnit[] = [];
  docs.forEach((d, i) => {
    if (own[i]! > 0 && !d.passage.selection) units.push({ members: [d.passage], score: own[i]! + prior(d.passage.tabId) });
  });

  // Neighbours whose words the question needs from both sides.
  const at = new Map<number, Map<number, Map<number, number>>>();
  docs.forEach((d, i) => {
    if (d.tf.size === 0) return;
    const { tabId, frameId, order } = d.passage;
    let inTab = at.get(tabId);
    if (!inTab) at.set(tabId, (inTab = new Map()));
    let inFrame = inTab.get(frameId);
    if (!inFrame) inTab.set(frameId, (inFrame = new Map()));
    inFrame.set(order, i);
  });
  docs.forEach((a) => {
    const j = at
      .get(a.passage.tabId)
      ?.get(a.passage.frameId)
      ?.get(a.passage.order + 1);
    if (j === undefined || a.passage.selection) return;
    const b = docs[j]!;
    if (b.passage.selection || !straddles(a.tf, b.tf)) return;
    const score = lexical(
      addInto(new Map(a.tf), b.tf),
      addInto(new Map(a.gf), b.gf),
      a.len + b.len,
      a.gramLen + b.gramLen,
      Math.max(a.window, b.window),
    );
    units.push({ members: [a.passage, b.passage], score: score + prior(a.passage.tabId) });
  });

  units.sort((x, y) => y.score - x.score || byPlace(x.members[0]!, y.members[0]!) || x.members.length - y.members.length);
  const asked = read.words;
  const best = units.slice(0, RELEVANCE_DEPTH);
  const docOf = new Map<SourcedPassage, Doc>();
  const wanted = new Set(best.flatMap((u) => u.members));
  for (const d of docs) if (wanted.has(d.passage)) docOf.set(d.passage, d);
  const relevance = Math.max(
    0,
    ...best.map((u) =>
      coverage(
        u.members.map((m) => docOf.get(m)!),
        asked,
        stats,
        query,
      ),
    ),
  );
  return { units, relevance };
}

/** True when each side holds a word of the question that the other lacks. */
function straddles(a: Map<string, number>, b: Map<string, number>): boolean {
  let aOnly = false;
  let bOnly = false;
  for (const t of a.keys()) if (!b.has(t)) aOnly = true;
  for (const t of b.keys()) if (!a.has(t)) bOnly = true;
  return aOnly && bOnly;
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

/** A unit as the one passage the prompt shows: a passage with its neighbour reads as one. */
export function unitPassage(u: RankedUnit): SourcedPassage {
  if (u.members.length === 1) return u.members[0]!;
  const [a, b] = u.members as [SourcedPassage, SourcedPassage];
  // A line break, as extraction puts between the short blocks it joins: whitespace to the
  // verifier and to anchoring, which both collapse it.
  return { ...a, id: `${a.id}+${b.id}`, text: `${a.text}\n${b.text}`, seams: [a.text.length + 1] };
}

/** The most of the passage budget the user's selection may take. */
export const SELECTION_SHARE = 0.25;

export interface Selection {
  /** What to send, in the prompt's order: the user's selection, then the best units, best first. */
  passages: SourcedPassage[];
  /** Relevant units that did not fit the budget. */
  leftOut: number;
  /** Estimated tokens of the fragments. */
  tokens: number;
  /** True when nothing is relevant enough to ask about: no model call. */
  abstain: boolean;
  /** The share of the question the best passage holds (see `RELEVANCE_THRESHOLD`). */
  relevance: number;
}

/**
 * The passages to send for a question, within `budget` tokens (lib/worker/rank/budget.ts `fragmentBudget`).
 * The user's selection first (the user chose it; it is sent even when it shares no word with
 * the question), then units best first while they fit. Best first is the order Claude reads them
 * in; caching does not need another one, since a follow-up question reuses the block sent before
 * as it was (lib/worker/prompt/reuse.ts).
 */
export function selectPassages(
  passages: SourcedPassage[],
  question: Question,
  budget = DEFAULT_FRAGMENT_BUDGET,
  /** Send the best there is even when it holds little of the question (lib/worker/rank/choose.ts decides). */
  always = false,
): Selection {
  const chosen: SourcedPassage[] = [];
  const used = new Set<SourcedPassage>();
  let tokens = 0;
  let leftOut = 0;

  // One selection, within its share of the budget: it leads, but cannot crowd out the pages.
  for (const p of passages.filter((x) => x.selection).slice(0, 1)) {
    const fitted = fitSelection(p, Math.min(budget - tokens, Math.floor(budget * SELECTION_SHARE)));
    if (!fitted) {
      leftOut++;
      continue;
    }
    chosen.push(fitted);
    tokens += fragmentTokens(fitted);
  }

  const { units, relevance } = rankPassages(passages, question);
  const abstain = chosen.length === 0 && relevance < RELEVANCE_THRESHOLD && !always;
  if (abstain) return { passages: [], leftOut: 0, tokens: 0, abstain, relevance };

  const floor = (units[0]?.score ?? 0) * RELATIVE_FLOOR;
  for (const u of units) {
    if (u.score < floor) break;
    if (u.members.some((m) => used.has(m))) continue;
    const p = unitPassage(u);
    const cost = fragmentTokens(p);
    if (tokens + cost > budget) {
      leftOut++;
      continue;
    }
    tokens += cost;
    chosen.push(p);
    u.members.forEach((m) => used.add(m));
  }
  return { passages: chosen, leftOut, tokens, abstain: chosen.length === 0, relevance };
}

/** The selection, cut at a word boundary to fit `room` tokens when it is longer; null when nothing fits. */
export function fitSelection(p: SourcedPassage, room: number): SourcedPassage | null {
  if (fragmentTokens(p) <= room) return p;
  let lo = 0;
  let hi = p.text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fragmentTokens({ ...p, text: p.text.slice(0, mid) }) <= room) lo = mid;
    else hi = mid - 1;
  }
  const cut = p.text.slice(0, lo).replace(/\s+\S*$/u, '');
  return cut.trim() ? { ...p, text: cut } : null;
}
