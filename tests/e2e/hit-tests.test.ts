import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForPage } from '../../eval/lib/browser';
import { launchChromium } from '../support/chromium';
import type { SeenResult } from '@/lib/shared/protocol/types';

/**
 * What the browser's hit test at the words says (issue #44, item 2), in real Chromium: words put
 * under the page's own background (a negative z-index beneath a body that paints one) are found
 * under an element around them, so covered: neither sent nor proven drawn. A hit test that passes
 * through words passes through a box over them too: the painting order tells then. (One that
 * answers nothing proves nothing: lib/page/seen/cover.test.ts.) Words whose hit test passes through
 * them (`pointer-events: none`, as a page with a modal open sets on its body; inert) and words raised
 * inside a box of their own stay seen; a box over words the hit test passes through (inert) is on top.
 */

let browser: Browser;
let bundle: string;

beforeAll(async () => {
  bundle = await bundleForPage('tests/e2e/page-checks-entry.ts', 'PageChecks');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const SHOWN = 'The harbour ferry leaves the north pier at seven every morning.';
const SUNK = 'The ferry was cancelled for the whole of next week.';
const RAISED = 'Bicycles travel on the ferry free of charge all year long.';
const LIDDED = 'Refunds are no longer given for any ticket.';

async function withPage<T>(html: string, run: (page: Page) => Promise<T>): Promise<T> {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 1000, height: 800 });
    await page.setContent(html, { waitUntil: 'load' });
    await page.addScriptTag({ content: bundle });
    return await run(page);
  } finally {
    await page.close();
  }
}

const read = (html: string) =>
  withPage(html, (page) => page.evaluate('PageChecks.read()') as Promise<{ read: string; sent: string }>);
const prove = (html: string, texts: string[]) =>
  withPage(html, (page) => {
    const quotes = texts.map((text) => ({ literal: text.slice(0, 30), passageText: text }));
    return page.evaluate(`PageChecks.prove(${JSON.stringify(quotes)})`) as Promise<SeenResult[]>;
  });

/** The page's own background (html and body both paint one) over words put below the flow. */
const UNDER_BODY = `<!doctype html><html lang="en" style="background:#fff"><head><title>Ferry</title></head>
<body style="background:#fff; font: 16px sans-serif">
<p>${SHOWN}</p>
<p style="position:relative; z-index:-1">${SUNK}</p>
<div style="position:relative; z-index:0"><p style="position:relative; z-index:-1">${RAISED}</p></div>
</body></html>`;

describe('a hit test at the words', () => {
  it('that finds the body painted over them: covered, not sent; words raised in a box of their own are', async () => {
    const { read: got, sent } = await read(UNDER_BODY);
    expect(got).toContain(SUNK);
    expect(sent).toContain(SHOWN);
    expect(sent).toContain(RAISED);
    expect(sent).not.toContain(SUNK);
    expect(await prove(UNDER_BODY, [SHOWN, SUNK, RAISED])).toEqual([
      { drawn: true },
      { drawn: false, reason: 'covered' },
      { drawn: true },
    ]);
  });

  it('that passes through everything still finds a box over the words by the painting order', async () => {
    // Nothing takes the hit test (pointer-events: none from the root down), the box on top neither.
    const page = `<!doctype html><html lang="en" style="pointer-events:none"><head><title>Ferry</title></head>
<body style="font: 16px sans-serif"><p>${SHOWN}</p>
<div style="position:relative"><p>${LIDDED}</p><div style="position:absolute; inset:0; background:#fff"></div></div>
</body></html>`;
    const { sent } = await read(page);
    expect(sent).toContain(SHOWN);
    expect(sent).not.toContain(LIDDED);
    expect(await prove(page, [LIDDED, SHOWN])).toEqual([{ drawn: false, reason: 'covered' }, { drawn: true }]);
  });

  it('passing through words (a modal open sets pointer-events: none on the body) leaves them seen', async () => {
    const page = `<!doctype html><html lang="en"><head><title>Ferry</title></head>
<body style="font: 16px sans-serif; pointer-events:none"><p>${SHOWN}</p><p>${RAISED}</p></body></html>`;
    const { sent } = await read(page);
    expect(sent).toContain(SHOWN);
    expect(await prove(page, [SHOWN, RAISED])).toEqual([{ drawn: true }, { drawn: true }]);
  });

  it('passing through inert words (a page marks what lies behind its open panel inert) leaves them seen', async () => {
    const page = `<!doctype html><html lang="en"><head><title>Ferry</title></head>
<body style="font: 16px sans-serif"><main inert><p>${SHOWN}</p></main><p style="interactivity: inert">${RAISED}</p></body></html>`;
    const { sent } = await read(page);
    expect(sent).toContain(SHOWN);
    expect(sent).toContain(RAISED);
    expect(await prove(page, [SHOWN, RAISED])).toEqual([{ drawn: true }, { drawn: true }]);
  });

  it.each([
    ['the inert attribute', '<div inert style="position:absolute; inset:0; background:#fff"></div>'],
    ['a box inside an inert one', '<div inert><div style="position:absolute; inset:0; background:#fff"></div></div>'],
    ['interactivity: inert', '<div style="interactivity:inert; position:absolute; inset:0; background:#fff"></div>'],
    [
      'a box in the shadow root of an inert host',
      `<div inert id="lid"></div><script>document.getElementById('lid').attachShadow({ mode: 'open' }).innerHTML = '<div style="position:absolute; inset:0; background:#fff"></div>';</script>`,
    ],
  ])('passing through an inert box over words (%s) still finds it on top: not sent', async (_how, lid) => {
    const page = `<!doctype html><html lang="en"><head><title>Ferry</title></head>
<body style="font: 16px sans-serif"><p>${SHOWN}</p><div style="position:relative"><p>${LIDDED}</p>${lid}</div></body></html>`;
    const { read: got, sent } = await read(page);
    expect(got).toContain(LIDDED);
    expect(sent).toContain(SHOWN);
    expect(sent).not.toContain(LIDDED);
  });
});
