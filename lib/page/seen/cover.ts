/**
 * What is on top of words the page draws, by the browser's own hit test at points of the words
 * that are in view (`elementFromPoint`; the page is never scrolled to test); whether that covers
 * them is the table's rule (lib/shared/seen/seen.ts, `hits`). Asked by
 * extraction of the words under a box placed over the page (lib/page/seen/visibility.ts) and by the
 * proof that a quote is drawn (lib/page/find/quote-seen.ts); of an embedded frame's or a player's box by
 * lib/page/seen/box-shown.ts.
 */
import { docOf, elementOf, nodeOf } from '@/lib/page/dom/dom';
import { flatParentElement } from '@/lib/page/dom/flat-tree';
import type { PointHit } from '@/lib/shared/seen/measured';

/** Whether (x, y), in the viewport's coordinates, is in view. */
export function inView(view: Window, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < view.innerWidth && y < view.innerHeight;
}

const OWN: PointHit = { own: true, movesWithView: false };

/** The element the browser's hit test finds at (x, y) in the tree of `node` (its shadow root's, or the document's); null: none. */
export function elementAt(doc: Document, node: Node, x: number, y: number): Element | null {
  const root = nodeOf.root(node);
  return nodeOf.type(root) === 11 ? (root as ShadowRoot).elementFromPoint(x, y) : docOf.elementFromPoint(doc, x, y);
}

/**
 * What is on top at (x, y) for words whose text is in `parents` (all in one tree). A hit test that
 * answers nothing proves nothing (`unknown`). One that answers with an element around the words
 * found something painted over their own box (words put under a body with its own background by
 * a negative z-index), unless that element answers for them (`answersFor`).
 */
export function hitAt(doc: Document, parents: Element[], x: number, y: number): PointHit {
  const hit = elementAt(doc, parents[0] ?? doc, x, y);
  if (!hit) return { own: false, movesWithView: false, unknown: true };
  if (parents.some((p) => nodeOf.contains(p, hit))) return OWN;
  const view = docOf.view(doc)!;
  const around = parents.filter((p) => flatContains(hit, p));
  if (around.some((p) => answersFor(hit, p, view, x, y))) return OWN;
  return { own: false, movesWithView: !scrollsWithPage(hit, view) };
}

/**
 * Whether `hit`, an element around the words of `p`, found at (x, y) where they are, answers for
 * them: every element from `p` up to it has no box of its own (`display: contents`, a slot), or the
 * hit test passes through their element (`passesHitTest`) while none of the boxes between is
 * put below the flow (a negative z-index), or the point lies outside a box between that hides what
 * overflows it (words a reader scrolls to in a box of their own: no hit test there tells).
 */
function answersFor(hit: Element, p: Element, view: Window, x: number, y: number): boolean {
  const passes = passesHitTest(p, view.getComputedStyle(p));
  for (let e: Element | null = p; e !== null && e !== hit; e = flatParentElement(e)) {
    const cs = view.getComputedStyle(e);
    if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') {
      const r = elementOf.rect(e);
      if (x < r.left || x >= r.right || y < r.top || y >= r.bottom) return true;
    }
    if (cs.position !== 'static' && parseInt(cs.zIndex, 10) < 0) return false;
    if (!passes && cs.display !== 'contents') return false;
  }
  return true;
}

/**
 * Whether the browser's hit test passes through `el` (of computed style `cs`) and all it holds
 * while it is drawn as any box: `pointer-events: none`, or inert (the `inert` attribute on it or a
 * box around it, `interactivity: inert`). Such a box says nothing by not being hit.
 */
export function passesHitTest(el: Element, cs: CSSStyleDeclaration): boolean {
  if (cs.pointerEvents === 'none') return true;
  if ((cs as CSSStyleDeclaration & { interactivity?: string }).interactivity === 'inert') return true;
  // (Up the flat tree: an inert host makes what its shadow root holds inert too.)
  for (let e: Element | null = el; e !== null; e = flatParentElement(e)) if (elementOf.hasAttribute(e, 'inert')) return true;
  return false;
}

/**
 * What is on top at (x, y) of a box that paints itself (an embedded frame, a video player): only
 * the box, or what it holds, is its own. An ancestor answering there paints over it (a negative
 * z-index under a body that has its own background), and no answer at a point in view is no proof.
 */
export function hitOnBox(doc: Document, box: Element, x: number, y: number): PointHit {
  const hit = elementAt(doc, box, x, y);
  if (hit !== null && (hit === box || nodeOf.contains(box, hit))) return { own: true, movesWithView: false };
  return { own: false, movesWithView: hit !== null && !scrollsWithPage(hit, docOf.view(doc)!) };
}

/** False when `el` or a box around it stays put on screen as the page scrolls (fixed, sticky). */
export function scrollsWithPage(el: Element, view: Window): boolean {
  for (let e: Element | null = el; e; e = flatParentElement(e)) {
    const position = view.getComputedStyle(e).position;
    if (position === 'fixed' || position === 'sticky') return false;
  }
  return true;
}

/** Whether `outer` is `inner` or one of its ancestors in the flat tree. */
function flatContains(outer: Element, inner: Element): boolean {
  for (let e: Element | null = inner; e; e = flatParentElement(e)) if (e === outer) return true;
  return false;
}
