import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { startMessagesApi, type RecordedRequest } from '../support/stand-in/messages-api';
import { answerText, ask } from '../support/popup-page';
import { answerReply } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';
import { opensAtNine } from '../support/facts';

/**
 * The key goes only where the user confirmed it, from every screen (lib/shared/store/key-destination.ts):
 * a user with a key saved for their API (the stand-in) drives the real options page and popup,
 * and every other server on this computer records what reached it. None may see the key.
 */

const KEY = 'sk-ant-test-key';
const h = useExtension({ standIn: true });
/** Requests that carried the key, in any header (`x-api-key`, or the SDK's `authorization: Bearer`). */
const withKey = (server: { requests: RecordedRequest[] }) =>
  server.requests.filter((r) => Object.values(r.headers).some((v) => String(v).includes(KEY)));
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function openOptions(): Promise<Page> {
  const options = await h.browser.newPage();
  await options.goto(h.worker.url().replace('background.js', 'options.html'));
  await options.waitForSelector('::-p-aria(API base URL)');
  return options;
}

/** Test connection pressed, and what it said once done. */
async function testConnection(options: Page): Promise<string> {
  await options.locator('::-p-aria(Test connection[role="button"])').click();
  await options.waitForFunction(
    () => {
      const said = document.querySelector('.test-connection ul')?.textContent ?? '';
      return (
        said !== '' &&
        !said.includes('Testing') &&
        !(document.querySelector('.test-connection button') as HTMLButtonElement).disabled
      );
    },
    { timeout: 20_000 },
  );
  return options.$eval('.test-connection ul', (ul) => (ul as HTMLElement).innerText);
}

/** Picks `preset` in the Server list by the keyboard, a choice the browser counts as the user's. */
async function choosePreset(options: Page, preset: string): Promise<void> {
  const select = await options.waitForSelector('::-p-aria(Server[role="combobox"])');
  await select!.focus();
  const chosen = () => options.$eval('#server', (s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent);
  for (let i = 0; i < 5 && (await chosen()) !== preset; i++) await options.keyboard.press('ArrowUp');
  expect(await chosen()).toBe(preset);
}

describe('the key goes only where the user confirmed it', () => {
  it('an address being typed is asked nothing; Test connection there goes without the key, and says so', async () => {
    // Another server on this computer, at an origin the key was never confirmed for.
    const elsewhere = await startMessagesApi();
    try {
      const options = await openOptions();
      const base = (await options.waitForSelector('::-p-aria(API base URL)'))!;
      await base.click({ count: 3 });
      // Typed as a user types, each partial address a moment on screen.
      await base.type(elsewhere.url, { delay: 30 });
      await settle(1500);
      expect(elsewhere.requests).toEqual([]);
      const said = await testConnection(options);
      expect(said).toContain('The key was not sent');
      expect(elsewhere.requests.length).toBeGreaterThan(0);
      expect(withKey(elsewhere)).toEqual([]);
      await options.close();
    } finally {
      await elsewhere.close();
    }
  });

  it('choosing a server on this computer sends it no key: not its model list, not Test connection, not a question', async () => {
    // Whatever listens where Ollama is expected (here, a server that takes any extension).
    const ollama = await startMessagesApi({
      port: 11434,
      local: { kind: 'ollama', models: ['llama3.2:3b'], allowedOrigins: ['chrome-extension://*'] },
    });
    try {
      const options = await openOptions();
      await choosePreset(options, 'Ollama, on this computer');
      // Its models are listed, at its address, asked without the key.
      await options.waitForFunction(() =>
        [...document.querySelectorAll('#server-models option')].some((o) => o.textContent === 'llama3.2:3b'),
      );
      expect(withKey(ollama)).toEqual([]);
      // The model is one Ollama has, never the Claude model shown before (issue #43).
      await expect.poll(() => options.$eval('#model', (i) => (i as HTMLInputElement).value)).toBe('llama3.2:3b');
      await options.select('#server-models', 'llama3.2:3b');
      expect(await testConnection(options)).toContain('Reachable. Models offered: llama3.2:3b.');
      // Saved with no question about the key's destination: it does not go there.
      await options.locator('::-p-aria(Save[role="button"])').click();
      await options.waitForFunction(() => document.querySelector('.status')?.textContent === 'Saved.');
      expect(await options.$('::-p-aria([role="alertdialog"])')).toBeNull();
      await options.close();

      const page = await h.open('museum-hours.html');
      ollama.enqueue((req: RecordedRequest) => answerReply([opensAtNine(req)]));
      const popup = await h.popup(page);
      await ask(popup, 'When does the museum open?');
      expect(await answerText(popup)).toContain('It opens at 9 a.m.');
      expect(ollama.requests.some((r) => r.method === 'POST' && r.path === '/v1/messages')).toBe(true);
      expect(withKey(ollama)).toEqual([]);
    } finally {
      await ollama.close();
    }
  });

  it('a key once confirmed for a loopback address is not sent to a local server there', async () => {
    const local = await startMessagesApi({
      local: { kind: 'ollama', models: ['llama3.2:3b'], allowedOrigins: ['chrome-extension://*'] },
    });
    try {
      // The key was confirmed for this origin (a proxy the user ran there once); Ollama now listens there.
      await h.standIn({ server: 'ollama', baseURL: local.url, model: 'llama3.2:3b' });
      const page = await h.open('museum-hours.html');
      local.enqueue((req: RecordedRequest) => answerReply([opensAtNine(req)]));
      const popup = await h.popup(page);
      await ask(popup, 'When does the museum open?');
      expect(await answerText(popup)).toContain('It opens at 9 a.m.');
      expect(local.requests.some((r) => r.method === 'POST' && r.path === '/v1/messages')).toBe(true);
      expect(withKey(local)).toEqual([]);
    } finally {
      await local.close();
    }
  });

  it('the confirmed address redirecting elsewhere: neither the model list nor Test connection follows it', async () => {
    const elsewhere = await startMessagesApi();
    // The address the key is confirmed for answers every request with a redirect to another origin.
    const redirector: Server = createServer((req, res) => {
      res.writeHead(307, { location: `${elsewhere.url}${req.url ?? '/'}`, 'access-control-allow-origin': '*' }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
    try {
      await h.standIn({ baseURL: at });
      const options = await openOptions();
      const said = await testConnection(options);
      expect(said).toContain('redirect');
      await settle(500);
      expect(elsewhere.requests).toEqual([]);
      await options.close();
    } finally {
      redirector.closeAllConnections();
      await new Promise((resolve) => redirector.close(resolve));
      await elsewhere.close();
    }
  });
});
