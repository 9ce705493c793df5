import type { Frame, Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import type { PageText } from '@/lib/shared/protocol/types';
import { alertOf, answerText, ask, citationNamed, citationOf } from '../support/popup-page';
import { answerReply, indexOf, sentText } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';

/**
 * Extraction in headless Chromium, through the built extension: what a reader sees (real CSS,
 * real layout, closed shadow roots opened by the extension), every frame read by its own script,
 * single-page apps waited for, huge pages read within a budget, and the popup saying what was
 * read and what was not.
 */

const h = useExtension();

interface FrameReply {
  frameId: number;
  page: PageText;
}

/**
 * Every frame of the page's tab read as the background reads it: the built page script injected
 * into all frames, each frame asked for its text, then asked to check every passage as if all were
 * about to be sent (what it hides is left out, what it cuts is its text without the unseen words).
 */
async function readFrames(page: Page): Promise<FrameReply[]> {
  return h.worker.evaluate(async (url) => {
    const [tab] = await chrome.tabs.query({ url });
    const tabId = tab!.id!;
    const injected = await chrome.scripting.executeScript({
      target: { tabId, allFrames: true },
      files: ['/page-reader.js'],
    });
    return Promise.all(
      injected.map(async (r) => {
        const read = (await chrome.tabs.sendMessage(tabId, { type: 'extract' }, { frameId: r.frameId })) as PageText;
        if (read.passages.length === 0) return { frameId: r.frameId, page: read };
        const ids = read.passages.map((p) => p.id);
        const verdict = (await chrome.tabs.sendMessage(
          tabId,
          { type: 'shown', readId: read.readId, ids },
          { frameId: r.frameId },
        )) as { hidden: string[]; cut: Array<{ id: string; text: string }> };
        const cut = new Map(verdict.cut.map((c) => [c.id, c.text]));
        const passages = read.passages
          .filter((p) => !verdict.hidden.includes(p.id))
          .map((p) => ({ ...p, text: cut.get(p.id) ?? p.text }));
        return { frameId: r.frameId, page: { ...read, passages } };
      }),
    );
  }, page.url());
}

function textOf(page: PageText): string {
  return page.passages.map((p) => p.text).join('\n');
}

/** The reply of the one frame whose text holds `words`. */
function frameWith(replies: FrameReply[], words: string): FrameReply {
  const found = replies.filter((r) => textOf(r.page).includes(words));
  expect(found, `frames holding "${words}"`).toHaveLength(1);
  return found[0]!;
}

async function frameOf(page: Page, words: string): Promise<Frame> {
  for (const frame of page.frames()) {
    if (await frame.evaluate((w) => document.body?.innerText.includes(w) ?? false, words)) return frame;
  }
  throw new Error(`no frame holds "${words}"`);
}

describe('what a reader sees', () => {
  it('reads visible text in reading order, and nothing hidden, with words kept apart', async () => {
    const page = await h.open('extraction.html');
    const main = (await readFrames(page)).find((r) => r.frameId === 0)!;
    const text = textOf(main.page);
    for (const seen of [
      'Wetland birds and mammals',
      'Visible paragraph about otters in the reed beds.',
      'Shown words about minks by the water.',
      // White words a reader sees: on a dark band, over a picture.
      'White words on a dark band about kingfishers.',
      'White words over a picture about egrets.',
      // Boxes placed over the page that cover nothing: one painted under the words, a badge beside them.
      'Words over a painted panel about spoonbills.',
      'Words beside a badge about grey wagtails.',
      // A reader can open these, and the highlight opens them.
      'Closed details text about sea otters.',
      'Until-found text about river otters.',
      // Shadow roots, the closed one opened by the extension.
      'Open shadow text about puffins.',
      'Closed shadow text about gannets.',
      // Beside hidden words, in the same box; a link keeps its own colour in a box of transparent text.
      'Kept words about moorhens',
      "Kept words about coots' chicks",
      'Link words in their own colour about ospreys.',
    ]) {
      expect(text).toContain(seen);
    }
    for (const hidden of [
      'badgers',
      'ferrets',
      'weasels',
      'stoats',
      'pine martens',
      'bitterns',
      'water voles',
      'corncrakes',
      // The tricks again, on words held by inline elements, and the box-only ones.
      'dormice',
      'box words about voles',
      'shrews',
      'hedgehogs',
      'polecats',
      'content about martens',
      'beavers',
      'lemmings',
    ]) {
      expect(text).not.toContain(hidden);
    }
    // Flex items, inline blocks, cells, list items and lines are kept apart.
    expect(text).toMatch(/Reedbeds\sMudflats/);
    expect(text).toMatch(/Entry\s12 EUR\stoday/);
    expect(text).toMatch(/Cell about avocets\sCell about curlews/);
    expect(text).toMatch(/Item about lapwings\sItem about redshanks/);
    expect(text).toMatch(/Line about grebes\sLine about coots/);
    // Reading order.
    const order = ['otters in the reed beds', 'minks', 'sea otters', 'river otters', 'avocets', 'puffins', 'gannets'];
    const at = order.map((w) => text.indexOf(w));
    expect(at).toEqual([...at].sort((a, b) => a - b));
    // The heading opens the first passage and is the context of the rest.
    expect(main.page.passages[0]!.text.startsWith('Wetland birds and mammals\n')).toBe(true);
    expect(main.page.passages.slice(1).every((p) => p.heading === 'Wetland birds and mammals')).toBe(true);
    expect(main.page.coverage).toMatchObject({ readShare: 1, childFrames: 4 });
  });

  it('reads every frame with a script of its own: same-origin, inline and cross-origin; a hidden frame shows nothing', async () => {
    const page = await h.open('extraction.html');
    await (await frameOf(page, 'cormorants')).waitForFunction(() => document.readyState === 'complete');
    const replies = await readFrames(page);
    const same = frameWith(replies, 'Same-origin frame text about kingfishers.');
    const inline = frameWith(replies, 'Srcdoc frame text about herons.');
    const cross = frameWith(replies, 'Cross-origin frame text about cormorants.');
    const ids = [0, same.frameId, inline.frameId, cross.frameId];
    expect(new Set(ids).size).toBe(4);
    // The frame in a display: none iframe was reached, and read as showing nothing.
    const hidden = replies.filter((r) => r.page.coverage?.hiddenFrame);
    expect(hidden).toHaveLength(1);
    expect(hidden[0]!.page.passages).toEqual([]);
    expect(replies.some((r) => textOf(r.page).includes('bitterns'))).toBe(false);
  });
});

describe('pages that are still changing', () => {
  it('waits for a single-page app to render before reading it', async () => {
    const page = await h.browser.newPage();
    // Asked as soon as the page has loaded, before the app has fetched and rendered anything.
    await page.goto(`${h.fixtures}/spa.html`, { waitUntil: 'load' });
    const [main] = await readFrames(page);
    const text = textOf(main!.page);
    expect(text).toContain('The first ferry to the island leaves the harbour at 7:15.');
    expect(text).toContain('The last ferry back from the island leaves at 18:05.');
    expect(text).not.toContain('Loading');
    expect(main!.page.coverage?.unsettled).toBeUndefined();
  });

  it('reads a page that never stops changing as it is, after a capped wait, and says so', async () => {
    const page = await h.open('ticker.html');
    const started = Date.now();
    const [main] = await readFrames(page);
    expect(Date.now() - started).toBeLessThan(12_000);
    expect(textOf(main!.page)).toContain('Harbour Rovers against Lighthouse United, second half.');
    expect(main!.page.coverage).toMatchObject({ unsettled: true, readShare: 1 });
  });
});

describe('a huge page', () => {
  it('is read within its budget, its tab kept responsive, and what was left out is reported', async () => {
    const page = await h.open('huge.html');
    const total = await page.evaluate(() => document.body.textContent!.length);
    expect(total).toBeGreaterThan(3_000_000);
    // The page's longest task while it is read: how long its tab could not respond.
    await page.evaluate(() => {
      const w = window as unknown as { longest: number };
      w.longest = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
      }).observe({ type: 'longtask' });
    });
    const [main] = await readFrames(page);
    const coverage = main!.page.coverage!;
    expect(coverage.truncatedBy).toBe('size');
    expect(coverage.readShare).toBeGreaterThan(0.2);
    expect(coverage.readShare).toBeLessThan(0.8);
    expect(main!.page.chars).toBeLessThanOrEqual(2_000_000 + main!.page.passages.length);
    // What was read is the page's beginning, in order.
    expect(main!.page.passages[0]!.text.startsWith('Server log\nEntry 0:')).toBe(true);
    const longest = await page.evaluate(() => (window as unknown as { longest: number }).longest);
    // Bounded by the walk's time budget (1.5 s) and the cutting of what it read, far below what
    // reading the whole page without limits would take on a slow machine.
    expect(longest).toBeLessThan(8_000);
  });
});

const CROSS_QUOTE = 'Cross-origin frame text about cormorants.';
const SAME_QUOTE = 'Same-origin frame text about kingfishers.';

/** The words of the cited-quote highlight in `frame` ('' when none). */
function crossHighlight(frame: Frame): Promise<string> {
  return frame.evaluate(() => [...(CSS.highlights.get('cited-quote') ?? [])].map((r) => r.toString()).join(''));
}

/**
 * The extraction page asked about birds; the model cites the sentence of the frame that names
 * `bird` (`quote`) in the claim `claim`.
 */
async function askAboutBirds(bird: string, quote: string, claim: string): Promise<{ page: Page; popup: Page; frame: Frame }> {
  await h.standIn();
  const page = await h.open('extraction.html');
  const frame = await frameOf(page, bird);
  await frame.waitForFunction(() => document.readyState === 'complete');
  h.api.enqueue((req) => answerReply([{ text: claim, citations: [{ index: indexOf(req, bird), literal: quote }] }]));
  const popup = await h.popup(page);
  await ask(popup, 'Which birds: otters, kingfishers, cormorants, herons, gannets?');
  expect(await answerText(popup)).toContain(claim);
  return { page, popup, frame };
}

/** The extraction page asked about birds; the model cites the cross-origin frame's sentence. */
async function askAboutCormorants(): Promise<{ page: Page; popup: Page; crossFrame: Frame }> {
  const { page, popup, frame } = await askAboutBirds('cormorants', CROSS_QUOTE, 'Cormorants are mentioned.');
  return { page, popup, crossFrame: frame };
}

describe('the popup says what was read', () => {
  it('cites a passage read in a cross-origin frame, counts the frames, and a click highlights it there, placed by its parent', async () => {
    const { page, popup, crossFrame } = await askAboutCormorants();
    const answer = await answerText(popup);
    const sent = sentText(h.calls()[0]!);
    for (const words of ['kingfishers', 'cormorants', 'herons', 'gannets', 'otters']) expect(sent).toContain(words);
    expect(sent).not.toContain('bitterns');
    // The page and three embedded frames (the hidden one shows nothing and is not counted).
    expect(answer).toMatch(/Read 1 tab \(\d+ passages, [\d,]+ characters, 3 embedded frames\)/);

    // Named by the site the frame comes from, in a frame on the tab’s page.
    const title = await page.title();
    await popup.locator(citationNamed(`${new URL(crossFrame.url()).host} — in a frame on ${title}`)).click();
    // A frame of another origin cannot say where it sits in the tab: its parent says where its
    // frame element is and that a reader sees it (frame-box), the worker places the quote's boxes
    // in the top view, and the capture of the tab shows its glyphs (lib/worker/reveal/place-in-top.ts).
    await expect.poll(() => crossHighlight(crossFrame), { timeout: 30_000 }).toBe(CROSS_QUOTE);
  });

  /** What the page does to the cross-origin frame after the answer, from its own origin. */
  const tricks: Array<[string, () => void]> = [
    [
      'lays an opaque white box over its frame (scrolled with the page)',
      () => {
        const r = document.getElementById('cross')!.getBoundingClientRect();
        const lid = document.createElement('div');
        lid.style.cssText = `position: absolute; left: ${r.left + scrollX - 4}px; top: ${r.top + scrollY - 4}px; width: ${r.width + 8}px; height: ${r.height + 8}px; background: #fff; z-index: 10`;
        document.body.append(lid);
      },
    ],
    [
      'moves its frame off the page',
      () => (document.getElementById('cross')!.style.cssText = 'position: fixed; left: -5000px; top: 0'),
    ],
  ];

  it.each(tricks)('a click on the cross-origin quote once the page %s highlights nothing, and says so', async (_, trick) => {
    const { page, popup, crossFrame } = await askAboutCormorants();
    await page.evaluate(trick);
    const title = await page.title();
    await popup.locator(citationNamed(`${new URL(crossFrame.url()).host} — in a frame on ${title}`)).click();
    // The parent judges its frame element as the reading judges a frame (frame-visibility.ts): not
    // seen, so the quote's boxes are not placed in the top view, nor measured.
    expect(await alertOf(popup, 30_000)).toMatch(/could not be confirmed on screen/);
    expect(await crossHighlight(crossFrame)).toBe('');
  });

  it('a click on a same-origin frame’s quote once the page lays a box of other words over the frame highlights nothing, and says so', async () => {
    const { page, popup, frame: sameFrame } = await askAboutBirds('kingfishers', SAME_QUOTE, 'Kingfishers are mentioned.');
    // A box of the page's own words over the frame: the pixels there hold glyphs, none of them the quote's.
    await page.evaluate(() => {
      const frame = [...document.querySelectorAll('iframe')].find((f) => f.src.endsWith('?same'))!;
      const r = frame.getBoundingClientRect();
      const lid = document.createElement('div');
      lid.textContent = 'Book a guided boat tour of the estuary today, every morning at nine.';
      lid.style.cssText = `position: absolute; left: ${r.left + scrollX - 4}px; top: ${r.top + scrollY - 4}px; width: ${r.width + 8}px; height: ${r.height + 8}px; background: #fff; color: #000; font: 16px/1.4 sans-serif; z-index: 10`;
      document.body.append(lid);
    });
    await (await citationOf(popup, 'Kingfishers are mentioned.')).click();
    // The frame element is judged as the reading judges a frame (frame-visibility.ts): covered, so
    // the quote's boxes are not placed in the top view, and the glyphs of the box over them prove nothing.
    expect(await alertOf(popup, 30_000)).toMatch(/could not be confirmed on screen/);
    expect(await crossHighlight(sameFrame)).toBe('');
  });

  it('tells an abstention that a huge page was read only in part', async () => {
    await h.standIn();
    const page = await h.open('huge.html');
    h.api.enqueue(() => answerReply([], true));
    const popup = await h.popup(page);
    await ask(popup, 'Which client was served from the lighthouse cache?');
    const answer = await answerText(popup);
    expect(answer).toContain('Not found in these pages.');
    expect(answer).toContain('Not all of the pages could be read in full');
    expect(answer).toContain('1 tab was read in part');
    expect(answer).toMatch(/Only about \d+% of the page was read: it is too long to read whole\./);
  });
});
