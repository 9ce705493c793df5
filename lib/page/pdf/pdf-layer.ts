/**
 * A cited quote found in the PDF viewer's text layer. pdf.js draws one span per text item and a
 * `<br>` where an item ends a line; read back in that order and joined by the rule extraction
 * used (lib/shared/text/pdf-text.ts), the spans give exactly the characters the passages were cut
 * from. The quote is then found with the same anchoring as in web pages (lib/anchor.ts: the same
 * normalisation, the occurrence whose surroundings are the cited passage's) and highlighted with
 * the same highlight (lib/highlight.ts, `cited-quote`). Pure DOM code.
 */
import { locateIn, type AnchorPage } from '@/lib/page/find/anchor';
import type { CollectedText } from '@/lib/page/read/dom-text';
import type { TextSegment } from '@/lib/page/read/text-sink';
import { clearHighlight, showHighlight } from '@/lib/page/find/highlight-paint';
import { searchText } from '@/lib/page/find/find-quote';
import { pageText, type PdfTextItem } from '@/lib/shared/text/pdf-text';
import type { HighlightOutcome } from '@/lib/shared/protocol/types';
import type { QuoteTarget } from '@/lib/shared/protocol/quote-requests';

/** The text layer's items in drawing order, with the text nodes that hold each. */
export function layerItems(layer: Element): { items: PdfTextItem[]; nodes: Text[][] } {
  const items: PdfTextItem[] = [];
  const nodes: Text[][] = [];
  const visit = (el: Element): void => {
    for (const child of Array.from(el.children)) {
      if (child.localName === 'br') {
        const last = items[items.length - 1];
        if (last && !last.hasEOL) last.hasEOL = true;
        else {
          items.push({ str: '', hasEOL: true });
          nodes.push([]);
        }
      } else if (child.localName === 'span' && child.classList.contains('markedContent')) {
        visit(child);
      } else if (child.localName === 'span') {
        const texts: Text[] = [];
        const walker = child.ownerDocument.createTreeWalker(child, 4 /* NodeFilter.SHOW_TEXT */);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
        items.push({ str: texts.map((t) => t.data).join(''), hasEOL: false });
        nodes.push(texts);
      }
    }
  };
  visit(layer);
  return { items, nodes };
}

/** The text layer as anchoring reads a page: its text, and the node behind every character. */
export function layerText(layer: Element): CollectedText {
  const { items, nodes } = layerItems(layer);
  const built = pageText(items);
  const segments: TextSegment[] = [];
  items.forEach((_, i) => {
    let at = built.starts[i]!;
    for (const node of nodes[i]!) {
      segments.push({ node, start: at, end: at + node.data.length });
      at += node.data.length;
    }
  });
  return { text: built.text, segments, blocks: [{ start: 0, end: built.text.length, section: 0 }] };
}

/**
 * Finds `target` (and the other quotes cited from this page) in a page's text layer and
 * highlights it; nothing is highlighted when the words are not there.
 */
export function highlightInLayer(layer: Element, target: QuoteTarget, others: QuoteTarget[] = []): HighlightOutcome {
  const doc = layer.ownerDocument;
  // The last quote's marks (where there is no CSS.highlights) go first: they split the spans' text.
  clearHighlight(doc);
  const page: AnchorPage = { root: layer, collected: layerText(layer), search: searchText(''), options: {} };
  page.search = searchText(page.collected.text);
  // The passage's place in reading order is the whole PDF's; on one page only its words count.
  const located = locateIn(page, { ...target, passageOrder: -1 });
  if (!located) return { ok: false, reason: 'not-found' };
  const rest = others
    .map((o) => locateIn(page, { ...o, passageOrder: -1 }))
    .filter((q) => q !== null && (q.end <= located.start || q.start >= located.end))
    .map((q) => q!.ranges);
  showHighlight(doc, located.ranges, rest);
  return { ok: true, text: located.text };
}
