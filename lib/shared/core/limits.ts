/**
 * How long the strings a page sends back may be, and how many. A page controls its title, its
 * address (`history.pushState` can grow it) and its text; each is copied onto passages, estimated
 * for the budget, kept in storage and shown. The page script cuts to these lengths; the worker's
 * schema (lib/shared/protocol/messages.ts) refuses anything beyond them.
 */

/** A page's title: longer ones are cut (real titles are a few dozen characters). */
export const MAX_TITLE_CHARS = 500;
/** A frame's address: longer ones are cut (and then no longer match the tab's, see lib/worker/reveal/plan.ts). */
export const MAX_URL_CHARS = 8192;
/** A heading above a passage. */
export const MAX_HEADING_CHARS = 500;
/** One passage's text (passages are cut at 900 characters, a selection at 4,000). */
export const MAX_PASSAGE_CHARS = 8000;
/** A passage's id (a hash of its text, and a count where the same text comes again). */
export const MAX_PASSAGE_ID_CHARS = 200;
/** Passages of one frame: 2,000,000 characters read at most, at 300 characters or more each. */
export const MAX_PASSAGES = 10_000;

/** `text` cut to `max` characters, with an ellipsis when it was longer. */
export function capText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A question: longer ones are refused by the popup, which says so (and by the protocol). */
export const MAX_QUESTION_CHARS = 4000;

/** The most levels of frames between a frame and the top of its tab that are walked (lib/page/dom/frame-path.ts, lib/worker/reveal/place-in-top.ts). */
export const MAX_FRAME_DEPTH = 32;
