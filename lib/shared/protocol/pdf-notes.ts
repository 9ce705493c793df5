/**
 * Why a PDF was not read, or was read only in part: the notes the offscreen reader sends as data,
 * and their words in the user's language, which the worker writes. Shared by the two contexts, so
 * that neither imports the other's code.
 */
import type { PageText } from '@/lib/shared/protocol/types';
import type { PdfNote } from '@/lib/shared/protocol/pdf-messages';
import { plural, t } from '@/lib/shared/core/i18n';

/** A PDF's reading: its text as a page, or why there is none. */
export type PdfReadResult = { ok: true; page: PageText } | { ok: false; reason: PdfNote };

/** Why a PDF was not read, as the reader (in Chrome, the offscreen document) says it. */
export const PDF_NOTES = {
  notFetched: (why: string): PdfNote => ({ kind: 'not-fetched', why }),
  tooLarge: (bytes: number, max: number): PdfNote => ({ kind: 'too-large', bytes, max }),
  password: { kind: 'password' } as const,
  noText: { kind: 'no-text' } as const,
  unreadable: (why: string): PdfNote => ({ kind: 'unreadable', why }),
};

/** A reason a PDF was not read, in the user's language (in the worker: it has the i18n API). */
export function pdfNoteText(note: PdfNote): string {
  switch (note.kind) {
    case 'not-fetched':
      return t('pdfNotFetched', note.why);
    case 'too-large':
      return t('pdfTooLarge', mb(note.bytes), mb(note.max));
    case 'password':
      return t('pdfPassword');
    case 'no-text':
      return t('pdfNoText');
    case 'unreadable':
      return t('pdfUnreadable', note.why);
  }
}

/** A PDF read only up to its first pages, in the user's language. */
export const pdfPartialNote = (read: number, pages: number) => plural('pdfPartial', pages, read);

function mb(bytes: number): string {
  return t('megabytes', Number((bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)));
}
