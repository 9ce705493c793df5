/**
 * Where an element's `::before` and `::after` boxes paint over what it holds, from their computed
 * values: the hit test takes a hit on them for the element's own words, so it cannot tell
 * (painted-covers.ts asks this for the check before sending and the proof of a quote alike).
 *
 * A box painted over the words is any that paints (a background, a border, a shadow, an outline)
 * opaquely enough to hide them (lib/shared/seen/paint-rules.ts `hidesUnder`, its opacity counted),
 * not below the flow (a negative z-index), and either
 * - placed over the page (`absolute`, `fixed`): its border box worked out from its containing
 *   block, its offsets and margins, moved by its transform (the box around the moved corners);
 * - or in the flow where it is painted after the words (`relative`, `sticky`, or an inline-level
 *   `::after`, painted after the text before it): it lies in its own place unless something moves
 *   it by half a line or more (offsets, negative margins, an inline box's padding above and below,
 *   a translation, a shadow or an outline reaching out). Moved, or placed in a way not worked out
 *   (a `sticky` box, a `rotate` or `scale`), its place is not known, and it is taken to cover all
 *   of its element's box: unknown is not seen. Pure DOM code.
 */
import type { Rect } from '@/lib/page/dom/geometry';
import { elementOf } from '@/lib/page/dom/dom';
import { flatParentElement } from '@/lib/page/dom/flat-tree';
import { hidesUnder } from '@/lib/shared/seen/paint-rules';
import { MIN_LINE_SHARE } from '@/lib/shared/seen/thresholds';
import { mayBeOpaque, outlineRing, outlines, shadowReach, type Ring } from './cover-style';
import { parseColor } from './paint';

/** A box a pseudo-element paints, with its z-index (null: auto). */
export type PseudoBox = Ring & { pseudo: '::before' | '::after'; z: number | null };

const px = (v: string): number => parseFloat(v) || 0;
/** `el`'s border box as a plain rectangle (a DOMRect's sides are getters, lost when spread). */
const boxOf = (el: Element): Rect => {
  const { left, top, right, bottom } = elementOf.rect(el);
  return { left, top, right, bottom };
};
const SIDES = ['Top', 'Right', 'Bottom', 'Left'] as const;
/** Properties that make a box the containing block of `fixed` and `absolute` descendants besides a position. */
const CONTAINS_FIXED: ReadonlyArray<[string, (v: string) => boolean]> = [
  ['transform', (v) => v !== 'none' && v !== ''],
  ['translate', (v) => v !== 'none' && v !== ''],
  ['rotate', (v) => v !== 'none' && v !== ''],
  ['scale', (v) => v !== 'none' && v !== ''],
  ['perspective', (v) => v !== 'none' && v !== ''],
  ['filter', (v) => v !== 'none' && v !== ''],
  ['backdrop-filter', (v) => v !== 'none' && v !== ''],
  ['contain', (v) => /layout|paint|strict|content/.test(v)],
  ['container-type', (v) => v !== 'normal' && v !== ''],
  ['will-change', (v) => /transform|perspective|filter/.test(v)],
];

/** The boxes `el`'s pseudo-elements paint over what it holds, in the view's coordinates. */
export function pseudoBoxes(el: Element, view: Window): PseudoBox[] {
  const out: PseudoBox[] = [];
  for (const which of ['::before', '::after'] as const) {
    const ps = view.getComputedStyle(el, which);
    if (ps.content === 'none' || ps.content === 'normal' || ps.display === 'none') continue;
    const z = parseInt(ps.zIndex, 10);
    if (z < 0) continue;
    const placed = ps.position === 'absolute' || ps.position === 'fixed';
    if (!placed && !paintedAfterWords(which, ps)) continue;
    const opacity = Number.isFinite(parseFloat(ps.opacity)) ? parseFloat(ps.opacity) : 1;
    const box = placed ? placedBox(el, ps, view) : movedFar(el, ps, view) ? boxOf(el) : null;
    if (box === null) continue;
    for (const painted of paintOf(ps, box, opacity)) out.push({ ...painted, pseudo: which, z: Number.isFinite(z) ? z : null });
  }
  return out;
}

/** Whether a pseudo-element in the flow is painted after its element's words: positioned, or an inline-level `::after`. */
function paintedAfterWords(which: '::before' | '::after', ps: CSSStyleDeclaration): boolean {
  if (ps.position === 'relative' || ps.position === 'sticky') return true;
  return which === '::after' && ps.display.startsWith('inline');
}

/**
 * What a pseudo-element of box `box` paints, each as a ring (`hole`: left unpainted inside):
 * its background (all of the box), its borders (the ring they draw), its outer shadow (the ring
 * around the box) and its outline. Only paint that hides what is under it counts.
 */
export function paintOf(ps: CSSStyleDeclaration, box: Rect, opacity: number): Ring[] {
  const rings: Ring[] = [];
  const picture = ps.backgroundImage !== 'none' && ps.backgroundImage !== '';
  if ((picture && hidesUnder(opacity)) || mayBeOpaque(ps.backgroundColor, opacity)) return [box];
  const widths = SIDES.map((side) => {
    const style = ps.getPropertyValue(`border-${side.toLowerCase()}-style`);
    const painted =
      style !== 'none' && style !== 'hidden' && mayBeOpaque(ps.getPropertyValue(`border-${side.toLowerCase()}-color`), opacity);
    return painted ? px(ps.getPropertyValue(`border-${side.toLowerCase()}-width`)) : 0;
  });
  const [top = 0, right = 0, bottom = 0, left = 0] = widths;
  if (widths.some((w) => w > 0)) {
    const hole = { left: box.left + left, top: box.top + top, right: box.right - right, bottom: box.bottom - bottom };
    rings.push(hole.right > hole.left && hole.bottom > hole.top ? { ...box, hole } : box);
  }
  const reach = hidesUnder(opacity) ? shadowReach(ps.boxShadow) : 0;
  if (reach > 0) {
    rings.push({ left: box.left - reach, top: box.top - reach, right: box.right + reach, bottom: box.bottom + reach, hole: box });
  }
  const outline = outlines(ps) && hidesUnder(opacity) ? outlineRing(ps, box) : null;
  if (outline !== null) rings.push(outline);
  return rings;
}

/**
 * The border box of a pseudo-element placed over the page, in the view's coordinates: its
 * containing block's padding box, its resolved offsets (browsers resolve `auto` to where it lies)
 * and margins, its size, then its translations; null where a value is not read.
 */
function placedBox(el: Element, ps: CSSStyleDeclaration, view: Window): Rect | null {
  const block = containingBlock(el, view, ps.position === 'fixed');
  const left = parseFloat(ps.left);
  const top = parseFloat(ps.top);
  if (!Number.isFinite(left) || !Number.isFinite(top)) return null;
  const inner = ps.boxSizing === 'border-box';
  const width =
    px(ps.width) + (inner ? 0 : px(ps.paddingLeft) + px(ps.paddingRight) + px(ps.borderLeftWidth) + px(ps.borderRightWidth));
  const height =
    px(ps.height) + (inner ? 0 : px(ps.paddingTop) + px(ps.paddingBottom) + px(ps.borderTopWidth) + px(ps.borderBottomWidth));
  const x = block.left + left + px(ps.marginLeft);
  const y = block.top + top + px(ps.marginTop);
  const box = { left: x, top: y, right: x + width, bottom: y + height };
  const moved = transformed(ps, box);
  // A rotation or a scale not worked out: its element's box, as a box moved far in the flow is.
  if (moved === 'unknown') return boxOf(el);
  // Fixed to the view, across all of it one way: it stays over whatever is scrolled under it.
  if (ps.position === 'fixed' && block.viewport) {
    if (moved.top <= 0 && moved.bottom >= view.innerHeight) Object.assign(moved, { top: -Infinity, bottom: Infinity });
    if (moved.left <= 0 && moved.right >= view.innerWidth) Object.assign(moved, { left: -Infinity, right: Infinity });
  }
  return moved;
}

/**
 * `box` moved by the pseudo-element's `translate` and `transform` (the box around its moved
 * corners, about its `transform-origin`); 'unknown' for a `rotate` or `scale` property, or values
 * not read.
 */
export function transformed(ps: CSSStyleDeclaration, box: Rect): Rect | 'unknown' {
  const rotate = ps.getPropertyValue('rotate');
  const scale = ps.getPropertyValue('scale');
  if ((rotate !== '' && rotate !== 'none') || (scale !== '' && scale !== 'none')) return 'unknown';
  const shift = translation(ps.getPropertyValue('translate'), box);
  if (shift === null) return 'unknown';
  const moved = { left: box.left + shift.x, top: box.top + shift.y, right: box.right + shift.x, bottom: box.bottom + shift.y };
  if (ps.transform === 'none' || ps.transform === '') return moved;
  const m = matrixOf(ps.transform);
  if (m === null) return 'unknown';
  const [a, b, c, d, e, f] = m;
  const [ox = 0, oy = 0] = ps.transformOrigin.split(' ').map(px);
  const cx = moved.left + ox;
  const cy = moved.top + oy;
  const corners = [
    [moved.left, moved.top],
    [moved.right, moved.top],
    [moved.left, moved.bottom],
    [moved.right, moved.bottom],
  ].map(([x = 0, y = 0]) => ({
    x: cx + a * (x - cx) + c * (y - cy) + e,
    y: cy + b * (x - cx) + d * (y - cy) + f,
  }));
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}

/** A computed `translate` (`10px 50%`) in pixels, percentages of `box`; null for values not read. */
function translation(value: string, box: Rect): { x: number; y: number } | null {
  if (value === '' || value === 'none') return { x: 0, y: 0 };
  const parts = value.split(/\s+/);
  const of = (part: string | undefined, side: number): number | null => {
    if (part === undefined) return 0;
    if (/^-?[\d.]+px$/.test(part)) return parseFloat(part);
    if (/^-?[\d.]+%$/.test(part)) return (parseFloat(part) / 100) * side;
    return null;
  };
  const x = of(parts[0], box.right - box.left);
  const y = of(parts[1], box.bottom - box.top);
  return x === null || y === null || parts.length > 3 ? null : { x, y };
}

/** The 2D part of a computed `matrix(…)` or `matrix3d(…)` as [a, b, c, d, e, f]; null for others. */
function matrixOf(value: string): [number, number, number, number, number, number] | null {
  const m = /^matrix(3d)?\(([^)]*)\)$/.exec(value);
  if (!m) return null;
  const n = (m[2] ?? '').split(',').map(Number);
  if (n.some((v) => !Number.isFinite(v))) return null;
  const at = m[1] === undefined ? [0, 1, 2, 3, 4, 5] : [0, 1, 4, 5, 12, 13];
  if (n.length !== (m[1] === undefined ? 6 : 16)) return null;
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = at.map((i) => n[i]!);
  return [a, b, c, d, e, f];
}

/**
 * Whether a pseudo-element in the flow may be moved half a line or more from its own place, over
 * its element's words: by its offsets (any for `sticky`, which moves as the page scrolls), its
 * negative margins, an inline box's padding above and below (painted, not laid out), a translation
 * or transform, its shadow or outline.
 */
function movedFar(el: Element, ps: CSSStyleDeclaration, view: Window): boolean {
  if (ps.position === 'sticky') return true;
  const cs = view.getComputedStyle(el);
  const line = Number.isFinite(parseFloat(cs.lineHeight)) ? parseFloat(cs.lineHeight) : px(cs.fontSize) * 1.2;
  const far = MIN_LINE_SHARE * line;
  const offsets = ps.position === 'relative' ? [ps.top, ps.left, ps.right, ps.bottom].map((v) => Math.abs(px(v))) : [];
  const margins = SIDES.map((side) => -px(ps.getPropertyValue(`margin-${side.toLowerCase()}`)));
  const inline = ps.display === 'inline' ? [px(ps.paddingTop), px(ps.paddingBottom)] : [];
  const transform = ['transform', 'translate', 'rotate', 'scale'].some((p) => !['', 'none'].includes(ps.getPropertyValue(p)));
  const colour = parseColor(ps.outlineColor);
  const outline = outlines(ps) && (colour === null || colour.a > 0) ? px(ps.outlineWidth) + Math.abs(px(ps.outlineOffset)) : 0;
  return transform || Math.max(...offsets, ...margins, ...inline, shadowReach(ps.boxShadow), outline) >= far;
}

/**
 * The padding box (view's coordinates) of the containing block of an absolutely placed box of
 * `el` (`fixed`: only a transformed, filtered or contained box above holds it): the nearest such
 * box at or above `el`; none, the view (`fixed`) or the page's first box.
 */
function containingBlock(el: Element, view: Window, fixed: boolean): Rect & { viewport?: true } {
  for (let e: Element | null = el; e !== null; e = flatParentElement(e)) {
    const cs = view.getComputedStyle(e);
    const holds = (!fixed && cs.position !== 'static') || CONTAINS_FIXED.some(([p, does]) => does(cs.getPropertyValue(p)));
    if (!holds) continue;
    const r = elementOf.rect(e);
    const box = e as HTMLElement;
    const left = r.left + elementOf.clientLeft(box);
    const top = r.top + elementOf.clientTop(box);
    return { left, top, right: left + elementOf.clientWidth(box), bottom: top + elementOf.clientHeight(box) };
  }
  // None: the view (`fixed`), else the initial containing block, the page's first screen where
  // the page is scrolled to.
  if (fixed) return { left: 0, top: 0, right: view.innerWidth, bottom: view.innerHeight, viewport: true };
  return {
    left: -view.scrollX,
    top: -view.scrollY,
    right: view.innerWidth - view.scrollX,
    bottom: view.innerHeight - view.scrollY,
  };
}
