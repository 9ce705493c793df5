/**
 * npm run bench:ask [-- --baseline <a built extension folder>] [--rounds <n>]
 *
 * How long a user waits, in the browser harness (the built extension in headless Chromium, the
 * real popup, fixture pages, the Messages API stand-in answering at once): from pressing Ask to
 * the request leaving for the API, with one tab ("This tab") and with ten ("All tabs in this
 * window"), the pages loaded and still for a second; then from the answer to its citations shown,
 * and from a click on a citation to the quote highlighted. A benchmark, not a test: it prints
 * medians, and, given the build of another commit as `--baseline`, the same figures for it,
 * measured in the same run, with their ratios.
 */
import { resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { answerReply, EXTENSION_DIR, indexOf, launch, openFixture, openPopup, resetBetweenTests, useStandIn, type Harness } from '../support/harness';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ROUNDS = Number(arg('rounds') ?? 5);
const baseline = arg('baseline');

/** Ten pages that do not change once loaded (the changing ones have tests of their own). */
const TEN = ['museum-hours.html', 'museum-tickets.html', 'gardening.html', 'lighthouse.html', 'tides.html', 'extraction.html'];
const QUOTE = 'The City Museum opens at 9 a.m. and closes at 6 p.m.';

interface Round {
  askToRequest: number;
  answerToCitations: number;
  clickToHighlight: number;
}

async function round(h: Harness, tabs: number): Promise<Round> {
  await resetBetweenTests(h);
  await useStandIn(h);
  const pages: Page[] = [];
  for (let i = 0; i < tabs; i++) {
    const name = i === tabs - 1 ? 'museum-hours.html' : `${TEN[i % TEN.length]!}?tab=${i}`;
    pages.push(await openFixture(h, name));
  }
  const hours = pages.at(-1)!;
  // Pages that have long been still: loaded a second ago, nothing changing since.
  await new Promise((r) => setTimeout(r, 1000));
  const popup = await openPopup(h, hours);
  let sentAt = 0;
  h.api.enqueue((req) => {
    sentAt = Date.now();
    return answerReply([{ text: 'The museum opens at 9 a.m.', citations: [{ index: indexOf(req, 'opens at'), literal: QUOTE }] }]);
  });
  const box = await popup.waitForSelector('::-p-aria(Question)');
  await box!.type('When does the museum open?');
  await popup.locator(`::-p-aria(${tabs === 1 ? 'This tab' : 'All tabs in this window'})`).click();
  const askButton = await popup.waitForSelector('::-p-aria(Ask[role="button"])');
  const citation = `::-p-aria([name="${await hours.title()} — ${new URL(hours.url()).host}"][role="button"])`;
  const pressed = Date.now();
  await askButton!.click();
  await popup.waitForSelector(citation, { timeout: 30_000 });
  const shown = Date.now();
  const clicked = Date.now();
  await popup.locator(citation).click();
  await hours.waitForFunction(() => (CSS.highlights.get('cited-quote')?.size ?? 0) > 0, { polling: 5, timeout: 30_000 });
  const highlighted = Date.now();
  return { askToRequest: sentAt - pressed, answerToCitations: shown - sentAt, clickToHighlight: highlighted - clicked };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

async function measure(dir: string): Promise<Map<number, Round>> {
  const h = await launch({ extensionDir: dir });
  const out = new Map<number, Round>();
  try {
    for (const tabs of [1, 10]) {
      await round(h, tabs); // warm-up: the worker's first question loads its code
      const rounds: Round[] = [];
      for (let i = 0; i < ROUNDS; i++) rounds.push(await round(h, tabs));
      out.set(tabs, {
        askToRequest: median(rounds.map((r) => r.askToRequest)),
        answerToCitations: median(rounds.map((r) => r.answerToCitations)),
        clickToHighlight: median(rounds.map((r) => r.clickToHighlight)),
      });
    }
  } finally {
    await h.close();
  }
  return out;
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
function print(name: string, m: Map<number, Round>, base?: Map<number, Round>) {
  for (const [tabs, r] of m) {
    const b = base?.get(tabs);
    const ratio = b ? `   (${(r.askToRequest / b.askToRequest).toFixed(2)} of the baseline's ${s(b.askToRequest)})` : '';
    console.log(
      `${name.padEnd(9)} ${String(tabs).padStart(2)} tab${tabs > 1 ? 's' : ' '}: Ask → request ${s(r.askToRequest)}${ratio}; answer → citations ${s(r.answerToCitations)}; click → highlight ${s(r.clickToHighlight)}`,
    );
  }
}

const base = baseline ? await measure(resolve(baseline)) : undefined;
const mine = await measure(EXTENSION_DIR);
if (base) print('baseline', base);
print('this', mine, base);
console.log(`medians of ${ROUNDS} rounds each, after a warm-up round`);
