/**
 * The messages of PDF reading and showing, in the protocol's shape (lib/shared/protocol/messages.ts: each
 * request with its reply's schema, one map per direction): the worker asks the offscreen document
 * to read a PDF (`offscreenCalls`) and an open PDF viewer to highlight a cited quote
 * (`viewerCalls`). Each carries its `target`, since every extension page hears them.
 */
import * as z from 'zod/mini';
import { highlightOutcomeSchema, pageTextSchema } from './types';
import { MAX_QUOTE_PARTS } from './quote-requests';

export const pdfReadMessage = z.object({
  type: z.literal('pdf-read'),
  target: z.literal('offscreen'),
  url: z.string().check(z.minLength(1)),
});
export type PdfReadMessage = z.infer<typeof pdfReadMessage>;

/**
 * Why a PDF was not read, as facts, not words: the offscreen document that reads PDFs in Chrome
 * has no `i18n` API, so the worker puts the reason into the user's language (pdfNoteText).
 */
export const pdfNoteSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('not-fetched'), why: z.string() }),
  z.object({ kind: z.literal('too-large'), bytes: z.number(), max: z.number() }),
  z.object({ kind: z.literal('password') }),
  z.object({ kind: z.literal('no-text') }),
  z.object({ kind: z.literal('unreadable'), why: z.string() }),
]);
export type PdfNote = z.infer<typeof pdfNoteSchema>;

export const pdfReadReply = z.union([
  z.object({ ok: z.literal(true), page: pageTextSchema }),
  z.object({ ok: z.literal(false), reason: pdfNoteSchema }),
]);

const quoteTarget = z.object({
  literal: z.string().check(z.minLength(1)),
  passageText: z.string(),
  passageOrder: z.int(),
  /** A quote of several spans ("A … B"): each is highlighted. */
  parts: z.optional(z.array(z.string().check(z.minLength(1))).check(z.maxLength(MAX_QUOTE_PARTS))),
});

/** Highlight a quote on a page of the viewer showing `file`; the other quotes of that page softly. */
export const pdfHighlightMessage = z.object({
  type: z.literal('pdf-highlight'),
  target: z.literal('pdf-viewer'),
  file: z.string().check(z.minLength(1)),
  page: z.int().check(z.gte(1)),
  quote: quoteTarget,
  others: z.optional(z.array(z.extend(quoteTarget, { page: z.int().check(z.gte(1)) })).check(z.maxLength(50))),
});
export type PdfHighlightMessage = z.infer<typeof pdfHighlightMessage>;

/** The viewer's answer: highlighted, the words not on that page, or the document not (yet) shown. */
export const pdfHighlightReply = highlightOutcomeSchema;

/** What the worker may ask of the offscreen document, the PDF reader, and its reply. */
export const offscreenCalls = { 'pdf-read': { request: pdfReadMessage, reply: pdfReadReply } };

/** What the worker may ask of the PDF viewer showing a document, and its reply. */
export const viewerCalls = { 'pdf-highlight': { request: pdfHighlightMessage, reply: pdfHighlightReply } };

/** The address of the extension's PDF viewer on `file`, at `page`. */
export function viewerUrl(base: string, file: string, page?: number): string {
  return `${base}?file=${encodeURIComponent(file)}${page ? `#page=${page}` : ''}`;
}

/** The document a viewer address shows (null for any other address). */
export function fileOfViewerUrl(url: string | undefined, base: string): string | null {
  if (!url?.startsWith(base + '?')) return null;
  try {
    return new URL(url).searchParams.get('file');
  } catch {
    return null;
  }
}
