import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForPage } from '../../eval/lib/browser';
import { launchChromium } from '../support/chromium';
import { ACTIVE_BACKGROUND, OTHER_BACKGROUND } from '@/lib/shared/core/highlight-style';
import { colorShare, highlightBox, rgbOf } from '../support/pixels';

/**
 * Anchoring and highlighting in real Chromium, with the CSS Custom Highlight API, real layout,
 * real scrolling and real keys: lib/page/find/highlight-locate.ts and highlight-paint.ts bundled
 * into the page, as the content script runs them. (The extension's own flows, a closed tab, the popup, are in highlight.test.ts.)
 */

let browser: Browser;
let bundle: string;

beforeAll(async () => {
  bundle = await bundleForPage('tests/e2e/anchor-browser-entry.ts', 'Cited');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

interface Shown {
  ok: boolean;
  active: string[];
  other: string[];
}

async function open(body: string, head = ''): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport({ width: 800, height: 600 });
  await page.setContent(`<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`);
  await page.addScriptTag({ content: bundle });
  return page;
}

/** Cites `literal` from the extracted passage that holds `needle` (k-th such passage), then highlights. */
async function cite(page: Page, literal: string, needle = literal, k = 0, others: string[] = []): Promise<Shown> {
  return page.evaluate(
    (literal, needle, k, others) =>
      (window as unknown as { Cited: { citeAndShow: (...a: unknown[]) => Shown } }).Cited.citeAndShow(literal, needle, k, others),
    literal,
    needle,
    k,
    others,
  );
}

describe('anchoring in Chromium', () => {
  it('highlights exactly a quote that spans a link and a bold word, and only that', async () => {
    const page = await open('<p>The <b>quick brown</b> fox <a href="#">jumps over</a> the lazy dog.</p>');
    expect(await cite(page, 'quick brown fox jumps', 'quick')).toEqual({
      ok: true,
      active: ['quick brown fox jumps'],
      other: [],
    });
    await page.close();
  });

  it('handles composed and decomposed accents, CJK, right-to-left text and emoji', async () => {
    const page = await open(
      '<p>Un caf\u0065\u0301 cr\u00e8me, s\u2019il vous pla\u00eet.</p>' +
        '<p>北京是<b>中华人民共和国</b>的首都，也是全国的政治中心。</p>' +
        '<p dir="rtl">مرحبا بالعالم، هذه <a href="#">جملة عربية</a> للاختبار.</p>' +
        '<p dir="rtl">שלום עולם, זהו <i>משפט</i> בעברית.</p>' +
        '<p>We love 🍕 and 👩‍👩‍👧 parties 🎉!</p>',
    );
    expect((await cite(page, "CAF\u00c9 CR\u0045\u0300ME, S'IL", 'caf')).active).toEqual([
      'caf\u0065\u0301 cr\u00e8me, s\u2019il',
    ]);
    expect((await cite(page, '中华人民共和国的首都', '北京')).active).toEqual(['中华人民共和国的首都']);
    expect((await cite(page, 'هذه جملة عربية للاختبار', 'مرحبا')).active).toEqual(['هذه جملة عربية للاختبار']);
    expect((await cite(page, 'זהו משפט בעברית', 'שלום')).active).toEqual(['זהו משפט בעברית']);
    expect((await cite(page, 'love 🍕 and 👩‍👩‍👧 parties 🎉', 'love')).active).toEqual(['love 🍕 and 👩‍👩‍👧 parties 🎉']);
    await page.close();
  });

  it('picks the repeated quote inside the cited passage, not the first on the page', async () => {
    const filler = (t: string) =>
      `This paragraph about ${t} has enough words to stand as a passage of its own in the extraction, ` +
      `which merges only short neighbours together, and it goes on to be long enough for that: ` +
      `longer than the shortest passage, which is three hundred characters, once this sentence about ${t} ends.`;
    const page = await open(
      `<p id="a">${filler('apples')} The price was twelve euros.</p><p id="b">${filler('pears')} The price was twelve euros.</p>`,
    );
    await cite(page, 'the price was twelve euros', 'pears');
    const where = await page.evaluate(() => {
      const h = CSS.highlights.get('cited-quote')!;
      return [...(h as unknown as Iterable<Range>)].map((r) => (r.startContainer.parentElement as Element).id);
    });
    expect(where).toEqual(['b']);
    await page.close();
  });

  it('crosses <br>, table cells and blocks', async () => {
    const page = await open('<p>Roses are red,<br>violets are blue.</p><table><tr><td>Price</td><td>12 euros</td></tr></table>');
    expect((await cite(page, 'red, violets are', 'Roses')).active).toEqual(['red,violets are']);
    expect((await cite(page, 'Price 12 euros', 'Price')).active).toEqual(['Price12 euros']);
    await page.close();
  });

  it('opens a closed <details> and hidden="until-found", then highlights inside', async () => {
    const page = await open(
      '<details id="d"><summary>More</summary><p>folded away inside the details</p></details>' +
        '<div id="u" hidden="until-found"><p>found later by the reader</p></div>',
    );
    expect((await cite(page, 'folded away inside', 'folded')).active).toEqual(['folded away inside']);
    expect(await page.$eval('#d', (d) => (d as HTMLDetailsElement).open)).toBe(true);
    const box = await highlightBox(page);
    expect(box!.height).toBeGreaterThan(0); // laid out, so visible
    expect((await cite(page, 'found later', 'found later')).active).toEqual(['found later']);
    expect(await page.$eval('#u', (u) => u.hasAttribute('hidden'))).toBe(false);
    await page.close();
  });

  it('highlights inside open and closed shadow roots, with the style inside them', async () => {
    const page = await open(
      '<p>Before the widget. <x-open></x-open></p><x-closed></x-closed>' +
        `<script>
          document.querySelector('x-open').attachShadow({ mode: 'open' }).innerHTML = '<span>shadowed words in the open</span>';
          window.closedRoot = document.querySelector('x-closed').attachShadow({ mode: 'closed' });
          window.closedRoot.innerHTML = '<p>sealed words behind a closed root</p>';
        </script>`,
    );
    expect((await cite(page, 'before the widget. shadowed words', 'Before')).active).toEqual([
      'Before the widget. ',
      'shadowed words',
    ]);
    expect(await page.evaluate(() => !!document.querySelector('x-open')!.shadowRoot!.getElementById('cited-quote-style'))).toBe(
      true,
    );
    const inShadow = await colorShare(page, (await highlightBox(page))!, rgbOf(ACTIVE_BACKGROUND));
    expect(inShadow).toBeGreaterThan(0.2);
    expect((await cite(page, 'sealed words behind', 'sealed')).active).toEqual(['sealed words behind']);
    await page.close();
  });

  it('highlights in a same-origin frame, in that frame’s own highlight registry', async () => {
    const page = await open('<p>Top page text.</p><iframe id="f" srcdoc="<p>Words that live inside the frame.</p>"></iframe>');
    await page.waitForFunction(() =>
      (document.getElementById('f') as HTMLIFrameElement).contentDocument?.body?.textContent?.includes('Words'),
    );
    const shown = await page.evaluate(() => {
      const frameDoc = (document.getElementById('f') as HTMLIFrameElement).contentDocument!;
      const cited = (window as unknown as { Cited: { highlightQuote: (...a: unknown[]) => { ok: boolean } } }).Cited;
      const outcome = cited.highlightQuote(frameDoc, { literal: 'live inside the frame', passageText: '', passageOrder: 0 });
      const h = (frameDoc.defaultView as unknown as { CSS: typeof CSS }).CSS.highlights.get('cited-quote');
      return {
        ok: outcome.ok,
        text: h ? [...(h as unknown as Iterable<Range>)].map((r) => r.toString()) : [],
        top: CSS.highlights.has('cited-quote'),
      };
    });
    expect(shown).toEqual({ ok: true, text: ['live inside the frame'], top: false });
    await page.close();
  });

  it('colours the active quote and, more softly, the other quotes of the page', async () => {
    const page = await open('<p style="font-size:24px">Alpha beta gamma delta. Epsilon zeta eta theta.</p>');
    const shown = await cite(page, 'alpha beta gamma', 'Alpha', 0, ['epsilon zeta eta']);
    expect(shown).toEqual({ ok: true, active: ['Alpha beta gamma'], other: ['Epsilon zeta eta'] });
    expect(await colorShare(page, (await highlightBox(page))!, rgbOf(ACTIVE_BACKGROUND))).toBeGreaterThan(0.2);
    expect(await colorShare(page, (await highlightBox(page, 'cited-quote-other'))!, rgbOf(OTHER_BACKGROUND))).toBeGreaterThan(
      0.2,
    );
    await page.close();
  });

  it('scrolls the quote to the middle of the view and moves the focus to it; Escape clears it', async () => {
    const long = Array.from(
      { length: 40 },
      (_, i) => `<p>Paragraph ${i} of a long page that needs scrolling to reach its end.</p>`,
    ).join('');
    const page = await open(`${long}<p id="target">Far down the page sits the sentence we cite.</p>${long}`);
    await cite(page, 'the sentence we cite', 'Far down');
    const box = (await highlightBox(page))!;
    expect(Math.abs(box.y + box.height / 2 - 300)).toBeLessThan(20);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('target');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => CSS.highlights.size)).toBe(0);
    expect(await page.evaluate(() => document.getElementById('target')!.hasAttribute('tabindex'))).toBe(false);
    await page.close();
  });

  it('centres the quote itself, not its paragraph, in a long paragraph', async () => {
    const words = Array.from({ length: 600 }, (_, i) => `word${i}`).join(' ');
    const page = await open(`<p style="width:300px">${words} the quoted ending sentence here ${words}</p>`);
    await cite(page, 'the quoted ending sentence', 'quoted ending');
    const box = (await highlightBox(page))!;
    expect(Math.abs(box.y + box.height / 2 - 300)).toBeLessThan(40);
    await page.close();
  });

  it('says the quote is gone, and shows nothing, when the words are not on the page', async () => {
    const page = await open('<p>The quick brown fox jumps over the lazy dog.</p>');
    expect(await cite(page, 'quick brown cat jumps', 'quick')).toEqual({ ok: false, active: [], other: [] });
    await page.close();
  });
});
