/**
 * The source shown is the real one, in the real popup: a citation chip shows the site first and
 * whole, however long the page's (copied) title; two quotes of one claim from one page are told
 * apart. No model call follows a redirect with the key.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerText, ask } from '../support/popup-page';
import { answerReply, indexOf } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';

// No reset between tests: each sets what it needs. (With Chromium 156 on this machine, clearing
// storage.session from the test's side leaves the harness without its worker: "No SW".)
const h = useExtension({ reset: false });

describe('citation chips', () => {
  it('show the site first and whole beside a long copied title, and number two quotes of one page', async () => {
    await h.standIn();
    const page = await h.open('spoofed-title.html');
    const cancelled = 'Refunds for cancelled orders are paid within five working days';
    const returned = 'Refunds for returned goods are paid once the parcel has reached our warehouse';
    h.api.enqueue((req) =>
      answerReply([
        {
          text: 'Refunds are paid within days, or once the parcel arrives.',
          citations: [
            { index: indexOf(req, 'cancelled orders'), literal: cancelled },
            { index: indexOf(req, 'returned goods'), literal: returned },
          ],
        },
      ]),
    );
    const popup = await h.popup(page);
    await ask(popup, 'When are refunds paid for cancelled orders and returned goods?');
    expect(await answerText(popup)).toContain('Refunds are paid within days');

    const host = new URL(page.url()).host;
    const title = await page.title();
    // Each marker is named by the site and the page's title, and which of the page's quotes it is.
    const names = await popup.$$eval('button.marker', (buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    // It begins with what it shows ("1·2"), for those who click by voice.
    expect(names).toEqual([`1·1: ${host} — ${title}, quote 1 of 2`, `1·2: ${host} — ${title}, quote 2 of 2`]);
    // The page listed once under the answer: its site first and whole, its long title shortened.
    const sources = await popup.$$eval('ol.sources li', (rows) =>
      rows.map((row) => {
        const box = row.getBoundingClientRect();
        const site = row.querySelector('.source-site')!;
        const siteBox = site.getBoundingClientRect();
        const titlePart = row.querySelector('.source-title')!;
        const inline = getComputedStyle(row).direction === 'rtl' ? -1 : 1;
        return {
          site: site.textContent,
          siteWhole: site.scrollWidth <= site.clientWidth + 1 && siteBox.left >= box.left && siteBox.right <= box.right + 0.5,
          siteFirst: inline * (titlePart.getBoundingClientRect().left - siteBox.left) > 0,
          titleShortened: titlePart.scrollWidth > titlePart.clientWidth,
        };
      }),
    );
    expect(sources).toEqual([{ site: host, siteWhole: true, siteFirst: true, titleShortened: true }]);
  });
});

/**
 * The extension's worker that answers now. On this machine Chromium 156 sometimes leaves the
 * harness's handle on a worker that no longer serves extension calls ("No SW") while a new one
 * runs: take the one whose storage answers.
 */
async function liveWorker(): Promise<void> {
  for (const target of h.browser.targets()) {
    if (target.type() !== 'service_worker' || !target.url().endsWith('/background.js')) continue;
    const worker = await target.worker();
    if (!worker) continue;
    const ok = await worker.evaluate(() => chrome.storage.local.get(null).then(() => true)).catch(() => false);
    if (ok) {
      h.worker = worker;
      return;
    }
  }
}

describe('a frame’s passage', () => {
  it('is cited by the frame’s own site, in a frame on the tab’s page', async () => {
    await liveWorker();
    h.api.reset();
    await h.standIn();
    const page = await h.open('extraction.html');
    let frame: Frame | null = null;
    await expect
      .poll(async () => {
        for (const f of page.frames())
          if (await f.evaluate(() => document.body?.innerText.includes('cormorants') ?? false).catch(() => false)) frame = f;
        return frame !== null;
      })
      .toBe(true);
    const quote = 'Cross-origin frame text about cormorants.';
    h.api.enqueue((req) =>
      answerReply([{ text: 'Cormorants are mentioned.', citations: [{ index: indexOf(req, 'cormorants'), literal: quote }] }]),
    );
    const popup = await h.popup(page);
    await ask(popup, 'Which birds: otters, kingfishers, cormorants, herons, gannets?');
    expect(await answerText(popup)).toContain('Cormorants are mentioned.');
    const frameHost = new URL(frame!.url()).host;
    expect(frameHost).not.toBe(new URL(page.url()).host);
    const chip = await popup.$eval('button.marker', (b) => b.getAttribute('aria-label'));
    expect(chip).toBe(`1: ${frameHost} — in a frame on ${await page.title()}`);
    // Listed under the answer by the frame's own site, in a frame on the tab's page.
    const source = await popup.$eval('ol.sources li', (row) => (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
    expect(source).toBe(`1 ${frameHost} in a frame on ${await page.title()}`);
  });
});

describe('a redirect from the API address', () => {
  let redirector: Server;
  let redirects = 0;
  beforeAll(async () => {
    redirector = createServer((req, res) => {
      redirects++;
      res.writeHead(307, { location: `${h.api.url}${req.url}`, 'access-control-allow-origin': '*' }).end();
    });
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => redirector.close(() => r())));

  it('is refused: the key is not sent on, and the popup says so', async () => {
    const { port } = redirector.address() as AddressInfo;
    await liveWorker();
    h.api.reset();
    await h.standIn({ baseURL: `http://127.0.0.1:${port}` });
    const page = await h.open('spoofed-title.html');
    const popup = await h.popup(page);
    await ask(popup, 'When are refunds paid for cancelled orders?');
    const error = await popup.waitForSelector('[role="alert"]', { timeout: 60_000 });
    expect(await error!.evaluate((e) => e.textContent)).toMatch(
      /answered with a redirect.*The key is never sent on to another address/,
    );
    expect(redirects).toBeGreaterThanOrEqual(1);
    expect(h.calls()).toHaveLength(0);
  });
});

describe('what content scripts can read', () => {
  it('not storage.local, where the settings, the draft and the logs are: only the extension’s own pages and worker', async () => {
    await liveWorker();
    await h.standIn();
    await h.worker.evaluate(async () => {
      await chrome.storage.local.set({ draft: { question: 'private question', scope: 'tab' } });
    });
    const page = await h.open('spoofed-title.html');
    const tabId = await h.worker.evaluate(
      async (url) => (await chrome.tabs.query({})).find((t) => t.url === url)?.id ?? -1,
      page.url(),
    );
    // A function run in the page's isolated world is a content script, as ours is.
    const seen = await h.worker.evaluate(async (id) => {
      const [r] = await chrome.scripting.executeScript({
        target: { tabId: id },
        func: async () => {
          try {
            return `read: ${Object.keys(await chrome.storage.local.get(null)).join(',')}`;
          } catch (e) {
            return `refused: ${String(e)}`;
          }
        },
      });
      return r?.result;
    }, tabId);
    expect(seen).toMatch(/^refused/);
    // The extension's own worker still reads it.
    expect(await h.worker.evaluate(async () => Object.keys(await chrome.storage.local.get(null)).sort())).toEqual(
      expect.arrayContaining(['draft', 'settings']),
    );
  });
});
