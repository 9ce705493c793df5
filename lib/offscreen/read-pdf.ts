/**
 * Reading a PDF tab: fetch the document (within a byte budget), open it with pdf.js, take each
 * page's text items in the order the text layer shows them (within a page budget), without the
 * words it draws for no reader (pdf-unseen.ts), and cut them into passages (pdf-passages.ts).
 * Whatever stops the reading becomes a reason the popup shows:
 * not fetched, too large, protected by a password, no text layer. Never "not found".
 *
 * pdf.js and `fetch` are passed in: the offscreen document (Chrome) and the background page
 * (Firefox) pass theirs, the evals and tests theirs.
 */
import type { PageText } from '@/lib/shared/protocol/types';
import type { PdfTextItem } from '@/lib/shared/text/pdf-text';
import type { PdfNote } from '@/lib/shared/protocol/pdf-messages';
import { pdfPassages, type PdfPageItems } from './pdf-passages';
import { pageGlyphs, withoutUnseen, type PdfOperatorList, type PdfOps } from './pdf-unseen';
import { PDF_NOTES, type PdfReadResult } from '@/lib/shared/protocol/pdf-notes';

/** About 200 pages of a dense scanned report; a text PDF of this size has thousands of pages. */
export const MAX_PDF_BYTES = 50 * 1024 * 1024;
/** More pages than any question needs; the rest of a longer PDF is left out, and the popup says so. */
export const MAX_PDF_PAGES = 500;

export interface PdfBudgets {
  maxBytes?: number;
  maxPages?: number;
}

/** The few pdf.js calls reading needs (`pdfjs-dist`'s `getDocument` and `OPS`, narrowed). */
export interface PdfJs {
  /** The operation codes of an operator list: how words are drawn (pdf-unseen.ts). */
  OPS: PdfOps;
  getDocument(src: { data: Uint8Array; disableNormalization?: boolean; useSystemFonts?: boolean; stopAtErrors?: boolean }): {
    promise: Promise<PdfDocument>;
    destroy(): Promise<void>;
  };
}

export interface PdfDocument {
  numPages: number;
  getMetadata(): Promise<{ info?: unknown }>;
  getPage(n: number): Promise<{
    getTextContent(opts?: { disableNormalization?: boolean; includeMarkedContent?: boolean }): Promise<{ items: unknown[] }>;
    getOperatorList(): Promise<PdfOperatorList>;
    cleanup?(): void;
  }>;
}

/** The PDF's bytes, or why there are none. Stops reading once the budget is passed. */
export async function fetchPdf(
  url: string,
  fetchFn: typeof fetch,
  maxBytes = MAX_PDF_BYTES,
): Promise<{ ok: true; data: Uint8Array } | { ok: false; reason: PdfNote }> {
  let res: Response;
  try {
    res = await fetchFn(url, { credentials: 'include' });
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    // A file: URL without "Allow access to file URLs" fails here.
    return {
      ok: false,
      reason: PDF_NOTES.notFetched(
        url.startsWith('file:') ? 'the extension may not read local files: allow it in the extension’s details' : why,
      ),
    };
  }
  if (!res.ok && !(res.status === 0 && url.startsWith('file:')))
    return { ok: false, reason: PDF_NOTES.notFetched(`HTTP ${res.status}`) };
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    void res.body?.cancel().catch(() => {});
    return { ok: false, reason: PDF_NOTES.tooLarge(declared, maxBytes) };
  }
  const reader = res.body?.getReader();
  if (!reader) {
    const buf = new Uint8Array(await res.arrayBuffer());
    return buf.byteLength > maxBytes
      ? { ok: false, reason: PDF_NOTES.tooLarge(buf.byteLength, maxBytes) }
      : { ok: true, data: buf };
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      void reader.cancel().catch(() => {});
      return { ok: false, reason: PDF_NOTES.tooLarge(total, maxBytes) };
    }
    chunks.push(value);
  }
  const data = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    data.set(c, at);
    at += c.byteLength;
  }
  return { ok: true, data };
}

/** The name a PDF goes by without a title: its file name, else its host. */
export function fileNameOf(url: string): string {
  try {
    const u = new URL(url);
    const last = u.pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : u.host || url;
  } catch {
    return url;
  }
}

function titleOf(info: unknown): string {
  const title = (info as { Title?: unknown } | undefined)?.Title;
  return typeof title === 'string' ? title.replace(/\s+/g, ' ').trim() : '';
}

function isTextItem(item: unknown): item is PdfTextItem {
  return typeof (item as PdfTextItem).str === 'string';
}

/**
 * The PDF's passages. The items are taken with pdf.js's normalisation off, as its text layer
 * takes them (pdf_viewer's TextLayerBuilder), so the viewer searches the very characters quoted.
 */
export async function readPdf(pdfjs: PdfJs, data: Uint8Array, url: string, budgets: PdfBudgets = {}): Promise<PdfReadResult> {
  const maxPages = budgets.maxPages ?? MAX_PDF_PAGES;
  const task = pdfjs.getDocument({ data, stopAtErrors: false });
  let doc: PdfDocument;
  try {
    doc = await task.promise;
  } catch (err) {
    const name = (err as { name?: string } | null)?.name;
    void task.destroy().catch(() => {});
    if (name === 'PasswordException') return { ok: false, reason: PDF_NOTES.password };
    return { ok: false, reason: PDF_NOTES.unreadable(err instanceof Error ? err.message : String(err)) };
  }
  try {
    const meta = await doc.getMetadata().catch(() => ({ info: undefined }));
    const pagesRead = Math.min(doc.numPages, maxPages);
    const pages: PdfPageItems[] = [];
    for (let n = 1; n <= pagesRead; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent({ disableNormalization: true });
      const items = content.items.filter(isTextItem);
      // Words drawn invisibly or in the page's own colour are not a reader's (pdf-unseen.ts); a
      // page whose drawing cannot be walked has none of its words read.
      const glyphs =
        items.length > 0
          ? await page.getOperatorList().then(
              (list) => pageGlyphs(list, pdfjs.OPS),
              () => null,
            )
          : null;
      pages.push({ page: n, items: items.length > 0 ? withoutUnseen(items, glyphs) : items });
      page.cleanup?.();
    }
    const { passages, chars } = pdfPassages(pages);
    if (passages.length === 0) return { ok: false, reason: PDF_NOTES.noText };
    const page: PageText = {
      url,
      title: titleOf(meta.info) || fileNameOf(url),
      passages,
      chars,
      coverage: { readShare: doc.numPages > 0 ? pagesRead / doc.numPages : 1 },
      pdf: { pages: doc.numPages, pagesRead },
    };
    if (pagesRead < doc.numPages) page.coverage!.truncatedBy = 'size';
    return { ok: true, page };
  } catch (err) {
    return { ok: false, reason: PDF_NOTES.unreadable(err instanceof Error ? err.message : String(err)) };
  } finally {
    await task.destroy().catch(() => {});
  }
}
