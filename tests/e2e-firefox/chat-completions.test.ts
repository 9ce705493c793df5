/**
 * The Firefox build asks an OpenAI-compatible endpoint as Chromium's does
 * (tests/e2e/chat-completions.test.ts): the key and the endpoint's address saved and confirmed
 * through the real options page, "Any OpenAI-compatible endpoint" chosen, and a question asked
 * in the real popup; the endpoint is the Chat Completions stand-in, ignoring `json_schema` and
 * writing prose around its JSON. The quote is verified and highlighted in the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerReply, indexOf } from '../support/harness';
import { startChatCompletionsApi, type ChatCompletionsApi } from '../support/stand-in/chat-completions-api';
import { highlightedText, inTab, openTab, Popup, saveSettingsAsUser, useFirefox, type Firefox } from '../support/firefox';

const KEY = 'sk-stand-in-chat-key-42';
const PRESET = 'Any OpenAI-compatible endpoint (vLLM, LiteLLM, a gateway)';
let fx: Firefox;
let chat: ChatCompletionsApi;
useFirefox((x) => (fx = x));
beforeAll(async () => {
  chat = await startChatCompletionsApi({ schema: 'ignores', keys: [KEY] });
});
afterAll(() => chat.close());

async function element(xpath: string): Promise<string> {
  const found = await fx.m.send<{ value: Record<string, string> }>('WebDriver:FindElement', { using: 'xpath', value: xpath });
  return Object.values(found.value)[0]!;
}

describe('Firefox: an OpenAI-compatible endpoint', () => {
  it('chosen in the options, answers through Chat Completions; its prose JSON is read, the quote verified and highlighted', async () => {
    await saveSettingsAsUser(fx, { apiKey: KEY, baseURL: chat.url });
    const options = await openTab(fx, `${fx.origin}/options.html`);
    await expect.poll(() => inTab<boolean>(fx, options, `return !!document.getElementById('server');`)).toBe(true);
    await fx.m.send('WebDriver:ElementClick', {
      id: await element(`//select[@id="server"]/option[normalize-space()="${PRESET}"]`),
    });
    await fx.m.send('WebDriver:ElementClick', { id: await element(`//button[normalize-space()="Save"]`) });
    await expect
      .poll(() => inTab<string>(fx, options, `return document.querySelector('[role=status]')?.textContent ?? ''`))
      .toBe('Saved.');
    const [left] = await fx.m.send<string[]>('WebDriver:CloseWindow');
    await fx.m.send('WebDriver:SwitchToWindow', { handle: left, focus: true });

    const page = await openTab(fx, `${fx.fixtures}/museum-tickets.html`);
    const quote = 'Adult tickets cost 12 euros.';
    chat.enqueue((req) =>
      answerReply([
        { text: 'An adult ticket costs 12 euros.', citations: [{ index: indexOf(req, 'Adult tickets'), literal: quote }] },
      ]),
    );
    const popup = new Popup(fx);
    await popup.open();
    await popup.type('Question', 'What does an adult ticket cost?');
    await popup.click('This tab');
    await popup.click('Ask');
    await expect.poll(() => popup.regionText('Answer'), { timeout: 30_000 }).toContain('An adult ticket costs 12 euros.');
    const call = chat.requests.find((r) => r.method === 'POST' && r.path === '/v1/chat/completions')!;
    expect(call.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(call.body.response_format).toMatchObject({ type: 'json_schema' });
    await popup.click(`${new URL(fx.fixtures).host} — City Museum – Tickets`);
    await expect.poll(() => highlightedText(fx, page)).toBe(quote);
  });
});
