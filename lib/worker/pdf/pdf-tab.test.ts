import { describe, expect, it, vi } from 'vitest';
import { isPdfTab, pdfTabRead, type PdfTabDeps } from './pdf-tab';
import { PDF_NOTES, pdfNoteText, pdfPartialNote } from '@/lib/shared/protocol/pdf-notes';

const deps = (contentType: string | null, head: string | null = null): PdfTabDeps & { head: ReturnType<typeof vi.fn> } => ({
  contentType: async () => contentType,
  head: vi.fn(async () => head),
});

describe('isPdfTab', () => {
  it('goes by the document’s content type, whatever the address says', async () => {
    expect(await isPdfTab('https://example.com/report?id=7', deps('application/pdf'))).toBe(true);
    expect(await isPdfTab('https://example.com/paper.pdf', deps('text/html'))).toBe(false);
  });

  it('asks the server when no script may run in the tab, unless the address ends in .pdf', async () => {
    const byHead = deps(null, 'application/pdf; charset=binary');
    expect(await isPdfTab('https://example.com/download?id=7', byHead)).toBe(true);
    expect(byHead.head).toHaveBeenCalledWith('https://example.com/download?id=7');
    const byName = deps(null, 'text/html');
    expect(await isPdfTab('https://example.com/files/Annual%20Report.PDF', byName)).toBe(true);
    expect(byName.head).not.toHaveBeenCalled();
    expect(await isPdfTab('https://example.com/page', deps(null, 'text/html'))).toBe(false);
  });

  it('reads local PDFs by their name, and nothing from browser pages', async () => {
    expect(await isPdfTab('file:///home/me/paper.pdf', deps(null))).toBe(true);
    expect(await isPdfTab('file:///home/me/notes.txt', deps(null))).toBe(false);
    expect(await isPdfTab('chrome://settings', deps('application/pdf'))).toBe(false);
    expect(await isPdfTab(undefined, deps('application/pdf'))).toBe(false);
  });
});

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
