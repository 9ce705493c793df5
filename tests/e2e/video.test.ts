import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { answerText, ask, citationNamed, citationOf, highlightedText } from '../support/popup-page';
import { answerReply, indexOf, sentText } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';

/**
 * A video as a source, in headless Chromium with the built extension and the real popup: a page's
 * `<video>` (a generated three-minute webm, tests/fixtures/video-talk.webm) with a WebVTT caption
 * track the user has not turned on. A question about what is said is answered from the captions;
 * the chip names the moment; a click plays it (the video's `currentTime` inside the cited cue) and
 * shows the quoted words in our own overlay; Copy as Markdown links to the moment (`#t=`). A video
 * without captions is said so in the coverage line.
 */

const h = useExtension({ standIn: true });

const BRIDGES = 'on repairing the three old bridges over the river';
/** The cue BRIDGES is said in: 2:31 to 2:36. */
const CUE = { start: 151, end: 156 };

/** The words of our overlay, read through the DevTools protocol: its shadow root is closed to the page. */
async function overlayWords(page: Page): Promise<{ text: string; width: number } | null> {
  const cdp = await page.createCDPSession();
  try {
    type Node = {
      nodeId: number;
      nodeType: number;
      nodeValue?: string;
      attributes?: string[];
      children?: Node[];
      shadowRoots?: Array<Node & { shadowRootType?: string }>;
    };
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: Node };
    const all = (n: Node): Node[] => [n, ...(n.children ?? []).flatMap(all), ...(n.shadowRoots ?? []).flatMap(all)];
    const host = all(root).find((n) => n.attributes?.includes('data-cited-tabs-quote'));
    const shadow = host?.shadowRoots?.[0];
    if (!shadow || shadow.shadowRootType !== 'closed') return null;
    const box = all(shadow).find((n) => n.attributes?.includes('quote'));
    if (!box) return null;
    const text = all(box)
      .filter((n) => n.nodeType === 3)
      .map((n) => n.nodeValue)
      .join('');
    const { model } = (await cdp.send('DOM.getBoxModel', { nodeId: box.nodeId })) as { model: { width: number } };
    return { text, width: model.width };
  } finally {
    await cdp.detach();
  }
}

async function activeTabUrl(): Promise<string> {
  return h.worker.evaluate(async () => {
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    return tab?.url ?? '';
  });
}

describe('a video as a source', () => {
  it('answers from the captions, cites the moment, plays it on a click and links to it', async () => {
    const page = await h.open('video-talk.html');
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    h.api.enqueue((req) =>
      answerReply([
        {
          text: 'The council will repair the old bridges.',
          citations: [{ index: indexOf(req, 'old bridges'), literal: BRIDGES }],
        },
      ]),
    );
    const popup = await h.popup(page);
    await ask(popup, 'What does the mayor say about the bridges?');
    const text = await answerText(popup);
    expect(text).toContain('The council will repair the old bridges.');
    // The captions went to the model as the page's words, the cue's markup (<v Mayor>) left out.
    const sent = sentText(h.calls()[0]!);
    expect(sent).toContain(
      'This year the council will spend forty million euros on repairing the three old bridges over the river.',
    );
    expect(sent).not.toContain('<v Mayor>');
    // The user's caption choice is as it was: the track is off again.
    expect(await page.evaluate(() => document.querySelector('video')!.textTracks[0]!.mode)).toBe('disabled');
    // The coverage line says what was read of the video.
    expect(await popup.evaluate(() => document.body.innerText)).toContain('Read the captions of 1 video (3 min).');

    const chip = await citationOf(popup, 'The council will repair the old bridges.');
    expect(await chip.evaluate((b) => b.getAttribute('aria-label'))).toBe(`${new URL(page.url()).host} — City budget talk, 2:31`);
    // The marker shows the moment, as its name says it.
    expect(await chip.evaluate((b) => b.textContent)).toBe('2:31');

    // Copy as Markdown links to the moment.
    const origin = popup.url().split('/').slice(0, 3).join('/');
    await h.browser
      .defaultBrowserContext()
      .overridePermissions(origin, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
    await popup.locator('::-p-aria(Copy as Markdown[role="button"])').click();
    await popup.waitForFunction(() =>
      document.querySelector('.copy-answer [role="status"]')?.textContent?.startsWith('Copied as Markdown'),
    );
    const copied = await popup.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`> ${BRIDGES}`);
    expect(copied).toContain(`[City budget talk, 2:31](${page.url()}#t=151)`);

    await chip.click();
    await expect
      .poll(() => page.evaluate(() => document.querySelector('video')!.currentTime), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(CUE.start);
    expect(await page.evaluate(() => document.querySelector('video')!.currentTime)).toBeLessThan(CUE.end);
    await expect.poll(async () => (await overlayWords(page))?.text, { timeout: 5_000 }).toBe(BRIDGES);
    const overlay = await overlayWords(page);
    expect(overlay?.text).toBe(BRIDGES);
    expect(overlay!.width).toBeGreaterThan(50);
    // The page sees our element, never into it.
    expect(await page.evaluate(() => document.querySelector('[data-cited-tabs-quote]')?.shadowRoot ?? 'closed')).toBe('closed');
    expect(await activeTabUrl()).toBe(page.url());
  });

  it('highlights the words in the transcript the page shows too, and the History plays the moment again', async () => {
    const page = await h.open('video-transcript.html');
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    const url = page.url();
    // The captions' passage (its cues joined: "euros on repairing"), not the transcript's paragraphs.
    h.api.enqueue((req) =>
      answerReply([
        {
          text: 'The council will repair the old bridges.',
          citations: [{ index: indexOf(req, 'euros on repairing'), literal: BRIDGES }],
        },
      ]),
    );
    const popup = await h.popup(page);
    await ask(popup, 'What does the mayor say about the bridges?');
    await answerText(popup);
    const name = `${new URL(url).host} — City budget talk, with its transcript, 2:31`;
    await popup.locator(citationNamed(name)).click();
    await expect.poll(() => highlightedText(page), { timeout: 20_000 }).toBe(BRIDGES);
    expect(
      await page.evaluate(
        () => CSS.highlights.get('cited-quote') && [...CSS.highlights.get('cited-quote')!][0]!.startContainer.parentElement!.id,
      ),
    ).toBe('t3');
    await expect.poll(() => page.evaluate(() => document.querySelector('video')!.currentTime)).toBeGreaterThanOrEqual(CUE.start);
    // (The words go over the video once it has moved to the moment: waited for, as a reader would.)
    await expect.poll(async () => (await overlayWords(page))?.text, { timeout: 5_000 }).toBe(BRIDGES);

    // The tab closed: the History's citation opens the video's address at the moment, and plays it.
    await page.close();
    const other = await h.open('museum-hours.html');
    const later = await h.popup(other);
    await later.locator('::-p-aria(History[role="button"])').click();
    await later.locator('::-p-aria(What does the mayor say about the bridges?[role="button"])').click();
    await later.locator(citationNamed(name)).click();
    const target = await h.browser.waitForTarget((t) => t.url() === `${url}#t=151`, { timeout: 20_000 });
    const again = (await target.asPage())!;
    await expect
      .poll(() => again.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(CUE.start);
    expect(await again.evaluate(() => document.querySelector('video')!.currentTime)).toBeLessThan(CUE.end);
  });

  it('says so when the cited video is gone from its page, and shows nothing', async () => {
    const page = await h.open('video-talk.html');
    h.api.enqueue((req) =>
      answerReply([
        {
          text: 'The council will repair the old bridges.',
          citations: [{ index: indexOf(req, 'old bridges'), literal: BRIDGES }],
        },
      ]),
    );
    const popup = await h.popup(page);
    await ask(popup, 'What does the mayor say about the bridges?');
    await answerText(popup);
    await page.evaluate(() => document.querySelector('video')!.remove());
    await (await citationOf(popup, 'The council will repair the old bridges.')).click();
    const alert = await popup.waitForSelector('::-p-aria([role="alert"])', { timeout: 20_000 });
    expect(await alert!.evaluate((el) => (el as HTMLElement).innerText)).toContain(
      'The video is no longer on the page, so nothing was played.',
    );
    expect(await overlayWords(page)).toBeNull();
    expect(await highlightedText(page)).toBeNull();
  });

  it('says plainly that a video has no captions it can read', async () => {
    const page = await h.open('video-silent.html');
    h.api.enqueue((req) =>
      answerReply([
        {
          text: 'It was a harbour meeting.',
          citations: [{ index: indexOf(req, 'harbour meeting'), literal: 'The recording of the harbour meeting' }],
        },
      ]),
    );
    const popup = await h.popup(page);
    await ask(popup, 'What is said about the ferry?');
    await answerText(popup);
    expect(await popup.evaluate(() => document.body.innerText)).toContain('This video has no captions we can read.');
    expect(await popup.evaluate(() => document.body.innerText)).not.toContain('Read the captions');
  });
});
