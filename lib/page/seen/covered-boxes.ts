/**
 * Which boxes of words another box covers, where they are in view: what the check asks after its
 * walk (lib/page/seen/visibility.ts `coveredBoxes`). A box placed over the page with an opaque
 * background (or an opaque shadow spread around or inside it), and, in a walk that measures glyphs,
 * a picture placed over the page, is asked by the browser's own hit test at the middle of each box
 * of words it holds entirely (lib/page/seen/cover.ts); one the hit test passes through is taken to be on
 * top. What the hit test cannot tell from the words' own element (a pseudo-element, an outline)
 * is worked out from computed values, and so is the ring of any other element's opaque outline,
 * which no hit test ever finds (in view or not). Below the first screen no hit test tells without scrolling
 * the page: the proof before a claim is shown asks there by CSS's painting order
 * (`CoversOutOfView`, lib/page/seen/paint-order.ts). Whether that covers the words is the table's rule
 * (lib/shared/seen/seen.ts, `hits`, `covered`). Pure DOM code.
 */
import { docOf, elementOf, nodeOf } from '@/lib/page/dom/dom';
import { hitAt, inView, scrollsWithPage } from './cover';
import { flatParentElement } from '@/lib/page/dom/flat-tree';
import { parseColor, PICTURES, shadowsOf, TRANSPARENT, type Box } from './paint';
import { asker, type SeenVerdict } from '@/lib/shared/seen/seen';
import { Ancestry } from './ancestry';
import { cut, holds, meets } from './seen';
import { PaintOrder, wordsOver } from './paint-order';

const askHits = asker(['hits']);
const isSeen = (v: SeenVerdict) => v.seen === 'seen';

const PICTURE_TAGS = new Set(PICTURES.split(', '));

/**
 * Whether a colour `value` may paint what is under it out: fully opaque, or in a syntax not read
 * (`oklch(…)`, `lab(…)`: it may be opaque, so it is not known to let the words show: unknown is
 * not seen). Only a colour read as not fully opaque lets them show.
 */
function mayBeOpaque(value: string): boolean {
  const colour = parseColor(value);
  return colour === null || colour.a === 1;
}

/** Whether a computed `box-shadow` holds an opaque inset shadow with a spread: it paints over the box's inside. */
export function insetFill(boxShadow: string): boolean {
  return shadowsOf(boxShadow).some(
    ({ colour, lengths, inset }) => inset && colour !== null && mayBeOpaque(colour) && (lengths[3] ?? 0) > 0,
  );
}

/**
 * How far beyond its box a computed `box-shadow` paints an opaque colour on every side: the
 * smallest reach of its outer, fully opaque shadows (spread less offset, blur not counted: a blurred
 * edge is not opaque); 0 when none does.
 */
export function shadowReach(boxShadow: string): number {
  let best = 0;
  for (const { colour, lengths, inset } of shadowsOf(boxShadow)) {
    if (inset || colour === null || !mayBeOpaque(colour)) continue;
    const [x = 0, y = 0, , spread = 0] = lengths;
    best = Math.max(best, spread - Math.max(Math.abs(x), Math.abs(y)));
  }
  return best;
}

/**
 * Whether a box placed over the page (`position: absolute`), of computed style `cs`, hides what is
 * under it: an opaque background, a backdrop filter (a blur), or an opaque shadow spread around or
 * inside it (a colour in a syntax not read counts as opaque: then the hit test, or the painting
 * order out of view, decides whether it covers the words). The one test of what may cover words, for the walk's notes and the proof's search alike.
 */
export function hidesWhatIsUnder(cs: CSSStyleDeclaration): boolean {
  const value = cs.backgroundColor;
  const backdrop = cs.getPropertyValue('backdrop-filter');
  if ((value !== TRANSPARENT && mayBeOpaque(value)) || (backdrop !== '' && backdrop !== 'none')) return true;
  return cs.boxShadow !== 'none' && (shadowReach(cs.boxShadow) > 0 || insetFill(cs.boxShadow));
}

/** The ring an outline paints (from `outer` in to `hole`, none: all of `outer`), in the view's coordinates. */
export type Ring = Box & { hole?: Box };

/**
 * Whether an element of computed style `cs` draws an outline at all: the walk's one cheap read per
 * element (lib/page/seen/visibility.ts), before `outlineRing` measures it.
 */
export function outlines(cs: CSSStyleDeclaration): boolean {
  const style = cs.outlineStyle;
  return style !== 'none' && style !== '';
}

/**
 * The ring an opaque outline of computed style `cs` paints around the border box `r`: out from
 * the box moved by `outline-offset`, as wide as the outline (`outline: 24px solid white;
 * outline-offset: -24px` fills the box); null where it paints none or lets what is under it show
 * (a colour not fully opaque; one in a syntax not read counts as opaque: unknown is not seen).
 * An outline is never hit by the hit test, so where it lies is worked out from these values alone.
 */
export function outlineRing(cs: CSSStyleDeclaration, r: Box): Ring | null {
  const width = parseFloat(cs.outlineWidth);
  // A colour in a syntax not read may be opaque: not known to let the words show, so it paints.
  const colour = parseColor(cs.outlineColor);
  if (!outlines(cs) || !(width > 0) || (colour !== null && colour.a < 1)) return null;
  const offset = parseFloat(cs.outlineOffset) || 0;
  const hole = { left: r.left - offset, top: r.top - offset, right: r.right + offset, bottom: r.bottom + offset };
  const grow = offset + width;
  return {
    left: r.left - grow,
    top: r.top - grow,
    right: r.right + grow,
    bottom: r.bottom + grow,
    ...(hole.right > hole.left && hole.bottom > hole.top ? { hole } : {}),
  };
}

/** Whether `ring` paints over all of the box `b` (none of `b` in its hole). */
function ringHolds(ring: Ring, b: Box): boolean {
  return holds(ring, b, 1) && !(ring.hole !== undefined && meets(ring.hole, b));
}

/**
 * Where no hit test can tell (words out of view: the proof of a quote, lib/page/find/drawn.ts), whether a
 * box placed over the page covers the words of `owner`, whose glyphs lie in `words`: one that hides
 * what is under it (`hidesWhatIsUnder`) or a picture, drawn fully opaque (an effect no rule settles does not excuse it), moving
 * with the page, whose box as the boxes around it leave it holds the words, and that CSS's painting
 * order does not put under them (lib/page/seen/paint-order.ts): an order it cannot settle counts as
 * covering (unknown is not seen).
 * The document's covers are looked for once per proof (of all the quotes asked together), in its light tree.
 */
export class CoversOutOfView {
  private covers: Element[] | null = null;
  private readonly order: PaintOrder;
  private readonly ancestry: Ancestry;

  constructor(
    private readonly doc: Document,
    private readonly view: Window,
  ) {
    this.order = new PaintOrder(view);
    this.ancestry = new Ancestry(view);
  }

  covered(owner: Element, words: Box): boolean {
    for (const cover of (this.covers ??= this.find())) {
      if (nodeOf.contains(cover, owner) || nodeOf.contains(owner, cover)) continue;
      const shown = this.ancestry.shownBox(cover);
      if (shown === null || !holds(shown, words)) continue;
      // A cover drawn see-through lets the words show; one under an effect no rule settles (a
      // mask, a blend mode) may hide them or not: not known, so it covers.
      if (this.ancestry.look(cover).opacity < 1 || !scrollsWithPage(cover, this.view)) continue;
      if (!wordsOver(this.order.above(cover, owner))) return true;
    }
    return false;
  }

  private find(): Element[] {
    const out: Element[] = [];
    for (const el of docOf.all(this.doc, '*')) {
      const cs = this.view.getComputedStyle(el);
      if (cs.position !== 'absolute') continue;
      if (!PICTURE_TAGS.has(elementOf.name(el)) && !hidesWhatIsUnder(cs)) continue;
      if (drawn(el)) out.push(el);
    }
    return out;
  }
}

/**
 * The boxes of `owners` (boxes whose own words were read) that a box of `covers` (noted by a
 * reading walk) or, where glyphs are `measured`, a picture or what an element paints over what it
 * holds, covers where they are in view; and those of `sunk` (boxes put below the flow) that an
 * element around them is painted over.
 */
export function coveredOwners(
  doc: Document,
  view: Window,
  covers: readonly Element[],
  owners: readonly Element[],
  measured: boolean,
  sunk: readonly Element[] = [],
): Set<Element> {
  const out = new Set<Element>();
  let order: PaintOrder | undefined;
  // (Each box of words is measured once, however many covers ask about it: nothing moves meanwhile.)
  const rects = new Map<Element, DOMRect>();
  const rectOf = (e: Element): DOMRect => {
    let r = rects.get(e);
    if (r === undefined) rects.set(e, (r = elementOf.rect(e)));
    return r;
  };
  // A picture placed over the page covers words as a box with a background does, whatever it
  // shows (its pixels are not read: it is taken as opaque). Looked for after the walk, and only
  // by a walk that measures glyphs (a reading does not pay for it).
  const all = measured ? [...covers, ...placedPictures(doc, view)] : covers;
  for (const cover of all) {
    if (!drawn(cover)) continue;
    // A fixed or sticky box (a cookie banner, a header) covers words only at some scroll positions.
    if (!scrollsWithPage(cover, view)) continue;
    const box = elementOf.rect(cover);
    const cs = view.getComputedStyle(cover);
    const ring = outlineRing(cs, box);
    if (ring !== null) coveredByRing(cover, cs, ring, owners, out, rectOf, (order ??= new PaintOrder(view)));
    // (A box noted for its outline alone covers nothing more.)
    if (!PICTURE_TAGS.has(elementOf.name(cover)) && !(cs.position === 'absolute' && hidesWhatIsUnder(cs))) continue;
    // (A box noted for its shadow covers as far as its opaque shadow spreads; a shadow is painted,
    // never hit: what is on top there is not asked.)
    const spread = PICTURE_TAGS.has(elementOf.name(cover)) ? 0 : shadowReach(cs.boxShadow);
    // (Asked once per cover: whether it paints over its own inside too.)
    const paintsInside =
      spread > 0 && ((cs.backgroundColor !== TRANSPARENT && mayBeOpaque(cs.backgroundColor)) || insetFill(cs.boxShadow));
    const c = { left: box.left - spread, top: box.top - spread, right: box.right + spread, bottom: box.bottom + spread };
    if (c.right <= 0 || c.bottom <= 0 || c.left >= view.innerWidth || c.top >= view.innerHeight) continue;
    for (const owner of owners) {
      // (Words the cover holds are drawn over its own background; a cover the box of words holds,
      // a lid inside the paragraph, is asked like any other: the hit test tells it from the words.)
      if (out.has(owner) || nodeOf.contains(cover, owner)) continue;
      const b = rectOf(owner);
      if (!meets(c, b)) continue;
      // All of the box under the cover: asked at its middle. Part of it: at the middle of each
      // line of its own words that the cover lies over (a lid over one word, or half a line, hides
      // words as surely as one over the whole box).
      const whole = holds(c, b);
      for (const { x, y } of whole ? [middle(b)] : partsUnder(doc, owner, c)) {
        if (!inView(view, x, y)) continue;
        if (spread > 0) {
          // Reaching into the ring its shadow paints: covered. Inside the box itself, only a box
          // that paints its own background covers (the hit test below).
          if (whole ? !holds(box, b) : !holds(box, { left: x, top: y, right: x, bottom: y })) {
            out.add(owner);
            break;
          }
          if (!paintsInside) continue;
        }
        if (onTop(doc, owner, cover, cs, x, y)) {
          out.add(owner);
          break;
        }
      }
    }
  }
  // Boxes put below the flow (a negative z-index): the boxes of words they hold, in view, are hit
  // at their middle; an element around them found there is painted over them (a body with its own
  // background), and one that answers nothing proves nothing (lib/page/seen/cover.ts `hitAt`).
  for (const owner of sunk.length === 0 ? [] : owners) {
    if (out.has(owner) || !sunk.some((s) => s === owner || nodeOf.contains(s, owner))) continue;
    const b = elementOf.rect(owner);
    const x = (b.left + b.right) / 2;
    const y = (b.top + b.bottom) / 2;
    if (!inView(view, x, y)) continue;
    if (!isSeen(askHits({ hits: [hitAt(doc, [owner], x, y)] }))) out.add(owner);
  }
  // A pseudo-element placed over the words (`::after { position: absolute; inset: 0 }` with a
  // background), or an outline drawn over them, covers them too; the hit test cannot tell either
  // from the words' own element, so their boxes are worked out from computed values. Asked of
  // boxes in view, where glyphs are measured.
  if (measured) {
    const pseudo = new PaintedCovers(view);
    for (const owner of owners) {
      if (out.has(owner)) continue;
      const b = elementOf.rect(owner);
      if (!inView(view, (b.left + b.right) / 2, (b.top + b.bottom) / 2)) continue;
      if (pseudo.covers(owner, b)) out.add(owner);
    }
  }
  return out;
}

/** The middle of `b`. */
function middle(b: Box): { x: number; y: number } {
  return { x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 };
}

/**
 * Where the cover `c` lies over a line of the words `owner` holds itself (its own text nodes): the
 * middle of each such piece of a line, as tall as half the line at least (a cover that only
 * grazes a line's edge hides no word); none where it lies over none.
 */
function partsUnder(doc: Document, owner: Element, c: Box): Array<{ x: number; y: number }> {
  const out: Array<{ x: number; y: number }> = [];
  const range = docOf.createRange(doc);
  for (let n = nodeOf.first(owner); n !== null; n = nodeOf.next(n)) {
    if (nodeOf.type(n) !== 3 || !/\S/.test((n as Text).data)) continue;
    range.selectNodeContents(n);
    for (const line of range.getClientRects()) {
      const k = cut(c, line);
      if (k !== null && k.bottom - k.top >= (line.bottom - line.top) / 2) out.push(middle(k));
    }
  }
  return out;
}

/**
 * Whether the hit test at (x, y), over the words of `owner`, says `cover` (of computed style `cs`)
 * is painted on top of them, by the table's rule. (The cover scrolls with the page, asked before;
 * what else is on top proves nothing here.) A cover the hit test passes through (`pointer-events:
 * none`) cannot say it lies below the words: unless it is put below the flow (a negative z-index),
 * it is taken to be on top. A hit test that answers nothing proves nothing: not seen.
 */
function onTop(doc: Document, owner: Element, cover: Element, cs: CSSStyleDeclaration, x: number, y: number): boolean {
  const root = nodeOf.root(owner) as Document | ShadowRoot;
  const hit = nodeOf.type(root) === 11 ? (root as ShadowRoot).elementFromPoint(x, y) : docOf.elementFromPoint(doc, x, y);
  const through = hit !== null && !(hit === cover || nodeOf.contains(cover, hit)) && passesHits(cs);
  const own = !through && hit !== null && !(hit === cover || nodeOf.contains(cover, hit));
  return !isSeen(askHits({ hits: [{ own, movesWithView: false, ...(hit === null ? { unknown: true } : {}) }] }));
}

/**
 * Adds to `out` the boxes of `owners` that the opaque outline `ring` of `cover` (of computed style
 * `cs`) paints over: an outline is drawn after the boxes and words of its layer, so the words of
 * any box it holds are under it, in view or not (no hit test is asked: an outline is never hit),
 * unless CSS's painting order puts them over a positioned cover (lib/page/seen/paint-order.ts). An
 * order it cannot settle counts as covering.
 */
function coveredByRing(
  cover: Element,
  cs: CSSStyleDeclaration,
  ring: Ring,
  owners: readonly Element[],
  out: Set<Element>,
  rectOf: (e: Element) => DOMRect,
  order: PaintOrder,
): void {
  for (const owner of owners) {
    if (out.has(owner) || nodeOf.contains(cover, owner) || nodeOf.contains(owner, cover)) continue;
    if (!ringHolds(ring, rectOf(owner))) continue;
    if (cs.position !== 'static' && wordsOver(order.above(cover, owner))) continue;
    out.add(owner);
  }
}

/** A box an element paints over what it holds: an outline (with the `hole` it leaves), or a pseudo-element and its z-index (null: auto). */
type PaintedBox = Box & { hole?: Box; pseudo?: '::before' | '::after'; z?: number | null };

/**
 * What an element paints over what it holds (asked by the check of boxes in view, and by the proof of
 * a quote wherever its words are, lib/page/find/drawn.ts): an opaque outline (a ring, or the whole box when drawn
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
  covers(el: Element, b: Box): boolean {
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
      const painted = parseColor(ps.backgroundColor)?.a === 1 || (ps.backgroundImage !== 'none' && ps.backgroundImage !== '');
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
function containingBlock(el: Element, view: Window): Box | null {
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

/** Whether a cover is drawn at all (`checkVisibility`: not under opacity 0 or `visibility: hidden`, it has a box). */
function drawn(cover: Element): boolean {
  return elementOf.checkVisibility(cover, { opacityProperty: true, visibilityProperty: true }) !== false;
}

/** Whether the hit test passes through a cover of style `cs` (`pointer-events: none`) while it is not put below the flow. */
function passesHits(cs: CSSStyleDeclaration): boolean {
  return cs.pointerEvents === 'none' && !(parseInt(cs.zIndex, 10) < 0);
}

/** The pictures of `doc` (not those in shadow roots) placed over the page: `position: absolute`. */
function placedPictures(doc: Document, view: Window): Element[] {
  const out: Element[] = [];
  for (const picture of docOf.all(doc, PICTURES)) {
    if (view.getComputedStyle(picture).position === 'absolute') out.push(picture);
  }
  return out;
}
