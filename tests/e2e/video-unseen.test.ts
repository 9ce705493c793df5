/**
 * Captions only from a player a reader can see (issue #44, item 5), in headless Chromium with the
 * built extension and the real popup. A player moved off the page, clipped to a pixel, covered by
 * another box or faded to 0.02 (on it or an ancestor, its captions in a `<track>` or added by a
 * script) has none of its cues sent (tests/fixtures/video-unseen.html `?how=`); the same page with
 * the player in view is read. A quote of a player's captions is proven before it is shown: a
 * player faded after it was read makes the quote a broken citation, and a click on a quote whose
 * player was faded since plays nothing and says so.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { alertOf, answerText, ask, citationOf } from '../support/popup-page';
import { answerReply, indexOf, sentText } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';

const h = useExtension({ standIn: true });

const NOTES = 'The council meets in the town hall on the first Monday of each month.';
const BRIDGES = 'on repairing the three old bridges over the river';
const TOWN_HALL = 'The talk was given in the town hall.';

/** Asks about `page` and answers from its notes; what was sent, and what the popup says. */
async function askAbout(page: Page): Promise<{ sent: string; said: string }> {
  h.api.enqueue((req) =>
    answerReply([{ text: 'It meets monthly.', citations: [{ index: indexOf(req, 'first Monday'), literal: NOTES }] }]),
  );
  const popup = await h.popup(page);
  await ask(popup, 'What happens to the bridges, and when does the council meet?');
  await answerText(popup);
  return { sent: sentText(h.calls()[0]!), said: await popup.evaluate(() => document.body.innerText) };
}

describe('captions of a player no reader can see', () => {
  it.each([
    ['moved off the page', 'off-page'],
    ['clipped to a pixel by a box around it', 'clipped'],
    ['covered by a white box', 'covered'],
    ['in a box faded to 0.02', 'faded-ancestor'],
    ['faded to 0.02 itself, its captions added by a script', 'script-faded'],
  ])('are not read when the player is %s', async (_how, how) => {
    const page = await h.open(`video-unseen.html?how=${how}`);
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    const { sent, said } = await askAbout(page);
    expect(sent).toContain(NOTES);
    expect(sent).not.toContain('three old bridges');
    expect(sent).not.toContain('harbour ferry');
    expect(said).not.toContain('Read the captions');
  });

  it('are read when the same player is in view, its captions added by a script', async () => {
    const page = await h.open('video-unseen.html?how=script-shown');
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    const { sent, said } = await askAbout(page);
    expect(sent).toContain(NOTES);
    expect(sent).toContain('on repairing the three old bridges over the river. The harbour ferry gets a new engine');
    expect(said).toContain('Read the captions of 1 video');
  });
});

describe('a quote of captions whose player a reader no longer sees', () => {
  it('is a broken citation when the player is faded after it was read: the retry is told why', async () => {
    const page = await h.open('video-talk.html');
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    h.api.enqueue((req) => ({
      ...answerReply([
        { text: 'It was given in the town hall.', citations: [{ index: indexOf(req, 'town hall'), literal: TOWN_HALL }] },
        { text: 'The bridges will be repaired.', citations: [{ index: indexOf(req, 'old bridges'), literal: BRIDGES }] },
      ]),
      // Slowly, so that the page can change while the answer comes.
      chunkDelayMs: 400,
    }));
    h.api.enqueue((req) =>
      answerReply([
        { text: 'It was given in the town hall.', citations: [{ index: indexOf(req, 'town hall'), literal: TOWN_HALL }] },
      ]),
    );
    const popup = await h.popup(page);
    await ask(popup, 'What does the mayor say about the bridges?');
    // The captions were read and sent; now, before the answer is checked, the player fades.
    await expect.poll(() => h.calls().length, { timeout: 30_000 }).toBe(1);
    expect(sentText(h.calls()[0]!)).toContain(BRIDGES);
    await page.evaluate(() => (document.querySelector('video')!.style.opacity = '0.02'));

    const answer = await answerText(popup);
    expect(answer).toContain('It was given in the town hall.');
    expect(answer).not.toContain('The bridges will be repaired.');
    const calls = h.calls();
    expect(calls).toHaveLength(2);
    expect(sentText(calls[1]!)).toContain('a reader cannot see it');
  });

  it('plays nothing on a click once the player is covered, and says so', async () => {
    const page = await h.open('video-talk.html');
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    h.api.enqueue((req) =>
      answerReply([
        { text: 'The bridges will be repaired.', citations: [{ index: indexOf(req, 'old bridges'), literal: BRIDGES }] },
      ]),
    );
    const popup = await h.popup(page);
    await ask(popup, 'What does the mayor say about the bridges?');
    expect(await answerText(popup)).toContain('The bridges will be repaired.');
    // Covered by a white box the page places over it, wherever it is scrolled.
    await page.evaluate(() => {
      const video = document.querySelector('video')!;
      const r = video.getBoundingClientRect();
      const cover = document.createElement('div');
      cover.style.cssText = `position: absolute; left: ${r.left + scrollX - 5}px; top: ${r.top + scrollY - 5}px; width: ${r.width + 10}px; height: ${r.height + 10}px; background: #fff`;
      document.body.append(cover);
    });
    await (await citationOf(popup, 'The bridges will be repaired.')).click();
    expect(await alertOf(popup)).toContain('its player is not shown on the page, so nothing was played');
    expect(await page.evaluate(() => document.querySelector('video')!.currentTime)).toBe(0);
    expect(await page.evaluate(() => document.querySelector('[data-cited-tabs-quote]'))).toBeNull();
  });
});
