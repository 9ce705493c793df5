/**
 * The worker's replies to the screens, and how a reply is checked: apart from the requests
 * (lib/shared/protocol/messages.ts), and in `zod/mini`, so that the popup's and side panel's scripts,
 * which only send requests and check replies, carry neither the requests' schemas nor zod's
 * full, method-chaining build (a third of their size). The worker uses the same schemas.
 */
import * as z from 'zod/mini';
import { t } from '@/lib/shared/core/i18n';

export const okReply = z.object({ ok: z.literal(true) });
export const startedReply = z.object({ started: z.literal(true) });
export const cancelledReply = z.object({ cancelled: z.boolean() });
/** Whether the browser lets the extension read the tab now. */
export const readableReply = z.object({ readable: z.boolean() });

/** The build the worker runs (lib/shared/core/build-id.ts). */
export const buildReply = z.object({ build: z.string().check(z.maxLength(100)) });

/** `offerOpen`: the popup offers to open the page as cited (the quote is gone from the tab). */
export const revealResultSchema = z.union([
  okReply,
  z.object({ ok: z.literal(false), message: z.string(), offerOpen: z.optional(z.boolean()) }),
]);
export type RevealResult = z.infer<typeof revealResultSchema>;

/** Each request's reply, by the request's type (the requests: `workerCalls` in lib/shared/protocol/messages.ts). */
export const workerReplies = {
  ask: startedReply,
  cancel: cancelledReply,
  status: okReply,
  reveal: revealResultSchema,
  review: okReply,
  'clear-highlights': okReply,
  'can-read': readableReply,
  'read-ahead': okReply,
  build: buildReply,
};

/** The reply to a request of type `K`. */
export type WorkerReply<K extends keyof typeof workerReplies> = z.infer<(typeof workerReplies)[K]>;

/** Any schema, of zod's full build or of `zod/mini`: both share one core. */
export type AnySchema = z.core.$ZodType;

/** A reply that does not have its request's reply shape. */
export class ProtocolError extends Error {
  constructor(type: string) {
    super(t('protocolError', type));
    this.name = 'ProtocolError';
  }
}

/** `reply` checked against `schema`; null when it is not of that shape. */
export function checked<S extends AnySchema>(schema: S, reply: unknown): z.infer<S> | null {
  const parsed = z.safeParse(schema, reply);
  return parsed.success ? parsed.data : null;
}
