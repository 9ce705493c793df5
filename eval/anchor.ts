/**
 * npm run eval:anchor -- <corpus-dir> [--quotes N] [--page NAME]
 *
 * On every page of a corpus (layout of shared/corpus/README.md), in headless Chromium, with the
 * network blocked:
 *
 * - takes up to N (10) sentences of the page's passages, as extraction cuts them, spread over the
 *   page: the quotes a model could cite (15 characters or more once normalised, as the verifier
 *   demands); and a perturbed copy of each (case, straight/curly quote marks, dashes, doubled
 *   spaces, NBSP);
 * - anchors each in the live page with the extension's anchoring (lib/page/find/anchor.ts, given the cited
 *   passage as the popup gives it) and, on the same quotes in the same page, with
 *   @apache-annotator/dom's text-quote matcher and dom-anchor-text-quote (each given the quote
 *   and up to 32 characters of the passage on each side, their way to tell occurrences apart);
 * - judges each result against where the sentence really is: exact (the highlighted visible
 *   text, normalised, equals the quote, normalised, at the sentence's place), wrong (something
 *   else highlighted: other words, or the same words elsewhere) or missed (nothing).
 *
 * Times are measured in the page around each call, methods interleaved in rotating order; the
 * ratios are medians over quotes of (library time / our time) on the same quote. Ours finds each
 * quote as a click does, in the page's reading kept while nothing changed (lib/page/find/kept-reading.ts):
 * the first quote of a page pays the walk, the others not; both are also given apart.
 *
 * @apache-annotator/dom 0.2.0 imports @apache-annotator/selector without declaring it; when that
 * package cannot be resolved (also through NODE_PATH), the run says so and leaves the matcher out.
 */
import { resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
import type { Browser } from 'puppeteer-core';
import type { Method, QuoteResult, Variant } from './anchor-page';
import { launchChromium } from '../tests/support/chromium';
import { openCorpusPage } from './lib/browser';
import { corpusArg, listPages, median, type CorpusPage } from './lib/corpus';
import { numberOption, stringOption, withTimeout } from './lib/cli';
import { runPdfAnchorEval } from './anchor-pdf';

const PAGE_TIMEOUT_MS = 120_000;
const root = resolve(import.meta.dirname, '..');

/** Replaces a package that cannot be found by a module that says so when used. */
function missingPackage(name: string): Plugin {
  return {
    name: 'missing-package',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${name.replace('/', '\\/')}$`) }, () => ({ path: name, namespace: 'missing' }));
      b.onLoad({ filter: /.*/, namespace: 'missing' }, () => ({
        // The names @apache-annotator/dom imports from it.
        contents: ['textQuoteSelectorMatcher', 'describeTextQuote', 'textPositionSelectorMatcher', 'describeTextPosition']
          .map((f) => `export function ${f}() { throw new Error('${name} is not installed'); }`)
          .join('\n'),
        loader: 'js',
      }));
    },
  };
}

async function bundle(): Promise<{ code: string; apacheMissing: boolean }> {
  // A package found through NODE_PATH resolves its own imports from the project's node_modules.
  const nodePaths = [...(process.env.NODE_PATH ?? '').split(':').filter(Boolean), resolve(root, 'node_modules')];
  const options = {
    entryPoints: [resolve(root, 'eval/anchor-page.ts')],
    bundle: true,
    write: false,
    format: 'iife' as const,
    globalName: 'CitedAnchorEval',
    target: 'chrome120',
    alias: { '@': root },
    nodePaths,
    logLevel: 'silent' as const,
  };
  try {
    const out = await build(options);
    return { code: out.outputFiles![0]!.text, apacheMissing: false };
  } catch (err) {
    if (!String(err).includes('@apache-annotator/selector')) throw err;
    const out = await build({ ...options, plugins: [missingPackage('@apache-annotator/selector')] });
    return { code: out.outputFiles![0]!.text, apacheMissing: true };
  }
}

interface PageRun {
  page: CorpusPage;
  quotes: Array<{ literal: string; perturbed: string }>;
  results: QuoteResult[];
  misaligned: number;
  error?: string;
}

async function runPage(browser: Browser, page: CorpusPage, code: string, max: number, apacheMissing: boolean): Promise<PageRun> {
  const tab = await openCorpusPage(browser, page);
  try {
    await tab.evaluate(code);
    if (apacheMissing) await tab.evaluate(`CitedAnchorEval.setApacheUnavailable('missing @apache-annotator/selector')`);
    const prepared = (await tab.evaluate(`CitedAnchorEval.prepare(${max})`)) as {
      quotes: Array<{ literal: string; perturbed: string }>;
      misaligned: number;
    };
    const results = (await tab.evaluate('CitedAnchorEval.runAll()')) as QuoteResult[];
    return { page, quotes: prepared.quotes, results, misaligned: prepared.misaligned };
  } finally {
    await tab.close().catch(() => {});
  }
}

const fmt = (n: number, d = 3) => (Number.isFinite(n) ? n.toFixed(d) : '-');
const clip = (s: string, n = 100) => (s.length > n ? `${s.slice(0, n)}…` : s);

const LABEL: Record<Method, string> = {
  ours: 'ours (lib/page/find/anchor.ts)',
  apache: '@apache-annotator/dom',
  textquote: 'dom-anchor-text-quote',
};

async function main(): Promise<void> {
  const dir = corpusArg('npm run eval:anchor -- <corpus-dir> [--quotes N] [--page NAME]');
  const max = numberOption('quotes', 10, (v) => v > 0);
  const only = stringOption('page');
  const pages = listPages(dir).filter((p) => !only || p.name === only);
  if (pages.length > 0 && pages.every((p) => p.pdf)) {
    // PDFs are anchored in the extension's own PDF viewer (eval/anchor-pdf.ts).
    await runPdfAnchorEval(pages, dir, max);
    return;
  }
  const { code, apacheMissing } = await bundle();
  if (apacheMissing) {
    console.log(
      '@apache-annotator/dom cannot run: its dependency @apache-annotator/selector is not installed ' +
        '(npm i -D @apache-annotator/selector@0.2.0, or point NODE_PATH at a copy); left out of this run.',
    );
  }

  const browser = await launchChromium();
  const runs: PageRun[] = [];
  try {
    for (const page of pages) {
      let run: PageRun;
      try {
        run = await withTimeout(runPage(browser, page, code, max, apacheMissing), PAGE_TIMEOUT_MS);
      } catch (err) {
        run = { page, quotes: [], results: [], misaligned: 0, error: err instanceof Error ? err.message : String(err) };
      }
      runs.push(run);
      const ours = run.results.filter((r) => r.method === 'ours');
      const count = (v: Variant) => ours.filter((r) => r.variant === v && r.verdict === 'exact').length;
      const bad = ours.filter((r) => r.verdict !== 'exact').length;
      console.log(
        `${page.name.padEnd(40)} ${String(run.quotes.length).padStart(2)} quotes  exact ${count('exact')}/${run.quotes.length}  ` +
          `perturbed ${count('perturbed')}/${run.quotes.length}${bad ? `  (${bad} not exact)` : ''}` +
          `${run.misaligned ? `  ${run.misaligned} passages not aligned` : ''}${run.error ? `  error: ${run.error}` : ''}`,
      );
    }
  } finally {
    await browser.close();
  }

  const all = runs.flatMap((r) => r.results.map((x) => ({ ...x, page: r.page.name, quoteText: r.quotes[x.quote]! })));
  const methods = (['ours', 'apache', 'textquote'] as Method[]).filter((m) => all.some((r) => r.method === m));

  console.log('\nours, not exact:');
  const oursBad = all.filter((r) => r.method === 'ours' && r.verdict !== 'exact');
  if (oursBad.length === 0) console.log('  none');
  for (const r of oursBad) {
    const q = r.variant === 'exact' ? r.quoteText.literal : r.quoteText.perturbed;
    console.log(`  ${r.verdict.padEnd(11)} ${r.variant.padEnd(9)} ${r.page}: ${JSON.stringify(clip(q))}`);
    if (r.shown !== undefined) console.log(`              shown: ${JSON.stringify(clip(r.shown))}`);
    if (r.error) console.log(`              error: ${r.error}`);
  }

  // Per-quote time ratios, library over ours, on the same quote and variant.
  const key = (r: { page: string; quote: number; variant: Variant }) => `${r.page}\u0000${r.quote}\u0000${r.variant}`;
  const oursMs = new Map(all.filter((r) => r.method === 'ours').map((r) => [key(r), r.ms]));

  console.log(
    `\n${'method'.padEnd(24)} ${'exact'.padStart(6)} ${'perturbed'.padStart(9)} ${'wrong'.padStart(6)} ${'(place)'.padStart(7)} ${'missed'.padStart(6)} ${'errors'.padStart(6)} ${'median ms'.padStart(9)} ${'time ratio vs ours'.padStart(18)}`,
  );
  for (const m of methods) {
    const rs = all.filter((r) => r.method === m);
    const rate = (v: Variant) => {
      const of = rs.filter((r) => r.variant === v);
      return of.filter((r) => r.verdict === 'exact').length / (of.length || 1);
    };
    const wrong = rs.filter((r) => r.verdict === 'wrong-text' || r.verdict === 'wrong-place').length;
    const place = rs.filter((r) => r.verdict === 'wrong-place').length;
    const missed = rs.filter((r) => r.verdict === 'missed').length;
    const errors = rs.filter((r) => r.verdict === 'error').length;
    const ratios = rs.map((r) => r.ms / Math.max(oursMs.get(key(r)) ?? NaN, 0.001)).filter(Number.isFinite);
    console.log(
      `${LABEL[m].padEnd(24)} ${fmt(rate('exact')).padStart(6)} ${fmt(rate('perturbed')).padStart(9)} ${String(wrong).padStart(6)} ${String(place).padStart(7)} ${String(missed).padStart(6)} ${String(errors).padStart(6)} ${fmt(median(rs.map((r) => r.ms)), 2).padStart(9)} ${(m === 'ours' ? '1' : `${fmt(median(ratios), 2)}×`).padStart(18)}`,
    );
  }
  // Ours reads a page once, for its first quote, and finds the others in that reading (as a click
  // after the proof of the answer's quotes): the two apart, each against the libraries on the same quotes.
  for (const fresh of [true, false]) {
    const of = all.filter((r) => r.method === 'ours' && (r.fresh ?? true) === fresh);
    if (of.length === 0) continue;
    const keys = new Set(of.map(key));
    const against = methods
      .filter((m) => m !== 'ours')
      .map((m) => {
        const ratios = all
          .filter((r) => r.method === m && keys.has(key(r)))
          .map((r) => r.ms / Math.max(oursMs.get(key(r)) ?? NaN, 0.001))
          .filter(Number.isFinite);
        return `${LABEL[m]} ${fmt(median(ratios), 2)}×`;
      });
    console.log(
      `ours, ${fresh ? 'page read for the quote' : 'reading kept'}: ${of.length} quotes, median ${fmt(median(of.map((r) => r.ms)), 2)} ms; ${against.join(', ')}`,
    );
  }
  const failedPages = runs.filter((r) => r.error).length;
  console.log(
    `(${runs.length} pages, ${failedPages} failed to load; time ratio = median over quotes of library time / our time, >1 means ours is faster)`,
  );

  const ours = all.filter((r) => r.method === 'ours');
  const rate = (v: Variant) => {
    const of = ours.filter((r) => r.variant === v);
    return of.filter((r) => r.verdict === 'exact').length / (of.length || 1);
  };
  const wrong = ours.filter((r) => r.verdict === 'wrong-text' || r.verdict === 'wrong-place').length;
  console.log(`anchor exact ${fmt(rate('exact'))} perturbed ${fmt(rate('perturbed'))} wrong ${wrong} over ${ours.length} quotes`);
}

await main();
