import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import sample from '../../lib/shared/store/samples/history-v1.json';
import { historyIn, putHistoryIn } from '../support/extension-storage';
import { openFixture, openPopup, stopServiceWorker, useHarness, type Harness } from '../support/harness';

/**
 * A profile updated from a build that kept the history in `storage.local` (`local:history`,
 * version 1): the next start of the worker moves it into the history's IndexedDB, where content
 * scripts cannot read it, and removes it from `storage.local` (lib/worker/wiring/data-updates.ts).
 * The start is a worker start, not `onInstalled`: the test never installs anything. What is
 * stored is read from the options page (the extension's origin, as the worker's).
 */

/** The old history written, the worker stopped, and started again by the options page's message. */
async function restartWith(h: Harness, legacy: unknown): Promise<Page> {
  await h.worker.evaluate(async (old) => chrome.storage.local.set({ history: old }), legacy);
  const page = await h.browser.newPage();
  await page.goto(h.worker.url().replace('background.js', 'options.html'));
  await stopServiceWorker(h);
  await page.evaluate(() => chrome.runtime.sendMessage({ type: 'status' }).catch(() => {}));
  return page;
}
const localKeys = (page: Page) => page.evaluate(async () => Object.keys(await chrome.storage.local.get()));
const historyIds = async (page: Page) => (((await historyIn(page)) as { id: string }[] | undefined) ?? []).map((e) => e.id);

describe('an older version’s history, at the next start of the worker', () => {
  let h: Harness;
  useHarness((x) => (h = x));

  it('local:history is moved into the history and removed from storage.local', async () => {
    const page = await restartWith(h, sample);
    await expect.poll(() => historyIds(page)).toEqual(sample.map((e) => e.id));
    await expect.poll(() => localKeys(page)).not.toContain('history');
  });
});

describe('an older version’s history that does not read', () => {
  let h: Harness;
  useHarness((x) => (h = x));

  it('stays where it was, the history untouched, and the options say so', async () => {
    const damaged = [{ ...sample[0], turns: 'not turns' }];
    const page = await restartWith(h, damaged);
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => document.querySelector('[role="alert"]')?.textContent ?? ''))
      .toContain('could not be moved');
    expect(await page.evaluate(async () => (await chrome.storage.local.get('history')).history)).toEqual(damaged);
    expect(await historyIds(page)).toEqual([]);
  });
});

describe('the popup after an update, when the last answer was kept by the older version', () => {
  let h: Harness;
  useHarness((x) => (h = x));

  it('opens ready to type, not on "cannot be shown"; the last thread one click away, its answer shown', async () => {
    // The last answer as an older version kept it (another run-state version), and the history.
    await h.worker.evaluate(async () => {
      await chrome.storage.session.set({
        lastRun: { version: 1, id: 'run-old', status: 'done', question: 'When does the museum open?' },
      });
    });
    await putHistoryIn(h.worker, sample);
    const page = await openFixture(h, 'museum-hours.html');
    const popup = await openPopup(h, page);
    expect(await popup.evaluate(() => document.activeElement?.id)).toBe('question');
    expect(await popup.evaluate(() => document.body.innerText)).not.toContain('older version');
    await popup.locator('::-p-text(Continue:)').click();
    await expect.poll(() => popup.evaluate(() => document.body.innerText)).toContain('The museum opens at 9 a.m.');
    const text = await popup.evaluate(() => document.body.innerText);
    expect(text).toContain('When does the museum open?');
    expect(text).not.toContain('older version');
  });
});
