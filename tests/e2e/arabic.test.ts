/**
 * The interface in Arabic, right to left, in real Chromium whose language is Arabic
 * (`--lang=ar` and `LANGUAGE=ar`): the popup and the side panel laid out right to left and found
 * by their Arabic names (read from the Arabic catalogue), an answer with its citations, nothing
 * that scrolls sideways, a click that highlights the quote in the page with nothing of the
 * screen's direction reaching the page; pages in English and in Arabic each keep their own
 * direction inside the screen; axe clean; the options in Arabic.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { citationNamed, highlightedText } from '../support/popup-page';
import { answerReply, indexOf } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';
import { liveWorker, welcomeClosed } from '../support/extension-browser';
import { axeViolations, describeViolations } from '../support/axe';
import { measureLayout, settle } from '../support/layout';
import { openSidePanel } from '../support/side-panel';
import { wordsOf } from '../support/language';

const h = useExtension({ lang: 'ar' });
const ar = wordsOf('ar');

const ARABIC_QUOTE = 'يفتح متحف المدينة أبوابه في الساعة التاسعة صباحاً';
const ARABIC_CLAIM = 'يفتح المتحف في التاسعة صباحاً.';
const ENGLISH_QUOTE = 'The City Museum opens at 9 a.m. and closes at 6 p.m. every day except Monday';

/** What a page says of its own direction, and how many of its elements carry a `dir`: the same before and after a highlight. */
function pageDirection(page: Page) {
  return page.evaluate(() => ({
    dir: document.documentElement.getAttribute('dir'),
    lang: document.documentElement.lang,
    body: getComputedStyle(document.body).direction,
    withDir: document.querySelectorAll('[dir]').length,
  }));
}

/** Asks `question` about this tab in an Arabic screen; returns the answer region's text. */
async function askInArabic(screen: Page, question: string): Promise<string> {
  const box = await screen.waitForSelector(`::-p-aria(${ar('question')})`);
  await box!.type(question);
  await screen.locator(`::-p-aria(${ar('scopeTab')})`).click();
  await screen.locator(`::-p-aria(${ar('ask')}[role="button"])`).click();
  const region = await screen.waitForSelector(`::-p-aria([name="${ar('answer')}"][role="region"])`, { timeout: 30_000 });
  return region!.evaluate((el) => (el as HTMLElement).innerText);
}

/** axe's violations, light and dark. */
async function violations(page: Page): Promise<string[]> {
  const lines: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    lines.push(...describeViolations(await axeViolations(page, scheme)).map((l) => `[${scheme}] ${l}`));
  }
  await page.emulateMediaFeatures([]);
  return lines;
}

describe('the interface in Arabic, right to left', () => {
  it('the browser picks the Arabic catalogue (the toolbar button’s title in Arabic)', async () => {
    // Right after launch the browser may have replaced the worker it handed over: the live one.
    await liveWorker(h);
    const said = await h.worker.evaluate(async () => ({
      locale: chrome.i18n.getMessage('locale'),
      title: await chrome.action.getTitle({}),
    }));
    // Headless Chromium's own interface stays English (its `@@bidi_dir` says "ltr"): the screens
    // take their direction from the catalogue, which is Arabic.
    expect(said).toEqual({ locale: 'ar', title: ar('actionTitle') });
  });

  it('the popup: the question box, an answer with its citation, nothing sideways, axe clean, a click that highlights in the Arabic page', async () => {
    await h.standIn();
    const page = await h.open('arabic-museum.html');
    const before = await pageDirection(page);
    h.api.enqueue((req) =>
      answerReply([{ text: ARABIC_CLAIM, citations: [{ index: indexOf(req, 'التاسعة'), literal: ARABIC_QUOTE }] }]),
    );
    const popup = await h.popup(page, ar('question'));
    expect(await popup.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['rtl', 'ar']);
    // The question box reads right to left, and Ask sits at its inline end: on its left.
    const box = (await popup.waitForSelector(`::-p-aria(${ar('question')})`))!;
    expect(await box.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    const ask = (await popup.waitForSelector(`::-p-aria(${ar('ask')}[role="button"])`))!;
    const [boxAt, askAt] = [(await box.boundingBox())!, (await ask.boundingBox())!];
    expect(askAt.x + askAt.width).toBeLessThanOrEqual(boxAt.x + 1);

    const text = await askInArabic(popup, 'متى يفتح المتحف؟');
    expect(text).toContain(ARABIC_CLAIM);
    expect(h.calls()).toHaveLength(1);
    await popup.waitForSelector(`::-p-aria(${ar('copyMarkdown')}[role="button"])`);

    // Nothing scrolls sideways, nothing reaches past the popup's edges.
    await settle(popup);
    const layout = await measureLayout(popup);
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.width);
    expect(layout.wide).toEqual([]);
    expect(layout.sideScrollers).toEqual([]);
    expect(await violations(popup)).toEqual([]);

    const name = `${new URL(page.url()).host} — ${await page.title()}`;
    await popup.locator(citationNamed(name)).click();
    await expect.poll(() => highlightedText(page)).toBe(ARABIC_QUOTE);
    expect(await pageDirection(page)).toEqual(before);
  });

  it('an English page in the Arabic popup: its title and quote keep their order, the claim its own; the highlight leaves the page left to right', async () => {
    await h.standIn();
    const page = await h.open('museum-hours.html');
    const before = await pageDirection(page);
    h.api.enqueue((req) =>
      answerReply([{ text: ARABIC_CLAIM, citations: [{ index: indexOf(req, 'opens at'), literal: ENGLISH_QUOTE }] }]),
    );
    const popup = await h.popup(page, ar('question'));
    await askInArabic(popup, 'متى يفتح المتحف؟');

    const title = await page.title();
    const shown = () =>
      popup.evaluate((t) => {
        const dirOf = (el: Element | null | undefined) => (el ? getComputedStyle(el).direction : null);
        const source = [...document.querySelectorAll('.source-title')].find((el) => el.textContent === t);
        const words = document.querySelector('.model-words');
        const marker = document.querySelector('button.marker');
        const lastLine = [...(words?.getClientRects() ?? [])].pop();
        return {
          source: dirOf(source),
          claim: dirOf(words),
          quote: dirOf(document.querySelector('.quote-preview blockquote')),
          // After the claim in reading order: to the left of its last line, right to left.
          markerAfterClaim: !!marker && !!lastLine && marker.getBoundingClientRect().right <= lastLine.left + 1,
        };
      }, title);
    expect(await shown()).toEqual({ source: 'ltr', claim: 'rtl', quote: null, markerAfterClaim: true });
    await popup.locator('button.marker').hover();
    await expect.poll(async () => (await shown()).quote).toBe('ltr');

    await popup.locator(citationNamed(`${new URL(page.url()).host} — ${title}`)).click();
    await expect.poll(() => highlightedText(page)).toBe(ENGLISH_QUOTE);
    expect(await pageDirection(page)).toEqual(before);
  });

  it('the side panel: Previous on the right, its arrow mirrored, and Next highlights the quote as in English', async () => {
    await h.standIn();
    const page = await h.open('museum-hours.html');
    h.api.enqueue((req) =>
      answerReply([{ text: ARABIC_CLAIM, citations: [{ index: indexOf(req, 'opens at'), literal: ENGLISH_QUOTE }] }]),
    );
    const panel = await openSidePanel(h, page, { question: ar('question'), open: ar('openInPanel') });
    expect(await panel.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await askInArabic(panel, 'متى يفتح المتحف؟');
    const previous = (await panel.waitForSelector(`::-p-aria(${ar('previousCitation')}[role="button"])`))!;
    const next = (await panel.waitForSelector(`::-p-aria(${ar('nextCitation')}[role="button"])`))!;
    expect((await previous.boundingBox())!.x).toBeGreaterThan((await next.boundingBox())!.x);
    const arrows = await panel.$$eval('.stepper svg', (svgs) => svgs.map((s) => getComputedStyle(s).transform));
    expect(arrows).toEqual(['matrix(-1, 0, 0, 1, 0, 0)', 'matrix(-1, 0, 0, 1, 0, 0)']);

    await next.click();
    await expect.poll(() => highlightedText(page), { timeout: 30_000 }).toBe(ENGLISH_QUOTE);
    expect(await panel.$eval('.stepper-status', (s) => s.textContent)).toBe(ar('stepperAt', 1, 1, await page.title()));
    // The page's title, isolated, reads left to right inside the right-to-left line.
    expect(await panel.$eval('.stepper-status bdi', (b) => getComputedStyle(b).direction)).toBe('ltr');
  });

  it('the options page: right to left, saved by its Arabic labels, nothing sideways at 400 px, axe clean', async () => {
    const options = await h.browser.newPage();
    await options.setViewport({ width: 400, height: 800 });
    await options.goto(h.worker.url().replace('background.js', 'options.html'));
    expect(await options.title()).toBe(ar('optionsTitle'));
    expect(await options.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['rtl', 'ar']);
    const field = async (label: string, value: string) => {
      const input = await options.waitForSelector(`::-p-aria(${label})`);
      await input!.click({ count: 3 });
      await input!.type(value);
    };
    await field(ar('apiKey'), 'sk-ant-from-options');
    await field(ar('model'), 'claude-haiku-5-5');
    await field(ar('baseUrl'), h.api.url);
    await options.locator(`::-p-aria(${ar('save')}[role="button"])`).click();
    await options.locator(`::-p-aria(${ar('confirmSend', h.api.url)}[role="button"])`).click();
    await options.waitForSelector(`::-p-text(${ar('saved')})`);
    const stored = await h.worker.evaluate(
      async () => (await chrome.storage.local.get('settings')).settings as { model: string },
    );
    expect(stored.model).toBe('claude-haiku-5-5');

    await settle(options);
    const layout = await measureLayout(options);
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.width);
    expect(layout.wide).toEqual([]);
    expect(await violations(options)).toEqual([]);
    await options.close();
  });

  it('the welcome page and the PDF viewer: right to left, the PDF’s pages as the document lays them out', async () => {
    const origin = h.worker.url().replace('/background.js', '');
    await welcomeClosed(h.browser);
    const welcome = await h.browser.newPage();
    await welcome.setViewport({ width: 400, height: 800 });
    await welcome.goto(`${origin}/welcome.html`);
    await welcome.waitForSelector('::-p-aria([role="combobox"])');
    expect(await welcome.evaluate(() => [document.documentElement.dir, document.title])).toEqual(['rtl', ar('welcomeTitle')]);
    await settle(welcome);
    const layout = await measureLayout(welcome);
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.width);
    expect(layout.wide).toEqual([]);
    await welcome.close();

    const viewer = await h.browser.newPage();
    await viewer.goto(`${origin}/pdf-viewer.html?file=${encodeURIComponent(`${h.fixtures}/tides.pdf`)}`);
    await viewer.waitForSelector('.textLayer span', { timeout: 30_000 });
    const directions = await viewer.evaluate(() =>
      ['html', '.bar', '#viewerContainer'].map((s) => getComputedStyle(document.querySelector(s)!).direction),
    );
    expect(directions).toEqual(['rtl', 'rtl', 'ltr']);
    await viewer.close();
  });
});
