import { describe, expect, it, vi } from 'vitest';
import { isPdfTab, type PdfTabDeps } from './pdf-tab';

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
