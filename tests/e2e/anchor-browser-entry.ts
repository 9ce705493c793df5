/**
 * Bundled into test pages by anchor-browser.test.ts: the content script's highlighting, and a
 * helper that cites a quote from a passage as extraction cut it (as the popup would send it).
 */
import { extractPage } from '@/lib/page/read/extract';
import { highlightQuote } from '@/lib/page/find/highlight-locate';
import type { QuoteTarget } from '@/lib/shared/protocol/quote-requests';

export { clearHighlight } from '@/lib/page/find/highlight-paint';
export { highlightQuote };

declare global {
  interface Window {
    closedRoot?: ShadowRoot;
  }
}

function ranges(name: string): string[] {
  const h = CSS.highlights.get(name);
  return h ? [...(h as unknown as Iterable<Range>)].map((r) => r.toString()) : [];
}

/** A closed shadow root is reachable only through the reference the page test kept. */
const options = {
  getShadowRoot: (el: Element) => (el.localName === 'x-closed' ? (window.closedRoot ?? null) : el.shadowRoot),
};

export function citeAndShow(
  literal: string,
  needle: string,
  k: number,
  others: string[],
): { ok: boolean; active: string[]; other: string[] } {
  const passages = extractPage(document, options).passages;
  const targetOf = (l: string, n: string, i: number): QuoteTarget => {
    const p = passages.filter((x) => x.text.includes(n))[i];
    return p ? { literal: l, passageText: p.text, passageOrder: p.order } : { literal: l, passageText: '', passageOrder: -1 };
  };
  const outcome = highlightQuote(
    document,
    targetOf(literal, needle, k),
    options,
    others.map((o) => targetOf(o, o, 0)),
  );
  return { ok: outcome.ok, active: ranges('cited-quote'), other: ranges('cited-quote-other') };
}
