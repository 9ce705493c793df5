import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { answerReply, answerText, ask, indexOf, messageCalls, openFixture, openPopup, useHarness, useStandIn, type Harness } from './harness';

/**
 * Pages that are hostile or simply broken, in real Chromium: nothing a page does holds the
 * extension up, takes over what is sent, or reaches the key.
 */

let h: Harness;
useHarness((x) => (h = x));

/** Opens a page whose document is never done loading: `goto` would wait for ever. */
async function openUnfinished(url: string, words: string): Promise<Page> {
  const page = await h.browser.newPage();
  void page.goto(url, { waitUntil: [] as never, timeout: 0 }).catch(() => {});
  await page.waitForFunction((w) => document.body?.textContent?.includes(w) ?? false, {}, words);
  return page;
}

/** A page on another site that holds its main thread in a loop for half a minute, once looping. */
async function openBusyPage(): Promise<Page> {
  const busy = await h.browser.newPage();
  // Another site: its own renderer process, which the loop holds.
  await busy.goto(`${h.otherSite}/busy.html?after=300&ms=30000`, { waitUntil: 'domcontentloaded' });
  await expect
    .poll(() => h.worker.evaluate(async () => (await chrome.tabs.query({ title: 'Busy page (looping)' })).length), { timeout: 10_000 })
    .toBe(1);
  return busy;
}

async function alertText(popup: Page): Promise<string> {
  const alert = await popup.waitForSelector('::-p-aria([role="alert"])', { timeout: 20_000 });
  return alert!.evaluate((el) => (el as HTMLElement).innerText);
}

/** The popup's whole text, folded parts included. */
const popupText = (popup: Page) => popup.evaluate(() => document.body.textContent ?? '');

describe('reading is bounded', () => {
  it('a frame whose response never ends does not hold up the answer', async () => {
    await useStandIn(h);
    const page = await openUnfinished(`${h.fixtures}/endless-frame.html`, 'channel twelve');
    h.api.enqueue((req) =>
      answerReply([{ text: 'At half past seven.', citations: [{ index: indexOf(req, 'channel twelve'), literal: "The harbour master's office opens at half past seven" }] }]),
    );
    const popup = await openPopup(h, page);
    const started = Date.now();
    await ask(popup, 'When does the harbour master open?');
    expect(await answerText(popup)).toContain('At half past seven.');
    // The page waits for its settle cap (3 s), not for a frame that never finishes.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await popupText(popup)).toContain('still loading');
  });

  it('a main document that never ends is read as it is', async () => {
    await useStandIn(h);
    const page = await openUnfinished(`${h.fixtures}/endless/museum-hours.html`, 'Getting here');
    h.api.enqueue((req) =>
      answerReply([{ text: 'Opens at 9.', citations: [{ index: indexOf(req, 'opens at'), literal: 'The City Museum opens at 9 a.m.' }] }]),
    );
    const popup = await openPopup(h, page);
    await ask(popup, 'When does the museum open?');
    expect(await answerText(popup)).toContain('Opens at 9.');
  });

  it('a tab stuck in a script loop is listed as not read, and the other tabs are answered', async () => {
    await useStandIn(h);
    await openBusyPage();
    const page = await openFixture(h, 'museum-hours.html');
    h.api.enqueue((req) =>
      answerReply([{ text: 'Opens at 9.', citations: [{ index: indexOf(req, 'opens at'), literal: 'The City Museum opens at 9 a.m.' }] }]),
    );
    const popup = await openPopup(h, page);
    await ask(popup, 'When does the museum open?', 'All tabs in this window');
    expect(await answerText(popup)).toContain('Opens at 9.');
    expect(await popupText(popup)).toMatch(/tabs? (was|were) not read.*Busy page[^:]*: The page did not answer within 5 s/s);
    expect(messageCalls(h.api)).toHaveLength(1);
  });

  it('Cancel stops the reading within a second', async () => {
    await useStandIn(h);
    await openBusyPage();
    const page = await openFixture(h, 'museum-hours.html');
    const popup = await openPopup(h, page);
    await ask(popup, 'When does the museum open?', 'All tabs in this window');
    await popup.waitForSelector('::-p-text(Reading the pages)');
    const cancel = await popup.waitForSelector('::-p-aria(Cancel[role="button"])');
    const clicked = Date.now();
    await cancel!.click();
    expect(await alertText(popup)).toContain('The question was cancelled.');
    expect(Date.now() - clicked).toBeLessThan(1000);
    expect(messageCalls(h.api)).toHaveLength(0);
    // The next question is not held up behind the stuck tab's reading.
    h.api.enqueue((req) =>
      answerReply([{ text: 'Opens at 9.', citations: [{ index: indexOf(req, 'opens at'), literal: 'The City Museum opens at 9 a.m.' }] }]),
    );
    await ask(popup, 'When does the museum open?', 'This tab');
    expect(await answerText(popup)).toContain('Opens at 9.');
  });
});
