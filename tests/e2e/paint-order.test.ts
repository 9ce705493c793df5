import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForPage } from '../../eval/lib/browser';
import { launchChromium } from '../support/chromium';

/**
 * Out of view, the proof of a quote tells a box placed over its words by CSS's painting order
 * (lib/page/seen/paint-order.ts), where no hit test can be asked. In real Chromium, in view, where the
 * hit test can: for layouts of every kind (tree order, z-indices, stacking contexts made by
 * opacity, transforms, filters, isolation, flex items; boxes in the flow laid over words: grid
 * cells, flex items, inline blocks, a plain block's background; a positioned box around both; slots that
 * show light children in another order; an element's `::before` and `::after`), the painting order
 * says what the browser's own hit test finds on top of the words, or that it cannot tell. And the proof of a quote far below the
 * first screen (lib/page/find/quote-seen.ts), which the page is not scrolled to make: words under a box
 * placed over them are not proven drawn; words over a panel behind them, or raised above a box,
 * are.
 */

let browser: Browser;
let bundle: string;
let proof: string;

beforeAll(async () => {
  bundle = await bundleForPage('lib/page/seen/paint-order.ts', 'PaintOrderTest');
  proof = await bundleForPage('lib/page/find/quote-seen.ts', 'SeenTest');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** A white box placed over the whole page, and the words, in some arrangement: `LID` and `WORDS` mark them. */
const LID = 'id="lid" style="position: absolute; top: 0; left: 0; width: 600px; height: 300px; background: #fff"';
const WORDS = '<p id="words">The harbour opens at nine every morning.</p>';

const CASES: Array<[string, string, boolean | null]> = [
  [
    'a grid cell laid over the words, after them in the tree',
    `<div style="display: grid">${WORDS.replace('<p ', '<p style="grid-area: 1 / 1" ')}<div id="lid" style="grid-area: 1 / 1; background: #fff"></div></div>`,
    true,
  ],
  [
    'a grid cell laid under the words, before them in the tree',
    `<div style="display: grid"><div id="lid" style="grid-area: 1 / 1; background: #fff"></div>${WORDS.replace('<p ', '<p style="grid-area: 1 / 1" ')}</div>`,
    false,
  ],
  [
    'a flex item pulled over the words before it',
    `<div style="display: flex; flex-direction: column">${WORDS}<div id="lid" style="height: 4em; margin-top: -4em; background: #fff"></div></div>`,
    true,
  ],
  [
    'a plain block pulled up over the words: its background is painted under them',
    `${WORDS}<div id="lid" style="height: 4em; margin-top: -4em; background: #fff"></div>`,
    false,
  ],
  [
    'an inline block before the words on their line, pulled over them',
    '<div><span id="lid" style="display: inline-block; width: 600px; height: 2em; margin-right: -600px; vertical-align: top; background: #fff"></span><span id="words">The harbour opens at nine.</span></div>',
    false,
  ],
  [
    'an inline block pulled back over the words before it on their line',
    '<div style="margin-left: 300px"><span id="words">The harbour opens at nine.</span><span id="lid" style="display: inline-block; width: 600px; height: 2em; margin-left: -600px; vertical-align: top; background: #fff"></span></div>',
    true,
  ],
  ['a box placed after the words in the tree', `${WORDS}<div ${LID}></div>`, true],
  ['a box placed before the words, the words in the flow', `<div ${LID}></div>${WORDS}`, true],
  [
    'a box placed before words that are positioned themselves',
    `<div ${LID}></div><div style="position: relative">${WORDS}</div>`,
    false,
  ],
  ['a box placed below the flow (negative z-index)', `${WORDS}<div ${LID.replace('#fff"', '#fff; z-index: -1"')}></div>`, false],
  [
    'words raised above it by a positive z-index',
    `<div style="position: relative; z-index: 2">${WORDS}</div><div ${LID.replace('#fff"', '#fff; z-index: 1"')}></div>`,
    false,
  ],
  [
    'a box raised above raised words',
    `<div style="position: relative; z-index: 1">${WORDS}</div><div ${LID.replace('#fff"', '#fff; z-index: 2"')}></div>`,
    true,
  ],
  [
    'words in a stacking context made by opacity, after the box',
    `<div ${LID}></div><div style="opacity: 0.99">${WORDS}</div>`,
    false,
  ],
  [
    'words in a stacking context made by a transform, before the box',
    `<div style="transform: translateZ(0)">${WORDS}</div><div ${LID}></div>`,
    true,
  ],
  [
    'words in a flex item raised by a z-index',
    `<div style="display: flex"><div style="z-index: 1">${WORDS}</div></div><div ${LID}></div>`,
    false,
  ],
  [
    'a box inside an isolated group with a high z-index inside it, words raised outside',
    `<div style="isolation: isolate"><div ${LID.replace('#fff"', '#fff; z-index: 99"')}></div></div><div style="position: relative; z-index: 1">${WORDS}</div>`,
    false,
  ],
  ['a positioned box around both, the box inside it', `<div style="position: relative">${WORDS}<div ${LID}></div></div>`, true],
  [
    'a box inside a filtered group painted before words in the flow',
    `<div style="filter: blur(0px)"><div ${LID}></div></div>${WORDS}`,
    true,
  ],
  [
    'a shadow root that shows the box before the words',
    `<div id="host"><div slot="b">${WORDS}</div><div slot="a" style="position: relative"><div ${LID}></div></div></div>`,
    true,
  ],
  [
    'a shadow root that shows the words, positioned, after the box',
    `<div id="host"><div slot="b" style="position: relative">${WORDS}</div><div slot="a"><div ${LID}></div></div></div>`,
    false,
  ],
];

/** A page of `body` (the body styled `style` besides) with the bundle `script` in it, given to `check`, then closed. */
async function onPage(style: string, body: string, script: string, check: (page: Page) => Promise<void>): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 800, height: 600 });
    await page.setContent(`<!doctype html><html><body style="margin: 0; font: 16px sans-serif; ${style}">${body}</body></html>`);
    await page.addScriptTag({ content: script });
    await check(page);
  } finally {
    await page.close();
  }
}

describe('the painting order, against the hit test', () => {
  it.each(CASES)('%s', async (_name, html, expected) => {
    await onPage('position: relative', html, bundle, async (page) => {
      await page.evaluate(() => {
        // The shadow root shows slot "a" then slot "b", whatever the light tree's order.
        const host = document.getElementById('host');
        if (host) host.attachShadow({ mode: 'open' }).innerHTML = '<slot name="a"></slot><slot name="b"></slot>';
      });
      const r = (await page.evaluate(`(() => {
        const words = document.getElementById('words');
        const lid = document.getElementById('lid');
        const range = document.createRange();
        range.selectNodeContents(words.firstChild);
        const b = range.getBoundingClientRect();
        const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
        return { said: new PaintOrderTest.PaintOrder(window).above(lid, words), hitLid: hit === lid, hitWords: words.contains(hit) };
      })()`)) as { said: boolean | null; hitLid: boolean; hitWords: boolean };
      // The browser's own answer, and the painting order's.
      expect(r.hitLid || r.hitWords).toBe(true);
      expect(r.hitLid).toBe(expected);
      expect(r.said).toBe(expected);
    });
  });
});

describe('the top layer, against the hit test', () => {
  // A box over the whole view, far above everything by its z-index, and an open popover (the top layer).
  const WALL = '<div id="wall" style="position: absolute; inset: 0; height: 600px; background: #fff; z-index: 999"></div>';
  it.each([
    ['words in an open popover, a box over the page', `${WALL}<div popover id="pop">${WORDS}</div>`, 'words', false],
    [
      'a box in an open popover, words on the page',
      `${WORDS}<div popover id="pop"><div id="wall" style="width: 800px; height: 600px; background: #fff"></div></div>`,
      'wall',
      true,
    ],
  ])('%s', async (_name, html, onTop, expected) => {
    await onPage('position: relative', html, bundle, async (page) => {
      const r = (await page.evaluate(`(() => {
        document.getElementById('pop').showPopover();
        const words = document.getElementById('words');
        const wall = document.getElementById('wall');
        const range = document.createRange();
        range.selectNodeContents(words.firstChild);
        const b = range.getBoundingClientRect();
        const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
        return { said: new PaintOrderTest.PaintOrder(window).above(wall, words), hit: hit === wall ? 'wall' : words.contains(hit) ? 'words' : String(hit && hit.id) };
      })()`)) as { said: boolean | null; hit: string };
      expect(r.hit).toBe(onTop);
      expect(r.said).toBe(expected);
    });
  });
});

/** A box `.h` whose `::before` or `::after` is placed over it, and the words in a child of it. */
const GENERATED: Array<[string, string, '::before' | '::after', boolean]> = [
  ['a ::before over words in the flow', '.h::before{z-index:auto}', '::before', true],
  ['a ::before under words positioned after it', '.h::before{z-index:auto} #words{position:relative}', '::before', false],
  ['an ::after over words positioned before it', '.h::after{z-index:auto} #words{position:relative}', '::after', true],
  ['a ::before put below the flow', '.h::before{z-index:-1}', '::before', false],
  [
    'a ::before at z-index 0 under words raised to 1',
    '.h::before{z-index:0} #words{position:relative;z-index:1}',
    '::before',
    false,
  ],
];

describe('the painting order of a box an element generates, against the hit test', () => {
  it.each(GENERATED)('%s', async (_name, rules, which, expected) => {
    const style = `<style>.h{position:relative}.h${which}{content:"";position:absolute;inset:0;background:#fff}${rules}</style>`;
    await onPage('', `${style}<div class="h" id="host">${WORDS}</div>`, bundle, async (page) => {
      const r = (await page.evaluate(`(() => {
        const words = document.getElementById('words');
        const host = document.getElementById('host');
        const z = parseInt(getComputedStyle(host, '${which}').zIndex, 10);
        const range = document.createRange();
        range.selectNodeContents(words.firstChild);
        const b = range.getBoundingClientRect();
        const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
        const said = new PaintOrderTest.PaintOrder(window).generatedAbove(host, '${which}', Number.isFinite(z) ? z : null, words);
        // The hit test takes the generated box for its element: the host on top means it is.
        return { said, hitGenerated: hit === host, hitWords: words.contains(hit) };
      })()`)) as { said: boolean | null; hitGenerated: boolean; hitWords: boolean };
      expect(r.hitGenerated || r.hitWords).toBe(true);
      expect(r.hitGenerated).toBe(expected);
      expect(r.said).toBe(expected);
    });
  });
});

const LINE = 'The ferry leaves the harbour at noon on Sundays.';
const BELOW: Array<[string, string, boolean]> = [
  [
    'under a white box placed over them',
    `<div style="position: relative"><p>LINE</p><div style="position: absolute; inset: 0; background: #fff"></div></div>`,
    false,
  ],
  [
    'over a panel placed behind them',
    `<div style="position: relative"><div style="position: absolute; inset: 0; background: #ffd"></div><p style="position: relative">LINE</p></div>`,
    true,
  ],
  [
    'under a white box whose blend mode no rule settles',
    `<div style="position: relative"><p>LINE</p><div style="position: absolute; inset: 0; background: #fff; mix-blend-mode: difference"></div></div>`,
    false,
  ],
  [
    'white, over a dark panel placed behind them',
    `<div style="position: relative"><div style="position: absolute; inset: 0; background: #123"></div><p style="position: relative; color: #fff">LINE</p></div>`,
    true,
  ],
  [
    'over a panel put below the flow',
    `<div style="position: relative"><p>LINE</p><div style="position: absolute; inset: 0; background: #eee; z-index: -1"></div></div>`,
    true,
  ],
  [
    'raised above a box placed after them',
    `<div style="position: relative"><p style="position: relative; z-index: 1">LINE</p><div style="position: absolute; inset: 0; background: #fff"></div></div>`,
    true,
  ],
  [
    'under a grid cell laid over them',
    `<div style="display: grid"><p style="grid-area: 1 / 1">LINE</p><div style="grid-area: 1 / 1; background: #fff"></div></div>`,
    false,
  ],
  [
    'under a plain block moved over them by a transform',
    `<div><p>LINE</p><div style="height: 3em; background: #fff; transform: translateY(-3em)"></div></div>`,
    false,
  ],
  [
    'over a plain block pulled up under them',
    `<p>LINE</p><div style="height: 3em; margin-top: -3em; background: #eee"></div>`,
    true,
  ],
  [
    "under a sibling's ::after laid over them",
    `<style>.veil::after { content: ''; position: absolute; inset: 0; background: #fff }</style><div style="position: relative"><span class="veil"></span><p>LINE</p></div>`,
    false,
  ],
  [
    "under a sibling's ::before, its rule in a sheet the page's script adopted",
    `<script>const sheet = new CSSStyleSheet(); sheet.replaceSync(".veil::before { content: ''; position: absolute; inset: 0; background: #fff }"); document.adoptedStyleSheets = [sheet];</script><div style="position: relative"><p>LINE</p><i class="veil"></i></div>`,
    false,
  ],
  [
    "under a sibling's ::after, its rule nested in another",
    `<style>.box { position: relative; & .veil::after { content: ''; position: absolute; inset: 0; background: #fff } }</style><div class="box"><b class="veil"></b><p>LINE</p></div>`,
    false,
  ],
  [
    "over a sibling's ::after laid behind them",
    `<style>.panel::after { content: ''; position: absolute; inset: 0; background: #eef; z-index: -1 }</style><div style="position: relative; z-index: 0"><span class="panel"></span><p>LINE</p></div>`,
    true,
  ],
  [
    'under a white box fixed over the whole view',
    `<p>LINE</p><div style="position: fixed; inset: 0; background: #fff"></div>`,
    false,
  ],
  [
    'over a box fixed over the whole view, put below the flow',
    `<p>LINE</p><div style="position: fixed; inset: 0; background: #ffd; z-index: -1"></div>`,
    true,
  ],
  [
    'on the last line of the page, under a bar fixed over the bottom of the view',
    `<p style="margin: 0">LINE</p><div style="position: fixed; left: 0; right: 0; bottom: 0; height: 4em; background: #fff"></div>`,
    false,
  ],
  [
    "under another element's opaque outline drawn inwards over them",
    `<div style="position: relative"><p>LINE</p><div style="position: absolute; inset: 0; outline: 3em solid #fff; outline-offset: -3em"></div></div>`,
    false,
  ],
  [
    "beside another element's wide outline, in the hole it rings",
    `<div style="position: relative; padding: 4em"><p>LINE</p><div style="position: absolute; inset: 0; outline: 1em solid #fff; outline-offset: -1em"></div></div>`,
    true,
  ],
  [
    "raised above another element's outline",
    `<div style="position: relative"><p style="position: relative; z-index: 1">LINE</p><div style="position: absolute; inset: 0; outline: 3em solid #fff; outline-offset: -3em"></div></div>`,
    true,
  ],
  [
    'a reader scrolls up from under a bar fixed over the bottom of the view',
    `<p>LINE</p><div style="height: 400px"></div><div style="position: fixed; left: 0; right: 0; bottom: 0; height: 4em; background: #fff"></div>`,
    true,
  ],
];

describe('the proof of a quote in view, under a box fixed in the view', () => {
  it.each([
    ['over the whole view', 'top: 0; bottom: 0', '20vh', false],
    [
      'over the top of the view, the first lines of the page, which no scroll brings out from under it',
      'top: 0; height: 40vh',
      '20vh',
      false,
    ],
    ['over the bottom of the view, which a reader scrolls the words up from under', 'bottom: 0; height: 30vh', '80vh', true],
  ] as const)('%s', async (_name, place, at, drawn) => {
    const body = `<p style="margin-top: ${at}">${LINE}</p><div style="height: 3000px"></div><div style="position: fixed; left: 0; right: 0; ${place}; background: #fff"></div>`;
    await onPage('background: #fff; color: #222', body, proof, async (page) => {
      const r = (await page.evaluate(
        `SeenTest.proveSeen(document, [{ literal: ${JSON.stringify(LINE)}, passageText: ${JSON.stringify(LINE)}, passageOrder: 0 }])[0]`,
      )) as { drawn: boolean; reason?: string };
      expect(r.drawn).toBe(drawn);
      if (!drawn) expect(r.reason).toBe('covered');
    });
  });
});

describe('the proof of a quote far below the first screen', () => {
  it.each(BELOW)('of words %s', async (_name, html, drawn) => {
    const body = `<p>The timetable is posted at the pier.</p><div style="height: 3000px"></div>${html.replace('LINE', LINE)}`;
    await onPage('background: #fff; color: #222', body, proof, async (page) => {
      const r = (await page.evaluate(
        `SeenTest.proveSeen(document, [{ literal: ${JSON.stringify(LINE)}, passageText: ${JSON.stringify(LINE)}, passageOrder: 0 }])[0]`,
      )) as { drawn: boolean; reason?: string };
      expect(await page.evaluate(() => scrollY)).toBe(0);
      expect(r.drawn).toBe(drawn);
      if (!drawn) expect(r.reason).toBe('covered');
    });
  });
});
