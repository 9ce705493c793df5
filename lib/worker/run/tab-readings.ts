/**
 * The browser behind a question's reading: which tabs it reads, the page script injected and
 * asked, the offscreen PDF reader, the readings kept for a follow-up and those read while the
 * question is typed (read/read-ahead.ts), and whether the browser lets us into a tab. The reading
 * steps take these as arguments (so each is tested without a browser); this is the one place they
 * are bound to the real ones.
 */
import { browser, type Browser } from 'wxt/browser';
import type { ReadAheadMessage } from '@/lib/shared/protocol/messages';
import { readPdfInOffscreen } from '@/lib/worker/pdf/offscreen-client';
import { pdfOfTab, viewerPdf, VIEWER_PATH } from '@/lib/worker/pdf/pdf-address';
import { pdfAddressesOfRun } from '@/lib/worker/pdf/allowed-addresses';
import { askedFromIncognito } from '@/lib/worker/read/incognito';
import {
  checkTaken,
  earlyReading,
  pageReadDeps,
  readRequested,
  seenAsker,
  type EarlyReading,
} from '@/lib/worker/read/page-reading';
import { AheadReads, aheadFirst } from '@/lib/worker/read/read-ahead';
import { readTab, takeEarlier, type ReadTabDeps } from '@/lib/worker/read/read-tab';
import { canReadTab } from '@/lib/worker/read/tab-access';
import { ReadCache } from '@/lib/worker/read/tab-reuse';
import { tabsToRead, type ScopedAsk } from '@/lib/worker/read/tab-scope';
import { warmPassageWords } from '@/lib/worker/rank/passage-words';

/**
 * How a reading reads PDFs: only at the run's own addresses, or (`'at-ask'`, a reading while the
 * question is typed) not at all, since a PDF's reading is not kept for later (read/tab-reuse.ts).
 */
type PdfReading = ReadonlySet<string> | 'at-ask';

/** The browser's calls a reading makes: the page script as read/page-reading.ts asks it, and PDFs as `pdfs` says. */
function readTabDeps(pdfs: PdfReading, early?: EarlyReading): ReadTabDeps {
  const page = { ...pageReadDeps(early), viewerPdf };
  if (pdfs === 'at-ask')
    return { ...page, readPdf: () => Promise.reject(new Error('A PDF is read at Ask.')), pdfOfTab: async () => null };
  return {
    ...page,
    readPdf: (url) => readPdfInOffscreen(url, pdfs),
    pdfOfTab: (tab: Browser.tabs.Tab, signal: AbortSignal, askPage?: boolean) => pdfOfTab(tab, signal, askPage),
  };
}

/** The tabs a question reads, from its window's tabs and its scope (read/tab-scope.ts). */
export async function tabsInScope(msg: ScopedAsk): Promise<Browser.tabs.Tab[]> {
  return tabsToRead(await browser.tabs.query({ windowId: msg.windowId }), msg);
}

/** The tabs' readings of the current thread, for its next question (read/tab-reuse.ts). */
const readings = new ReadCache();

/** The tabs read while a question is typed (read/read-ahead.ts). */
const ahead = new AheadReads();

/**
 * A question is being typed about `msg`'s scope: its tabs are read now, as a question reads them,
 * but for PDFs (whose reading is not kept for later: read/tab-reuse.ts), which wait for Ask. The
 * number of tabs whose reading started.
 */
export async function readAhead(msg: ReadAheadMessage): Promise<number> {
  const tabs = await tabsInScope(msg);
  const deps = readTabDeps('at-ask');
  // Every step of a reading is bounded (read/frames.ts); nothing stops one but its end.
  const signal = new AbortController().signal;
  return ahead.start(tabs, (tab) => readTab(tab, signal, new ReadCache(), deps));
}

/**
 * How one question reads its tabs: each tab read (read/read-tab.ts) within thread `threadId`'s
 * readings, its words for ranking found as it comes in (`onRead`), a frame small enough to be sent
 * whole (its share of `budget`, in tokens) checked as it is read, and the check before sending
 * asked of the frames only for what their readings did not check (`askShown`, read/page-reading.ts).
 * `askedAt`: when the question reached the worker, after Ask was pressed (a reading ahead begun
 * later is not asked whether its page changed since: read/read-ahead.ts).
 */
export function questionReading(
  tabs: Browser.tabs.Tab[],
  threadId: string,
  signal: AbortSignal,
  budget: number,
  askedAt: number,
) {
  const early = earlyReading(budget, tabs.length);
  const deps = readTabDeps(pdfAddressesOfRun(tabs, browser.runtime.getURL(VIEWER_PATH)), early);
  const cache = aheadFirst(ahead, readings.forThread(threadId), askedAt);
  return {
    readOne: (tab: Browser.tabs.Tab) => {
      if (tab.id !== undefined) readRequested(tab.id);
      const reading = readTab(tab, signal, cache, deps);
      // A read-ahead that arrives after Ask leaves this tab to this reading (read/read-ahead.ts).
      ahead.track(tab, reading);
      // A reading from before the question: its small frames checked now (read/page-reading.ts).
      return reading.then((read) => {
        if (!('reason' in read) && tab.id !== undefined) checkTaken(tab.id, read, early);
        return read;
      });
    },
    // A reading from before the question, taken at once outside the queue (read/read-scope.ts).
    taken: (tab: Browser.tabs.Tab) => {
      if (tab.id !== undefined) readRequested(tab.id);
      const taking = takeEarlier(tab, signal, cache, deps);
      // As readOne's: a read-ahead arriving meanwhile leaves the tab to this question.
      ahead.track(tab, taking);
      return taking.then((read) => {
        if (read && tab.id !== undefined) checkTaken(tab.id, read, early);
        return read;
      });
    },
    onRead: warmPassageWords,
    askShown: seenAsker(early.checks),
  };
}

/** Whether a question from window `windowId` is asked from an incognito window (read/incognito.ts). */
export const fromIncognito = (windowId: number) => askedFromIncognito(windowId, (w) => browser.windows.get(w));

/** Whether the browser lets the extension's scripts into tab `tabId` now (read/tab-access.ts). */
export const canRead = (tabId: number) =>
  canReadTab(() => browser.scripting.executeScript({ target: { tabId }, func: () => true, injectImmediately: true }));
