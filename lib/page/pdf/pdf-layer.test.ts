// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { pageText, type PdfTextItem } from '@/lib/shared/text/pdf-text';
import { normalize } from '@/lib/shared/text/normalize';
import { highlightInLayer, layerItems, layerText } from './pdf-layer';

/** A text layer as pdf.js draws it: a span per item with text, a <br> where an item ends a line. */
function drawLayer(items: PdfTextItem[], marked = false): HTMLElement {
  const layer = document.createElement('div');
  layer.className = 'textLayer';
  let into: HTMLElement = layer;
  if (marked) {
    into = document.createElement('span');
    into.className = 'markedContent';
    layer.append(into);
  }
  for (const item of items) {
    if (item.str) {
      const span = document.createElement('span');
      span.setAttribute('role', 'presentation');
      span.textContent = item.str;
      into.append(span);
    }
    if (item.hasEOL) into.append(document.createElement('br'));
  }
  document.body.append(layer);
  return layer;
}

const items: PdfTextItem[] = [
  { str: 'Spring tides', hasEOL: false },
  { str: '', hasEOL: true },
  { str: 'On the first of April, high water at the old harbour is at 11:42 in the', hasEOL: true },
  { str: 'morning. The lock gate opens at the Panthers 4-', hasEOL: true },
  { str: 'yard line', hasEOL: false },
  { str: ' ', hasEOL: false },
  { str: 'of the basin.', hasEOL: true },
];

describe('the PDF viewer’s text layer', () => {
  it('reads back exactly the text the passages were cut from, marked content or not', () => {
    for (const marked of [false, true]) {
      const layer = drawLayer(items, marked);
      expect(layerText(layer).text).toBe(pageText(items).text);
      expect(
        layerItems(layer)
          .items.map((i) => i.str)
          .join(''),
      ).toBe(items.map((i) => i.str).join(''));
      layer.remove();
    }
  });

  it('highlights a quote that runs over a line break and a hyphenated word, and nothing for words not on the page', () => {
    const layer = drawLayer(items);
    const quote = 'high water at the old harbour is at 11:42 in the morning';
    const passageText = 'On the first of April, high water at the old harbour is at 11:42 in the morning.';
    const shown = highlightInLayer(layer, { literal: quote, passageText, passageOrder: 3 });
    expect(shown.ok).toBe(true);
    expect(shown.ok && normalize(shown.text)).toBe(normalize(quote));
    const joined = highlightInLayer(layer, {
      literal: 'the Panthers 4-yard line of the basin',
      passageText: '',
      passageOrder: 3,
    });
    expect(joined.ok).toBe(true);
    expect(highlightInLayer(layer, { literal: 'low water at the old harbour', passageText, passageOrder: 3 })).toEqual({
      ok: false,
      reason: 'not-found',
    });
  });
});
