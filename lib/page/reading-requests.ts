/**
 * The page script's requests checked as they arrive, without zod: the page script is compiled and
 * run in every tab a question reads, and zod/mini cost each of them about 3.4 ms of its renderer
 * (its modules compiled and started, `extract`'s schema built, the request parsed: 11.1 → 7.7 ms
 * on fresh pages, medians of 20), more than a quarter of the script's start. The schemas stay the
 * protocol's definition (lib/shared/page-requests.ts, joined to their replies in messages.ts
 * `pageCalls`, which the worker sends by); reading-requests.test.ts holds this check to them,
 * request by request: the same requests accepted, the same data handed on (unknown keys
 * dropped), everything else refused and answered by nothing (lib/shared/dispatch.ts does the same).
 */
import type { Handlers, ReadingCalls, RequestOf } from '@/lib/shared/messages';
import { MAX_PASSAGE_ID_CHARS, MAX_PASSAGES } from '@/lib/shared/limits';

type Request<K extends keyof ReadingCalls> = RequestOf<ReadingCalls, K>;

/** The longest reading id a request may name (the schemas' `readId`). */
const MAX_READ_ID_CHARS = 64;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** zod's `z.int()`: a finite number, a safe integer. */
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isString = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

/** Each request's check: the request as its schema gives it, or undefined. */
export const readingChecks: { [K in keyof ReadingCalls]: (raw: Record<string, unknown>) => Request<K> | undefined } = {
  extract: ({ checkUpTo }) => {
    if (checkUpTo === undefined) return { type: 'extract' };
    return isInt(checkUpTo) && checkUpTo >= 0 ? { type: 'extract', checkUpTo } : undefined;
  },
  unchanged: ({ readId }) => (isString(readId, MAX_READ_ID_CHARS) ? { type: 'unchanged', readId } : undefined),
  shown: ({ readId, ids }) =>
    isString(readId, MAX_READ_ID_CHARS) &&
    Array.isArray(ids) &&
    ids.length <= MAX_PASSAGES &&
    ids.every((id) => isString(id, MAX_PASSAGE_ID_CHARS))
      ? { type: 'shown', readId, ids: [...(ids as string[])] }
      : undefined,
};

/**
 * Checks what arrived and hands it to its handler; undefined (no reply) for anything that is not
 * one of the page script's requests, so a stray or hostile message is ignored.
 */
export function dispatchReading(handlers: Handlers<ReadingCalls>, raw: unknown): Promise<unknown> | undefined {
  if (!isRecord(raw) || typeof raw.type !== 'string' || !Object.hasOwn(readingChecks, raw.type)) return undefined;
  const type = raw.type as keyof ReadingCalls;
  const request = readingChecks[type](raw);
  if (!request) return undefined;
  return (handlers[type] as (r: unknown) => Promise<unknown>)(request);
}
