/**
 * The rectangles of the check's measures of the boxes around words (ancestry.ts): the clip one
 * box puts on its content (overflow, `contain: paint`, `clip`, `clip-path: inset()`), what a
 * reader can scroll to inside a box that scrolls, and the few operations on them. Geometry of one
 * box at a time, kept apart from the walk up the tree that combines them. Pure DOM code.
 */
import type { Rect } from '@/lib/page/dom/geometry';
import { elementOf } from '@/lib/page/dom/dom';
import type { Own } from './own-style';
import type { Reach } from './paint';

/** No clip at all. */
export const NONE: Rect = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
/** Nowhere a reader can bring into view. */
export const NOWHERE: Reach = { scrollX: 0, scrollY: 0, width: 0, height: 0 };
const EMPTY: Rect = { left: 0, top: 0, right: 0, bottom: 0 };

/**
 * The clip the box `el` (of own style `own`, computed style `cs`) puts on its content: overflow
 * hidden or clip, `contain: paint`, `clip`, `clip-path: inset()`; `NONE` when it clips nothing.
 * `grown`: how far its box reaches below its box now once its skipped content is drawn
 * (skipped-content.ts), which its padding box then reaches too.
 */
export function boxClip(el: Element, own: Own, cs: CSSStyleDeclaration, grown = 0): Rect {
  // (When one axis clips, the other computes to auto at least: overflow-x says whether any does.)
  const x = own.overflowX;
  const contain = own.contain;
  const paint = contain !== 'none' && contain !== '' && /paint|strict|content/.test(contain);
  const clipPath = own.clipPath;
  const positioned = own.position === 'absolute' || own.position === 'fixed';
  if (x === 'visible' && !paint && (clipPath === 'none' || clipPath === '') && !positioned) return NONE;
  const y = x === 'visible' ? x : cs.overflowY;
  const clip = positioned ? cs.clip : 'auto';
  if (x === 'visible' && !paint && (clipPath === 'none' || clipPath === '') && (clip === 'auto' || clip === '')) {
    return NONE;
  }
  const b = elementOf.rect(el);
  const box = el as HTMLElement;
  // The padding box: inside the borders (a scrolling box scrolls what lies past it; a reader
  // can scroll it, so only one too small to show a line clips).
  const inner = {
    left: b.left + elementOf.clientLeft(box),
    top: b.top + elementOf.clientTop(box),
    right: b.left + elementOf.clientLeft(box) + elementOf.clientWidth(box),
    bottom: b.top + elementOf.clientTop(box) + elementOf.clientHeight(box) + grown,
  };
  let out = NONE;
  const clips = (v: string, size: number) => v === 'hidden' || v === 'clip' || paint || (v !== 'visible' && size < 4);
  if (clips(x, elementOf.clientWidth(box))) out = { ...out, left: inner.left, right: inner.right };
  if (clips(y, elementOf.clientHeight(box))) out = { ...out, top: inner.top, bottom: inner.bottom };
  if (positioned && clip !== 'auto' && clip !== '') {
    const m = /^rect\(\s*(-?[\d.]+)px[\s,]+(-?[\d.]+)px[\s,]+(-?[\d.]+)px[\s,]+(-?[\d.]+)px\s*\)$/.exec(clip);
    out = m
      ? intersect(out, {
          left: b.left + Number(m[4]),
          top: b.top + Number(m[1]),
          right: b.left + Number(m[2]),
          bottom: b.top + Number(m[3]),
        })
      : out;
  }
  if (clipPath !== 'none' && clipPath !== '') out = intersect(out, clipPathRect(clipPath, b) ?? NONE);
  return out;
}

/**
 * What a reader can scroll to inside the box `el`, which they scroll, as a `Reach`; `NOWHERE`
 * when the box itself lies outside `outer`, where a reader cannot bring it.
 */
export function scrolledReach(el: Element, outer: Reach): Reach {
  const b = elementOf.rect(el);
  const box = el as HTMLElement;
  const left = b.left + elementOf.clientLeft(box);
  const top = b.top + elementOf.clientTop(box);
  // The box itself must lie where a reader can bring it; then all it scrolls is within reach.
  const shown =
    left + elementOf.clientWidth(box) > -outer.scrollX &&
    top + elementOf.clientHeight(box) > -outer.scrollY &&
    left < outer.width - outer.scrollX &&
    top < outer.height - outer.scrollY;
  return shown
    ? {
        scrollX: -(left - elementOf.scrollLeft(box)),
        scrollY: -(top - elementOf.scrollTop(box)),
        width: Math.max(elementOf.scrollWidth(box), elementOf.clientWidth(box)),
        height: Math.max(elementOf.scrollHeight(box), elementOf.clientHeight(box)),
      }
    : NOWHERE;
}

/** What a reader can see of a clip within what they can scroll to, in the view's coordinates. */
export function visibleArea(clip: Rect | null, within: Reach): Rect {
  const page = {
    left: -within.scrollX,
    top: -within.scrollY,
    right: within.width - within.scrollX,
    bottom: within.height - within.scrollY,
  };
  return clip === null ? page : intersect(page, clip);
}

/** The rectangle an `inset()` clip-path leaves of `b`; null (not settled, left to the other rules) for any other shape. */
function clipPathRect(clipPath: string, b: Rect): Rect | null {
  const m = /^inset\(([^)]*)\)/.exec(clipPath);
  if (!m) return null;
  const parts = m[1]!
    .split(/\s+round\s+/)[0]!
    .trim()
    .split(/\s+/);
  const w = b.right - b.left;
  const h = b.bottom - b.top;
  const len = (v: string | undefined, size: number) =>
    v === undefined ? NaN : v.endsWith('%') ? (parseFloat(v) / 100) * size : parseFloat(v);
  const [t, r = t, bo = t, l = r] = parts;
  const top = len(t, h);
  const right = len(r, w);
  const bottom = len(bo, h);
  const left = len(l, w);
  if (![top, right, bottom, left].every(Number.isFinite)) return null;
  return { left: b.left + left, top: b.top + top, right: b.right - right, bottom: b.bottom - bottom };
}

export function intersect(a: Rect, b: Rect): Rect {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const right = Math.min(a.right, b.right);
  const bottom = Math.min(a.bottom, b.bottom);
  return right > left && bottom > top ? { left, top, right, bottom } : EMPTY;
}

/** A clip that clips nothing is no clip. */
export function finite(r: Rect): Rect | null {
  return r === NONE || (r.left === -Infinity && r.top === -Infinity && r.right === Infinity && r.bottom === Infinity) ? null : r;
}
