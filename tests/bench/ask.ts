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
import {
  answerReply,
  EXTENSION_DIR,
  highlightedText,
  indexOf,
  launch,
  openFixture,
  openPopup,
  resetBetweenTests,
  useStandIn,
  type Harness,
} from '../support/harness';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ROUNDS = Number(arg('rounds') ?? 5);
const baseline = arg('baseline');

/** Nine other pages that do not change once loaded (the changing ones have tests of their own), and the museum's hours. */
const TEN = ['museum-tickets.html', 'gardening.html', 'lighthouse.html', 'tides.html', 'extraction.html'];
const QUOTE = 'The City Museum opens at 9 a.m. and closes at 6 p.m.';

interface Round {
  askToRequest: number;
  answerToCitations: number;
  clickToHighlight: number;
}

async function round(h: Harness, tabs: number): Promise<Round> {
  await resetBetweenTests(h);
  await useStandIn(h);
  // A build from before the key moved to IndexedDB reads it from the stored settings; the
  // current build moves a key found there into its own store, as it would for a user updating.
  await h.worker.evaluate(async () => {
    const { settings } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({ settings: { ...(settings as object), apiKey: 'sk-ant-test-key' } });
  });
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
    return answerReply([
      { text: 'The museum opens at 9 a.m.', citations: [{ index: indexOf(req, 'opens at'), literal: QUOTE }] },
    ]);
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
  while ((await highlightedText(hours)) !== QUOTE) {
    if (Date.now() - clicked > 30_000) throw new Error('the quote was not highlighted within 30 s');
    await new Promise((r) => setTimeout(r, 5));
  }
  const highlighted = Date.now();
  return { askToRequest: sentAt - pressed, answerToCitations: shown - sentAt, clickToHighlight: highlighted - clicked };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** Rounds of each build with 1 and with 10 tabs, in one browser launched for it. */
async function rounds(dir: string, n: number, into: Map<number, Round[]>): Promise<void> {
  const h = await launch({ extensionDir: dir });
  try {
    for (const tabs of [1, 10]) {
      await round(h, tabs); // warm-up: the worker's first question loads its code
      for (let i = 0; i < n; i++) into.set(tabs, [...(into.get(tabs) ?? []), await round(h, tabs)]);
    }
  } finally {
    await h.close();
  }
}

const medians = (all: Map<number, Round[]>) =>
  new Map(
    [...all].map(([tabs, rs]) => [
      tabs,
      {
        askToRequest: median(rs.map((r) => r.askToRequest)),
        answerToCitations: median(rs.map((r) => r.answerToCitations)),
        clickToHighlight: median(rs.map((r) => r.clickToHighlight)),
      },
    ]),
  );

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

// With a baseline, the two builds take turns (half the rounds each time), so that the load of
// the machine weighs on both alike.
const mineRounds = new Map<number, Round[]>();
const baseRounds = new Map<number, Round[]>();
const half = Math.ceil(ROUNDS / 2);
for (const turn of baseline ? [0, 1] : [0]) {
  if (baseline) await rounds(resolve(baseline), turn === 0 ? half : ROUNDS - half, baseRounds);
  await rounds(EXTENSION_DIR, baseline ? (turn === 0 ? half : ROUNDS - half) : ROUNDS, mineRounds);
}
const base = baseline ? medians(baseRounds) : undefined;
if (base) print('baseline', base);
print('this', medians(mineRounds), base);
console.log(`medians of ${ROUNDS} rounds each, each browser's first round a warm-up`);
