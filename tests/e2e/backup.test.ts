import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import sample from '../../lib/shared/store/samples/history-v1.json';
import { historyIn, putHistoryIn } from '../support/extension-storage';
import { setSettings, useHarness, type Harness } from '../support/harness';

/**
 * "Export my data" and "Import my data" in the real options page (issue #35, item 3): the file
 * written holds the threads and settings, the key only when ticked; read back in a profile with
 * nothing, it says what it adds before adding, and a foreign file is refused with nothing changed.
 */

const entriesIn = async (page: Page) => ((await historyIn(page)) as { id: string }[] | undefined) ?? [];
async function openOptions(h: Harness): Promise<Page> {
  const page = await h.browser.newPage();
  await page.goto(h.worker.url().replace('background.js', 'options.html'));
  await page.waitForSelector('::-p-aria(Export my data[role="button"])');
  return page;
}
/** Export my data pressed; the file it would download, read from its blob. */
async function exported(page: Page): Promise<string> {
  await page.evaluate(() => {
    delete (window as unknown as { saved?: string }).saved;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      (window as unknown as { saved: string }).saved = this.href;
    };
  });
  await page.locator('::-p-aria(Export my data[role="button"])').click();
  await page.waitForFunction(() => (window as unknown as { saved?: string }).saved);
  return page.evaluate(async () => (await fetch((window as unknown as { saved: string }).saved)).text());
}
/** The keys as stored (lib/shared/store/api-key.ts), read in the options page. */
const keysIn = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('cited-tabs-key');
        open.onupgradeneeded = () => open.result.createObjectStore('secrets');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('secrets').objectStore('secrets').get('keys');
          get.onsuccess = () => {
            open.result.close();
            resolve((get.result as { byOrigin?: unknown } | undefined)?.byOrigin);
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
const baseUrlIn = (page: Page) =>
  page.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { baseURL?: string } | undefined)?.baseURL);
const status = (page: Page) => page.$eval('.data-backup [role="status"]', (el) => el.textContent);
async function choose(page: Page, text: string): Promise<void> {
  const path = join(tmpdir(), `backup-${Date.now()}.json`);
  writeFileSync(path, text);
  // The file field is labelled "Import my data" (Chromium names it with its "No file chosen" too).
  expect(await page.$eval('label[for="import-file"]', (l) => l.textContent)).toBe('Import my data');
  const input = (await page.waitForSelector('#import-file')) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(path);
}

describe('backup and restore', () => {
  let h: Harness;
  useHarness((x) => (h = x));

  it('exports threads and settings (the key only when ticked), and imports them into an empty profile after a preview', async () => {
    await setSettings(h, { apiKey: 'sk-ant-mine', minQuoteLength: 22 });
    let page = await openOptions(h);
    await putHistoryIn(page, sample);
    const plain = JSON.parse(await exported(page));
    expect(plain.format).toBe('cited-tabs-backup');
    expect(plain.history.entries.map((e: { id: string }) => e.id)).toEqual(sample.map((e) => e.id));
    expect(plain.settings.minQuoteLength).toBe(22);
    expect(JSON.stringify(plain)).not.toContain('sk-ant-mine');
    await page.locator('::-p-aria(Include my API key in the file)').click();
    expect(await page.evaluate(() => document.body.innerText)).toContain('Anyone who has the file can use your key');
    const withKey = await exported(page);
    expect(JSON.parse(withKey).keys['https://api.anthropic.com']).toEqual({ key: 'sk-ant-mine', confirmed: true });

    // Another profile, as good as: everything cleared.
    await putHistoryIn(page, []);
    await page.close();
    page = await openOptions(h);
    await choose(page, '{"conversations": []}');
    await expect.poll(() => status(page)).toBe('This file is not a Cited Tabs backup. Nothing was changed.');
    expect(await entriesIn(page)).toEqual([]);

    await choose(page, JSON.stringify(plain));
    await expect
      .poll(() => page.evaluate(() => document.body.innerText))
      .toContain('This file adds 2 threads and brings 0 up to date. Nothing is added until you confirm.');
    expect(await entriesIn(page)).toEqual([]);
    await page.locator('::-p-aria(Add them[role="button"])').click();
    await expect.poll(() => status(page)).toBe('Imported: 2 threads added, 0 brought up to date.');
    expect((await entriesIn(page)).map((e) => e.id)).toEqual(sample.map((e) => e.id));
    await page.close();
  });

  it('a file’s server and key wait for Save’s question, the address shown; a key of mine is replaced only when ticked', async () => {
    await setSettings(h, { apiKey: 'sk-ant-mine', baseURL: 'https://api.anthropic.com' });
    const page = await openOptions(h);
    await putHistoryIn(page, []);
    const file = {
      format: 'cited-tabs-backup',
      version: 2,
      exportedAt: 1,
      history: { version: 2, entries: sample },
      settings: { baseURL: 'https://evil.example/v1', server: 'other', model: 'm' },
      keys: {
        'https://evil.example': { key: 'sk-evil', confirmed: true },
        'https://api.anthropic.com': { key: 'sk-ant-file', confirmed: true },
      },
    };
    const mine = { 'https://api.anthropic.com': { key: 'sk-ant-mine', confirmed: true } };
    await choose(page, JSON.stringify(file));
    await page.locator('::-p-aria(Also use the settings and the API key in the file)').click();
    // The file's other key for my server: mine stays unless ticked.
    const replace = await page.waitForSelector('::-p-aria(Replace my key for api.anthropic.com with the file’s)');
    expect(await replace!.evaluate((el) => (el as HTMLInputElement).checked)).toBe(false);
    await page.locator('::-p-aria(Add them[role="button"])').click();
    // Save's question, the address shown; nothing written meanwhile.
    const dialog = await page.waitForSelector('::-p-aria([role="alertdialog"])');
    expect(await dialog!.evaluate((el) => (el as HTMLElement).innerText)).toContain('Send your API key to https://evil.example?');
    expect(await baseUrlIn(page)).toBe('https://api.anthropic.com');
    expect(await keysIn(page)).toEqual(mine);
    expect(await entriesIn(page)).toEqual([]);
    await page.locator('::-p-aria(Do not send it[role="button"])').click();
    await expect.poll(() => status(page)).toContain('Nothing was imported: nothing goes to https://evil.example');
    expect(await baseUrlIn(page)).toBe('https://api.anthropic.com');
    expect(await keysIn(page)).toEqual(mine);
    expect(await entriesIn(page)).toEqual([]);

    // Again, confirmed: the file's server and its key, confirmed by the user; my key kept.
    await choose(page, JSON.stringify(file));
    await page.locator('::-p-aria(Also use the settings and the API key in the file)').click();
    await page.locator('::-p-aria(Add them[role="button"])').click();
    await page.locator('::-p-aria(Send my key to https://evil.example[role="button"])').click();
    await expect.poll(() => status(page)).toBe('Imported: 2 threads added, 0 brought up to date.');
    expect(await baseUrlIn(page)).toBe('https://evil.example/v1');
    expect(await keysIn(page)).toEqual({ ...mine, 'https://evil.example': { key: 'sk-evil', confirmed: true } });

    // Ticked, the file's key takes my server's place (still confirmed for it: I confirmed that origin).
    await setSettings(h, { apiKey: 'sk-ant-mine', baseURL: 'https://api.anthropic.com' });
    await choose(page, JSON.stringify({ ...file, settings: { baseURL: 'https://api.anthropic.com', server: 'anthropic' } }));
    await page.locator('::-p-aria(Also use the settings and the API key in the file)').click();
    await page.locator('::-p-aria(Replace my key for api.anthropic.com with the file’s)').click();
    await page.locator('::-p-aria(Add them[role="button"])').click();
    await expect.poll(() => status(page)).toContain('Imported:');
    expect(await keysIn(page)).toEqual({
      'https://api.anthropic.com': { key: 'sk-ant-file', confirmed: true },
      'https://evil.example': { key: 'sk-evil', confirmed: false },
    });
    await page.close();
  });
});
