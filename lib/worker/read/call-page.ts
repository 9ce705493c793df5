/**
 * The one owner of the scripts the worker puts in pages: which file each is, how each is injected
 * (the page script at once into the frames a reading asks, for lib/worker/read/page-reading.ts; the
 * quote finder and the video reader before each is asked, since the page script injects neither),
 * and every request to them, typed by the protocol, the reply checked against its schema (a page
 * may answer anything). No other module sends a message to a page or injects a file
 * (tests/unit/page-scripts-owner.test.ts).
 */
import { browser } from 'wxt/browser';
import { pageCalls, sendChecked, videoCalls } from '@/lib/shared/protocol/messages';
import type { ReplyOf, RequestOf } from '@/lib/shared/protocol/dispatch';
import { VIDEO_FIRST_ORDER } from '@/lib/shared/protocol/video-requests';

type PageCalls = typeof pageCalls;
type VideoCalls = typeof videoCalls;

/** The page script's file in the build (entrypoints/page-reader.ts): the reading and the check before sending. */
export const PAGE_SCRIPT = '/page-reader.js';

/** The quote finder's file in the build (entrypoints/quote-finder.ts): a click's highlight, the proof that a quote is drawn. */
export const QUOTE_SCRIPT = '/quote-finder.js';

/** The video reader's file in the build. */
export const VIDEO_SCRIPT = '/video-reader.js';

export function callPage<K extends keyof PageCalls & string>(
  tabId: number,
  frameId: number,
  request: RequestOf<PageCalls, K> & { type: K },
): Promise<ReplyOf<PageCalls, K>> {
  return sendChecked<PageCalls, K>(pageCalls, (r) => browser.tabs.sendMessage(tabId, r, { frameId }), request);
}

/**
 * Puts the page script in every frame of the tab (`allFrames`) or its top frame only, at once
 * (`injectImmediately`: a document whose response never ends never reaches `document_idle`; the
 * script itself waits, capped, for the page to settle). What each frame's script said on starting.
 */
export async function injectPageScriptFrames(
  tabId: number,
  allFrames: boolean,
): Promise<Array<{ frameId: number; result?: unknown }>> {
  return browser.scripting.executeScript({
    target: { tabId, ...(allFrames ? { allFrames: true } : {}) },
    files: [PAGE_SCRIPT],
    injectImmediately: true,
  });
}

/**
 * Puts the quote finder in frame `frameId` of the tab (once per page: it listens once). At once
 * (`immediately`) where it must answer a document that may never finish loading (the proof
 * before showing); otherwise once the document is idle (a click's highlight, in a page as loaded).
 */
async function injectQuoteFinder(tabId: number, frameId: number, { immediately = false } = {}): Promise<void> {
  await browser.scripting.executeScript({
    target: { tabId, frameIds: [frameId] },
    files: [QUOTE_SCRIPT],
    ...(immediately ? { injectImmediately: true } : {}),
  });
}

/**
 * Chromium's and Firefox's words for a message no script of the frame answered: none listening
 * ("Receiving end does not exist"), or listeners that all let it pass ("message port closed").
 */
const NOBODY_ANSWERED = /Receiving end does not exist|message port closed before a response/i;

/**
 * `request` to the quote finder of frame `frameId`, which is injected first only when nothing there
 * answers it: a frame keeps its quote finder for as long as its document lives, and compiling
 * it again costs a click 10 to 40 ms. A page script that does not know the request lets it pass,
 * as nothing does. `stillWanted`, asked after an injection: false gives up before asking again
 * (a click past its time limit).
 */
export async function callQuoteFinder<K extends keyof PageCalls & string>(
  tabId: number,
  frameId: number,
  request: RequestOf<PageCalls, K> & { type: K },
  { immediately = false, stillWanted = () => true }: { immediately?: boolean; stillWanted?: () => boolean } = {},
): Promise<ReplyOf<PageCalls, K>> {
  const send = (r: unknown) => browser.tabs.sendMessage(tabId, r, { frameId });
  const first = await send(request).catch((err: unknown) => {
    if (NOBODY_ANSWERED.test(err instanceof Error ? err.message : String(err))) return undefined;
    throw err;
  });
  if (first !== undefined) return sendChecked<PageCalls, K>(pageCalls, async () => first, request);
  await injectQuoteFinder(tabId, frameId, { immediately });
  if (!stillWanted()) throw new Error(`${request.type}: no longer asked`);
  return sendChecked<PageCalls, K>(pageCalls, send, request);
}

/**
 * Clears the cited quote's highlight in every frame of the tab that has the quote finder (a tab
 * closed or moved on answers nothing: no error).
 */
export async function clearEveryFrame(tabId: number): Promise<void> {
  await sendChecked<PageCalls, 'clear-highlight'>(pageCalls, (r) => browser.tabs.sendMessage(tabId, r), {
    type: 'clear-highlight',
  }).catch(() => {});
}

export async function callVideo<K extends keyof VideoCalls & string>(
  tabId: number,
  frameId: number,
  request: RequestOf<VideoCalls, K> & { type: K },
): Promise<ReplyOf<VideoCalls, K>> {
  await browser.scripting.executeScript({
    target: { tabId, frameIds: [frameId] },
    files: [VIDEO_SCRIPT],
    injectImmediately: true,
  });
  return sendChecked<VideoCalls, K>(videoCalls, (r) => browser.tabs.sendMessage(tabId, r, { frameId }), request);
}

/** A frame's videos read as their captions, numbered from VIDEO_FIRST_ORDER. */
export const readVideosIn = (tabId: number, frameId: number) =>
  callVideo(tabId, frameId, { type: 'video-read', firstOrder: VIDEO_FIRST_ORDER });
