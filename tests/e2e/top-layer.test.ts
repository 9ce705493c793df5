import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForPage } from '../../eval/lib/browser';
import { launchChromium } from '../support/chromium';
import type { SeenResult } from '@/lib/shared/protocol/types';

/**
 * A box in the top layer (lib/page/seen/top-layer.ts), in real Chromium: a modal dialog or a
 * popover whose `::backdrop` is opaque hides the whole page beneath it, even where the dialog
 * itself is transparent, so the check before sending leaves the page's words out and the proof
 * says they are covered, in view and far below, while the dialog's own words are sent; the usual
 * see-through backdrop hides nothing.
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

const NEAR = 'The Brightwater kettle was recalled for fire risk in the spring.';
const FAR = 'The Brightwater kettle was recalled again for fire risk in the autumn.';
const OWN = 'Sign up to hear about the Brightwater kettle first.';

async function checked(backdrop: string, open: 'showModal' | 'showPopover', dialogStyle = '') {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 1000, height: 800 });
    const box =
      open === 'showModal'
        ? `<dialog id="box" style="${dialogStyle}"><p>${OWN}</p></dialog>`
        : `<div id="box" popover style="${dialogStyle}"><p>${OWN}</p></div>`;
    await page.setContent(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kettle</title><style>#box::backdrop { ${backdrop} }</style></head><body style="font: 16px/1.5 sans-serif"><p>${NEAR}</p><div style="height: 3000px"></div><p>${FAR}</p>${box}</body></html>`,
    );
    await page.evaluate(`document.getElementById('box').${open}()`);
    await page.addScriptTag({ content: bundle });
    const { sent } = (await page.evaluate('PageChecks.read()')) as { read: string; sent: string };
    const quotes = [NEAR, FAR, OWN].map((text) => ({ literal: text, passageText: text }));
    const proof = (await page.evaluate(`PageChecks.prove(${JSON.stringify(quotes)})`)) as SeenResult[];
    return { sent, proof };
  } finally {
    await page.close();
  }
}

describe('a box in the top layer', () => {
  it.each([
    ['a modal dialog', 'showModal', ''],
    ['a modal dialog drawn transparent', 'showModal', 'opacity: 0'],
    ['a popover', 'showPopover', ''],
  ] as const)('with an opaque backdrop hides the page under it: %s', async (_name, open, style) => {
    const { sent, proof } = await checked('background: #fff', open, style);
    expect(sent).not.toContain(NEAR);
    expect(sent).not.toContain(FAR);
    expect(proof[0]).toEqual({ drawn: false, reason: 'covered' });
    expect(proof[1]).toEqual({ drawn: false, reason: 'covered' });
    if (style === '') {
      expect(sent).toContain(OWN);
      expect(proof[2]).toEqual({ drawn: true });
    }
  });

  it.each([
    ['a modal dialog', 'showModal'],
    ['a popover', 'showPopover'],
  ] as const)('with the usual see-through backdrop hides nothing: %s', async (_name, open) => {
    const { sent, proof } = await checked('background: rgba(0, 0, 0, 0.4)', open);
    expect(sent).toContain(NEAR);
    expect(sent).toContain(FAR);
    expect(sent).toContain(OWN);
    expect(proof[1]).toEqual({ drawn: true });
  });
});
