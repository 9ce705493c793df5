/**
 * A key per server in the Firefox build, as in Chromium's (tests/e2e/keys-per-server.test.ts): a
 * user with Claude's key saved (the Messages stand-in) chooses OpenAI in the real options page,
 * types its address (the Chat Completions stand-in) and its own key, confirms it, asks in the real
 * popup; then chooses Claude again and finds its key there, used without typing it. Each stand-in
 * records the headers it received: neither ever sees the other's key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerReply, indexOf } from '../support/harness';
import type { RecordedRequest } from '../support/stand-in/messages-api';
import { startChatCompletionsApi, type ChatCompletionsApi } from '../support/stand-in/chat-completions-api';
import { inTab, openTab, Popup, useFirefoxWithKey, type Firefox } from '../support/firefox';

const ANTHROPIC_KEY = 'sk-ant-test-key';
const OPENAI_KEY = 'sk-proj-firefox-openai-3';
let fx: Firefox;
let chat: ChatCompletionsApi;
useFirefoxWithKey((x) => (fx = x));
beforeAll(async () => {
  chat = await startChatCompletionsApi({ models: ['gpt-5-mini'], keys: [OPENAI_KEY] });
});
afterAll(() => chat.close());

const keysIn = (requests: RecordedRequest[]) =>
  requests.flatMap((r) => [r.headers['x-api-key'], /^Bearer (.+)$/.exec(r.headers['authorization'] ?? '')?.[1]]).filter(Boolean);

async function element(xpath: string): Promise<string> {
  const found = await fx.m.send<{ value: Record<string, string> }>('WebDriver:FindElement', { using: 'xpath', value: xpath });
  return Object.values(found.value)[0]!;
}
/** Clicks the element once it is there (the confirmation appears a moment after Save). */
async function click(xpath: string): Promise<void> {
  let id: string | undefined;
  await expect.poll(async () => (id = await element(xpath).catch(() => undefined)) !== undefined, { timeout: 10_000 }).toBe(true);
  await fx.m.send('WebDriver:ElementClick', { id });
}
const field = (label: string) => element(`//*[@id=//label[normalize-space()="${label}"]/@for]`);
async function typeInto(label: string, text: string): Promise<void> {
  const id = await field(label);
  await fx.m.send('WebDriver:ElementClear', { id });
  await fx.m.send('WebDriver:ElementSendKeys', { id, text });
}
const keyField = (tab: string) => inTab<string>(fx, tab, `return document.getElementById('api-key').value;`);
const status = (tab: string) => inTab<string>(fx, tab, `return document.querySelector('[role=status]')?.textContent ?? '';`);
async function closeTab(): Promise<void> {
  const [left] = await fx.m.send<string[]>('WebDriver:CloseWindow');
  await fx.m.send('WebDriver:SwitchToWindow', { handle: left, focus: true });
}

/** Asked in the real popup; `said` is the claim the server was scripted to make (each ask its own). */
async function askMuseum(said: string): Promise<void> {
  await openTab(fx, `${fx.fixtures}/museum-tickets.html`);
  const popup = new Popup(fx);
  await popup.open();
  await popup.type('Question', 'What does an adult ticket cost?');
  await popup.click('This tab');
  await popup.click('Ask');
  await expect.poll(() => popup.regionText('Answer'), { timeout: 30_000 }).toContain(said);
}
const tickets = (said: string) => (req: RecordedRequest) =>
  answerReply([{ text: said, citations: [{ index: indexOf(req, 'Adult tickets'), literal: 'Adult tickets cost 12 euros.' }] }]);

describe('Firefox: a key per server', () => {
  it('Claude, then OpenAI, then Claude again: each key goes only to its own server', async () => {
    // 2. OpenAI chosen: the field does not carry Claude's key; OpenAI's typed and confirmed.
    let options = await openTab(fx, `${fx.origin}/options.html`);
    await expect
      .poll(() => inTab<boolean>(fx, options, `return !!document.getElementById('server');`), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => keyField(options), { timeout: 10_000 }).toBe(ANTHROPIC_KEY);
    await click(`//select[@id="server"]/option[normalize-space()="OpenAI"]`);
    await expect.poll(() => keyField(options), { timeout: 10_000 }).toBe('');
    await typeInto('API base URL', chat.url);
    await typeInto('API key', OPENAI_KEY);
    await click(`//button[normalize-space()="Save"]`);
    await click(`//button[normalize-space()="Send my key to ${chat.origin}"]`);
    await expect.poll(() => status(options), { timeout: 10_000 }).toBe('Saved.');
    await closeTab();
    chat.enqueue(tickets('OpenAI says: 12 euros.'));
    await askMuseum('OpenAI says: 12 euros.');
    expect(chat.requests.some((r) => r.method === 'POST' && r.path === '/v1/chat/completions')).toBe(true);

    // 3. Claude again: its key is back in the field with its address, saved with no question.
    options = await openTab(fx, `${fx.origin}/options.html`);
    await expect
      .poll(() => inTab<boolean>(fx, options, `return !!document.getElementById('server');`), { timeout: 10_000 })
      .toBe(true);
    await click(`//select[@id="server"]/option[normalize-space()="Anthropic API (Claude)"]`);
    await typeInto('API base URL', fx.api.url);
    await expect.poll(() => keyField(options), { timeout: 10_000 }).toBe(ANTHROPIC_KEY);
    await click(`//button[normalize-space()="Save"]`);
    await expect.poll(() => status(options), { timeout: 10_000 }).toBe('Saved.');
    expect(await inTab<boolean>(fx, options, `return !!document.querySelector('[role=alertdialog]');`)).toBe(false);
    await closeTab();
    const before = fx.api.requests.length;
    fx.api.enqueue(tickets('Claude says: 12 euros.'));
    await askMuseum('Claude says: 12 euros.');
    expect(fx.api.requests.slice(before).some((r) => r.method === 'POST' && r.path === '/v1/messages')).toBe(true);

    expect(new Set(keysIn(fx.api.requests))).toEqual(new Set([ANTHROPIC_KEY]));
    expect(new Set(keysIn(chat.requests))).toEqual(new Set([OPENAI_KEY]));
  });
});
