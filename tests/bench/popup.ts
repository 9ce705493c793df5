/**
 * npm run bench:popup [-- --ref <git ref>] [--baseline <a built extension folder>] [--rounds <n>]
 *
 * What a user feels of the popup's speed, in the browser harness (the built extension in headless
 * Chromium, the stand-in for the Messages API), against a baseline build measured in the same run:
 * - Toolbar click → question box focused: the real popup opened by the toolbar button
 *   (`triggerExtensionAction`, as tests/support/popup-page.ts `openPopup`) over a page, `--rounds`
 *   times (10) cold, a fresh popup each time, the two builds taking turns; from the click to the
 *   box named "Question" being the document's active element. Timed inside the popup by a small
 *   classic script the bench adds to a copy of each build's popup.html, before its module
 *   script (a `focusin` listener and a wrap of `HTMLElement.prototype.focus` that note
 *   `performance.now()` when the box takes the focus); the click's wall time is read in Node just
 *   before the trigger, the popup's as `performance.timeOrigin + now`, on the same clock. With
 *   the steps between: click → the trigger call returns, → the popup's navigation starts (until
 *   then the browser's and the harness's time, not the extension's), → its scripts have run
 *   (DOMContentLoaded, which waits for module scripts), → the box is in the page, → it has the
 *   focus; and navigation start → focus, the part the extension's own code decides. In two states: a new
 *   browser session (nothing asked yet; the popup first looks in the history for a thread to
 *   open, finds none, and shows the form) and after a question answered in this session (the
 *   answer shown above the form).
 * - The popup's first load: the scripts popup.html loads before anything shows (its module
 *   script, its modulepreload links and their static imports: tests/support/first-load.ts), each
 *   raw and gzipped, and their sum; chunks loaded by `import()` when a part opens are not counted.
 * The baseline: `--baseline <folder>` (a build made elsewhere), or `--ref` (default `main`) built
 * in the system's temp dir by `git archive`, `npm ci` and `wxt build` and kept there for the next
 * run (tests/support/previous-release.ts). A benchmark, not a test: it prints medians and ratios.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { basename, resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { hoursAnswer } from '../support/facts';
import { firstLoadOf, total, type LoadedScript } from '../support/first-load';
import { ask, answerText, clearStorage, EXTENSION_DIR, launch, useStandIn, type Harness } from '../support/harness';
import { openTimed, median, probed, type Round } from '../support/popup-timing';
import { previousBuild } from '../support/previous-release';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ROUNDS = Number(arg('rounds') ?? 10);
const ROOT = resolve(import.meta.dirname, '../..');
const started = Date.now();
const progress = (line: string) => process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${line}\n`);

/** The baseline's build folder: given, or the ref's build (made once, kept in the temp dir). */
function baselineDir(): { dir: string; name: string } {
  const given = arg('baseline');
  if (given) return { dir: resolve(given), name: given };
  const ref = arg('ref') ?? 'main';
  const commit = execFileSync('git', ['-C', ROOT, 'rev-parse', `${ref}^{commit}`], { encoding: 'utf8' }).trim();
  progress(`building the baseline ${ref} (${commit.slice(0, 9)}) in the temp dir, if not built yet`);
  return { dir: previousBuild('chrome', commit), name: `${ref} (${commit.slice(0, 9)})` };
}

const STATES = ['new session', 'after an answer'] as const;
type State = (typeof STATES)[number];

/** One build in its own browser: the page the popup opens over, in the state measured. */
interface Subject {
  name: string;
  h: Harness;
  page: Page;
  rounds: Map<State, Round[]>;
  remove: () => void;
}

async function prepare(name: string, dir: string): Promise<Subject> {
  const copy = probed(dir);
  const h = await launch({ extensionDir: copy.dir });
  const page = await h.browser.newPage();
  await page.goto(`${h.fixtures}/museum-hours.html`, { waitUntil: 'load' });
  return { name, h, page, rounds: new Map(STATES.map((s) => [s, []])), remove: copy.remove };
}

/** Puts `s` in `state`: a new session with a key and nothing asked, or one question answered. */
async function enter(s: Subject, state: State) {
  await clearStorage(s.h);
  s.h.api.reset();
  await useStandIn(s.h);
  if (state === 'after an answer') {
    s.h.api.enqueue(hoursAnswer);
    await s.page.bringToFront();
    const extension = [...(await s.h.browser.extensions()).values()][0]!;
    await s.page.triggerExtensionAction(extension);
    const popup = (await (await s.h.browser.waitForTarget((t) => t.url().endsWith('/popup.html'))).asPage())!;
    await ask(popup, 'When does the museum open?', 'This tab');
    const answer = await answerText(popup);
    if (!answer.includes('9 a.m.')) throw new Error(`${s.name}: no answer to measure after (${answer.slice(0, 200)})`);
    await popup.close();
  }
}

const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;

const base = baselineDir();
const load = loadavg().map((x) => x.toFixed(2));
const subjects = [await prepare('this', EXTENSION_DIR), await prepare('baseline', base.dir)];
try {
  for (const state of STATES) {
    for (const s of subjects) await enter(s, state);
    // A warm-up popup each (the browser's first extension page compiles its code), then turns.
    for (let r = -1; r < ROUNDS; r++) {
      for (const s of r % 2 ? subjects : [...subjects].reverse()) {
        const round = await openTimed(s.h, s.page);
        if (r >= 0) s.rounds.get(state)!.push(round);
        progress(`${state}, ${s.name}, round ${r}: focused after ${Math.round(round.focused)} ms`);
        await new Promise((res) => setTimeout(res, 300));
      }
    }
  }
} finally {
  for (const s of subjects) {
    await s.h.close();
    s.remove();
  }
}

console.log(`this build ${EXTENSION_DIR}; baseline ${base.name}`);
console.log(`${new Date().toISOString()}; load average ${load.join(' ')} at the start, ${loadavg()[0]!.toFixed(2)} at the end`);
console.log(`\ntoolbar click → question box focused: medians of ${ROUNDS} cold popups each, ms from the click`);
const [mine, theirs] = subjects as [Subject, Subject];
for (const state of STATES) {
  console.log(`\n${state}`);
  console.log(`${'step'.padEnd(36)}${'this'.padStart(8)}${'baseline'.padStart(10)}${'ratio'.padStart(8)}`);
  for (const step of ['triggered', 'navigation', 'scripts', 'shown', 'focused', 'own'] as const) {
    const names = {
      triggered: 'the trigger call returns',
      navigation: 'popup navigation starts',
      scripts: 'its scripts ran (DOMContentLoaded)',
      shown: 'question box shown',
      focused: 'question box focused',
      own: 'navigation start → focused',
    };
    const m = median(mine.rounds.get(state)!.map((r) => r[step]));
    const b = median(theirs.rounds.get(state)!.map((r) => r[step]));
    console.log(
      `${names[step].padEnd(36)}${m.toFixed(0).padStart(8)}${b.toFixed(0).padStart(10)}${(m / b).toFixed(2).padStart(8)}`,
    );
  }
  const all = mine.rounds.get(state)!.map((r) => Math.round(r.focused));
  console.log(`(this build's rounds, focused: ${all.join(' ')})`);
}

const sizes = (dir: string) => firstLoadOf(dir, 'popup.html');
const show = (title: string, scripts: LoadedScript[]) => {
  console.log(`\n${title}: popup.html's first load`);
  for (const s of scripts)
    console.log(`  ${basename(s.file).padEnd(40)}${kB(s.raw).padStart(10)}${kB(s.gzip).padStart(10)} gzip`);
  const t = total(scripts);
  console.log(`  ${`${scripts.length} scripts`.padEnd(40)}${kB(t.raw).padStart(10)}${kB(t.gzip).padStart(10)} gzip`);
  return t;
};
const ours = show('this build', sizes(EXTENSION_DIR));
const before = show('baseline', sizes(base.dir));
console.log(
  `\nfirst load, this / baseline: raw ${(ours.raw / before.raw).toFixed(2)}, gzip ${(ours.gzip / before.gzip).toFixed(2)}`,
);
