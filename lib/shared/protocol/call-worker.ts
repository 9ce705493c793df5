/**
 * How a screen (popup, side panel, options) asks the worker: the request typed by the protocol,
 * the reply checked against its schema before the screen sees it. Only the replies' schemas
 * (lib/shared/protocol/worker-replies.ts, zod/mini) go into the screens' scripts: the requests are typed
 * here and parsed by the worker.
 */
import { browser } from 'wxt/browser';
import type { workerCalls } from './messages';
import type { RequestOf } from './dispatch';
import type * as z from 'zod/mini';
import { checked, ProtocolError, workerReplies, type AnySchema, type WorkerReply } from './worker-replies';

type WorkerCalls = typeof workerCalls;

export async function callWorker<K extends keyof WorkerCalls & keyof typeof workerReplies & string>(
  request: RequestOf<WorkerCalls, K> & { type: K },
): Promise<WorkerReply<K>> {
  // The schema of this request's reply; TypeScript cannot see through the indexing that its
  // output is WorkerReply<K>, so it is told (the reply itself is checked, not cast).
  const schema = workerReplies[request.type] as AnySchema as z.core.$ZodType<WorkerReply<K>>;
  const reply = checked(schema, await browser.runtime.sendMessage(request));
  if (reply === null) throw new ProtocolError(request.type);
  return reply;
}
