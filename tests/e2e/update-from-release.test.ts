/**
 * An update as a user gets it, from a real previous build (issue #35, item 2): the previous release
 * (tests/support/previous-release.ts names the commit and builds it) is installed in a fresh
 * Chromium profile, given a key and settings, and asked two questions about two pages, through its
 * own popup and against the Messages API stand-in; then this build is loaded over it in the same
 * profile, from another directory, with the same id (the manifest's `key`, wxt.config.ts), as the
 * store updates an installed extension. What the user made must all be there: the history listed
 * and reopened with citations that highlight, the settings as set, the key used without typing it
 * again, and the popup opening on the last thread. tests/e2e/data-updates.test.ts covers the same
 * moves by writing old shapes by hand; this one lets the old build write them.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Target, WebWorker } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { EXTENSION_DIR, liveWorker, type Harness } from '../support/extension-browser';
import { historyIn, setSettings } from '../support/extension-storage';
import { HOURS_QUOTE, TICKET_QUOTE, hoursAnswer } from '../support/facts';
import { startFixtureServer } from '../support/fixture-server';
import { answerText, ask, citationNamed, highlightedText, openFixture, openPopup } from '../support/popup-page';
import { previousBuild } from '../support/previous-release';
import { startMessagesApi, type RecordedRequest } from '../support/stand-in/messages-api';
import { answerReply, indexOf, messageCalls } from '../support/stand-in/replies';

const KEY = 'sk-ant-kept-across-the-update';
const SETTINGS = { model: 'claude-opus-kept', minQuoteLength: 20, fragmentBudget: 6000, judge: 'off' };

/** The request carried the key, in any header (`x-api-key`, or the SDK's `authorization: Bearer`). */
const keySent = (r: RecordedRequest) => Object.values(r.headers).some((v) => String(v).includes(KEY));
const isWorker = (t: Target) => t.type() === 'service_worker' && t.url().endsWith('/background.js');
const extensionId = (w: WebWorker) => new URL(w.url()).host;

/** A build copied to its own directory, its manifest changed by `edit`. */
function copyBuild(from: string, edit: (manifest: Record<string, unknown>) => Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cited-tabs-update-'));
  cpSync(from, dir, { recursive: true });
  const path = join(dir, 'manifest.json');
  writeFileSync(path, JSON.stringify(edit(JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>)));
  return dir;
}

/** The worker of the extension that `ready` says is the one wanted (the old or the new build's). */
async function workerWhere(browser: Browser, ready: (w: WebWorker) => Promise<boolean>): Promise<WebWorker> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 300))) {
    for (const target of browser.targets().filter(isWorker)) {
      const worker = await target.worker().catch(() => null);
      if (worker && (await ready(worker).catch(() => false))) return worker;
    }
  }
  throw new Error('the extension’s service worker did not start');
}
const declaresAllSites = (w: WebWorker) =>
  w.evaluate(() => (chrome.runtime.getManifest().host_permissions ?? []).includes('<all_urls>'));

describe('an update from the previous release, in the same profile', () => {
  let h: Harness;
  const dirs: string[] = [];
  let oldId = '';
  let hours: Page;
  let tickets: Page;

  beforeAll(async () => {
    const previous = previousBuild('chrome');
    const newKey = (JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as { key?: string }).key;
    if (!newKey) throw new Error('this build has no manifest key: run "npm run build" (not "npm run zip") first');
    // The previous release had no key of its own: given this build's, it has the id a store
    // install of it would share with its update. And, as the harness does (extension-browser.ts),
    // access to all sites at install, which the update keeps as the user's grant.
    const oldDir = copyBuild(previous, (m) => ({
      ...m,
      key: newKey,
      host_permissions: [...((m.host_permissions as string[] | undefined) ?? []), '<all_urls>'],
    }));
    const profile = mkdtempSync(join(tmpdir(), 'cited-tabs-profile-'));
    dirs.push(oldDir, profile);
    const [api, fixtures] = await Promise.all([startMessagesApi(), startFixtureServer()]);
    const browser = await launchChromium({ enableExtensions: true, userDataDir: profile });
    await browser.installExtension(oldDir);
    const worker = await workerWhere(browser, declaresAllSites);
    oldId = extensionId(worker);
    h = {
      browser,
      worker,
      api,
      fixtures: fixtures.url,
      otherSite: `http://localhost:${fixtures.port}`,
      close: async () => {
        await browser.close();
        await Promise.all([api.close(), fixtures.close()]);
      },
    };
  }, 420_000);

  afterAll(async () => {
    await h?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('the previous release keeps a key, settings and two threads, as it stores them', async () => {
    // The key in the extension's IndexedDB (its one record, keys' version 1) and the settings in
    // storage.local, as its options page saves them.
    await setSettings(h, { apiKey: KEY, baseURL: h.api.url, ...SETTINGS }, 1);
    hours = await openFixture(h, 'museum-hours.html');
    h.api.enqueue(hoursAnswer);
    let popup = await openPopup(h, hours);
    await ask(popup, 'When does the museum open?');
    expect(await answerText(popup)).toContain('It opens at 9 a.m.');
    await popup.close();

    // Another page: a second thread.
    tickets = await openFixture(h, 'museum-tickets.html');
    h.api.enqueue((req) =>
      answerReply([
        { text: 'Adults pay 12 euros.', citations: [{ index: indexOf(req, 'Adult tickets'), literal: TICKET_QUOTE }] },
      ]),
    );
    popup = await openPopup(h, tickets);
    await ask(popup, 'What does an adult ticket cost?');
    await expect.poll(() => answerText(popup)).toContain('Adults pay 12 euros.');
    await popup.close();

    expect(messageCalls(h.api).map(keySent)).toEqual([true, true]);
    // The old shape: the history in storage.local, where this build no longer keeps it.
    const stored = await h.worker.evaluate(async () => (await chrome.storage.local.get('history')).history);
    expect((stored as { turns: { question: string }[] }[]).map((e) => e.turns[0]!.question)).toEqual([
      'What does an adult ticket cost?',
      'When does the museum open?',
    ]);
  });

  it('this build loaded over it has the same id, and moves the history out of storage.local', async () => {
    const newDir = copyBuild(EXTENSION_DIR, (m) => m);
    dirs.push(newDir);
    await h.browser.installExtension(newDir);
    h.worker = await workerWhere(h.browser, async (w) => !(await declaresAllSites(w)));
    await liveWorker(h);
    expect(extensionId(h.worker)).toBe(oldId);
    // The user's grant of all sites, kept by the update.
    expect(await h.worker.evaluate(() => chrome.permissions.contains({ origins: ['<all_urls>'] }))).toBe(true);
    await expect.poll(async () => ((await historyIn(h.worker)) as { id: string }[] | undefined)?.length ?? 0).toBe(2);
    await expect
      .poll(() => h.worker.evaluate(async () => Object.keys(await chrome.storage.local.get())))
      .not.toContain('history');
    // The draft and the logs the previous release wrote read as their current versions (lib/shared/store/store-versions.ts).
    await expect
      .poll(() => h.worker.evaluate(async () => (await chrome.storage.local.get('storeVersions')).storeVersions))
      .toEqual({ draft: 1, runLog: 1, failureLog: 1 });
    expect(await h.worker.evaluate(async () => (await chrome.storage.local.get('dataProblems')).dataProblems ?? {})).toEqual({});
    // An update is no install: no welcome page opened (lib/worker/wiring/welcome.ts); settings and keys stay.
    await new Promise((r) => setTimeout(r, 1500));
    expect(h.browser.targets().filter((t) => t.url().endsWith('/welcome.html'))).toEqual([]);
  });

  it('the popup opens ready to type, the last thread one click away, its answer shown without asking again', async () => {
    const popup = await openPopup(h, tickets);
    expect(await popup.evaluate(() => document.activeElement?.id)).toBe('question');
    await popup.locator('::-p-aria(Continue: What does an adult ticket cost?[role="button"])').click();
    await expect.poll(() => popup.evaluate(() => document.body.innerText)).toContain('Adults pay 12 euros.');
    expect(await popup.evaluate(() => document.body.innerText)).toContain('What does an adult ticket cost?');
    await popup.close();
  });

  it('the history lists both threads; the first reopens, and its citation highlights the quote', async () => {
    const popup = await openPopup(h, hours);
    await popup.locator('::-p-aria(History[role="button"])').click();
    await expect
      .poll(() => popup.$$eval('.history-open', (bs) => bs.map((b) => b.textContent)))
      .toEqual(['What does an adult ticket cost?', 'When does the museum open?']);
    await popup.locator('::-p-aria(When does the museum open?[role="button"])').click();
    await expect.poll(() => popup.evaluate(() => document.body.innerText)).toContain('It opens at 9 a.m.');
    const name = `${new URL(hours.url()).host} — ${await hours.title()}`;
    await popup.locator(citationNamed(name)).click();
    await expect.poll(() => highlightedText(hours), { timeout: 30_000 }).toBe(HOURS_QUOTE);
  });

  it('the options show the settings as they were set', async () => {
    const options = await h.browser.newPage();
    await options.goto(h.worker.url().replace('background.js', 'options.html'));
    const value = (id: string) => options.$eval(id, (el) => (el as HTMLInputElement | HTMLSelectElement).value);
    await options.waitForSelector('#fragment-budget');
    await expect.poll(() => value('#model')).toBe(SETTINGS.model);
    expect(await value('#base-url')).toBe(h.api.url);
    expect(await value('#fragment-budget')).toBe(String(SETTINGS.fragmentBudget));
    expect(await value('#min-quote')).toBe(String(SETTINGS.minQuoteLength));
    expect(await value('#judge')).toBe(SETTINGS.judge);
    await options.close();
  });

  it('a new question is sent with the key kept, never typed again', async () => {
    const before = messageCalls(h.api).length;
    h.api.enqueue(hoursAnswer);
    const popup = await openPopup(h, hours);
    await ask(popup, 'When does the museum open on Sundays?');
    await expect.poll(() => answerText(popup)).toContain('It opens at 9 a.m.');
    const sent = messageCalls(h.api).slice(before);
    expect(sent).toHaveLength(1);
    expect(keySent(sent[0]!)).toBe(true);
    expect((sent[0]!.body as { model: string }).model).toBe(SETTINGS.model);
  });
});
