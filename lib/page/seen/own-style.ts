/**
 * What one element's own computed style does to the words it holds, for the check's measures of
 * the boxes around words (ancestry.ts): the opacity it draws them at, an effect the computed
 * values cannot settle (a mask, a blend mode, a filter, a clip-path shape), whether it may reorder
 * their glyphs (a bidi override, a transform), and what it says of its clips. Each property read
 * once per element, into the one record a check keeps of it (`Known`); kept apart from the walk up
 * the tree, which only combines these. Pure DOM code.
 */
import type { Rect } from '@/lib/page/dom/geometry';
import { elementOf } from '@/lib/page/dom/dom';
import { filterEffect } from './seen';
import { parseColor, type Reach } from './paint';
import { readableColour } from './colour';
import { MIN_ALPHA } from '@/lib/shared/seen/thresholds';

/** What the boxes around an element do to how it is drawn, combined up the tree. */
export interface Look {
  opacity: number;
  effects: boolean;
  /** A bidi override or a transform on the way up: the order the words are drawn in is measured. */
  reorders: boolean;
  /** The thickest line drawn through the words on the way up (`line-through`, CSS pixels; 0: none). */
  strike: number;
}

/** Fully drawn, no effect. */
export const VISIBLE: Look = { opacity: 1, effects: false, reorders: false, strike: 0 };

/**
 * What one element's own computed style says, each property read once per check (a read costs
 * about what the walk's whole question of an element does): asked by `look` and `contentClip` alike.
 */
export interface Own {
  /** Its display, as the walk read it ('inline' boxes neither clip nor are taken out of the flow). */
  display: string;
  /** `opacity` times `filter: opacity()`. */
  opacity: number;
  /** A mask, a blend mode, a filter not settled, a clip-path shape other than inset(). */
  effects: boolean;
  /** `unicode-bidi: bidi-override` or `isolate-override`, or (a box) a transform, `scale` or `rotate`. */
  reorders: boolean;
  /** The thickness of the line it draws through the words it holds (`line-through`, CSS pixels; 0: none, or one no reader sees). */
  strike: number;
  /** 'static' for an inline box (which `position: absolute` would have blockified): not read. */
  position: string;
  clipPath: string;
  overflowX: string;
  contain: string;
}

/**
 * All a check knows of one element, in one record (one map entry per element, not one per
 * question): its computed style and display as the walk read them, then what is asked of it.
 */
export interface Known {
  cs: CSSStyleDeclaration;
  /** Its display ('' until read). */
  display: string;
  /** Its `overflow-x`, when the walk read it (`clippedAway`). */
  overflowX?: string;
  /** Its `position`, when the walk read it (the boxes that may cover words). */
  position?: string;
  own?: Own;
  look?: Look;
  contentClip?: Rect;
  /** `hostAbove` (undefined: not asked yet). */
  host?: Element | null;
  /** `contentReach` (undefined: not asked yet). */
  reach?: Reach;
  /** How far its box reaches below its box now once its skipped content is drawn (skipped-content.ts; undefined: not asked yet). */
  grown?: number;
}

/** What the own style of `el`, known as `k`, says (`Own`): read now, filling in what `k` had not read. */
export function ownOf(el: Element, k: Known): Own {
  const cs = k.cs;
  const display = k.display || (k.display = cs.display);
  const inline = display === 'inline';
  const filterValue = cs.filter;
  // (Whether it paints what is behind its words is asked only of an element with a filter.)
  const filter = filterEffect(filterValue, filterValue !== 'none' && filterValue !== '' && backed(cs));
  const mask = maskImage(cs);
  const blend = cs.mixBlendMode;
  // A clip-path other than inset() (measured as a rectangle, contentClip) is a shape no rule settles.
  const clipPath = cs.clipPath ?? '';
  const shaped = clipPath !== 'none' && clipPath !== '' && !clipPath.startsWith('inset(');
  const opacity = parseFloat(cs.opacity);
  // A box turned to show its back, whose back is not drawn (`backface-visibility: hidden`), is
  // not drawn at all: drawn at opacity 0. (Its own transform only: a turn shared with the boxes
  // above it through `transform-style: preserve-3d` is not followed.)
  const turnedAway = !inline && cs.backfaceVisibility === 'hidden' && facesAway(cs.transform);
  const bidi = cs.unicodeBidi ?? '';
  return {
    display,
    reorders: bidi.includes('override') || (!inline && transformed(el, cs)),
    strike: strikeThickness(cs),
    opacity: turnedAway ? 0 : (Number.isFinite(opacity) ? opacity : 1) * filter.opacity,
    effects:
      filter.unsettled ||
      shaped ||
      (mask !== '' && mask !== 'none') ||
      (blend !== '' && blend !== undefined && blend !== 'normal'),
    clipPath,
    // Overflow and paint containment do not apply to an inline box, and `position: absolute`
    // or `fixed` would have made it a block: not read.
    position: inline ? 'static' : (k.position ??= cs.position),
    overflowX: inline ? 'visible' : (k.overflowX ??= cs.overflowX),
    contain: inline ? 'none' : containment(cs),
  };
}

/**
 * Its computed `contain`, with the paint containment `content-visibility: auto` gives a box (its
 * content, skipped or drawn, is clipped to its box: skipped-content.ts says how far that box reaches once drawn).
 */
export function containment(cs: CSSStyleDeclaration): string {
  const contain = cs.contain ?? '';
  return cs.contentVisibility === 'auto' ? `${contain} paint` : contain;
}

/**
 * The thickness of the line `cs` draws through the words it holds (CSS pixels): a `line-through`
 * in a colour a reader sees, its thickness in pixels or a share of the font size. `auto` and
 * `from-font` are the font's own thin line, taken as such (a font's metrics are not read).
 */
function strikeThickness(cs: CSSStyleDeclaration): number {
  const line = cs.textDecorationLine ?? cs.getPropertyValue('text-decoration-line');
  if (line === undefined || !line.includes('line-through')) return 0;
  const colour = parseColor(readableColour(cs.textDecorationColor || cs.color));
  // (A colour not read is taken as seen: unknown paint may hide.)
  if (colour !== null && !(colour.a >= MIN_ALPHA)) return 0;
  const thickness = cs.textDecorationThickness ?? '';
  if (thickness.endsWith('%')) return (parseFloat(thickness) / 100) * parseFloat(cs.fontSize);
  const px = parseFloat(thickness);
  return Number.isFinite(px) ? px : 0;
}

/**
 * Whether an element paints an opaque colour under all it holds (its background, not a picture:
 * a picture's pixels are not read here), so that a filter of it filters what is behind its words
 * too. Asked only of an element with a filter.
 */
function backed(cs: CSSStyleDeclaration): boolean {
  const colour = parseColor(readableColour(cs.backgroundColor));
  return colour !== null && colour.a >= 1 && cs.backgroundClip !== 'text';
}

/**
 * The computed mask image: read through the style's own property where the browser names it
 * (`maskImage`, `webkitMaskImage`: a named read costs less than `getPropertyValue`).
 */
function maskImage(cs: CSSStyleDeclaration): string {
  const named = cs as CSSStyleDeclaration & { maskImage?: string; webkitMaskImage?: string };
  const mask = named.maskImage ?? cs.getPropertyValue('mask-image');
  if (mask !== '') return mask;
  return named.webkitMaskImage ?? cs.getPropertyValue('-webkit-mask-image');
}

/**
 * Whether a computed `transform` turns the box to show its back: the third coordinate of its z axis
 * is negative (`rotateY(180deg)`: `matrix3d(-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, 0, …)`). A 2D matrix never does.
 */
export function facesAway(transform: string): boolean {
  const m = /^matrix3d\(([^)]*)\)$/.exec(transform);
  if (!m) return false;
  const values = m[1]!.split(',').map(Number);
  return values.length === 16 && values[10]! < 0;
}

/**
 * Whether a box's computed style moves its glyphs by a transform, `scale` or `rotate` (a mirror
 * among them). The transform is read through the Typed OM where the browser has it (Chrome): its
 * computed value needs no layout, where `getComputedStyle`'s resolved matrix lays the box out,
 * even one inside content a reader has not opened yet (a closed `<details>`), which changes what
 * is measured of it after.
 */
function transformed(el: Element, cs: CSSStyleDeclaration): boolean {
  const set = (v: string | undefined) => v !== undefined && v !== '' && v !== 'none';
  if (set(cs.scale) || set(cs.rotate)) return true;
  const typed = elementOf.styleMap(el);
  if (typed !== undefined) return String(typed.get('transform')) !== 'none';
  return set(cs.transform);
}
