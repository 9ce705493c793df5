/**
 * What a box's computed style says it may paint over words under it: an opaque background, a
 * backdrop filter, an opaque shadow spread around or inside it, the ring of an opaque outline or
 * of a wide opaque border. A
 * colour in a syntax not read counts as opaque (unknown is not seen): then the hit test, or CSS's
 * painting order out of view, decides whether it is over the words. Shared by the check of boxes
 * in view (covered-boxes.ts), the proof out of view (covers-out-of-view.ts) and what an element
 * paints over what it holds (painted-covers.ts). Pure functions of computed values.
 */
import { type Rect, holds, meets } from '@/lib/page/dom/geometry';
import { elementOf } from '@/lib/page/dom/dom';
import { hidesUnder } from '@/lib/shared/seen/paint-rules';
import { MIN_GLYPH_PX } from '@/lib/shared/seen/thresholds';
import { parseColor, shadowsOf } from './paint';
import { groups } from './paint-order';
import { gradientColours, topLevel } from './picture-layers';

/**
 * Whether a colour `value`, drawn at `opacity`, may paint what is under it out: opaque enough
 * that words under it show at less than the least alpha a reader sees (`hidesUnder`), or in a
 * syntax not read (`oklch(…)`, `lab(…)`: it may be opaque, so it is not known to let the words
 * show: unknown is not seen). Only a colour read as letting enough through lets them show.
 */
export function mayBeOpaque(value: string, opacity = 1): boolean {
  const colour = parseColor(value);
  return hidesUnder((colour === null ? 1 : colour.a) * opacity);
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
 * How wide each side of an opaque border of computed style `cs` is (top, right, bottom, left): 0
 * where it is thinner than the least glyph (`MIN_GLYPH_PX`: it hides no word), paints none (a
 * computed width is 0 where the style is none) or lets what is under it show (a colour in a syntax
 * not read counts as opaque: unknown is not seen; a dotted or dashed side counts whole; a border
 * image paints a side whatever its colour, as a background image does). Widths are
 * read first: most boxes have none as wide, and their colours are never read.
 */
function opaqueBorders(cs: CSSStyleDeclaration): [number, number, number, number] {
  // (A border image paints the sides whatever their colour: read only where a side is wide.)
  let image: boolean | undefined;
  const side = (width: string, colour: () => string): number => {
    const w = parseFloat(width);
    if (!(w >= MIN_GLYPH_PX)) return 0;
    const c = parseColor(colour());
    if (c === null || hidesUnder(c.a)) return w;
    image ??= imageHides(cs.borderImageSource);
    return image ? w : 0;
  };
  return [
    side(cs.borderTopWidth, () => cs.borderTopColor),
    side(cs.borderRightWidth, () => cs.borderRightColor),
    side(cs.borderBottomWidth, () => cs.borderBottomColor),
    side(cs.borderLeftWidth, () => cs.borderLeftColor),
  ];
}

/**
 * The ring an opaque border of computed style `cs` paints around the padding box of the border box
 * `r` (a box with no background whose wide border lies over words); null where no side paints one
 * (`opaqueBorders`). The hit test finds a border, as it finds a background.
 */
export function borderRing(cs: CSSStyleDeclaration, r: Rect): Ring | null {
  const [top, right, bottom, left] = opaqueBorders(cs);
  if (top + right + bottom + left === 0) return null;
  const hole = { left: r.left + left, top: r.top + top, right: r.right - right, bottom: r.bottom - bottom };
  const outer = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  return hole.right > hole.left && hole.bottom > hole.top ? { ...outer, hole } : outer;
}

/**
 * Whether a box placed over the page (`position: absolute`), of computed style `cs`, hides what is
 * under it: an opaque background colour or image (`imageHides`), a backdrop filter (a blur), or an
 * opaque shadow spread around or inside it (a colour in a syntax not read counts as opaque: then the hit test, or the painting
 * order out of view, decides whether it covers the words). The one test of what may cover words, for the walk's notes and the proof's search alike.
 */
export function hidesWhatIsUnder(cs: CSSStyleDeclaration): boolean {
  const value = cs.backgroundColor;
  // (Read by its own name where the browser has it: a named read costs less than `getPropertyValue`.)
  const backdrop =
    (cs as CSSStyleDeclaration & { backdropFilter?: string }).backdropFilter ?? cs.getPropertyValue('backdrop-filter');
  if (mayBeOpaque(value) || (backdrop !== '' && backdrop !== 'none')) return true;
  if (cs.boxShadow !== 'none' && (shadowReach(cs.boxShadow) > 0 || insetFill(cs.boxShadow))) return true;
  return imageHides(cs.backgroundImage);
}

/**
 * Whether a computed `background-image` may paint what is under it out: a picture (`url(…)`: its
 * pixels are not read, so it is taken as opaque, as a picture element is), a gradient whose every
 * colour is opaque (its colours as picture-layers.ts reads them; one it does not read counts as
 * opaque), or an image of a kind not read
 * (`image-set()`, `cross-fade()`: unknown is not seen). A gradient through a see-through colour (a
 * fade over the last lines) lets words show: not asked as a lid.
 */
export function imageHides(image: string | undefined): boolean {
  // (A browser without the property paints no such image.)
  if (image === undefined || image === 'none' || image === '') return false;
  return topLevel(image).some((layer) => {
    if (!/gradient\(/.test(layer)) return true;
    const colours = gradientColours(layer);
    return colours === null || colours.every((c) => hidesUnder(c.a));
  });
}

/**
 * Whether a box of computed style `cs`, with an opaque paint (`hidesWhatIsUnder`), may be painted
 * over words that are not its own, by CSS's painting order: one placed (any position but static),
 * a flex or grid item or an inline block (`atomic`: painted whole, in turn, with the words of its
 * line), or a stacking context (painted as a positioned box is). A plain block in the flow paints
 * its background under every word of its layer, wherever its box lies: it covers none. Asked
 * whole by the proof's search out of view (covers-out-of-view.ts) and of pictures by the check;
 * the walk asks the part it can afford (`mayCoverWords`).
 */
export function liesOverWords(cs: CSSStyleDeclaration, atomic: boolean): boolean {
  return outOfFlowOrWhole(atomic, cs.position, cs.display) || groups(cs);
}

/**
 * The walk's test of a box that may cover words not its own, from what it has already read of
 * each box (`position`, `display`, whether it is a flex or grid item): one placed or painted whole
 * among the words (`liesOverWords`) that hides what is under it (`hidesWhatIsUnder`) or paints a
 * wide opaque border (`bordersHide`). Every value
 * more a walk read of each box costs it a fifth again (measured on the corpus: a background colour,
 * a transform): a plain block moved over words by a transform or made a stacking context (an
 * opacity) is asked here only where it holds nothing (`empty`: a lid); one with words of its own
 * is left to the proof before a claim is shown (the hit test in view, covers-out-of-view.ts out of
 * view).
 */
export function mayCoverWords(
  cs: CSSStyleDeclaration,
  atomic: boolean,
  position: string,
  display: string,
  empty = false,
): boolean {
  if (outOfFlowOrWhole(atomic, position, display)) return hidesWhatIsUnder(cs) || bordersHide(cs);
  // A box that holds nothing is asked more (few are, and a lid is one): a block in the flow made a
  // stacking context (a transform, an opacity) is painted over the words of its layer.
  return empty && (hidesWhatIsUnder(cs) || bordersHide(cs)) && groups(cs);
}

/** Whether a border of computed style `cs` has an opaque side as wide as the least glyph (`borderRing`). */
export function bordersHide(cs: CSSStyleDeclaration): boolean {
  return opaqueBorders(cs).some((w) => w > 0);
}

/** Placed (any position but static), or painted whole among the words (an item, an inline block). */
function outOfFlowOrWhole(atomic: boolean, position: string, display: string): boolean {
  return atomic || (position !== 'static' && position !== '') || display.startsWith('inline-');
}

/** The ring an outline paints (from `outer` in to `hole`, none: all of `outer`), in the view's coordinates. */
export type Ring = Rect & { hole?: Rect };

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
export function outlineRing(cs: CSSStyleDeclaration, r: Rect): Ring | null {
  const width = parseFloat(cs.outlineWidth);
  // A colour in a syntax not read may be opaque: not known to let the words show, so it paints.
  const colour = parseColor(cs.outlineColor);
  if (!outlines(cs) || !(width > 0) || (colour !== null && !hidesUnder(colour.a))) return null;
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

/** The bands `ring` paints: the whole of it without a hole, else the four sides around the hole. */
export function ringBands(ring: Ring): Rect[] {
  const { hole } = ring;
  if (hole === undefined) return [ring];
  const bands = [
    { left: ring.left, top: ring.top, right: ring.right, bottom: hole.top },
    { left: ring.left, top: hole.bottom, right: ring.right, bottom: ring.bottom },
    { left: ring.left, top: hole.top, right: hole.left, bottom: hole.bottom },
    { left: hole.right, top: hole.top, right: ring.right, bottom: hole.bottom },
  ];
  return bands.filter((b) => b.right > b.left && b.bottom > b.top);
}

/**
 * Whether `ring` paints over all of the box `b` (none of `b` in its hole). A hole narrower or
 * shorter than the least glyph a reader makes out (`MIN_GLYPH_PX`: a shadow's 1 px box) shows no
 * word.
 */
export function ringHolds(ring: Ring, b: Rect): boolean {
  const { hole } = ring;
  const showing = hole !== undefined && hole.right - hole.left >= MIN_GLYPH_PX && hole.bottom - hole.top >= MIN_GLYPH_PX;
  return holds(ring, b, 1) && !(showing && meets(hole, b));
}

/** Whether a cover is drawn at all (`checkVisibility`: not under opacity 0 or `visibility: hidden`, it has a box). */
export function coverDrawn(cover: Element): boolean {
  return elementOf.checkVisibility(cover, { opacityProperty: true, visibilityProperty: true }) !== false;
}
