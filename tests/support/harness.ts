/**
 * The hooks of a Chromium test file: the built extension in headless Chromium, the real popup,
 * fixture pages on localhost and the Messages API stand-in (what a user would have, minus the
 * real API), launched once per file and reset before each test. `useExtension()` is the usual
 * preamble in one call. The roles it rests on have their own modules (re-exported here for files
 * that import them from one place): the fixtures server, the browser launch, the extension's
 * storage, the popup page object and the stand-in's reply builders.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launch, type Harness } from './extension-browser';
import { clearStorage, setSettings } from './extension-storage';
import { clickInPopup, openFixture, openPopup } from './popup-page';
import { messageCalls } from './stand-in/replies';
import type { RecordedRequest } from './stand-in/messages-api';

export { startFixtureServer } from './fixture-server';
export { EXTENSION_DIR, launch, stopServiceWorker, type Harness } from './extension-browser';
export { clearStorage, setSettings, storedHistory } from './extension-storage';
export {
  answerText,
  ask,
  askTimed,
  citationNamed,
  clickCitation,
  clickInPopup,
  highlightedText,
  openFixture,
  openPopup,
} from './popup-page';
export { answerReply, indexOf, messageCalls, sentencesSent, sentText } from './stand-in/replies';

interface HarnessOptions {
  reset?: boolean;
  lang?: string;
  allSites?: boolean;
  granted?: string[];
  /** Leave the welcome tab the install opens (see `launch`). */
  keepWelcome?: boolean;
  /** Another build than .output/chrome-mv3 (the pseudo-locale's, tests/e2e/pseudo-layout.test.ts). */
  extensionDir?: string;
}

/**
 * The hooks of a browser test file: one browser with the extension for the file, closed after
 * it, and (unless `reset` is false) a clean state before each test. `set` hands the harness to
 * the file once it is launched. `allSites`: see `launch`.
 */
export function useHarness(
  set: (h: Harness) => void,
  { reset = true, lang, allSites = true, granted = [], keepWelcome = false, extensionDir }: HarnessOptions = {},
): void {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await launch({ allSites, granted, keepWelcome, ...(lang ? { lang } : {}), ...(extensionDir ? { extensionDir } : {}) });
    set(h);
  });
  afterAll(async () => {
    await h?.close();
  });
  if (reset) beforeEach(() => resetBetweenTests(h!));
}

/** Each test starts with no scripted replies, empty storage and no page of an earlier test. */
export async function resetBetweenTests(h: Harness): Promise<void> {
  h.api.reset();
  await clearStorage(h);
  for (const page of await h.browser.pages()) {
    if (page.url().startsWith('http')) await page.close();
  }
}

/** The extension pointed at the stand-in, with the key a user would have saved. */
export async function useStandIn(h: Harness, extra: Record<string, unknown> = {}, keys: 1 | 2 = 2): Promise<void> {
  await setSettings(
    h,
    {
      apiKey: 'sk-ant-test-key',
      model: 'claude-sonnet-5-5',
      baseURL: h.api.url,
      minQuoteLength: 15,
      // The support check defaults to "mark" with "All tabs": a second call that tests about
      // something else would have to script. The tests of the check set it themselves.
      judge: 'off',
      ...extra,
    },
    keys,
  );
}

/**
 * The harness of a test file, usable before it is launched (each property reads the one
 * `useHarness` launched, for the test running), with the usual steps bound to it.
 */
export interface TestHarness extends Harness {
  /** A fixture page opened in a new tab. */
  open: (name: string) => Promise<Page>;
  /** The popup opened over `page` by the toolbar button. */
  popup: (page: Page, question?: string) => Promise<Page>;
  clickInPopup: (page: Page, popup: Page, selector: string) => Promise<void>;
  /** The Messages API calls the extension made so far. */
  calls: () => RecordedRequest[];
  /** The settings that point the extension at the stand-in (see `useStandIn`). */
  standIn: (extra?: Record<string, unknown>) => Promise<void>;
}

/**
 * The usual preamble in one call: `useHarness`'s hooks for this file (or describe block), and
 * the harness they launch, with its steps bound. `standIn`: the extension is pointed at the
 * stand-in before each test (after the reset).
 */
export function useExtension({ standIn = false, ...options }: HarnessOptions & { standIn?: boolean } = {}): TestHarness {
  let current: Harness | undefined;
  const h = (): Harness => {
    if (!current) throw new Error('the harness is used before its file launched it');
    return current;
  };
  useHarness((x) => (current = x), options);
  const view: TestHarness = {
    get browser() {
      return h().browser;
    },
    get worker() {
      return h().worker;
    },
    set worker(worker) {
      h().worker = worker;
    },
    get api() {
      return h().api;
    },
    get fixtures() {
      return h().fixtures;
    },
    get otherSite() {
      return h().otherSite;
    },
    close: () => h().close(),
    open: (name) => openFixture(h(), name),
    popup: (page, question) => openPopup(h(), page, question),
    clickInPopup: (page, popup, selector) => clickInPopup(h(), page, popup, selector),
    calls: () => messageCalls(h().api),
    standIn: (extra) => useStandIn(h(), extra),
  };
  if (standIn) beforeEach(() => view.standIn());
  return view;
}
