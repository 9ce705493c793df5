/**
 * What an element paints over what it holds, where the hit test takes it for the words' own
 * element and so cannot tell: an opaque outline, and a `::before` or `::after` box placed over it.
 * Asked by the check of boxes in view (covered-boxes.ts) and by the proof of a quote wherever its
 * words are (lib/page/find/quote-seen.ts). Pure DOM code.
 */
import type { Rect } from '@/lib/page/dom/geometry';
import { elementOf } from '@/lib/page/dom/dom';
import { flatParentElement } from '@/lib/page/dom/flat-tree';
import { PaintOrder, wordsOver } from './paint-order';
import { outlineRing, outlines, ringHolds, type Ring } from './cover-style';
import { pseudoBoxes } from './pseudo-boxes';

/** A box an element paints over what it holds: an outline (with the `hole` it leaves), or a pseudo-element and its z-index (null: auto). */
type PaintedBox = Ring & { pseudo?: '::before' | '::after'; z?: number | null };

/**
 * What an element paints over what it holds (asked by the check of boxes in view, and by the proof of
 * a quote wherever its words are, lib/page/find/quote-seen.ts): an opaque outline (a ring, or the whole box when drawn
 * inwards), and the `::before` and `::after` boxes painted over its words (pseudo-boxes.ts: placed over
 * the page, or in the flow and moved over them; a place not worked out counts as all of the
 * element's box). Read once per element.
 */
export class PaintedCovers {
  /** Per element, the boxes it paints over what it holds; a `hole` is left unpainted inside one. */
  private readonly known = new Map<Element, PaintedBox[]>();
  private order: PaintOrder | null = null;

  constructor(private readonly view: Window) {}

  /**
   * Whether such a box of `el` or an element above it holds all of `b` (and none of `b` is in its
   * hole), and is painted over the words of `el`: an outline always is; a pseudo-element unless
   * CSS's painting order puts the words over it (lib/page/seen/paint-order.ts: a hero's heading raised
   * above its `::before` overlay, or positioned after it).
   */
  covers(el: Element, b: Rect): boolean {
    for (let e: Element | null = el; e !== null; e = flatParentElement(e)) {
      for (const c of this.of(e)) {
        if (!ringHolds(c, b)) continue;
        if (c.pseudo === undefined) return true;
        if (!wordsOver((this.order ??= new PaintOrder(this.view)).generatedAbove(e, c.pseudo, c.z ?? null, el))) return true;
      }
    }
    return false;
  }

  private of(el: Element): PaintedBox[] {
    let out = this.known.get(el);
    if (out !== undefined) return out;
    out = [];
    // An outline is painted over all the box holds: a ring from its border box moved by the offset,
    // as wide as the outline (`outline: 2000px solid white; outline-offset: -2000px` fills the box).
    const cs = this.view.getComputedStyle(el);
    const ring = outlines(cs) ? outlineRing(cs, elementOf.rect(el)) : null;
    if (ring !== null) out.push(ring);
    out.push(...pseudoBoxes(el, this.view));
    this.known.set(el, out);
    return out;
  }
}
