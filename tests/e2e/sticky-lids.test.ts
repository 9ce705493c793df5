import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForPage } from '../../eval/lib/browser';
import { launchChromium } from '../support/chromium';
import type { SeenResult } from '@/lib/shared/protocol/types';

/**
 * A sticky box over words (lib/page/seen/sticky-lids.ts), in real Chromium: one laid over a
 * paragraph in a block too short for it to move hides it at every scroll, so the check before
 * sending leaves it out and the proof says it is covered, in view, far below and scrolled past;
 * while the sticky headers, section titles, table heads and bottom bars of ordinary pages, stuck
 * over the page as a reader scrolls it, hide none of its words.
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

const PLANTED = 'This kettle was recalled for fire risk after sticky tests.';
const SHOWN = 'The Brightwater kettle boils a full litre of water in three minutes.';
const LID = '<div style="position: sticky; top: 0; height: 3em; margin-bottom: -3em; background: #fff"></div>';
const TALL = '<div style="height: 3000px"></div>';

async function checked(body: string, scroll: number): Promise<{ read: string; sent: string; proof: SeenResult[] }> {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 1000, height: 800 });
    await page.setContent(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kettle</title></head><body style="font: 16px/1.5 sans-serif">${body}</body></html>`,
    );
    await page.evaluate(`scrollTo(0, ${scroll})`);
    await page.addScriptTag({ content: bundle });
    const { read, sent } = (await page.evaluate('PageChecks.read()')) as { read: string; sent: string };
    const proof = (await page.evaluate(
      `PageChecks.prove(${JSON.stringify([{ literal: PLANTED, passageText: PLANTED }])})`,
    )) as SeenResult[];
    return { read, sent, proof };
  } finally {
    await page.close();
  }
}

describe('a sticky box over words', () => {
  it.each([
    ['in view', `<p>${SHOWN}</p><div>${LID}<p>${PLANTED}</p></div>${TALL}`, 0],
    ['far below the first screen', `<p>${SHOWN}</p>${TALL}<div>${LID}<p>${PLANTED}</p></div>${TALL}`, 0],
    ['the page scrolled past it', `<p>${SHOWN}</p><div>${LID}<p>${PLANTED}</p></div>${TALL}`, 1500],
    [
      'a flex column scrolled past it',
      `<div style="display: flex; flex-direction: column"><p>${SHOWN}</p><div>${LID}<p>${PLANTED}</p></div>${TALL}</div>`,
      1500,
    ],
  ])('laid over a paragraph in a block too short for it to move hides it: %s', async (_where, body, scroll) => {
    const { read, sent, proof } = await checked(body, scroll);
    expect(read).toContain(PLANTED);
    expect(sent).not.toContain(PLANTED);
    expect(sent).toContain(SHOWN);
    expect(proof).toEqual([{ drawn: false, reason: 'covered' }]);
  });

  const paragraphs = Array.from(
    { length: 60 },
    (_, i) => `<p>Paragraph number ${i} tells of the harbour and its boats.</p>`,
  ).join('');
  const rows = Array.from(
    { length: 60 },
    (_, i) => `<tr><td>Paragraph number ${i} of the table</td><td>Boat ${i}</td></tr>`,
  ).join('');
  const header = '<header style="position: sticky; top: 0; height: 60px; background: #fff">The harbour</header>';
  it.each([
    ['a header first in the page', `${header}<main>${paragraphs}</main>`],
    ['a header below a banner', `<div style="height: 40px">Harbour news</div>${header}<main>${paragraphs}</main>`],
    ['a header in a flex column', `<div style="display: flex; flex-direction: column">${header}<main>${paragraphs}</main></div>`],
    [
      'a sidebar in a flex row',
      `<div style="display: flex"><nav style="position: sticky; top: 0; align-self: flex-start; width: 200px; height: 300px; background: #fff">Menu</nav><main>${paragraphs}</main></div>`,
    ],
    [
      'section titles',
      [0, 1, 2, 3]
        .map(
          (k) =>
            `<section><h2 style="position: sticky; top: 0; margin: 0; background: #fff">Section ${k}</h2>${paragraphs.slice(k * 900, k * 900 + 900)}</section>`,
        )
        .join(''),
    ],
    [
      'a table head',
      `<table><thead><tr><th style="position: sticky; top: 0; background: #fff">Name</th><th style="position: sticky; top: 0; background: #fff">Boat</th></tr></thead><tbody>${rows}</tbody></table>`,
    ],
    [
      'a bar at the bottom',
      `<main>${paragraphs}</main><footer style="position: sticky; bottom: 0; height: 50px; background: #fff">Subscribe</footer>`,
    ],
  ])('stuck over an ordinary page scrolled by a reader, hides none of its words: %s', async (_name, body) => {
    for (const scroll of [0, 1000]) {
      const { read, sent } = await checked(body, scroll);
      const said = [...read.matchAll(/Paragraph number \d+/g)].map((m) => m[0]);
      expect(said.length).toBeGreaterThan(10);
      expect(said.filter((p) => !sent.includes(p))).toEqual([]);
    }
  });
});
