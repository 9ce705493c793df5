/**
 * What the worker may ask of the quote finder it injects into a frame to find cited quotes
 * (entrypoints/quote-finder.ts): the highlight of a click, its clearing, and the proof that a
 * verified quote is drawn. The requests' schemas alone, which the quote finder parses; their
 * replies join them in messages.ts (`pageCalls`). Apart from page-requests.ts, so that the page
 * script every tab a question reads loads carries none of this.
 */
import * as z from 'zod/mini';
import { lazily } from './lazy-schema';

/** The most spans one "A … B" quote may have. */
export const MAX_QUOTE_PARTS = 8;

/** The highest index of a child frame the quote finder is asked about. */
export const MAX_CHILD_FRAME_INDEX = 10_000;

/** The most quotes one frame is asked about at once. */
export const MAX_SEEN_TARGETS = 100;

/** What the quote finder needs to find a cited quote in the live page. */
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

export const quoteRequests = {
  highlight: lazily(() =>
    z.object({
      type: z.literal('highlight'),
      target: quoteTarget.request,
      /** The other quotes cited from this page, highlighted more softly. */
      others: z.optional(z.array(quoteTarget.request).check(z.maxLength(50))),
      /**
       * Found, revealed, scrolled into view and proven, but not painted: held until `show-held`,
       * once the worker has seen the glyphs on screen (the highlight's colours would hide what
       * the page itself draws there).
       */
      hold: z.optional(z.boolean()),
    }),
  ),
  /**
   * Whether the highlight's style sheet is in this document (`added` in the reply); `added` in the
   * request: the worker has just put it in. Asked before each click's highlight, so that the sheet
   * goes in once per document: a sheet added restyles the whole page (30 ms of a click on a large one).
   */
  'style-sheet': lazily(() => z.object({ type: z.literal('style-sheet'), added: z.optional(z.literal(true)) })),
  /** Paints the held quote (false: none is held, or it was cleared). */
  'show-held': lazily(() => z.object({ type: z.literal('show-held') })),
  /**
   * The held quote scrolled into view again, and the answer once the page has drawn since, with
   * its boxes then (what a capture then shows is the page now, at the size it has in front).
   */
  painted: lazily(() => z.object({ type: z.literal('painted') })),
  'clear-highlight': lazily(() => z.object({ type: z.literal('clear-highlight') })),
  /** What a click found, said in the page (lib/page/find/reveal-note.ts): the popup that would say it closed. */
  note: lazily(() => z.object({ type: z.literal('note'), text: z.string().check(z.minLength(1), z.maxLength(1000)) })),
  /**
   * Where this frame's child `index` (of `window.frames`) sits and whether a reader sees it: asked
   * of each frame above a quote whose frame cannot reach its parent (another origin), so that the
   * worker places the quote's boxes in the top view (lib/page/find/frame-place.ts).
   */
  'frame-box': lazily(() =>
    z.object({ type: z.literal('frame-box'), index: z.int().check(z.gte(0), z.lte(MAX_CHILD_FRAME_INDEX)) }),
  ),
  /** Whether each quote is drawn for a reader now, before its claim is shown (lib/page/find/quote-seen.ts). */
  drawn: lazily(() =>
    z.object({
      type: z.literal('drawn'),
      targets: z.array(quoteTarget.request).check(z.minLength(1), z.maxLength(MAX_SEEN_TARGETS)),
    }),
  ),
};
