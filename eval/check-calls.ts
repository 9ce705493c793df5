/**
 * npm run eval:calls -- <corpus-dir> --baseline <checkout> [--pages N] [--reps N]
 *
 * What the check of every passage costs in browser calls alone, ours against a baseline checkout's,
 * in the same pages: each check is run, its calls recorded, then made again alone, in order, with
 * none of the code that chose them (eval/lib/call-replay.ts). A check whose calls alone already cost
 * more than a bound cannot be brought under it by faster code, only by fewer or cheaper calls; the
 * kinds and style properties that cost the most are listed with what leaving each out saves.
 * Figures are medians over pages of per-page ratios to the baseline's whole check (eval/extract.ts
 * times that check the same way). `--pages N` takes N pages spread over the corpus (PDFs aside).
 */
import { resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { launchChromium } from '../tests/support/chromium';
import { bundleForPage, openCorpusPage } from './lib/browser';
import { corpusArg, listPages, median } from './lib/corpus';
import { numberOption, stringOption, withTimeout } from './lib/cli';
import type { CallCosts } from './check-calls-page';

const PAGE_TIMEOUT_MS = 120_000;

/** One page's costs for ours and the baseline, measured in turn (the first to run alternates by page). */
async function measure(tab: Page, oursFirst: boolean, reps: number): Promise<{ ours: CallCosts; base: CallCosts }> {
  const run = (name: string) => tab.evaluate(`${name}.callCosts(${reps})`) as Promise<CallCosts>;
  if (oursFirst) {
    const ours = await run('CitedCheckCalls');
    return { ours, base: await run('BaselineCheckCalls') };
  }
  const base = await run('BaselineCheckCalls');
  return { ours: await run('CitedCheckCalls'), base };
}

function fmt(n: number): string {
  return Number.isFinite(n) ? n.toFixed(2) : '-';
}

async function main(): Promise<void> {
  const dir = corpusArg('npm run eval:calls -- <corpus-dir> --baseline <checkout> [--pages N] [--reps N]');
  const against = stringOption('baseline');
  if (against === undefined) {
    console.error('--baseline <checkout>: the checkout whose check ours is weighed against');
    process.exit(2);
  }
  const reps = numberOption('reps', 7, (v) => v >= 1);
  const html = listPages(dir).filter((p) => !p.pdf);
  const wanted = numberOption('pages', html.length, (v) => v >= 1);
  const step = html.length / Math.min(wanted, html.length);
  const pages = html.filter((_, i) => Math.floor(i / step) !== Math.floor((i - 1) / step));
  const entry = resolve(import.meta.dirname, 'check-calls-page.ts');
  const ours = await bundleForPage(entry, 'CitedCheckCalls');
  // Our entry, its `@/` imports resolved in the baseline checkout: the baseline's own check.
  const base = await bundleForPage(entry, 'BaselineCheckCalls', resolve(against));

  const browser = await launchChromium();
  const rows: Array<{ ours: CallCosts; base: CallCosts }> = [];
  try {
    for (const [i, page] of pages.entries()) {
      const tab = await openCorpusPage(browser, page);
      try {
        await tab.evaluate(ours);
        await tab.evaluate(base);
        const r = await withTimeout(measure(tab, i % 2 === 0, reps), PAGE_TIMEOUT_MS);
        rows.push(r);
        console.log(
          `${page.name}  check ${fmt(r.ours.check)} ms (its calls ${fmt(r.ours.calls)})  baseline ${fmt(r.base.check)} ms (its calls ${fmt(r.base.calls)})`,
        );
      } catch (err) {
        console.log(`${page.name}  error: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        await tab.close();
      }
    }
  } finally {
    await browser.close();
  }
  if (rows.length === 0) return;
  const ratio = (f: (r: { ours: CallCosts; base: CallCosts }) => number) => median(rows.map((r) => f(r) / r.base.check));
  console.log(
    `\nagainst the baseline's whole check (${rows.length} pages, median of per-page ratios): ` +
      `our check ${fmt(ratio((r) => r.ours.check))}x, its browser calls alone ${fmt(ratio((r) => r.ours.calls))}x; ` +
      `the baseline's calls alone ${fmt(ratio((r) => r.base.calls))}x`,
  );
  for (const [who, of] of [
    ['ours', (r: { ours: CallCosts }) => r.ours],
    ['baseline', (r: { base: CallCosts }) => r.base],
  ] as const) {
    const names = [...new Set(rows.flatMap((r) => Object.keys(of(r as never).saved)))];
    const parts = names
      .map((name) => ({
        name,
        saved: median(rows.map((r) => (of(r as never).saved[name] ?? 0) / r.base.check)),
        count: median(rows.map((r) => of(r as never).counts[name] ?? 0)),
      }))
      .filter((p) => p.saved >= 0.01)
      .sort((a, b) => b.saved - a.saved);
    console.log(
      `${who}, what leaving each out saves (x the baseline's check; calls per page): ` +
        parts.map((p) => `${p.name} ${fmt(p.saved)} (${Math.round(p.count)})`).join(', '),
    );
  }
}

await main();
