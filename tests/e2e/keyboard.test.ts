import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { focused, focusRingShown, label, liveRegions, tabTo } from '../support/keyboard';
import { openSidePanel } from '../support/side-panel';
import { highlightedText } from '../support/popup-page';
import { answerReply } from '../support/stand-in/replies';
import { storedHistory } from '../support/extension-storage';
import { useExtension } from '../support/harness';
import { HOURS_QUOTE, TICKET_QUOTE, hoursAnswer, museumAnswer } from '../support/facts';

/**
 * The popup and the side panel driven by the keyboard alone (no click after the popup opens),
 * checked by role and accessible name in the browser's accessibility tree; and what the live
 * regions say as a question runs.
 */

const h = useExtension();

async function popupOnHours(): Promise<{ page: Page; popup: Page }> {
  const page = await h.open('museum-hours.html');
  return { page, popup: await h.popup(page) };
}

/** Types the question and asks with Enter, from the question box. */
async function askByKeyboard(page: Page, question: string): Promise<void> {
  await expect.poll(() => focused(page)).toEqual({ role: 'textbox', name: 'Question' });
  await page.keyboard.type(question);
  await page.keyboard.press('Enter');
}

const statusText = async (popup: Page) => (await liveRegions(popup, 'status'))[0];

describe('the keyboard alone', () => {
  it('the popup opens in the question box; Shift+Enter is a new line, Enter asks, the arrows choose the scope', async () => {
    await h.standIn();
    h.api.enqueue(hoursAnswer);
    const { popup } = await popupOnHours();
    expect(await focused(popup)).toEqual({ role: 'textbox', name: 'Question' });
    expect(await focusRingShown(popup)).toBe(true);

    await popup.keyboard.type('When does the museum');
    await popup.keyboard.down('Shift');
    await popup.keyboard.press('Enter');
    await popup.keyboard.up('Shift');
    expect(await popup.$eval('::-p-aria(Question)', (t) => (t as HTMLTextAreaElement).value)).toBe('When does the museum\n');
    await popup.keyboard.press('Backspace');
    await popup.keyboard.type(' open?');

    // The scope is one stop; the arrow keys move between its choices.
    await tabTo(popup, 'radio', 'This tab', { max: 1 });
    await popup.keyboard.press('ArrowDown');
    expect(await focused(popup)).toEqual({ role: 'radio', name: 'All tabs in this window' });
    await popup.keyboard.press('ArrowUp');
    expect(await popup.$eval('::-p-aria(This tab[role="radio"])', (r) => (r as HTMLInputElement).checked)).toBe(true);
    expect(h.calls()).toHaveLength(0);

    await tabTo(popup, 'textbox', 'Question', { back: true, max: 1 });
    await popup.keyboard.press('Enter');
    const region = await popup.waitForSelector('::-p-aria([name="Answer"][role="region"])', { timeout: 30_000 });
    expect(await region!.evaluate((el) => (el as HTMLElement).innerText)).toContain('It opens at 9 a.m.');
    expect(h.calls()).toHaveLength(1);
    // Asked from the box, the keyboard is still there for the next question.
    expect(await focused(popup)).toEqual({ role: 'textbox', name: 'Question' });
  });

  it('Tab goes through every control of an answered popup in reading order, each with a visible focus ring', async () => {
    await h.standIn();
    h.api.enqueue(hoursAnswer);
    const { page, popup } = await popupOnHours();
    await popup.keyboard.type('When does the museum open?');
    await tabTo(popup, 'button', 'Ask', { max: 2 });
    await popup.keyboard.press('Enter');
    await popup.waitForSelector('::-p-aria([name="Answer"][role="region"])', { timeout: 30_000 });
    // Answered, the question leaves the box and the keyboard goes there for the next one (Ask,
    // empty, is disabled: it would drop the focus to the page).
    await expect.poll(() => focused(popup)).toEqual({ role: 'textbox', name: 'Question' });

    const citation = `1: ${new URL(page.url()).host} — ${await page.title()}`;
    const stops = await tabTo(popup, 'textbox', 'Question', { max: 20 });
    // The header, the answer, then the question box last, as the screen shows them.
    expect(stops.map(label)).toEqual([
      'radio This tab',
      'button New question',
      'button History',
      'button Open in side panel',
      `button ${citation}`,
      'button Copy as Markdown',
      'button Copy as text',
      'DisclosureTriangle Details',
      'textbox Question',
    ]);
    expect(stops.filter((s) => !s.ring).map(label)).toEqual([]);

    // Enter on the citation: the popup closes, the page shows the quote and has the focus;
    // Escape there clears the highlight.
    await tabTo(popup, 'button', citation);
    await popup.keyboard.down('Enter');
    // The popup closes as the tab comes forward, often before the key is released: that release
    // has no page left to go to.
    await popup.keyboard.up('Enter').catch(() => {});
    await expect.poll(() => highlightedText(page), { timeout: 30_000 }).toBe(HOURS_QUOTE);
    await page.keyboard.press('Escape');
    await expect.poll(() => highlightedText(page)).toBeNull();
  });

  it('Copy as Markdown says it copied; New question empties the box and puts the keyboard back in it; Open in side panel opens it', async () => {
    await h.standIn();
    h.api.enqueue(hoursAnswer);
    const { popup } = await popupOnHours();
    const origin = popup.url().split('/').slice(0, 3).join('/');
    await h.browser
      .defaultBrowserContext()
      .overridePermissions(origin, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
    await popup.keyboard.type('When does the museum open?');
    await popup.keyboard.press('Enter');
    await popup.waitForSelector('::-p-aria([name="Answer"][role="region"])', { timeout: 30_000 });

    await tabTo(popup, 'button', 'Copy as Markdown');
    await popup.keyboard.press('Enter');
    await expect
      .poll(async () => (await liveRegions(popup, 'status')).some((t) => t.startsWith('Copied as Markdown')))
      .toBe(true);
    expect(await popup.evaluate(() => navigator.clipboard.readText())).toContain('It opens at 9 a.m.');

    await tabTo(popup, 'button', 'New question', { back: true });
    await popup.keyboard.press('Enter');
    await expect.poll(() => focused(popup)).toEqual({ role: 'textbox', name: 'Question' });
    expect(await popup.$eval('::-p-aria(Question)', (t) => (t as HTMLTextAreaElement).value)).toBe('');

    await tabTo(popup, 'button', 'Open in side panel', { back: true });
    await popup.keyboard.down('Enter');
    // The popup closes once the panel is open, often before the key is released.
    await popup.keyboard.up('Enter').catch(() => {});
    const panel = await h.browser.waitForTarget((t) => t.url().endsWith('/sidepanel.html'), { timeout: 30_000 });
    expect(panel.url()).toMatch(/sidepanel\.html$/);
  });

  it('Cancel from the keyboard stops the question and hands the keyboard back to the question box', async () => {
    await h.standIn();
    h.api.enqueue({ kind: 'hang' });
    const { popup } = await popupOnHours();
    await popup.keyboard.type('When does the museum open?');
    await popup.keyboard.press('Enter');
    // Cancel is with the progress, just above the question box (once the question is under way).
    await popup.waitForSelector('::-p-aria(Cancel[role="button"])', { timeout: 20_000 });
    await tabTo(popup, 'button', 'Cancel', { back: true, max: 3 });
    await popup.keyboard.press('Enter');
    await popup.waitForSelector('::-p-aria(Try again[role="button"])', { timeout: 20_000 });
    expect(await focused(popup)).toEqual({ role: 'textbox', name: 'Question' });
  });
});

describe('the keyboard alone before sending', () => {
  it('Review before sending: announced, Send reached by Tab, and the keyboard back in the question box', async () => {
    await h.standIn({ reviewBeforeSending: true });
    h.api.enqueue(hoursAnswer);
    const { popup } = await popupOnHours();
    await askByKeyboard(popup, 'When does the museum open?');
    await expect.poll(() => statusText(popup), { timeout: 30_000 }).toBe('Review before sending');
    expect(h.calls()).toHaveLength(0);
    await tabTo(popup, 'button', 'Send');
    await popup.keyboard.press('Enter');
    await expect.poll(() => statusText(popup), { timeout: 30_000 }).toBe('Answer: It opens at 9 a.m.');
    expect(await focused(popup)).toEqual({ role: 'textbox', name: 'Question' });
  });
});

describe('the keyboard alone in the side panel and the history', () => {
  it('the side panel: Enter on a citation, Next citation to the last quote (the focus stays on a button), Escape clears the highlight', async () => {
    await h.standIn();
    const hours = await h.open('museum-hours.html');
    const tickets = await h.open('museum-tickets.html');
    h.api.enqueue(museumAnswer);
    const panel = await openSidePanel(h, tickets);
    await expect.poll(() => focused(panel)).toEqual({ role: 'textbox', name: 'Question' });
    await panel.keyboard.type('When does the museum open and what do adult tickets cost?');
    await tabTo(panel, 'radio', 'This tab', { max: 1 });
    await panel.keyboard.press('ArrowDown');
    await tabTo(panel, 'textbox', 'Question', { back: true, max: 1 });
    await panel.keyboard.press('Enter');
    await panel.waitForSelector('::-p-aria([name="Answer"][role="region"])', { timeout: 30_000 });

    const hoursCitation = `1: ${new URL(hours.url()).host} — ${await hours.title()}`;
    await tabTo(panel, 'button', hoursCitation);
    await panel.keyboard.press('Enter');
    await expect.poll(() => highlightedText(hours), { timeout: 30_000 }).toBe(HOURS_QUOTE);
    // Escape in the panel, where the keyboard still is: the quote's highlight goes from its tab.
    await panel.keyboard.press('Escape');
    await expect.poll(() => highlightedText(hours)).toBeNull();

    // The citation pressed is the current one: Next goes on to the last quote, in the other tab.
    await tabTo(panel, 'button', 'Next citation', { back: true });
    await panel.keyboard.press('Enter');
    await expect.poll(() => highlightedText(tickets), { timeout: 30_000 }).toBe(TICKET_QUOTE);
    // Next is disabled at the last quote; the keyboard went to Previous, not to the page.
    expect(await focused(panel)).toEqual({ role: 'button', name: 'Previous citation' });
    await panel.keyboard.press('Enter');
    await expect.poll(() => highlightedText(hours), { timeout: 30_000 }).toBe(HOURS_QUOTE);
    expect(await focused(panel)).toEqual({ role: 'button', name: 'Next citation' });
    await panel.keyboard.press('Escape');
    await expect.poll(() => highlightedText(hours)).toBeNull();
  });

  it('the history: open a thread, back to it in the list, delete one, then all, the focus never lost', async () => {
    await h.standIn();
    const { popup } = await popupOnHours();
    for (const [i, question] of ['When does the museum open?', 'When does the museum close?'].entries()) {
      h.api.enqueue(hoursAnswer);
      if (i > 0) {
        await tabTo(popup, 'button', 'New question');
        await popup.keyboard.press('Enter');
      }
      await askByKeyboard(popup, question);
      await expect.poll(async () => ((await storedHistory(h)) as unknown[] | undefined)?.length ?? 0).toBe(i + 1);
    }
    await tabTo(popup, 'button', 'History');
    await popup.keyboard.press('Enter');
    await popup.waitForSelector('::-p-aria([name="History"][role="region"])');
    await tabTo(popup, 'button', 'When does the museum open?');
    await popup.keyboard.press('Enter');
    await expect.poll(() => focused(popup)).toEqual({ role: 'button', name: 'Back to history' });
    await popup.keyboard.press('Enter');
    await expect.poll(() => focused(popup)).toEqual({ role: 'button', name: 'When does the museum open?' });

    await tabTo(popup, 'button', 'Delete “When does the museum open?”');
    await popup.keyboard.press('Enter');
    await expect.poll(() => focused(popup)).toEqual({ role: 'button', name: 'Delete “When does the museum close?”' });
    await tabTo(popup, 'button', 'Delete all history');
    await popup.keyboard.press('Enter');
    await expect.poll(() => focused(popup)).toEqual({ role: 'button', name: 'Keep them' });
    await tabTo(popup, 'button', 'Delete all', { back: true, max: 1 });
    await popup.keyboard.press('Enter');
    await expect.poll(() => focused(popup)).toEqual({ role: 'heading', name: 'History' });
    expect(await storedHistory(h)).toEqual([]);
  });
});

describe('the keyboard alone in Choose tabs and the options', () => {
  it('Choose tabs: the arrows choose it, Tab reaches each tab by its title, Space ticks it, Ask asks about those', async () => {
    await h.standIn();
    const tickets = await h.open('museum-tickets.html');
    const { page, popup } = await popupOnHours();
    h.api.enqueue(hoursAnswer);
    await popup.keyboard.type('When does the museum open, and what does a ticket cost?');
    await tabTo(popup, 'radio', 'This tab', { max: 1 });
    await popup.keyboard.press('ArrowDown');
    await popup.keyboard.press('ArrowDown');
    expect(await focused(popup)).toEqual({ role: 'radio', name: 'Choose tabs' });
    // The tab under the popup is ticked to start with; the other is ticked from the keyboard.
    // Each tab is a stop of its own, in the window's order: Tickets, then Opening hours.
    const checked = async (title: string) =>
      popup.$eval(`::-p-aria(${title}[role="checkbox"])`, (b) => (b as HTMLInputElement).checked);
    expect(await checked(await page.title())).toBe(true);
    await tabTo(popup, 'checkbox', await tickets.title(), { max: 1 });
    await popup.keyboard.press('Space');
    expect(await checked(await tickets.title())).toBe(true);
    await tabTo(popup, 'checkbox', await page.title(), { max: 1 });
    await tabTo(popup, 'button', 'Ask');
    await popup.keyboard.press('Enter');
    await popup.waitForSelector('::-p-aria([name="Answer"][role="region"])', { timeout: 30_000 });
    const sent = JSON.stringify(h.calls()[0]!.body);
    expect(sent).toContain('Adult tickets cost 12 euros');
    expect(sent).toContain('opens at 9 a.m.');
  });

  it('the options: the fields by their names; a key bound for another server asks first, and the focus comes back to Save', async () => {
    const options = await h.browser.newPage();
    await options.goto(h.worker.url().replace('background.js', 'options.html'));
    await options.waitForSelector('::-p-aria(Save[role="button"])');
    const stops = await tabTo(options, 'button', 'Save');
    expect(stops.map(label)).toEqual(expect.arrayContaining(['textbox API key', 'textbox Model', 'textbox API base URL']));
    expect(stops.filter((s) => !s.ring).map(label)).toEqual([]);

    await tabTo(options, 'textbox', 'API key', { back: true });
    await options.keyboard.type('sk-ant-keyboard-key');
    await tabTo(options, 'textbox', 'API base URL');
    await options.keyboard.down('Control');
    await options.keyboard.press('a');
    await options.keyboard.up('Control');
    await options.keyboard.type(h.api.url);
    await options.keyboard.press('Enter');
    // The question takes the focus: its first button, to send the key there.
    await expect.poll(() => focused(options)).toEqual({ role: 'button', name: `Send my key to ${h.api.url}` });
    await options.keyboard.press('Tab');
    expect(await focused(options)).toEqual({ role: 'button', name: 'Do not send it' });
    await options.keyboard.press('Enter');
    await expect.poll(() => focused(options)).toEqual({ role: 'button', name: 'Save' });
    expect((await liveRegions(options, 'status'))[0]).toMatch(/^Not saved/);

    await options.keyboard.press('Enter');
    await expect.poll(() => focused(options)).toEqual({ role: 'button', name: `Send my key to ${h.api.url}` });
    await options.keyboard.press('Enter');
    await expect.poll(async () => (await liveRegions(options, 'status'))[0]).toBe('Saved.');
    expect(await focused(options)).toEqual({ role: 'button', name: 'Save' });
    const stored = await h.worker.evaluate(
      async () => (await chrome.storage.local.get('settings')).settings as { baseURL: string },
    );
    expect(stored.baseURL).toBe(h.api.url);
    await options.close();
  });
});

describe('live regions', () => {
  it('the status says each step once, not each token; then the error is an alert and the status falls silent', async () => {
    await h.standIn();
    h.api.enqueue({ kind: 'stream-error', afterText: '{"no_information": false, "claims": [', chunkDelayMs: 400 });
    const { popup } = await popupOnHours();
    expect(await liveRegions(popup, 'status')).toEqual(['']);
    await popup.keyboard.type('When does the museum open?');
    await popup.keyboard.press('Enter');
    // While tokens arrive the visible progress says the answer is being written; the live region keeps its words.
    await popup.waitForFunction(() => /Writing the answer/.test(document.querySelector('.progress')?.textContent ?? ''), {
      timeout: 20_000,
    });
    expect(await statusText(popup)).toBe('Asking Claude…');
    const alert = await popup.waitForSelector('::-p-aria([role="alert"])', { timeout: 20_000 });
    const message = await alert!.$eval('p', (p) => p.textContent ?? '');
    expect(message).toContain('The answer broke off');
    expect((await liveRegions(popup, 'alert'))[0]).toContain(message);
    expect(await statusText(popup)).toBe('');
  });

  it('the answer is said once when it arrives, and not again when the popup is opened over it', async () => {
    await h.standIn();
    h.api.enqueue(hoursAnswer);
    const { page, popup } = await popupOnHours();
    await popup.keyboard.type('When does the museum open?');
    await popup.keyboard.press('Enter');
    await expect.poll(() => statusText(popup), { timeout: 30_000 }).toBe('Answer: It opens at 9 a.m.');
    await popup.close();
    const again = await h.popup(page);
    await again.waitForSelector('::-p-aria([name="Answer"][role="region"])');
    expect(await statusText(again)).toBe('');
  });

  it('"Not found in these pages" is said as the answer it is', async () => {
    await h.standIn();
    h.api.enqueue(answerReply([], true));
    const { popup } = await popupOnHours();
    await popup.keyboard.type('When does the museum open on Mars?');
    await popup.keyboard.press('Enter');
    await expect.poll(() => statusText(popup), { timeout: 30_000 }).toBe('Not found in these pages.');
  });
});
