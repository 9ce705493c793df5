/**
 * How the worker asks the video reader (entrypoints/video-reader.ts) in one frame of a tab: the
 * reader injected first (the page script injects none of it), then the request typed by the
 * protocol and the reply checked against its schema (a page may answer anything).
 */
import { browser } from 'wxt/browser';
import { sendChecked, videoCalls, type ReplyOf, type RequestOf } from '@/lib/shared/messages';

type VideoCalls = typeof videoCalls;

/** The video reader's file in the build. */
export const VIDEO_SCRIPT = '/video-reader.js';

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
