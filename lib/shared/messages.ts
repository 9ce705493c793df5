import * as z from 'zod';
import { MAX_HEADING_CHARS, MAX_PASSAGE_CHARS, MAX_PASSAGES, MAX_QUESTION_CHARS, MAX_TITLE_CHARS, MAX_URL_CHARS } from './limits';

/**
 * The one protocol between the extension's contexts, discriminated by `type`. Whatever arrives
 * is parsed before use: a message is data from another context, not a trusted object.
 */

export const askMessage = z.object({
  type: z.literal('ask'),
  question: z.string().trim().min(1).max(MAX_QUESTION_CHARS),
  scope: z.enum(['tab', 'window']),
  windowId: z.number().int(),
});

export const revealMessage = z.object({
  type: z.literal('reveal'),
  citation: z.object({
    tabId: z.number().int(),
    windowId: z.number().int(),
    frameId: z.number().int(),
    url: z.string(),
    literal: z.string().min(1),
    passageText: z.string(),
    passageOrder: z.number().int(),
  }),
  /** Open the cited URL in a new tab (with a text fragment), whatever the original tab shows. */
  openAsCited: z.boolean().optional(),
});

/** Stops the question in flight. */
export const cancelMessage = z.object({ type: z.literal('cancel') });

/**
 * Asked by an open popup while a question is in flight: it wakes a worker the browser stopped,
 * whose start-up then reports the lost question instead of leaving a spinner.
 */
export const statusMessage = z.object({ type: z.literal('status') });

/** The user's answer to "Review before sending": send the fragments shown, or nothing. */
export const reviewMessage = z.object({ type: z.literal('review'), runId: z.string().min(1), send: z.boolean() });

/** Messages the popup and options page may send to the background. */
export const uiMessage = z.discriminatedUnion('type', [askMessage, revealMessage, cancelMessage, statusMessage, reviewMessage]);
export type UiMessage = z.infer<typeof uiMessage>;
export type RevealMessage = z.infer<typeof revealMessage>;

const quoteTarget = z.object({ literal: z.string(), passageText: z.string(), passageOrder: z.number().int() });

/** Messages the background sends to the script it injects into a page. */
export const pageMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('extract') }),
  z.object({
    type: z.literal('highlight'),
    target: quoteTarget,
    /** The other quotes cited from this page, highlighted more softly. */
    others: z.array(quoteTarget).max(50).optional(),
  }),
  z.object({ type: z.literal('clear-highlight') }),
]);
export type PageMessage = z.infer<typeof pageMessage>;

/** `offerOpen`: the popup offers to open the page as cited (the quote is gone from the tab). */
export type RevealResult = { ok: true } | { ok: false; message: string; offerOpen?: boolean };

/** The shape an extraction reply must have before the background trusts it. */
export const pageTextSchema = z.object({
  url: z.string().max(MAX_URL_CHARS),
  title: z.string().max(MAX_TITLE_CHARS),
  chars: z.number(),
  passages: z
    .array(
      z.object({
        id: z.string().max(200),
        text: z.string().max(MAX_PASSAGE_CHARS),
        heading: z.string().max(MAX_HEADING_CHARS).optional(),
        selection: z.boolean().optional(),
        order: z.number().int(),
      }),
    )
    .max(MAX_PASSAGES),
  coverage: z
    .object({
      readShare: z.number().min(0).max(1),
      truncatedBy: z.enum(['size', 'time']).optional(),
      unsettled: z.boolean().optional(),
      childFrames: z.number().int().min(0).optional(),
      hiddenFrame: z.boolean().optional(),
    })
    .optional(),
  focus: z
    .object({ path: z.array(z.number().int().min(0)).max(32), child: z.number().int().min(0).nullable() })
    .optional(),
});

export const highlightOutcomeSchema = z.union([
  z.object({ ok: z.literal(true), text: z.string() }),
  z.object({ ok: z.literal(false), reason: z.enum(['not-found', 'no-document']) }),
]);

/**
 * True only for the extension's own pages (popup, options). A content script's messages carry the
 * page's URL: it speaks for a page, and nothing a page does may make the extension ask or reveal.
 */
export function isFromExtensionPage(
  sender: { id?: string; url?: string },
  runtimeId: string,
  extensionOrigin: string,
): boolean {
  return sender.id === runtimeId && sender.url !== undefined && sender.url.startsWith(extensionOrigin);
}
