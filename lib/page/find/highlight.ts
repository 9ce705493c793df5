/**
 * Shows cited quotes in their page: the CSS Custom Highlight API where there is one (no change to
 * the page's DOM), `<mark data-cited-quote>` elements where there is not. The quote the user
 * clicked is `cited-quote`; the other quotes cited from the same page are `cited-quote-other`.
 * The clicked quote is revealed (closed `<details>`, `hidden="until-found"`), scrolled to the
 * middle of the view and given the keyboard focus, visibly. Escape clears it all. A highlight that
 * covers only some of the quote's words (the page changed them between reading and showing) says
 * so, with the words it covers, and never stands for the whole quote. Pure DOM code.
 */
import {
  chooseAmong,
  findOccurrences,
  locateIn,
  MAX_OTHER_CANDIDATES,
  needsLayout,
  type AnchorOptions,
  type AnchorPage,
  type LocatedQuote,
} from './anchor';
import { currentReading, readAfresh, stillAsRead } from './kept-reading';
import { layoutPassages } from '@/lib/page/read/extract';
import { measureRanges } from './drawn';
import {
  FOCUS_ATTRIBUTE,
  HIGHLIGHT_CSS,
  HIGHLIGHT_NAME,
  HIGHLIGHT_STYLE_ID,
  MARK_ATTRIBUTE,
  OTHER_HIGHLIGHT_NAME,
} from '@/lib/shared/highlight-style';
import { normalize } from '@/lib/shared/normalize';
import type { HighlightOutcome, QuoteTarget } from '@/lib/shared/types';

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
interface Shown {
  marks: Set<Element>;
  focused: Element | null;
  addedTabIndex: boolean;
  onKey: (e: KeyboardEvent) => void;
  onBlur: () => void;
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

/**
 * Finds `target` (and the page's other cited quotes) in `doc` and highlights them; the outcome
 * says which words the active highlight covers, or why nothing was highlighted (better no
 * highlight than the wrong words). Other quotes not found are left out silently.
 */
export function highlightQuote(
  doc: Document | null | undefined,
  target: QuoteTarget,
  options: AnchorOptions = {},
  others: QuoteTarget[] = [],
): HighlightOutcome {
  if (!doc || !doc.documentElement) return { ok: false, reason: 'no-document' };
  const { page, fresh } = currentReading(doc, options);
  const outcome = highlightIn(doc, page, !fresh, target, others);
  // A kept reading may be older than a change no observer saw: what it missed is looked for afresh.
  return outcome.ok || fresh ? outcome : highlightIn(doc, readAfresh(doc, options), false, target, others);
}

function highlightIn(
  doc: Document,
  page: AnchorPage,
  kept: boolean,
  target: QuoteTarget,
  others: QuoteTarget[],
): HighlightOutcome {
  const [located, ...rest] = [target, ...others].map((t) => locateIn(page, t));
  if (!located || (kept && !stillAsRead(page, located))) {
    clearHighlight(doc);
    return { ok: false, reason: 'not-found' };
  }
  const otherRanges = rest
    .filter((q): q is LocatedQuote => q !== null && (q.end <= located.start || q.start >= located.end))
    .map((q) => q.ranges);
  const covered = coveredText(located);
  showHighlight(doc, located.ranges, otherRanges);
  return provenShown(doc, located, target, covered);
}

/**
 * The words the quote's ranges cover in the page now: the text of the nodes it was read from that
 * are still in the document, within the ranges (not a node's words the reading left out). Read
 * before the highlight is shown (its marks split text nodes).
 */
function coveredText(located: LocatedQuote): string {
  const out: string[] = [];
  for (const node of located.nodes) {
    if (!node.isConnected) continue;
    for (const r of located.ranges) {
      if (!r.intersectsNode(node)) continue;
      const from = r.startContainer === node ? r.startOffset : 0;
      const to = r.endContainer === node ? r.endOffset : node.data.length;
      if (to > from) out.push(node.data.slice(from, to));
    }
  }
  return out.join(' ');
}

/** Whether `covered` holds every word of the quote (each span of "A … B", in order); spaces aside. */
function coversWhole(covered: string, target: QuoteTarget): boolean {
  const squeeze = (s: string) => normalize(s).replace(/ /g, '');
  const text = squeeze(covered);
  let from = 0;
  for (const span of target.parts?.length ? target.parts : [target.literal]) {
    const words = squeeze(span);
    const at = text.indexOf(words, from);
    if (at < 0) return false;
    from = at + words.length;
  }
  return true;
}

/**
 * The outcome of a highlight once shown: success only when the words, revealed and scrolled into
 * view, are drawn for a reader; otherwise the highlight goes and the outcome says why. A highlight
 * of only some of the words says which (`partial`), never the quote's own text.
 */
function provenShown(doc: Document, located: LocatedQuote, target: QuoteTarget, covered: string): HighlightOutcome {
  const drawn = measureRanges(doc, located);
  if (!drawn.drawn) {
    clearHighlight(doc);
    return { ok: false, reason: 'not-drawn', why: drawn.reason };
  }
  if (coversWhole(covered, target)) return { ok: true, text: located.text };
  const shown = covered.replace(/\s+/g, ' ').trim();
  if (shown === '') {
    clearHighlight(doc);
    return { ok: false, reason: 'not-found' };
  }
  return { ok: true, text: shown, partial: true };
}

/** The page's other cited quotes highlighted softly, at most. */
export const MAX_OTHER_QUOTES = 20;

/**
 * Lets the page run between two steps of a reveal (its timers, its input). A message, not a
 * timer: a tab in the background has its timers throttled to one a second.
 */
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * `highlightQuote` in steps, the page's own work in between: the page is read once (within
 * extraction's size budget), the active quote found among the occurrences nearest to its
 * passage, then each other quote (a few, fewer occurrences each), and all shown at once.
 */
export async function highlightQuoteInSteps(
  doc: Document | null | undefined,
  target: QuoteTarget,
  options: AnchorOptions = {},
  others: QuoteTarget[] = [],
  pause: () => Promise<void> = yieldToPage,
  show: (doc: Document, active: Range[], others: Range[][]) => void = showHighlight,
): Promise<HighlightOutcome> {
  if (!doc || !doc.documentElement) return { ok: false, reason: 'no-document' };
  // The page as read for the proof of the answer's quotes or the last click, when nothing changed.
  const { page, fresh } = currentReading(doc, options);
  const outcome = await highlightInSteps(doc, page, !fresh, target, others, pause, show);
  if (outcome.ok || fresh) return outcome;
  // A kept reading may be older than a change no observer saw: what it missed is looked for afresh.
  await pause();
  return highlightInSteps(doc, readAfresh(doc, options), false, target, others, pause, show);
}

/** `kept`: a reading kept from an earlier quote, whose words are checked against the page's now. */
async function highlightInSteps(
  doc: Document,
  page: AnchorPage,
  kept: boolean,
  target: QuoteTarget,
  others: QuoteTarget[],
  pause: () => Promise<void>,
  show: (doc: Document, active: Range[], others: Range[][]) => void,
): Promise<HighlightOutcome> {
  await pause();
  const hits = findOccurrences(page, target);
  if ((needsLayout(hits) || target.parts?.length) && !page.laidOut) {
    await pause();
    page.laidOut = layoutPassages(page.collected, page.options);
  }
  await pause();
  const located = target.parts?.length ? locateIn(page, target) : chooseAmong(page, hits, target);
  if (!located || (kept && !stillAsRead(page, located))) {
    clearHighlight(doc);
    return { ok: false, reason: 'not-found' };
  }
  const otherRanges: Range[][] = [];
  for (const other of others.slice(0, MAX_OTHER_QUOTES)) {
    await pause();
    const q = locateIn(page, other, MAX_OTHER_CANDIDATES);
    if (q && (q.end <= located.start || q.start >= located.end)) otherRanges.push(q.ranges);
  }
  // After the last pause: what the page's own work left of the quote's words is what is shown.
  const covered = coveredText(located);
  show(doc, located.ranges, otherRanges);
  return provenShown(doc, located, target, covered);
}

/** The parent a node is shown in: its slot if it is slotted, else its parent or shadow host. */
function flatParent(n: Node): Node | null {
  const slot = (n as Element | Text).assignedSlot;
  if (slot) return slot;
  return n.parentNode ?? (n.nodeType === 11 ? ((n as ShadowRoot).host ?? null) : null);
}

/** Opens closed `<details>` and `hidden="until-found"` ancestors, across shadow boundaries. */
function reveal(node: Node): void {
  for (let n: Node | null = node; n; n = flatParent(n)) {
    if (n.nodeType !== 1) continue;
    const el = n as Element;
    if (el.localName === 'details' && !(el as HTMLDetailsElement).open) {
      (el as HTMLDetailsElement).open = true;
    }
    if (el.getAttribute('hidden')?.toLowerCase() === 'until-found') {
      // As find-in-page does: the page hears `beforematch` first, to update its own state.
      const Event = el.ownerDocument.defaultView?.Event;
      if (Event) el.dispatchEvent(new Event('beforematch', { bubbles: true }));
      el.removeAttribute('hidden');
    }
  }
}

/** The nearest ancestor laid out as a block (a paragraph, a cell, a list item), for the focus. */
function blockAround(node: Node): Element | null {
  const view = node.ownerDocument?.defaultView;
  for (let n: Node | null = node; n; n = flatParent(n)) {
    if (n.nodeType !== 1) continue;
    const el = n as Element;
    if (el.localName === 'body' || el.localName === 'html') return null;
    const display = view?.getComputedStyle?.(el).display ?? '';
    if (display && !display.startsWith('inline') && display !== 'contents') return el;
  }
  return null;
}

function focus(state: Shown, el: Element): void {
  const target = el as HTMLElement;
  if (typeof target.focus !== 'function') return;
  if (!target.hasAttribute('tabindex')) {
    target.setAttribute('tabindex', '-1');
    state.addedTabIndex = true;
  }
  target.setAttribute(FOCUS_ATTRIBUTE, '');
  state.focused = target;
  target.focus({ preventScroll: true });
  target.addEventListener('blur', state.onBlur, { once: true });
}

function undoFocusAttributes(state: Shown): void {
  const el = state.focused;
  if (!el) return;
  el.removeEventListener('blur', state.onBlur);
  el.removeAttribute(FOCUS_ATTRIBUTE);
  if (state.addedTabIndex) el.removeAttribute('tabindex');
  state.focused = null;
  state.addedTabIndex = false;
}

/**
 * Brings the quote to the middle of the view: first its block (which scrolls every scrolling
 * box on the way), then the quote itself, since the middle of a long paragraph is not the quote.
 */
function scrollToMiddle(doc: Document, range: Range, block: Element | null): void {
  const start = range.startContainer;
  const el = block ?? (start.nodeType === 1 ? (start as Element) : start.parentElement);
  if (el && typeof el.scrollIntoView === 'function') {
    el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
  }
  const view = doc.defaultView;
  if (!view || typeof range.getBoundingClientRect !== 'function') return;
  const rect = range.getBoundingClientRect();
  if (!rect || rect.height <= 0) return;
  const scroller = el ? scrollingAncestor(el) : null;
  const box = scroller ? scroller.getBoundingClientRect() : { top: 0, height: view.innerHeight };
  const shown = Math.min(rect.height, box.height);
  const delta = rect.top + shown / 2 - (box.top + box.height / 2);
  if (Math.abs(delta) < 2) return;
  if (scroller) scroller.scrollBy({ top: delta, behavior: 'instant' });
  else view.scrollBy({ top: delta, behavior: 'instant' });
}

/** The nearest ancestor that scrolls its content vertically, or null for the viewport. */
function scrollingAncestor(el: Element): Element | null {
  const view = el.ownerDocument.defaultView;
  for (let n = flatParent(el); n; n = flatParent(n)) {
    if (n.nodeType !== 1) continue;
    const e = n as Element;
    if (e === e.ownerDocument.scrollingElement || e.localName === 'body' || e.localName === 'html') return null;
    const overflow = view?.getComputedStyle?.(e).overflowY ?? '';
    if ((overflow === 'auto' || overflow === 'scroll') && e.scrollHeight > e.clientHeight) return e;
  }
  return null;
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
