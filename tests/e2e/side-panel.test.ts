import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { currentCitation, openSidePanel } from '../support/side-panel';
import { answerText, ask, clickCitation, highlightedText } from '../support/popup-page';
import { answerReply, indexOf } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';
import { HOURS_QUOTE, TICKET_QUOTE, museumAnswer } from '../support/facts';

/**
 * The side panel the browser shows beside the page: it answers about two tabs, and its
 * citations (clicked, or stepped through with Next and Previous) highlight in their tabs while
 * the answer stays on screen.
 */

const h = useExtension();

async function activeTabUrl(): Promise<string> {
  return h.worker.evaluate(async () => {
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    return tab?.url ?? '';
  });
}

async function askAboutTwoTabs(): Promise<{ hours: Page; tickets: Page; panel: Page }> {
  await h.standIn();
  const hours = await h.open('museum-hours.html');
  const tickets = await h.open('museum-tickets.html');
  h.api.enqueue(museumAnswer);
  const panel = await openSidePanel(h, tickets);
  await ask(panel, 'When does the museum open and what do adult tickets cost?', 'All tabs in this window');
  const text = await answerText(panel);
  expect(text).toContain('The museum opens at 9 a.m.');
  expect(text).toContain('An adult ticket costs 12 euros.');
  return { hours, tickets, panel };
}

describe('the side panel', () => {
  it('answers about two tabs; each citation highlights in its tab while the answer stays on screen', async () => {
    const { hours, tickets, panel } = await askAboutTwoTabs();
    // The panel is as wide as the browser makes it, not the popup's 420 px.
    expect(await panel.evaluate(() => document.body.getBoundingClientRect().width)).toBeLessThan(420);

    await clickCitation(panel, hours);
    await expect.poll(() => highlightedText(hours), { timeout: 30_000 }).toBe(HOURS_QUOTE);
    await expect.poll(activeTabUrl).toBe(hours.url());
    // The panel did not close with the tab switch: the answer is still there to click again.
    expect(panel.isClosed()).toBe(false);
    expect(await answerText(panel)).toContain('An adult ticket costs 12 euros.');

    await clickCitation(panel, tickets);
    await expect.poll(() => highlightedText(tickets), { timeout: 30_000 }).toBe(TICKET_QUOTE);
    await expect.poll(activeTabUrl).toBe(tickets.url());
    expect(await answerText(panel)).toContain('The museum opens at 9 a.m.');
    expect(await currentCitation(panel)).toContain('City Museum – Tickets');
  });

  it('Next citation and Previous citation step through the quotes across tabs, by button and by key', async () => {
    const { hours, tickets, panel } = await askAboutTwoTabs();
    const previous = await panel.waitForSelector('::-p-aria(Previous citation[role="button"])');
    const next = await panel.waitForSelector('::-p-aria(Next citation[role="button"])');

    await next!.click();
    await expect.poll(() => highlightedText(hours), { timeout: 30_000 }).toBe(HOURS_QUOTE);
    await expect.poll(activeTabUrl).toBe(hours.url());
    expect(await currentCitation(panel)).toContain('City Museum – Opening hours');
    expect(await previous!.evaluate((b) => (b as HTMLButtonElement).disabled)).toBe(true);

    await next!.click();
    await expect.poll(() => highlightedText(tickets), { timeout: 30_000 }).toBe(TICKET_QUOTE);
    await expect.poll(activeTabUrl).toBe(tickets.url());
    expect(await currentCitation(panel)).toContain('City Museum – Tickets');
    // The last quote: Next stops there rather than wrapping around.
    expect(await next!.evaluate((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(await panel.$eval('.stepper-status', (s) => s.textContent)).toBe('Quote 2 of 2: City Museum – Tickets');

    // The key P steps back (the panel has the focus, not the question box).
    await hours.evaluate(() => CSS.highlights.clear());
    await panel.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await panel.keyboard.press('p');
    await expect.poll(() => highlightedText(hours), { timeout: 30_000 }).toBe(HOURS_QUOTE);
    await expect.poll(activeTabUrl).toBe(hours.url());
    expect(await currentCitation(panel)).toContain('City Museum – Opening hours');
  });

  it('Copy as Markdown puts the claims, their quotes and #:~:text= links to them on the clipboard', async () => {
    const { hours, tickets, panel } = await askAboutTwoTabs();
    const origin = panel.url().split('/').slice(0, 3).join('/');
    await h.browser
      .defaultBrowserContext()
      .overridePermissions(origin, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
    await panel.locator('::-p-aria(Copy as Markdown[role="button"])').click();
    await panel.waitForFunction(() =>
      document.querySelector('.copy-answer [role="status"]')?.textContent?.startsWith('Copied as Markdown'),
    );
    const copied = await panel.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('The museum opens at 9 a.m.');
    expect(copied).toContain(`> ${HOURS_QUOTE}`);
    expect(copied).toContain(`> ${TICKET_QUOTE}`);
    expect(copied).toContain(`[City Museum – Opening hours](${hours.url()}#:~:text=`);
    expect(copied).toMatch(
      new RegExp(
        `\\[City Museum – Tickets\\]\\(${tickets.url().replace(/[.?]/g, '\\$&')}#:~:text=[^)]*Adult%20tickets%20cost%2012%20euros\\.`,
      ),
    );
  });

  it('follows its window: "This tab" is the active tab of the window the panel is in', async () => {
    await h.standIn();
    const hours = await h.open('museum-hours.html');
    const panel = await openSidePanel(h, hours);
    // Another tab becomes active in the same window, after the panel opened.
    const tickets = await h.open('museum-tickets.html');
    await tickets.bringToFront();
    h.api.enqueue((req) =>
      answerReply([
        { text: 'Adults pay 12 euros.', citations: [{ index: indexOf(req, 'Adult tickets'), literal: TICKET_QUOTE }] },
      ]),
    );
    await ask(panel, 'What does an adult ticket cost?', 'This tab');
    expect(await answerText(panel)).toContain('Adults pay 12 euros.');
    const sent = JSON.stringify(h.api.requests.at(-1)!.body);
    expect(sent).toContain('Adult tickets cost 12 euros');
    expect(sent).not.toContain('opens at 9');
  });
});

describe('the setting "The toolbar button opens the side panel"', () => {
  it('on, the toolbar button opens the panel instead of the popup; off, the popup again', async () => {
    const options = await h.browser.newPage();
    await options.goto(h.worker.url().replace('background.js', 'options.html'));
    const box = await options.waitForSelector('::-p-aria(The toolbar button opens the side panel)');
    await box!.click();
    const behaviour = () =>
      h.worker.evaluate(async () => ({
        popup: await chrome.action.getPopup({}),
        panel: (await chrome.sidePanel.getPanelBehavior()).openPanelOnActionClick,
      }));
    await expect.poll(behaviour).toEqual({ popup: '', panel: true });
    await box!.click();
    await expect.poll(behaviour).toEqual({ popup: expect.stringMatching(/\/popup\.html$/), panel: false });
    await options.close();
  });
});
