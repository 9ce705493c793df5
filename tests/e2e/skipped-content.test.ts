import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForPage } from '../../eval/lib/browser';
import { launchChromium } from '../support/chromium';
import type { Reading } from './one-walk-check-entry';
import type { SeenResult } from '@/lib/shared/protocol/types';

/**
 * Boxes of `content-visibility: auto` (lib/page/seen/skipped-content.ts), in real Chromium. Lazy
 * rendering lays such a section out at a stand-in size while the reader is far from it and at its
 * content's size once they scroll near: its words are the page's, read, sent and proven drawn by
 * both ways of reading (a reading then the check, one walk), wherever it is (the page's last box,
 * with or without a stand-in size, one after another, in a flex row, in a wrapper). Its paint
 * containment clips what it holds to its box: words a box of a height the page set leaves out
 * are neither sent nor shown, in view or far below.
 */

let browser: Browser;
let both: string;
let checks: string;

beforeAll(async () => {
  both = await bundleForPage('tests/e2e/one-walk-check-entry.ts', 'OneWalk');
  checks = await bundleForPage('tests/e2e/page-checks-entry.ts', 'PageChecks');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const SHOWN = 'The Brightwater kettle boils a full litre of water in three minutes.';
const TALL = '<div style="height: 3000px"></div>';
const paragraphs = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => `<p>${tag} paragraph number ${i} tells of the harbour and its boats.</p>`).join('');

/** The page read both ways (a reading then the check, one walk) and the proof of each of `literals`. */
async function read(body: string, literals: string[]): Promise<{ twoWalks: Reading; oneWalk: Reading; proofs: SeenResult[] }> {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 1000, height: 800 });
    await page.setContent(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour</title></head><body style="font: 16px/1.5 sans-serif"><p>${SHOWN}</p>${body}</body></html>`,
    );
    await page.addScriptTag({ content: both });
    await page.addScriptTag({ content: checks });
    const ways = (await page.evaluate('OneWalk.bothWays()')) as { twoWalks: Reading; oneWalk: Reading };
    const proofs = (await page.evaluate(
      `PageChecks.prove(${JSON.stringify(literals.map((l) => ({ literal: l, passageText: l })))})`,
    )) as SeenResult[];
    return { ...ways, proofs };
  } finally {
    await page.close();
  }
}

describe('a section rendered lazily (content-visibility: auto)', () => {
  it.each([
    [
      'the page’s last box, no stand-in size',
      `${TALL}<footer style="content-visibility: auto">${paragraphs(12, 'Footer')}</footer>`,
    ],
    [
      'the page’s last box, a stand-in smaller than its content',
      `${TALL}<footer style="content-visibility: auto; contain-intrinsic-size: auto 100px">${paragraphs(12, 'Footer')}</footer>`,
    ],
    [
      'in the middle of the page',
      `${TALL}<section style="content-visibility: auto">${paragraphs(12, 'Middle')}</section>${TALL}<p>The last words of the page are here.</p>`,
    ],
    [
      'two in a row at the end',
      `${TALL}<section style="content-visibility: auto">${paragraphs(8, 'First')}</section><section style="content-visibility: auto; contain-intrinsic-size: auto 100px">${paragraphs(8, 'Second')}</section>`,
    ],
    [
      'in a flex row',
      `${TALL}<section style="content-visibility: auto; display: flex; gap: 8px">${paragraphs(3, 'Column')}</section>`,
    ],
    [
      'its words in a wrapper of its own',
      `${TALL}<section style="content-visibility: auto"><div style="position: relative"><div>${paragraphs(6, 'Wrapped')}</div></div></section>`,
    ],
    [
      'a box of a height the page set, its words within it',
      `${TALL}<section style="content-visibility: auto; height: 12em">${paragraphs(2, 'Fixed')}</section>${TALL}`,
    ],
    [
      'its words straight in it, no element around them',
      `${TALL}<section style="content-visibility: auto">${'Loose words of the section tell of the harbour and its boats. '.repeat(30)}</section>`,
    ],
    ['in view', `<section style="content-visibility: auto">${paragraphs(4, 'Near')}</section>${TALL}`],
  ])('is read, sent and proven drawn whole: %s', async (_where, body) => {
    const literals = [...new Set([...body.matchAll(/[A-Z][^.<>]* of the harbour and its boats\./g)].map((m) => m[0]))];
    expect(literals.length).toBeGreaterThan(0);
    const { twoWalks, oneWalk, proofs } = await read(body, literals);
    for (const way of [twoWalks, oneWalk]) {
      for (const literal of literals) expect(way.sent).toContain(literal);
      expect(way.verdict.hidden).toEqual([]);
      expect(way.verdict.cut).toEqual([]);
    }
    expect(proofs).toEqual(literals.map(() => ({ drawn: true })));
  });

  const PLANTED = 'This kettle was recalled for fire risk after contained tests.';
  it.each([
    ['a box of no height, in view', `<div style="content-visibility: auto; height: 0"><p>${PLANTED}</p></div>${TALL}`],
    ['a box of no height, far below', `${TALL}<div style="content-visibility: auto; height: 0"><p>${PLANTED}</p></div>${TALL}`],
    [
      'a box one line high, far below, with a stand-in size',
      `${TALL}<div style="content-visibility: auto; height: 1.5em; contain-intrinsic-size: auto 300px"><p style="margin: 0">Its lid is hinged.</p><p>${PLANTED}</p></div>${TALL}`,
    ],
    [
      'a box of a capped height, far below',
      `${TALL}<div style="content-visibility: auto; max-height: 4px"><p>${PLANTED}</p></div>${TALL}`,
    ],
    [
      'words past the box’s end, in a child its next sibling’s negative margin leaves out, far below',
      `${TALL}<div style="content-visibility: auto"><div style="height: 3000px; margin-bottom: -3000px; padding-top: 1px"><p style="margin-top: 2900px">${PLANTED}</p></div><p>Its lid is hinged and opens wide.</p></div>${TALL}`,
    ],
    [
      'words under a box of no height that grows nothing, far below',
      `${TALL}<div style="content-visibility: auto"><p>Its lid is hinged and opens wide.</p><div style="height: 0"><p style="margin-top: 3000px">${PLANTED}</p></div></div>`,
    ],
  ])('clips what its box leaves out: %s', async (_where, body) => {
    const { twoWalks, oneWalk, proofs } = await read(body, [PLANTED]);
    for (const way of [twoWalks, oneWalk]) {
      expect(way.passages.map((p) => p.text).join('\n')).toContain(PLANTED);
      expect(way.sent).not.toContain(PLANTED);
      expect(way.sent).toContain(SHOWN);
    }
    expect(proofs).toEqual([{ drawn: false, reason: 'clipped' }]);
  });
});
