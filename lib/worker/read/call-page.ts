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
export async function injectQuoteFinder(tabId: number, frameId: number, { immediately = false } = {}): Promise<void> {
  await browser.scripting.executeScript({
    target: { tabId, frameIds: [frameId] },
    files: [QUOTE_SCRIPT],
    ...(immediately ? { injectImmediately: true } : {}),
  });
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
