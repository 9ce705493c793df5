/**
 * Firefox's side of the update test (tests/e2e/update-from-release.test.ts, issue #35 item 2): the
 * previous release's Firefox build (tests/support/previous-release.ts) installed in a fresh profile,
 * its key and server typed into its own options page, two questions asked through its own popup;
 * then this build installed over it with Marionette's Addon:Install, the same add-on id
 * (`browser_specific_settings.gecko.id`), as about:debugging installs a newer version over a
 * temporary add-on: Firefox treats it as an upgrade and keeps the add-on's storage and IndexedDB.
 * What the user made must all be there, read from the add-on's own popup.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closePopup,
  FIREFOX_EXTENSION_DIR,
  highlightedText,
  launchFirefox,
  openTab,
  Popup,
  saveSettingsAsUser,
  type Firefox,
} from '../support/firefox';
import { HOURS_QUOTE, TICKET_QUOTE, hoursAnswer } from '../support/facts';
import { previousBuild } from '../support/previous-release';
import type { RecordedRequest } from '../support/stand-in/messages-api';
import { answerReply, indexOf, messageCalls } from '../support/stand-in/replies';

const KEY = 'sk-ant-kept-across-the-update';
const keySent = (r: RecordedRequest) => Object.values(r.headers).some((v) => String(v).includes(KEY));

/** In the popup: the keys of storage.local and the history as the IndexedDB of this build keeps it. */
const STORED = `
  const page = win.wrappedJSObject;
  const local = Object.keys(await page.browser.storage.local.get());
  const history = await new Promise((resolve, reject) => {
    const open = win.indexedDB.open('cited-tabs-history');
    open.onupgradeneeded = () => open.result.createObjectStore('history');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const get = open.result.transaction('history').objectStore('history').get('entries');
      get.onsuccess = () => { open.result.close(); resolve(get.result); };
      get.onerror = () => reject(get.error);
    };
  });
  return { local, questions: (history ? Array.from(history) : []).map((e) => e.turns[0].question) };`;

describe('Firefox: an update from the previous release, in the same profile', () => {
  let fx: Firefox;
  let hours = '';

  let oldDir = '';
  beforeAll(async () => {
    // The previous release's Firefox build had no fixed add-on id yet (Firefox gave each install
    // its own): given this build's, as a signed listing of it would have had.
    const { browser_specific_settings } = JSON.parse(readFileSync(join(FIREFOX_EXTENSION_DIR, 'manifest.json'), 'utf8')) as {
      browser_specific_settings: { gecko: { id: string } };
    };
    oldDir = mkdtempSync(join(tmpdir(), 'cited-tabs-update-'));
    cpSync(previousBuild('firefox'), oldDir, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(oldDir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(
      join(oldDir, 'manifest.json'),
      JSON.stringify({ ...manifest, browser_specific_settings: { gecko: { id: browser_specific_settings.gecko.id } } }),
    );
    fx = await launchFirefox({ extensionDir: oldDir });
  }, 420_000);
  afterAll(async () => {
    await fx?.close();
    rmSync(oldDir, { recursive: true, force: true });
  });

  it('the previous release keeps a key, settings and two threads', async () => {
    await saveSettingsAsUser(fx, { apiKey: KEY, baseURL: fx.api.url });
    hours = await openTab(fx, `${fx.fixtures}/museum-hours.html`);
    fx.api.enqueue(hoursAnswer);
    const popup = new Popup(fx);
    await popup.open();
    await popup.ask('When does the museum open?');
    await expect.poll(() => popup.regionText('Answer')).toContain('It opens at 9 a.m.');
    await closePopup(fx);

    await openTab(fx, `${fx.fixtures}/museum-tickets.html`);
    fx.api.enqueue((req) =>
      answerReply([
        { text: 'Adults pay 12 euros.', citations: [{ index: indexOf(req, 'Adult tickets'), literal: TICKET_QUOTE }] },
      ]),
    );
    await popup.open();
    await popup.ask('What does an adult ticket cost?');
    await expect.poll(() => popup.regionText('Answer')).toContain('Adults pay 12 euros.');
    // The old shape: the history in storage.local.
    const old = await popup.run<{ local: string[] }>(STORED);
    expect(old.local).toContain('history');
    await closePopup(fx);
    expect(messageCalls(fx.api).map(keySent)).toEqual([true, true]);
  });

  it('this build installed over it keeps everything: the history moved, the last thread shown, the key used', async () => {
    const { addonId } = fx;
    const installed = await fx.m.send<{ addon: { id: string } } | { id: string }>('Addon:Install', {
      path: FIREFOX_EXTENSION_DIR,
      temporary: true,
    });
    expect(JSON.stringify(installed)).toContain(addonId);

    // The popup opens ready to type, the last thread (from the history this build moved out of
    // storage.local) one click away.
    const popup = new Popup(fx);
    await popup.open();
    await expect.poll(() => popup.run<boolean>(`return doc.querySelector('.continue') !== null;`)).toBe(true);
    await popup.run(`doc.querySelector('.continue').click();`);
    await expect.poll(() => popup.text()).toContain('Adults pay 12 euros.');
    await expect
      .poll(() => popup.run<{ local: string[]; questions: string[] }>(STORED))
      .toEqual({
        local: expect.not.arrayContaining(['history']) as unknown as string[],
        questions: ['What does an adult ticket cost?', 'When does the museum open?'],
      });

    // The list, and the first thread reopened: its citation highlights the quote in its tab.
    await popup.run(`doc.querySelector('.history-thread .back').click();`);
    await popup.click('When does the museum open?');
    await expect.poll(() => popup.text()).toContain('It opens at 9 a.m.');
    await popup.click(`${new URL(fx.fixtures).host} — City Museum – Opening hours`);
    await expect.poll(() => highlightedText(fx, hours)).toBe(HOURS_QUOTE);

    // A new question goes with the key kept, to the server set.
    const before = messageCalls(fx.api).length;
    fx.api.enqueue(hoursAnswer);
    // Still a session with nothing asked in it: the form, ready. A popup still open on the
    // history (Firefox may keep it open over the tab's highlight) is closed to it by History.
    const onHistory = await popup.run<boolean>(`return doc.querySelector('.history-pane') !== null;`).catch(() => false);
    if (onHistory) await popup.click('History');
    await popup.open();
    await popup.ask('When does the museum open on Sundays?');
    await expect.poll(() => popup.regionText('Answer')).toContain('It opens at 9 a.m.');
    const sent = messageCalls(fx.api).slice(before);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every(keySent)).toBe(true);
  });
});
