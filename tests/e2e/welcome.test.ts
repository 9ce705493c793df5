import type { Page, Target } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { type Harness, useHarness } from '../support/harness';

/**
 * The welcome page (issue #43, item 6): installing the extension in a fresh profile opens it (an
 * update does not: tests/e2e/update-from-release.test.ts); its steps save a server and a key,
 * after the user confirmed where the key may go, that the options then show; Test connection
 * reaches the server with the key saved.
 */

const isWelcome = (t: Target) => t.type() === 'page' && t.url().endsWith('/welcome.html');

describe('the welcome page', () => {
  let h: Harness;
  // A fresh profile, the extension installed once (the usual harness installs, then updates it).
  useHarness((x) => (h = x), { keepWelcome: true, reset: false, allSites: false });

  it('opens by itself when the extension is installed', async () => {
    const target = await h.browser.waitForTarget(isWelcome, { timeout: 20_000 });
    const page = (await target.page())!;
    await page.waitForSelector('::-p-aria(Welcome to Cited Tabs[role="heading"])');
    expect(await page.title()).toBe('Welcome to Cited Tabs');
    await page.close();
  });

  it('server, key, Save (its address confirmed), Test connection: the options show what it saved', async () => {
    const welcome: Page = await h.browser.newPage();
    await welcome.goto(h.worker.url().replace('background.js', 'welcome.html'));
    await welcome.waitForSelector('::-p-aria(Server[role="combobox"])');
    await welcome.select('#server', 'other');
    const base = (await welcome.waitForSelector('::-p-aria(API base URL)'))!;
    await base.click({ count: 3 });
    await base.type(h.api.url);
    await (await welcome.waitForSelector('::-p-aria(API key)'))!.type('sk-ant-test-key');
    await welcome.locator('::-p-aria(Save[role="button"])').click();
    const origin = new URL(h.api.url).origin;
    await welcome.locator(`::-p-aria(Send my key to ${origin}[role="button"])`).click();
    await welcome.waitForFunction(() => document.querySelector('.status')?.textContent === 'Saved.');
    await welcome.locator('::-p-aria(Test connection[role="button"])').click();
    await expect
      .poll(() => welcome.$eval('.test-connection ul', (ul) => (ul as HTMLElement).innerText), { timeout: 20_000 })
      .toContain('Reachable');
    expect(await welcome.$eval('.test-connection ul', (ul) => (ul as HTMLElement).innerText)).not.toContain('not sent');
    // The last step says how to ask the first question.
    expect(await welcome.evaluate(() => document.body.innerText)).toContain('Alt+Shift+Q');
    await welcome.close();

    const options = await h.browser.newPage();
    await options.goto(h.worker.url().replace('background.js', 'options.html'));
    await options.waitForSelector('#base-url');
    await expect.poll(() => options.$eval('#base-url', (i) => (i as HTMLInputElement).value)).toBe(h.api.url);
    expect(await options.$eval('#server', (s) => (s as HTMLSelectElement).value)).toBe('other');
    expect(await options.$eval('#api-key', (i) => (i as HTMLInputElement).value)).toBe('sk-ant-test-key');
    expect(await options.evaluate(() => document.body.innerText)).toContain(`Key saved for ${new URL(h.api.url).host}`);
    await options.close();
  });
});
