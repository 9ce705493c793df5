/**
 * Brings a cited quote before the reader: opens what hides it (closed `<details>`,
 * `hidden="until-found"`, across shadow boundaries, telling the page first as find-in-page does),
 * scrolls it to the middle of the view (its block first, then the quote itself, in the scrolling
 * box it sits in) and gives its block the keyboard focus, visibly, undone on blur. Apart from the
 * paint (highlight-paint.ts), which calls it both when it paints and when it holds a quote unpainted.
 * Pure DOM code.
 */
import { FOCUS_ATTRIBUTE } from '@/lib/shared/core/highlight-style';

/** The focus this module moved, to undo it (part of what the paint changed in a document). */
export interface FocusState {
  focused: Element | null;
  addedTabIndex: boolean;
  onBlur: () => void;
}

/** The parent a node is shown in: its slot if it is slotted, else its parent or shadow host. */
function flatParent(n: Node): Node | null {
  const slot = (n as Element | Text).assignedSlot;
  if (slot) return slot;
  return n.parentNode ?? (n.nodeType === 11 ? ((n as ShadowRoot).host ?? null) : null);
}

/** Opens closed `<details>` and `hidden="until-found"` ancestors, across shadow boundaries. */
export function reveal(node: Node): void {
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
export function blockAround(node: Node): Element | null {
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

export function focus(state: FocusState, el: Element): void {
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

export function undoFocusAttributes(state: FocusState): void {
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
export function scrollToMiddle(doc: Document, range: Range, block: Element | null): void {
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
