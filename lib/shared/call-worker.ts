/**
 * How a screen (popup, side panel, options) asks the worker: the request typed by the protocol,
 * the reply checked against its schema before the screen sees it.
 */
import { browser } from 'wxt/browser';
import { sendChecked, workerCalls, type ReplyOf, type RequestOf } from './messages';

type WorkerCalls = typeof workerCalls;

export function callWorker<K extends keyof WorkerCalls & string>(
  request: RequestOf<WorkerCalls, K> & { type: K },
): Promise<ReplyOf<WorkerCalls, K>> {
  return sendChecked<WorkerCalls, K>(workerCalls, (r) => browser.runtime.sendMessage(r), request);
}
