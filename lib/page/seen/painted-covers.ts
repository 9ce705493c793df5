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
import { mayBeOpaque, outlineRing, outlines, ringHolds } from './cover-style';

/** A box an element paints over what it holds: an outline (with the `hole` it leaves), or a pseudo-element and its z-index (null: auto). */
type PaintedBox = Rect & { hole?: Rect; pseudo?: '::before' | '::after'; z?: number | null };

/**
 * What an element paints over what it holds (asked by the check of boxes in view, and by the proof of
 * a quote wherever its words are, lib/page/find/quote-seen.ts): an opaque outline (a ring, or the whole box when drawn
 * inwards), and the `::before` and `::after` boxes that cover what is under them: generated (`content`), placed
 * over the page (`position: absolute`, not below the flow by a negative `z-index`), fully opaque,
 * painting a colour or an image; each one's box in the view's coordinates, worked out from its
 * containing block (the nearest positioned box) and its computed offsets and size. One whose place
 * cannot be worked out (an `auto` offset) is not counted. Read once per element.
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
    for (const which of ['::before', '::after'] as const) {
      const ps = this.view.getComputedStyle(el, which);
      if (ps.content === 'none' || ps.content === 'normal' || ps.display === 'none') continue;
      if (ps.position !== 'absolute' || parseInt(ps.zIndex, 10) < 0 || ps.opacity !== '1') continue;
      const painted = mayBeOpaque(ps.backgroundColor) || (ps.backgroundImage !== 'none' && ps.backgroundImage !== '');
      if (!painted) continue;
      const block = containingBlock(el, this.view);
      const left = parseFloat(ps.left);
      const top = parseFloat(ps.top);
      const px = (v: string) => parseFloat(v) || 0;
      const width = px(ps.width) + px(ps.paddingLeft) + px(ps.paddingRight) + px(ps.borderLeftWidth) + px(ps.borderRightWidth);
      const height = px(ps.height) + px(ps.paddingTop) + px(ps.paddingBottom) + px(ps.borderTopWidth) + px(ps.borderBottomWidth);
      if (block === null || !Number.isFinite(left) || !Number.isFinite(top)) continue;
      const z = parseInt(ps.zIndex, 10);
      out.push({
        left: block.left + left,
        top: block.top + top,
        right: block.left + left + width,
        bottom: block.top + top + height,
        pseudo: which,
        z: Number.isFinite(z) ? z : null,
      });
    }
    this.known.set(el, out);
    return out;
  }
}

/** The padding box (view's coordinates) of the nearest positioned box at or above `el`; null: none (the page's). */
function containingBlock(el: Element, view: Window): Rect | null {
  for (let e: Element | null = el; e !== null; e = flatParentElement(e)) {
    if (view.getComputedStyle(e).position === 'static') continue;
    const r = elementOf.rect(e);
    const box = e as HTMLElement;
    return {
      left: r.left + elementOf.clientLeft(box),
      top: r.top + elementOf.clientTop(box),
      right: r.left + elementOf.clientLeft(box) + elementOf.clientWidth(box),
      bottom: r.top + elementOf.clientTop(box) + elementOf.clientHeight(box),
    };
  }
  return null;
}
