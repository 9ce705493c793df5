import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../support/axe';
import { type Harness, useHarness } from '../support/harness';
import { openAdvanced, seedDiagnostics } from '../support/options-page';

/**
 * The options and the welcome at 320, 400 and 800 px wide (issue #43): nothing scrolls sideways,
 * the diagnostics' tables neither (a narrow box lays each row out as a card), and axe finds nothing
 * wrong, in the light and the dark colour scheme, in English and Spanish.
 */

const WIDTHS = [320, 400, 800];

async function open(h: Harness, page: 'options' | 'welcome', width: number): Promise<Page> {
  const tab = await h.browser.newPage();
  await tab.setViewport({ width, height: 900 });
  await tab.goto(h.worker.url().replace('background.js', `${page}.html`));
  await tab.waitForSelector('::-p-aria([role="combobox"])');
  if (page === 'options') {
    await tab.waitForSelector('.tally');
    await openAdvanced(tab);
  }
  return tab;
}

/** How far the page scrolls sideways (0 when it does not). */
const sideways = (tab: Page) =>
  tab.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

/** The diagnostics' tables that scroll sideways inside their own box: their captions. */
const tablesScrolling = (tab: Page) =>
  tab.evaluate(() =>
    [...document.querySelectorAll('.tally-box')]
      .filter((box) => box.scrollWidth > box.clientWidth)
      .map((box) => box.getAttribute('aria-label') ?? ''),
  );

/** What reaches past the window's right edge, for the message of a failure. */
const widest = (tab: Page) =>
  tab.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className}`)
      .slice(0, 8)
      .join(', '),
  );

async function measure(h: Harness, page: 'options' | 'welcome'): Promise<void> {
  for (const width of WIDTHS) {
    const tab = await open(h, page, width);
    const found: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await tab.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
      expect(
        await sideways(tab),
        `${page} at ${width} px (${scheme}) scrolls sideways: ${await widest(tab)}`,
      ).toBeLessThanOrEqual(0);
      expect(await tablesScrolling(tab), `${page} at ${width} px (${scheme}): tables scrolling sideways`).toEqual([]);
      found.push(...describeViolations(await axeViolations(tab, scheme)).map((l) => `[${scheme}] ${l}`));
    }
    expect(found, `axe on ${page} at ${width} px`).toEqual([]);
    await tab.close();
  }
}

describe('options and welcome, in English', () => {
  let h: Harness;
  useHarness((x) => (h = x), { keepWelcome: true });

  it('the options, diagnostics filled, Advanced open: no sideways scrolling at 320, 400, 800 px; axe clean', async () => {
    await seedDiagnostics(h.worker);
    await measure(h, 'options');
  });

  it('the welcome: no sideways scrolling at 320, 400, 800 px; axe clean', async () => {
    await measure(h, 'welcome');
  });
});

describe('options and welcome, in Spanish', () => {
  let h: Harness;
  useHarness((x) => (h = x), { keepWelcome: true, lang: 'es' });

  it('las opciones y la bienvenida: nada se desplaza de lado a 320, 400 y 800 px; axe limpio', async () => {
    await seedDiagnostics(h.worker);
    await measure(h, 'options');
    await measure(h, 'welcome');
  });
});
