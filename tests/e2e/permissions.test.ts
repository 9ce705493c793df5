import { describe, expect, it } from 'vitest';
import { answerText, ask, citationNamed, highlightedText } from '../support/popup-page';
import { answerReply, indexOf, sentText } from '../support/stand-in/replies';
import type { Harness } from '../support/extension-browser';
import { useExtension } from '../support/harness';
import type { RecordedRequest } from '../support/stand-in/messages-api';
import { PDF_QUESTION, highWaterAnswer } from '../support/facts';

/**
 * A fresh install, with only what the manifest grants at install (no access to any site but the
 * Messages API's host): "This tab" works through the toolbar click's `activeTab`, and "All tabs
 * in this window" says why it needs more before the browser asks.
 */

const BUILT = 'The lighthouse was built in 1871 by the harbour board';
/** Claude's claim about the lighthouse, citing the fragment sent that holds it. */
const builtIn1871 = (req: RecordedRequest) => ({
  text: 'It was built in 1871.',
  citations: [{ index: indexOf(req, 'built in 1871'), literal: BUILT }],
});
const granted = (h: Harness) => h.worker.evaluate(() => chrome.permissions.getAll().then((p) => p.origins ?? []));

describe('permissions of a fresh install', () => {
  const h = useExtension({ allSites: false });

  it('asks for no site at install: only the Messages API host is granted, all sites are optional', async () => {
    expect(await granted(h)).toEqual(['https://api.anthropic.com/*']);
    const manifest = await h.worker.evaluate(() => chrome.runtime.getManifest());
    expect(manifest.optional_host_permissions).toEqual(['<all_urls>']);
  });

  it('"This tab" answers and highlights through the toolbar click alone, and the API is reached by CORS', async () => {
    await h.standIn();
    const page = await h.open('lighthouse.html');
    await h.open('gardening.html');
    await page.bringToFront();
    h.api.enqueue((req) => answerReply([builtIn1871(req)]));
    const popup = await h.popup(page);
    await ask(popup, 'When was the lighthouse built?', 'This tab');
    expect(await answerText(popup)).toContain('built in 1871');
    // Still no host access: the tab was read through activeTab, the other tab not at all.
    expect(await granted(h)).toEqual(['https://api.anthropic.com/*']);
    // The citation highlights its quote in that tab, under the same grant.
    await popup.locator(citationNamed(`${new URL(page.url()).host} — ${await page.title()}`)).click();
    await expect.poll(() => highlightedText(page), { timeout: 30_000 }).toBe(BUILT);
    const [call] = h.calls();
    expect(sentText(call!)).not.toContain('Sow tomatoes');
    // Without host access to the stand-in's origin the worker's request is a CORS one, preflighted.
    expect(h.api.requests.some((r) => r.method === 'OPTIONS' && r.path.startsWith('/v1/messages'))).toBe(true);
    expect(call!.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
  });

  it('a PDF in "This tab" is read through the toolbar click alone too', async () => {
    await h.standIn();
    const pdf = await h.browser.newPage();
    // The browser's PDF viewer never fires a page `load` the way an HTML page does.
    await pdf.goto(`${h.fixtures}/tides.pdf`, { waitUntil: 'domcontentloaded' }).catch(() => {});
    h.api.enqueue(highWaterAnswer);
    const popup = await h.popup(pdf);
    await ask(popup, PDF_QUESTION, 'This tab');
    expect(await answerText(popup)).toContain('High water is at 11:42.');
    expect(await granted(h)).toEqual(['https://api.anthropic.com/*']);
  });

  it('"All tabs in this window" says why it needs access to sites, sends nothing, and keeps the question', async () => {
    await h.standIn();
    const page = await h.open('lighthouse.html');
    await h.open('gardening.html');
    await page.bringToFront();
    const popup = await h.popup(page);
    await ask(popup, 'When was the lighthouse built?', 'All tabs in this window');
    const note = await popup.waitForSelector('.access-note[role="status"]');
    expect(await note!.evaluate((el) => (el as HTMLElement).innerText)).toMatch(
      /read the other tabs of this window.*permission/s,
    );
    expect(await popup.$('::-p-aria(Allow reading these sites[role="button"])')).not.toBeNull();
    expect(await popup.$('::-p-aria(Ask about this tab instead[role="button"])')).not.toBeNull();
    expect(h.api.requests).toHaveLength(0);
    expect(await popup.$eval('::-p-aria(Question)', (el) => (el as HTMLTextAreaElement).value)).toBe(
      'When was the lighthouse built?',
    );
  });

  it('"Ask about this tab instead" answers the same question about this tab, with no permission asked', async () => {
    await h.standIn();
    const page = await h.open('lighthouse.html');
    h.api.enqueue((req) => answerReply([builtIn1871(req)]));
    const popup = await h.popup(page);
    await ask(popup, 'When was the lighthouse built?', 'All tabs in this window');
    await popup.locator('::-p-aria(Ask about this tab instead[role="button"])').click();
    expect(await answerText(popup)).toContain('built in 1871');
    expect(await popup.$eval('::-p-aria(This tab[role="radio"])', (el) => (el as HTMLInputElement).checked)).toBe(true);
    expect(await granted(h)).toEqual(['https://api.anthropic.com/*']);
  });

  it('"Allow reading these sites" opens the browser’s own prompt from the click; the question waits in its box', async () => {
    await h.standIn();
    const page = await h.open('lighthouse.html');
    const popup = await h.popup(page);
    await ask(popup, 'When was the lighthouse built?', 'All tabs in this window');
    const closed = new Promise<void>((r) => popup.once('close', () => r()));
    await popup.locator('::-p-aria(Allow reading these sites[role="button"])').click();
    // The browser's prompt takes the focus from the popup, which closes (headless Chromium
    // offers no way to answer the prompt itself).
    await closed;
    expect(await granted(h)).toEqual(['https://api.anthropic.com/*']);
    const again = await h.popup(page);
    expect(await again.$eval('::-p-aria(Question)', (el) => (el as HTMLTextAreaElement).value)).toBe(
      'When was the lighthouse built?',
    );
    expect(await again.$eval('::-p-aria(All tabs in this window[role="radio"])', (el) => (el as HTMLInputElement).checked)).toBe(
      true,
    );
    expect(h.api.requests).toHaveLength(0);
  });
});

describe('with access to all sites granted', () => {
  const h = useExtension();

  it('"All tabs in this window" asks nothing more and answers from every tab', async () => {
    await h.standIn();
    const page = await h.open('lighthouse.html');
    await h.open('gardening.html');
    await page.bringToFront();
    h.api.enqueue((req) =>
      answerReply([
        builtIn1871(req),
        {
          text: 'Sow tomatoes indoors.',
          citations: [{ index: indexOf(req, 'Sow tomatoes'), literal: 'Sow tomatoes indoors six weeks before the last frost' }],
        },
      ]),
    );
    const popup = await h.popup(page);
    await ask(popup, 'When was the lighthouse built, and when do I sow tomatoes?', 'All tabs in this window');
    const text = await answerText(popup);
    expect(text).toContain('built in 1871');
    expect(text).toContain('Sow tomatoes indoors');
    expect(await popup.$('.access-note')).toBeNull();
    expect(await granted(h)).toContain('<all_urls>');
  });
});
