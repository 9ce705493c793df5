import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForPage } from '../../eval/lib/browser';
import { launchChromium } from '../support/chromium';
import type { SeenVerdict } from '@/lib/shared/seen/seen';
import type { SeenResult } from '@/lib/shared/protocol/types';

/**
 * Which players a reader sees, in real Chromium (issue #44, item 5): the rules of an embedded
 * frame's box, the one table of lib/shared/seen/seen.ts, asked of each `<video>` and `<audio>`; each
 * reason is the table's, and a row taken out of it changes the answer. The whole flow through the
 * popup is tests/e2e/video-unseen.test.ts.
 */

let browser: Browser;
let bundle: string;

beforeAll(async () => {
  bundle = await bundleForPage('tests/e2e/player-seen-entry.ts', 'PlayerSeen');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const V = (id: string, extra = '') => `<video id="${id}" src="/${id}.webm" width="160" height="90" ${extra}></video>`;

const PAGE = `<!doctype html><html lang="en" style="background: #eee"><head><title>Players</title></head>
<body style="background: #fff; margin: 8px; display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-start">
${V('shown', 'controls')}
<div style="opacity: 0.02">${V('faded')}</div>
<div style="opacity: 0.5">${V('half')}</div>
${V('off', 'style="position: absolute; left: -9999px; top: 0"')}
<div style="width: 1px; height: 1px; overflow: hidden">${V('clipped')}</div>
<div style="position: relative">${V('covered')}<div style="position: absolute; inset: 0; background: #fff"></div></div>
<div style="position: relative">${V('button')}<div style="position: absolute; left: 60px; top: 30px; width: 40px; height: 30px; background: #000"></div></div>
${V('scaled', 'style="transform: scale(0.2)"')}
${V('back', 'style="transform: rotateY(180deg); backface-visibility: hidden"')}
${V('inset', 'style="clip-path: inset(50%)"')}
${V('invisible', 'style="visibility: hidden"')}
${V('filtered', 'style="filter: opacity(0.05)"')}
<!-- Under the body's own background (the root has one of its own): the hit test answers with the body. -->
${V('under', 'style="position: relative; z-index: -1"')}
<audio id="quiet" src="/quiet.ogg"></audio>
<audio id="audible" src="/audible.ogg" controls></audio>
<!-- Below the first screen, where no hit test tells: CSS's painting order does. -->
<div style="position: relative; width: 100%; margin-top: 1200px">${V('below')}</div>
<div style="position: relative">${V('below-lid')}<div style="position: absolute; inset: 0; background: oklch(1 0 0)"></div></div>
<div style="position: relative"><div style="position: absolute; inset: 0; z-index: 1; background: #fff"></div>${V('below-raised')}</div>
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

describe('a player a reader can see', () => {
  it('is one in view, faded no further than a reader sees, its middle under a small button at most', async () => {
    const seen = await withPage((page) => page.evaluate('PlayerSeen.players()') as Promise<Record<string, SeenVerdict>>);
    expect(seen).toEqual({
      shown: { seen: 'seen' },
      faded: { seen: 'unseen', why: 'faint' },
      half: { seen: 'seen' },
      off: { seen: 'unseen', why: 'outside' },
      // Cut to a pixel by the box around it: drawn shorter than any glyph a reader reads.
      clipped: { seen: 'unseen', why: 'tiny-font' },
      covered: { seen: 'unseen', why: 'covered' },
      button: { seen: 'seen' },
      scaled: { seen: 'unseen', why: 'tiny-font' },
      // Turned to show its back, which is not drawn: the table's opacity of such a box is none.
      back: { seen: 'unseen', why: 'faint' },
      inset: { seen: 'unseen', why: 'clipped' },
      invisible: { seen: 'unseen', why: 'not-rendered' },
      filtered: { seen: 'unseen', why: 'faint' },
      under: { seen: 'unseen', why: 'covered' },
      quiet: { seen: 'unseen', why: 'not-rendered' },
      audible: { seen: 'seen' },
      below: { seen: 'seen' },
      // A lid in a colour syntax not read counts as opaque; one earlier in the page that a z-index
      // raises over the player covers it too (the painting order, not the order in the page).
      'below-lid': { seen: 'unseen', why: 'covered' },
      'below-raised': { seen: 'unseen', why: 'covered' },
    });
  });

  it('is judged by the one table: a row taken out of it lets its players through', async () => {
    const seen = await withPage(
      (page) =>
        page.evaluate(`[PlayerSeen.playersWithout('faint'), PlayerSeen.playersWithout('covered')]`) as Promise<
          Array<Record<string, SeenVerdict>>
        >,
    );
    expect(seen[0]!.faded).toEqual({ seen: 'seen' });
    expect(seen[0]!.covered).toEqual({ seen: 'unseen', why: 'covered' });
    expect(seen[1]!.covered).toEqual({ seen: 'seen' });
    expect(seen[1]!.faded).toEqual({ seen: 'unseen', why: 'faint' });
  });

  it('proves a quoted video drawn only while its player is seen, and one gone not found', async () => {
    const said = await withPage(
      (page) => page.evaluate(`PlayerSeen.prove(['shown', 'faded', 'covered', 'gone'])`) as Promise<SeenResult[]>,
    );
    expect(said).toEqual([
      { drawn: true },
      { drawn: false, reason: 'faint' },
      { drawn: false, reason: 'covered' },
      { drawn: false, reason: 'not-found' },
    ]);
  });
});
