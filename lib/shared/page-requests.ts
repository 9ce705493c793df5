/**
 * What the worker may ask of the script it injects into a page's frames: the requests' schemas
 * alone, which the page script parses (lib/shared/dispatch.ts). Their replies' schemas, which the
 * worker checks, join them in messages.ts (`pageCalls`): the page script is injected into every
 * tab a question reads, and building every schema of the protocol took it longer than reading
 * most pages; each is built when first asked for (`lazily`).
 */
import * as z from 'zod/mini';
import { MAX_PASSAGE_ID_CHARS, MAX_PASSAGES } from './limits';

/** The most spans one "A … B" quote may have. */
export const MAX_QUOTE_PARTS = 8;

/** The most quotes one frame is asked about at once. */
export const MAX_DRAWN_TARGETS = 100;

/**
 * A request's schema, built the first time it is asked for: the page script, started in every
 * tab a question reads, builds only the schemas of the requests it gets (most tabs: `extract`),
 * and no page pays for the others at start-up.
 */
function lazily<T>(build: () => T): { readonly request: T } {
  let built: T | undefined;
  return {
    get request() {
      return (built ??= build());
    },
  };
}

/** What the content script needs to find a cited quote in the live page. */
const quoteTarget = lazily(() =>
  z.object({
    literal: z.string(),
    /** The text of the passage the quote was verified against, to choose the right occurrence. */
    passageText: z.string(),
    passageOrder: z.int(),
    /** A quote of several spans ("A … B"): each found in the passage and highlighted, or none is. */
    parts: z.optional(z.array(z.string().check(z.minLength(1))).check(z.maxLength(MAX_QUOTE_PARTS))),
  }),
);
export type QuoteTarget = z.infer<typeof quoteTarget.request>;

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
  highlight: lazily(() =>
    z.object({
      type: z.literal('highlight'),
      target: quoteTarget.request,
      /** The other quotes cited from this page, highlighted more softly. */
      others: z.optional(z.array(quoteTarget.request).check(z.maxLength(50))),
    }),
  ),
  'clear-highlight': lazily(() => z.object({ type: z.literal('clear-highlight') })),
  /** Whether nothing in the frame changed since its reading `readId`: a follow-up may reuse it. */
  unchanged: lazily(() => z.object({ type: z.literal('unchanged'), readId: z.string().check(z.maxLength(64)) })),
  /**
   * Which of the passages of reading `readId` the worker is about to send may not be: a word
   * of theirs no reader sees (lib/page/passage-check.ts).
   */
  shown: lazily(() =>
    z.object({
      type: z.literal('shown'),
      readId: z.string().check(z.maxLength(64)),
      ids: z.array(z.string().check(z.maxLength(MAX_PASSAGE_ID_CHARS))).check(z.maxLength(MAX_PASSAGES)),
    }),
  ),
  /** Whether each quote is drawn for a reader now, before its claim is shown (lib/page/drawn.ts). */
  drawn: lazily(() =>
    z.object({
      type: z.literal('drawn'),
      targets: z.array(quoteTarget.request).check(z.minLength(1), z.maxLength(MAX_DRAWN_TARGETS)),
    }),
  ),
};
