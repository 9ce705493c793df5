import { describe, expect, it } from 'vitest';
import {
  answerReply,
  answerText,
  indexOf,
  messageCalls,
  openFixture,
  openPopup,
  sentText,
  useHarness,
  useStandIn,
  type Harness,
} from '../support/harness';

/** "Choose tabs" in the real popup: only the ticked tabs are read and sent. */

let h: Harness;
useHarness((x) => (h = x));

describe('Choose tabs', () => {
  it('lists the window’s tabs by title and sends only the ones ticked', async () => {
    await useStandIn(h);
    const hours = await openFixture(h, 'museum-hours.html');
    await openFixture(h, 'gardening.html');
    const tickets = await openFixture(h, 'museum-tickets.html');
    h.api.enqueue((req) =>
      answerReply([
        {
          text: 'Adults pay 12 euros.',
          citations: [{ index: indexOf(req, 'Adult tickets'), literal: 'Adult tickets cost 12 euros.' }],
        },
      ]),
    );

    const popup = await openPopup(h, tickets);
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

    const [req] = messageCalls(h.api);
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
    await useStandIn(h);
    const page = await openFixture(h, 'museum-hours.html');
    const blank = await h.browser.newPage();
    await blank.goto('about:blank');
    const popup = await openPopup(h, page);
    await popup.locator('::-p-aria(Choose tabs[role="radio"])').click();
    const disabled = await popup.$$eval('.tab-chooser input:disabled', (els) =>
      els.map((el) => document.getElementById(el.getAttribute('aria-describedby')!)?.textContent),
    );
    expect(disabled.length).toBeGreaterThan(0);
    expect(disabled[0]).toMatch(/cannot be read by extensions/);
    await blank.close();
  });
});
