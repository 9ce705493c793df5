/**
 * The receiving side of the protocol (lib/shared/protocol/messages.ts): a request is parsed against its
 * schema before its handler sees it, and anything else is ignored. Apart from the protocol's
 * schemas, so that the page script loads only those of the requests it answers
 * (lib/shared/protocol/page-requests.ts).
 */
import type * as z from 'zod/mini';
import type { AnySchema } from './worker-replies';

/** A map of calls: each request type's schema, and its reply's. */
export type Calls = Record<string, { request: z.ZodMiniType<{ type: string }>; reply: AnySchema }>;
export type RequestOf<C extends Calls, K extends keyof C> = z.infer<C[K]['request']>;
export type ReplyOf<C extends Calls, K extends keyof C> = z.infer<C[K]['reply']>;
/** Each request type's handler, returning its reply: what a receiver must implement. */
export type Handlers<C extends Calls> = { [K in keyof C]: (request: RequestOf<C, K>) => Promise<ReplyOf<C, K>> };

/** Any one request of a map. */
export type AnyRequest<C extends Calls> = { [K in keyof C]: RequestOf<C, K> }[keyof C];

/** The request schemas of a map of calls: all a receiver needs at run time. */
export type Requests<C extends Calls> = { [K in keyof C]: { request: C[K]['request'] } };

/**
 * Parses what arrived and hands it to its handler; undefined (no reply) for anything that is not
 * one of the map's requests, so a stray or hostile message is ignored.
 */
export function dispatch<C extends Calls>(calls: Requests<C>, handlers: Handlers<C>, raw: unknown): Promise<unknown> | undefined {
  const type = typeof raw === 'object' && raw !== null && 'type' in raw ? (raw as { type: unknown }).type : undefined;
  if (typeof type !== 'string' || !Object.hasOwn(calls, type)) return undefined;
  const request = calls[type]!.request.safeParse(raw);
  if (!request.success) return undefined;
  return (handlers[type] as (r: unknown) => Promise<unknown>)(request.data);
}
