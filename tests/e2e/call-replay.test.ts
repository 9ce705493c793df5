import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForPage } from '../../eval/lib/browser';
import { launchChromium } from '../support/chromium';

/**
 * `npm run eval:calls` weighs a check by its browser calls made again alone
 * (eval/lib/call-replay.ts): in real Chromium, the recording holds every call of each kind in the
 * order made, the replay makes exactly those calls again (a recording of the replay is the same),
 * and the page's own methods are given back afterwards. A replay that dropped or added calls would
 * make the figure that decides whether a cost bound can be met a wrong one.
 */

let browser: Browser;
let bundle: string;

beforeAll(async () => {
  bundle = await bundleForPage('eval/lib/call-replay.ts', 'CallReplay');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const PAGE = `<!doctype html><p id="a" hidden="until-found">One <b>two</b> three</p><div id="d" style="overflow: auto; width: 50px">x</div>`;

/** Some page code that makes one or more calls of every kind recorded. */
const WORK = `() => {
  const p = document.getElementById('a');
  const d = document.getElementById('d');
  const s = getComputedStyle(p);
  void s.display; void s.opacity; void s.getPropertyValue('mask-image');
  void getComputedStyle(d, '::first-line').color;
  const r = document.createRange();
  r.selectNodeContents(p.firstChild);
  r.getClientRects(); r.getBoundingClientRect();
  d.getBoundingClientRect(); d.getClientRects();
  d.checkVisibility({ opacityProperty: true });
  p.getAttribute('hidden'); p.hasAttribute('id');
  document.elementsFromPoint(5, 5); document.elementFromPoint(5, 5);
  void d.clientWidth; void d.scrollHeight;
}`;

describe('eval: the browser calls of a check, recorded and made again', () => {
  it('records each call in order, makes exactly those again, and gives the page its methods back', async () => {
    const page = await browser.newPage();
    try {
      await page.setContent(PAGE);
      await page.addScriptTag({ content: bundle });
      const out = (await page.evaluate(`(() => {
        const before = [window.getComputedStyle, Range.prototype.getClientRects, Element.prototype.getAttribute,
          Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth').get];
        const shape = (calls) => calls.map((c) => c.kind + ' ' + c.what);
        const calls = CallReplay.recordCalls(${WORK});
        const again = CallReplay.recordCalls(CallReplay.replay(calls));
        const noReads = CallReplay.recordCalls(CallReplay.replay(calls, (c) => c.kind === 'style read'));
        const after = [window.getComputedStyle, Range.prototype.getClientRects, Element.prototype.getAttribute,
          Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth').get];
        return { first: shape(calls), again: shape(again), noReads: shape(noReads), restored: before.every((f, i) => f === after[i]) };
      })()`)) as { first: string[]; again: string[]; noReads: string[]; restored: boolean };
      expect(out.first).toEqual([
        'computed style ',
        'style read display',
        'style read opacity',
        'style read mask-image',
        'computed style ::first-line',
        'style read color',
        'text rectangles getClientRects',
        'text rectangles getBoundingClientRect',
        'box rectangles getBoundingClientRect',
        'box rectangles getClientRects',
        'checkVisibility ',
        'attribute getAttribute',
        'attribute hasAttribute',
        'hit test elementsFromPoint',
        'hit test elementFromPoint',
        'box size clientWidth',
        'box size scrollHeight',
      ]);
      expect(out.again).toEqual(out.first);
      expect(out.noReads).toEqual(out.first.filter((c) => !c.startsWith('style read')));
      expect(out.restored).toBe(true);
    } finally {
      await page.close();
    }
  });
});
