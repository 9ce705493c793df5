/**
 * npm run bench:ask [-- --baseline <a built extension folder>] [--rounds <n>] [--corpus <folder>] [--cold-only] [--tabs 1,10,30] [--typing-ms <ms>] [--only video|click]
 * npm run bench:tabs (the cold rounds alone with 1, 10, 30 and 100 tabs; bench:tabs:short: 1 and 30, one round)
 *
 * How long a user waits, in the browser harness (the built extension in headless Chromium, the
 * real popup, the Messages API stand-in), on real pages: those of a page corpus
 * (shared/corpus/wcxb-dev by default), served from this machine as their sites served them
 * (their scripts, and anything from another origin, blocked: nothing leaves the machine).
 * - Ask → request, cold: from pressing Ask to the request leaving for the API, with 1, 10 and 30
 *   tabs ("This tab", "All tabs in this window") opened fresh for each round (other pages of the
 *   corpus each round, the same for both builds), loaded and left still for two seconds, the
 *   stand-in answering at once: the first question after opening tabs, as users meet it. With the
 *   breakdown of where each tab's time went (the worker's and the page script's timings:
 *   lib/worker/read/read-timings.ts, lib/shared/protocol/read-timing.ts), for a build that records them;
 *   the worker's heap at its peak while the question is read (DevTools' Runtime.getHeapUsage,
 *   sampled every 20 ms, less the heap at Ask); the popup's answer to a click while the tabs are
 *   read (History pressed, and pressed again, every 250 ms until the request leaves: from the
 *   click's event time to the button's state changed, timed in the popup); and how many tabs
 *   were read, and said not read.
 * - Ask → request, warm: the same tabs asked about round after round (the page script already in
 *   them), still for a second; and a follow-up question in the same thread about the same 30 tabs.
 * - Answer → first and last verified claim: an eight-claim answer the stand-in writes over about
 *   five seconds; each measured from Ask, and first / last.
 * - Click → highlight: from a click on a citation to the quote highlighted in its page, with 1,
 *   10 and 30 tabs open and asked about (the answer quoting the cited page, the active tab); timed
 *   by the browser, from the click event to the first frame that paints the quote
 *   (tests/bench/click-clock.ts), and the wall time seen from the bench beside it.
 * - Ask → request on a page with a video whose WebVTT track holds an hour of captions (1,200
 *   cues, generated), and on the same page without the video: what reading the captions adds.
 * - `--sizes 10000,100000,1000000` (these alone): how cost grows with the page (issue #47, item 5).
 *   A generated page of about that many characters of visible text (tests/bench/sized-page.ts),
 *   one fresh tab each round, still for two seconds; Ask ("This tab") → request, with the
 *   breakdown, the worker's heap peak and how much of the page was read; then click → highlight
 *   on the citation of a quote near the page's start, and on one near its end.
 * A benchmark, not a test: it prints medians of `--rounds` rounds (3) and, given the build of
 * another commit as `--baseline`, the same figures for it, measured in the same run (the two
 * builds take turns), with the ratio of each to the baseline's.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pLimit from 'p-limit';
import { loadavg } from 'node:os';
import type { Page } from 'puppeteer-core';
import type { RecordedRequest, Reply } from '../support/stand-in/messages-api';
import {
  answerReply,
  askTimed,
  clearStorage,
  EXTENSION_DIR,
  highlightedText,
  launch,
  messageCalls,
  openPopup,
  sentencesSent,
  sentText,
  useStandIn,
  type Harness,
} from '../support/harness';
import { citationOf } from '../support/popup-page';
import { clickClock } from './click-clock';
import { NEAR_END, NEAR_START, SIZED_QUESTION, sizedPage } from './sized-page';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ROUNDS = Number(arg('rounds') ?? 3);
/** `--only video`: the video page's figures alone; `--only click`: the streamed answers and their click → highlight alone. */
const ONLY = arg('only');
const baseline = arg('baseline');
/** Only the cold rounds: a quicker look while working on them. */
const coldOnly = process.argv.includes('--cold-only');
const CORPUS = resolve(arg('corpus') ?? join(import.meta.dirname, '../../../shared/corpus/wcxb-dev'));
/** `--tabs 1,10`: only those tab counts. */
const TAB_COUNTS = (arg('tabs') ?? '1,10,30').split(',').map(Number);
/** `--sizes 10000,100000`: the page-size rounds alone, pages of about so many characters. */
const SIZES = arg('sizes')?.split(',').map(Number);
const STREAM_MS = 5000;
/**
 * `--typing-ms 3000`: the cold rounds' question typed over about that long, its scope chosen
 * first, as a person asks (the tabs are read while it is typed: lib/worker/read/read-ahead.ts);
 * by default it is typed at once, the scope after, which leaves no time to read ahead.
 */
const TYPING_MS = Number(arg('typing-ms') ?? 0);
const started = Date.now();
const loadAtStart = loadavg().map((x) => x.toFixed(2));
const progress = (line: string) => process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${line}\n`);

/** An hour of captions: a cue every three seconds, each a sentence of its own words. */
function hourOfCaptions(): string {
  const at = (s: number) =>
    `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;
  const cues = Array.from(
    { length: 1200 },
    (_, i) =>
      `${at(i * 3)} --> ${at(i * 3 + 3)}\nIn part ${i + 1} the speaker explains how item ${(i * 37) % 500} of plan ${i % 17} is paid for.`,
  );
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** A talk's page: with a video and its hour of captions, or the same page without the video. */
function talkPage(withVideo: boolean): string {
  const video = withVideo
    ? '<video width="320" height="180" controls><track kind="captions" src="/v/hour.vtt" srclang="en" label="English"></video>'
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>An hour-long talk</title></head><body>
<h1>An hour-long talk</h1><p>The recording of the planning talk, given in the town hall in front of the whole council.</p>${video}
<p>The talk was followed by questions from the audience about the budget for the coming year.</p></body></html>`;
}

const VIDEO_PAGES: Record<string, { type: string; body: () => string }> = {
  '/v/captions/': { type: 'text/html; charset=utf-8', body: () => talkPage(true) },
  '/v/plain/': { type: 'text/html; charset=utf-8', body: () => talkPage(false) },
  '/v/hour.vtt': { type: 'text/vtt; charset=utf-8', body: hourOfCaptions },
};

/** The generated pages of `--sizes`, by size, made once. */
const sizedPages = new Map<number, string>();

/** The corpus's pages, served as they are; every other request is refused at once. */
async function serveCorpus(): Promise<{ url: string; names: string[]; close: () => Promise<void> }> {
  // The page-size rounds need no corpus.
  const names = existsSync(CORPUS)
    ? readdirSync(CORPUS)
        .filter((n) => existsSync(join(CORPUS, n, 'source.html')))
        .sort()
    : [];
  const server = createServer((req, res) => {
    const video = VIDEO_PAGES[req.url ?? ''];
    if (video) {
      res.writeHead(200, { 'content-type': video.type });
      return void res.end(video.body());
    }
    const size = Number(/^\/s\/(\d+)\/$/.exec(req.url ?? '')?.[1]);
    if (SIZES?.includes(size)) {
      if (!sizedPages.has(size)) sizedPages.set(size, sizedPage(size));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(sizedPages.get(size));
    }
    const name = /^\/c\/([^/]+)\/$/.exec(req.url ?? '')?.[1];
    if (!name || !names.includes(name)) return void res.writeHead(404).end();
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      // Their scripts and other sites' files would be fetched from the network, which is closed.
      'content-security-policy': "default-src 'self' data: 'unsafe-inline'; script-src 'none'",
    });
    res.end(readFileSync(join(CORPUS, name, 'source.html')));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    names,
    close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

/** A question the cited page answers: its first sentence of main content that is long enough. */
function questionOf(name: string): string {
  const expected = readFileSync(join(CORPUS, name, 'expected.txt'), 'utf8');
  const s = expected.split(/(?<=[.!?])\s+|\n+/).find((x) => x.length >= 40 && x.length <= 200);
  return `What does this page say: ${s ?? expected.slice(0, 120)}`;
}

interface Figures {
  askToRequest: Map<number, number>;
  coldToRequest?: Map<number, number>;
  /** Where the time of a cold round went: each step's median over the tabs, and its slowest tab. */
  breakdown?: Map<number, Map<string, { median: number; max: number }>>;
  followUpToRequest?: number;
  firstClaim?: number;
  lastClaim?: number;
  /** By the number of tabs open and asked about. */
  clickToHighlight?: Map<number, number>;
  /** The same clicks' wall time seen from the bench: DevTools' click and the bench's polling included. */
  clickWall?: Map<number, number>;
  /** Ask → request on the talk's page with its video and an hour of captions, and without the video. */
  videoCaptions?: number;
  videoNone?: number;
  /** Cold rounds, by tab count: the worker's heap growth at its peak from Ask to the answer, bytes. */
  heapPeak?: Map<number, number>;
  /** Cold rounds, by tab count: the popup's slowest and median answer to a click while reading, ms. */
  clickWhileReading?: Map<number, { max: number; median: number; clicks: number }>;
  /** Cold rounds, by tab count: tabs read, and tabs listed as not read. */
  tabsRead?: Map<number, { read: number; notRead: number }>;
  /** `--sizes`: one round on a page of `chars` characters. */
  sized?: SizedRound;
}

interface SizedRound {
  chars: number;
  askToRequest: number;
  /** Click → highlight of the quote near the start and near the end; undefined: not highlighted (see `notes`). */
  clickStart?: number;
  clickEnd?: number;
  heapPeak: number;
  /** Characters the question read of the page (the run's coverage), and passages sent. */
  charsRead: number;
  sent: number;
  breakdown?: Map<string, { median: number; max: number }>;
  /** What went otherwise than planned: a quote not sent, a citation not highlighted, with what the screen showed. */
  notes: string[];
}

/**
 * How the build measured keeps the API key (tests/support/extension-storage.ts `setSettings`):
 * by origin (2), or as the one record of the builds before keys were kept per server (1), which
 * such a build alone reads; without its key a build never sends a request.
 */
let keysVersion: 1 | 2 = 2;
const keysVersionOf = (dir: string): 1 | 2 => (readFileSync(join(dir, 'background.js'), 'utf8').includes('byOrigin') ? 2 : 1);

async function setUp(h: Harness) {
  await clearStorage(h);
  h.api.reset();
  await useStandIn(h, {}, keysVersion);
}

/** Waits until the popup shows a finished answer (its "Answer" region). */
const answered = (popup: Page) => popup.waitForSelector('::-p-aria([name="Answer"][role="region"])', { timeout: 180_000 });

/** Waits until the worker has finished the question `question`. */
async function done(h: Harness, question: string) {
  for (const start = Date.now(); Date.now() - start < 180_000; await new Promise((r) => setTimeout(r, 20))) {
    const run = await h.worker.evaluate(
      async () => (await chrome.storage.session.get('lastRun')).lastRun as { question: string; status: string } | undefined,
    );
    if (run?.question === question && run.status !== 'working') return;
  }
  throw new Error('the question did not finish within 180 s');
}

const oneClaim = (req: RecordedRequest): Reply => {
  const [s] = sentencesSent(req);
  return answerReply([{ text: 'The page says so.', citations: [s!] }]);
};

/** Ask → request with `tabs` pages open, the cited one active; and, with the most tabs, a follow-up. */
async function askRounds(h: Harness, server: { url: string; names: string[] }, tabs: number, n: number, into: Figures[]) {
  const pages: Page[] = [];
  const cited = server.names[0]!;
  progress(`opening ${tabs} tabs`);
  for (let i = tabs - 1; i >= 0; i--) {
    const page = await h.browser.newPage();
    page.on('dialog', (d) => void d.dismiss().catch(() => {}));
    await page.goto(`${server.url}/c/${server.names[i]!}/`, { waitUntil: 'load', timeout: 60_000 });
    pages.push(page);
  }
  const active = pages.at(-1)!; // the cited page, names[0], opened last
  const question = questionOf(cited);
  const scope = tabs === 1 ? 'This tab' : 'All tabs in this window';
  try {
    for (let r = -1; r < n; r++) {
      await setUp(h);
      // Pages that have long been still: loaded a second ago, nothing changing since.
      await new Promise((res) => setTimeout(res, 1000));
      const popup = await openPopup(h, active);
      const t = await askTimed(h, popup, question, scope, oneClaim);
      await answered(popup);
      const figures: Figures = { askToRequest: new Map([[tabs, t.sent() - t.pressed]]) };
      if (tabs === TAB_COUNTS.at(-1)) {
        // A follow-up about the same pages, in the same thread.
        const follow = `${question} Tell me more.`;
        const f = await askTimed(h, popup, follow, scope, oneClaim);
        await done(h, follow);
        figures.followUpToRequest = f.sent() - f.pressed;
      }
      await popup.close().catch(() => {});
      progress(
        `${tabs} tabs, round ${r}: ${JSON.stringify([...figures.askToRequest.values()])} ${figures.followUpToRequest ?? ''}`,
      );
      if (r >= 0) into.push(figures); // round -1: a warm-up, the worker's first question loads its code
    }
  } finally {
    for (const p of pages) await p.close();
  }
}

/** What the worker recorded of the last question (lib/worker/read/read-timings.ts); null for a build that records nothing. */
interface RunTimes {
  asked: number;
  read?: number;
  planned?: number;
  tabs: Record<
    number,
    {
      readRequest?: number;
      injectStart?: number;
      injected?: number;
      extractSent?: number;
      extractReplied?: number;
      page?: { evaluated?: number; listening?: number; asked: number; settled: number; walked: number; replied: number };
      shownSent?: number;
      shownReplied?: number;
    }
  >;
}

/** The steps a tab's reading goes through, in order, from the worker's and the page's timings. */
const TAB_STEPS = [
  'Ask → read request',
  'injection',
  'page script start-up',
  'read request → page',
  'settling',
  'walk',
  'layout and ids',
  'reply back, checked',
  'check before sending',
] as const;
/** The question's own steps: before any tab, and after every tab was read. */
const RUN_STEPS = [
  'Ask → worker',
  'Ask → every tab read',
  'read → first check asked',
  'read → plan checked',
  'plan → request',
] as const;

function breakdownOf(times: RunTimes, pressed: number, sent: number): Map<string, { median: number; max: number }> {
  const per = new Map<string, number[]>();
  const add = (step: string, v: number | undefined) => {
    if (v === undefined || !Number.isFinite(v)) return;
    const list = per.get(step) ?? [];
    list.push(v);
    per.set(step, list);
  };
  for (const t of Object.values(times.tabs)) {
    const p = t.page;
    const startup = p?.evaluated !== undefined && p.listening !== undefined ? p.listening - p.evaluated : 0;
    add('Ask → read request', t.readRequest !== undefined ? t.readRequest - pressed : undefined);
    add('injection', t.injected !== undefined && t.injectStart !== undefined ? t.injected - t.injectStart - startup : undefined);
    add('page script start-up', p ? startup : undefined);
    add('read request → page', p && t.extractSent !== undefined ? p.asked - t.extractSent : undefined);
    add('settling', p ? p.settled - p.asked : undefined);
    add('walk', p ? p.walked - p.settled : undefined);
    add('layout and ids', p ? p.replied - p.walked : undefined);
    add('reply back, checked', p && t.extractReplied !== undefined ? t.extractReplied - p.replied : undefined);
    add(
      'check before sending',
      t.shownSent !== undefined && t.shownReplied !== undefined ? t.shownReplied - t.shownSent : undefined,
    );
  }
  add('Ask → worker', times.asked - pressed);
  add('Ask → every tab read', times.read !== undefined ? times.read - pressed : undefined);
  const firstCheck = Math.min(...Object.values(times.tabs).map((t) => t.shownSent ?? Infinity));
  add('read → first check asked', times.read !== undefined ? firstCheck - times.read : undefined);
  add('read → plan checked', times.planned !== undefined && times.read !== undefined ? times.planned - times.read : undefined);
  add('plan → request', times.planned !== undefined ? sent - times.planned : undefined);
  const out = new Map<string, { median: number; max: number }>();
  for (const [step, xs] of per) out.set(step, { median: median(xs), max: Math.max(...xs) });
  return out;
}

/** Samples the worker's used heap every 20 ms until `stop()`; resolves with the peak, bytes. */
function sampleHeap(h: Harness): { stop: () => Promise<number> } {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { usedSize } = await h.worker.client.send('Runtime.getHeapUsage').catch(() => ({ usedSize: 0 }));
      peak = Math.max(peak, usedSize);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return peak;
    },
  };
}

/** The worker's used heap now, after a collection (the baseline of the peak). */
async function heapNow(h: Harness): Promise<number> {
  await h.worker.client.send('HeapProfiler.collectGarbage').catch(() => {});
  return (await h.worker.client.send('Runtime.getHeapUsage')).usedSize;
}

/**
 * The popup's answer to a click while the tabs are read: History pressed every 250 ms (and
 * pressed again, to leave it as it was) until `busy()` is false; each click timed in the popup,
 * from its event's time (when the browser made it, before any wait in the popup's queue) to the
 * button's state changed in the page.
 */
async function clicksWhileBusy(popup: Page, busy: () => boolean): Promise<number[]> {
  await popup.evaluate(() => {
    const w = window as unknown as { clickTimes: number[] };
    w.clickTimes = [];
    document.addEventListener(
      'click',
      (e) => {
        const button = e.target instanceof Element ? e.target.closest('.history-toggle') : null;
        if (!button) return;
        const before = button.getAttribute('aria-pressed');
        const from = e.timeStamp;
        const seen = new MutationObserver(() => {
          if (document.querySelector('.history-toggle')?.getAttribute('aria-pressed') === before) return;
          seen.disconnect();
          w.clickTimes.push(performance.now() - from);
        });
        seen.observe(document.body, { attributes: true, subtree: true, attributeFilter: ['aria-pressed'] });
      },
      true,
    );
  });
  let clicks = 0;
  while (busy()) {
    await popup.click('.history-toggle').catch(() => {});
    clicks++;
    await new Promise((r) => setTimeout(r, 250));
  }
  // Left as it was: the answer shown, not the history.
  if (clicks % 2 === 1) await popup.click('.history-toggle').catch(() => {});
  const times = await popup.evaluate(() => (window as unknown as { clickTimes: number[] }).clickTimes);
  return clicks % 2 === 1 ? times.slice(0, clicks) : times;
}

/**
 * Ask → request with `tabs` fresh tabs each round: other pages of the corpus every round (the
 * same ones, round by round, for both builds), the cited page active, loaded and left still for
 * two seconds, then Ask; the tabs closed after.
 */
async function coldRounds(
  h: Harness,
  server: { url: string; names: string[] },
  tabs: number,
  n: number,
  into: Figures[],
  warmUp = true,
) {
  const cited = server.names[0]!;
  const others = server.names.slice(1);
  const question = questionOf(cited);
  const scope = tabs === 1 ? 'This tab' : 'All tabs in this window';
  for (let r = warmUp ? -1 : 0; r < n; r++) {
    const pages: Page[] = [];
    try {
      // Other pages each round; one that does not finish loading in time is replaced by the next.
      const candidates = Array.from({ length: others.length }, (_, i) => others[(((r + 1) * 31 + i) * 7) % others.length]!);
      progress(`cold: opening ${tabs} tabs`);
      const open = async (name: string): Promise<boolean> => {
        const page = await h.browser.newPage();
        page.on('dialog', (d) => void d.dismiss().catch(() => {}));
        try {
          await page.goto(`${server.url}/c/${name}/`, { waitUntil: 'load', timeout: 15_000 });
          pages.push(page);
          return true;
        } catch {
          await page.close().catch(() => {});
          return false;
        }
      };
      // Six at a time: a browser opening thirty pages at once starves some of them.
      const limit = pLimit(6);
      let next = tabs - 1;
      await Promise.all(
        candidates.slice(0, tabs - 1).map((name) =>
          limit(async () => {
            for (let candidate: string | undefined = name; candidate && !(await open(candidate));) {
              candidate = candidates[next++];
            }
          }),
        ),
      );
      if (!(await open(cited))) throw new Error(`the cited page ${cited} did not load`);
      const active = pages.find((p) => p.url().includes(`/c/${cited}/`))!;
      await setUp(h);
      // Loaded and left still for two seconds: opened, then asked about.
      await new Promise((res) => setTimeout(res, 2000));
      const popup = await openPopup(h, active);
      const heapBefore = await heapNow(h);
      const heap = sampleHeap(h);
      const t = await askTimed(h, popup, question, scope, oneClaim, TYPING_MS);
      const clickTimes = await clicksWhileBusy(popup, () => t.sent() === 0 && Date.now() - t.pressed < 60_000);
      await answered(popup);
      const heapPeak = (await heap.stop()) - heapBefore;
      const sent = t.sent();
      const run = (await h.worker.evaluate(async () => (await chrome.storage.session.get('lastRun')).lastRun)) as {
        coverage?: { tabs: number };
        skipped: Array<{ reason: string }>;
      };
      // Why tabs were not read, by the reason's first words, with how many.
      const why = new Map<string, number>();
      for (const s of run.skipped) why.set(s.reason.slice(0, 30), (why.get(s.reason.slice(0, 30)) ?? 0) + 1);
      const times = (await h.worker.evaluate(
        () => (globalThis as { citedTabsTimes?: () => unknown }).citedTabsTimes?.() ?? null,
      )) as RunTimes | null;
      await popup.close().catch(() => {});
      const figures: Figures = {
        askToRequest: new Map(),
        coldToRequest: new Map([[tabs, sent - t.pressed]]),
        heapPeak: new Map([[tabs, heapPeak]]),
        tabsRead: new Map([[tabs, { read: run.coverage?.tabs ?? NaN, notRead: run.skipped.length }]]),
      };
      if (clickTimes.length > 0)
        figures.clickWhileReading = new Map([
          [tabs, { max: Math.max(...clickTimes), median: median(clickTimes), clicks: clickTimes.length }],
        ]);
      if (times) figures.breakdown = new Map([[tabs, breakdownOf(times, t.pressed, sent)]]);
      progress(
        `cold, ${tabs} tabs, round ${r}: ${sent - t.pressed} ms; heap +${(heapPeak / 2 ** 20).toFixed(1)} MB; ` +
          `clicks ${clickTimes.map(Math.round).join(' ')} ms; read ${run.coverage?.tabs}, not read ${run.skipped.length} ${JSON.stringify([...why])}`,
      );
      if (r >= 0) into.push(figures);
    } finally {
      for (const p of pages) await p.close().catch(() => {});
    }
  }
}

/**
 * An eight-claim answer about `tabs` tabs, quoting the cited page (the active tab), streamed over
 * about five seconds: first and last claim shown, from Ask (one tab); then click → highlight.
 */
async function streamRounds(h: Harness, server: { url: string; names: string[] }, tabs: number, n: number, into: Figures[]) {
  const cited = server.names[0]!;
  const pages: Page[] = [];
  progress(`stream: opening ${tabs} tabs`);
  for (let i = tabs - 1; i >= 0; i--) {
    const p = await h.browser.newPage();
    p.on('dialog', (d) => void d.dismiss().catch(() => {}));
    await p.goto(`${server.url}/c/${server.names[i]!}/`, { waitUntil: 'load', timeout: 60_000 });
    pages.push(p);
  }
  const page = pages.at(-1)!; // the cited page, names[0], opened last
  // The prompt names each document by its tab's title: the quotes are the cited page's.
  const esc: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
  const title = (await page.title())
    .trim()
    .slice(0, 24)
    .replace(/[&<>"']/g, (c) => esc[c]!);
  const scope = tabs === 1 ? 'This tab' : 'All tabs in this window';
  try {
    for (let r = -1; r < n; r++) {
      await setUp(h);
      await new Promise((res) => setTimeout(res, 1000));
      const popup = await openPopup(h, page);
      // Each time the number of claims shown grows, when.
      await popup.evaluate(() => {
        const w = window as unknown as { shownAt: number[] };
        w.shownAt = [];
        new MutationObserver(() => {
          const n = document.querySelectorAll('li.claim').length;
          while (w.shownAt.length < n) w.shownAt.push(Date.now());
        }).observe(document.body, { childList: true, subtree: true });
      });
      const t = await askTimed(h, popup, questionOf(cited), scope, (req) => {
        const fromCited = sentencesSent(req, `source="${title}`);
        const quotes = (fromCited.length > 0 ? fromCited : sentencesSent(req)).slice(0, 8);
        const claims = quotes.map((q, k) => ({ text: `Point ${k + 1} of the page.`, citations: [q] }));
        const chars = JSON.stringify(claims).length + 40;
        // The stand-in sends 12 characters a frame: frames paced to take about STREAM_MS in all.
        return { ...answerReply(claims), chunkDelayMs: Math.round(STREAM_MS / Math.ceil(chars / 12)) };
      });
      await answered(popup);
      const shownAt = await popup.evaluate(() => (window as unknown as { shownAt: number[] }).shownAt);
      // The quote of the first claim, clicked in the finished answer.
      const button = await popup.waitForSelector('li.claim .markers button.marker');
      // The last round's highlight of the same quote is still in the page (storage was emptied, so
      // the new question did not clear it): cleared, or it is found at once and measures nothing.
      await page.evaluate(() => CSS.highlights.clear());
      const clock = await clickClock(popup, page, '');
      const clicked = Date.now();
      await button!.click();
      await clock.clicked();
      while (!(await highlightedText(page).catch(() => null))) {
        if (Date.now() - clicked > 30_000)
          throw new Error(`the quote was not highlighted within 30 s; the popup: ${await screenText(popup)}`);
        await new Promise((res) => setTimeout(res, 5));
      }
      const highlighted = Date.now();
      const inBrowser = await clock.read();
      await popup.close().catch(() => {});
      progress(
        `stream, ${tabs} tabs, round ${r}: ${shownAt[0]! - t.pressed} ${shownAt.at(-1)! - t.pressed}; click → highlight ${inBrowser ?? 'not timed'} ms (wall ${highlighted - clicked})`,
      );
      if (r >= 0) {
        const figures: Figures = {
          askToRequest: new Map(),
          clickToHighlight: new Map(inBrowser === undefined ? [] : [[tabs, inBrowser]]),
          clickWall: new Map([[tabs, highlighted - clicked]]),
        };
        if (tabs === 1) Object.assign(figures, { firstClaim: shownAt[0]! - t.pressed, lastClaim: shownAt.at(-1)! - t.pressed });
        into.push(figures);
      }
    }
  } finally {
    for (const p of pages) await p.close().catch(() => {});
  }
}

/** The claims of a page-size round's answer, each quoting one fact of the page. */
const START_CLAIM = 'The keeper writes the tide down at 4:07.';
const END_CLAIM = 'The ferry to Marrowby leaves at 9:20 on weekdays.';

/** The popup's text, on one line and cut: what the screen showed when something did not happen. */
const screenText = async (popup: Page) =>
  popup.isClosed()
    ? 'the popup was closed'
    : (await popup.evaluate(() => document.body.innerText).catch(() => 'the popup could not be read'))
        .replace(/\s+/g, ' ')
        .slice(0, 500);

/**
 * Click → highlight on the citation of the claim `claim` in the popup over `page`: from the click
 * to `words` highlighted in the page. `fresh`: in a popup opened again over the page (the answer
 * kept), since the last click's focus on the page may be closing this one at the browser's pace
 * (seen: a click's target gone between finding the button and clicking it). Resolves with the
 * time, or with what the screen showed after 30 s.
 */
async function clickTimed(
  h: Harness,
  page: Page,
  popup: Page,
  claim: string,
  words: string,
  fresh: boolean,
): Promise<{ popup: Page; ms?: number; note?: string }> {
  if (fresh || popup.isClosed()) {
    await popup.close().catch(() => {});
    popup = await openPopup(h, page);
    await answered(popup);
  }
  const button = await citationOf(popup, claim).catch(() => null);
  if (!button) return { popup, note: `no citation for "${claim}": ${await screenText(popup)}` };
  await page.evaluate(() => CSS.highlights.clear());
  const clock = await clickClock(popup, page, words);
  const clicked = Date.now();
  try {
    await button.click();
  } catch (error) {
    return { popup, note: `the click on "${claim}" failed: ${String(error).slice(0, 120)}` };
  }
  await clock.clicked();
  while (!((await highlightedText(page).catch(() => null)) ?? '').includes(words)) {
    if (Date.now() - clicked > 30_000) {
      const lit = await highlightedText(page).catch(() => null);
      return {
        popup,
        note: `"${words}" not highlighted in 30 s (highlighted: ${lit ?? 'nothing'}); the popup: ${await screenText(popup)}`,
      };
    }
    await new Promise((res) => setTimeout(res, 5));
  }
  const wall = Date.now() - clicked;
  const ms = await clock.read();
  return ms === undefined
    ? { popup, ms: wall, note: `"${claim}": timed by the bench only (${wall} ms, DevTools' click included)` }
    : { popup, ms };
}

/**
 * `--sizes`: for each size, a fresh tab of the generated page of about that many characters,
 * still for two seconds, Ask ("This tab") → request; then the citation of the quote near the
 * page's start clicked, and that of the quote near its end, each timed until highlighted.
 */
async function sizedRounds(h: Harness, server: { url: string }, chars: number, n: number, into: Figures[], warmUp: boolean) {
  for (let r = warmUp ? -1 : 0; r < n; r++) {
    const page = await h.browser.newPage();
    try {
      progress(`sizes: opening the page of ${chars} characters`);
      await page.goto(`${server.url}/s/${chars}/`, { waitUntil: 'load', timeout: 120_000 });
      await setUp(h);
      await new Promise((res) => setTimeout(res, 2000));
      let popup = await openPopup(h, page);
      const notes: string[] = [];
      const quoted = { clickStart: false, clickEnd: false };
      const heapBefore = await heapNow(h);
      const heap = sampleHeap(h);
      const t = await askTimed(h, popup, SIZED_QUESTION, 'This tab', (req) => {
        const sent = sentencesSent(req);
        const start = sent.find((x) => x.literal === NEAR_START);
        const end = sent.find((x) => x.literal === NEAR_END);
        quoted.clickStart = start !== undefined;
        quoted.clickEnd = end !== undefined;
        if (!start) notes.push('the quote near the start was not sent');
        if (!end) notes.push('the quote near the end was not sent');
        const claims = [
          ...(start ? [{ text: START_CLAIM, citations: [start] }] : []),
          ...(end ? [{ text: END_CLAIM, citations: [end] }] : []),
        ];
        // Neither sent: an answer all the same, so the round finishes.
        return answerReply(claims.length > 0 ? claims : [{ text: 'The page says so.', citations: sent.slice(0, 1) }]);
      });
      await answered(popup);
      const sentAt = t.sent();
      const heapPeak = (await heap.stop()) - heapBefore;
      const run = (await h.worker.evaluate(async () => (await chrome.storage.session.get('lastRun')).lastRun)) as {
        coverage?: { chars?: number; sent: number; partial?: Array<{ reason: string }> };
      };
      for (const p of run.coverage?.partial ?? []) notes.push(`read in part: ${p.reason}`);
      if (!quoted.clickStart || !quoted.clickEnd) notes.push(`the popup: ${await screenText(popup)}`);
      const times = (await h.worker.evaluate(
        () => (globalThis as { citedTabsTimes?: () => unknown }).citedTabsTimes?.() ?? null,
      )) as RunTimes | null;
      const round: SizedRound = {
        chars,
        askToRequest: sentAt - t.pressed,
        heapPeak,
        charsRead: run.coverage?.chars ?? NaN,
        sent: run.coverage?.sent ?? NaN,
        notes,
      };
      if (times) round.breakdown = breakdownOf(times, t.pressed, sentAt);
      for (const [claim, words, key] of [
        [START_CLAIM, 'Quillhaven lighthouse', 'clickStart'],
        [END_CLAIM, 'northern slipway', 'clickEnd'],
      ] as const) {
        if (quoted[key]) {
          const click = await clickTimed(h, page, popup, claim, words, key === 'clickEnd');
          popup = click.popup;
          if (click.ms !== undefined) round[key] = click.ms;
          if (click.note) notes.push(click.note);
        }
      }
      await popup.close().catch(() => {});
      progress(
        `sizes, ${chars} characters, round ${r}: Ask → request ${round.askToRequest} ms; read ${round.charsRead} characters, ` +
          `${round.sent} passages sent; heap +${(heapPeak / 2 ** 20).toFixed(1)} MB; click → highlight ${round.clickStart ?? '—'} / ${round.clickEnd ?? '—'} ms` +
          (notes.length ? `; ${notes.join('; ')}` : ''),
      );
      if (r >= 0) into.push({ askToRequest: new Map(), sized: round });
    } finally {
      await page.close().catch(() => {});
    }
  }
}

/** Ask → request on the talk's page, with its hour of captions and without its video, in turns. */
async function videoRounds(h: Harness, server: { url: string }, n: number, into: Figures[]) {
  const question = 'What does the speaker say about how item 370 is paid for?';
  for (let r = -1; r < n; r++) {
    const figures: Figures = { askToRequest: new Map() };
    for (const kind of ['captions', 'plain'] as const) {
      const page = await h.browser.newPage();
      await page.goto(`${server.url}/v/${kind}/`, { waitUntil: 'load', timeout: 60_000 });
      try {
        await setUp(h);
        await new Promise((res) => setTimeout(res, 1000));
        const popup = await openPopup(h, page);
        const t = await askTimed(h, popup, question, 'This tab', oneClaim);
        await answered(popup);
        if (kind === 'captions') {
          // The captions were read and sent: otherwise the figure would measure nothing.
          const sent = sentText(messageCalls(h.api).at(-1)!);
          if (!sent.includes('item 370 of plan')) throw new Error('the captions were not sent');
          figures.videoCaptions = t.sent() - t.pressed;
        } else figures.videoNone = t.sent() - t.pressed;
        await popup.close().catch(() => {});
      } finally {
        await page.close();
      }
    }
    progress(`video, round ${r}: ${figures.videoCaptions} ${figures.videoNone}`);
    if (r >= 0) into.push(figures);
  }
}

async function measure(dir: string, n: number, into: Figures[]) {
  if (n === 0) return;
  const server = await serveCorpus();
  keysVersion = keysVersionOf(dir);
  const h = await launch({ extensionDir: dir });
  try {
    if (SIZES) {
      // The warm-up round (the worker's first question loads its code) before the first size only.
      for (const [i, chars] of SIZES.entries()) await sizedRounds(h, server, chars, n, into, i === 0);
      return;
    }
    if (ONLY === undefined) {
      // The warm-up round (the worker's first question loads its code) before the first count only.
      for (const [i, tabs] of TAB_COUNTS.entries()) await coldRounds(h, server, tabs, n, into, i === 0);
      if (!coldOnly) for (const tabs of TAB_COUNTS) await askRounds(h, server, tabs, n, into);
    }
    if (!coldOnly && (ONLY === undefined || ONLY === 'click')) {
      for (const tabs of TAB_COUNTS) await streamRounds(h, server, tabs, n, into);
    }
    if (!coldOnly && (ONLY === undefined || ONLY === 'video')) await videoRounds(h, server, n, into);
  } finally {
    await h.close();
    await server.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;

interface Table {
  rows: Array<[string, number]>;
}

/** Each cold round's breakdown, its medians over the rounds; empty for a build that records none. */
function breakdownTable(
  all: Figures[],
  of: number | ((f: Figures) => Map<string, { median: number; max: number }> | undefined),
): Map<string, { median: number; max: number }> {
  const pick = typeof of === 'number' ? (f: Figures) => f.breakdown?.get(of) : of;
  const out = new Map<string, { median: number; max: number }>();
  for (const step of [...TAB_STEPS, ...RUN_STEPS]) {
    const xs = all.flatMap((f) => {
      const v = pick(f)?.get(step);
      return v ? [v] : [];
    });
    if (xs.length) out.set(step, { median: median(xs.map((x) => x.median)), max: median(xs.map((x) => x.max)) });
  }
  return out;
}
function table(all: Figures[]): Table {
  const col = (f: (x: Figures) => number | undefined) => {
    const xs = all.map(f).filter((x): x is number => x !== undefined);
    return xs.length ? median(xs) : NaN;
  };
  const tabsName = (tabs: number) => `${tabs} tab${tabs > 1 ? 's' : ''}`;
  const rows: Array<[string, number]> = TAB_COUNTS.map((tabs) => [
    `Ask → request, cold, ${tabsName(tabs)}`,
    col((x) => x.coldToRequest?.get(tabs)),
  ]);
  const mb = (v: number | undefined) => (v === undefined ? undefined : v / 2 ** 20);
  for (const tabs of TAB_COUNTS)
    rows.push([`worker heap peak MB, cold, ${tabsName(tabs)}`, col((x) => mb(x.heapPeak?.get(tabs)))]);
  for (const tabs of TAB_COUNTS) {
    rows.push([`popup click, slowest ms, ${tabsName(tabs)}`, col((x) => x.clickWhileReading?.get(tabs)?.max)]);
    rows.push([`popup click, median ms, ${tabsName(tabs)}`, col((x) => x.clickWhileReading?.get(tabs)?.median)]);
  }
  for (const tabs of TAB_COUNTS) {
    rows.push([`tabs read, ${tabsName(tabs)}`, col((x) => x.tabsRead?.get(tabs)?.read)]);
    rows.push([`tabs said not read, ${tabsName(tabs)}`, col((x) => x.tabsRead?.get(tabs)?.notRead)]);
  }
  for (const tabs of TAB_COUNTS) rows.push([`Ask → request, warm, ${tabsName(tabs)}`, col((x) => x.askToRequest.get(tabs))]);
  rows.push([`Ask → request, follow-up, ${TAB_COUNTS.at(-1)} tabs`, col((x) => x.followUpToRequest)]);
  rows.push(['Ask → first verified claim (8 over ~5 s)', col((x) => x.firstClaim)]);
  rows.push(['Ask → last verified claim', col((x) => x.lastClaim)]);
  rows.push(['first / last claim', col((x) => (x.firstClaim !== undefined ? x.firstClaim / x.lastClaim! : undefined))]);
  for (const tabs of TAB_COUNTS) rows.push([`click → highlight, ${tabsName(tabs)}`, col((x) => x.clickToHighlight?.get(tabs))]);
  for (const tabs of TAB_COUNTS) rows.push([`click → highlight, wall, ${tabsName(tabs)}`, col((x) => x.clickWall?.get(tabs))]);
  rows.push(['Ask → request, video with 1 h of captions', col((x) => x.videoCaptions)]);
  rows.push(['Ask → request, same page without the video', col((x) => x.videoNone)]);
  rows.push(['what the captions add', col((x) => (x.videoCaptions !== undefined ? x.videoCaptions - x.videoNone! : undefined))]);
  return { rows };
}

const mine: Figures[] = [];
const base: Figures[] = [];
const half = Math.ceil(ROUNDS / 2);
// With a baseline, the two builds take turns (half the rounds each time), so that the load of
// the machine weighs on both alike.
for (const turn of baseline ? [0, 1] : [0]) {
  const n = baseline ? (turn === 0 ? half : ROUNDS - half) : ROUNDS;
  if (baseline) await measure(resolve(baseline), n, base);
  await measure(EXTENSION_DIR, n, mine);
}

if (SIZES) {
  printSizes();
  process.exit(0);
}

/** The `--sizes` figures: medians by size, this build's and the baseline's, their ratio, the notes of every round. */
function printSizes() {
  const col = (all: Figures[], chars: number, f: (x: SizedRound) => number | undefined) => {
    const xs = all.flatMap((x) => (x.sized?.chars === chars ? [f(x.sized)] : [])).filter((v): v is number => v !== undefined);
    return { median: xs.length ? median(xs) : NaN, of: xs.length };
  };
  console.log(
    `${new Date(started).toISOString()} to ${new Date().toISOString()}; load average ${loadAtStart.join(' ')} at the start, ` +
      `${loadavg()[0]!.toFixed(2)} at the end; medians of ${ROUNDS} rounds each, after a warm-up round` +
      `${baseline ? `; baseline ${baseline}` : ''}`,
  );
  const figures: Array<[string, (x: SizedRound) => number | undefined, (v: number) => string]> = [
    ['Ask → request', (x) => x.askToRequest, (v) => `${(v / 1000).toFixed(2)} s`],
    ['click → highlight, quote near the start', (x) => x.clickStart, (v) => `${Math.round(v)} ms`],
    ['click → highlight, quote near the end', (x) => x.clickEnd, (v) => `${Math.round(v)} ms`],
    ['worker heap peak MB', (x) => x.heapPeak / 2 ** 20, (v) => v.toFixed(1)],
    ['characters read', (x) => x.charsRead, (v) => `${Math.round(v)}`],
    ['passages sent', (x) => x.sent, (v) => `${Math.round(v)}`],
  ];
  console.log(
    `${'figure'.padEnd(42)}${'chars'.padStart(9)} ${'this'.padStart(12)}${baseline ? `${'baseline'.padStart(12)}${'ratio'.padStart(7)}` : ''}`,
  );
  for (const [name, f, show] of figures) {
    for (const chars of SIZES!) {
      const a = col(mine, chars, f);
      const b = col(base, chars, f);
      // A figure with fewer values than rounds (a quote not highlighted) says how many it has.
      const cell = (x: { median: number; of: number }) =>
        Number.isNaN(x.median) ? '—' : `${show(x.median)}${x.of < ROUNDS ? ` (${x.of})` : ''}`;
      console.log(
        `${name.padEnd(42)}${String(chars).padStart(9)} ${cell(a).padStart(12)}` +
          (baseline ? `${cell(b).padStart(12)}${(b.median ? (a.median / b.median).toFixed(2) : '').padStart(7)}` : ''),
      );
    }
  }
  for (const chars of SIZES!) {
    const pick = (x: Figures) => (x.sized?.chars === chars ? x.sized.breakdown : undefined);
    const mb = breakdownTable(mine, pick);
    if (mb.size === 0) continue;
    const bb = baseline ? breakdownTable(base, pick) : new Map<string, { median: number; max: number }>();
    console.log(`\n${chars} characters: where the time went, ms`);
    console.log(`${'step'.padEnd(28)} ${'this'.padStart(8)}${bb.size ? 'baseline'.padStart(10) : ''}`);
    for (const step of [...TAB_STEPS, ...RUN_STEPS]) {
      const cell = (m: Map<string, { median: number; max: number }>) => {
        const v = m.get(step);
        return v ? `${Math.round(v.median)}` : '';
      };
      console.log(`${step.padEnd(28)} ${cell(mb).padStart(8)}${bb.size ? cell(bb).padStart(10) : ''}`);
    }
  }
  const notes = [...mine.map((x) => ['this', x.sized] as const), ...base.map((x) => ['baseline', x.sized] as const)].flatMap(
    ([who, x]) => (x ? x.notes.map((note) => `${who}, ${x.chars} characters: ${note}`) : []),
  );
  if (notes.length) console.log(`\nnotes:\n${notes.join('\n')}`);
}

const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '' : `${Math.round(v)}`);
const show = (name: string, v: number) =>
  name.includes('/') || name.includes(' MB')
    ? v.toFixed(name.includes(' MB') ? 1 : 2)
    : name.includes(' ms') || name.startsWith('tabs ')
      ? `${Math.round(v)}`
      : `${(v / 1000).toFixed(2)} s`;
const m = table(mine);
const b = baseline ? table(base) : null;
console.log(
  `corpus ${CORPUS}; medians of ${ROUNDS} rounds each, after a warm-up round${TYPING_MS > 0 ? `; the cold questions typed over ${TYPING_MS} ms` : ''}`,
);
console.log(`${'figure'.padEnd(42)} ${'this'.padStart(8)}${b ? `${'baseline'.padStart(10)}${'ratio'.padStart(8)}` : ''}`);
for (const [i, [name, v]] of m.rows.entries()) {
  // A figure not measured (`--only`, `--cold-only`) is not shown.
  if (Number.isNaN(v)) continue;
  const bv = b?.rows[i]![1];
  console.log(
    `${name.padEnd(42)} ${show(name, v).padStart(8)}${bv !== undefined ? `${show(name, bv).padStart(10)}${(bv === 0 || Number.isNaN(bv) ? '' : (v / bv).toFixed(2)).padStart(8)}` : ''}`,
  );
}

// Where a cold round's time went: each step's median over the tabs and its slowest tab, in
// milliseconds (medians over the rounds); the question's own steps once.
for (const tabs of TAB_COUNTS) {
  const mb = breakdownTable(mine, tabs);
  if (mb.size === 0) continue;
  const bb = baseline ? breakdownTable(base, tabs) : new Map<string, { median: number; max: number }>();
  const withBase = bb.size > 0;
  console.log(`\ncold, ${tabs} tab${tabs > 1 ? 's' : ''}: where the time went, ms (per tab: median, slowest)`);
  console.log(`${'step'.padEnd(28)} ${'this'.padStart(12)}${withBase ? 'baseline'.padStart(14) : ''}`);
  for (const step of [...TAB_STEPS, ...RUN_STEPS]) {
    const cell = (m: Map<string, { median: number; max: number }>) => {
      const v = m.get(step);
      if (!v) return '';
      return (RUN_STEPS as readonly string[]).includes(step) ? ms(v.median) : `${ms(v.median)} / ${ms(v.max)}`;
    };
    console.log(`${step.padEnd(28)} ${cell(mb).padStart(12)}${withBase ? cell(bb).padStart(14) : ''}`);
  }
}
