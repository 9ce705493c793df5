/**
 * npm run bench:history [-- --baseline <a built extension folder> | --ref <git ref> | --no-baseline]
 *                          [--rounds <n>] [--sizes 0,100,500]
 *
 * What a full history costs a user (issue #47, item 3): the history filled to its cap (500
 * threads, about 10 MB of JSON: tests/support/full-history.ts) or to each of `--sizes`, written
 * into the extension's store as the worker keeps it; then, in the real popup of the built
 * extension (the browser harness, headless Chromium), each build taking turns:
 * - toolbar click → question box focused, in a new session (the popup then offers the latest
 *   thread, "Continue: …"), as tests/bench/popup.ts times it; and its ratio to the same build's
 *   with an empty history;
 * - History click → list shown: from the click (in the popup) to the frame after the first
 *   thread's button is in the page (or the list is said empty);
 * - a filter keystroke → list updated: from the key's keydown to the last frame after the list's
 *   last change (a debounce included), each key of a query typed into Search history;
 * - memory: the popup's JS heap once open and with the list shown, and the worker's when idle
 *   and after one more question answered and recorded (after a garbage collection each).
 * Medians of `--rounds` (10) popups; keystrokes over all of them. The baseline: `--baseline`, or
 * `--ref` (default `main`) built in the temp dir (tests/support/previous-release.ts);
 * `--no-baseline` measures this build alone (`npm run bench:history:short`, small enough for CI).
 * A benchmark, not a test: it prints medians and ratios.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { CDPSession, Page } from 'puppeteer-core';
import { hoursAnswer } from '../support/facts';
import { fullHistory } from '../support/full-history';
import { putHistoryIn, storedHistory } from '../support/extension-storage';
import { ask, answerText, clearStorage, EXTENSION_DIR, launch, useStandIn, type Harness } from '../support/harness';
import { median, openTimed, probed } from '../support/popup-timing';
import { previousBuild } from '../support/previous-release';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ROUNDS = Number(arg('rounds') ?? 10);
const SIZES = (arg('sizes') ?? '0,100,500').split(',').map(Number);
const ROOT = resolve(import.meta.dirname, '../..');
/** Typed into Search history one key at a time: words the generated threads hold, then fewer. */
const QUERY = 'harbour tick';
const started = Date.now();
const progress = (line: string) => process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${line}\n`);

function baselineDir(): { dir: string; name: string } | null {
  if (process.argv.includes('--no-baseline')) return null;
  const given = arg('baseline');
  if (given) return { dir: resolve(given), name: given };
  const ref = arg('ref') ?? 'main';
  const commit = execFileSync('git', ['-C', ROOT, 'rev-parse', `${ref}^{commit}`], { encoding: 'utf8' }).trim();
  progress(`building the baseline ${ref} (${commit.slice(0, 9)}) in the temp dir, if not built yet`);
  return { dir: previousBuild('chrome', commit), name: `${ref} (${commit.slice(0, 9)})` };
}

interface Figures {
  open: number[];
  /** Navigation start → focused: the part the extension's own code decides. */
  own: number[];
  list: number[];
  keys: number[];
  popupHeap: number;
  listHeap: number;
  workerHeap: number;
  workerAfterAnswer: number;
}

interface Subject {
  name: string;
  h: Harness;
  page: Page;
  bySize: Map<number, Figures>;
  remove: () => void;
}

async function prepare(name: string, dir: string): Promise<Subject> {
  const copy = probed(dir);
  const h = await launch({ extensionDir: copy.dir });
  const page = await h.browser.newPage();
  await page.goto(`${h.fixtures}/museum-hours.html`, { waitUntil: 'load' });
  return { name, h, page, bySize: new Map(), remove: copy.remove };
}

/** The JS heap in use, in bytes, after a garbage collection, of the context `session` talks to. */
async function heap(session: CDPSession): Promise<number> {
  await session.send('HeapProfiler.collectGarbage');
  return (await session.send('Runtime.getHeapUsage')).usedSize;
}

/** A new session (nothing asked) with a key and `count` threads in the history. */
async function fill(s: Subject, count: number) {
  await clearStorage(s.h);
  s.h.api.reset();
  await useStandIn(s.h);
  // As much JSON for each thread as at the cap: 100 threads are a fifth of the 10 MB.
  if (count > 0) await putHistoryIn(s.h.worker, fullHistory(count, (10_000_000 * count) / 500));
}

// The scripts run in the popup are text: tsx names the functions it compiles, with a helper the
// popup lacks.
/** History click → the frame after the list (its first thread, or its "No answers yet") is shown. */
const OPEN_LIST = `new Promise((done, fail) => {
  const toggle = document.querySelector('.history-toggle');
  if (!toggle) return fail(new Error('no History button'));
  const shown = () => {
    const list = document.querySelector('section.history');
    return list !== null && (list.querySelector('.history-open') !== null || list.querySelector('ul') === null);
  };
  const t0 = performance.now();
  const watch = new MutationObserver(() => {
    if (!shown()) return;
    watch.disconnect();
    requestAnimationFrame(() => done(performance.now() - t0));
  });
  watch.observe(document.body, { childList: true, subtree: true });
  toggle.click();
  setTimeout(() => fail(new Error('the list was not shown in 30 s')), 30_000);
})`;
const openList = (popup: Page) => popup.evaluate(OPEN_LIST) as Promise<number>;

/** Notes each keydown's time and the last frame after the list changed since (`window.__key`). */
const WATCH_KEYS = `(() => {
  const k = (window.__key = { t0: 0, last: 0 });
  const frame = () => requestAnimationFrame(() => (k.last = Math.max(k.last, performance.now())));
  document.addEventListener('keydown', () => { k.t0 = performance.now(); k.last = 0; frame(); }, true);
  new MutationObserver(frame).observe(document.querySelector('section.history'), {
    childList: true, subtree: true, characterData: true, attributes: true,
  });
})()`;

/** Each key of QUERY typed into Search history: keydown → the last frame after the list changed. */
async function typeQuery(popup: Page): Promise<number[]> {
  const search = await popup.$('section.history input[type="search"]');
  if (!search) return [];
  await popup.evaluate(WATCH_KEYS);
  await search.focus();
  const times: number[] = [];
  for (const key of QUERY) {
    await popup.keyboard.press(key === ' ' ? 'Space' : (key as 'a'));
    // Longer than any debounce a list would wait for.
    await new Promise((r) => setTimeout(r, 400));
    times.push((await popup.evaluate('window.__key.last - window.__key.t0')) as number);
  }
  return times;
}

/** The popup's and the worker's heaps, with `count` threads stored, then after one more answered. */
async function memory(s: Subject, f: Figures, count: number) {
  const worker = s.h.worker.client;
  f.workerHeap = await heap(worker);
  await openTimed(s.h, s.page, async (popup) => {
    await new Promise((r) => setTimeout(r, 500));
    const session = await popup.createCDPSession();
    f.popupHeap = await heap(session);
    await openList(popup);
    await new Promise((r) => setTimeout(r, 500));
    f.listHeap = await heap(session);
  });
  s.h.api.enqueue(hoursAnswer);
  await s.page.bringToFront();
  const extension = [...(await s.h.browser.extensions()).values()][0]!;
  await s.page.triggerExtensionAction(extension);
  const popup = (await (await s.h.browser.waitForTarget((t) => t.url().endsWith('/popup.html'))).asPage())!;
  await ask(popup, 'When does the museum open?', 'This tab');
  if (!(await answerText(popup)).includes('9 a.m.')) throw new Error(`${s.name}: the question was not answered`);
  await popup.close();
  // Recorded: the stored history holds the new thread first.
  for (let i = 0; i < 100; i++) {
    const stored = (await storedHistory(s.h)) as { turns: { question: string }[] }[] | undefined;
    if (stored?.[0]?.turns[0]?.question === 'When does the museum open?') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  f.workerAfterAnswer = await heap(s.h.worker.client);
  progress(`${s.name}, ${count} threads: heaps measured`);
}

async function measure(subjects: Subject[], count: number) {
  for (const s of subjects) {
    await fill(s, count);
    s.bySize.set(count, {
      open: [],
      own: [],
      list: [],
      keys: [],
      popupHeap: 0,
      listHeap: 0,
      workerHeap: 0,
      workerAfterAnswer: 0,
    });
  }
  // A warm-up popup each (the browser's first extension page compiles its code), then turns.
  for (let r = -1; r < ROUNDS; r++) {
    for (const s of r % 2 ? subjects : [...subjects].reverse()) {
      const f = s.bySize.get(count)!;
      const round = await openTimed(s.h, s.page);
      await new Promise((res) => setTimeout(res, 200));
      let list = 0;
      let keys: number[] = [];
      await openTimed(s.h, s.page, async (popup) => {
        list = await openList(popup);
        keys = await typeQuery(popup);
      });
      if (r >= 0) {
        f.open.push(round.focused);
        f.own.push(round.own);
        f.list.push(list);
        f.keys.push(...keys);
      }
      progress(
        `${count} threads, ${s.name}, round ${r}: focused ${Math.round(round.focused)} ms, list ${Math.round(list)} ms, keys ${keys.map(Math.round).join(' ')}`,
      );
      await new Promise((res) => setTimeout(res, 200));
    }
  }
  for (const s of subjects) await memory(s, s.bySize.get(count)!, count);
}

const base = baselineDir();
const load = loadavg().map((x) => x.toFixed(2));
const subjects = [await prepare('this', EXTENSION_DIR), ...(base ? [await prepare('baseline', base.dir)] : [])];
try {
  for (const count of SIZES) await measure(subjects, count);
} finally {
  for (const s of subjects) {
    await s.h.close();
    s.remove();
  }
}

const ms = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(0)).padStart(7);
const mb = (x: number) => (x / 1_048_576).toFixed(1).padStart(7);
console.log(`this build ${EXTENSION_DIR}; baseline ${base?.name ?? 'none'}`);
console.log(`${new Date().toISOString()}; load average ${load.join(' ')} at the start, ${loadavg()[0]!.toFixed(2)} at the end`);
console.log(`medians of ${ROUNDS} popups each (keystrokes: ${QUERY.length} a popup); ms; heaps in MB after a GC`);
console.log(
  `\n${'build'.padEnd(10)}${'threads'.padStart(8)}${'open'.padStart(7)}${'×empty'.padStart(7)}${'own'.padStart(7)}${'×empty'.padStart(7)}${'list'.padStart(7)}${'key'.padStart(7)}${'key max'.padStart(8)}` +
    `${'popup'.padStart(7)}${'+list'.padStart(7)}${'worker'.padStart(7)}${'+answer'.padStart(8)}`,
);
for (const s of subjects) {
  const empty = s.bySize.get(SIZES[0]!)!;
  for (const count of SIZES) {
    const f = s.bySize.get(count)!;
    console.log(
      `${s.name.padEnd(10)}${String(count).padStart(8)}${ms(median(f.open))}${(median(f.open) / median(empty.open)).toFixed(2).padStart(7)}` +
        `${ms(median(f.own))}${(median(f.own) / median(empty.own)).toFixed(2).padStart(7)}` +
        `${ms(median(f.list))}${ms(median(f.keys))}${ms(Math.max(0, ...f.keys)).padStart(8)}` +
        `${mb(f.popupHeap)}${mb(f.listHeap)}${mb(f.workerHeap)}${mb(f.workerAfterAnswer).padStart(8)}`,
    );
  }
}
if (subjects.length === 2) {
  const [mine, theirs] = subjects as [Subject, Subject];
  console.log('\nthis / baseline');
  for (const count of SIZES) {
    const a = mine.bySize.get(count)!;
    const b = theirs.bySize.get(count)!;
    const r = (x: number[], y: number[]) => (median(x) / median(y)).toFixed(2);
    console.log(
      `${String(count).padStart(5)} threads: open ${r(a.open, b.open)}, list ${r(a.list, b.list)}, key ${r(a.keys, b.keys)}`,
    );
  }
}
