/**
 * How the worker asks the scripts it injects into one frame of a tab (the page script; the quote
 * finder and the video reader, each injected first, since the page script injects neither):
 * the request typed by the protocol, the reply checked against its schema (a page may answer anything).
 */
import { browser } from 'wxt/browser';
import { pageCalls, sendChecked, videoCalls, type ReplyOf, type RequestOf } from '@/lib/shared/messages';
import { VIDEO_FIRST_ORDER } from '@/lib/shared/video-requests';

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
