/**
 * The page script asked, for one question: injected into a tab's frames, asked to read (a frame
 * small enough to be sent whole also checks its passages then: early-checks.ts), and asked the
 * check before sending (lib/worker/run/seen-step.ts) only of what its reading did not check.
 * Each step's time is kept for the bench (read-timings.ts).
 */
import type { pageCalls } from '@/lib/shared/protocol/messages';
import type { ReplyOf } from '@/lib/shared/protocol/dispatch';
import { callPage, injectPageScriptFrames, readVideosIn } from './call-page';
import { checkUpTo, EarlyChecks } from './early-checks';
import { tabTimes } from './read-timings';
import type { ReadTabDeps } from './read-tab';
import type { TabRead } from './frames';

/**
 * What frame `frameId` of tab `tabId` says of the passages `ids`: those that may not be sent, those
 * some of whose words no reader sees (with their text without them); `unknown`: it cannot tell.
 */
export type AskSeen = (tabId: number, frameId: number, readId: string, ids: string[]) => Promise<SeenReply>;
/** The page's reply, as its schema defines it (lib/shared/protocol/messages.ts). */
export type SeenReply = ReplyOf<typeof pageCalls, 'shown'>;

/** A question's early checks, and the most characters of a frame checked whole as it is read. */
export interface EarlyReading {
  checks: EarlyChecks;
  upTo: number;
}

/** The early checks of a question about `tabs` tabs within a budget of `budget` tokens. */
export function earlyReading(budget: number, tabs: number): EarlyReading {
  return { checks: new EarlyChecks(), upTo: checkUpTo(budget, tabs) };
}

/** Tab `tabId`'s reading began (it had waited its turn). */
export function readRequested(tabId: number): void {
  tabTimes(tabId).readRequest = Date.now();
}

/**
 * The page script put in every frame (`allFrames`) or the main frame only, at once
 * (lib/worker/read/call-page.ts), its times kept: the frames it reached, and those with a video
 * told to `onMedia`.
 */
export async function injectPageScript(
  tabId: number,
  allFrames: boolean,
  onMedia?: (frameId: number) => void,
): Promise<number[]> {
  const times = tabTimes(tabId);
  times.injectStart ??= Date.now();
  const results = await injectPageScriptFrames(tabId, allFrames);
  times.injected ??= Date.now();
  return results.map((r) => {
    // The page script says whether its frame has a video (entrypoints/page-reader.ts).
    const said = r.result as { media?: unknown } | null | undefined;
    if (said?.media === true) onMedia?.(r.frameId);
    return r.frameId;
  });
}

/**
 * The page script's part of reading a tab (read-tab.ts): injected with its times kept, asked to
 * read with the early check, and the video reader called in the frames that have a video.
 */
export function pageReadDeps(early?: EarlyReading): Pick<ReadTabDeps, 'inject' | 'ask' | 'readVideos'> {
  return { inject: injectPageScript, ask: pageAsker(early), readVideos: readVideosIn };
}

/** The page script asked: the reading (`extract`) with its timings and early check; any other request as it is. */
export function pageAsker(early?: EarlyReading): typeof callPage {
  return (tabId, frameId, request) =>
    request.type === 'extract'
      ? // The checked reply of `extract`, the request's own type.
        (extract(tabId, frameId, early) as ReturnType<typeof callPage<typeof request.type>>)
      : callPage(tabId, frameId, request);
}

/**
 * Asks one frame to read itself; a frame small enough to be sent whole checks its passages as it
 * reads (early-checks.ts). The reply's timings are kept for the bench (read-timings.ts).
 */
async function extract(tabId: number, frameId: number, early?: EarlyReading) {
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

/**
 * Asks a frame which of its reading's passages about to be sent it does not show (run/seen-step.ts),
 * unless its reading already said so of every one of them (`checks`).
 */
export function seenAsker(checks: EarlyChecks): AskSeen {
  return async (tabId, frameId, readId, ids) => {
    await checks.settled(tabId, frameId, readId);
    const early = checks.answer(tabId, frameId, readId, ids);
    if (early) return early;
    const times = tabTimes(tabId);
    times.shownSent ??= Date.now();
    const reply = await callPage(tabId, frameId, { type: 'shown', readId, ids });
    times.shownReplied = Date.now();
    return reply;
  };
}

/**
 * A tab's reading taken from before the question (read ahead, or kept for a follow-up) was read
 * without this question's early check: each of its frames small enough to be sent whole is asked
 * it now, fresh, while the other tabs are still read, as `extract` would have (early-checks.ts).
 */
export function checkTaken(tabId: number, read: TabRead, early: EarlyReading): void {
  for (const { frameId, page } of read.frames) {
    if (page.readId === undefined || page.isPdf || page.chars > early.upTo) continue;
    const ids = page.passages.map((p) => p.id);
    if (ids.length === 0 || early.checks.answer(tabId, frameId, page.readId, ids)) continue;
    early.checks.asking(tabId, frameId, page.readId, ids, callPage(tabId, frameId, { type: 'shown', readId: page.readId, ids }));
  }
}
