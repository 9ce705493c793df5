/**
 * npm run eval:questions -- <corpus> [--budget <tokens>]
 *
 * The questions people bring to open tabs that are not lookups: overviews ("Summarise this
 * page", "¿De qué trata esta página?") and comparisons ("Compare these pages"), in several
 * languages (eval/questions/kinds.json). Every page of the corpus is an open tab, read by the
 * extension's own extraction in headless Chromium; the fragments are chosen by the extension's
 * own code (lib/worker/rank/choose.ts) with the default budget.
 *
 * - asked: the share of questions that would reach Claude rather than end as "not found"
 *   without a call (goal 1.000);
 * - coverage: for overviews, the share of each page's sections (by heading, else equal slices:
 *   `pageSections`) holding a fragment sent, out of the sections the page's share of the budget
 *   could hold (the cheapest passage of each section, cheapest first), averaged over the pages
 *   in scope whose share holds any (goal ≥ 0.8);
 * - tabs: for comparisons over 2–5 tabs, the share of those tabs with a fragment sent (goal 1.000);
 * - judgement: questions of judgement and gist in 14 languages ("Is this worth reading?", "Was ist
 *   hier wichtig?", "Czy warto to przeczytać?", "読む価値がありますか"), asked of each page alone and
 *   of all pages: the share that would reach the model (goal 1.000), and those that would not.
 *
 * Overviews are asked of each page alone ("This tab") and of all pages at once; comparisons of
 * groups of 2, 3, 4 and 5 neighbouring pages.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fragmentTokens } from '@/lib/worker/rank/budget';
import { choosePassages, pageSections, type Choice } from '@/lib/worker/rank/choose';
import { selectPassages } from '@/lib/worker/rank/rank';
import { DEFAULT_FRAGMENT_BUDGET } from '@/lib/shared/store/settings';
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import { numberOption } from './lib/cli';
import { corpusArg, listPages } from './lib/corpus';
import { readCorpusAsTabs, type OpenTab } from './lib/open-tabs';

interface Asked {
  lang: string;
  question: string;
}
const kinds = JSON.parse(readFileSync(resolve(import.meta.dirname, 'questions/kinds.json'), 'utf8')) as {
  overview: Asked[];
  comparison: Asked[];
  judgement: Asked[];
};

/** The ids of the passages a choice sends (a passage with its neighbour counts as both). */
const sentIds = (c: Choice) => new Set(c.passages.flatMap((p) => p.id.split('+').map((id) => `${p.tabId}/${id}`)));

/**
 * How many of a page's sections a share of the budget could hold: one passage each, the cheapest
 * of each section, the cheapest sections first.
 */
function reachable(sections: SourcedPassage[][], share: number): number {
  const cheapest = sections.map((s) => Math.min(...s.map(fragmentTokens))).sort((a, b) => a - b);
  let n = 0;
  let used = 0;
  for (const cost of cheapest) {
    if (used + cost > share) break;
    used += cost;
    n++;
  }
  return n;
}

/** The share of a page's reachable sections that the choice covers; null when its share reaches none. */
function pageCoverage(tab: OpenTab, sent: Set<string>, share: number): { covered: number; raw: number } | null {
  const page = tab.passages.filter((p) => !p.selection);
  if (page.length === 0) return null;
  const sections = pageSections(page);
  const can = reachable(sections, share);
  const hit = sections.filter((s) => s.some((p) => sent.has(`${p.tabId}/${p.id}`))).length;
  if (can === 0) return null;
  return { covered: Math.min(1, hit / Math.min(can, sections.length)), raw: hit / sections.length };
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const f3 = (x: number) => (Number.isNaN(x) ? '  -  ' : x.toFixed(3));

type Chooser = (passages: SourcedPassage[], question: string, budget: number) => Pick<Choice, 'passages' | 'abstain'>;

interface Figures {
  questions: number;
  asked: number;
  byLang: Map<string, { n: number; asked: number }>;
  tabCov: number[];
  tabRaw: number[];
  allCov: number[];
  allPagesSent: number[];
  tabShares: number[];
  judgement: { n: number; asked: number; refused: Set<string> };
}

/** The figures of one way of choosing fragments, over every question of kinds.json. */
function measure(tabs: OpenTab[], budget: number, choose: Chooser): Figures {
  const all = tabs.flatMap((t) => t.passages);
  const f: Figures = {
    questions: 0,
    asked: 0,
    byLang: new Map(),
    tabCov: [],
    tabRaw: [],
    allCov: [],
    allPagesSent: [],
    tabShares: [],
    judgement: { n: 0, asked: 0, refused: new Set() },
  };
  const count = (lang: string, c: Pick<Choice, 'passages' | 'abstain'>) => {
    f.questions++;
    const ok = !c.abstain && c.passages.length > 0;
    if (ok) f.asked++;
    const l = f.byLang.get(lang) ?? { n: 0, asked: 0 };
    l.n++;
    if (ok) l.asked++;
    f.byLang.set(lang, l);
  };
  const ids = (c: Pick<Choice, 'passages'>) => sentIds(c as Choice);

  // Overviews of each page alone ("This tab").
  for (const tab of tabs) {
    for (const q of kinds.overview) {
      const c = choose(tab.passages, q.question, budget);
      count(q.lang, c);
      const cov = pageCoverage(tab, ids(c), budget);
      if (cov) {
        f.tabCov.push(cov.covered);
        f.tabRaw.push(cov.raw);
      }
    }
  }
  // Overviews of all pages at once.
  for (const q of kinds.overview) {
    const c = choose(all, q.question, budget);
    count(q.lang, c);
    const sent = ids(c);
    f.allPagesSent.push(new Set(c.passages.map((p) => p.tabId)).size / tabs.length);
    for (const tab of tabs) {
      const cov = pageCoverage(tab, sent, budget / tabs.length);
      if (cov) f.allCov.push(cov.covered);
    }
  }
  // Comparisons over groups of 2–5 neighbouring pages.
  for (let k = 2; k <= 5; k++) {
    for (let i = 0; i + k <= tabs.length; i += k) {
      const group = tabs.slice(i, i + k);
      const ps = group.flatMap((t) => t.passages);
      for (const q of kinds.comparison) {
        const c = choose(ps, q.question, budget);
        count(q.lang, c);
        const represented = new Set(c.passages.map((p) => p.tabId));
        f.tabShares.push(group.filter((t) => represented.has(t.tabId)).length / k);
      }
    }
  }
  // Judgement and gist, of each page alone and of all pages at once: counted apart.
  for (const ps of [...tabs.map((t) => t.passages), all]) {
    for (const q of kinds.judgement) {
      const c = choose(ps, q.question, budget);
      f.judgement.n++;
      if (!c.abstain && c.passages.length > 0) f.judgement.asked++;
      else f.judgement.refused.add(`${q.lang}: ${q.question}`);
    }
  }
  return f;
}

function report(name: string, f: Figures): string {
  console.log(`${name}`);
  console.log(`  asked     ${[...f.byLang].map(([l, v]) => `${l} ${f3(v.asked / v.n)}`).join('  ')}`);
  console.log(
    `  overview  this tab: coverage ${f3(mean(f.tabCov))} of the sections the budget holds (${f3(mean(f.tabRaw))} of all sections) over ${f.tabCov.length} page questions`,
  );
  console.log(
    `  overview  all tabs: coverage ${f3(mean(f.allCov))} of the sections each page's share holds; pages sent ${f3(mean(f.allPagesSent))}`,
  );
  console.log(`  compare   tabs represented ${f3(mean(f.tabShares))} over ${f.tabShares.length} comparisons of 2–5 tabs`);
  const j = f.judgement;
  console.log(
    `  judgement asked ${f3(j.asked / (j.n || 1))} of ${j.n} (${kinds.judgement.length} phrasings, each page alone and all pages)` +
      (j.refused.size ? `; refused: ${[...j.refused].join(' | ')}` : ''),
  );
  const coverage = mean([...f.tabCov, ...f.allCov]);
  return `questions asked ${f3(f.asked / (f.questions || 1))} coverage ${f3(coverage)} tabs ${f3(mean(f.tabShares))} over ${f.questions} questions`;
}

async function main() {
  const dir = corpusArg('npm run eval:questions -- <corpus> [--budget <tokens>]');
  const budget = numberOption('budget', DEFAULT_FRAGMENT_BUDGET, (v) => v > 0);
  const tabs = (await readCorpusAsTabs(listPages(dir))).filter((t) => t.passages.length > 0);
  console.log(
    `${tabs.length} pages as tabs (with text), ${tabs.reduce((n, t) => n + t.passages.length, 0)} passages, budget ${budget} tokens`,
  );
  const intents = new Map<string, number>();
  for (const q of [...kinds.overview, ...kinds.comparison]) {
    const c = choosePassages(tabs[0]!.passages, q.question, budget);
    intents.set(`${q.question} → ${c.intent}`, 1);
  }
  const misread = [...intents.keys()].filter((k) => k.endsWith('lookup'));
  if (misread.length) console.log(`read as lookups: ${misread.join('; ')}`);
  // The ranking alone, as every question was answered before intents: the baseline, same run.
  console.log(
    `  ${report('baseline: every question ranked as a lookup (selectPassages)', measure(tabs, budget, selectPassages))}`,
  );
  console.log(report('by intent (choosePassages)', measure(tabs, budget, choosePassages)));
}

await main();
