/**
 * Which fragments a question sends, by what it asks (lib/worker/rank/intent.ts) and by the thread it
 * continues. A lookup gets the ranking of lib/worker/rank/rank.ts as it is; an overview gets each page in
 * scope spread out, its opening then passages across its sections, in reading order; a
 * comparison gets every tab in scope with a fair share of the budget, its best passages for the
 * question first. A follow-up that names nothing new ("Tell me more about that.", "¿Y eso?") is
 * ranked on the earlier question it continues, with that question's intent.
 */
import { fragmentTokens } from './budget';
import { fitSelection, rankPassages, RELATIVE_FLOOR, selectPassages, unitPassage, type Selection } from './rank';
import { plainWords } from './tokenize';
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import { namesNothingNew, type Intent } from './intent';
import { readQuestion, type Question, type ReadQuestion } from './question';
import { absentFrom, namesNothing } from './named';

export interface Choice extends Selection {
  intent: Intent;
  /** The words the passages were chosen on: the question's own, or with the thread's. */
  rankedOn: string;
  /** True when the thread's earlier question supplied the words (or the intent). */
  fromThread: boolean;
}

/**
 * The fragments for `question` within `budget` tokens. `earlier` holds the thread's earlier
 * questions, most recent last (none for a fresh question). Never abstains for an overview or a
 * comparison when there is anything to send; a lookup abstains as lib/worker/rank/rank.ts decides, and
 * only when it names something no passage holds (lib/worker/rank/named.ts).
 */
export function choosePassages(passages: SourcedPassage[], question: Question, budget: number, earlier: Question[] = []): Choice {
  // Each question read once; every step below takes the reading.
  const asked = readQuestion(question);
  const before = earlier.map(readQuestion);
  let intent = asked.intent;
  let ranked = asked;
  let fromThread = false;
  const anchor = threadAnchor(before);
  if (anchor !== null && namesNothingNew(asked, before)) {
    ranked = anchor;
    if (intent === 'lookup') intent = anchor.intent;
    fromThread = true;
  }
  const rankedOn = ranked.text;

  if (intent === 'lookup') {
    const own = selectPassages(passages, ranked, budget);
    if (own.abstain && anchor !== null && !fromThread) {
      // A follow-up with a new word that the pages lack on its own ("And in 1990?"): its words
      // with the thread's.
      const withThread = `${asked.text} ${anchor.text}`;
      const joined = selectPassages(passages, withThread, budget);
      if (!joined.abstain) return { ...joined, intent, rankedOn: withThread, fromThread: true };
    }
    // Refused unasked only on evidence: the question names something (a number or code, a quoted
    // phrase, a proper name) that no passage holds (lib/worker/rank/named.ts). Made of words that
    // merely do not occur in the pages ("Is this worth reading?"), it is asked as an overview.
    if (own.abstain && absentFrom(ranked.named, ranked.text, passages).length === 0) {
      // Naming what the pages hold, it gets its best passages however weak; naming nothing the
      // ranking can find, their overview.
      const always = namesNothing(ranked.named) ? null : selectPassages(passages, ranked, budget, true);
      if (always && !always.abstain) return { ...always, intent, rankedOn, fromThread };
      return { ...overviewSelection(passages, budget), intent: 'overview', rankedOn, fromThread };
    }
    return { ...own, intent, rankedOn, fromThread };
  }
  const spread =
    intent === 'overview' ? overviewSelection(passages, budget) : comparisonSelection(passages, ranked.cueFree, budget);
  return { ...spread, intent, rankedOn, fromThread };
}

/** The most recent earlier question that names something, which a "tell me more" continues. */
function threadAnchor(earlier: ReadQuestion[]): ReadQuestion | null {
  for (let i = earlier.length - 1; i >= 0; i--) if (!namesNothingNew(earlier[i]!, earlier.slice(0, i))) return earlier[i]!;
  return earlier.length > 0 ? earlier[0]! : null;
}

/** How many equal slices a page without headings is cut into, as its sections. */
export const EQUAL_SLICES = 6;

/**
 * A page's sections, in reading order: its passages grouped by the heading above them when the
 * page has at least two such groups, else its text cut in `EQUAL_SLICES` equal slices (by
 * characters; a passage belongs to the slice its middle falls in). `passages` are one page's, in
 * reading order.
 */
export function pageSections(passages: SourcedPassage[]): SourcedPassage[][] {
  const byHeading: SourcedPassage[][] = [];
  let last: string | undefined | null = null;
  for (const p of passages) {
    if (byHeading.length === 0 || p.heading !== last) byHeading.push([]);
    byHeading.at(-1)!.push(p);
    last = p.heading;
  }
  if (byHeading.length >= 2) return byHeading;
  const total = passages.reduce((n, p) => n + p.text.length, 0);
  const slices: SourcedPassage[][] = Array.from({ length: EQUAL_SLICES }, () => []);
  let at = 0;
  for (const p of passages) {
    const middle = at + p.text.length / 2;
    slices[Math.min(EQUAL_SLICES - 1, Math.floor((middle / (total || 1)) * EQUAL_SLICES))]!.push(p);
    at += p.text.length;
  }
  return slices.filter((s) => s.length > 0);
}

/**
 * 0..n-1 in an order that spreads over the range whatever its prefix: the first, then the middle,
 * the quarters, the eighths… (van der Corput), so that a budget that stops anywhere has sampled
 * the whole of it.
 */
export function spreadOrder(n: number): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  const push = (i: number) => {
    if (i < n && !seen.has(i)) {
      seen.add(i);
      out.push(i);
    }
  };
  push(0);
  for (let denom = 2; out.length < n && denom <= 2 * n; denom *= 2) {
    for (let k = 1; k < denom; k += 2) push(Math.floor((k * n) / denom));
  }
  for (let i = 0; i < n; i++) push(i);
  return out;
}

/** The passages of one page in the order an overview takes them: its opening, then one from each section, spread, and again. */
function overviewQueue(page: SourcedPassage[]): SourcedPassage[] {
  const sections = pageSections(page);
  const order = spreadOrder(sections.length);
  const inner = sections.map((s) => spreadOrder(s.length).map((i) => s[i]!));
  const out: SourcedPassage[] = [];
  for (let round = 0; out.length < page.length; round++) {
    for (const s of order) {
      const p = inner[s]![round];
      if (p) out.push(p);
    }
  }
  return out;
}

const byPlace = (a: SourcedPassage, b: SourcedPassage) => a.frameId - b.frameId || a.order - b.order;

/** The pages in scope, one per tab in the order the tabs come, each in reading order; the user's selection apart. */
function pagesOf(passages: SourcedPassage[]): Map<number, SourcedPassage[]> {
  const pages = new Map<number, SourcedPassage[]>();
  for (const p of passages) {
    if (p.selection) continue;
    const page = pages.get(p.tabId) ?? [];
    page.push(p);
    pages.set(p.tabId, page);
  }
  for (const page of pages.values()) page.sort(byPlace);
  return pages;
}

/** The user's selection, always first, cut to fit: as lib/worker/rank/rank.ts `selectPassages` sends it. */
function selectionFirst(
  passages: SourcedPassage[],
  budget: number,
): { chosen: SourcedPassage[]; tokens: number; leftOut: number } {
  const chosen: SourcedPassage[] = [];
  let tokens = 0;
  let leftOut = 0;
  for (const p of passages.filter((x) => x.selection)) {
    const fitted = fitSelection(p, budget - tokens);
    if (!fitted) {
      leftOut++;
      continue;
    }
    chosen.push(fitted);
    tokens += fragmentTokens(fitted);
  }
  return { chosen, tokens, leftOut };
}

/**
 * Fills the budget from each tab's queue in turn, the tab that has used the fewest tokens next
 * (ties in tab order): every tab gets its first choice that fits its equal share before any gets
 * a second, and then what is left is shared the same way. Each queue entry is one fragment (a passage, or a passage with its neighbour).
 * Returns the fragments by tab, in tab order, each tab's in reading order. `first`, when given,
 * puts some tabs before the others (ties and the order of the prompt): the tabs that match the
 * question best, when the budget cannot hold a fragment of every tab.
 */
function fairFill(
  queues: Map<number, SourcedPassage[][]>,
  budget: number,
  start: { tokens: number; leftOut: number },
  first: Map<number, number> = new Map(),
  /** The tab's first entry (its best passage for the question) is taken even past its share. */
  bestFirst = false,
) {
  const tabs = [...queues.keys()].sort((a, b) => (first.get(b) ?? 0) - (first.get(a) ?? 0));
  const used = new Map(tabs.map((t) => [t, 0]));
  const taken = new Set<SourcedPassage>();
  const chosen = new Map<number, Array<{ fragment: SourcedPassage; first: SourcedPassage }>>(tabs.map((t) => [t, []]));
  let { tokens, leftOut } = start;
  // Two rounds: first each tab within its equal share (what does not fit it waits, in order),
  // so that a long opening of one tab cannot take the place of every passage of another; then
  // what waited, with all the budget left.
  const share = (budget - tokens) / (tabs.length || 1);
  let pending = new Map(tabs.map((t) => [t, queues.get(t)!]));
  for (const cap of [share, Infinity]) {
    const next = new Map(tabs.map((t) => [t, 0]));
    const waiting = new Map<number, SourcedPassage[][]>(tabs.map((t) => [t, []]));
    for (;;) {
      let tab: number | undefined;
      for (const t of tabs)
        if (next.get(t)! < pending.get(t)!.length && (tab === undefined || used.get(t)! < used.get(tab)!)) tab = t;
      if (tab === undefined) break;
      const members = pending.get(tab)![next.get(tab)!]!;
      next.set(tab, next.get(tab)! + 1);
      if (members.some((m) => taken.has(m))) continue;
      const fragment = unitPassage({ members, score: 0 });
      const cost = fragmentTokens(fragment);
      const exempt = bestFirst && used.get(tab) === 0 && next.get(tab) === 1 && pending.get(tab) === queues.get(tab);
      if (!exempt && used.get(tab)! + cost > cap) {
        waiting.get(tab)!.push(members);
        continue;
      }
      if (tokens + cost > budget) {
        if (cap === Infinity) leftOut++;
        else waiting.get(tab)!.push(members);
        continue;
      }
      tokens += cost;
      used.set(tab, used.get(tab)! + cost);
      members.forEach((m) => taken.add(m));
      chosen.get(tab)!.push({ fragment, first: members[0]! });
    }
    pending = waiting;
  }
  const passages = tabs.flatMap((t) =>
    chosen
      .get(t)!
      .sort((a, b) => byPlace(a.first, b.first))
      .map((c) => c.fragment),
  );
  return { passages, tokens, leftOut };
}

/**
 * An overview: the user's selection, then every page in scope, in reading order, each given its
 * opening and then passages spread across its sections, the pages sharing the budget fairly.
 */
export function overviewSelection(passages: SourcedPassage[], budget: number): Selection {
  const first = selectionFirst(passages, budget);
  const queues = new Map([...pagesOf(passages)].map(([tab, page]) => [tab, overviewQueue(page).map((p) => [p])]));
  const filled = fairFill(queues, budget, first);
  const chosen = [...first.chosen, ...filled.passages];
  return { passages: chosen, tokens: filled.tokens, leftOut: filled.leftOut, abstain: chosen.length === 0, relevance: 1 };
}

/**
 * A comparison: the user's selection, then every tab in scope with a fair share of the budget:
 * its best passages for the question's words first (those scoring at least `RELATIVE_FLOOR` of
 * the tab's best), then its overview, so that a tab that never names the compared thing is
 * still there to compare.
 */
export function comparisonSelection(passages: SourcedPassage[], rankedOn: string, budget: number): Selection {
  const first = selectionFirst(passages, budget);
  const pages = pagesOf(passages);
  const ranked = plainWords(rankedOn).length > 0 ? rankPassages(passages, rankedOn) : { units: [], relevance: 0 };
  const best = new Map<number, SourcedPassage[][]>();
  const top = new Map<number, number>();
  for (const u of ranked.units) {
    const tab = u.members[0]!.tabId;
    const floor = (top.get(tab) ?? u.score) * RELATIVE_FLOOR;
    if (!top.has(tab)) top.set(tab, u.score);
    if (u.score < floor) continue;
    best.set(tab, [...(best.get(tab) ?? []), u.members]);
  }
  const queues = new Map(
    [...pages].map(([tab, page]) => [tab, [...(best.get(tab) ?? []), ...overviewQueue(page).map((p) => [p])]]),
  );
  const filled = fairFill(queues, budget, first, top, true);
  const chosen = [...first.chosen, ...filled.passages];
  return {
    passages: chosen,
    tokens: filled.tokens,
    leftOut: filled.leftOut,
    abstain: chosen.length === 0,
    relevance: ranked.relevance,
  };
}
