/**
 * A YouTube video as a source in Firefox, as in Chromium (tests/e2e/youtube-popup.test.ts): watch
 * pages of the stand-in served as www.youtube.com (through a tunnel of ours, tests/support/youtube-site.ts),
 * read by the add-on's content script, whose requests go out as the page's (`content.fetch`): the
 * captions from get_transcript after the caption URL's empty body, or with the player's token
 * when captions are on; the chip names the moment and a click seeks the player inside the cue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerReply, indexOf, messageCalls, sentText } from '../support/harness';
import { inTab, openTab, Popup, useFirefoxWithKey, type Firefox } from '../support/firefox';
import { startYouTubeSite, trustInFirefox, YOUTUBE, type YouTubeSite } from '../support/youtube-site';

let fx: Firefox;
let site: YouTubeSite;
useFirefoxWithKey((x) => (fx = x));

beforeAll(async () => {
  site = await startYouTubeSite();
  await fx.m.setContext('chrome');
  await fx.m.execute(trustInFirefox(site));
  await fx.m.setContext('content');
});

afterAll(async () => {
  await site?.close();
});

const currentTime = (page: string) => inTab<number>(fx, page, `return document.querySelector('video').currentTime;`);

describe('Firefox: a YouTube video as a source', () => {
  it('answers from the captions read by get_transcript, names the moment, and a click seeks there', async () => {
    const page = await openTab(fx, `${YOUTUBE}/watch?v=Lh0usekeep1&media=1`);
    await expect
      .poll(() => inTab<number>(fx, page, `return document.querySelector('video').readyState;`), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    const popup = new Popup(fx);
    await popup.open();
    const QUOTE = 'the lamp was replaced by an electric one';
    fx.api.enqueue((req) =>
      answerReply([{ text: 'An electric lamp came in 1931.', citations: [{ index: indexOf(req, QUOTE), literal: QUOTE }] }]),
    );
    const from = messageCalls(fx.api).length;
    await popup.ask('What does the keeper say about the lamp?');
    await expect.poll(() => popup.regionText('Answer'), { timeout: 30_000 }).toContain('An electric lamp came in 1931.');
    expect(sentText(messageCalls(fx.api)[from]!)).toContain('In 1931 the lamp was replaced by an electric one.');
    expect(site.calls.some((c) => c.method === 'POST' && c.url.pathname === '/youtubei/v1/get_transcript')).toBe(true);
    // (The coverage line is a part of the screen loaded after the answer: waited for.)
    await expect.poll(() => popup.text(), { timeout: 10_000 }).toContain('Read the captions of 1 video');

    await popup.click('youtube.com — The keeper of Punta Alta - YouTube, 2:31');
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(151);
    expect(await currentTime(page)).toBeLessThan(156.5);
  });

  it('with captions turned on, reuses the player’s token from the page’s resource timing', async () => {
    const page = await openTab(fx, `${YOUTUBE}/watch?v=Lh0usekeep1&cc=1`);
    await expect
      .poll(() => inTab<string | undefined>(fx, page, `return document.body.dataset.captions;`), { timeout: 15_000 })
      .toBe('on');
    const popup = new Popup(fx);
    await popup.open();
    fx.api.enqueue((req) =>
      answerReply([
        {
          text: 'Every evening.',
          citations: [{ index: indexOf(req, 'light the lamp'), literal: 'every evening to light the lamp' }],
        },
      ]),
    );
    const from = site.calls.length;
    await popup.ask('How often did the keeper climb the steps?');
    await expect.poll(() => popup.regionText('Answer'), { timeout: 30_000 }).toContain('Every evening.');
    expect(
      site.calls.slice(from).map((c) => `${c.method} ${c.url.pathname} ${c.url.searchParams.get('pot') ? 'pot' : ''}`.trim()),
    ).toEqual(['GET /api/timedtext pot']);
  });
});
