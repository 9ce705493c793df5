/**
 * A PDF's text items, page by page, cut into passages as a web page's text is: the same
 * sentence cutting and passage sizes (lib's `layoutPassages`), each passage on one page and
 * knowing it, so that a citation says "p. N" and the viewer opens that page. Pure: the pdf.js
 * calls that produce the items are in read-pdf.ts.
 */
import { layoutPassages } from '@/lib/shared/text/passage-layout';
import { PassageIds } from '@/lib/shared/text/passage-ids';
import { bodySize, pageBlocks, pageText, type HeadingState, type PdfTextItem } from '@/lib/shared/text/pdf-text';
import type { Passage } from '@/lib/shared/protocol/types';

export interface PdfPageItems {
  /** 1-based, as the PDF numbers its pages. */
  page: number;
  items: PdfTextItem[];
}

export interface PdfPassages {
  passages: Passage[];
  /** Characters of passage text. */
  chars: number;
  /** Pages that hold any text (a scanned page holds none). */
  pagesWithText: number;
}

export function pdfPassages(pages: PdfPageItems[], options: { minChars?: number; maxChars?: number } = {}): PdfPassages {
  const body = bodySize(pages);
  const state: HeadingState = { section: 0 };
  const passages: Passage[] = [];
  const ids = new PassageIds('p');
  let chars = 0;
  let pagesWithText = 0;
  for (const { page, items } of pages) {
    const text = pageText(items);
    const blocks = pageBlocks(text, body, state);
    if (blocks.length === 0) continue;
    pagesWithText++;
    const laidOut = layoutPassages({ text: text.text, blocks }, options);
    for (const p of laidOut) {
      const passage: Passage = { id: ids.next(p.text), text: p.text, order: passages.length, page };
      if (p.heading !== undefined) passage.heading = p.heading;
      passages.push(passage);
      chars += p.text.length;
    }
  }
  return { passages, chars, pagesWithText };
}
