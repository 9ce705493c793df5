/**
 * The browser's side of "is this tab a PDF?" (pdf-tab.ts decides): the PDF address to read for
 * a tab, or null. The extension's own viewer names its document in its address.
 */
import { browser, type Browser } from 'wxt/browser';
import { fileOfViewerUrl } from '@/lib/shared/protocol/pdf-messages';
import { bounded } from '@/lib/shared/core/time-limit';
import { isPdfTab } from './pdf-tab';
import { mayProbeFromWorker } from '@/lib/worker/read/incognito';

export const VIEWER_PATH = '/pdf-viewer.html';
const HEAD_TIMEOUT_MS = 5_000;
/** Asking a tab its content type is one line of script: a page that cannot run it in time is busy, not a PDF viewer. */
const CONTENT_TYPE_TIMEOUT_MS = 1_000;

/** The PDF the extension's own viewer shows in the tab, or null. */
export const viewerPdf = (tab: Browser.tabs.Tab): string | null => fileOfViewerUrl(tab.url, browser.runtime.getURL(VIEWER_PATH));

/**
 * For a tab the page script is not read in (an address no script may run at, a tab asleep, a
 * script refused): whether it shows a PDF. `askPage`: ask the document its content type first
 * (false when the page script was just refused: the one-line script would be too).
 */
export async function pdfOfTab(tab: Browser.tabs.Tab, signal?: AbortSignal, askPage = true): Promise<string | null> {
  const shown = viewerPdf(tab);
  if (shown) return shown;
  const tabId = tab.id;
  if (tabId === undefined) return null;
  const pdf = await isPdfTab(tab.url, {
    contentType: async () => {
      if (!askPage) return null;
      try {
        // At once, not at `document_idle`, which a document whose response never ends never reaches;
        // and bounded, since a page stuck in a script loop never runs it.
        const [r] = await bounded(
          browser.scripting.executeScript({ target: { tabId }, func: () => document.contentType, injectImmediately: true }),
          CONTENT_TYPE_TIMEOUT_MS,
          signal,
        );
        return typeof r?.result === 'string' ? r.result : null;
      } catch (err) {
        if (signal?.aborted) throw err;
        return null;
      }
    },
    head: async (url) => {
      // Not from the worker for a sleeping tab (it would cost its site a request) nor an incognito
      // one (the regular profile's cookies): only its address counts then (lib/worker/read/incognito.ts).
      if (!mayProbeFromWorker(tab)) return null;
      const res = await fetch(url, {
        method: 'HEAD',
        credentials: 'include',
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(HEAD_TIMEOUT_MS)]) : AbortSignal.timeout(HEAD_TIMEOUT_MS),
      });
      return res.ok ? res.headers.get('content-type') : null;
    },
  });
  return pdf ? tab.url! : null;
}
