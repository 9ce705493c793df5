/**
 * Bundled into the extension's PDF viewer page by eval/anchor-pdf.ts: what the viewer has
 * highlighted under `cited-quote`, as a page number and a span of that page's text layer read
 * the way the viewer reads it (lib/page/pdf/pdf-layer.ts).
 */
import { layerText } from '../lib/page/pdf/pdf-layer';

export interface Shown {
  page: number;
  start: number;
  end: number;
  text: string;
}

function offsetOf(layer: Element, node: Node, offset: number): number | null {
  const seg = layerText(layer).segments.find((s) => s.node === node);
  return seg ? seg.start + offset : null;
}

/** The active highlight, or null when nothing is highlighted. */
export function shown(): Shown | null {
  const h = CSS.highlights.get('cited-quote');
  if (!h || h.size === 0) return null;
  const ranges = [...h] as Range[];
  const first = ranges[0]!;
  const last = ranges[ranges.length - 1]!;
  const pageEl = (first.startContainer.parentElement as Element | null)?.closest('.page') as HTMLElement | null;
  const layer = pageEl?.querySelector('.textLayer');
  if (!pageEl || !layer) return null;
  const start = offsetOf(layer, first.startContainer, first.startOffset);
  const end = offsetOf(layer, last.endContainer, last.endOffset);
  if (start === null || end === null) return null;
  // The layer's text, not Range.toString(): a <br> between two lines is a line break to a reader.
  const text = layerText(layer).text.slice(start, end);
  return { page: Number(pageEl.dataset.pageNumber), start, end, text };
}

/** The text layer of a page as the viewer reads it (null when that page's layer is not drawn). */
export function layerOf(page: number): string | null {
  const layer = document.querySelector(`.page[data-page-number="${page}"] .textLayer`);
  return layer ? layerText(layer).text : null;
}

export function clear(): void {
  CSS.highlights.delete('cited-quote');
}
