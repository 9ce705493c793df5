/**
 * A box in the top layer (a modal dialog, an open popover, a fullscreen element) draws its
 * `::backdrop` over the whole view beneath it, at every scroll: where that backdrop hides what is
 * under it (an opaque colour, a backdrop filter), no word of the page outside the box is seen. No
 * walk reads a pseudo-element's style for it, and the hit test at such words names the box, which
 * may itself be transparent; so the check before sending and the proof ask here. A browser that
 * does not know a selector of the top layer has none of its boxes. Pure DOM code.
 */
import { docOf } from '@/lib/page/dom/dom';
import { flatParentElement } from '@/lib/page/dom/flat-tree';
import { hidesUnder } from '@/lib/shared/seen/paint-rules';
import { hidesWhatIsUnder } from './cover-style';

/** The boxes of the top layer, as selectors a browser may not know. */
const TOP_LAYER = [':modal', ':popover-open', ':fullscreen'];

/** The boxes of the top layer of `doc` whose `::backdrop` hides what is under it. */
export function opaqueBackdrops(doc: Document, view: Window): Element[] {
  const out: Element[] = [];
  for (const selector of TOP_LAYER) {
    let boxes: Element[];
    try {
      boxes = [...docOf.all(doc, selector)];
    } catch {
      continue;
    }
    for (const box of boxes) {
      const backdrop = view.getComputedStyle(box, '::backdrop');
      const opacity = parseFloat(backdrop.opacity);
      if (hidesWhatIsUnder(backdrop) && hidesUnder(Number.isNaN(opacity) ? 1 : opacity)) out.push(box);
    }
  }
  return out;
}

/** Whether the words of `owner` lie under one of `backdrops`: outside its box (in the flat tree: a dialog's own shadow tree is its). */
export function underBackdrop(owner: Element, backdrops: readonly Element[]): boolean {
  return backdrops.some((box) => !within(owner, box));
}

/** Whether `el` is `box` or inside it, in the flat tree. */
function within(el: Element, box: Element): boolean {
  for (let e: Element | null = el; e !== null; e = flatParentElement(e)) if (e === box) return true;
  return false;
}
