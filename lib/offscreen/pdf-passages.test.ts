import { describe, expect, it } from 'vitest';
import { normalize } from '@/lib/shared/text/normalize';
import { pageText, type PdfTextItem } from '@/lib/shared/text/pdf-text';
import { pdfPassages } from './pdf-passages';

const item = (str: string, y: number, size = 12): PdfTextItem => ({ str, hasEOL: true, transform: [size, 0, 0, size, 72, y] });

/** A paragraph of `n` sentences as lines of about 80 characters, from baseline `y` down. */
function paragraph(prefix: string, n: number, y: number): PdfTextItem[] {
  const words = Array.from({ length: n }, (_, i) => `${prefix} sentence ${i + 1} tells the reader one more fact.`)
    .join(' ')
    .split(' ');
  const out: PdfTextItem[] = [];
  let line = '';
  for (const w of words) {
    if ((line + ' ' + w).length > 80) {
      out.push(item(line, y));
      y -= 13.5;
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  out.push(item(line, y));
  return out;
}

describe('pdfPassages', () => {
  it('cuts each page into passages of whole sentences, each knowing its page, in reading order', () => {
    const pages = [
      { page: 1, items: [item('Tide tables', 780, 24), ...paragraph('First', 30, 740)] },
      { page: 2, items: paragraph('Second', 12, 740) },
    ];
    const { passages, chars, pagesWithText } = pdfPassages(pages);
    expect(pagesWithText).toBe(2);
    expect(passages.length).toBeGreaterThanOrEqual(3);
    expect(passages.map((p) => p.order)).toEqual(passages.map((_, i) => i));
    const onPage2 = passages.filter((p) => p.page === 2);
    expect(onPage2.length).toBeGreaterThan(0);
    expect(onPage2.every((p) => p.text.startsWith('Second') && p.heading === 'Tide tables')).toBe(true);
    expect(passages.filter((p) => p.page === 1).every((p) => !p.text.includes('Second'))).toBe(true);
    // The heading leads the first passage; every passage but the last of a page ends a sentence.
    expect(passages[0]!.text.startsWith('Tide tables\nFirst sentence 1 ')).toBe(true);
    for (const p of passages) expect(p.text).toMatch(/fact\.$/);
    // Nothing lost: all sentences are there, once, lines joined by spaces.
    const all = normalize(passages.map((p) => p.text).join(' '));
    for (let i = 1; i <= 30; i++) expect(all.split(`first sentence ${i} tells`).length).toBe(2);
    expect(chars).toBe(passages.reduce((n, p) => n + p.text.length, 0));
    expect(new Set(passages.map((p) => p.id)).size).toBe(passages.length);
  });

  it('keeps each passage inside the text of its page, as the viewer’s text layer holds it', () => {
    const items = paragraph('Only', 20, 740);
    const { passages } = pdfPassages([{ page: 7, items }]);
    const layer = normalize(pageText(items).text);
    for (const p of passages) {
      expect(p.page).toBe(7);
      expect(layer.includes(normalize(p.text))).toBe(true);
    }
  });

  it('finds nothing in pages without text (a scan)', () => {
    expect(
      pdfPassages([
        { page: 1, items: [] },
        { page: 2, items: [{ str: '', hasEOL: true }] },
      ]),
    ).toEqual({
      passages: [],
      chars: 0,
      pagesWithText: 0,
    });
  });
});
