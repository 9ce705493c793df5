import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import type { Scripted } from '../support/stand-in/messages-api';
import { answerText, ask } from '../support/popup-page';
import { answerReply, indexOf, sentText } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';

/** The most common failures, end to end in the real popup: what the user sees, and what is kept. */

const h = useExtension({ standIn: true });

const QUESTION = 'When does the museum open?';
const good: Scripted = (req) =>
  answerReply([
    { text: 'It opens at 9 a.m.', citations: [{ index: indexOf(req, 'opens at'), literal: 'The City Museum opens at 9 a.m.' }] },
  ]);

async function askOnHours(): Promise<Page> {
  const page = await h.open('museum-hours.html');
  const popup = await h.popup(page);
  await ask(popup, QUESTION);
  return popup;
}

async function alertText(popup: Page): Promise<string> {
  const alert = await popup.waitForSelector('::-p-aria([role="alert"])', { timeout: 20_000 });
  return alert!.evaluate((el) => (el as HTMLElement).innerText);
}

async function questionKept(popup: Page): Promise<void> {
  expect(await popup.$eval('textarea', (t) => t.value)).toBe(QUESTION);
  expect(await popup.$('::-p-aria(Try again[role="button"])')).not.toBeNull();
}

describe('faults in the real popup', () => {
  it('429: a countdown while waiting as the API asks, then the answer', async () => {
    h.api.enqueue(
      { kind: 'error', status: 429, type: 'rate_limit_error', message: 'Rate limited', headers: { 'retry-after': '2' } },
      good,
    );
    const popup = await askOnHours();
    const status = await popup.waitForFunction(
      // The visible progress, not the live region: that says the step once, without the ticking seconds.
      () => document.querySelector('.progress p')?.textContent?.match(/trying again in \d+ s/)?.[0],
      { timeout: 10_000 },
    );
    expect(await status.jsonValue()).toMatch(/trying again in [12] s/);
    expect(await answerText(popup)).toContain('It opens at 9 a.m.');
    expect(h.calls()).toHaveLength(2);
  });

  it('529 that persists: retried a bounded number of times, then a clear message and Ask again', async () => {
    const overloaded: Scripted = {
      kind: 'error',
      status: 529,
      type: 'overloaded_error',
      message: 'Overloaded',
      headers: { 'retry-after-ms': '100' },
    };
    h.api.enqueue(overloaded, overloaded, overloaded);
    const popup = await askOnHours();
    expect(await alertText(popup)).toContain('Claude is overloaded right now.');
    expect(h.calls()).toHaveLength(3);
    await questionKept(popup);
  });

  it('a stream cut mid-answer: the connection broke, the question is kept', async () => {
    h.api.enqueue({ kind: 'stream-cut', afterText: '{"no_information": false, "cla' });
    const popup = await askOnHours();
    expect(await alertText(popup)).toContain('The connection broke while Claude was answering.');
    await questionKept(popup);
  });

  it('an error event in the middle of the stream: the answer broke off, with the API’s reason', async () => {
    h.api.enqueue({ kind: 'stream-error', afterText: '{"no_inf', type: 'overloaded_error', message: 'Overloaded' });
    const popup = await askOnHours();
    expect(await alertText(popup)).toMatch(/The answer broke off \(Overloaded\)/);
    await questionKept(popup);
  });

  it('a refusal: Claude declined, with its explanation', async () => {
    h.api.enqueue({
      kind: 'text',
      text: '',
      stopReason: 'refusal',
      stopDetails: { type: 'refusal', category: 'general_harms', explanation: 'This request touches a restricted topic.' },
    });
    const popup = await askOnHours();
    expect(await alertText(popup)).toMatch(/Claude declined to answer this question\. This request touches a restricted topic\./);
    expect(await popup.$eval('textarea', (t) => t.value)).toBe(QUESTION);
  });

  it('an answer cut at max_tokens is explained, not shown half-parsed', async () => {
    h.api.enqueue({ kind: 'text', text: '{"no_information": false, "claims": [{"text": "It op', stopReason: 'max_tokens' });
    const popup = await askOnHours();
    expect(await alertText(popup)).toMatch(/cut off before it was complete/);
    expect(await popup.$('::-p-aria([name="Answer"][role="region"])')).toBeNull();
  });

  it('a server error: a clear message, and Ask again answers the same question', async () => {
    h.api.enqueue(
      { kind: 'error', status: 500, type: 'api_error', message: 'Internal', headers: { 'x-should-retry': 'false' } },
      good,
    );
    const popup = await askOnHours();
    expect(await alertText(popup)).toMatch(/The API had an error \(500\)/);
    await popup.locator('::-p-aria(Try again[role="button"])').click();
    expect(await answerText(popup)).toContain('It opens at 9 a.m.');
  });
});

describe('a request too large', () => {
  it('is asked again once, automatically, with a smaller budget', async () => {
    h.api.enqueue(
      { kind: 'error', status: 413, type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' },
      good,
    );
    const popup = await askOnHours();
    expect(await answerText(popup)).toContain('It opens at 9 a.m.');
    const [first, second] = h.calls();
    const documents = (r: typeof first) => (sentText(r!).match(/<document index=/g) ?? []).length;
    expect(documents(second)).toBeGreaterThan(0);
    expect(documents(second)).toBeLessThanOrEqual(documents(first));
    const log = await h.worker.evaluate(async () => (await chrome.storage.local.get('failureLog')).failureLog);
    expect(JSON.stringify(log)).toContain('asked again with half the budget');
  });
});
