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
import { checkUpTo, type EarlyChecks } from './early-checks';

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
export function readTabDeps(run: ReadonlySet<string>, early?: { checks: EarlyChecks; upTo: number }): ReadTabDeps {
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
    // The reading (`extract`) with its timings and early check; any other request as it is.
    ask: (tabId, frameId, request) =>
      request.type === 'extract'
        ? // The checked reply of `extract`, the request's own type.
          (extract(tabId, frameId, early) as ReturnType<typeof callPage<typeof request.type>>)
        : callPage(tabId, frameId, request),
    readPdf: (url) => readPdfInOffscreen(url, run),
    viewerPdf,
    pdfOfTab: (tab: Browser.tabs.Tab, signal: AbortSignal, askPage?: boolean) => pdfOfTab(tab, signal, askPage),
  };
}

/**
 * Asks one frame to read itself; a frame small enough to be sent whole checks its passages as it
 * reads (early-checks.ts). The reply's timings are kept for the bench (read-timings.ts).
 */
async function extract(tabId: number, frameId: number, early?: { checks: EarlyChecks; upTo: number }) {
  const times = frameId === 0 ? tabTimes(tabId) : {};
  times.extractSent = Date.now();
  const reply = await callPage(tabId, frameId, { type: 'extract', ...(early ? { checkUpTo: early.upTo } : {}) });
  times.extractReplied = Date.now();
  if (frameId === 0) tabTimes(tabId).page = reply.timing;
  if (early && reply.shown && reply.readId !== undefined) {
    early.checks.keep(
      tabId,
      frameId,
      reply.readId,
      reply.passages.map((p) => p.id),
      reply.shown,
    );
  }
  return reply;
}

/** The tabs a question reads, from its window's tabs and its scope (read/tab-scope.ts). */
export async function tabsInScope(msg: AskMessage): Promise<Browser.tabs.Tab[]> {
  return tabsToRead(await browser.tabs.query({ windowId: msg.windowId }), msg);
}

/** The tabs' readings of the current thread, for its next question (read/tab-reuse.ts). */
const readings = new ReadCache();

/**
 * How each tab of a question about `tabs` is read (read-tab.ts), within thread `threadId`'s
 * readings; a frame small enough to be sent whole (its share of `budget`, in tokens) checked as it
 * is read, into `checks`.
 */
export function tabReader(tabs: Browser.tabs.Tab[], threadId: string, signal: AbortSignal, checks: EarlyChecks, budget: number) {
  const deps = readTabDeps(pdfAddressesOfRun(tabs, browser.runtime.getURL(VIEWER_PATH)), {
    checks,
    upTo: checkUpTo(budget, tabs.length),
  });
  const cache = readings.forThread(threadId);
  return (tab: Browser.tabs.Tab) => {
    if (tab.id !== undefined) tabTimes(tab.id).readRequest = Date.now();
    return readTab(tab, signal, cache, deps);
  };
}

/**
 * Asks a frame which of its reading's passages about to be sent it does not show (shown-step.ts),
 * unless its reading already said so of every one of them (`checks`).
 */
export function shownAsker(checks: EarlyChecks): AskShown {
  return async (tabId, frameId, readId, ids) => {
    const early = checks.answer(tabId, frameId, readId, ids);
    if (early) return early;
    const times = tabTimes(tabId);
    times.shownSent ??= Date.now();
    const reply = await callPage(tabId, frameId, { type: 'shown', readId, ids });
    times.shownReplied = Date.now();
    return reply;
  };
}

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
