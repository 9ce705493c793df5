/**
 * Hostile or broken pages in Firefox, as in Chromium (tests/e2e/hostile.test.ts): a frame that
 * never finishes loading does not hold the answer up, and a frame from another site that selects
 * its own text does not pass it off as the user's selection.
 */
import { describe, expect, it } from 'vitest';
import { answerReply, indexOf, messageCalls, sentText } from '../support/harness';
import { inTab, openTab, openUnfinishedTab, Popup, useFirefoxWithKey, type Firefox } from '../support/firefox';

let fx: Firefox;
useFirefoxWithKey((x) => (fx = x));

/** The same fixture server under another name: another site. */
const otherSite = () => fx.fixtures.replace('127.0.0.1', 'localhost');

describe('Firefox: hostile pages', () => {
  it('a frame whose response never ends does not hold up the answer; the page is said to be still loading', async () => {
    await openUnfinishedTab(fx, `${fx.fixtures}/endless-frame.html`, 'channel twelve');
    fx.api.enqueue((req) =>
      answerReply([
        {
          text: 'At half past seven.',
          citations: [{ index: indexOf(req, 'channel twelve'), literal: "The harbour master's office opens at half past seven" }],
        },
      ]),
    );
    const popup = new Popup(fx);
    await popup.open();
    await popup.ask('When does the harbour master open?');
    await expect.poll(() => popup.regionText('Answer')).toContain('At half past seven.');
    // (The coverage line is a part of the screen loaded after the answer: waited for.)
    await expect.poll(() => popup.run<string>(`return doc.body.textContent;`), { timeout: 10_000 }).toContain('still loading');
  });

  it('a cross-site frame that selects its own text does not pass it off as the user’s; the user’s own selection leads', async () => {
    const ad = `${otherSite()}/selecting-ad.html`;
    const page = await openTab(fx, `${fx.fixtures}/ad-host.html?frame=${encodeURIComponent(ad)}`);
    // The ad's frame has selected 50 KB of its own text.
    const frame = await fx.m.send<{ value: Record<string, string> }>('WebDriver:FindElement', {
      using: 'css selector',
      value: 'iframe',
    });
    await fx.m.send('WebDriver:SwitchToFrame', { element: Object.values(frame.value)[0] });
    await expect.poll(() => fx.m.execute<number>('return getSelection().toString().length;')).toBeGreaterThan(40_000);
    await fx.m.send('WebDriver:SwitchToParentFrame');
    const ferryReply = () =>
      fx.api.enqueue((req) =>
        answerReply([
          {
            text: 'At a quarter past six.',
            citations: [{ index: indexOf(req, 'first ferry'), literal: 'The first ferry to the island leaves the pier' }],
          },
        ]),
      );
    ferryReply();
    const popup = new Popup(fx);
    await popup.open();
    await popup.ask('When does the first ferry leave?');
    await expect.poll(() => popup.regionText('Answer')).toContain('At a quarter past six.');
    expect(sentText(messageCalls(fx.api).at(-1)!)).not.toContain('kind="user-selection"');
    expect(await popup.regionText('Your selection')).toBeNull();

    // The user's own selection in the page: sent first, once, and shown as theirs. The user has
    // clicked in the page (a selection a page holds before the user ever used it is not theirs).
    await fx.m.setContext('content');
    await fx.m.send('WebDriver:SwitchToWindow', { handle: page, focus: true });
    const first = await fx.m.send<{ value: Record<string, string> }>('WebDriver:FindElement', {
      using: 'css selector',
      value: '#first',
    });
    await fx.m.send('WebDriver:ElementClick', { id: Object.values(first.value)[0] });
    await inTab(fx, page, `getSelection().selectAllChildren(document.getElementById('first'));`);
    ferryReply();
    await popup.open();
    await popup.click('New question');
    const before = messageCalls(fx.api).length;
    await popup.ask('When does the first ferry leave?');
    await expect
      .poll(() => popup.regionText('Your selection'))
      .toMatch(
        /Your selection in “Ferry timetable”, sent first:\s+The first ferry to the island leaves the pier at a quarter past six in the morning\./,
      );
    // "Your selection" shows once the pages are read, before the request goes: wait for the request.
    await expect.poll(() => messageCalls(fx.api).length).toBe(before + 1);
    const sent = sentText(messageCalls(fx.api).at(-1)!);
    expect(sent.match(/<document index="\d+"[^>]*>/)![0]).toContain('kind="user-selection"');
    expect(sent.match(/kind="user-selection"/g)).toHaveLength(1);
  });
});
