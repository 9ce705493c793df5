/**
 * npm run eval:rank -- <question-corpus>
 *
 * Every page of the corpus is an open tab, read by the extension's own extraction in headless
 * Chromium; then, for each question, the ranking chooses fragments with the real code and the
 * default budget. Reported: the share of questions whose fragments hold an answer string
 * (in-budget), whose first-ranked fragment does (top1), the mean reciprocal rank of the first
 * fragment that does (0 when none does), and the median time to rank. Plain BM25 from
 * wink-bm25-text-search (whitespace words, no folding), filling the same budget, is the baseline,
 * measured in the same run. Then early abstention: the same questions with their own page closed
 * (the answer is not in the tabs), by the ranking alone and as the extension asks (choosePassages):
 * how often an answerable question would be refused without a call (goal 0), and how often one
 * whose answer is absent is caught without a call; and the time to rank 5,000 passages.
 */
import { createRequire } from 'node:module';
import { fragmentTokens } from '@/lib/worker/rank/budget';
import { containsNormalized } from '@/lib/shared/text/normalize';
import { rankPassages, selectPassages } from '@/lib/worker/rank/rank';
import { choosePassages } from '@/lib/worker/rank/choose';
import { classifyIntent } from '@/lib/worker/rank/intent';
import { clearPassageWords } from '@/lib/worker/rank/passage-words';
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import { corpusArg, listPages, median, readQuestions, type CorpusQuestion } from './lib/corpus';
import { readCorpusAsTabs } from './lib/open-tabs';
import { DEFAULT_FRAGMENT_BUDGET } from '@/lib/shared/store/settings';

const require = createRequire(import.meta.url);
const winkBm25 = require('wink-bm25-text-search') as () => WinkEngine;

interface WinkEngine {
  defineConfig(cfg: { fldWeights: Record<string, number> }): void;
  definePrepTasks(tasks: Array<(s: string) => string[]>): void;
  addDoc(doc: Record<string, string>, id: number): void;
  consolidate(): void;
  search(text: string, limit: number): Array<[number, number]>;
}

interface Figures {
  inBudget: number;
  top1: number;
  mrr: number;
  fragments: number;
  medianMs: number;
}

const holdsAnswer = (q: CorpusQuestion) => (p: SourcedPassage) => q.answers.some((a) => containsNormalized(p.text, a));

/** Figures of one method: `rank` gives the fragments it would send, first-ranked first. */
function measure(questions: CorpusQuestion[], rank: (q: string) => SourcedPassage[]): Figures {
  let inBudget = 0;
  let top1 = 0;
  let rr = 0;
  let fragments = 0;
  const times: number[] = [];
  for (const q of questions) {
    const t0 = performance.now();
    const sent = rank(q.question);
    times.push(performance.now() - t0);
    fragments += sent.length;
    const first = sent.findIndex(holdsAnswer(q));
    if (first < 0) continue;
    inBudget++;
    if (first === 0) top1++;
    rr += 1 / (first + 1);
  }
  const n = questions.length || 1;
  return { inBudget: inBudget / n, top1: top1 / n, mrr: rr / n, fragments: fragments / n, medianMs: median(times) };
}

/** Ours: the fragments `selectPassages` sends, in its order (best first, after any selection). */
function ours(passages: SourcedPassage[]) {
  return (question: string) => selectPassages(passages, question, DEFAULT_FRAGMENT_BUDGET).passages;
}

/** The baseline: wink's BM25 on whitespace words, unfolded; the best passages that fit the same budget. */
function baseline(passages: SourcedPassage[]) {
  const engine = winkBm25();
  engine.defineConfig({ fldWeights: { text: 1 } });
  engine.definePrepTasks([(s) => s.split(/\s+/).filter(Boolean)]);
  passages.forEach((p, i) => engine.addDoc({ text: p.text }, i));
  engine.consolidate();
  return (question: string) => {
    const out: SourcedPassage[] = [];
    let tokens = 0;
    for (const [i] of engine.search(question, passages.length)) {
      const p = passages[i]!;
      const cost = fragmentTokens(p);
      if (tokens + cost > DEFAULT_FRAGMENT_BUDGET) continue;
      tokens += cost;
      out.push(p);
    }
    return out;
  };
}

const f3 = (x: number) => x.toFixed(3);
const line = (name: string, f: Figures) =>
  `${name.padEnd(9)} in-budget ${f3(f.inBudget)} top1 ${f3(f.top1)} mrr ${f3(f.mrr)} fragments ${f.fragments.toFixed(1)} median ${f.medianMs.toFixed(1)} ms`;

async function main() {
  const dir = corpusArg('npm run eval:rank -- <question-corpus>');
  const questions = readQuestions(dir);
  if (questions.length === 0) {
    console.error(`${dir} has no questions.jsonl: a question corpus is needed.`);
    process.exit(2);
  }
  const tabs = await readCorpusAsTabs(listPages(dir));
  const passages = tabs.flatMap((t) => t.passages);
  console.log(`${tabs.length} pages as tabs, ${passages.length} passages, ${questions.length} questions`);

  // Warm-up, so that neither method pays for loading ICU data or JIT in its first question.
  for (const q of questions.slice(0, 5)) {
    ours(passages)(q.question);
  }
  const base = measure(questions, baseline(passages));
  const mine = measure(questions, ours(passages));
  console.log(line('baseline', base) + '   (wink-bm25-text-search, whitespace words, no folding; index built once)');
  console.log(line('rank', mine) + '   (each passage tokenised once per reading, as the extension does)');
  // The extension's path: the question's intent first (lib/worker/rank/choose.ts). Factoid questions
  // should nearly all read as lookups, whose fragments are exactly the ranking's.
  const chosen = measure(questions, (q) => choosePassages(passages, q, DEFAULT_FRAGMENT_BUDGET).passages);
  const lookups = questions.filter((q) => classifyIntent(q.question) === 'lookup').length;
  console.log(line('choose', chosen) + `   (by intent: ${lookups} of ${questions.length} read as lookups)`);

  // Early abstention, on questions whose answer is not in the tabs: all pages open but the
  // question's own, or a single tab open on another page (the next one in the corpus); and, for
  // the false alarms, on the same questions with their page open, alone or among all.
  const tabOfPage = new Map(tabs.map((t) => [t.page.name, t.tabId]));
  const count = { closed: 0, other: 0, own: 0, open: 0, askedClosed: 0, askedOther: 0, askedOwn: 0, askedOpen: 0 };
  for (const q of questions) {
    const own = tabOfPage.get(q.page);
    const other = tabs[(tabs.findIndex((t) => t.tabId === own) + 1) % tabs.length]!.tabId;
    const abstains = (ps: SourcedPassage[]) => (selectPassages(ps, q.question).abstain ? 1 : 0);
    count.closed += abstains(passages.filter((p) => p.tabId !== own));
    count.other += other === own ? 0 : abstains(passages.filter((p) => p.tabId === other));
    count.own += abstains(passages.filter((p) => p.tabId === own));
    count.open += abstains(passages);
    // As the extension asks (lib/worker/rank/choose.ts): the intent first, and a question is refused
    // without a call only when it names something no passage holds (lib/worker/rank/named.ts).
    const refused = (ps: SourcedPassage[]) => (choosePassages(ps, q.question, DEFAULT_FRAGMENT_BUDGET).abstain ? 1 : 0);
    count.askedClosed += refused(passages.filter((p) => p.tabId !== own));
    count.askedOther += other === own ? 0 : refused(passages.filter((p) => p.tabId === other));
    count.askedOwn += refused(passages.filter((p) => p.tabId === own));
    count.askedOpen += refused(passages);
  }
  const n = questions.length;
  console.log(
    `abstain  answer not in the tabs: ${f3(count.closed / n)} with every other page open, ${f3(count.other / n)} with one other page open`,
  );
  console.log(
    `refused  unasked as the extension asks (choosePassages), answer in the tabs (goal 0): ${f3(count.askedOwn / n)} with its page alone, ${f3(count.askedOpen / n)} with every page open`,
  );
  console.log(
    `caught   without a call (choosePassages), answer not in the tabs: ${f3(count.askedClosed / n)} with every other page open, ${f3(count.askedOther / n)} with one other page open`,
  );
  console.log(
    `abstain  answer in the tabs (false alarms): ${f3(count.own / n)} with its page alone, ${f3(count.open / n)} with every page open`,
  );

  // 5,000 passages: the corpus's passages repeated as more tabs, each copy's text its own string
  // (trailing spaces: the same words), so that no copy is found in the cache of another.
  const many: SourcedPassage[] = [];
  for (let copy = 0; many.length < 5000; copy++) {
    for (const p of passages) {
      if (many.length === 5000) break;
      many.push({ ...p, tabId: p.tabId + copy * 10_000, text: p.text + ' '.repeat(copy) });
    }
  }
  // Once per reading (the extension: the first question of a reading pays for its words), against
  // each passage tokenised afresh for every question (as before the cache), in turns, same run.
  selectPassages(many, questions[0]!.question);
  const times: number[] = [];
  const afresh: number[] = [];
  for (const q of questions.slice(0, 30)) {
    let t0 = performance.now();
    selectPassages(many, q.question);
    times.push(performance.now() - t0);
    clearPassageWords();
    t0 = performance.now();
    selectPassages(many, q.question);
    afresh.push(performance.now() - t0);
  }
  const ratio = median(times) / median(afresh);
  console.log(
    `time     to rank 5,000 passages: median ${median(times).toFixed(0)} ms over ${times.length} questions, each passage tokenised once per reading; ` +
      `${median(afresh).toFixed(0)} ms tokenised afresh for each question (as before): ${ratio.toFixed(2)} of it`,
  );

  const units = questions.slice(0, 200).map((q) => rankPassages(passages, q.question).units[0]);
  const pairs = units.filter((u) => u && u.members.length > 1).length;
  console.log(
    `pairs    first fragment is a passage with its neighbour for ${f3(pairs / (units.length || 1))} of the first ${units.length} questions`,
  );

  console.log(`rank in-budget ${f3(mine.inBudget)} top1 ${f3(mine.top1)} mrr ${f3(mine.mrr)} over ${n} questions`);
}

await main();
