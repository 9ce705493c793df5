import { describe, expect, it } from 'vitest';
import { answerText } from '../support/popup-page';
import { answerReply, indexOf, sentText } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';

/** "Choose tabs" in the real popup: only the ticked tabs are read and sent. */

const h = useExtension({ standIn: true });

describe('Choose tabs', () => {
  it('lists the window’s tabs by title and sends only the ones ticked', async () => {
    const hours = await h.open('museum-hours.html');
    await h.open('gardening.html');
    const tickets = await h.open('museum-tickets.html');
    h.api.enqueue((req) =>
      answerReply([
        {
          text: 'Adults pay 12 euros.',
          citations: [{ index: indexOf(req, 'Adult tickets'), literal: 'Adult tickets cost 12 euros.' }],
        },
      ]),
    );

    const popup = await h.popup(tickets);
    await popup.locator('::-p-aria(Choose tabs[role="radio"])').click();
    // The tab under the popup is ticked to start with; the others are listed by their titles.
    const ticked = (title: string) => popup.$eval(`::-p-aria(${title}[role="checkbox"])`, (b) => (b as HTMLInputElement).checked);
    expect(await ticked(await tickets.title())).toBe(true);
    expect(await ticked(await hours.title())).toBe(false);
    await popup.locator(`::-p-aria(${await hours.title()}[role="checkbox"])`).click();
    const box = await popup.waitForSelector('::-p-aria(Question)');
    // The question also matches the unticked tab: were it read, its passage would be sent.
    await box!.type('What do adult tickets cost, when is the museum open, and when should I sow tomatoes?');
    await popup.locator('::-p-aria(Ask[role="button"])').click();
    expect(await answerText(popup)).toContain('Adults pay 12 euros.');

    const [req] = h.calls();
    const sent = sentText(req!);
    expect(sent).toContain('Adult tickets cost 12 euros');
    expect(sent).toContain('opens at');
    expect(sent).not.toContain('Sow tomatoes indoors');
    const coverage = await h.worker.evaluate(
      async () => ((await chrome.storage.session.get('lastRun')).lastRun as { coverage: { tabs: number } }).coverage.tabs,
    );
    expect(coverage).toBe(2);
  });

  it('a browser page in the window is listed disabled, with the reason', async () => {
    const page = await h.open('museum-hours.html');
    const blank = await h.browser.newPage();
    await blank.goto('about:blank');
    const popup = await h.popup(page);
    await popup.locator('::-p-aria(Choose tabs[role="radio"])').click();
    // The list comes with its own code, loaded when it is first shown (components/popup/lazy-parts.ts).
    await popup.waitForSelector('.tab-chooser input');
    const disabled = await popup.$$eval('.tab-chooser input:disabled', (els) =>
      els.map((el) => document.getElementById(el.getAttribute('aria-describedby')!)?.textContent),
    );
    expect(disabled.length).toBeGreaterThan(0);
    expect(disabled[0]).toMatch(/cannot be read by extensions/);
    await blank.close();
  });
});
