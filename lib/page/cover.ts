/**
 * What is on top of words the page draws, by the browser's own hit test at points of the words
 * that are in view (`elementFromPoint`; the page is never scrolled to test); whether that covers
 * them is the table's rule (lib/shared/seen.ts, `hits`). Asked by
 * extraction of the words under a box placed over the page (lib/page/visibility.ts) and by the
 * proof that a quote is drawn (lib/page/drawn.ts); of an embedded frame's or a player's box by
 * lib/page/box-shown.ts.
 */
import { flatParentElement } from './flat-tree';
import type { PointHit } from '@/lib/shared/seen';

export type { PointHit };

/** Whether (x, y), in the viewport's coordinates, is in view. */
export function inView(view: Window, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < view.innerWidth && y < view.innerHeight;
}

/** What is on top at (x, y) for words whose text is in `parents` (all in one tree). */
export function hitAt(doc: Document, parents: Element[], x: number, y: number): PointHit {
  const root = (parents[0]?.getRootNode() ?? doc) as Document | ShadowRoot;
  const hit = (typeof root.elementFromPoint === 'function' ? root : doc).elementFromPoint(x, y);
  if (!hit) return { own: true, movesWithView: false };
  if (parents.some((p) => p.contains(hit) || flatContains(hit, p))) return { own: true, movesWithView: false };
  return { own: false, movesWithView: !scrollsWithPage(hit, doc.defaultView!) };
}

/**
 * What is on top at (x, y) of a box that paints itself (an embedded frame, a video player): only
 * the box, or what it holds, is its own. An ancestor answering there paints over it (a negative
 * z-index under a body that has its own background), and no answer at a point in view is no proof.
 */
export function hitOnBox(doc: Document, box: Element, x: number, y: number): PointHit {
  const root = box.getRootNode() as Document | ShadowRoot;
  const hit = (typeof root.elementFromPoint === 'function' ? root : doc).elementFromPoint(x, y);
  if (hit !== null && (hit === box || box.contains(hit))) return { own: true, movesWithView: false };
  return { own: false, movesWithView: hit !== null && !scrollsWithPage(hit, doc.defaultView!) };
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
