/**
 * A PDF corpus page read as the extension reads a PDF tab: the same lib/offscreen/read-pdf.ts on
 * the same pdf.js (its build for Node, which runs the same parser and text extraction as the
 * browser build the extension bundles). Used by the evals for pages that are `source.pdf`.
 */
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readPdf, type PdfJs } from '../../lib/offscreen/read-pdf';
import type { PageText } from '../../lib/shared/protocol/types';
import { pageText, type PdfTextItem } from '../../lib/shared/text/pdf-text';
import type { CorpusPage } from './corpus';

/** The URL a PDF corpus page is served at (also in the browser, for the anchoring eval). */
export function pdfUrl(page: CorpusPage): string {
  return `http://corpus.invalid/${encodeURIComponent(page.name)}/source.pdf`;
}

export async function readCorpusPdf(page: CorpusPage): Promise<PageText> {
  if (!page.pdf) throw new Error(`${page.name} is not a PDF page`);
  // pdf.js takes ownership of (detaches) the buffer it is given: a copy each time.
  const result = await readPdf({ getDocument, OPS } as unknown as PdfJs, page.pdf.slice(), pdfUrl(page));
  if (!result.ok) throw new Error(`${page.name}: not read (${JSON.stringify(result.reason)})`);
  return result.page;
}

/**
 * Each page's text as lib/shared/text/pdf-text.ts joins it: the characters the passages were cut
 * from, and the characters the viewer's text layer should hold.
 */
export async function corpusPdfPageTexts(page: CorpusPage): Promise<string[]> {
  const task = getDocument({ data: page.pdf!.slice() });
  const doc = await task.promise;
  try {
    const out: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent({ disableNormalization: true });
      out.push(pageText(content.items.filter((i) => 'str' in i) as PdfTextItem[]).text);
    }
    return out;
  } finally {
    await task.destroy();
  }
}
