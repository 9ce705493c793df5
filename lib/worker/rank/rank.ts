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
 * The scores are bm25.ts's, the share of the question the best passages hold relevance.ts's. The
 * measurements behind the weights are in eval/rank.ts and the closing note of issue 5.
 */
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import { DEFAULT_FRAGMENT_BUDGET } from '@/lib/shared/store/settings';
import { addInto, bm25, corpusOf, idfOf, lexicalScore, makeQuery, type Doc, type Lexical } from './bm25';
import { fragmentTokens } from './budget';
import { makeRoom, passageWords, type PassageWords } from './passage-words';
import { readQuestion, type Question } from './question';
import { relevanceOf } from './relevance';

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
  const { docs, stats, totalLen } = corpusOf(passages, words, query, qWords);
  const lexical = lexicalScore(stats);
  const pages = pageScores(passages, words, docs, qWords, totalLen);

  const own = docs.map((d) => (d.tf.size + d.gf.size === 0 ? 0 : lexical(d.tf, d.gf, d.len, d.gramLen, d.window)));
  let top = 0;
  for (const x of own) if (x > top) top = x;
  if (top === 0) return { units: [], relevance: 0 };
  const prior = (tabId: number) => (pages.best > 0 ? (PAGE_WEIGHT * top * pages.scores.get(tabId)!) / pages.best : 0);

  const units: RankedUnit[] = [];
  docs.forEach((d, i) => {
    if (own[i]! > 0 && !d.passage.selection) units.push({ members: [d.passage], score: own[i]! + prior(d.passage.tabId) });
  });
  units.push(...neighbourUnits(docs, lexical, prior));

  units.sort((x, y) => y.score - x.score || byPlace(x.members[0]!, y.members[0]!) || x.members.length - y.members.length);
  const best = units.slice(0, RELEVANCE_DEPTH).map((u) => u.members);
  return { units, relevance: relevanceOf(best, docs, read.words, stats, query) };
}

/**
 * The page prior: each tab's passages taken together as one document, scored by BM25 against the
 * question; `best`, the best tab's score.
 */
function pageScores(
  passages: SourcedPassage[],
  words: PassageWords[],
  docs: Doc[],
  qWords: string[],
  totalLen: number,
): { scores: Map<number, number>; best: number } {
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
  const scores = new Map([...tabs].map(([id, t]) => [id, bm25(t.tf, tabIdf, t.len, avgTabLen)]));
  return { scores, best: Math.max(...scores.values(), 0) };
}

/** Neighbours whose words the question needs from both sides, each pair one unit. */
function neighbourUnits(docs: Doc[], lexical: Lexical, prior: (tabId: number) => number): RankedUnit[] {
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
  const units: RankedUnit[] = [];
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
  return units;
}

/** True when each side holds a word of the question that the other lacks. */
function straddles(a: Map<string, number>, b: Map<string, number>): boolean {
  let aOnly = false;
  let bOnly = false;
  for (const t of a.keys()) if (!b.has(t)) aOnly = true;
  for (const t of b.keys()) if (!a.has(t)) bOnly = true;
  return aOnly && bOnly;
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
