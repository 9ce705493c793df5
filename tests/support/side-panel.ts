/**
 * The real side panel in headless Chromium, reached as a user reaches it: the real popup over a
 * page, a click on "Open in side panel". The panel is then a target of its own, beside the page.
 */
import type { Page } from 'puppeteer-core';
import { openPopup, type Harness } from './harness';

/** Opens the side panel of `page`'s window through the popup's button (`names`: in the browser's language); returns the panel's page. */
export async function openSidePanel(
  h: Harness,
  page: Page,
  names: { question: string; open: string } = { question: 'Question', open: 'Open in side panel' },
): Promise<Page> {
  const popup = await openPopup(h, page, names.question);
  await popup.locator(`::-p-aria(${names.open}[role="button"])`).click();
  const target = await h.browser.waitForTarget((t) => t.url().endsWith('/sidepanel.html'), { timeout: 30_000 });
  const panel = (await target.asPage())!;
  // The panel takes its part of the window: the web pages beside it are laid out at the size the
  // browser gives them, not at Puppeteer's emulated 800×600, which the browser's capture of a tab
  // (the proof of a click by its pixels, lib/worker/reveal/on-screen.ts) does not show.
  for (const p of await h.browser.pages()) if (p.url().startsWith('http')) await p.setViewport(null);
  // The panel stays open across tests, as it does across tabs: start each from its first screen.
  await panel.reload();
  await panel.waitForSelector(`::-p-aria(${names.question})`);
  return panel;
}

/** The names of the citation buttons, in the order the answer shows them. */
export async function citationNames(panel: Page): Promise<string[]> {
  return panel.$$eval('button.marker, .citation button', (buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
}

/** The accessible name of the citation marked current (`aria-current`), or null. */
export async function currentCitation(panel: Page): Promise<string | null> {
  return panel.$eval('button.marker[aria-current="true"]', (b) => b.getAttribute('aria-label')).catch(() => null);
}
