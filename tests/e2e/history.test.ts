import { describe, expect, it } from 'vitest';
import { openSidePanel } from '../support/side-panel';
import { answerText, ask, citationNamed, highlightedText } from '../support/popup-page';
import { answerReply, indexOf } from '../support/stand-in/replies';
import { storedHistory } from '../support/extension-storage';
import { useExtension } from '../support/harness';
import { HOURS_QUOTE, TICKET_QUOTE, hoursAnswer } from '../support/facts';

/**
 * History in the real side panel: each answered thread is kept, listed newest first, reopened
 * with its citations still clickable (a closed tab comes back as the quote's text-fragment
 * link), and deleted.
 */

const h = useExtension({ standIn: true });

describe('history', () => {
  it('lists two threads after two questions; the first reopens with its citations clickable, even with its tab closed', async () => {
    const hours = await h.open('museum-hours.html');
    const hoursUrl = hours.url();
    const tickets = await h.open('museum-tickets.html');
    await hours.bringToFront();
    const panel = await openSidePanel(h, hours);

    h.api.enqueue(hoursAnswer);
    await ask(panel, 'When does the museum open?', 'This tab');
    expect(await answerText(panel)).toContain('It opens at 9 a.m.');

    // Another scope: the pages are not the thread's, so this question starts a second thread.
    h.api.enqueue((req) =>
      answerReply([
        { text: 'Adults pay 12 euros.', citations: [{ index: indexOf(req, 'Adult tickets'), literal: TICKET_QUOTE }] },
      ]),
    );
    await ask(panel, 'What does an adult ticket cost?', 'All tabs in this window');
    await expect.poll(async () => (await answerText(panel)).includes('Adults pay 12 euros.')).toBe(true);

    await panel.locator('::-p-aria(History[role="button"])').click();
    const region = await panel.waitForSelector('::-p-aria([name="History"][role="region"])');
    await expect
      .poll(() => region!.$$eval('.history-open', (bs) => bs.map((b) => b.textContent)))
      .toEqual(['What does an adult ticket cost?', 'When does the museum open?']);

    // Search narrows the list.
    await panel.locator('::-p-aria(Search history)').fill('when does');
    await expect
      .poll(() => region!.$$eval('.history-open', (bs) => bs.map((b) => b.textContent)))
      .toEqual(['When does the museum open?']);

    // Reopened: the first thread's answer with its citation, which highlights in its tab.
    await panel.locator('::-p-aria(When does the museum open?[role="button"])').click();
    const name = `${new URL(hoursUrl).host} — ${await hours.title()}`;
    // Next citation steps through the reopened thread's quotes, as through a fresh answer.
    await panel.locator('::-p-aria(Next citation[role="button"])').click();
    await expect.poll(() => highlightedText(hours), { timeout: 30_000 }).toBe(HOURS_QUOTE);
    await hours.evaluate(() => CSS.highlights.clear());
    await panel.locator(citationNamed(name)).click();
    await expect.poll(() => highlightedText(hours), { timeout: 30_000 }).toBe(HOURS_QUOTE);

    // With its tab closed, the citation opens the page as cited, and the quote is highlighted there.
    await hours.close();
    await tickets.bringToFront();
    await panel.locator(citationNamed(name)).click();
    const reopened = await h.browser.waitForTarget((t) => t.url().startsWith(hoursUrl) && t.url().includes('#:~:text='), {
      timeout: 30_000,
    });
    const page = (await reopened.asPage())!;
    await expect.poll(() => highlightedText(page), { timeout: 30_000 }).toBe(HOURS_QUOTE);
    expect(await panel.$eval('.history-thread', (el) => (el as HTMLElement).innerText)).toContain('It opens at 9 a.m.');
  });

  it('deletes one thread, then all of them; the history stays on this machine', async () => {
    const hours = await h.open('museum-hours.html');
    const panel = await openSidePanel(h, hours);
    for (const [q, scope] of [
      ['When does the museum open?', 'This tab'],
      ['When does the museum close?', 'All tabs in this window'],
    ] as const) {
      h.api.enqueue((req) =>
        answerReply([{ text: 'At 9 a.m. and 6 p.m.', citations: [{ index: indexOf(req, 'opens at'), literal: HOURS_QUOTE }] }]),
      );
      await ask(panel, q, scope);
      await expect
        .poll(async () => (await panel.evaluate(() => document.body.innerText)).includes('At 9 a.m. and 6 p.m.'))
        .toBe(true);
      await expect
        .poll(async () => ((await storedHistory(h)) as unknown[] | undefined)?.length ?? 0)
        .toBe(q.includes('open') ? 1 : 2);
    }
    await panel.locator('::-p-aria(History[role="button"])').click();
    await panel.locator('::-p-aria(Delete “When does the museum open?”)').click();
    await expect
      .poll(() => panel.$$eval('.history-open', (bs) => bs.map((b) => b.textContent)))
      .toEqual(['When does the museum close?']);
    await panel.locator('::-p-aria(Delete all history)').click();
    await panel.locator('::-p-aria(Delete all[role="button"])').click();
    await expect.poll(() => panel.$$eval('.history-open', (bs) => bs.length)).toBe(0);
    expect(await storedHistory(h)).toEqual([]);
    // Nothing of it in storage.local, which content scripts can read.
    expect(await h.worker.evaluate(async () => Object.keys(await chrome.storage.local.get()))).not.toContain('history');
    // Only the two questions went out, to the Messages API: nothing of the history was sent.
    expect(h.api.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });
});
