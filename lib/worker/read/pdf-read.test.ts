import { describe, expect, it } from 'vitest';
import { pdfTabRead } from './pdf-read';
import { PDF_NOTES, pdfNoteText, pdfPartialNote } from '@/lib/shared/protocol/pdf-notes';

describe('pdfTabRead', () => {
  const tab = { tabId: 3, title: 'scan.pdf', url: 'https://example.com/scan.pdf' };

  it('lists a PDF that could not be read as a skipped tab with the reason', () => {
    expect(pdfTabRead({ ok: false, reason: PDF_NOTES.noText }, tab)).toEqual({ ...tab, reason: pdfNoteText(PDF_NOTES.noText) });
  });

  it('makes a read PDF one frame of its tab, named by the PDF’s title', () => {
    const page = {
      url: tab.url,
      title: 'Tide Tables',
      passages: [{ id: 'a', text: 'High water at noon.', order: 0, page: 2 }],
      chars: 19,
    };
    const read = pdfTabRead({ ok: true, page }, tab);
    expect(read).toEqual({ url: tab.url, title: 'Tide Tables', frames: [{ frameId: 0, page }], unreachableFrames: 0 });
  });
});

describe('a PDF read in part', () => {
  it('is listed with how many of its pages were read', async () => {
    const { partialTab } = await import('@/lib/worker/read/frames');
    const tab = { tabId: 3, title: 'manual.pdf', url: 'https://example.com/manual.pdf' };
    const page = {
      url: tab.url,
      title: 'Manual',
      passages: [{ id: 'a', text: 'Chapter one.', order: 0, page: 1 }],
      chars: 12,
      coverage: { readShare: 0.5, truncatedBy: 'size' as const },
      pdf: { pages: 1000, pagesRead: 500 },
    };
    const read = pdfTabRead({ ok: true, page }, tab);
    expect('frames' in read && partialTab(read, tab)).toEqual({
      tabId: 3,
      title: 'Manual',
      url: tab.url,
      reason: pdfPartialNote(500, 1000),
    });
  });
});
