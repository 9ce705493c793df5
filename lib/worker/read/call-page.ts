/**
 * How the worker asks the script it injected into one frame of a tab: the request typed by the
 * protocol, the reply checked against its schema (a page may answer anything).
 */
import { browser } from 'wxt/browser';
import { pageCalls, sendChecked, type ReplyOf, type RequestOf } from '@/lib/shared/messages';

type PageCalls = typeof pageCalls;

export function callPage<K extends keyof PageCalls & string>(
  tabId: number,
  frameId: number,
  request: RequestOf<PageCalls, K> & { type: K },
): Promise<ReplyOf<PageCalls, K>> {
  return sendChecked<PageCalls, K>(pageCalls, (r) => browser.tabs.sendMessage(tabId, r, { frameId }), request);
}
