/**
 * Words no reader sees, in Firefox as in Chromium (tests/e2e/unseen.test.ts): a page that plants
 * one sentence by every trick at once (opacity 0 or 0.02, filter: opacity(0), a mask, a blend
 * mode, transparent colour or fill, a colour mixed almost transparent, font size 0, off-screen,
 * translate, text-indent, letter-spacing, white on white, clipped, a short wrapper, covered,
 * scaled (to 0, to 0.01, by an ancestor, by zoom), content-visibility, unslotted, closed
 * <details> under opacity 0, an inline element moved off the page or on its own background of
 * its text colour, frames hidden, wrapped 1×1, clip-pathed, faint, scaled or covered, a bidi
 * override or an override character drawing it backwards, a form lifted out of a faded box by a
 * control named parentNode) sends none
 * of them to the model, and the sentence a reader sees beside them is answered; so does a page in
 * quirks mode whose root reports no width. A heading of opacity 0 above a paragraph a reader sees is
 * not sent as its section; a page that selects a faded sentence on the user's click does not have
 * it sent; a page of eight frames stuffed with hidden passages does not crowd another tab out; and
 * a quote under a box its own element paints over it (`::after`), far below the first screen, is
 * not shown as checked, and a sentence under a box placed over it there is not sent. Words over pictures are settled by the
 * pictures' pixels (tests/fixtures/pictures-behind.html), as in Chromium.
 */
import { describe, expect, it } from 'vitest';
import { answerReply, indexOf, messageCalls, sentText } from '../support/harness';
import { inTab, openTab, Popup, useFirefoxWithKey, type Firefox } from '../support/firefox';
import { askAboutCare, type CareOptions } from '../support/ask-about-care';

let fx: Firefox;
useFirefoxWithKey((x) => (fx = x));

const CONTROL = 'The Brightwater kettle boils a full litre of water in three minutes.';
const PLANTED = 'This kettle was recalled for fire risk';

/** Asks about the kettle's care in unseen-later.html through Firefox's popup (tests/support/ask-about-care.ts). */
function askAboutCareHere(options?: CareOptions): Promise<{ page: string; popup: Popup; before: number }> {
  return askAboutCare(
    {
      api: fx.api,
      open: (fixture) => openTab(fx, `${fx.fixtures}/${fixture}`),
      ask: async (_tab, question) => {
        const popup = new Popup(fx);
        await popup.open();
        await popup.ask(question);
        return popup;
      },
    },
    options,
  );
}

describe('Firefox: words no reader sees', () => {
  it.each(['unseen.html?trick=all', 'unseen-quirks.html'])(
    'are not sent (%s); the sentence beside them is answered',
    async (fixture) => {
      await openTab(fx, `${fx.fixtures}/${fixture}`);
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
      await popup.ask('Is the Brightwater kettle safe?');
      // The popup may still show the answer of the case before (the same words): this question's own request first.
      await expect.poll(() => messageCalls(fx.api).length).toBeGreaterThan(before);
      await expect.poll(() => popup.regionText('Answer')).toContain('It boils a litre in three minutes.');
      const sent = sentText(messageCalls(fx.api).at(-1)!);
      expect(sent).toContain(CONTROL);
      expect(sent).toContain('Its handle stays cool');
      // The paragraph under the faded heading is sent, without it as its section.
      if (fixture.includes('trick=all')) expect(sent).toContain('the kettle turns itself off');
      expect(sent).not.toContain(PLANTED);
    },
  );
  it('a sentence under a white box placed over it, or under its own ::after, far below the first screen, is not sent', async () => {
    const { popup, before } = await askAboutCareHere();
    await expect.poll(() => messageCalls(fx.api).length).toBe(before + 1);
    await expect.poll(() => popup.regionText('Answer')).toContain('Descale it monthly.');
    const sent = sentText(messageCalls(fx.api).at(-1)!);
    expect(sent).toContain('once a month');
    // CSS's painting order puts the box on top; the ::after's box is worked out from computed values.
    expect(sent).not.toContain('filter in the spout');
    expect(sent).not.toContain('firm press');
    expect(sent).toContain('turns all the way round');
  });
  it('a quote under its own ::after since it was sent, far below the first screen, is not shown as checked', async () => {
    const literal = 'The base of the Brightwater kettle turns all the way round on its cord.';
    const { page, popup, before } = await askAboutCareHere({
      more: [{ text: 'It says more.', words: 'turns all the way round', literal }],
      // Slowly, so that the page can change while the answer comes.
      chunkDelayMs: 400,
      retry: true,
    });
    await expect.poll(() => messageCalls(fx.api).length).toBe(before + 1);
    expect(sentText(messageCalls(fx.api).at(-1)!)).toContain(literal);
    await inTab(fx, page, "document.getElementById('lowered').classList.add('lidded');");
    await expect.poll(() => messageCalls(fx.api).length, { timeout: 30_000 }).toBe(before + 2);
    await expect.poll(() => popup.regionText('Answer')).toContain('Descale it monthly.');
    expect(await popup.regionText('Answer')).not.toContain('It says more.');
    expect(sentText(messageCalls(fx.api).at(-1)!)).toContain('a reader cannot see it');
  });
  it('words over pictures are sent where the pictures’ pixels prove them seen', async () => {
    const page = await openTab(fx, `${fx.fixtures}/pictures-behind.html`);
    await expect
      .poll(() => inTab<string>(fx, page, "return getComputedStyle(document.getElementById('foreign-box')).backgroundImage;"))
      .toContain('localhost');
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
    await popup.ask('What does the Brightwater kettle do?');
    await expect.poll(() => messageCalls(fx.api).length).toBeGreaterThan(before);
    await expect.poll(() => popup.regionText('Answer')).toContain('It boils a litre in three minutes.');
    const sent = sentText(messageCalls(fx.api).at(-1)!);
    // White on a dark picture, dark on pale paper, white over a dark veil on a white picture, white on a dark box whose picture does not load.
    for (const words of [CONTROL, 'a cord of seventy centimetres', 'one press of the amber button', 'fine steel mesh']) {
      expect(sent).toContain(words);
    }
    // Over a picture of another site that sends no CORS header: Chromium's page script may not read
    // it (the words are unproven there); Firefox lets an extension with access to that site read
    // its pixels, and they prove the words seen.
    expect(sent).toContain('switches itself off when it boils dry');
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
    // The popup may still show the answer of the test before: this question's own request first.
    await expect.poll(() => messageCalls(fx.api).length).toBeGreaterThan(before);
    await expect.poll(() => popup.regionText('Answer')).toContain('It boils a litre in three minutes.');
    // The first request carries the honest tab's sentence; none (a retry either) carries the stuffing.
    const calls = messageCalls(fx.api).slice(before);
    expect(sentText(calls[0]!)).toContain(CONTROL);
    for (const call of calls) expect(sentText(call)).not.toContain(PLANTED);
  });
});
