/**
 * The shapes of a page's text as the page script sends it to the worker, defined once as zod
 * schemas with their inferred types: the worker parses every reply against them (a page is not
 * trusted to send what it should), and the code on both sides is typed by the same definition.
 * `zod/mini`, as the rest of the protocol (messages.ts, page-requests.ts): the page script, which
 * parses requests only, loads none of these (its requests are in page-requests.ts).
 */
import * as z from 'zod/mini';
import {
  MAX_HEADING_CHARS,
  MAX_PASSAGE_CHARS,
  MAX_PASSAGE_ID_CHARS,
  MAX_PASSAGES,
  MAX_TITLE_CHARS,
  MAX_URL_CHARS,
} from './limits';

/** A few sentences of a page's visible text, as extraction cut them. */
export const passageSchema = z.object({
  /** Stable for the same page content: the same text at the same place gives the same id. */
  id: z.string().check(z.maxLength(MAX_PASSAGE_ID_CHARS)),
  // Lengths and counts are capped by the page script and refused beyond (lib/shared/limits.ts).
  text: z.string().check(z.maxLength(MAX_PASSAGE_CHARS)),
  /** The nearest heading above the passage, as context for the reader and the model. */
  heading: z.optional(z.string().check(z.maxLength(MAX_HEADING_CHARS))),
  /** True for the user's own text selection, which always comes first. */
  selection: z.optional(z.boolean()),
  /** Position of the passage in reading order (0-based); anchoring uses it to pick an occurrence. */
  order: z.int(),
  /** In a PDF: the page the passage is on (1-based); a citation shows it as "p. N". */
  page: z.optional(z.int().check(z.gte(1))),
});
export type Passage = z.infer<typeof passageSchema>;

/** How completely one frame was read, for the popup's coverage line and the abstentions. */
export const frameCoverageSchema = z.object({
  /** About how much of the frame's text was read, 0–1: below 1 when a budget stopped the walk. */
  readShare: z.number().check(z.gte(0), z.lte(1)),
  /** What stopped the walk: too much text, or too long to read. */
  truncatedBy: z.optional(z.enum(['size', 'time'])),
  /** The page was still loading or changing when the wait for it to settle ran out. */
  unsettled: z.optional(z.boolean()),
  /** Frames embedded in this one (each is read by a script of its own). */
  childFrames: z.optional(z.int().check(z.gte(0))),
  /** An embedded frame too small to show anything (hidden, 0×0, 1×1): not read. */
  hiddenFrame: z.optional(z.boolean()),
  /** Indexes in this frame's `window.frames` of the frames it does not show: their text is not read. */
  hiddenChildren: z.optional(z.array(z.int().check(z.gte(0))).check(z.maxLength(500))),
});
export type FrameCoverage = z.infer<typeof frameCoverageSchema>;

/** What extraction returns for one frame of one tab. */
/** A frame's place among its tab's frames, and the embedded frame its focus is in. */
export const frameFocusSchema = z.object({
  /** Its index in each ancestor's `window.frames`, from the top frame down; [] for the top. */
  path: z.array(z.int().check(z.gte(0))).check(z.maxLength(32)),
  /** The index in its own `window.frames` of the embedded frame that has the focus, or null. */
  child: z.nullable(z.int().check(z.gte(0))),
});
export type FrameFocus = z.infer<typeof frameFocusSchema>;

export const pageTextSchema = z.object({
  url: z.string().check(z.maxLength(MAX_URL_CHARS)),
  title: z.string().check(z.maxLength(MAX_TITLE_CHARS)),
  passages: z.array(passageSchema).check(z.maxLength(MAX_PASSAGES)),
  /** Characters of visible text read. */
  chars: z.number(),
  /** How completely the frame was read (replies of older scripts have none). */
  coverage: z.optional(frameCoverageSchema),
  /** Set when the text is a PDF's, read by the extension rather than by a page script. */
  pdf: z.optional(
    z.object({
      pages: z.int().check(z.gte(0)),
      /** Pages read (fewer than `pages` when the page budget stopped the reading). */
      pagesRead: z.int().check(z.gte(0)),
    }),
  ),
  /** Where the frame is in its tab and where its focus goes: whose selection is the user's. */
  focus: z.optional(frameFocusSchema),
  /**
   * The frame's document is a PDF (its `document.contentType`): the page script read nothing, the
   * extension reads the document itself (lib/worker/pdf/pdf-tab.ts). Said by the same injection that
   * reads any other page, so a tab is not asked twice.
   */
  isPdf: z.optional(z.literal(true)),
  /** This reading, for the frame to say later whether it still holds (pageCalls `unchanged`). */
  readId: z.optional(z.string().check(z.maxLength(64))),
});
export type PageText = z.infer<typeof pageTextSchema>;

/** Where a passage came from: enough to show its source and to go back to it. */
export interface PassageSource {
  tabId: number;
  windowId: number;
  frameId: number;
  url: string;
  title: string;
  /**
   * The page script's reading the passage is from, which checks it before it is sent
   * (lib/worker/run/shown-step.ts); none for a PDF's passages.
   */
  readId?: string;
  /**
   * A passage sent with its neighbour (its id `a+b`): where in its text each member after the
   * first starts, so that an "A … B" quote is kept within one of them (lib/worker/answer/repair.ts).
   */
  seams?: number[];
}

export type SourcedPassage = Passage & PassageSource;

/** A tab that was in scope but could not be read, with the reason the popup shows. */
export interface SkippedTab {
  tabId: number;
  title: string;
  url: string;
  reason: string;
}

// The quote the page is asked to find is defined with the page's requests (page-requests.ts).
export { MAX_QUOTE_PARTS, quoteTargetSchema, type QuoteTarget } from './page-requests';

/**
 * Why words are not drawn for a reader (lib/shared/seen.ts decides). `unproven`: nothing measured
 * settles it (a mask, a blend mode, a filter, a value not read, no layout), so it is not shown.
 */
export const notDrawnSchema = z.enum([
  'not-rendered',
  'faint',
  'unproven',
  'transparent',
  'tiny-font',
  'no-area',
  'outside',
  'same-colour',
  'clipped',
  'covered',
  'not-found',
]);
export type NotDrawn = z.infer<typeof notDrawnSchema>;

/** Whether a quote is drawn in its page now (lib/page/drawn.ts). */
export const drawnResultSchema = z.union([
  z.object({ drawn: z.literal(true) }),
  z.object({ drawn: z.literal(false), reason: notDrawnSchema }),
]);
export type DrawnResult = z.infer<typeof drawnResultSchema>;

/**
 * What a highlight request did in the page. `not-drawn`: the words are in the page's code, but
 * once revealed and scrolled into view they are not drawn (`why`).
 */
export const highlightOutcomeSchema = z.union([
  /** `partial`: the highlight covers only some of the quote's words (`text`), and says so. */
  z.object({ ok: z.literal(true), text: z.string(), partial: z.optional(z.literal(true)) }),
  z.object({ ok: z.literal(false), reason: z.enum(['not-found', 'no-document']) }),
  z.object({ ok: z.literal(false), reason: z.literal('not-drawn'), why: notDrawnSchema }),
]);
export type HighlightOutcome = z.infer<typeof highlightOutcomeSchema>;
