import type { Page } from 'puppeteer-core';
import { openAdvanced } from '../support/options-page';
import { chooseServer as choose } from '../support/server-options';
import { afterEach, describe, expect, it } from 'vitest';
import { startMessagesApi, type MessagesApi, type RecordedRequest } from '../support/stand-in/messages-api';
import type { LocalHabits } from '../support/stand-in/local-servers';
import { answerText, ask, citationNamed, highlightedText } from '../support/popup-page';
import { answerReply } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';
import { HOURS_QUOTE, opensAtNine } from '../support/facts';

/**
 * Local models, as a new user meets them: a fresh profile, a server on this computer as it ships
 * (the stand-in with each server's habits: tests/support/stand-in/local-servers.ts), the real
 * options page to choose it, and the real popup to ask. No key, no change to the server.
 */

let server: MessagesApi | null = null;
const h = useExtension();
afterEach(async () => {
  await server?.close();
  server = null;
});

const chooseServer = (preset: string, api: MessagesApi, model: string) => choose(h, preset, api, model);
const messageCalls = (api: MessagesApi) => api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/messages');

async function askAndHighlight(api: MessagesApi): Promise<{ page: Page; text: string }> {
  const page = await h.open('museum-hours.html');
  api.enqueue((req: RecordedRequest) => answerReply([opensAtNine(req)]));
  const popup = await h.popup(page);
  await ask(popup, 'When does the museum open?');
  const text = await answerText(popup);
  expect(await popup.evaluate(() => document.body.innerText)).not.toMatch(/API key/);
  const name = `${new URL(page.url()).host} — ${await page.title()}`;
  await popup.locator(citationNamed(name)).click();
  await expect.poll(() => highlightedText(page), { timeout: 30_000 }).toBe(HOURS_QUOTE);
  return { page, text };
}

async function start(local: LocalHabits): Promise<MessagesApi> {
  server = await startMessagesApi({ local });
  return server;
}

describe('local models answer with verified quotes, out of the box', () => {
  it('Ollama allowing extensions: chosen in the options, no key, its fenced JSON read, verified and highlighted', async () => {
    const api = await start({
      kind: 'ollama',
      models: ['llama3.2:3b', 'qwen3:8b'],
      contextLength: 32768,
      numCtx: 8192,
      allowedOrigins: ['chrome-extension://*', 'moz-extension://*'],
    });
    const options = await chooseServer('Ollama, on this computer', api, 'llama3.2:3b');
    await openAdvanced(options);
    expect(await options.evaluate(() => document.body.innerText)).toMatch(
      /servers on this computer do not support native citations/,
    );
    await options.close();

    const { text } = await askAndHighlight(api);
    expect(text).toContain('It opens at 9 a.m.');
    // No word of a key anywhere in the popup: a server on this computer needs none.
    expect(text).not.toMatch(/API key/);
    const [call, ...more] = messageCalls(api);
    expect(more).toHaveLength(0);
    // No key sent.
    expect(call!.headers['x-api-key']).toBeUndefined();
    // The JSON shape in the prompt, not output_config, which Ollama ignores.
    expect(call!.body.output_config).toBeUndefined();
    expect(call!.body.system).toContain('JSON schema');
    // The budget follows the model's context (num_ctx from /api/show); the answer is capped for it.
    expect(api.requests.some((r) => r.path === '/api/show')).toBe(true);
    expect(call!.body.max_tokens).toBeLessThanOrEqual(2000);
  });

  it('Ollama as shipped, where its Origin check is not passed: its 403 is explained with the exact fix', async () => {
    const api = await start({ kind: 'ollama', models: ['llama3.2:3b'] });
    const options = await chooseServer('Ollama, on this computer', api, 'llama3.2:3b');
    await options.close();
    const page = await h.open('museum-hours.html');
    const popup = await h.popup(page);
    await ask(popup, 'When does the museum open?');
    const alert = await popup.waitForSelector('::-p-aria([role="alert"])', { timeout: 30_000 });
    const said = await alert!.evaluate((el) => (el as HTMLElement).innerText);
    expect(said).toContain('refused the extension');
    expect(said).toContain('OLLAMA_ORIGINS=chrome-extension://*,moz-extension://* ollama serve');
    expect(messageCalls(api)[0]!.headers['origin']).toMatch(/^chrome-extension:\/\//);
  });

  it('LM Studio: its /v1/models listed, CORS off, answered through the prompt path', async () => {
    const api = await start({ kind: 'lmstudio', models: ['qwen2.5-7b-instruct'] });
    (await chooseServer('LM Studio, on this computer', api, 'qwen2.5-7b-instruct')).close();
    const { text } = await askAndHighlight(api);
    expect(text).toContain('It opens at 9 a.m.');
    expect(api.requests.some((r) => r.path === '/v1/models')).toBe(true);
    expect(messageCalls(api)[0]!.body.output_config).toBeUndefined();
  });

  it('llama.cpp server: a model slow to start says so, then answers', async () => {
    const api = await start({ kind: 'llamacpp', models: ['gemma-3-4b'], firstTokenDelayMs: 4000 });
    (await chooseServer('llama.cpp server, on this computer', api, 'gemma-3-4b')).close();
    const page = await h.open('museum-hours.html');
    api.enqueue((req: RecordedRequest) => answerReply([opensAtNine(req)]));
    const popup = await h.popup(page);
    await ask(popup, 'When does the museum open?');
    await popup.waitForFunction(() => document.body.innerText.includes('Waiting for the model to start…'), { timeout: 30_000 });
    expect(await answerText(popup)).toContain('It opens at 9 a.m.');
  });

  it('Test connection says what the server does: reachable, its models, no structured output, no native citations', async () => {
    const api = await start({ kind: 'ollama', models: ['llama3.2:3b'] });
    const options = await chooseServer('Ollama, on this computer', api, 'llama3.2:3b');
    // The probe's reply: a model left to itself writes prose around its JSON.
    api.enqueue({ kind: 'json', value: { ok: true } });
    await options.locator('::-p-aria(Test connection[role="button"])').click();
    const result = await options.waitForSelector('::-p-text(Native citations)');
    const said = await result!.evaluate((el) => el.closest('ul')!.innerText);
    expect(said).toContain('Reachable. Models offered: llama3.2:3b.');
    expect(said).toContain('Structured output: not honoured');
    expect(said).toContain('Native citations: not supported');
    const facts = await h.worker.evaluate(async () => (await chrome.storage.local.get('serverFacts')).serverFacts);
    expect(facts).toEqual({ [api.url]: expect.objectContaining({ answerPath: 'prompt' }) });
    await options.close();
  });
});
