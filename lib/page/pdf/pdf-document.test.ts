import { describe, expect, it } from 'vitest';
import { isPdfContentType, pdfDocumentText } from './pdf-document';

describe('the page script says when its document is a PDF', () => {
  it('reads nothing of a PDF and says so', () => {
    const doc = { contentType: 'application/pdf', URL: 'https://example.org/report', title: 'report' };
    expect(pdfDocumentText(doc)).toEqual({ url: doc.URL, title: 'report', passages: [], chars: 0, isPdf: true });
  });

  it('leaves any other document to be read', () => {
    expect(pdfDocumentText({ contentType: 'text/html', URL: 'https://example.org/', title: 'x' })).toBeNull();
    expect(isPdfContentType('application/x-pdf; charset=binary')).toBe(true);
    expect(isPdfContentType('application/pdfx')).toBe(false);
    expect(isPdfContentType('image/svg+xml')).toBe(false);
  });
});
