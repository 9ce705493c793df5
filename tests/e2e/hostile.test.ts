import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { answerText, ask, citationNamed, highlightedText } from '../support/popup-page';
import { answerReply, indexOf, sentText } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';

/**
 * Pages that are hostile or simply broken, in real Chromium: nothing a page does holds the
 * extension up, takes over what is sent, or reaches the key.
 */

const h = useExtension();

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
    .poll(() => h.worker.evaluate(async () => (await chrome.tabs.query({ title: 'Busy page (looping)' })).length), {
      timeout: 30_000,
    })
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
    await h.standIn();
    const page = await openUnfinished(`${h.fixtures}/endless-frame.html`, 'channel twelve');
    h.api.enqueue((req) =>
      answerReply([
        {
          text: 'At half past seven.',
          citations: [{ index: indexOf(req, 'channel twelve'), literal: "The harbour master's office opens at half past seven" }],
        },
      ]),
    );
    const popup = await h.popup(page);
    const started = Date.now();
    await ask(popup, 'When does the harbour master open?');
    expect(await answerText(popup)).toContain('At half past seven.');
    // The page waits for its settle cap (3 s), not for a frame that never finishes.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await popupText(popup)).toContain('still loading');
  });

  it('a main document that never ends is read as it is', async () => {
    await h.standIn();
    const page = await openUnfinished(`${h.fixtures}/endless/museum-hours.html`, 'Getting here');
    h.api.enqueue((req) =>
      answerReply([
        { text: 'Opens at 9.', citations: [{ index: indexOf(req, 'opens at'), literal: 'The City Museum opens at 9 a.m.' }] },
      ]),
    );
    const popup = await h.popup(page);
    await ask(popup, 'When does the museum open?');
    expect(await answerText(popup)).toContain('Opens at 9.');
  });

  it('a tab stuck in a script loop is listed as not read, and the other tabs are answered', async () => {
    await h.standIn();
    await openBusyPage();
    const page = await h.open('museum-hours.html');
    h.api.enqueue((req) =>
      answerReply([
        { text: 'Opens at 9.', citations: [{ index: indexOf(req, 'opens at'), literal: 'The City Museum opens at 9 a.m.' }] },
      ]),
    );
    const popup = await h.popup(page);
    await ask(popup, 'When does the museum open?', 'All tabs in this window');
    expect(await answerText(popup)).toContain('Opens at 9.');
    expect(await popupText(popup)).toMatch(/tabs? (was|were) not read.*Busy page[^:]*: The page did not answer within 5 s/s);
    expect(h.calls()).toHaveLength(1);
  });

  it('Cancel stops the reading within a second', async () => {
    await h.standIn();
    await openBusyPage();
    const page = await h.open('museum-hours.html');
    const popup = await h.popup(page);
    await ask(popup, 'When does the museum open?', 'All tabs in this window');
    await popup.waitForSelector('::-p-text(Reading)');
    const cancel = await popup.waitForSelector('::-p-aria(Cancel[role="button"])');
    const clicked = Date.now();
    await cancel!.click();
    expect(await alertText(popup)).toContain('The question was cancelled.');
    expect(Date.now() - clicked).toBeLessThan(1000);
    expect(h.calls()).toHaveLength(0);
    // The next question is not held up behind the stuck tab's reading.
    h.api.enqueue((req) =>
      answerReply([
        { text: 'Opens at 9.', citations: [{ index: indexOf(req, 'opens at'), literal: 'The City Museum opens at 9 a.m.' }] },
      ]),
    );
    await ask(popup, 'When does the museum open?', 'This tab');
    expect(await answerText(popup)).toContain('Opens at 9.');
  });
});

describe('the key', () => {
  const museumReply = () =>
    h.api.enqueue((req) =>
      answerReply([
        { text: 'Opens at 9.', citations: [{ index: indexOf(req, 'opens at'), literal: 'The City Museum opens at 9 a.m.' }] },
      ]),
    );

  async function openOptions(): Promise<Page> {
    const options = await h.browser.newPage();
    await options.goto(h.worker.url().replace('background.js', 'options.html'));
    return options;
  }

  it('is not sent to a base URL on another host until the user confirms it in the options', async () => {
    await h.standIn();
    // The same stand-in under another name: another host, another origin.
    const otherHost = h.api.url.replace('127.0.0.1', 'localhost');
    const options = await openOptions();
    const baseUrl = await options.waitForSelector('::-p-aria(API base URL)');
    await baseUrl!.click({ count: 3 });
    await baseUrl!.type(otherHost);
    await options.locator('::-p-aria(Save[role="button"])').click();
    const dialog = await options.waitForSelector(`::-p-aria([name="Send your API key to ${otherHost}?"][role="alertdialog"])`);
    expect(await dialog!.evaluate((el) => (el as HTMLElement).innerText)).toContain(
      `Until now your key went only to ${h.api.url}`,
    );
    await options.locator('::-p-aria(Do not send it[role="button"])').click();
    await options.waitForSelector(`::-p-text(Not saved: your key is still sent only to ${h.api.url}.)`);

    // Changed behind the options page's back (as anything that can write storage.local could):
    // the key is kept for its own origin, and the other host has none. Nothing is sent: the popup
    // says how to set a key and ranks the passages here instead.
    await h.worker.evaluate(async (origin) => {
      const s = (await chrome.storage.local.get('settings')).settings as Record<string, unknown>;
      await chrome.storage.local.set({ settings: { ...s, baseURL: origin } });
    }, otherHost);
    const page = await h.open('museum-hours.html');
    let popup = await h.popup(page);
    await popup.waitForSelector('::-p-aria(Open options to set your API key)');
    await ask(popup, 'When does the museum open?');
    await popup.waitForSelector('::-p-aria(Search results[role="heading"])', { timeout: 20_000 });
    expect(h.calls()).toHaveLength(0);
    await popup.close();

    // Confirmed in the options: now it goes there. The page opens on the other host, with no key
    // of its own in the field (the first host's is not offered there): the user types it, and confirms.
    await options.bringToFront();
    await options.reload();
    await options.waitForSelector('::-p-aria(API base URL)');
    expect(await options.$eval('#base-url', (i) => (i as HTMLInputElement).value)).toBe(otherHost);
    expect(await options.$eval('#api-key', (i) => (i as HTMLInputElement).value)).toBe('');
    await (await options.waitForSelector('::-p-aria(API key)'))!.type('sk-ant-test-key');
    await options.locator('::-p-aria(Save[role="button"])').click();
    await options.locator(`::-p-aria(Send my key to ${otherHost}[role="button"])`).click();
    await options.waitForSelector('::-p-text(Saved.)');
    museumReply();
    popup = await h.popup(page);
    await ask(popup, 'When does the museum open?');
    expect(await answerText(popup)).toContain('Opens at 9.');
    const [req] = h.calls();
    expect(req!.headers.host).toBe(otherHost.replace('http://', ''));
  });

  it('an older version’s key moves out of storage.local, which holds neither it nor the runs, and goes nowhere but the Anthropic API unconfirmed', async () => {
    // As versions before this one stored it: the key inside the settings in storage.local, here
    // beside another base URL (the stand-in), which no migration may confirm on its own.
    await h.worker.evaluate(async (url) => {
      await chrome.storage.local.set({
        settings: { apiKey: 'sk-ant-legacy', baseURL: url, model: 'claude-sonnet-5-5', minQuoteLength: 15 },
      });
    }, h.api.url);
    const page = await h.open('museum-hours.html');
    let popup = await h.popup(page);
    await ask(popup, 'When does the museum open?');
    expect(await alertText(popup)).toContain(
      `The API base URL now points to ${h.api.url}, and your API key has not been confirmed for it.`,
    );
    expect(h.calls()).toHaveLength(0);
    await popup.close();
    // What a content script could read: no key, no passages of the run.
    const local = await h.worker.evaluate(async () => JSON.stringify(await chrome.storage.local.get(null)));
    expect(local).not.toContain('sk-ant-legacy');
    expect(local).not.toContain('opens at 9');
    expect(local).not.toContain('lastRun');

    // Confirmed in the options, the moved key goes there.
    const options = await openOptions();
    await options.waitForSelector('::-p-aria(API base URL)');
    await options.locator('::-p-aria(Save[role="button"])').click();
    await options.locator(`::-p-aria(Send my key to ${h.api.url}[role="button"])`).click();
    await options.waitForSelector('::-p-text(Saved.)');
    museumReply();
    popup = await h.popup(page);
    await ask(popup, 'When does the museum open?');
    expect(await answerText(popup)).toContain('Opens at 9.');
    expect(JSON.stringify(h.calls()[0]!.headers)).toContain('sk-ant-legacy');
  });

  it('an API base URL over plain http to another host is refused by the options page', async () => {
    await h.standIn();
    const options = await openOptions();
    const baseUrl = await options.waitForSelector('::-p-aria(API base URL)');
    await baseUrl!.click({ count: 3 });
    await baseUrl!.type('http://api.example.com');
    await options.locator('::-p-aria(Save[role="button"])').click();
    await options.waitForSelector('::-p-text(must start with https://)');
    const saved = await h.worker.evaluate(
      async () => (await chrome.storage.local.get('settings')).settings as { baseURL: string },
    );
    expect(saved.baseURL).toBe(h.api.url);
  });
});

describe('the user’s selection', () => {
  const ferryReply = () =>
    h.api.enqueue((req) =>
      answerReply([
        {
          text: 'At a quarter past six.',
          citations: [{ index: indexOf(req, 'first ferry'), literal: 'The first ferry to the island leaves the pier' }],
        },
      ]),
    );

  /** The ferry page with an ad frame from another site that selects 50 KB of its own text. */
  async function openFerryWithAd(): Promise<Page> {
    const page = await h.browser.newPage();
    const ad = `${h.otherSite}/selecting-ad.html`;
    await page.goto(`${h.fixtures}/ad-host.html?frame=${encodeURIComponent(ad)}`, { waitUntil: 'load' });
    const frame = page.frames().find((f) => f.url() === ad)!;
    expect(await frame.evaluate(() => getSelection()!.toString().length)).toBeGreaterThan(40_000);
    return page;
  }

  it('a cross-origin frame that selects its own text does not pass it off as the user’s', async () => {
    await h.standIn();
    const page = await openFerryWithAd();
    ferryReply();
    const popup = await h.popup(page);
    await ask(popup, 'When does the first ferry leave?');
    expect(await answerText(popup)).toContain('At a quarter past six.');
    const sent = sentText(h.calls()[0]!);
    expect(sent).not.toContain('kind="user-selection"');
    expect(await popup.$('::-p-aria([name="Your selection"])')).toBeNull();
  });

  it('the user’s own selection leads what is sent, and the popup shows it as theirs', async () => {
    await h.standIn();
    const page = await openFerryWithAd();
    // Selected by hand (a triple click): a page's own script selecting words before the user
    // ever used the page is not the user's selection.
    await page.click('#first', { count: 3 });
    expect(await page.evaluate(() => getSelection()!.toString())).toContain('The first ferry to the island');
    ferryReply();
    const popup = await h.popup(page);
    await ask(popup, 'When does the first ferry leave?');
    expect(await answerText(popup)).toContain('At a quarter past six.');
    const shown = await popup.waitForSelector('::-p-aria([name="Your selection"])');
    expect(await shown!.evaluate((el) => (el as HTMLElement).innerText)).toMatch(
      /Your selection in “Ferry timetable”, sent first:\s+The first ferry to the island leaves the pier at a quarter past six in the morning\./,
    );
    const sent = sentText(h.calls()[0]!);
    const first = sent.match(/<document index="\d+"[^>]*>/)![0];
    expect(first).toContain('kind="user-selection"');
    expect(sent.match(/kind="user-selection"/g)).toHaveLength(1);
  });
});

describe('unbounded strings', () => {
  it('a title of 5,000,000 characters, then a normal question: both are answered', async () => {
    await h.standIn();
    const huge = await h.open('huge-title.html');
    expect(await huge.evaluate(() => document.title.length)).toBe(5_000_000);
    h.api.enqueue((req) =>
      answerReply([
        {
          text: 'In 1987.',
          citations: [{ index: indexOf(req, 'last keeper'), literal: 'The last keeper left the lighthouse in 1987' }],
        },
      ]),
    );
    let popup = await h.popup(huge);
    await ask(popup, 'When did the last keeper leave?');
    expect(await answerText(popup)).toContain('In 1987.');
    // The title went out cut, once per fragment, and the run kept in storage is small.
    const sent = sentText(h.calls()[0]!);
    expect(sent.length).toBeLessThan(20_000);
    const stored = await h.worker.evaluate(async () => JSON.stringify(await chrome.storage.session.get('lastRun')).length);
    expect(stored).toBeLessThan(50_000);
    await popup.close();

    const page = await h.open('museum-hours.html');
    h.api.enqueue((req) =>
      answerReply([
        { text: 'Opens at 9.', citations: [{ index: indexOf(req, 'opens at'), literal: 'The City Museum opens at 9 a.m.' }] },
      ]),
    );
    popup = await h.popup(page);
    await ask(popup, 'When does the museum open?');
    expect(await answerText(popup)).toContain('Opens at 9.');
  });
});

describe('anchoring within a budget', () => {
  it('reveals a quote among 100,000 copies of its sentence while the page stays responsive', async () => {
    await h.standIn();
    const page = await h.open('repeated.html');
    const sentence = 'The tide comes in twice a day at the old stone harbour.';
    // The active quote, and more quotes of the same page that the reveal highlights softly.
    const others = [
      'comes in twice a day at the old',
      'twice a day at the old stone harbour',
      'The tide comes in twice a day',
      'in twice a day at the old stone',
    ];
    h.api.enqueue((req) =>
      answerReply([
        { text: 'Twice a day.', citations: [{ index: indexOf(req, 'tide comes in'), literal: sentence }] },
        ...others.map((literal, i) => ({ text: `Again, ${i}.`, citations: [{ index: indexOf(req, 'tide comes in'), literal }] })),
      ]),
    );
    const popup = await h.popup(page);
    await ask(popup, 'Does the tide come in twice a day at the old stone harbour?');
    expect(await answerText(popup)).toContain('Twice a day.');
    await page.evaluate(() => ((window as unknown as { __gaps: number[] }).__gaps.length = 0));
    const started = Date.now();
    const source = `${new URL(page.url()).host} — The same sentence`;
    await popup.locator(citationNamed(source)).click();
    await expect.poll(() => highlightedText(page), { timeout: 30_000 }).toBe(sentence);
    const revealMs = Date.now() - started;
    const longestGap = await page.evaluate(() => Math.max(...(window as unknown as { __gaps: number[] }).__gaps));
    console.log(`reveal among 100,000 copies: ${revealMs} ms; the page's timer stopped for at most ${Math.round(longestGap)} ms`);
    // The page's 20 ms timer never stopped for long: its main thread was not held. Before the
    // reveal had a budget it stopped for 25 s here (2.5 s for each quote); now the longest step
    // is one read of the page, as long as the browser's own `innerText` of it on a busy machine.
    expect(longestGap).toBeLessThan(3000);
  });
});

describe('the model’s words apart from the page’s', () => {
  it('with “All tabs”, the support check marks by default, and claims are shown as Claude’s words', async () => {
    await h.standIn({ judge: undefined });
    const other = await h.open('museum-tickets.html');
    const page = await h.open('museum-hours.html');
    h.api.enqueue(
      (req) =>
        answerReply([
          {
            text: 'It opens at 9 a.m.',
            citations: [{ index: indexOf(req, 'opens at'), literal: 'The City Museum opens at 9 a.m.' }],
          },
          {
            text: 'Officials verified that it is the best museum.',
            citations: [{ index: indexOf(req, 'Central Station'), literal: 'a five-minute walk from Central Station' }],
          },
        ]),
      {
        kind: 'json',
        value: {
          verdicts: [
            { claim: 1, supported: true, reason: 'Stated.' },
            { claim: 2, supported: false, reason: 'Nothing about quality.' },
          ],
        },
      },
    );
    const popup = await h.popup(page);
    await ask(popup, 'Is the museum good, and when does it open?', 'All tabs in this window');
    const text = await answerText(popup);
    // The claim is the model's words, said once above the answer, never the page's.
    expect(text).toMatch(/Written by claude-sonnet-5-5\n[\s\S]*Officials verified that it is the best museum\./);
    expect(text).toMatch(/Doubtful:.*Nothing about quality\./s);
    // The page's words are the markers' quotes, opened on demand, never the claim's text.
    const quotes = await popup.$$eval('.answer button.marker', (markers) =>
      markers.map((b) => document.getElementById(b.getAttribute('aria-describedby')!)!.textContent),
    );
    expect(quotes).toContain('“a five-minute walk from Central Station”');
    expect(h.calls()).toHaveLength(2);
    await other.close();
  });
});
