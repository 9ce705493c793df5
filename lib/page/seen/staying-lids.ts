/**
 * A box that stays put in the view as the page scrolls (`position: fixed`, or inside such a box)
 * covers words only at some scroll positions: a reader scrolls them out from under a header or a
 * cookie bar. But words it lies over at every scroll position the page allows are never seen: a
 * white box over the whole view, a bar over the last lines of the page, a header over the first.
 * `underAtEveryScroll` is that geometry (pure, tested alone), asked by the check before sending
 * (covered-boxes.ts) and the proof (covers-out-of-view.ts). Whether such a lid is on top of the
 * words is CSS's painting order's, as for any cover out of view; the page is scrolled only as a
 * reader would scroll it, vertically (a page that also scrolls sideways is taken not to: unknown
 * is not seen). Pure DOM code.
 */
import type { Rect } from '@/lib/page/dom/geometry';
import { docOf, elementOf } from '@/lib/page/dom/dom';
import { flatParentElement } from '@/lib/page/dom/flat-tree';

/** The view's vertical scroll: where it is (`y`), how far it goes (`max`), and the view's height. */
export interface ViewScroll {
  y: number;
  max: number;
  height: number;
}

/**
 * Whether `words` (in the view's coordinates now) lie under `lid` (a box that stays put in the
 * view, in the same coordinates) wherever in the view the page's vertical scroll can bring them:
 * sideways within it, and at every scroll from 0 to `max`, no part of them shows in the view
 * outside it. Words of no height are not asked (false).
 */
export function underAtEveryScroll(words: Rect, lid: Rect, scroll: ViewScroll): boolean {
  if (words.bottom <= words.top || words.right <= words.left) return false;
  if (words.left < lid.left || words.right > lid.right) return false;
  // Where the words can be in the view: from their place at the bottom of the scroll to their
  // place at its top, one band, since they slide through it.
  const top = words.top + scroll.y - scroll.max;
  const bottom = words.bottom + scroll.y;
  // The view above the lid and the view below it: the words must reach neither.
  const above = Math.min(lid.top, scroll.height);
  const below = Math.max(lid.bottom, 0);
  const showAbove = above > 0 && top < above && bottom > 0;
  const showBelow = below < scroll.height && bottom > below && top < scroll.height;
  return !showAbove && !showBelow;
}

/**
 * The view's vertical scroll now, of the document of `doc`: its height without a scroll bar across
 * it (the scrolling element's client height, the view's in either mode; where a page scrolls
 * sideways, Firefox draws one over the view's last pixels, which no words show through).
 */
export function viewScroll(doc: Document, view: Window): ViewScroll {
  const root = (docOf.scrolling(doc) ?? docOf.root(doc))!;
  const client = elementOf.clientHeight(root);
  const height = client > 0 ? Math.min(client, view.innerHeight) : view.innerHeight;
  return { y: view.scrollY, max: Math.max(0, elementOf.scrollHeight(root) - height), height };
}

/**
 * Whether `el` stays put in the view as the page scrolls: it or a box around it is fixed, and none
 * on the way is sticky (a sticky box scrolls with its container until it sticks, and leaves with it).
 */
export function fixedInView(el: Element, view: Window): boolean {
  let fixed = false;
  for (let e: Element | null = el; e; e = flatParentElement(e)) {
    const position = view.getComputedStyle(e).position;
    if (position === 'sticky') return false;
    if (position === 'fixed') fixed = true;
  }
  return fixed;
}
