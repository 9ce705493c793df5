/**
 * Words no reader sees, in Firefox as in Chromium (tests/e2e/unseen.test.ts): a page that plants
 * one sentence by every trick at once (opacity 0, transparent, font size 0, off-screen, white on
 * white, clipped, covered, scaled, content-visibility, unslotted, an inline element moved off the
 * page or on its own background of its text colour, a hidden frame, a heading of opacity 0 above
 * a paragraph a reader sees; the paragraph the page selects on a click is only faded there, since
 * nothing clicks) sends none of them to the model, not even as a passage's section, and the
 * sentence a reader sees beside them is answered; a page that selects a faded sentence on the
 * user's click does not have it sent; and a page of eight frames stuffed with hidden passages
 * does not crowd another tab out of what is sent.
 */
import { describe, expect, it } from 'vitest';
import { answerReply, indexOf, messageCalls, sentText } from '../support/harness';
import { inTab, openTab, Popup, useFirefoxWithKey, type Firefox } from '../support/firefox';

let fx: Firefox;
useFirefoxWithKey((x) => (fx = x));

const CONTROL = 'The Brightwater kettle boils a full litre of water in three minutes.';
const PLANTED = 'This kettle was recalled for fire risk';

describe('Firefox: words no reader sees', () => {
  it('are not sent, by any of the fifteen tricks; the sentence beside them is answered', async () => {
    await openTab(fx, `${fx.fixtures}/unseen.html?trick=all`);
    fx.api.enqueue((req) =>
      answerReply([
        {
          text: 'It boils a litre in three minutes.',
          citations: [{ index: indexOf(req, 'boils a full litre'), literal: CONTROL }],
        },
      ]),
    );
    const popup = new Popup(fx);
    await popup.open();
    await popup.ask('Is the Brightwater kettle safe?');
    await expect.poll(() => popup.regionText('Answer')).toContain('It boils a litre in three minutes.');
    const sent = sentText(messageCalls(fx.api).at(-1)!);
    expect(sent).toContain(CONTROL);
    expect(sent).toContain('Its handle stays cool');
    // The paragraph under the faded heading is sent, without it as its section.
    expect(sent).toContain('the kettle turns itself off');
    expect(sent).not.toContain(PLANTED);
  });
  it('a selection the page makes of words no reader sees, when the user clicks in it, is not sent', async () => {
    const page = await openTab(fx, `${fx.fixtures}/unseen.html?trick=selection`);
    await fx.m.setContext('content');
    await fx.m.send('WebDriver:SwitchToWindow', { handle: page, focus: true });
    const control = await fx.m.send<{ value: Record<string, string> }>('WebDriver:FindElement', {
      using: 'css selector',
      value: '#control',
    });
    await fx.m.send('WebDriver:ElementClick', { id: Object.values(control.value)[0] });
    expect(await inTab<string>(fx, page, 'return getSelection().toString();')).toContain(PLANTED);
    fx.api.enqueue((req) =>
      answerReply([
        {
          text: 'It boils a litre in three minutes.',
          citations: [{ index: indexOf(req, 'boils a full litre'), literal: CONTROL }],
        },
      ]),
    );
    const popup = new Popup(fx);
    await popup.open();
    await popup.ask('Is the Brightwater kettle safe?');
    await expect.poll(() => popup.regionText('Answer')).toContain('It boils a litre in three minutes.');
    const sent = sentText(messageCalls(fx.api).at(-1)!);
    expect(sent).toContain(CONTROL);
    expect(sent).not.toContain(PLANTED);
    expect(await popup.regionText('Your selection')).toBeNull();
  });
  it('a page of many frames stuffed with passages no reader sees does not crowd another tab out', async () => {
    await openTab(fx, `${fx.fixtures}/unseen-frames.html`);
    await expect.poll(() => fx.m.execute<number>('return window.frames.length;')).toBe(8);
    // The honest tab, the popup's.
    await openTab(fx, `${fx.fixtures}/unseen.html?trick=none`);
    fx.api.enqueue((req) =>
      answerReply([
        {
          text: 'It boils a litre in three minutes.',
          citations: [{ index: indexOf(req, 'boils a full litre'), literal: CONTROL }],
        },
      ]),
    );
    const before = messageCalls(fx.api).length;
    const popup = new Popup(fx);
    await popup.open();
    // The least budget: the stuffing fills it many times over, and outranks the honest page.
    await popup.run(
      `const page = win.wrappedJSObject;
       const { settings } = await page.browser.storage.local.get('settings');
       await page.browser.storage.local.set(page.JSON.parse(JSON.stringify({ settings: { ...settings, fragmentBudget: 1000 } })));`,
    );
    await popup.ask('Is the Brightwater kettle safe?', 'All tabs in this window');
    await expect.poll(() => popup.regionText('Answer')).toContain('It boils a litre in three minutes.');
    const calls = messageCalls(fx.api).slice(before);
    expect(calls).toHaveLength(1);
    const sent = sentText(calls[0]!);
    expect(sent).toContain(CONTROL);
    expect(sent).not.toContain(PLANTED);
  });
});
