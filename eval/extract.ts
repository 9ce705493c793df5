/**
 * npm run eval:extract -- <corpus-dir> [--reps N] [--worst N] [--page NAME]
 *
 * --reps 0 skips the timing; --page reads one page and lists every sentence it missed;
 * --baseline <checkout> also times another checkout's reading and check in the same pages,
 * interleaved with ours (its eval/extract-page.ts, bundled from it), and gives ours against it.
 *
 * Runs the extension's extraction in headless Chromium on every page of a corpus (layout of
 * shared/corpus/README.md) and measures recall against each page's expected.txt:
 *
 * - expected.txt is cut into lines (a line break ends a sentence; paragraphs are lines too),
 *   Markdown list markers are dropped and Markdown table rows ("| a | b |", or "a | b") split
 *   into cells (see `lineUnits` in eval/lib/recall.ts), then each is cut into sentences by
 *   Intl.Segmenter in the page's language (meta.json `lang`, else English).
 * - A sentence counts when it has 20 characters or more once normalised with lib/shared/text/normalize.ts
 *   (the product's one normalisation: whitespace, quote marks, dashes, invisible characters,
 *   composed accents, case). Shorter ones ("Share", "Read more", dates) prove little either way.
 * - A sentence is found when its normalised text is a substring of the normalised text of all
 *   passages, joined in reading order: exactly what the model could quote. The passages' headings
 *   are context, not quotable text, so they do not count (heading blocks that stand alone are
 *   passages and do).
 *
 * In the same run it times, on the same page, our extraction against @mozilla/readability
 * (a parse of a clone of the document), a bare TreeWalker that concatenates text nodes, and a
 * display-only walk (the same, asking each element's computed display: the least a reading that
 * respects CSS must do):
 * interleaved, in rotating order, `--reps` times each, median per page, then the median over
 * pages of the per-page ratios. The last line is the overall recall, with lib/shared/text/normalize.ts only;
 * the line before it also gives it forgiving the annotation's drift (`forgiving` in
 * eval/lib/recall.ts, the same on both sides), and the pages still below 0.9 with why.
 */
import { resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { normalize } from '@/lib/shared/text/normalize';
import { skeleton } from './extract-page';
import { launchChromium } from '../tests/support/chromium';
import { bundleForPage, openCorpusPage } from './lib/browser';
import { corpusArg, listPages, median, type CorpusPage } from './lib/corpus';
import { expectedSentences, forgiving } from './lib/recall';
import { numberOption, stringOption, withTimeout } from './lib/cli';
import { readCorpusPdf } from './lib/pdf';

interface PageResult {
  name: string;
  total: number;
  found: number;
  missed: string[];
  /** Why each missed sentence was missed, as far as the page can tell (see `explain`). */
  why: string[];
  passages: number;
  chars: number;
  note: string;
  ms: { ours: number; checked: number; checkedApart: number; readability: number; bare: number; style: number } | null;
  /**
   * With --baseline: medians of ours and the baseline's reading and check, timed in turn in the
   * same page (`checkedApart`: ours in two walks, against the baseline's `checked`).
   */
  ab?: {
    ours: number;
    checked: number;
    checkedApart: number;
    style: number;
    baseOurs: number;
    baseChecked: number;
    baseStyle: number;
  };
  /** Passages the check before sending leaves out (no word a reader sees) or cuts (some). */
  unsent: number;
  cut: number;
  /** Passages sent with a heading, and those the check takes their heading off. */
  headed: number;
  noHeading: number;
  error?: string;
}

const PAGE_TIMEOUT_MS = 60_000;

async function evalPage(
  browser: Browser,
  page: CorpusPage,
  bundles: string,
  reps: number,
  baseline: string | null,
): Promise<PageResult> {
  const sentences = expectedSentences(page.expected, page.meta.lang);
  const result: PageResult = {
    name: page.name,
    total: sentences.length,
    found: 0,
    missed: [],
    why: [],
    passages: 0,
    chars: 0,
    note: '',
    ms: null,
    unsent: 0,
    cut: 0,
    headed: 0,
    noHeading: 0,
  };
  if (page.pdf) {
    // A PDF is read by the extension, not by a page script: its passages' text, no DOM timing.
    const read = await readCorpusPdf(page);
    const text = read.passages.map((p) => p.text).join('\n');
    const extracted = normalize(text);
    for (const s of sentences) {
      if (extracted.includes(s)) result.found++;
      else result.missed.push(s);
    }
    result.passages = read.passages.length;
    result.chars = read.chars;
    result.note = `PDF, ${read.pdf?.pagesRead ?? 0} pages`;
    result.why = result.missed.map((s) =>
      forgiving(extracted).includes(forgiving(s))
        ? 'annotation drift (spacing, ™ ®, quote kind, accents)'
        : ` ${skeleton(text)} `.includes(` ${skeleton(s)} `)
          ? 'same words, other characters (quotes, accents, signs, CSS text)'
          : 'not in the PDF text read',
    );
    return result;
  }
  const tab = await openCorpusPage(browser, page);
  try {
    await tab.evaluate(bundles);
    const read = (await tab.evaluate('CitedExtractEval.readForEval()')) as {
      text: string;
      passages: number;
      chars: number;
      note?: string;
      unsent: number;
      cut: number;
      headed: number;
      noHeading: number;
    };
    result.unsent = read.unsent;
    result.cut = read.cut;
    result.headed = read.headed;
    result.noHeading = read.noHeading;
    result.passages = read.passages;
    result.chars = read.chars;
    result.note = read.note ?? '';
    const extracted = normalize(read.text);
    for (const s of sentences) {
      if (extracted.includes(s)) result.found++;
      else result.missed.push(s);
    }
    result.why = await explain(tab, result.missed, forgiving(extracted), skeleton(read.text));
    if (reps > 0) {
      const times = (await tab.evaluate(`CitedExtractEval.timeMethods(${reps})`)) as Record<
        'ours' | 'checked' | 'checkedApart' | 'readability' | 'bare' | 'style',
        number[]
      >;
      result.ms = {
        ours: median(times.ours),
        checked: median(times.checked),
        checkedApart: median(times.checkedApart),
        readability: median(times.readability),
        bare: median(times.bare),
        style: median(times.style),
      };
      if (baseline !== null) result.ab = await timeAgainst(tab, baseline, reps);
    }
  } finally {
    await tab.close().catch(() => {});
  }
  return result;
}

/** Ours and the baseline's methods, one run of each in turn, `reps` times; the medians. */
async function timeAgainst(tab: Page, baseline: string, reps: number): Promise<NonNullable<PageResult['ab']>> {
  await tab.evaluate(baseline);
  // Ours ran and was timed in this page already (its code is warm): the baseline's is run as often
  // first, untimed, so that neither is timed colder than the other.
  await tab.evaluate('BaselineExtractEval.readForEval()');
  await tab.evaluate(`BaselineExtractEval.timeMethods(${reps})`);
  type Times = Record<'ours' | 'checked' | 'checkedApart' | 'style', number[]>;
  const mine: Times = { ours: [], checked: [], checkedApart: [], style: [] };
  const base: Times = { ours: [], checked: [], checkedApart: [], style: [] };
  for (let r = 0; r < reps; r++) {
    for (const [name, into] of (r % 2 === 0
      ? [
          ['CitedExtractEval', mine],
          ['BaselineExtractEval', base],
        ]
      : [
          ['BaselineExtractEval', base],
          ['CitedExtractEval', mine],
        ]) as Array<[string, Times]>) {
      const t = (await tab.evaluate(`${name}.timeMethods(1)`)) as Times;
      into.ours.push(...t.ours);
      into.checked.push(...t.checked);
      // (A baseline from before the one-walk check has no `checkedApart`.)
      into.checkedApart.push(...(t.checkedApart ?? []));
      into.style.push(...t.style);
    }
  }
  return {
    ours: median(mine.ours),
    checked: median(mine.checked),
    checkedApart: median(mine.checkedApart),
    style: median(mine.style),
    baseOurs: median(base.ours),
    baseChecked: median(base.checked),
    baseStyle: median(base.style),
  };
}

/** A reason for each missed sentence: annotation drift, or what the page says about it. */
async function explain(tab: Page, missed: string[], forgivingText: string, words: string): Promise<string[]> {
  const why: string[] = missed.map((s) =>
    forgivingText.includes(forgiving(s))
      ? 'annotation drift (spacing, ™ ®, quote kind, accents)'
      : ` ${words} `.includes(` ${skeleton(s)} `)
        ? 'same words, other characters (quotes, accents, signs, CSS text)'
        : '',
  );
  const rest = missed.filter((_, i) => why[i] === '');
  if (rest.length === 0) return why;
  const found = (await tab.evaluate(`CitedExtractEval.explainMisses(${JSON.stringify(rest)})`)) as string[];
  let k = 0;
  return why.map((w) => w || found[k++] || 'read differently');
}

/** The page's recall once the annotation's drift (see `forgiving`) is forgiven. */
function forgivenRecall(r: PageResult): number {
  return r.total > 0 ? (r.found + r.why.filter((w) => w.startsWith('annotation')).length) / r.total : NaN;
}

function histogram(reasons: string[]): string {
  const counts = new Map<string, number>();
  for (const r of reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([r, n]) => `${n} ${r}`)
    .join(', ');
}

function fmt(n: number, digits = 3): string {
  return Number.isFinite(n) ? n.toFixed(digits) : '-';
}

async function main(): Promise<void> {
  const dir = corpusArg('npm run eval:extract -- <corpus-dir> [--reps N] [--worst N] [--page NAME]');
  const reps = numberOption('reps', 5, (v) => v >= 0);
  const worstCount = numberOption('worst', 10, (v) => v >= 0);
  const only = stringOption('page');
  const against = stringOption('baseline');
  const pages = listPages(dir).filter((p) => !only || p.name === only);
  const root = resolve(import.meta.dirname, '..');
  const bundles = await bundleForPage(resolve(root, 'eval/extract-page.ts'), 'CitedExtractEval');
  const baseline = against
    ? await bundleForPage(resolve(against, 'eval/extract-page.ts'), 'BaselineExtractEval', resolve(against))
    : null;

  const browser = await launchChromium();
  const results: PageResult[] = [];
  try {
    for (const page of pages) {
      let r: PageResult;
      try {
        r = await withTimeout(evalPage(browser, page, bundles, reps, baseline), PAGE_TIMEOUT_MS);
      } catch (err) {
        const sentences = expectedSentences(page.expected, page.meta.lang);
        r = {
          name: page.name,
          total: sentences.length,
          found: 0,
          missed: sentences,
          why: sentences.map(() => 'error'),
          passages: 0,
          chars: 0,
          note: '',
          ms: null,
          unsent: 0,
          cut: 0,
          headed: 0,
          noHeading: 0,
          error: err instanceof Error ? err.message : String(err),
        };
      }
      results.push(r);
      const recall = r.total > 0 ? r.found / r.total : NaN;
      const ms = r.ms
        ? `ours ${fmt(r.ms.ours, 2)} ms  checked ${fmt(r.ms.checked, 2)} ms  readability ${fmt(r.ms.readability, 2)} ms  bare ${fmt(r.ms.bare, 2)} ms  display-only ${fmt(r.ms.style, 2)} ms`
        : r.error
          ? `error: ${r.error}`
          : '';
      console.log(
        `${fmt(recall)}  ${String(r.found).padStart(4)}/${String(r.total).padEnd(4)}  ${String(r.passages).padStart(5)} passages${r.unsent ? ` (${r.unsent} unsent)` : ''}${r.cut ? ` (${r.cut} cut)` : ''}${r.noHeading ? ` (${r.noHeading} headings off)` : ''}  ${ms}  ${r.name}${r.note ? `  (${r.note})` : ''}`,
      );
    }
  } finally {
    await browser.close();
  }

  const measured = results.filter((r) => r.total > 0);
  const worst = [...measured].sort((a, b) => a.found / a.total - b.found / b.total).slice(0, worstCount);
  console.log(`\nworst pages:`);
  for (const r of worst) {
    console.log(
      `  ${fmt(r.found / r.total)}  ${r.name}  (${r.total - r.found} of ${r.total} sentences missed; ${fmt(forgivenRecall(r))} forgiving annotation drift)${r.error ? `  error: ${r.error}` : ''}`,
    );
    if (r.why.length > 0) console.log(`      why: ${histogram(r.why)}`);
    r.missed.slice(0, only ? Infinity : 3).forEach((s, i) => {
      console.log(`      missed (${r.why[i]}): ${s.length > 100 ? `${s.slice(0, 100)}…` : s}`);
    });
  }
  const allWhy = results.flatMap((r) => r.why);
  if (allWhy.length > 0) console.log(`\nall missed sentences: ${histogram(allWhy)}`);

  const timed = results.filter((r) => r.ms && r.ms.readability > 0 && r.ms.bare > 0);
  if (reps > 0) {
    const ratio = (of: (r: PageResult) => number) => median(timed.map((r) => r.ms!.ours / of(r)));
    console.log(
      `\ntime per page (median of ${reps} runs, then median over ${timed.length} pages): ` +
        `ours ${fmt(median(timed.map((r) => r.ms!.ours)), 1)} ms, readability ${fmt(median(timed.map((r) => r.ms!.readability)), 1)} ms, ` +
        `bare walk ${fmt(median(timed.map((r) => r.ms!.bare)), 1)} ms, display-only walk ${fmt(median(timed.map((r) => r.ms!.style)), 1)} ms`,
    );
    console.log(
      `median ratio ours/readability ${fmt(
        ratio((r) => r.ms!.readability),
        2,
      )}, ours/bare-walk ${fmt(
        ratio((r) => r.ms!.bare),
        2,
      )}, ` +
        `ours/display-only-walk ${fmt(
          ratio((r) => r.ms!.style),
          2,
        )}`,
    );
    console.log(
      `reading and checking every passage (as if all were sent): ${fmt(median(timed.map((r) => r.ms!.checked)), 1)} ms, ` +
        `${fmt(median(timed.map((r) => r.ms!.checked / r.ms!.style)), 2)}x the display-only walk; ` +
        `passages the check leaves out: ${results.reduce((n, r) => n + r.unsent, 0)}, cuts: ${results.reduce((n, r) => n + r.cut, 0)}, ` +
        `headings taken off: ${results.reduce((n, r) => n + r.noHeading, 0)} of ${results.reduce((n, r) => n + r.headed, 0)} passages with one`,
    );
    const ab = timed.filter((r) => r.ab);
    if (ab.length > 0) {
      const m = (f: (x: NonNullable<PageResult['ab']>) => number) => fmt(median(ab.map((r) => f(r.ab!))), 2);
      console.log(
        `against the baseline ${against} (${ab.length} pages, each timed in turn in the same page, median of per-page ratios): ` +
          `reading ${m((x) => x.ours / x.baseOurs)}x, reading and checking every passage ${m((x) => x.checked / x.baseChecked)}x ` +
          `(in two walks, as for a frame too large to be checked whole: ${m((x) => x.checkedApart / x.baseChecked)}x); ` +
          `reading / display-only walk ${m((x) => x.ours / x.style)} vs ${m((x) => x.baseOurs / x.baseStyle)}, ` +
          `reading and checking / display-only walk ${m((x) => x.checked / x.style)} vs ${m((x) => (x.checked > 0 ? x.baseChecked / x.baseStyle : NaN))}`,
      );
    }
    const styleVsBare = median(timed.map((r) => r.ms!.style / r.ms!.bare));
    console.log(
      `for scale: the display-only walk (each element's computed display, nothing else) costs ${fmt(styleVsBare, 2)}x the bare walk`,
    );
  }
  const below = measured.filter((r) => r.found / r.total < 0.9).length;
  const stillBelow = measured.filter((r) => forgivenRecall(r) < 0.9);
  if (stillBelow.length > 0) {
    console.log(`pages below 0.9 even forgiving annotation drift (${stillBelow.length}), with their main reason:`);
    for (const r of stillBelow) {
      const reasons = histogram(r.why.filter((w) => !w.startsWith('annotation')));
      console.log(`  ${fmt(forgivenRecall(r))}  ${r.name}  (${reasons})`);
    }
  }
  const macro = measured.reduce((s, r) => s + r.found / r.total, 0) / (measured.length || 1);
  const errors = results.filter((r) => r.error).length;
  console.log(
    `mean per-page recall ${fmt(macro)}; ${below} pages below 0.9; ${results.length - measured.length} pages without expected sentences; ${errors} errors`,
  );
  const found = measured.reduce((s, r) => s + r.found, 0);
  const total = measured.reduce((s, r) => s + r.total, 0);
  const drift = allWhy.filter((w) => w.startsWith('annotation')).length;
  const pageHides = allWhy.filter((w) => w.startsWith('hidden') || w === 'not in the page text').length;
  console.log(
    `forgiving annotation drift (spacing, ™ ®, quote kind, accents, on both sides): ${fmt((found + drift) / total)}; ` +
      `of the sentences a reader of this rendering can see (${pageHides} hidden by the page or not in its text set aside): ` +
      `${fmt((found + drift) / (total - pageHides), 4)}`,
  );
  console.log(`extract recall ${fmt(total > 0 ? found / total : NaN)} over ${measured.length} pages`);
}

await main();
