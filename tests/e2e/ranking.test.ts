import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../support/stand-in/messages-api';
import { answerText, ask, citationNamed, highlightedText } from '../support/popup-page';
import { answerReply, sentText } from '../support/stand-in/replies';
import { stopServiceWorker } from '../support/extension-browser';
import { useExtension } from '../support/harness';

/**
 * What is sent, and what is shown without sending: early abstention, search results without a
 * key, review before sending, and the cached prefix of a follow-up, in the built extension.
 */

const calls = () => h.calls();

const h = useExtension();

const region = (popup: Page, name: string) =>
  popup.waitForSelector(`::-p-aria([name="${name}"][role="region"])`, { timeout: 30_000 });
const textOf = async (popup: Page, name: string) => (await region(popup, name))!.evaluate((el) => (el as HTMLElement).innerText);

const lastRun = () =>
  h.worker.evaluate(async () => (await chrome.storage.session.get('lastRun')).lastRun as { question: string; status: string });

/** The content blocks of the user turn of a request. */
type Block = { type: string; text?: string; cache_control?: { type: string } };
const blocks = (req: RecordedRequest): Block[] => (req.body as { messages: Array<{ content: Block[] }> }).messages[0]!.content;

/** The documents of a request, as the model read them. */
const documents = (req: RecordedRequest) =>
  [...sentText(req).matchAll(/<document index="\d+"[^>]*>\n([\s\S]*?)\n<\/document>/g)].map((m) => m[1]!);

describe('what is sent', () => {
  it('a question no passage is relevant to is answered "not found" without a model call', async () => {
    await h.standIn();
    const page = await h.open('gardening.html');
    const popup = await h.popup(page);
    await ask(popup, 'Who won the Super Bowl in 2016?');
    const text = await answerText(popup);
    expect(text).toContain('Not found in these pages.');
    expect(text).toContain('Claude was not asked');
    expect(calls()).toHaveLength(0);
  });

  it('without a key, the best passages are shown as search results, and a click highlights the quote', async () => {
    const page = await h.open('museum-hours.html');
    const popup = await h.popup(page);
    await ask(popup, 'At what time does the museum close?');
    const text = await textOf(popup, 'Search results');
    expect(text).toMatch(/search results, not an answer/);
    expect(text).toMatch(/Nothing was sent/);
    // Results, not an answer: no Answer region, and no request to any API.
    expect(await popup.$('::-p-aria([name="Answer"][role="region"])')).toBeNull();
    expect(calls()).toHaveLength(0);

    const quote = await popup.$eval('.result blockquote', (el) => (el as HTMLElement).innerText);
    expect(quote).toContain('closes at 6 p.m.');
    const name = `${new URL(page.url()).host} — ${await page.title()}`;
    await popup.locator(citationNamed(name)).click();
    await expect.poll(() => highlightedText(page), { timeout: 30_000 }).toBe(quote);
  });

  it('without a key, a question that names nothing to search for is not searched: the popup says to ask a model', async () => {
    const page = await h.open('museum-hours.html');
    const popup = await h.popup(page);
    await ask(popup, 'Is this worth reading?');
    const text = await textOf(popup, 'Search results');
    expect(text).toContain('Ask a model for this: it names nothing to search for.');
    expect(await popup.$('.result')).toBeNull();
    expect(calls()).toHaveLength(0);
  });

  it('a follow-up about the same pages sends the same document block first, cached; the usage is in the details', async () => {
    await h.standIn();
    const hours = await h.open('museum-hours.html');
    await h.open('museum-tickets.html');
    h.api.enqueue(answerReply([], true), {
      ...answerReply([], true),
      usage: { cache_read_input_tokens: 1234, input_tokens: 56, output_tokens: 7 },
    });
    const popup = await h.popup(hours);
    await ask(popup, 'When does the museum open?', 'All tabs in this window');
    await answerText(popup);
    await ask(popup, 'How much do adult tickets cost?', 'All tabs in this window');
    await expect.poll(() => calls().length).toBe(2);
    await expect
      .poll(() => lastRun(), { timeout: 30_000 })
      .toMatchObject({ question: 'How much do adult tickets cost?', status: 'done' });

    const [first, second] = calls().map(blocks);
    expect(second![0]).toEqual(first![0]);
    expect(second![0]!.cache_control).toEqual({ type: 'ephemeral' });
    expect(calls()[1]!.body.system).toBe(calls()[0]!.body.system);
    expect(sentText(calls()[1]!)).toContain('Adult tickets cost 12 euros.');
    // The follow-up is the last turn: its question last, after every block of documents.
    const lastTurn = (calls()[1]!.body as { messages: Array<{ content: Block[] }> }).messages.at(-1)!.content;
    expect(lastTurn.at(-1)!.text).toContain('How much do adult tickets cost?');

    await popup.locator('::-p-text(Details)').click();
    const details = await popup.$eval('.answer-details', (el) => (el as HTMLElement).innerText);
    expect(details).toMatch(/Read from the cache\s+1,234/);
    expect(details).toMatch(/Output tokens\s+7/);
  });

  // Last: it stops the worker, which the harness wakes again in the background.
  it('"Review before sending" shows the fragments and their sources; Cancel sends nothing, Send sends exactly them, even after the worker was stopped', async () => {
    await h.standIn({ reviewBeforeSending: true });
    const page = await h.open('museum-hours.html');
    let popup = await h.popup(page);
    await ask(popup, 'When does the museum open?');
    const review = await textOf(popup, 'Review before sending');
    expect(review).toContain('The City Museum opens at 9 a.m.');
    expect(review).toContain(`City Museum – Opening hours — ${new URL(page.url()).host}`);
    expect(review).toContain(new URL(h.api.url).host);

    await popup.locator('::-p-aria(Cancel[role="button"])').click();
    await popup.waitForSelector('::-p-text(Cancelled: nothing was sent.)');
    expect(calls()).toHaveLength(0);

    h.api.enqueue(answerReply([], true));
    await ask(popup, 'When does the museum open?');
    await textOf(popup, 'Review before sending');
    const shown = await popup.$$eval('.fragment-text', (els) => els.map((el) => el.textContent ?? ''));
    // The popup may close while the user reads: the plan waits in storage, not in the popup.
    await popup.close();
    popup = await h.popup(page);
    await region(popup, 'Review before sending');
    // So may the worker be stopped: Send wakes it, and it sends what storage kept.
    await stopServiceWorker(h);
    await popup.locator('::-p-aria(Send[role="button"])').click();
    await answerText(popup);
    expect(calls()).toHaveLength(1);
    expect(documents(calls()[0]!)).toEqual(
      shown.map((t) =>
        t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;'),
      ),
    );
  });
});
