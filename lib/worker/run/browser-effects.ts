/**
 * The browser behind the steps of a question: storage for the run and the thread, the page script
 * injected and asked, the offscreen PDF reader, the model transport and the pipeline. The steps
 * take these as arguments (so each is tested without a browser); this is the one place they are
 * bound to the real ones.
 */
import { browser, type Browser } from 'wxt/browser';
import { appendFailure, appendRunRecord, lastRunItem, threadItem } from '@/lib/shared/storage';
import { answerQuestion } from '@/lib/worker/answer/pipeline';
import { modelCall } from '@/lib/worker/model/transport';
import { readPdfInOffscreen } from '@/lib/worker/pdf/offscreen-client';
import { pdfOfTab, viewerPdf, VIEWER_PATH } from '@/lib/worker/pdf/pdf-address';
import { pdfAddressesOfRun } from '@/lib/worker/pdf/allowed-addresses';
import { tabsToRead } from '@/lib/worker/read/tab-scope';
import { ReadCache } from '@/lib/worker/read/tab-reuse';
import type { AskMessage } from '@/lib/shared/messages';
import { callPage } from '@/lib/worker/read/call-page';
import type { ModelStepDeps } from './model-step';
import { readTab, type ReadTabDeps } from './read-tab';
import { runStore } from './run-store';
import type { AskShown } from './shown-step';
import { threadStore } from './thread-store';
import { tabTimes } from './read-timings';

const PAGE_SCRIPT = '/content-scripts/page.js';

export const runs = runStore({
  load: () => lastRunItem.getValue(),
  save: (run) => lastRunItem.setValue(run),
  appendFailure,
  appendRunRecord,
});

export const threads = threadStore({
  load: () => threadItem.getValue(),
  save: (thread) => threadItem.setValue(thread),
  newId: () => crypto.randomUUID(),
  now: Date.now,
});

/**
 * The page script goes in as soon as the frame exists (`injectImmediately`), not at
 * `document_idle`, which a document whose response never ends never reaches; the script itself
 * then waits, capped, for the page to settle. PDFs are read only at the run's own addresses.
 */
export function readTabDeps(run: ReadonlySet<string>): ReadTabDeps {
  return {
    inject: async (tabId, allFrames) => {
      const times = tabTimes(tabId);
      times.injectStart ??= Date.now();
      const results = await browser.scripting.executeScript({
        target: { tabId, ...(allFrames ? { allFrames: true } : {}) },
        files: [PAGE_SCRIPT],
        injectImmediately: true,
      });
      times.injected ??= Date.now();
      return results.map((r) => r.frameId);
    },
    ask: async (tabId, frameId, request) => {
      if (request.type !== 'extract' || frameId !== 0) return callPage(tabId, frameId, request);
      const times = tabTimes(tabId);
      times.extractSent = Date.now();
      const reply = await callPage(tabId, frameId, request);
      times.extractReplied = Date.now();
      if ('timing' in reply) times.page = reply.timing;
      return reply;
    },
    readPdf: (url) => readPdfInOffscreen(url, run),
    viewerPdf,
    pdfOfTab: (tab: Browser.tabs.Tab, signal: AbortSignal, askPage?: boolean) => pdfOfTab(tab, signal, askPage),
  };
}

/** The tabs a question reads, from its window's tabs and its scope (read/tab-scope.ts). */
export async function tabsInScope(msg: AskMessage): Promise<Browser.tabs.Tab[]> {
  return tabsToRead(await browser.tabs.query({ windowId: msg.windowId }), msg);
}

/** The tabs' readings of the current thread, for its next question (read/tab-reuse.ts). */
const readings = new ReadCache();

/** How each tab of a question about `tabs` is read (read-tab.ts), within thread `threadId`'s readings. */
export function tabReader(tabs: Browser.tabs.Tab[], threadId: string, signal: AbortSignal) {
  const deps = readTabDeps(pdfAddressesOfRun(tabs, browser.runtime.getURL(VIEWER_PATH)));
  const cache = readings.forThread(threadId);
  return (tab: Browser.tabs.Tab) => {
    if (tab.id !== undefined) tabTimes(tab.id).readRequest = Date.now();
    return readTab(tab, signal, cache, deps);
  };
}

/** Asks a frame which of its reading's passages about to be sent it does not show (shown-step.ts). */
export const askShown: AskShown = async (tabId, frameId, readId, ids) => {
  const times = tabTimes(tabId);
  times.shownSent ??= Date.now();
  const reply = await callPage(tabId, frameId, { type: 'shown', readId, ids });
  times.shownReplied = Date.now();
  return reply;
};

/** The model step's effects for run `id`: the real transport and pipeline, reports to the run. */
export function modelStepDeps(id: string, signal: AbortSignal, plans: Pick<ModelStepDeps, 'halve'>): ModelStepDeps {
  return {
    makeCall: modelCall,
    answer: answerQuestion,
    report: (patch) => runs.report(id, patch),
    // A run cancelled or replaced (its signal aborted) logs nothing more, even before its state says so.
    log: (entry) => (signal.aborted ? Promise.resolve() : runs.logFailure(id, entry)),
    replanned: (plan) => runs.progress(id, { plan }),
    now: Date.now,
    signal,
    ...plans,
  };
}
