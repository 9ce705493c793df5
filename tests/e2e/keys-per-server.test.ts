import type { Page } from 'puppeteer-core';
import { afterEach, describe, expect, it } from 'vitest';
import { startChatCompletionsApi, type ChatCompletionsApi } from '../support/stand-in/chat-completions-api';
import type { RecordedRequest } from '../support/stand-in/messages-api';
import { answerText, ask } from '../support/popup-page';
import { answerReply } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';
import { opensAtNine } from '../support/facts';

/**
 * A key per server (lib/shared/store/key-schema.ts, lib/shared/store/key-destination.ts), as a user meets it
 * in the real options page and popup: a key for Claude saved, then OpenAI chosen and its own key
 * saved, then Claude chosen again. Claude's key is still there and used without being typed
 * again; each stand-in records the headers it received, and neither ever sees the other's key.
 * The providers' own addresses are the stand-ins' here (typed after the preset), as a user of a
 * gateway would type theirs.
 */

const ANTHROPIC_KEY = 'sk-ant-claude-key-7';
const OPENAI_KEY = 'sk-proj-openai-key-9';
const h = useExtension();
let chat: ChatCompletionsApi | null = null;
afterEach(async () => {
  await chat?.close();
  chat = null;
});

const keysIn = (requests: RecordedRequest[]) =>
  requests.flatMap((r) => [r.headers['x-api-key'], /^Bearer (.+)$/.exec(r.headers['authorization'] ?? '')?.[1]]).filter(Boolean);
const saved = (options: Page) => options.waitForFunction(() => document.querySelector('.status')?.textContent === 'Saved.');
const keyField = (options: Page) => options.$eval('#api-key', (i) => (i as HTMLInputElement).value);
const listed = async (options: Page) =>
  (await options.$$eval('.saved-keys li span', (spans) => spans.map((s) => s.textContent ?? ''))).sort();

/** Picks `preset` in the Server list by the keyboard, as a user does. */
async function choosePreset(options: Page, preset: string): Promise<void> {
  const select = await options.waitForSelector('::-p-aria(Server[role="combobox"])');
  await select!.focus();
  const chosen = () => options.$eval('#server', (s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent);
  for (let i = 0; i < 12 && (await chosen()) !== preset; i++) await options.keyboard.press('ArrowDown');
  for (let i = 0; i < 12 && (await chosen()) !== preset; i++) await options.keyboard.press('ArrowUp');
  expect(await chosen()).toBe(preset);
}

async function typeAddress(options: Page, url: string): Promise<void> {
  const base = await options.waitForSelector('::-p-aria(API base URL)');
  await base!.click({ count: 3 });
  await base!.type(url);
}

async function openOptions(): Promise<Page> {
  const options = await h.browser.newPage();
  await options.goto(h.worker.url().replace('background.js', 'options.html'));
  await options.waitForSelector('::-p-aria(API base URL)');
  return options;
}

/** Saves; a first key for an address is confirmed for it when asked. */
async function saveConfirming(options: Page, origin: string): Promise<void> {
  await options.locator('::-p-aria(Save[role="button"])').click();
  const confirm = await options.waitForSelector(`::-p-aria(Send my key to ${origin}[role="button"])`);
  await confirm!.click();
  await saved(options);
}

/**
 * The museum's question asked in the real popup of a new tab, `server` scripted to claim `said`
 * (each ask its own words, so an earlier answer on screen is never taken for this one).
 */
type Reply = (req: RecordedRequest) => ReturnType<typeof answerReply>;
async function askMuseum(enqueue: (reply: Reply) => void, said: string) {
  enqueue((req: RecordedRequest) => answerReply([{ ...opensAtNine(req), text: said }]));
  const page = await h.open('museum-hours.html');
  const popup = await h.popup(page);
  await ask(popup, 'When does the museum open?');
  await expect.poll(() => answerText(popup), { timeout: 30_000 }).toContain(said);
  await popup.close();
  await page.close();
}

describe('a key per server', () => {
  it('Claude, then OpenAI, then Claude again: each key goes only to its own server, and Claude’s is there without typing it again', async () => {
    chat = await startChatCompletionsApi({ models: ['gpt-5-mini'], keys: [OPENAI_KEY] });
    const anthropicOrigin = new URL(h.api.url).origin;

    // 1. Claude: its key typed and confirmed for its address.
    let options = await openOptions();
    await choosePreset(options, 'Anthropic API (Claude)');
    await typeAddress(options, h.api.url);
    await (await options.waitForSelector('::-p-aria(API key)'))!.type(ANTHROPIC_KEY);
    await saveConfirming(options, anthropicOrigin);
    await options.close();
    await askMuseum((r) => h.api.enqueue(r), 'Claude: it opens at 9 a.m.');

    // 2. OpenAI: the field does not carry Claude's key; OpenAI's typed and confirmed for its address.
    options = await openOptions();
    expect(await keyField(options)).toBe(ANTHROPIC_KEY);
    await choosePreset(options, 'OpenAI');
    expect(await keyField(options)).toBe('');
    await typeAddress(options, chat.url);
    expect(await keyField(options)).toBe('');
    await (await options.waitForSelector('::-p-aria(API key)'))!.type(OPENAI_KEY);
    await saveConfirming(options, chat.origin);
    expect(await listed(options)).toEqual(
      [`Key saved for ${new URL(h.api.url).host}`, `Key saved for ${new URL(chat.url).host}`].sort(),
    );
    await options.close();
    await askMuseum((r) => chat!.enqueue(r), 'OpenAI: it opens at 9 a.m.');
    expect(chat.requests.some((r) => r.method === 'POST' && r.path === '/v1/chat/completions')).toBe(true);

    // 3. Claude again: its key is in the field once its address is back, saved with no question.
    options = await openOptions();
    await choosePreset(options, 'Anthropic API (Claude)');
    await typeAddress(options, h.api.url);
    expect(await keyField(options)).toBe(ANTHROPIC_KEY);
    await options.locator('::-p-aria(Save[role="button"])').click();
    await saved(options);
    expect(await options.$('::-p-aria([role="alertdialog"])')).toBeNull();
    await options.close();
    const claudeCalls = () => h.api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/messages').length;
    const before = claudeCalls();
    await askMuseum((r) => h.api.enqueue(r), 'Claude again: it opens at 9 a.m.');
    expect(claudeCalls()).toBe(before + 1);

    // What each server received: its own key, every time it received one, and never the other's.
    expect(keysIn(h.api.requests).length).toBeGreaterThan(0);
    expect(new Set(keysIn(h.api.requests))).toEqual(new Set([ANTHROPIC_KEY]));
    expect(keysIn(chat.requests).length).toBeGreaterThan(0);
    expect(new Set(keysIn(chat.requests))).toEqual(new Set([OPENAI_KEY]));
  });

  it('a key removed in the options is no longer sent; the other server’s key stays', async () => {
    chat = await startChatCompletionsApi({ models: ['gpt-5-mini'], keys: [OPENAI_KEY] });
    await h.standIn({ apiKey: ANTHROPIC_KEY });
    const options = await openOptions();
    await choosePreset(options, 'OpenAI');
    await typeAddress(options, chat.url);
    await (await options.waitForSelector('::-p-aria(API key)'))!.type(OPENAI_KEY);
    await saveConfirming(options, chat.origin);
    await options.locator(`::-p-aria(Remove the key for ${new URL(chat.url).host}[role="button"])`).click();
    await options.waitForFunction(
      (host) => document.querySelector('.status')?.textContent === `The key for ${host} was removed.`,
      {},
      new URL(chat.url).host,
    );
    expect(await listed(options)).toEqual([`Key saved for ${new URL(h.api.url).host}`]);
    expect(await keyField(options)).toBe('');
    await options.close();
    // Without its key, OpenAI's address is not asked: the popup ranks passages here instead.
    const sentBefore = chat.requests.length;
    const page = await h.open('museum-hours.html');
    const popup = await h.popup(page);
    await ask(popup, 'When does the museum open?');
    await popup.waitForSelector('::-p-aria(Search results[role="heading"])', { timeout: 20_000 });
    expect(chat.requests.slice(sentBefore).filter((r) => r.path === '/v1/chat/completions')).toEqual([]);
    expect(keysIn(chat.requests).filter((k) => k !== OPENAI_KEY)).toEqual([]);
  });

  it('a key of the version before (one record, one confirmed origin) is found under its origin and used, nothing typed', async () => {
    // As today's build leaves it: the settings in storage.local, the one record in IndexedDB.
    await h.standIn({ apiKey: '' });
    await h.worker.evaluate(async (origin) => {
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('cited-tabs-key');
        open.onupgradeneeded = () => open.result.createObjectStore('secrets');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('secrets', 'readwrite');
          tx.objectStore('secrets').put({ key: 'sk-ant-from-v1', origin }, 'apiKey');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    }, new URL(h.api.url).origin);
    const before = h.api.requests.length;
    await askMuseum((r) => h.api.enqueue(r), 'From the old record: it opens at 9 a.m.');
    expect(new Set(keysIn(h.api.requests.slice(before)))).toEqual(new Set(['sk-ant-from-v1']));
    const options = await openOptions();
    expect(await listed(options)).toEqual([`Key saved for ${new URL(h.api.url).host}`]);
    expect(await keyField(options)).toBe('sk-ant-from-v1');
    await options.close();
  });
});
