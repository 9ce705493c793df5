/**
 * Where the time of the last question's reading went, tab by tab: when the worker got the
 * question, asked for each tab, injected the page script and had it back, asked the frame to read
 * and had its reply (with the page's own timings: lib/shared/protocol/read-timing.ts), and asked the check
 * before sending. `npm run bench:ask` reads it from the worker's global (tests/bench/ask.ts); the
 * worker's global is the extension's own, out of any page's reach. Clock readings into one small
 * object, replaced by each question: nothing slower than that is on the user's path.
 */
import type { ReadTiming } from '@/lib/shared/protocol/read-timing';

export interface TabTimes {
  /** The tab's reading began (it had waited its turn). */
  readRequest?: number;
  injectStart?: number;
  /** The browser said the page script was in every frame. */
  injected?: number;
  /** The request to read the tab's own document (frame 0) left, and its reply arrived, checked. */
  extractSent?: number;
  extractReplied?: number;
  /** The page script's own timings of that reading. */
  page?: ReadTiming;
  /** The check before sending (lib/worker/run/seen-step.ts): its first request to the tab, its last reply. */
  shownSent?: number;
  shownReplied?: number;
}

export interface RunTimes {
  /** The worker had the question. */
  asked: number;
  /** Every tab read. */
  read?: number;
  /** The plan made and checked by the pages: what is sent is known. */
  planned?: number;
  tabs: Record<number, TabTimes>;
}

let current: RunTimes | null = null;

/** A new question: its times replace the last one's. */
export function startTimes(): void {
  current = { asked: Date.now(), tabs: {} };
}

/** The times of tab `tabId` in the current question. */
export function tabTimes(tabId: number): TabTimes {
  if (!current) startTimes();
  return (current!.tabs[tabId] ??= {});
}

/** Marks a step of the current question as done now. */
export function markRun(step: 'read' | 'planned'): void {
  if (current) current[step] = Date.now();
}

/** For the bench: the last question's times. */
(globalThis as { citedTabsTimes?: () => RunTimes | null }).citedTabsTimes = () => current;
