/**
 * The browser behind the steps of a question: storage for the run and the thread, the page script
 * injected and asked, the offscreen PDF reader, the model transport and the pipeline. The steps
 * take these as arguments (so each is tested without a browser); this is the one place they are
 * bound to the real ones.
 */
import { browser, type Browser } from 'wxt/browser';
import { appendFailure, appendRunRecord, lastRunItem, threadItem } from '@/lib/shared/store/storage';
import { answerQuestion } from '@/lib/worker/answer/pipeline';
import { modelCall } from '@/lib/worker/model/transport';
import { readPdfInOffscreen } from '@/lib/worker/pdf/offscreen-client';
import { pdfOfTab, viewerPdf, VIEWER_PATH } from '@/lib/worker/pdf/pdf-address';
import { pdfAddressesOfRun } from '@/lib/worker/pdf/allowed-addresses';
import { tabsToRead } from '@/lib/worker/read/tab-scope';
import { ReadCache } from '@/lib/worker/read/tab-reuse';
import type { AskMessage } from '@/lib/shared/protocol/messages';
import { readTab, type ReadTabDeps } from '@/lib/worker/read/read-tab';
import { earlyReading, pageReadDeps, readRequested, seenAsker, type EarlyReading } from '@/lib/worker/read/page-reading';
import { warmPassageWords } from '@/lib/worker/rank/passage-words';
import type { ModelStepDeps } from './model-step';
import { runStore } from './run-store';
import { threadStore } from './thread-store';

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

/** PDFs are read only at the run's own addresses; the page script as read/page-reading.ts asks it. */
export function readTabDeps(run: ReadonlySet<string>, early?: EarlyReading): ReadTabDeps {
  return {
    ...pageReadDeps(early),
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

/**
 * How one question reads its tabs: each tab read (read/read-tab.ts) within thread `threadId`'s
 * readings, its words for ranking found as it comes in (`onRead`), a frame small enough to be sent
 * whole (its share of `budget`, in tokens) checked as it is read, and the check before sending
 * asked of the frames only for what their readings did not check (`askShown`, read/page-reading.ts).
 */
export function questionReading(tabs: Browser.tabs.Tab[], threadId: string, signal: AbortSignal, budget: number) {
  const early = earlyReading(budget, tabs.length);
  const deps = readTabDeps(pdfAddressesOfRun(tabs, browser.runtime.getURL(VIEWER_PATH)), early);
  const cache = readings.forThread(threadId);
  return {
    readOne: (tab: Browser.tabs.Tab) => {
      if (tab.id !== undefined) readRequested(tab.id);
      return readTab(tab, signal, cache, deps);
    },
    onRead: warmPassageWords,
    askShown: seenAsker(early.checks),
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
