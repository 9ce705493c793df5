/**
 * Paints cited quotes in their page: the CSS Custom Highlight API where there is one (no change to
 * the page's DOM), `<mark data-cited-quote>` elements where there is not. The quote the user
 * clicked is `cited-quote`; the other quotes cited from the same page are `cited-quote-other`.
 * Painting also reveals, scrolls and focuses the clicked quote (highlight-scroll.ts); a quote may
 * instead be held unpainted, revealed and scrolled into view, while the worker looks at the page's
 * own pixels, and painted after. Escape clears it all, and the page gets its nodes back. Apart from
 * finding the quote (highlight-locate.ts) and proving it drawn (highlight-prove.ts), as the
 * Hypothesis client keeps its highlighter apart from its anchoring. Pure DOM code.
 */
import {
  HIGHLIGHT_CSS,
  HIGHLIGHT_NAME,
  HIGHLIGHT_STYLE_ID,
  MARK_ATTRIBUTE,
  OTHER_HIGHLIGHT_NAME,
} from '@/lib/shared/core/highlight-style';
import { blockAround, focus, reveal, scrollToMiddle, undoFocusAttributes, type FocusState } from './highlight-scroll';

interface HighlightApi {
  registry: { set(name: string, value: unknown): unknown; delete(name: string): unknown };
  Highlight: new (...ranges: Range[]) => { priority?: number };
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

/** What this module changed in a document, to undo it. */
interface Shown extends FocusState {
  marks: Set<Element>;
  onKey: (e: KeyboardEvent) => void;
}

const shownIn = new WeakMap<Document, Shown>();
/** Text nodes this module split off, to join them back when the marks go. */
const splitOff = new WeakSet<Text>();

/**
 * Highlights `active` (replacing any earlier highlight) and `others`, opens what hides the active
 * quote, scrolls it into the middle of the view and moves the focus to it.
 */
export function showHighlight(doc: Document, active: Range[], others: Range[][] = []): void {
  clearHighlight(doc);
  if (active.length === 0) return;
  for (const r of active) {
    reveal(r.startContainer);
    reveal(r.endContainer);
  }

  const roots = new Set<Document | ShadowRoot>([doc]);
  for (const r of [...active, ...others.flat()]) {
    const root = r.startContainer.getRootNode();
    if (root !== doc && root.nodeType === 11) roots.add(root as ShadowRoot);
  }
  for (const root of roots) injectStyle(doc, root);

  const state: Shown = {
    marks: new Set(),
    focused: null,
    addedTabIndex: false,
    onKey: (e) => {
      if (e.key === 'Escape') clearHighlight(doc);
    },
    onBlur: () => undoFocusAttributes(state),
  };
  shownIn.set(doc, state);

  let focusTarget: Element | null;
  const api = highlightApis(doc)[0];
  if (api) {
    const main = new api.Highlight(...active);
    main.priority = 1; // above the other quotes where they overlap
    api.registry.set(HIGHLIGHT_NAME, main);
    const rest = others.flat();
    if (rest.length > 0) api.registry.set(OTHER_HIGHLIGHT_NAME, new api.Highlight(...rest));
    focusTarget = blockAround(active[0]!.startContainer);
  } else {
    const quotes = [{ ranges: active, kind: 'active' as const }, ...others.map((ranges) => ({ ranges, kind: 'other' as const }))];
    const marks = wrapInMarks(doc, quotes, state.marks);
    focusTarget = marks[0] ?? blockAround(active[0]!.startContainer);
  }

  scrollToMiddle(doc, active[0]!, focusTarget);
  if (focusTarget) focus(state, focusTarget);
  doc.addEventListener('keydown', state.onKey, true);
}

/** A quote found, revealed and scrolled into view, not painted yet (`holdHighlight`). */
const heldIn = new WeakMap<Document, { active: Range[]; others: Range[][] }>();

/**
 * `showHighlight` without the paint: the quote revealed and scrolled into the middle of the view,
 * held until `showHeld` (the worker first looks at the page's own pixels, which the highlight's
 * colours would hide).
 */
export function holdHighlight(doc: Document, active: Range[], others: Range[][] = []): void {
  clearHighlight(doc);
  if (active.length === 0) return;
  for (const r of active) {
    reveal(r.startContainer);
    reveal(r.endContainer);
  }
  scrollToMiddle(doc, active[0]!, blockAround(active[0]!.startContainer));
  heldIn.set(doc, { active, others });
}

/**
 * The page's other quotes, found once the quote `active` is held, painted with it (with no other:
 * cleared, or another quote held since).
 */
export function holdOthers(doc: Document, active: Range[], others: Range[][]): void {
  const held = heldIn.get(doc);
  if (held?.active === active) held.others = others;
}

/** The ranges of the quote held, if one is. */
export function heldRanges(doc: Document): Range[] | null {
  return heldIn.get(doc)?.active ?? null;
}

/**
 * Scrolls the quote held into the middle of the view again (a tab brought in front may have been
 * laid out at another size while it was behind); false when none is held.
 */
export function scrollHeld(doc: Document): boolean {
  const held = heldIn.get(doc);
  if (!held) return false;
  scrollToMiddle(doc, held.active[0]!, blockAround(held.active[0]!.startContainer));
  return true;
}

/** Paints the quote held (false when none is: cleared, or never held). */
export function showHeld(doc: Document): boolean {
  const held = heldIn.get(doc);
  if (!held) return false;
  showHighlight(doc, held.active, held.others);
  return true;
}

/** Removes every highlight of this module, its marks and its focus attributes. */
export function clearHighlight(doc: Document): void {
  heldIn.delete(doc);
  for (const api of highlightApis(doc)) {
    api.registry.delete(HIGHLIGHT_NAME);
    api.registry.delete(OTHER_HIGHLIGHT_NAME);
  }
  const state = shownIn.get(doc);
  shownIn.delete(doc);
  if (state) {
    doc.removeEventListener('keydown', state.onKey, true);
    undoFocusAttributes(state);
  }

  const marks = new Set<Element>(state?.marks ?? []);
  doc.querySelectorAll(`mark[${MARK_ATTRIBUTE}]`).forEach((m) => marks.add(m));
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
    for (let child = parent.firstChild; child;) {
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

/** Puts the styles first in the document (or shadow root), so that their layer is the first. */
function injectStyle(doc: Document, where: Document | ShadowRoot): void {
  if (where.getElementById(HIGHLIGHT_STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = HIGHLIGHT_STYLE_ID;
  style.textContent = HIGHLIGHT_CSS;
  if (where.nodeType === 9) {
    const d = where as Document;
    (d.head ?? d.documentElement)?.prepend(style);
  } else {
    where.prepend(style);
  }
}

const NO_MARK_INSIDE = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'textarea',
  'title',
  'option',
  'select',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'colgroup',
]);

interface Piece {
  node: Text;
  from: number;
  to: number;
  kind: 'active' | 'other';
  mark?: Element;
}

/** The parts of text nodes that `range` covers, where a mark may go. */
function piecesOf(doc: Document, range: Range, kind: Piece['kind']): Piece[] {
  const pieces: Piece[] = [];
  const consider = (node: Text): void => {
    const from = node === range.startContainer ? range.startOffset : 0;
    const to = node === range.endContainer ? range.endOffset : node.data.length;
    if (to <= from || !/\S/.test(node.data.slice(from, to))) return;
    const parent = node.parentElement;
    if (!parent || NO_MARK_INSIDE.has(parent.localName)) return;
    pieces.push({ node, from, to, kind });
  };
  const common = range.commonAncestorContainer;
  if (common.nodeType === 3) {
    consider(common as Text);
    return pieces;
  }
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
  return pieces;
}

/**
 * Wraps the quotes' text in `<mark data-cited-quote="active|other">`, node by node. Every piece
 * is measured before any node is split (splitting moves the offsets of the pieces after it), and
 * where quotes overlap the text keeps the first mark (the active quote's). Returns the active
 * quote's marks, in order.
 */
function wrapInMarks(doc: Document, quotes: Array<{ ranges: Range[]; kind: Piece['kind'] }>, registry: Set<Element>): Element[] {
  const byNode = new Map<Text, Piece[]>();
  const all: Piece[] = [];
  for (const q of quotes) {
    for (const r of q.ranges) {
      for (const piece of piecesOf(doc, r, q.kind)) {
        const same = byNode.get(piece.node) ?? [];
        if (same.some((p) => p.from < piece.to && piece.from < p.to)) continue;
        same.push(piece);
        byNode.set(piece.node, same);
        all.push(piece);
      }
    }
  }
  for (const [original, pieces] of byNode) {
    // From the end of the node backwards, so that the offsets still to wrap stay valid.
    pieces.sort((a, b) => b.from - a.from);
    for (const piece of pieces) {
      if (piece.to < original.data.length) splitOff.add(original.splitText(piece.to));
      let node = original;
      if (piece.from > 0) {
        node = original.splitText(piece.from);
        splitOff.add(node);
      }
      const mark = doc.createElement('mark');
      mark.setAttribute(MARK_ATTRIBUTE, piece.kind);
      node.parentNode!.insertBefore(mark, node);
      mark.appendChild(node);
      piece.mark = mark;
      registry.add(mark);
    }
  }
  return all.filter((p) => p.kind === 'active').map((p) => p.mark!);
}
