import { describe, expect, it } from 'vitest';
import { ask } from '../support/popup-page';
import { answerReply, indexOf } from '../support/stand-in/replies';
import { stopServiceWorker } from '../support/extension-browser';
import { useExtension } from '../support/harness';

/** A question survives what users and browsers do to it: Cancel, and a worker stopped mid-answer. */

const h = useExtension({ reset: false });

const slowAnswer = {
  // Slow enough that the test acts while Claude is still "typing".
  chunkDelayMs: 400,
};

async function alertText(popup: import('puppeteer-core').Page): Promise<string> {
  const alert = await popup.waitForSelector('::-p-aria([role="alert"])', { timeout: 20_000 });
  return alert!.evaluate((el) => (el as HTMLElement).innerText);
}

describe('a question in flight', () => {
  it('Cancel stops it, says so, keeps the question and offers to ask again', async () => {
    await h.standIn();
    const page = await h.open('museum-hours.html');
    h.api.enqueue((req) => ({
      ...answerReply([
        { text: 'Opens at 9.', citations: [{ index: indexOf(req, 'opens at'), literal: 'The City Museum opens at 9 a.m.' }] },
      ]),
      ...slowAnswer,
    }));
    const popup = await h.popup(page);
    await ask(popup, 'When does the museum open?');
    await expect.poll(() => h.calls().length).toBe(1);
    await popup.locator('::-p-aria(Cancel[role="button"])').click();
    expect(await alertText(popup)).toContain('The question was cancelled.');
    expect(await popup.$eval('textarea', (t) => t.value)).toBe('When does the museum open?');

    // "Ask again" asks the same question, and this time it is answered.
    h.api.enqueue((req) =>
      answerReply([
        { text: 'Opens at 9.', citations: [{ index: indexOf(req, 'opens at'), literal: 'The City Museum opens at 9 a.m.' }] },
      ]),
    );
    await popup.locator('::-p-aria(Try again[role="button"])').click();
    const region = await popup.waitForSelector('::-p-aria([name="Answer"][role="region"])', { timeout: 20_000 });
    expect(await region!.evaluate((el) => (el as HTMLElement).innerText)).toContain('Opens at 9.');
    expect(h.calls()).toHaveLength(2);
  });

  it('a service worker stopped mid-question leaves a clear message and the question', async () => {
    h.api.reset();
    const page = await h.open('museum-tickets.html');
    h.api.enqueue((req) => ({
      ...answerReply([
        {
          text: 'Free for children.',
          citations: [{ index: indexOf(req, 'Children'), literal: 'Children under twelve enter for free' }],
        },
      ]),
      ...slowAnswer,
    }));
    const popup = await h.popup(page);
    await ask(popup, 'Do children pay?');
    await expect.poll(() => h.calls().length).toBe(1);

    // What Chrome does to an idle or misbehaving worker, through the DevTools protocol.
    await stopServiceWorker(h);

    expect(await alertText(popup)).toMatch(/browser stopped the extension while it was answering/);
    expect(await popup.$eval('textarea', (t) => t.value)).toBe('Do children pay?');
    expect(await popup.$('::-p-aria(Try again[role="button"])')).not.toBeNull();
  });
});
