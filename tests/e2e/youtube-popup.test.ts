import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launch, type Harness } from '../support/extension-browser';
import { resetBetweenTests, useStandIn } from '../support/harness';
import { answerText, ask, citationOf, openPopup } from '../support/popup-page';
import { answerReply, indexOf, messageCalls, sentText } from '../support/stand-in/replies';
import { startYouTubeSite, YOUTUBE, type YouTubeSite } from '../support/youtube-site';

/**
 * A YouTube video as a source, through the built extension and the real popup in headless
 * Chromium, on watch pages served as www.youtube.com by the stand-in (tests/support/youtube-site.ts):
 * the caption URL answers its empty body without the player's token, so the captions come from
 * get_transcript; the chip names the moment, a click seeks the page's player there, and Copy as
 * Markdown links to it. The page moving to another video without a reload is read as that video;
 * a video without captions is said so.
 */

let h: Harness;
let site: YouTubeSite;

beforeAll(async () => {
  site = await startYouTubeSite();
  h = await launch({ args: site.chromiumArgs });
});

afterAll(async () => {
  await h?.close();
  await site?.close();
});

beforeEach(async () => {
  site.options = {};
  await resetBetweenTests(h);
  await useStandIn(h);
});

async function watch(path: string): Promise<Page> {
  const page = await h.browser.newPage();
  await page.goto(`${YOUTUBE}${path}`, { waitUntil: 'load' });
  return page;
}

const currentTime = (page: Page) => page.evaluate(() => document.querySelector('video')!.currentTime);

async function copiedMarkdown(popup: Page): Promise<string> {
  const origin = popup.url().split('/').slice(0, 3).join('/');
  await h.browser
    .defaultBrowserContext()
    .overridePermissions(origin, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
  await popup.locator('::-p-aria(Copy as Markdown[role="button"])').click();
  await popup.waitForFunction(() =>
    document.querySelector('.copy-answer [role="status"]')?.textContent?.startsWith('Copied as Markdown'),
  );
  return popup.evaluate(() => navigator.clipboard.readText());
}

describe('a YouTube video as a source', () => {
  it('answers from its captions, names the moment on the chip, seeks there on a click and links to it', async () => {
    const page = await watch('/watch?v=Lh0usekeep1&media=1');
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    const QUOTE = 'the lamp was replaced by an electric one';
    h.api.enqueue((req) =>
      answerReply([{ text: 'An electric lamp came in 1931.', citations: [{ index: indexOf(req, QUOTE), literal: QUOTE }] }]),
    );
    const popup = await openPopup(h, page);
    await ask(popup, 'What does the keeper say about the lamp?');
    expect(await answerText(popup)).toContain('An electric lamp came in 1931.');
    // What is said went to the model: read by get_transcript after the caption URL's empty body.
    expect(sentText(messageCalls(h.api)[0]!)).toContain('In 1931 the lamp was replaced by an electric one.');
    const asked = site.calls.map((c) => `${c.method} ${c.url.pathname}`);
    expect(asked).toContain('POST /youtubei/v1/get_transcript');
    expect(site.calls.find((c) => c.url.pathname === '/api/timedtext')?.url.searchParams.get('pot')).toBeNull();
    expect(await popup.evaluate(() => document.body.innerText)).toContain('Read the captions of 1 video');

    const chip = await citationOf(popup, 'An electric lamp came in 1931.');
    expect(await chip.evaluate((b) => b.getAttribute('aria-label'))).toBe(
      'youtube.com — The keeper of Punta Alta - YouTube, 2:31',
    );
    expect(await copiedMarkdown(popup)).toContain('(https://www.youtube.com/watch?v=Lh0usekeep1&t=151s)');

    await chip.click();
    // The cue is said from 2:31 to 2:36.5: the player lands inside it.
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(151);
    expect(await currentTime(page)).toBeLessThan(156.5);
    // Our own element shows the words over the player (its closed shadow root: video.test.ts reads it).
    expect(await page.evaluate(() => document.querySelector('[data-cited-tabs-quote]') !== null)).toBe(true);
  });

  it('with captions turned on, reuses the player’s token and asks no get_transcript', async () => {
    const page = await watch('/watch?v=Lh0usekeep1&cc=1');
    await page.waitForSelector('body[data-captions="on"]');
    const QUOTE = 'light the lamp';
    h.api.enqueue((req) =>
      answerReply([
        { text: 'Every evening.', citations: [{ index: indexOf(req, QUOTE), literal: 'every evening to light the lamp' }] },
      ]),
    );
    const from = site.calls.length;
    const popup = await openPopup(h, page);
    await ask(popup, 'How often did the keeper climb the steps?');
    expect(await answerText(popup)).toContain('Every evening.');
    const asked = site.calls.slice(from);
    expect(asked.map((c) => `${c.method} ${c.url.pathname} ${c.url.searchParams.get('pot') ? 'pot' : ''}`.trim())).toEqual([
      'GET /api/timedtext pot',
    ]);
    expect(await (await citationOf(popup, 'Every evening.')).evaluate((b) => b.textContent)).toContain('0:04');
  });

  it('after a move to another video without a reload, reads that video’s captions, never the first one’s', async () => {
    const page = await watch('/watch?v=Lh0usekeep1&media=1');
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    await page.evaluate(() => {
      history.pushState({}, '', '/watch?v=Tid3Tables2');
      document.querySelector('ytd-watch-flexy')!.setAttribute('video-id', 'Tid3Tables2');
    });
    const QUOTE = 'High water at the harbour comes forty minutes after the bar';
    h.api.enqueue((req) =>
      answerReply([{ text: 'Forty minutes after the bar.', citations: [{ index: indexOf(req, QUOTE), literal: QUOTE }] }]),
    );
    const popup = await openPopup(h, page);
    await ask(popup, 'When is high water at the harbour?');
    expect(await answerText(popup)).toContain('Forty minutes after the bar.');
    const sent = sentText(messageCalls(h.api)[0]!);
    expect(sent).toContain('Spring tides follow the new and the full moon by about two days.');
    expect(sent).not.toContain('The keeper climbed one hundred and twelve steps');
    expect(site.calls.some((c) => c.url.pathname === '/watch' && c.url.searchParams.get('v') === 'Tid3Tables2')).toBe(true);

    const chip = await citationOf(popup, 'Forty minutes after the bar.');
    expect(await chip.evaluate((b) => b.textContent)).toContain('0:02');
    await chip.click();
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(await currentTime(page)).toBeLessThan(6);
  });

  it('says plainly that a video has no captions it can read', async () => {
    const page = await watch('/watch?v=NoCapt1ons0');
    h.api.enqueue((req) =>
      answerReply([
        {
          text: 'A film of waves.',
          citations: [{ index: indexOf(req, 'A short film'), literal: 'A short film, with its captions.' }],
        },
      ]),
    );
    const popup = await openPopup(h, page);
    await ask(popup, 'What is said about the waves?');
    await answerText(popup);
    const shown = await popup.evaluate(() => document.body.innerText);
    expect(shown).toContain('This video has no captions we can read.');
    expect(shown).not.toContain('Read the captions');
  });
});
