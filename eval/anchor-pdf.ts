/**
 * eval:anchor on a corpus whose pages are PDFs (`source.pdf`): the quotes are anchored by the
 * extension's PDF viewer itself, in the built extension (run `npm run build` first) in headless
 * Chromium. The corpus is served on localhost; each PDF opens in the viewer; for each quote the
 * service worker sends the viewer the same `pdf-highlight` message a click on a citation sends,
 * and what the viewer then highlights is judged against where the sentence is in that page's
 * text: exact (the quote's words, at the sentence's place, on its page), wrong (other words, or
 * the same words elsewhere) or missed (nothing).
 *
 * Quotes are chosen as for web pages: up to N sentences of the PDF's passages (as the extension
 * reads them, eval/lib/pdf.ts), 15 characters or more once normalised, spread over the document,
 * each also perturbed (case, quote marks, dashes, spaces). The two anchoring libraries of the
 * web-page eval work on a DOM of their own, not in the viewer: they are left out here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { launchChromium } from '../tests/support/chromium';
import { normalize, normalizeWithMap } from '../lib/shared/text/normalize';
import { perturb } from './anchor-page';
import { bundleForPage } from './lib/browser';
import type { CorpusPage } from './lib/corpus';
import { corpusPdfPageTexts, readCorpusPdf } from './lib/pdf';

const EXTENSION_DIR = resolve(import.meta.dirname, '../.output/chrome-mv3');
const MIN_QUOTE = 15;
const MAX_QUOTE = 400;

type Verdict = 'exact' | 'wrong-text' | 'wrong-place' | 'missed' | 'error';

interface Quote {
  literal: string;
  passageText: string;
  passageOrder: number;
  page: number;
  truth: [number, number];
}

async function chooseQuotes(page: CorpusPage, max: number): Promise<{ quotes: Quote[]; misaligned: number; texts: string[] }> {
  const [read, texts] = await Promise.all([readCorpusPdf(page), corpusPdfPageTexts(page)]);
  const maps = new Map<number, ReturnType<typeof normalizeWithMap>>();
  const segmenter = new Intl.Segmenter(page.meta.lang ?? 'en', { granularity: 'sentence' });
  const candidates: Quote[] = [];
  let misaligned = 0;
  for (const p of read.passages) {
    const n = p.page!;
    if (!maps.has(n)) maps.set(n, normalizeWithMap(texts[n - 1] ?? ''));
    const map = maps.get(n)!;
    const passageAt = map.text.indexOf(normalize(p.text));
    if (passageAt < 0) {
      misaligned++;
      continue;
    }
    for (const seg of segmenter.segment(p.text)) {
      const literal = seg.segment.trim();
      const norm = normalize(literal);
      if (norm.length < MIN_QUOTE || literal.length > MAX_QUOTE) continue;
      const before = normalize(p.text.slice(0, seg.index)).length;
      const at = map.text.indexOf(norm, passageAt + Math.max(0, before - 2));
      if (at < 0) continue;
      candidates.push({
        literal,
        passageText: p.text,
        passageOrder: p.order,
        page: n,
        truth: [map.starts[at]!, map.ends[at + norm.length - 1]!],
      });
    }
  }
  const count = Math.min(max, candidates.length);
  const quotes = Array.from({ length: count }, (_, k) => candidates[Math.floor(((k + 0.5) * candidates.length) / count)]!);
  return { quotes, misaligned, texts };
}

export async function runPdfAnchorEval(pages: CorpusPage[], corpusDir: string, max: number): Promise<void> {
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) {
    console.error(`A PDF corpus is anchored in the extension's own PDF viewer: run "npm run build" first (no ${EXTENSION_DIR}).`);
    process.exit(2);
  }
  const server = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').split('?')[0]!).replace(/^\/+/, '');
    const file = join(corpusDir, name);
    if (name.includes('..') || !name.endsWith('/source.pdf') || !existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/pdf' }).end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const helper = await bundleForPage(resolve(import.meta.dirname, 'anchor-pdf-page.ts'), 'CitedPdfEval');
  const browser = await launchChromium({ enableExtensions: [EXTENSION_DIR] });
  const results: Array<{
    page: string;
    variant: 'exact' | 'perturbed';
    verdict: Verdict;
    ms: number;
    literal: string;
    shown?: string;
  }> = [];
  let misalignedPassages = 0;
  let layerMismatches = 0;
  try {
    const swTarget = await browser.waitForTarget((t) => t.type() === 'service_worker' && t.url().endsWith('/background.js'));
    const worker = (await swTarget.worker())!;
    const viewerBase = worker.url().replace('background.js', 'pdf-viewer.html');
    for (const page of pages) {
      const file = `${base}/${encodeURIComponent(page.name)}/source.pdf`;
      let line = '';
      try {
        const { quotes, misaligned, texts } = await chooseQuotes(page, max);
        misalignedPassages += misaligned;
        const tab = await browser.newPage();
        await tab.goto(`${viewerBase}?file=${encodeURIComponent(file)}`);
        await tab.waitForFunction(() => document.title.endsWith('— Cited Tabs'), { timeout: 30_000 });
        await tab.evaluate(helper);
        const checkedLayers = new Set<number>();
        let exact = 0;
        for (const q of quotes) {
          for (const variant of ['exact', 'perturbed'] as const) {
            const literal = variant === 'exact' ? q.literal : perturb(q.literal);
            await tab.evaluate('CitedPdfEval.clear()');
            const t0 = performance.now();
            const reply = (await worker.evaluate((msg) => chrome.runtime.sendMessage(msg), {
              type: 'pdf-highlight',
              target: 'pdf-viewer',
              file,
              page: q.page,
              quote: { literal, passageText: q.passageText, passageOrder: q.passageOrder },
            })) as { ok: boolean } | undefined;
            const ms = performance.now() - t0;
            const shown = (await tab.evaluate('CitedPdfEval.shown()')) as {
              page: number;
              start: number;
              end: number;
              text: string;
            } | null;
            if (!checkedLayers.has(q.page)) {
              checkedLayers.add(q.page);
              if ((await tab.evaluate(`CitedPdfEval.layerOf(${q.page})`)) !== texts[q.page - 1]) layerMismatches++;
            }
            let verdict: Verdict;
            if (!reply?.ok || !shown) verdict = 'missed';
            else if (normalize(shown.text) !== normalize(q.literal)) verdict = 'wrong-text';
            else if (shown.page !== q.page || shown.start !== q.truth[0] || shown.end !== q.truth[1]) verdict = 'wrong-place';
            else verdict = 'exact';
            if (verdict === 'exact' && variant === 'exact') exact++;
            results.push({
              page: page.name,
              variant,
              verdict,
              ms,
              literal,
              ...(shown && verdict !== 'exact'
                ? {
                    shown: `${shown.text} (p. ${shown.page} at ${shown.start}-${shown.end}; expected p. ${q.page} at ${q.truth[0]}-${q.truth[1]})`,
                  }
                : {}),
            });
          }
        }
        await tab.close();
        line = `${String(quotes.length).padStart(2)} quotes  exact ${exact}/${quotes.length}${misaligned ? `  ${misaligned} passages not aligned` : ''}`;
      } catch (err) {
        line = `error: ${err instanceof Error ? err.message : String(err)}`;
        results.push({ page: page.name, variant: 'exact', verdict: 'error', ms: 0, literal: '' });
      }
      console.log(`${page.name.padEnd(40)} ${line}`);
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log('\nours, not exact:');
  const bad = results.filter((r) => r.verdict !== 'exact');
  if (bad.length === 0) console.log('  none');
  for (const r of bad) {
    console.log(`  ${r.verdict.padEnd(11)} ${r.variant.padEnd(9)} ${r.page}: ${JSON.stringify(r.literal.slice(0, 100))}`);
    if (r.shown !== undefined)
      console.log(`              shown: ${JSON.stringify(r.shown.length > 160 ? `…${r.shown.slice(-100)}` : r.shown)}`);
  }
  const rate = (v: 'exact' | 'perturbed') => {
    const of = results.filter((r) => r.variant === v);
    return of.filter((r) => r.verdict === 'exact').length / (of.length || 1);
  };
  const wrong = results.filter((r) => r.verdict === 'wrong-text' || r.verdict === 'wrong-place').length;
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  console.log(
    `(${pages.length} PDFs in the extension's viewer; ${layerMismatches} text layers differ from the text read; ` +
      `${misalignedPassages} passages not found in their page's text; median ${ms[ms.length >> 1]?.toFixed(1)} ms per click, message to highlight)`,
  );
  const ours = results.filter((r) => r.verdict !== 'error');
  console.log(
    `anchor exact ${rate('exact').toFixed(3)} perturbed ${rate('perturbed').toFixed(3)} wrong ${wrong} over ${ours.length} quotes`,
  );
}
