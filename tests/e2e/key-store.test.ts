import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { answerText, ask } from '../support/popup-page';
import { liveWorker } from '../support/extension-browser';
import { hoursAnswer } from '../support/facts';
import { useExtension } from '../support/harness';

/**
 * The keys' store as a user meets it (issue #44, item 7): a gateway's token of several kB is kept,
 * listed and sent like any key, beside the others; a store that does not read (a newer version's)
 * is said on the options page, sends nothing, and is never written over by the next Save.
 */

const h = useExtension({ standIn: true });
// A gateway's token: a JWT of about 8.5 kB.
const TOKEN = `eyJ${'a'.repeat(4000)}.${'b'.repeat(4000)}.${'c'.repeat(500)}`;

/** The key store's raw values by name (lib/shared/store/api-key.ts), read or written in the worker. */
function keyStore(op: 'get', name: string): Promise<unknown>;
function keyStore(op: 'put', name: string, value: unknown): Promise<unknown>;
async function keyStore(op: 'get' | 'put', name: string, value?: unknown): Promise<unknown> {
  await liveWorker(h);
  return h.worker.evaluate(
    (op, name, value) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('cited-tabs-key');
        open.onupgradeneeded = () => open.result.createObjectStore('secrets');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('secrets', 'readwrite');
          const req = op === 'get' ? tx.objectStore('secrets').get(name) : tx.objectStore('secrets').put(value, name);
          tx.oncomplete = () => {
            open.result.close();
            resolve(op === 'get' ? req.result : undefined);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    op,
    name,
    value,
  );
}

async function openOptions(): Promise<Page> {
  const options = await h.browser.newPage();
  await options.goto(h.worker.url().replace('background.js', 'options.html'));
  await options.waitForSelector('::-p-aria(API base URL)');
  return options;
}

describe('the keys’ store', () => {
  it('a gateway’s 8 kB token is kept, listed and sent, and the other keys with it', async () => {
    await h.standIn({ apiKey: TOKEN });
    const origin = new URL(h.api.url).origin;
    const stored = (await keyStore('get', 'keys')) as { byOrigin: Record<string, unknown> };
    await keyStore('put', 'keys', {
      ...stored,
      byOrigin: { ...stored.byOrigin, 'https://api.openai.com': { key: 'sk-proj-other', confirmed: true } },
    });
    const options = await openOptions();
    await expect
      .poll(() => options.$$eval('.saved-keys li span', (s) => s.map((x) => x.textContent ?? '').sort()))
      .toEqual([`Key saved for ${new URL(origin).host}`, 'Key saved for api.openai.com']);
    expect(await options.$eval('#api-key', (i) => (i as HTMLInputElement).value)).toBe(TOKEN);
    await options.close();

    const page = await h.open('museum-hours.html');
    h.api.enqueue(hoursAnswer);
    const popup = await h.popup(page);
    await ask(popup, 'When does the museum open?');
    expect(await answerText(popup)).toContain('It opens at 9 a.m.');
    const sent = h.api.requests.filter((r) => r.method === 'POST');
    expect(sent.length).toBeGreaterThan(0);
    // As `x-api-key`, or (to an address not Anthropic's own) as the bearer token a gateway reads.
    const keyOf = (r: (typeof sent)[number]) =>
      r.headers['x-api-key'] ?? /^Bearer (.+)$/.exec(r.headers['authorization'] ?? '')?.[1];
    expect(sent.map(keyOf)).toEqual(sent.map(() => TOKEN));
  });

  it('a store that does not read is said, sends nothing, and Save keeps it aside instead of writing over it', async () => {
    await h.standIn();
    const newer = { version: 3, byOrigin: { 'https://api.anthropic.com': { key: 'sk-from-a-newer-build', scopes: [] } } };
    await keyStore('put', 'keys', newer);
    const options = await openOptions();
    const alert = await options.waitForSelector('::-p-aria([role="alert"])');
    expect(await alert!.evaluate((el) => (el as HTMLElement).innerText)).toContain(
      'Your saved API keys could not be read (version 3): none is sent.',
    );
    expect(await options.$$('.saved-keys li')).toHaveLength(0);
    // Saved over: a key typed now is kept beside them, never over them.
    await options.locator('::-p-aria(API key)').fill('sk-ant-typed-now');
    await options.locator('::-p-aria(Save[role="button"])').click();
    await options.locator(`::-p-aria(Send my key to ${new URL(h.api.url).origin}[role="button"])`).click();
    await options.waitForFunction(() => document.querySelector('.status')?.textContent === 'Saved.');
    expect(await keyStore('get', 'keysSetAside')).toEqual([newer]);
    await options.close();
  });
});
