import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { fetchPdf, fileNameOf, readPdf, type PdfJs } from '@/lib/offscreen/read-pdf';
import { PDF_NOTES, pdfNoteText } from '@/lib/shared/protocol/pdf-notes';

/** The real pdf.js (its Node build: the same parser and text extraction as the browser's). */
const pdfjs = { getDocument, OPS } as unknown as PdfJs;
const fixture = (name: string) => new Uint8Array(readFileSync(resolve(import.meta.dirname, '../fixtures', name)));
const URL_ = 'https://example.com/docs/tides.pdf';

describe('readPdf with pdf.js', () => {
  it('reads a PDF’s text page by page, named by its title, each passage knowing its page', async () => {
    const result = await readPdf(pdfjs, fixture('tides.pdf'), URL_);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { page } = result;
    expect(page.title).toBe('Harbour Tide Tables');
    expect(page.pdf).toEqual({ pages: 2, pagesRead: 2 });
    expect(page.coverage).toEqual({ readShare: 1 });
    const answer = page.passages.find((p) => p.text.includes('high water at the old harbour is at 11:42 in the morning'));
    expect(answer?.page).toBe(2);
    expect(answer?.heading ?? answer?.text).toContain('Spring tides');
    expect(page.passages.find((p) => p.text.includes('chart datum'))?.page).toBe(1);
    expect(page.passages.map((p) => p.order)).toEqual(page.passages.map((_, i) => i));
  });

  it('reads only the first pages of a PDF over the page budget, and says how much', async () => {
    const result = await readPdf(pdfjs, fixture('tides.pdf'), URL_, { maxPages: 1 });
    expect(result.ok && result.page.coverage).toEqual({ readShare: 0.5, truncatedBy: 'size' });
    expect(result.ok && result.page.passages.every((p) => p.page === 1)).toBe(true);
  });

  it('says a PDF without a text layer (a scan) has nothing to read', async () => {
    expect(await readPdf(pdfjs, fixture('scan.pdf'), 'https://example.com/scan.pdf')).toEqual({
      ok: false,
      reason: PDF_NOTES.noText,
    });
  });

  it('leaves out words drawn invisibly or in the page’s own colour, and keeps a scanned page’s text layer over its picture', async () => {
    const result = await readPdf(pdfjs, fixture('hidden-words.pdf'), 'https://example.com/boiler.pdf');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const text = result.page.passages.map((p) => `${p.heading ?? ''}\n${p.text}`).join('\n');
    expect(text).toContain('The boiler in the cellar was serviced by the plumber on the second of March.');
    expect(text).toContain('Its pressure gauge should read between one and one and a half bar.');
    expect(text).not.toContain('condemned');
    expect(result.page.passages.find((p) => p.text.includes('the flue was swept on the fourth of March'))?.page).toBe(2);
  });

  it('says a broken file or a password-protected one was not read', async () => {
    const broken = await readPdf(pdfjs, new TextEncoder().encode('<html>not a pdf</html>'), URL_);
    expect(broken.ok).toBe(false);
    expect(!broken.ok && pdfNoteText(broken.reason)).toMatch(/^The PDF could not be read \(/);
    const locked: PdfJs = {
      OPS: {},
      getDocument: () => ({
        promise: Promise.reject(Object.assign(new Error('No password given'), { name: 'PasswordException' })),
        destroy: async () => {},
      }),
    };
    expect(await readPdf(locked, new Uint8Array(), URL_)).toEqual({ ok: false, reason: PDF_NOTES.password });
  });
});

describe('fetchPdf', () => {
  const respond = (body: Uint8Array, init: ResponseInit = {}) =>
    (async () => new Response(body as BodyInit, init)) as unknown as typeof fetch;

  it('fetches the bytes within the budget', async () => {
    const got = await fetchPdf(URL_, respond(new Uint8Array([37, 80, 68, 70])), 10);
    expect(got).toEqual({ ok: true, data: new Uint8Array([37, 80, 68, 70]) });
  });

  it('stops at the byte budget, whether or not the server declared the length', async () => {
    const declared = await fetchPdf(URL_, respond(new Uint8Array(20), { headers: { 'content-length': '20' } }), 10);
    expect(declared).toEqual({ ok: false, reason: PDF_NOTES.tooLarge(20, 10) });
    const streamed = await fetchPdf(URL_, respond(new Uint8Array(20)), 10);
    expect(streamed.ok).toBe(false);
    expect(!streamed.ok && pdfNoteText(streamed.reason)).toMatch(/^The PDF is too large to read/);
  });

  it('says why a PDF could not be fetched', async () => {
    expect(await fetchPdf(URL_, respond(new Uint8Array(), { status: 403 }))).toEqual({
      ok: false,
      reason: PDF_NOTES.notFetched('HTTP 403'),
    });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await fetchPdf(URL_, offline)).toEqual({ ok: false, reason: PDF_NOTES.notFetched('Failed to fetch') });
  });
});

describe('fileNameOf', () => {
  it('names a PDF without a title by its file name', () => {
    expect(fileNameOf('https://example.com/files/Annual%20Report%202025.pdf?x=1')).toBe('Annual Report 2025.pdf');
    expect(fileNameOf('https://example.com/')).toBe('example.com');
  });
});
