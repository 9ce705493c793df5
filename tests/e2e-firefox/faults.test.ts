/**
 * The model call's common failures in the Firefox build's popup, as in Chromium's
 * (tests/e2e/faults.test.ts): a rate limit waited out and retried, an overload that persists,
 * and a stream cut off mid-answer. What the user sees, and that the question is kept.
 */
import { describe, expect, it } from 'vitest';
import type { Scripted } from '../support/stand-in/messages-api';
import { answerReply, indexOf, messageCalls } from '../support/harness';
import { openTab, Popup, useFirefoxWithKey, type Firefox } from '../support/firefox';

let fx: Firefox;
useFirefoxWithKey((x) => (fx = x));

const QUESTION = 'When does the museum open?';
const good: Scripted = (req) =>
  answerReply([
    { text: 'It opens at 9 a.m.', citations: [{ index: indexOf(req, 'opens at'), literal: 'The City Museum opens at 9 a.m.' }] },
  ]);

/** Asks about the museum's hours in a fresh popup over that page. */
async function askOnHours(): Promise<Popup> {
  await openTab(fx, `${fx.fixtures}/museum-hours.html`);
  const popup = new Popup(fx);
  await popup.open();
  await popup.ask(QUESTION);
  return popup;
}

async function questionKept(popup: Popup): Promise<void> {
  expect(await popup.question()).toBe(QUESTION);
  expect(await popup.control('Try again')).toBe('enabled');
}

describe('Firefox: faults of the model call', () => {
  it('429: a countdown while waiting as the API asks, then the answer', async () => {
    const before = messageCalls(fx.api).length;
    fx.api.enqueue(
      { kind: 'error', status: 429, type: 'rate_limit_error', message: 'Rate limited', headers: { 'retry-after': '2' } },
      good,
    );
    const popup = await askOnHours();
    await expect.poll(() => popup.textOf('.progress p'), { interval: 100 }).toMatch(/trying again in [12] s/);
    await expect.poll(() => popup.regionText('Answer')).toContain('It opens at 9 a.m.');
    expect(messageCalls(fx.api).length - before).toBe(2);
  });

  it('529 that persists: retried a bounded number of times, then a clear message and Ask again', async () => {
    const before = messageCalls(fx.api).length;
    const overloaded: Scripted = {
      kind: 'error',
      status: 529,
      type: 'overloaded_error',
      message: 'Overloaded',
      headers: { 'retry-after-ms': '100' },
    };
    fx.api.enqueue(overloaded, overloaded, overloaded);
    const popup = await askOnHours();
    await expect.poll(() => popup.alertText()).toContain('Claude is overloaded right now.');
    expect(messageCalls(fx.api).length - before).toBe(3);
    await questionKept(popup);
  });

  it('a stream cut mid-answer: the connection broke, the question is kept, and Ask again answers it', async () => {
    fx.api.enqueue({ kind: 'stream-cut', afterText: '{"no_information": false, "cla' });
    const popup = await askOnHours();
    await expect.poll(() => popup.alertText()).toContain('The connection broke while Claude was answering.');
    await questionKept(popup);
    fx.api.enqueue(good);
    await popup.click('Try again');
    await expect.poll(() => popup.regionText('Answer')).toContain('It opens at 9 a.m.');
  });
});
