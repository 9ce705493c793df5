/**
 * The Firefox build's toolbar popup, opened with its keyboard shortcut over a page on localhost:
 * "This tab" is the page beneath it, the answer comes through the stand-in, and a click on the
 * citation highlights the quote in that page.
 */
import { describe, expect, it } from 'vitest';
import { answerReply, indexOf, messageCalls, sentText } from '../support/harness';
import { highlightedText, openTab, Popup, useFirefoxWithKey, type Firefox } from '../support/firefox';

let fx: Firefox;
useFirefoxWithKey((x) => (fx = x));

describe('Firefox: the toolbar popup', () => {
  it('opens with Alt+Shift+Q over the page, answers about that tab, and a click highlights the quote', async () => {
    const page = await openTab(fx, `${fx.fixtures}/museum-tickets.html`);
    const popup = new Popup(fx);
    await popup.open();
    const quote = 'Adult tickets cost 12 euros.';
    fx.api.enqueue((req) =>
      answerReply([
        { text: 'An adult ticket costs 12 euros.', citations: [{ index: indexOf(req, 'Adult tickets'), literal: quote }] },
      ]),
    );

    await popup.type('Question', 'What does an adult ticket cost?');
    await popup.click('This tab');
    await popup.click('Ask');
    await expect.poll(() => popup.regionText('Answer')).toContain('An adult ticket costs 12 euros.');
    // "This tab" is the page under the popup: its text, and no other tab's, was sent.
    const sent = sentText(messageCalls(fx.api)[0]!);
    expect(sent).toContain('Children under twelve enter for free');
    expect(sent).toMatch(/<document index="\d+" source="City Museum – Tickets \(/);
    expect(sent).not.toContain('source="Cited Tabs');

    await popup.click(`${new URL(fx.fixtures).host} — City Museum – Tickets`);
    await expect.poll(() => highlightedText(fx, page)).toBe(quote);
  });
});
