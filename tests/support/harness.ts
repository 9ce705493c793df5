/**
 * The built extension in Debian's headless Chromium, the real popup, fixture pages on localhost
 * and the Messages API stand-in: what a user would have, minus the real API.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Browser, Page, Target, WebWorker } from 'puppeteer-core';
import type { ChromiumOptions } from './chromium';
import { launchChromium } from './chromium';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startMessagesApi, type MessagesApi, type RecordedRequest } from './stand-in/messages-api';

export const EXTENSION_DIR = resolve(import.meta.dirname, '../../.output/chrome-mv3');
const FIXTURES = resolve(import.meta.dirname, '../fixtures');

/**
 * Serves tests/fixtures over http, so pages have a real origin and a real title. Under
 * `/endless/` a fixture is sent whole but its response never ends: a document (or a frame) that
 * is never done loading, as a stalled server or a long poll leaves it.
 */
export async function startFixtureServer(): Promise<{ url: string; port: number; close: () => Promise<void> }> {
  const endless = new Set<import('node:http').ServerResponse>();
  const server: Server = createServer((req, res) => {
    let name = (req.url ?? '/').split('?')[0]!.replace(/^\/+/, '');
    const never = name.startsWith('endless/');
    if (never) name = name.slice('endless/'.length);
    const file = join(FIXTURES, name);
    if (!name || name.includes('..') || !existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    const body = readFileSync(file);
    // A PDF goes by its bytes, not its name, as servers send it: some fixtures have no ".pdf".
    const type = body.subarray(0, 5).toString('latin1') === '%PDF-' ? 'application/pdf' : 'text/html; charset=utf-8';
    res.writeHead(200, { 'content-type': type });
    if (!never) {
      res.end(body);
      return;
    }
    res.write(body);
    endless.add(res);
    res.on('close', () => endless.delete(res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise((r) => {
        for (const res of endless) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export interface Harness {
  browser: Browser;
  worker: WebWorker;
  api: MessagesApi;
  fixtures: string;
  /**
   * The same fixtures from another site (`localhost` instead of `127.0.0.1`): another origin,
   * and another renderer process, as a page from another site has.
   */
  otherSite: string;
  close: () => Promise<void>;
}

/**
 * `extensionDir`: another build than the project's (a benchmark's baseline); `lang`: the
 * browser's language. `allSites`: the user has allowed the extension to read all sites (the
 * optional host permission that "All tabs in this window" asks for), as most browser tests need;
 * false: a fresh install, which has only what the manifest grants at install.
 */
export async function launch({
  extensionDir = EXTENSION_DIR,
  lang,
  allSites = true,
  granted = [],
}: { extensionDir?: string; lang?: string; allSites?: boolean; granted?: string[] } = {}): Promise<Harness> {
  if (!existsSync(join(extensionDir, 'manifest.json'))) {
    throw new Error(`No built extension in ${extensionDir}: run "npm run build" first.`);
  }
  const [api, fixtures] = await Promise.all([startMessagesApi(), startFixtureServer()]);
  const extra = lang ? { lang } : {};
  const { browser, worker, cleanup } = allSites
    ? await launchWithAllSites(extensionDir, extra, granted)
    : await launchFresh(extensionDir, extra);
  const h: Harness = {
    browser,
    worker,
    api,
    fixtures: fixtures.url,
    otherSite: `http://localhost:${fixtures.port}`,
    close: async () => {
      await browser.close();
      cleanup();
      await Promise.all([api.close(), fixtures.close()]);
    },
  };
  // A worker started after launch (the browser stopped the one handed over, as it may while the
  // updated version settles on a loaded machine) is the one to talk to: the old one's extension
  // calls fail ("No SW").
  browser.on('targetcreated', (target: Target) => {
    if (isWorker(target)) void adoptWorker(h, target).catch(() => {});
  });
  return h;
}

/**
 * The harness's worker, made sure to be the extension's live one: a worker the browser replaced
 * (stopped while the updated version settled, on a loaded machine) still evaluates, but its
 * extension calls fail with "No SW"; the live worker is then found among the targets.
 */
async function liveWorker(h: Harness): Promise<void> {
  const live = (w: WebWorker) =>
    within(
      w.evaluate(() => chrome.storage.session.get('lastRun').then(() => true)),
      2000,
    ).catch(() => false);
  if (await live(h.worker)) return;
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    for (const target of h.browser.targets().filter(isWorker)) {
      try {
        await adoptWorker(h, target);
        if (await live(h.worker)) return;
      } catch {
        // A stale target of a stopped worker: look at the next.
      }
    }
  }
  throw new Error('the extension’s service worker could not be reached');
}

/** Makes `target`, a worker just started, the harness's worker, resumed if puppeteer paused it. */
async function adoptWorker(h: Harness, target: Target): Promise<void> {
  const cdp = await within(target.createCDPSession(), 2000);
  await within(cdp.send('Runtime.runIfWaitingForDebugger'), 2000);
  const worker = (await within(target.worker(), 2000))!;
  await within(
    worker.evaluate(() => chrome.runtime.id),
    2000,
  );
  h.worker = worker;
}

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))]);

const isWorker = (t: { type: () => string; url: () => string }) =>
  t.type() === 'service_worker' && t.url().endsWith('/background.js');

async function launchFresh(extensionDir: string, extra: ChromiumOptions) {
  const browser = await launchChromium({ enableExtensions: [extensionDir], ...extra });
  const worker = (await (await browser.waitForTarget(isWorker)).worker())!;
  return { browser, worker, cleanup: () => {} };
}

/**
 * The extension with access to all sites granted. Headless Chromium offers no way to answer the
 * browser's permission prompt (it stays pending: no page, no DevTools command reaches it), and
 * chrome://extensions shows no site-access control for an optional permission (checked with
 * Chromium 156). The one grant the browser itself keeps is an update's: a version that had the
 * permission at install, updated to one that declares it optional, keeps it, as for a user who
 * updates. So a copy of the build is installed once with `<all_urls>` among its host permissions,
 * then updated in place (same path, same id) to the build's own manifest. What runs is the
 * product's manifest and code; `permissions.contains` says yes and `permissions.request` answers
 * true without a prompt, exactly as after a user's grant. `permissions`: optional API permissions the
 * user has also allowed (kept by the update the same way).
 */
async function launchWithAllSites(extensionDir: string, extra: ChromiumOptions, permissions: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'cited-tabs-ext-'));
  const profile = mkdtempSync(join(tmpdir(), 'cited-tabs-profile-'));
  const cleanup = () => {
    for (const d of [dir, profile]) rmSync(d, { recursive: true, force: true });
  };
  cpSync(extensionDir, dir, { recursive: true });
  const manifestPath = join(dir, 'manifest.json');
  const manifest = readFileSync(manifestPath, 'utf8');
  const parsed = JSON.parse(manifest) as { host_permissions?: string[]; permissions?: string[] };
  writeFileSync(
    manifestPath,
    JSON.stringify({
      ...parsed,
      host_permissions: [...(parsed.host_permissions ?? []), '<all_urls>'],
      permissions: [...(parsed.permissions ?? []), ...permissions],
    }),
  );
  const browser = await launchChromium({ enableExtensions: true, userDataDir: profile, ...extra });
  await browser.installExtension(dir);
  await browser.waitForTarget(isWorker);
  const before = new Set(browser.targets().filter(isWorker));
  writeFileSync(manifestPath, manifest);
  await browser.installExtension(dir);
  // The updated version's worker may start, stop and start again: take the one that stays.
  let worker: WebWorker | null = null;
  let last: Target | null = null;
  const deadline = Date.now() + 30_000;
  while (!worker && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    const now = browser.targets().filter((t) => isWorker(t) && !before.has(t));
    const only = now.length === 1 ? now[0]! : null;
    if (only && only === last) worker = await within(only.worker(), 2000).catch(() => null);
    last = only;
  }
  if (!worker) throw new Error('the updated extension’s service worker did not start');
  const granted = await worker.evaluate(
    (p: string[]) => chrome.permissions.contains({ origins: ['<all_urls>'], permissions: p as never }),
    permissions,
  );
  const hosts = await worker.evaluate(() => chrome.runtime.getManifest().host_permissions ?? []);
  if (!granted || hosts.includes('<all_urls>')) {
    await browser.close();
    cleanup();
    throw new Error(`access to all sites was not kept by the update (granted: ${granted}, host_permissions: ${hosts.join(' ')})`);
  }
  return { browser, worker, cleanup };
}

/**
 * Writes settings as the options page does: the key in the extension's IndexedDB (see
 * lib/shared/api-key.ts), confirmed for the base URL's origin, the rest in `storage.local`.
 */
export async function setSettings(h: Harness, settings: Record<string, unknown>): Promise<void> {
  const { apiKey, ...rest } = settings;
  await liveWorker(h);
  await h.worker.evaluate(
    async (s, key) => {
      await chrome.storage.local.set({ settings: s });
      const origin = new URL(String(s.baseURL ?? 'https://api.anthropic.com')).origin;
      // No named function in here: a bundler that keeps names would wrap it in a helper the worker lacks.
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('cited-tabs-key');
        open.onupgradeneeded = () => open.result.createObjectStore('secrets');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('secrets', 'readwrite');
          const store = tx.objectStore('secrets');
          if (key) store.put({ key, origin }, 'apiKey');
          else store.delete('apiKey');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    },
    rest,
    typeof apiKey === 'string' ? apiKey : '',
  );
}

/** Settings, the key and the runs: all the extension keeps. */
export async function clearStorage(h: Harness): Promise<void> {
  await liveWorker(h);
  await h.worker.evaluate(async () => {
    await Promise.all([chrome.storage.local.clear(), chrome.storage.session.clear()]);
    // The key's and the history's databases (lib/shared/api-key.ts, lib/shared/history-store.ts).
    // No named function in here: a bundler that keeps names would wrap it in a helper the worker lacks.
    for (const [db, name] of [
      ['cited-tabs-key', 'secrets'],
      ['cited-tabs-history', 'history'],
    ] as const) {
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onupgradeneeded = () => open.result.createObjectStore(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(name, 'readwrite');
          tx.objectStore(name).clear();
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    }
  });
}

/** The history as the worker stored it, in the extension origin's IndexedDB (lib/shared/history-store.ts). */
export async function storedHistory(h: Harness): Promise<unknown> {
  return h.worker.evaluate(
    () =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('cited-tabs-history');
        open.onupgradeneeded = () => open.result.createObjectStore('history');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('history').objectStore('history').get('entries');
          get.onsuccess = () => {
            open.result.close();
            resolve(get.result);
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

/** Each test starts with no scripted replies, empty storage and no page of an earlier test. */
/**
 * The hooks of a browser test file: one browser with the extension for the file, closed after
 * it, and (unless `reset` is false) a clean state before each test. `set` hands the harness to
 * the file once it is launched. `allSites`: see `launch`.
 */
export function useHarness(
  set: (h: Harness) => void,
  {
    reset = true,
    lang,
    allSites = true,
    granted = [],
  }: { reset?: boolean; lang?: string; allSites?: boolean; granted?: string[] } = {},
): void {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await launch({ allSites, granted, ...(lang ? { lang } : {}) });
    set(h);
  });
  afterAll(async () => {
    await h?.close();
  });
  if (reset) beforeEach(() => resetBetweenTests(h!));
}

export async function resetBetweenTests(h: Harness): Promise<void> {
  h.api.reset();
  await clearStorage(h);
  for (const page of await h.browser.pages()) {
    if (page.url().startsWith('http')) await page.close();
  }
}

export async function useStandIn(h: Harness, extra: Record<string, unknown> = {}): Promise<void> {
  await setSettings(h, {
    apiKey: 'sk-ant-test-key',
    model: 'claude-sonnet-5-5',
    baseURL: h.api.url,
    minQuoteLength: 15,
    // The support check defaults to "mark" with "All tabs": a second call that tests about
    // something else would have to script. The tests of the check set it themselves.
    judge: 'off',
    ...extra,
  });
}

export async function openFixture(h: Harness, name: string): Promise<Page> {
  const page = await h.browser.newPage();
  await page.goto(`${h.fixtures}/${name}`, { waitUntil: 'load' });
  return page;
}

/**
 * Opens the real popup over `page` by a click on the toolbar button (DevTools'
 * `Extensions.triggerAction`), which, as for a user, also gives the extension that tab
 * (`activeTab`); `chrome.action.openPopup()` from the worker opens the same popup but grants
 * nothing (checked with Chromium 156). It is ready when its question box (named `question` in
 * the browser's language) is.
 */
export async function openPopup(h: Harness, page: Page, question = 'Question'): Promise<Page> {
  await page.bringToFront();
  const extension = [...(await h.browser.extensions()).values()][0];
  if (!extension) throw new Error('no extension installed');
  await page.triggerExtensionAction(extension);
  const target = await h.browser.waitForTarget((t) => t.url().endsWith('/popup.html'));
  const popup = (await target.asPage())!;
  await popup.waitForSelector(`::-p-aria(${question})`);
  return popup;
}

/**
 * Clicks `selector` in the popup opened over `page`. The browser's own PDF viewer may take the
 * focus as it finishes loading, which closes the popup as any loss of focus does; the answer is
 * kept, so the popup is opened again over the page and the click made there (twice at most).
 */
export async function clickInPopup(h: Harness, page: Page, popup: Page, selector: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await popup.locator(selector).setTimeout(10_000).click();
      return;
    } catch (error) {
      if (attempt >= 2) throw error;
      popup = await openPopup(h, page);
    }
  }
}

export async function ask(popup: Page, question: string, scope: 'This tab' | 'All tabs in this window' = 'This tab') {
  const box = await popup.waitForSelector('::-p-aria(Question)');
  await box!.click({ count: 3 });
  await box!.type(question);
  await popup.locator(`::-p-aria(${scope})`).click();
  await popup.locator('::-p-aria(Ask[role="button"])').click();
}

/** The text of the answer region once the pipeline has finished. */
export async function answerText(popup: Page): Promise<string> {
  const region = await popup.waitForSelector('::-p-aria([name="Answer"][role="region"])', { timeout: 30_000 });
  return region!.evaluate((el) => (el as HTMLElement).innerText);
}

/** What the page has registered under `cited-quote`, read from the page's own world. */
export async function highlightedText(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const h = CSS.highlights.get('cited-quote');
    if (!h) return null;
    return [...h].map((r) => r.toString()).join(' ');
  });
}

/** Replies the stand-in gives as a structured-output answer. */
export function answerReply(
  claims: Array<{ text: string; citations: Array<{ index: number; literal: string }> }>,
  no_information = false,
) {
  return { kind: 'json' as const, value: { no_information, claims } };
}

/** The Messages API calls the extension made (CORS preflights aside). */
export function messageCalls(api: MessagesApi): RecordedRequest[] {
  return api.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/messages'));
}

/** The text of the turns the extension sent: its documents, then its question (and any retry). */
export function sentText(req: RecordedRequest): string {
  const body = req.body as { messages: Array<{ content: string | Array<{ text: string }> }> };
  return body.messages
    .map((m) => (typeof m.content === 'string' ? m.content : m.content.map((b) => b.text).join('\n')))
    .join('\n');
}

/** The index the extension gave the document that contains `words`, so a scripted reply can cite it. */
export function indexOf(req: RecordedRequest, words: string): number {
  const docs = [...sentText(req).matchAll(/<document index="(\d+)"[^>]*>\n([\s\S]*?)\n<\/document>/g)];
  const doc = docs.find((m) => m[2]!.includes(words));
  if (!doc) throw new Error(`no document sent contains "${words}"`);
  return Number(doc[1]);
}

/**
 * Stops the extension's service worker through the DevTools protocol, as Chrome does to an idle
 * or hung worker. When something wakes it again, the new worker is handed back running: puppeteer
 * auto-attaches to it paused ("waiting for debugger") and leaves it so, which no user ever sees.
 */
export async function stopServiceWorker(h: Harness): Promise<void> {
  const session = await h.browser.target().createCDPSession();
  const { targetInfos } = await session.send('Target.getTargets');
  const sw = targetInfos.find((t) => t.type === 'service_worker' && t.url.endsWith('/background.js'));
  if (!sw) throw new Error('no service worker to stop');
  await session.send('Target.closeTarget', { targetId: sw.targetId });
  await session.detach();
  void resumeRestartedWorker(h);
}

async function resumeRestartedWorker(h: Harness, deadline = Date.now() + 30_000): Promise<void> {
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 300));
    for (const target of h.browser.targets()) {
      if (!isWorker(target)) continue;
      try {
        const cdp = await within(target.createCDPSession(), 1000);
        await within(cdp.send('Runtime.runIfWaitingForDebugger'), 1000);
        const worker = (await within(target.worker(), 1000))!;
        await within(
          worker.evaluate(() => 1),
          1000,
        );
        h.worker = worker;
        return;
      } catch {
        // Not restarted yet, or a stale target of the stopped worker: look again.
      }
    }
  }
}
