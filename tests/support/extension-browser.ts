/**
 * The built extension launched in Debian's headless Chromium (with the all-sites grant most tests
 * need, or as a fresh install), and its service worker kept adopted when the browser replaces or
 * stops it: one browser a test file drives.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Target, WebWorker } from 'puppeteer-core';
import type { ChromiumOptions } from './chromium';
import { launchChromium } from './chromium';
import { startFixtureServer } from './fixture-server';
import { startMessagesApi, type MessagesApi } from './stand-in/messages-api';

export const EXTENSION_DIR = resolve(import.meta.dirname, '../../.output/chrome-mv3');

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
 * browser's language; `args`: more Chromium flags (the YouTube stand-in's host resolver rules). `allSites`: the user has allowed the extension to read all sites (the
 * optional host permission that "All tabs in this window" asks for), as most browser tests need;
 * false: a fresh install, which has only what the manifest grants at install.
 */
export async function launch({
  extensionDir = EXTENSION_DIR,
  lang,
  allSites = true,
  granted = [],
  args = [],
  keepWelcome = false,
}: {
  extensionDir?: string;
  lang?: string;
  allSites?: boolean;
  granted?: string[];
  args?: string[];
  /** Leave the welcome tab the install opens (tests/e2e/welcome.test.ts); others close it. */
  keepWelcome?: boolean;
} = {}): Promise<Harness> {
  if (!existsSync(join(extensionDir, 'manifest.json'))) {
    throw new Error(`No built extension in ${extensionDir}: run "npm run build" first.`);
  }
  const [api, fixtures] = await Promise.all([startMessagesApi(), startFixtureServer()]);
  const extra = { ...(lang ? { lang } : {}), ...(args.length ? { args } : {}) };
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
  if (!keepWelcome) closing.set(browser, closeWelcome(browser));
  return h;
}

const closing = new WeakMap<Browser, Promise<void>>();

/**
 * Resolves once the install's welcome tab is closed (or was not seen for 10 s): a test that opens
 * welcome.html itself waits for it, or its own page may be the one closed.
 */
export function welcomeClosed(browser: Browser): Promise<void> {
  return closing.get(browser) ?? Promise.resolve();
}

/**
 * The welcome tab the install opened (entrypoints/background.ts), closed as a user would, so
 * that the tests start with the browser's own tab only; looked for a while, since the worker
 * opens it when it starts.
 */
async function closeWelcome(browser: Browser, until = Date.now() + 10_000): Promise<void> {
  while (Date.now() < until) {
    const welcome = browser.targets().find((t) => t.type() === 'page' && t.url().endsWith('/welcome.html'));
    if (welcome) {
      await (await welcome.page())?.close().catch(() => {});
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The harness's worker, made sure to be the extension's live one: a worker the browser replaced
 * (stopped while the updated version settled, on a loaded machine) still evaluates, but its
 * extension calls fail with "No SW"; the live worker is then found among the targets.
 */
export async function liveWorker(h: Harness): Promise<void> {
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
