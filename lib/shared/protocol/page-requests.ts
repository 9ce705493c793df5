/**
 * What the worker may ask of the script it injects into a page's frames to read them: the
 * requests' schemas alone, which the page script parses (lib/shared/protocol/dispatch.ts). Their replies'
 * schemas, which the worker checks, join them in messages.ts (`pageCalls`): the page script is
 * injected into every tab a question reads, and building every schema of the protocol took it
 * longer than reading most pages; each is built when first asked for (`lazily`). What a click or
 * the proof of a quote asks is the quote finder's (quote-requests.ts).
 */
import * as z from 'zod/mini';
import { lazily } from './lazy-schema';
import { MAX_PASSAGE_ID_CHARS, MAX_PASSAGES } from '@/lib/shared/core/limits';

export const pageRequests = {
  extract: lazily(() =>
    z.object({
      type: z.literal('extract'),
      /**
       * A frame whose text has at most this many characters (small enough to be sent whole)
       * checks every passage of its reading before replying, and sends what the check says with
       * it (`shown`): the check before sending in the same round trip as the reading.
       */
      checkUpTo: z.optional(z.int().check(z.gte(0))),
    }),
  ),
  /** Whether nothing in the frame changed since its reading `readId`: a follow-up may reuse it. */
  unchanged: lazily(() => z.object({ type: z.literal('unchanged'), readId: z.string().check(z.maxLength(64)) })),
  /**
   * Which of the passages of reading `readId` the worker is about to send may not be: a word
   * of theirs no reader sees (lib/page/read/passage-check.ts).
   */
  shown: lazily(() =>
    z.object({
      type: z.literal('shown'),
      readId: z.string().check(z.maxLength(64)),
      ids: z.array(z.string().check(z.maxLength(MAX_PASSAGE_ID_CHARS))).check(z.maxLength(MAX_PASSAGES)),
    }),
  ),
};
