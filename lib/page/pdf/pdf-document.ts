/**
 * Whether the frame's document is a PDF (the browser's PDF viewer shows it): then the page script
 * reads nothing and says so, and the extension reads the document itself. One injection of the
 * page script both reads a page and says what its document is.
 */
import { capText, MAX_TITLE_CHARS, MAX_URL_CHARS } from '@/lib/shared/core/limits';
import type { PageText } from '@/lib/shared/protocol/types';

export const isPdfContentType = (type: string | null | undefined) => !!type && /^application\/(x-)?pdf\b/i.test(type.trim());

/** The reply for a PDF document: nothing read, `isPdf` set; null for any other document. */
export function pdfDocumentText(doc: Pick<Document, 'contentType' | 'URL' | 'title'>): PageText | null {
  if (!isPdfContentType(doc.contentType)) return null;
  return {
    url: capText(doc.URL, MAX_URL_CHARS),
    title: capText(doc.title ?? '', MAX_TITLE_CHARS),
    passages: [],
    chars: 0,
    isPdf: true,
  };
}
