import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { ACTIVE_BACKGROUND } from '@/lib/shared/core/highlight-style';
import {
  answerReply,
  answerText,
  ask,
  highlightedText,
  indexOf,
  openFixture,
  openPopup,
  useHarness,
  useStandIn,
  type Harness,
} from '../support/harness';
import { alertOf, citationOf } from '../support/popup-page';
import { colorShare, highlightBox, rgbOf } from '../support/pixels';

/**
 * The proof by the pixels at a click, in real Chromium through the real popup: white words on a
 * dark box, checked and sent while the page showed them; then the page paints a white picture
 * behind them. Every computed value the proof of a quote reads still passes (a colour that stands
 * out from the box's); on screen there is no ink. A click on them says they are not shown and highlights nothing; a click on the words
 * beside them, which the screen shows, highlights them as before.
 */

let h: Harness;

useHarness((x) => (h = x));

const CONTROL = 'The Brightwater kettle boils a full litre of water in three minutes.';
const PLANTED = 'This kettle was recalled for fire risk in the spring of last year.';

/** Asks about the page; the model cites the control sentence and the planted one. */
async function askKettle(): Promise<{ page: Page; popup: Page }> {
  await useStandIn(h);
  const page = await openFixture(h, 'white-picture.html');
  h.api.enqueue((req) =>
    answerReply([
      {
        text: 'It boils a litre in three minutes.',
        citations: [{ index: indexOf(req, 'boils a full litre'), literal: CONTROL }],
      },
      { text: 'It was recalled.', citations: [{ index: indexOf(req, 'recalled for fire'), literal: PLANTED }] },
    ]),
  );
  const popup = await openPopup(h, page);
  await ask(popup, 'Is the Brightwater kettle safe?');
  const answer = await answerText(popup);
  // Both were shown when checked: both claims are through.
  expect(answer).toContain('It boils a litre in three minutes.');
  expect(answer).toContain('It was recalled.');
  // Then the page paints a white picture behind the planted words (a script may, at any time).
  await page.evaluate(() => document.querySelector('.panel')!.classList.add('pictured'));
  return { page, popup };
}

describe('a click on words the page draws, white on a white picture over a dark box', () => {
  it('says they are found in the page’s code but not shown, and highlights nothing', async () => {
    const { page, popup } = await askKettle();
    await (await citationOf(popup, 'It was recalled.')).click();
    expect(await alertOf(popup)).toContain("found in the page's code but not shown on the page");
    expect(await highlightedText(page)).toBeNull();
    // Nothing painted in the page either: no mark, no highlight of another name.
    expect(await page.evaluate(() => CSS.highlights.size + document.querySelectorAll('mark').length)).toBe(0);
  });

  it('the words beside them, which the screen shows, are highlighted as before', async () => {
    const { page, popup } = await askKettle();
    await (await citationOf(popup, 'It boils a litre in three minutes.')).click();
    await expect.poll(() => highlightedText(page), { timeout: 30_000 }).toBe(CONTROL);
    const box = (await highlightBox(page))!;
    expect(await colorShare(page, box, rgbOf(ACTIVE_BACKGROUND))).toBeGreaterThan(0.2);
  });
});

describe('a click on such words in another tab, which closes the popup as it comes in front', () => {
  it('says in that page what the click found, and highlights nothing', async () => {
    await useStandIn(h);
    const kettle = await openFixture(h, 'white-picture.html');
    const other = await openFixture(h, 'unseen.html?trick=none');
    h.api.enqueue((req) =>
      answerReply([{ text: 'It was recalled.', citations: [{ index: indexOf(req, 'recalled for fire'), literal: PLANTED }] }]),
    );
    const popup = await openPopup(h, other);
    await ask(popup, 'Is the Brightwater kettle safe?', 'All tabs in this window');
    expect(await answerText(popup)).toContain('It was recalled.');
    await kettle.evaluate(() => document.querySelector('.panel')!.classList.add('pictured'));
    await (await citationOf(popup, 'It was recalled.')).click();
    // The popup is gone with the tab it was over; the page it brought forward says why nothing is highlighted.
    const note = await kettle.waitForSelector('::-p-aria([role="alert"])', { timeout: 30_000 });
    expect(await note!.evaluate((el) => (el as HTMLElement).innerText)).toMatch(/^Cited Tabs: .*not shown on the page/);
    expect(await highlightedText(kettle)).toBeNull();
    // Our note, not the page's: the page's own document holds no such text.
    expect(await kettle.evaluate(() => document.body.innerText)).not.toContain('Cited Tabs');
  });
});
