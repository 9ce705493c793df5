/**
 * A video as a source in Firefox, as in Chromium (tests/e2e/video.test.ts): the page's `<video>`
 * with a WebVTT track the user has not turned on is read as its captions by the video reader the
 * worker injects; the chip names the moment; a click leaves the video's `currentTime` inside the
 * cited cue and shows the quoted words in our overlay (read from the browser's privileged side:
 * its shadow root is closed to the page). A player no reader can see is not read.
 */
import { describe, expect, it } from 'vitest';
import { answerReply, indexOf, messageCalls, sentText } from '../support/harness';
import { inTab, openTab, Popup, useFirefoxWithKey, type Firefox } from '../support/firefox';

let fx: Firefox;
useFirefoxWithKey((x) => (fx = x));

const BRIDGES = 'on repairing the three old bridges over the river';

/** The words of our overlay in the selected tab, read by a frame script (system principal), or null. */
async function overlayWords(): Promise<string | null> {
  await fx.m.setContext('chrome');
  return fx.m.execute<string | null>(
    `const mm = gBrowser.selectedBrowser.messageManager;
     const topic = 'cited-tabs-test:' + Services.uuid.generateUUID().toString();
     return await new Promise((resolve) => {
       const listener = (msg) => {
         mm.removeMessageListener(topic, listener);
         resolve(msg.data);
       };
       mm.addMessageListener(topic, listener);
       const code =
         'const host = content.document.querySelector("[data-cited-tabs-quote]");' +
         'const root = host && host.openOrClosedShadowRoot;' +
         'const box = root && root.querySelector(".quote");' +
         'sendAsyncMessage(' + JSON.stringify(topic) + ', box && host.shadowRoot === null ? box.textContent : null);';
       mm.loadFrameScript('data:text/javascript;charset=utf-8,' + encodeURIComponent(code), false);
     });`,
  );
}

describe('Firefox: a video as a source', () => {
  it('answers from the captions, names the moment, and a click plays it with the words over the video', async () => {
    const page = await openTab(fx, `${fx.fixtures}/video-talk.html`);
    await expect
      .poll(() => inTab<number>(fx, page, `return document.querySelector('video').readyState;`), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    const popup = new Popup(fx);
    await popup.open();
    fx.api.enqueue((req) =>
      answerReply([
        {
          text: 'The council will repair the old bridges.',
          citations: [{ index: indexOf(req, 'old bridges'), literal: BRIDGES }],
        },
      ]),
    );
    await popup.ask('What does the mayor say about the bridges?');
    await expect
      .poll(() => popup.regionText('Answer'), { timeout: 30_000 })
      .toContain('The council will repair the old bridges.');
    expect(sentText(messageCalls(fx.api)[0]!)).toContain('on repairing the three old bridges over the river.');
    // (The coverage line is a part of the screen loaded after the answer: waited for.)
    await expect.poll(() => popup.text(), { timeout: 10_000 }).toContain('Read the captions of 1 video (3 min).');
    // The track the page left off is off again.
    expect(await inTab<string>(fx, page, `return document.querySelector('video').textTracks[0].mode;`)).toBe('disabled');

    await popup.click(`${new URL(fx.fixtures).host} — City budget talk, 2:31`);
    await expect
      .poll(() => inTab<number>(fx, page, `return document.querySelector('video').currentTime;`), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(151);
    expect(await inTab<number>(fx, page, `return document.querySelector('video').currentTime;`)).toBeLessThan(156);
    await expect.poll(overlayWords, { timeout: 5_000 }).toBe(BRIDGES);
  });

  // A player no reader can see has none of its captions sent (tests/fixtures/video-unseen.html).
  it.each([
    ['moved off the page', 'off-page'],
    ['in a box faded to 0.02', 'faded-ancestor'],
  ])('does not read the captions of a player %s', async (_how, how) => {
    const page = await openTab(fx, `${fx.fixtures}/video-unseen.html?how=${how}`);
    await expect
      .poll(() => inTab<number>(fx, page, `return document.querySelector('video').readyState;`), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    const popup = new Popup(fx);
    await popup.open();
    const NOTES = 'The council meets in the town hall on the first Monday of each month.';
    fx.api.enqueue((req) =>
      answerReply([{ text: 'It meets monthly.', citations: [{ index: indexOf(req, 'first Monday'), literal: NOTES }] }]),
    );
    await popup.ask('What happens to the bridges, and when does the council meet?');
    await expect.poll(() => popup.regionText('Answer'), { timeout: 30_000 }).toContain('It meets monthly.');
    // This case's request: the stand-in keeps the earlier cases' too.
    const sent = sentText(messageCalls(fx.api).at(-1)!);
    expect(sent).toContain(NOTES);
    expect(sent).not.toContain('three old bridges');
    // The coverage line, once loaded (a part of the screen loaded after the answer), names no captions.
    await expect.poll(() => popup.text(), { timeout: 10_000 }).toMatch(/Read 1 tab/);
    expect(await popup.text()).not.toContain('Read the captions');
  });
});
