import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import {
  answerReply,
  answerText,
  ask,
  highlightedText,
  indexOf,
  messageCalls,
  openFixture,
  openPopup,
  sentText,
  useHarness,
  useStandIn,
  type Harness,
} from '../support/harness';
import type { RecordedRequest } from '../support/stand-in/messages-api';
import { alertOf, citationOf } from '../support/popup-page';
import { UNSEEN_TRICKS } from '../support/unseen-tricks';
import { askAboutCare, type CareOptions } from '../support/ask-about-care';

/**
 * "Checked" means words a reader can see, in real Chromium through the real popup: a page that
 * plants a sentence no reader sees, by each common trick, never has it shown as checked nor sent
 * to the model (a box on top is told where it is in view when the page is read),
 * while the sentence a reader sees beside it is answered and highlighted; a tab stuffed with
 * hidden passages, or a page of many frames stuffed so, does not crowd another tab out of what is
 * sent; a quote the page stops drawing
 * after it was read is a broken citation; a quote under a box placed over it, or under what its
 * own element paints over it, is not shown as checked even far below the first screen; and a quote
 * that a click finds drawn under another box is said to be not shown, not highlighted.
 */

let h: Harness;

useHarness((x) => (h = x));

const CONTROL = 'The Brightwater kettle boils a full litre of water in three minutes.';
const PLANTED = 'This kettle was recalled for fire risk';

/** Asks about the kettle's care in unseen-later.html through this harness's popup (tests/support/ask-about-care.ts). */
function askAboutCareHere(options?: CareOptions): Promise<{ page: Page; popup: Page }> {
  return askAboutCare(
    {
      api: h.api,
      open: (fixture) => openFixture(h, fixture),
      ask: async (page, question) => {
        const popup = await openPopup(h, page);
        await ask(popup, question);
        return popup;
      },
    },
    options,
  );
}

/** The documents a request sent: the page's text, and nothing the model said. */
function documentsOf(req: RecordedRequest): string {
  const text = sentText(req);
  const docs = [...text.matchAll(/<documents>[\s\S]*?<\/documents>/g)].map((m) => m[0]);
  expect(docs.length).toBeGreaterThan(0);
  return docs.join('\n');
}

const TRICKS = UNSEEN_TRICKS;

/** The page that plants the sentence by `trick`: a page in quirks mode is a page of its own. */
const fixtureOf = (trick: string) => (trick === 'quirks' ? 'unseen-quirks.html' : `unseen.html?trick=${trick}`);

describe('a sentence no reader sees', () => {
  it.each(TRICKS)('planted by %s, is neither sent nor shown as checked; the one beside it is', async (trick) => {
    await useStandIn(h);
    const page = await openFixture(h, fixtureOf(trick));
    // The planted words are in the page's code, as the trick needs.
    expect(
      await page.evaluate(
        (w) =>
          document.documentElement.innerHTML.includes(w) ||
          (document.querySelector('iframe')?.contentDocument?.body.innerHTML.includes(w) ?? false),
        PLANTED,
      ),
    ).toBe(true);
    // The user clicks in the page (the selection trick selects its words then).
    if (trick === 'selection') {
      await page.click('#control');
      expect(await page.evaluate(() => getSelection()!.toString())).toContain(PLANTED);
    }
    h.api.enqueue((req) => {
      // A model told by the page: it cites the planted words as if it had read them.
      const control = indexOf(req, 'boils a full litre');
      return answerReply([
        { text: 'It boils a litre in three minutes.', citations: [{ index: control, literal: CONTROL }] },
        { text: 'It was recalled.', citations: [{ index: control, literal: `${PLANTED} after ${trick} tests.` }] },
      ]);
    });
    h.api.enqueue((req) =>
      answerReply([
        {
          text: 'It boils a litre in three minutes.',
          citations: [{ index: indexOf(req, 'boils a full litre'), literal: CONTROL }],
        },
      ]),
    );
    const popup = await openPopup(h, page);
    await ask(popup, 'Is the Brightwater kettle safe?');
    const answer = await answerText(popup);
    expect(answer).toContain('It boils a litre in three minutes.');
    expect(answer).not.toContain('It was recalled.');
    const calls = messageCalls(h.api);
    // The page's text sent (the retry also repeats the model's own words, which name them).
    for (const req of calls) expect(documentsOf(req)).not.toContain(PLANTED);
    // The user is told that the page hid something from them (a frame not shown and a child not
    // slotted are never read at all, so there is nothing to tell).
    const told = await popup.evaluate(() => document.body.innerText);
    if (trick.endsWith('frame') || trick.startsWith('frame-') || trick === 'unslotted') expect(told).not.toMatch(/does not show/);
    else expect(told).toMatch(/passages? (chosen w[a-z]+ not sent|w[a-z]+ sent without words).* does not show/);

    await (await citationOf(popup, 'It boils a litre in three minutes.')).click();
    if (PAINTED_OVER_ALL.has(trick)) {
      // The trick paints over the control sentence too (the whole view is white): the pixels at the
      // click find no words, so nothing is highlighted and the popup says why.
      const alert = await popup.waitForSelector('::-p-aria([role="alert"])', { timeout: 30_000 });
      expect(await alert!.evaluate((el) => (el as HTMLElement).innerText)).toMatch(/not shown on the page/);
      expect(await highlightedText(page)).toBeNull();
    } else await expect.poll(() => highlightedText(page), { timeout: 30_000 }).toBe(CONTROL);
  });
});

/** Tricks whose cover reaches the control sentence as well: a reader sees neither. */
const PAINTED_OVER_ALL = new Set(['outline-cover']);

describe('a tab stuffed with passages no reader sees', () => {
  it('does not crowd another tab out of what is sent', async () => {
    // The least budget: the stuffing fills it many times over, and outranks the honest page.
    await useStandIn(h, { fragmentBudget: 1000 });
    const honest = await openFixture(h, 'unseen.html?trick=none');
    await openFixture(h, 'unseen-stuffed.html');
    h.api.enqueue((req) =>
      answerReply([
        {
          text: 'It boils a litre in three minutes.',
          citations: [{ index: indexOf(req, 'boils a full litre'), literal: CONTROL }],
        },
      ]),
    );
    const popup = await openPopup(h, honest);
    await ask(popup, 'Is the Brightwater kettle safe?', 'All tabs in this window');
    expect(await answerText(popup)).toContain('It boils a litre in three minutes.');
    const calls = messageCalls(h.api);
    expect(calls).toHaveLength(1);
    const sent = documentsOf(calls[0]!);
    expect(sent).toContain(CONTROL);
    expect(sent).not.toContain('recalled for fire risk');
    expect(await popup.evaluate(() => document.body.innerText)).toMatch(
      /passages chosen were not sent: their page does not show/,
    );
  });
});

describe('a page of many frames stuffed with passages no reader sees', () => {
  it('does not crowd another tab out, however many rounds the check takes to catch them', async () => {
    // Eight frames, each caught in a round of its own: more rounds than the check makes choices.
    await useStandIn(h, { fragmentBudget: 1000 });
    const honest = await openFixture(h, 'unseen.html?trick=none');
    const forum = await openFixture(h, 'unseen-frames.html');
    await expect.poll(() => forum.frames().length, { timeout: 20_000 }).toBe(9);
    h.api.enqueue((req) =>
      answerReply([
        {
          text: 'It boils a litre in three minutes.',
          citations: [{ index: indexOf(req, 'boils a full litre'), literal: CONTROL }],
        },
      ]),
    );
    const popup = await openPopup(h, honest);
    await ask(popup, 'Is the Brightwater kettle safe?', 'All tabs in this window');
    expect(await answerText(popup)).toContain('It boils a litre in three minutes.');
    const calls = messageCalls(h.api);
    expect(calls).toHaveLength(1);
    const sent = documentsOf(calls[0]!);
    expect(sent).toContain(CONTROL);
    expect(sent).not.toContain('recalled for fire risk');
  });
});

describe('a quote the page no longer draws', () => {
  it('is a broken citation when the page hides it after it was read: the retry is told why', async () => {
    await useStandIn(h);
    const FADING = 'The Brightwater kettle has a five-year guarantee on its element.';
    const { page, popup } = await askAboutCareHere({
      more: [{ text: 'Its element is guaranteed for five years.', words: 'five-year guarantee', literal: FADING }],
      // Slowly, so that the page can change while the answer comes.
      chunkDelayMs: 400,
      retry: true,
    });
    // The page was read (the request holds the sentence); now, before the answer is checked, the
    // page stops drawing it.
    await expect.poll(() => messageCalls(h.api).length, { timeout: 30_000 }).toBe(1);
    expect(sentText(messageCalls(h.api)[0]!)).toContain(FADING);
    await page.evaluate(() => (document.getElementById('fading')!.style.opacity = '0'));

    const answer = await answerText(popup);
    expect(answer).toContain('Descale it monthly.');
    expect(answer).not.toContain('guaranteed for five years');
    const calls = messageCalls(h.api);
    expect(calls).toHaveLength(2);
    expect(sentText(calls[1]!)).toContain('a reader cannot see it');
  });
});

describe('a quote far below the first screen, where no hit test can tell without scrolling', () => {
  it('under a box placed over it, or one its own element paints over it, is not sent: worked out by CSS’s painting order', async () => {
    await useStandIn(h);
    const { page, popup } = await askAboutCareHere();
    expect(await answerText(popup)).toContain('Descale it monthly.');
    const calls = messageCalls(h.api);
    expect(calls).toHaveLength(1);
    expect(documentsOf(calls[0]!)).toContain('once a month');
    // A white box placed over it, later in the page.
    expect(documentsOf(calls[0]!)).not.toContain('filter in the spout');
    // Its own ::after: the hit test would take it for the words' own element; its box is worked out.
    expect(documentsOf(calls[0]!)).not.toContain('firm press');
    // The sentence after them both, which a reader sees, is sent.
    expect(documentsOf(calls[0]!)).toContain('turns all the way round');
    // The page is not scrolled to tell.
    expect(await page.evaluate(() => scrollY)).toBe(0);
  });

  it.each([
    // A white box placed over it: CSS's painting order puts it on top.
    ['a box placed over it', 'box'],
    // Its own ::after: the hit test would take it for the words' own element; its box is worked out.
    ['a box its own element paints over it', 'own'],
  ] as const)(
    'under %s after it was sent, is not shown as checked: the retry is told, and the answer keeps what a reader sees',
    async (_how, lid) => {
      await useStandIn(h);
      const literal = 'The base of the Brightwater kettle turns all the way round on its cord.';
      const { page, popup } = await askAboutCareHere({
        more: [{ text: 'It says more.', words: 'turns all the way round', literal }],
        // Slowly, so that the page can change while the answer comes.
        chunkDelayMs: 400,
        retry: true,
      });
      await expect.poll(() => messageCalls(h.api).length, { timeout: 30_000 }).toBe(1);
      expect(sentText(messageCalls(h.api)[0]!)).toContain(literal);
      await page.evaluate((own) => {
        if (own) {
          document.getElementById('lowered')!.classList.add('lidded');
          return;
        }
        const cover = document.createElement('div');
        cover.style.cssText = 'position: absolute; inset: 0; background: #fff';
        document.getElementById('lowered-cover')!.append(cover);
      }, lid === 'own');
      const answer = await answerText(popup);
      expect(answer).toContain('Descale it monthly.');
      expect(answer).not.toContain('It says more.');
      const calls = messageCalls(h.api);
      expect(calls).toHaveLength(2);
      expect(sentText(calls[1]!)).toContain('a reader cannot see it');
      // The page is not scrolled to tell.
      expect(await page.evaluate(() => scrollY)).toBe(0);
    },
  );
});

describe('a click on a quote the page covers after it was shown', () => {
  it('says it was found in the page’s code but not shown, and highlights nothing', async () => {
    await useStandIn(h);
    const { page, popup } = await askAboutCareHere();
    expect(await answerText(popup)).toContain('Descale it monthly.');
    // Now a white box is placed over the words: the click's proof finds it.
    await page.evaluate(() => {
      const r = document.getElementById('control')!.getBoundingClientRect();
      const lid = document.createElement('div');
      lid.style.cssText = `position: absolute; left: ${r.left + scrollX}px; top: ${r.top + scrollY}px; width: ${r.width}px; height: ${r.height}px; background: #fff`;
      document.body.append(lid);
    });
    await (await citationOf(popup, 'Descale it monthly.')).click();
    expect(await alertOf(popup)).toContain("found in the page's code but not shown on the page");
    expect(await highlightedText(page)).toBeNull();
  });
});
