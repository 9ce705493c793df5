/**
 * The browser's side of "is this tab a PDF?" (pdf-tab.ts decides): the PDF address to read for
 * a tab, or null. The extension's own viewer names its document in its address.
 */
import { browser, type Browser } from 'wxt/browser';
import { fileOfViewerUrl } from '@/lib/shared/pdf-messages';
import { isPdfTab } from './pdf-tab';

export const VIEWER_PATH = '/pdf-viewer.html';
const HEAD_TIMEOUT_MS = 5_000;

export async function pdfOfTab(tab: Browser.tabs.Tab): Promise<string | null> {
  const shown = fileOfViewerUrl(tab.url, browser.runtime.getURL(VIEWER_PATH));
  if (shown) return shown;
  const tabId = tab.id;
  if (tabId === undefined) return null;
  const pdf = await isPdfTab(tab.url, {
    contentType: async () => {
      try {
        const [r] = await browser.scripting.executeScript({ target: { tabId }, func: () => document.contentType });
        return typeof r?.result === 'string' ? r.result : null;
      } catch {
        return null;
      }
    },
    head: async (url) => {
      // A sleeping tab of any kind would cost its site a request: only its address counts then.
      if (tab.discarded) return null;
      const res = await fetch(url, { method: 'HEAD', credentials: 'include', signal: AbortSignal.timeout(HEAD_TIMEOUT_MS) });
      return res.ok ? res.headers.get('content-type') : null;
    },
  });
  return pdf ? tab.url! : null;
}
