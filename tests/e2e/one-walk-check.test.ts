import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForPage } from '../../eval/lib/browser';
import { launchChromium } from '../support/chromium';
import type { Reading } from './one-walk-check-entry';
import { PAGE_TRICKS } from '../support/unseen-tricks';

/**
 * A frame small enough to be sent whole is read and checked in one walk (lib/page/read/extract.ts
 * `check`): in real Chromium, on pages that plant words no reader sees by every trick the check
 * knows of and on ordinary pages, that walk gives the very passages and the very verdict that a
 * reading and then the check of every passage give, so what is sent and what the user is told
 * do not depend on which way a frame was read.
 */

let browser: Browser;
let bundle: string;

beforeAll(async () => {
  bundle = await bundleForPage('tests/e2e/one-walk-check-entry.ts', 'OneWalk');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const PLANTED = 'This kettle was recalled for fire risk';
/** A dark picture, as a page's photograph behind white words would be. */
const DARK_PICTURE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#123"/></svg>')}`;
const fixture = (name: string) => pathToFileURL(resolve(import.meta.dirname, '../fixtures', name)).href;

async function bothWays(url: string): Promise<{ twoWalks: Reading; oneWalk: Reading }> {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 1000, height: 800 });
    await page.goto(url, { waitUntil: 'load' });
    await page.addScriptTag({ content: bundle });
    return (await page.evaluate('OneWalk.bothWays()')) as { twoWalks: Reading; oneWalk: Reading };
  } finally {
    await page.close();
  }
}

describe('one walk that reads and checks a frame', () => {
  it.each(['all', ...PAGE_TRICKS])('gives what a reading and a check give, on a page planting words by %s', async (trick) => {
    const { twoWalks, oneWalk } = await bothWays(`${fixture('unseen.html')}?trick=${trick}`);
    expect(oneWalk.passages).toEqual(twoWalks.passages);
    expect(oneWalk.verdict).toEqual(twoWalks.verdict);
    // Neither way sends the planted words; both send the sentence a reader sees.
    expect(oneWalk.sent).not.toContain(PLANTED);
    expect(oneWalk.sent).toContain('boils a full litre of water in three minutes');
    // The words were read, and left out by the check (the user is told of it), not never read.
    expect(oneWalk.passages.map((p) => p.text).join('\n')).toContain(PLANTED);
    expect(oneWalk.verdict.hidden.length + oneWalk.verdict.cut.length).toBeGreaterThan(0);
  });

  it.each(['unseen-quirks.html', 'hostile.html', 'extraction.html', 'busy.html', 'unseen-stuffed.html', 'museum-hours.html'])(
    'gives what a reading and a check give on %s',
    async (name) => {
      const { twoWalks, oneWalk } = await bothWays(fixture(name));
      expect(oneWalk.passages.length).toBeGreaterThan(0);
      expect(oneWalk.passages).toEqual(twoWalks.passages);
      expect(oneWalk.verdict).toEqual(twoWalks.verdict);
    },
  );

  it.each([
    [
      'an app that scrolls in a box of its own, far below its first screen',
      '<main style="position: fixed; inset: 0; overflow: auto"><div style="height: 2000px"></div><p>LINE</p></main>',
    ],
    [
      'a box fixed in the view',
      '<header style="position: fixed; top: 0; left: 0; right: 0; background: #eee">LINE</header><div style="height: 3000px"></div>',
    ],
    ['a page far below its first screen', '<div style="height: 4000px"></div><p>LINE</p>'],
    ['transparent glyphs drawn by a shadow', '<p style="color: transparent; text-shadow: 0 0 0 #333">LINE</p>'],
    ['transparent glyphs drawn by a stroke', '<p style="color: transparent; -webkit-text-stroke: 1px #333">LINE</p>'],
    [
      'white words on a dark gradient',
      '<div style="background: linear-gradient(#111, #222); padding: 8px"><p style="color: #fff">LINE</p></div>',
    ],
    [
      'a card whose link stretches a clear pseudo-element over it',
      '<style>.sl::after{content:"";position:absolute;inset:0}</style><div style="position:relative"><p>LINE</p><a href="#" class="sl">Read</a></div>',
    ],
    [
      'a pseudo-element painted behind the words',
      '<style>.deco{position:relative}.deco::before{content:"";position:absolute;inset:0;background:#eee;z-index:-1}</style><p class="deco">LINE</p>',
    ],
    [
      'a box turned a little, its back not drawn',
      '<div style="perspective: 600px"><p style="width: 30em; margin-left: 200px; backface-visibility: hidden; transform: rotateY(10deg)">LINE</p></div>',
    ],
    ['a first line in a colour of its own', '<style>.fr::first-line{color:#c00}</style><p class="fr">LINE</p>'],
    [
      'a link with a focus ring',
      '<p>Opening hours: <a href="#" style="outline: 2px solid #00f; outline-offset: 2px">LINE</a></p>',
    ],
    [
      'a link with a thick focus ring in the middle of the line',
      '<p>LINE Then <a href="#" style="outline: 6px solid #00f; outline-offset: 2px">see the hours</a> and the rest of the sentence.</p>',
    ],
    [
      'a box with a soft shadow over the page',
      '<div style="position: relative"><p>LINE</p><div style="position: absolute; top: 0; left: 0; width: 40px; height: 10px; box-shadow: 0 0 8px rgba(0, 0, 0, 0.3)"></div></div>',
    ],
    [
      'a panel painted behind the words, which the hit test passes through',
      '<div style="position: relative"><div style="position: absolute; inset: 0; background: #eef; z-index: -1; pointer-events: none"></div><p>LINE</p></div>',
    ],
    ['a line that fits its narrow box', '<p style="width: 40em; white-space: nowrap; overflow: hidden">LINE</p>'],
    [
      "a hero's heading raised above its ::before overlay",
      '<style>.hero{position:relative;background:#345}.hero::before{content:"";position:absolute;inset:0;background:#000;z-index:0}.hero h2{position:relative;z-index:1;color:#fff}</style><div class="hero"><h2>LINE</h2></div>',
    ],
    [
      "a hero's words positioned after its ::before overlay",
      '<style>.hero{position:relative;background:#345}.hero::before{content:"";position:absolute;inset:0;background:#000}.hero p{position:relative;color:#fff}</style><div class="hero"><p>LINE</p></div>',
    ],
    [
      'a wide outline around the box before, its ring clear of the words',
      '<div style="outline: 30px solid #eee; margin: 40px 30px"><p>Opening hours are posted at the door.</p></div><p>LINE</p>',
    ],
    [
      "words raised above another box's outline",
      '<div style="position: relative; z-index: 0; height: 0; outline: 20px solid #eee"></div><p style="position: relative; z-index: 1; margin-top: -10px">LINE</p>',
    ],
    ['an old price struck through', '<p>LINE Was <span style="text-decoration: line-through">$40</span>, now $30.</p>'],
    [
      'a marker drawn under the words',
      '<p style="text-decoration: underline 0.4em rgba(255, 220, 0, 0.6); text-underline-offset: -0.3em">LINE</p>',
    ],
    [
      'a dark card turned light by a filter, its own background filtered with it',
      '<div style="background: #111; filter: invert(1); padding: 8px"><p style="color: #fff">LINE</p></div>',
    ],
    ['words a little brighter on hover', '<p style="filter: brightness(1.1)">LINE</p>'],
    ['words with a thin outline of their own colour', '<p style="-webkit-text-stroke: 1px #222">LINE</p>'],
    [
      'a paragraph of tight lines',
      '<p style="line-height: 1; width: 12em">LINE It runs on over several lines, each close to the next.</p>',
    ],
    [
      'grid cells side by side, each with a background',
      '<div style="display: grid; grid-template-columns: 1fr 1fr"><p style="background: #eee">LINE</p><div style="background: #fff; height: 3em"></div></div>',
    ],
    [
      'a card pulled up under a heading, painted before it',
      '<h2 style="margin: 0">LINE</h2><div style="background: #f4f4f4; height: 3em; margin-top: -0.8em"></div>',
    ],
    [
      'a form: labels beside their fields, a label floated over its field, a search field in a line',
      '<form><label>Name <input value="Ada"></label><div style="position: relative"><input style="width: 30em; height: 3em; padding-top: 1em"><label style="position: absolute; top: 2px; left: 4px; font-size: 12px">LINE</label></div><p>Search the site: <input type="search"> or browse the rooms.</p><select><option>One</option></select><textarea>Notes</textarea></form>',
    ],
    [
      'a frame drawn around the words by a wide border, and a badge with one beside them',
      '<div style="position: relative; padding: 30px"><p>LINE</p><div style="position: absolute; inset: 0; border: 20px solid #fff; pointer-events: none"></div><span style="position: absolute; top: 0; right: 0; border: 6px solid #c00">NEW</span></div>',
    ],
    [
      'a clear box fixed over the view with a thin focus ring',
      '<p>LINE</p><div style="position: fixed; inset: 0; outline: 2px solid #00f; outline-offset: -2px; pointer-events: none"></div><div style="height: 3000px"></div>',
    ],
    [
      'a frame fixed around the view by a wide border',
      '<p>LINE</p><div style="position: fixed; inset: 0; border: 12px solid #fff; pointer-events: none"></div><div style="height: 3000px"></div>',
    ],
    [
      'empty boxes in the flow made stacking contexts: a divider faded in, a spacer moved down, a card shadow below',
      '<p>LINE</p><div style="height: 2px; background: #ccc; opacity: 0.8"></div><div style="height: 2em; background: #fff; transform: translateY(1em)"></div><div style="height: 1em; background: #eee; will-change: transform"></div><p>More words follow the dividers.</p>',
    ],
    [
      'a teaser faded out over its last line, an icon drawn by a background picture beside the words, a hero picture behind them',
      `<div style="position: relative; max-height: 6em; overflow: hidden"><p>LINE</p><p>The rest of the story runs on below the fold, faded.</p><div style="position: absolute; left: 0; right: 0; bottom: 0; height: 2em; background-image: linear-gradient(rgba(255, 255, 255, 0), #fff)"></div></div><p><span style="display: inline-block; width: 16px; height: 16px; background-image: url(${DARK_PICTURE})"></span> Opening hours</p><div style="position: relative; padding: 2em"><div style="position: absolute; inset: 0; z-index: -1; background-image: linear-gradient(#eef, #eef)"></div><h2>Visit the museum today</h2></div>`,
    ],
    [
      'white words over a picture, far below the first screen',
      `<div style="height: 3000px"></div><div style="position: relative"><img alt="" style="position: absolute; inset: 0; width: 100%; height: 100%" src="${DARK_PICTURE}"><p style="position: relative; color: #fff">LINE</p></div>`,
    ],
  ])('keeps what a reader sees: %s', async (_name, html) => {
    const line = 'The museum opens at nine every morning.';
    const page = await browser.newPage();
    try {
      await page.setViewport({ width: 1000, height: 800 });
      await page.setContent(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>body{font:16px/1.5 sans-serif;background:#fff;color:#222}</style></head><body>${html.replace('LINE', line)}</body></html>`,
      );
      await page.addScriptTag({ content: bundle });
      const { twoWalks, oneWalk } = (await page.evaluate('OneWalk.bothWays()')) as { twoWalks: Reading; oneWalk: Reading };
      expect(oneWalk.sent).toContain(line);
      expect(twoWalks.sent).toContain(line);
    } finally {
      await page.close();
    }
  });

  it('out of view, sets white words on a white page apart by a dark panel painted under them, not by a white one, nor by one painted over them', async () => {
    const under = 'The dark panel lies under these white words.';
    const pale = 'The white panel lies under these white words.';
    const over = 'The dark panel lies over these white words.';
    const panel = (colour: string, z: string) =>
      `<div style="position: absolute; inset: 0; background: ${colour}${z ? `; z-index: ${z}` : ''}"></div>`;
    const page = await browser.newPage();
    try {
      await page.setViewport({ width: 1000, height: 800 });
      await page.setContent(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>body{font:16px/1.5 sans-serif;background:#fff;color:#222}</style></head><body><p>The harbour opens at nine.</p><div style="height: 3000px"></div>` +
          `<div style="position: relative">${panel('#123', '')}<p style="position: relative; color: #fff">${under}</p></div>` +
          `<div style="position: relative">${panel('#fff', '')}<p style="position: relative; color: #fff">${pale}</p></div>` +
          `<div style="position: relative"><p style="color: #fff">${over}</p>${panel('#123', '1')}</div>` +
          `</body></html>`,
      );
      await page.addScriptTag({ content: bundle });
      const { twoWalks, oneWalk } = (await page.evaluate('OneWalk.bothWays()')) as { twoWalks: Reading; oneWalk: Reading };
      for (const reading of [oneWalk, twoWalks]) {
        expect(reading.sent).toContain(under);
        expect(reading.sent).not.toContain(pale);
        expect(reading.sent).not.toContain(over);
      }
    } finally {
      await page.close();
    }
  });

  it('out of view, sets white words on a white page apart only by a picture their box meets', async () => {
    // Several such boxes in one page: the pictures are looked up once for the walk, each box asks them.
    // Each picture is wider than its line: words running past a picture's edge onto the white page
    // are not all seen, and are not sent.
    const over = (n: number) => `Words number ${n} lie over the harbour photograph.`;
    const beside = (n: number) => `Words number ${n} lie beside the harbour photograph.`;
    const past = (n: number) => `Words number ${n} run past the edge of a narrow photograph.`;
    const picture = (width: number) =>
      `<img alt="" style="display: block; width: ${width}px; height: 200px" src="${DARK_PICTURE}">`;
    const on = (width: number, words: string) =>
      `<div style="position: relative">${picture(width)}<p style="position: absolute; top: 0; left: 0; color: #fff">${words}</p></div>`;
    const block = (n: number) => on(600, over(n)) + `<p style="color: #fff">${beside(n)}</p>` + on(120, past(n));
    const page = await browser.newPage();
    try {
      await page.setViewport({ width: 1000, height: 800 });
      await page.setContent(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>body{font:16px/1.5 sans-serif;background:#fff;color:#222}</style></head><body><p>The harbour opens at nine.</p><div style="height: 3000px"></div>${[1, 2, 3].map(block).join('')}</body></html>`,
      );
      await page.addScriptTag({ content: bundle });
      const { twoWalks, oneWalk } = (await page.evaluate('OneWalk.bothWays()')) as { twoWalks: Reading; oneWalk: Reading };
      for (const reading of [oneWalk, twoWalks]) {
        for (const n of [1, 2, 3]) {
          expect(reading.sent).toContain(over(n));
          expect(reading.sent).not.toContain(beside(n));
          expect(reading.sent).not.toContain(past(n));
        }
      }
    } finally {
      await page.close();
    }
  });
});
