/**
 * The Firefox build's toolbar popup, opened with its keyboard shortcut over a page on localhost:
 * "This tab" is the page beneath it, the answer comes through the stand-in, and a click on the
 * citation highlights the quote in that page; a quote the page's code draws but the screen does
 * not show (white on a white picture over a dark box) is said to be not shown, not highlighted:
 * the tab's capture works in Firefox too. A quote in a frame of another origin is placed in the
 * tab by its parent (`frame-box`: Firefox's `executeScript` in all frames gives each frame's id
 * and path as Chromium's does) and highlighted there.
 */
import { describe, expect, it } from 'vitest';
import { answerReply, indexOf, messageCalls, sentText } from '../support/harness';
import { highlightedText, inTab, openTab, Popup, useFirefoxWithKey, type Firefox } from '../support/firefox';

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

  it('a click on words the screen does not show says so and highlights nothing', async () => {
    const page = await openTab(fx, `${fx.fixtures}/white-picture.html`);
    const popup = new Popup(fx);
    await popup.open();
    const quote = 'This kettle was recalled for fire risk in the spring of last year.';
    fx.api.enqueue((req) =>
      answerReply([{ text: 'It was recalled.', citations: [{ index: indexOf(req, 'recalled for fire'), literal: quote }] }]),
    );
    await popup.type('Question', 'Is the Brightwater kettle safe?');
    await popup.click('This tab');
    await popup.click('Ask');
    await expect.poll(() => popup.regionText('Answer')).toContain('It was recalled.');
    // Checked and sent while shown; then the page paints a white picture behind them.
    await inTab(fx, page, "document.querySelector('.panel').classList.add('pictured')");
    await popup.click(`${new URL(fx.fixtures).host} — Kettle notes`);
    await expect
      .poll(() => popup.alertText(), { timeout: 20_000 })
      .toContain("found in the page's code but not shown on the page");
    expect(await highlightedText(fx, page)).toBeNull();
  });

  it('a click on a quote in a cross-origin frame highlights it there, placed by its parent', async () => {
    const page = await openTab(fx, `${fx.fixtures}/extraction.html`);
    const quote = 'Cross-origin frame text about cormorants.';
    await expect.poll(() => crossHighlight(page, 'document.body.innerText')).toContain('cormorants');
    const popup = new Popup(fx);
    await popup.open();
    fx.api.enqueue((req) =>
      answerReply([{ text: 'Cormorants are mentioned.', citations: [{ index: indexOf(req, 'cormorants'), literal: quote }] }]),
    );
    await popup.type('Question', 'Which birds: otters, kingfishers, cormorants?');
    await popup.click('This tab');
    await popup.click('Ask');
    await expect.poll(() => popup.regionText('Answer')).toContain('Cormorants are mentioned.');
    const crossHost = `localhost:${new URL(fx.fixtures).port}`;
    await popup.click(`${crossHost} — in a frame on Wetland birds and mammals`);
    await expect
      .poll(() => crossHighlight(page, "[...(CSS.highlights.get('cited-quote') ?? [])].map((r) => r.toString()).join('')"), {
        timeout: 30_000,
      })
      .toBe(quote);
  });
});

/** `expression` evaluated in tab `handle`'s cross-origin frame (#cross). */
async function crossHighlight(handle: string, expression: string): Promise<string> {
  await fx.m.setContext('content');
  await fx.m.send('WebDriver:SwitchToWindow', { handle, focus: false });
  const frame = await fx.m.send<{ value: Record<string, string> }>('WebDriver:FindElement', {
    using: 'css selector',
    value: '#cross',
  });
  await fx.m.send('WebDriver:SwitchToFrame', { element: Object.values(frame.value)[0] });
  try {
    return await fx.m.execute<string>(`return ${expression};`);
  } finally {
    await fx.m.send('WebDriver:SwitchToParentFrame');
  }
}
