import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForPage } from '../../eval/lib/browser';
import { launchChromium } from '../support/chromium';
import type { SeenResult } from '@/lib/shared/protocol/types';

/**
 * What only layout settles, in real Chromium (issue #44, item 8: happy-dom has no layout, so the
 * unit tests that asked these passed whatever the code did): words in a closed `<details>` are
 * read, kept by the check before sending and proven drawn (the highlight opens them), while words
 * in a box a reader cannot open, under another box or in a transparent colour are not.
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
const CLOSED = 'Tickets for the ferry are sold at the kiosk beside the north pier.';
const NONE = 'The ferry is free for everyone on the first of every month.';
const UNDER = 'The last ferry back leaves the island at eleven every night.';
const CLEAR = 'Bicycles travel on the ferry free of charge all year long.';

const PAGE = `<!doctype html><html lang="en"><head><title>Ferry</title></head><body style="font: 16px sans-serif">
<h1>Harbour ferry</h1>
<p>${SHOWN}</p>
<details><summary>Tickets</summary><p>${CLOSED}</p></details>
<div style="display:none"><p>${NONE}</p></div>
<div style="position:relative"><p>${UNDER}</p><div style="position:absolute; inset:0; background:#fff"></div></div>
<p style="color:transparent">${CLEAR}</p>
</body></html>`;

async function withPage<T>(run: (page: Page) => Promise<T>): Promise<T> {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 1000, height: 800 });
    await page.setContent(PAGE, { waitUntil: 'load' });
    await page.addScriptTag({ content: bundle });
    return await run(page);
  } finally {
    await page.close();
  }
}

describe('what only layout settles', () => {
  it('a closed <details> is read and kept by the check; a box no reader opens is not sent', async () => {
    const { read, sent } = await withPage(
      (page) => page.evaluate('PageChecks.read()') as Promise<{ read: string; sent: string }>,
    );
    expect(read).toContain(SHOWN);
    expect(read).toContain(CLOSED);
    expect(sent).toContain(SHOWN);
    expect(sent).toContain(CLOSED);
    // display: none is never sent: left out as read, or by the check.
    expect(sent).not.toContain(NONE);
  });

  it('proves a quote drawn in view or in a closed <details>; not under a box, transparent, or not on the page', async () => {
    const quotes = [SHOWN, CLOSED, UNDER, CLEAR, NONE].map((text) => ({ literal: text.slice(4, 40), passageText: text }));
    const said = await withPage((page) => page.evaluate(`PageChecks.prove(${JSON.stringify(quotes)})`) as Promise<SeenResult[]>);
    expect(said[0]).toEqual({ drawn: true });
    expect(said[1]).toEqual({ drawn: true });
    expect(said[2]).toEqual({ drawn: false, reason: 'covered' });
    // Transparent words are not even read as the page's text: not found, so not drawn.
    expect(said[3]).toMatchObject({ drawn: false });
    expect(said[4]).toMatchObject({ drawn: false });
  });
});
