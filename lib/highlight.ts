/**
 * Shows a cited quote in its page: the CSS Custom Highlight API where there is one (no change to
 * the page's DOM), `<mark data-cited-quote>` elements where there is not. Pure DOM code.
 */
import { locateQuote, type AnchorOptions } from './anchor';
import type { HighlightOutcome, QuoteTarget } from './types';

export const HIGHLIGHT_NAME = 'cited-quote';
export const HIGHLIGHT_STYLE_ID = 'cited-quote-style';
export const MARK_ATTRIBUTE = 'data-cited-quote';

const CSS_TEXT =
  `::highlight(${HIGHLIGHT_NAME}) { background: #ffe066; color: inherit; }\n` +
  `mark[${MARK_ATTRIBUTE}] { background: #ffe066; color: inherit; }\n`;

interface HighlightApi {
  registry: { set(name: string, value: unknown): unknown; delete(name: string): unknown };
  Highlight: new (...ranges: Range[]) => unknown;
}

type MaybeHighlightGlobal = {
  CSS?: { highlights?: HighlightApi['registry'] };
  Highlight?: HighlightApi['Highlight'];
};

/** The Highlight APIs of the document's window and of this realm, those that exist. */
function highlightApis(doc: Document): HighlightApi[] {
  const apis: HighlightApi[] = [];
  const realms = [doc.defaultView, globalThis] as unknown as Array<MaybeHighlightGlobal | null>;
  for (const realm of realms) {
    const registry = realm?.CSS?.highlights;
    const Highlight = realm?.Highlight;
    if (registry && typeof registry.set === 'function' && typeof Highlight === 'function') {
      if (!apis.some((a) => a.registry === registry)) apis.push({ registry, Highlight });
    }
  }
  return apis;
}

/** Marks this module inserted, per document (marks in shadow trees are not found by a query). */
const marksByDocument = new WeakMap<Document, Set<Element>>();
/** Text nodes this module split off, to join them back when the marks go. */
const splitOff = new WeakSet<Text>();

/**
 * Highlights `range` (replacing any earlier highlight), opens what hides it (closed `<details>`,
 * `hidden="until-found"`) and scrolls its start into the middle of the view.
 */
export function showHighlight(doc: Document, range: Range): void {
  clearHighlight(doc);
  reveal(range.startContainer);
  reveal(range.endContainer);

  const startNode = range.startContainer;
  let scrollTarget: Element | null =
    startNode.nodeType === 1 ? (startNode as Element) : startNode.parentElement;

  const api = highlightApis(doc)[0];
  if (api) {
    injectStyle(doc, doc);
    const root = range.startContainer.getRootNode();
    if (root !== doc && root.nodeType === 11) injectStyle(doc, root as ShadowRoot);
    api.registry.set(HIGHLIGHT_NAME, new api.Highlight(range));
  } else {
    injectStyle(doc, doc);
    const marks = wrapInMarks(doc, range);
    scrollTarget = marks[0] ?? scrollTarget;
  }

  if (scrollTarget && typeof scrollTarget.scrollIntoView === 'function') {
    scrollTarget.scrollIntoView({ block: 'center', inline: 'nearest' });
  }
}

/** Removes the highlight: the CSS highlight and any `<mark data-cited-quote>`. */
export function clearHighlight(doc: Document): void {
  for (const api of highlightApis(doc)) api.registry.delete(HIGHLIGHT_NAME);

  const marks = new Set<Element>(marksByDocument.get(doc) ?? []);
  doc.querySelectorAll(`mark[${MARK_ATTRIBUTE}]`).forEach((m) => marks.add(m));
  marksByDocument.delete(doc);
  const parents = new Set<Node>();
  for (const mark of marks) {
    const parent = mark.parentNode;
    if (!parent) continue;
    while (mark.firstChild) parent.insertBefore(mark.firstChild, mark);
    parent.removeChild(mark);
    parents.add(parent);
  }
  // Join the text nodes that wrapping split, so the page gets its nodes back.
  for (const parent of parents) {
    for (let child = parent.firstChild; child; ) {
      const next = child.nextSibling;
      const prev = child.previousSibling;
      if (child.nodeType === 3 && splitOff.has(child as Text) && prev && prev.nodeType === 3) {
        (prev as Text).appendData((child as Text).data);
        parent.removeChild(child);
      }
      child = next;
    }
  }
}

/**
 * Finds `target` in `doc` and highlights it; the outcome says which words, or why nothing was
 * highlighted (better no highlight than the wrong words).
 */
export function highlightQuote(
  doc: Document | null | undefined,
  target: QuoteTarget,
  options: AnchorOptions = {},
): HighlightOutcome {
  if (!doc || !doc.documentElement) return { ok: false, reason: 'no-document' };
  const located = locateQuote(doc, target, options);
  if (!located) {
    clearHighlight(doc);
    return { ok: false, reason: 'not-found' };
  }
  showHighlight(doc, located.range);
  return { ok: true, text: located.text };
}

/** Opens closed `<details>` and `hidden="until-found"` ancestors, across shadow boundaries. */
function reveal(node: Node): void {
  for (let n: Node | null = node; n; ) {
    if (n.nodeType === 1) {
      const el = n as Element;
      if (el.localName === 'details' && !(el as HTMLDetailsElement).open) {
        (el as HTMLDetailsElement).open = true;
      }
      if (el.getAttribute('hidden')?.toLowerCase() === 'until-found') el.removeAttribute('hidden');
    }
    n = n.parentNode ?? (n.nodeType === 11 ? ((n as ShadowRoot).host ?? null) : null);
  }
}

function injectStyle(doc: Document, where: Document | ShadowRoot): void {
  if (where.getElementById(HIGHLIGHT_STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = HIGHLIGHT_STYLE_ID;
  style.textContent = CSS_TEXT;
  if (where.nodeType === 9) {
    const d = where as Document;
    (d.head ?? d.documentElement)?.appendChild(style);
  } else {
    where.appendChild(style);
  }
}

const NO_MARK_INSIDE = new Set([
  'script', 'style', 'noscript', 'template', 'textarea', 'title', 'option', 'select',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup',
]);

/** Wraps the text of `range` in `<mark data-cited-quote>` elements, node by node. */
function wrapInMarks(doc: Document, range: Range): Element[] {
  const pieces: Array<{ node: Text; from: number; to: number }> = [];
  const common = range.commonAncestorContainer;
  const consider = (node: Text): void => {
    const from = node === range.startContainer ? range.startOffset : 0;
    const to = node === range.endContainer ? range.endOffset : node.data.length;
    if (to <= from || !/\S/.test(node.data.slice(from, to))) return;
    const parent = node.parentElement;
    if (!parent || NO_MARK_INSIDE.has(parent.localName)) return;
    pieces.push({ node, from, to });
  };
  if (common.nodeType === 3) {
    consider(common as Text);
  } else {
    const walker = doc.createTreeWalker(common, 4 /* NodeFilter.SHOW_TEXT */);
    let inside = false;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (range.intersectsNode(n)) {
        inside = true;
        consider(n as Text);
      } else if (inside) {
        break;
      }
    }
  }

  const marks: Element[] = [];
  let registered = marksByDocument.get(doc);
  if (!registered) marksByDocument.set(doc, (registered = new Set()));
  for (const piece of pieces) {
    let node = piece.node;
    if (piece.to < node.data.length) splitOff.add(node.splitText(piece.to));
    if (piece.from > 0) {
      node = node.splitText(piece.from);
      splitOff.add(node);
    }
    const mark = doc.createElement('mark');
    mark.setAttribute(MARK_ATTRIBUTE, '');
    node.parentNode!.insertBefore(mark, node);
    mark.appendChild(node);
    marks.push(mark);
    registered.add(mark);
  }
  return marks;
}
