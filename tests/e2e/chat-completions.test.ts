import type { Page } from 'puppeteer-core';
import { afterEach, describe, expect, it } from 'vitest';
import { startChatCompletionsApi, type ChatCompletionsApi, type ChatHabits } from '../support/stand-in/chat-completions-api';
import type { MessagesApi, RecordedRequest } from '../support/stand-in/messages-api';
import { chooseServer } from '../support/server-options';
import { answerText, ask, citationNamed, highlightedText } from '../support/popup-page';
import { answerReply } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';
import { HOURS_QUOTE, opensAtNine } from '../support/facts';

/**
 * A user whose key is for an OpenAI-compatible endpoint, as they meet the extension: a fresh
 * profile, the real options page to choose "Any OpenAI-compatible endpoint", type its address and
 * key, confirm where the key goes and pick a listed model; the real popup to ask. The endpoint is
 * the Chat Completions stand-in (tests/support/stand-in/chat-completions-api.ts), in each habit a
 * real server has: honouring `response_format` json_schema, or ignoring it and writing prose with
 * the JSON inside. Either way the answer's quote is verified and highlighted in the page.
 */

const KEY = 'sk-stand-in-chat-key-42';
const MODEL = 'qwen3-32b-instruct';
const PRESET = 'Any OpenAI-compatible endpoint (vLLM, LiteLLM, a gateway)';
const h = useExtension();
let server: ChatCompletionsApi | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const chatCalls = (api: ChatCompletionsApi) =>
  api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/chat/completions');
const saved = (options: Page) => options.waitForFunction(() => document.querySelector('.status')?.textContent === 'Saved.');

/** The options as the user drives them: the preset, the address and key typed, the key's destination confirmed, a model picked. */
async function chooseEndpoint(api: ChatCompletionsApi): Promise<void> {
  const options = await h.browser.newPage();
  await options.goto(h.worker.url().replace('background.js', 'options.html'));
  const select = await options.waitForSelector('::-p-aria(Server[role="combobox"])');
  await select!.focus();
  const chosen = () => options.$eval('#server', (s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent);
  for (let i = 0; i < 12 && (await chosen()) !== PRESET; i++) await options.keyboard.press('ArrowDown');
  expect(await chosen()).toBe(PRESET);
  const base = await options.waitForSelector('::-p-aria(API base URL)');
  await base!.click({ count: 3 });
  await base!.type(api.url);
  await (await options.waitForSelector('::-p-aria(API key)'))!.type(KEY);
  // Nothing was asked of the endpoint while its address and key were typed.
  expect(api.requests).toEqual([]);
  await options.locator('::-p-aria(Save[role="button"])').click();
  // A key for a new address goes there only once the user says so.
  const confirm = await options.waitForSelector(`::-p-aria(Send my key to ${api.origin}[role="button"])`);
  expect(api.requests).toEqual([]);
  await confirm!.click();
  await saved(options);
  // Its models, listed from <base>/models with the key now confirmed for it.
  await options.waitForFunction(
    (m) => [...document.querySelectorAll('#server-models option')].some((o) => o.textContent === m),
    {},
    MODEL,
  );
  await options.select('#server-models', MODEL);
  await options.locator('::-p-aria(Save[role="button"])').click();
  await saved(options);
  await options.close();
}

async function askAndHighlight(habits: ChatHabits): Promise<RecordedRequest> {
  const api = (server = await startChatCompletionsApi({ models: ['llama-3.3-70b', MODEL], keys: [KEY], ...habits }));
  await chooseEndpoint(api);
  const page = await h.open('museum-hours.html');
  api.enqueue((req) => answerReply([opensAtNine(req)]));
  const popup = await h.popup(page);
  await ask(popup, 'When does the museum open?');
  expect(await answerText(popup)).toContain('It opens at 9 a.m.');
  const name = `${new URL(page.url()).host} — ${await page.title()}`;
  await popup.locator(citationNamed(name)).click();
  await expect.poll(() => highlightedText(page), { timeout: 30_000 }).toBe(HOURS_QUOTE);
  const [call, ...more] = chatCalls(api);
  expect(more).toHaveLength(0);
  expect(api.requests.find((r) => r.path === '/v1/models')!.headers.authorization).toBe(`Bearer ${KEY}`);
  expect(call!.headers.authorization).toBe(`Bearer ${KEY}`);
  expect(call!.headers['x-api-key']).toBeUndefined();
  expect(call!.body).toMatchObject({ model: MODEL, stream: true });
  return call!;
}

describe('an OpenAI-compatible endpoint answers with verified, highlighted quotes', () => {
  it('one that honours json_schema: asked with the strict schema, its bare JSON verified and highlighted', async () => {
    const call = await askAndHighlight({ schema: 'honours' });
    expect(call.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
  });

  it('one that ignores json_schema: the JSON inside its prose found, verified and highlighted', async () => {
    const call = await askAndHighlight({ schema: 'ignores' });
    expect(call.body.response_format).toMatchObject({ type: 'json_schema' });
    // The prose reply taught that the server ignores the schema: the next question writes it in the prompt.
    const facts = await h.worker.evaluate(async () => (await chrome.storage.local.get('serverFacts')).serverFacts);
    expect(facts).toEqual({ [server!.origin]: expect.objectContaining({ answerPath: 'prompt' }) });
  });

  it('a rate limit is said in its terms: the wait its retry-after asked', async () => {
    const api = (server = await startChatCompletionsApi({ models: [MODEL], keys: [KEY] }));
    await chooseEndpoint(api);
    const page = await h.open('museum-hours.html');
    const limited = {
      kind: 'error' as const,
      status: 429,
      type: 'requests',
      code: 'rate_limit_exceeded',
      message: 'Rate limit reached for requests',
      headers: { 'retry-after': '2' },
    };
    // Asked again twice after the wait it names (the popup counts it down); the third refusal ends the question.
    api.enqueue(limited, limited, limited);
    const popup = await h.popup(page);
    await ask(popup, 'When does the museum open?');
    const alert = await popup.waitForSelector('::-p-aria([role="alert"])', { timeout: 30_000 });
    const said = await alert!.evaluate((el) => (el as HTMLElement).innerText);
    expect(said).toContain(`The server at ${api.origin} is limiting your requests (429)`);
    expect(said).toContain('It asked to wait 2 seconds');
    expect(chatCalls(api)).toHaveLength(3);
  });
});

describe('a server on this computer asked through Chat Completions', () => {
  it('LM Studio with the API choice set to Chat Completions: no key, /v1/chat/completions, the quote verified and highlighted', async () => {
    const api = (server = await startChatCompletionsApi({
      models: ['qwen2.5-7b-instruct'],
      keys: null,
      owner: 'organization_owner',
    }));
    const options = await chooseServer(
      h,
      'LM Studio, on this computer',
      { url: api.origin } as MessagesApi,
      'qwen2.5-7b-instruct',
    );
    await options.select('::-p-aria(API[role="combobox"])', 'chat');
    await options.locator('::-p-aria(Save[role="button"])').click();
    await saved(options);
    await options.close();
    const page = await h.open('museum-hours.html');
    api.enqueue((req) => answerReply([opensAtNine(req)]));
    const popup = await h.popup(page);
    await ask(popup, 'When does the museum open?');
    expect(await answerText(popup)).toContain('It opens at 9 a.m.');
    const name = `${new URL(page.url()).host} — ${await page.title()}`;
    await popup.locator(citationNamed(name)).click();
    await expect.poll(() => highlightedText(page), { timeout: 30_000 }).toBe(HOURS_QUOTE);
    const [call] = chatCalls(api);
    expect(call!.headers.authorization).toBeUndefined();
    // A local model's answer cap, through Chat Completions' own field.
    expect(call!.body.max_tokens).toBeLessThanOrEqual(2000);
  });
});
