/**
 * The page code's one rectangle and the questions asked of rectangles and of a page's layout: a
 * rectangle in the viewport's coordinates as `getBoundingClientRect` gives it, what two share,
 * whether one holds another, its middle, and whether a view lays anything out at all. The
 * measures (lib/page/seen/), the walk (lib/page/read/) and the proof (lib/page/find/) all ask here.
 * Pure functions.
 */

/** A rectangle in the viewport's coordinates. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The part of `a` inside `b`, or null when none (of no area). */
export function cut(a: Rect, b: Rect): Rect | null {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const right = Math.min(a.right, b.right);
  const bottom = Math.min(a.bottom, b.bottom);
  return right > left && bottom > top ? { left, top, right, bottom } : null;
}

/** Whether `outer` holds all of `inner`, give or take `slack` pixels on each side. */
export function holds(outer: Rect, inner: Rect, slack = 0): boolean {
  return (
    inner.left >= outer.left - slack &&
    inner.right <= outer.right + slack &&
    inner.top >= outer.top - slack &&
    inner.bottom <= outer.bottom + slack
  );
}

/** Whether `a` and `b` share some area. */
export function meets(a: Rect, b: Rect): boolean {
  return cut(a, b) !== null;
}

/** Whether every rectangle with an area lies inside `area`, give or take half a pixel. */
export function allInside(rects: ArrayLike<Rect>, area: Rect): boolean {
  for (let i = 0; i < rects.length; i++) {
    const r = rects[i]!;
    if (!(r.right - r.left > 0 && r.bottom - r.top > 0)) continue;
    if (r.left < area.left - 0.5 || r.top < area.top - 0.5 || r.right > area.right + 0.5 || r.bottom > area.bottom + 0.5)
      return false;
  }
  return true;
}

/** The middle of `r`. */
export function middle(r: Rect): { x: number; y: number } {
  return { x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2 };
}

/**
 * Whether a view lays anything out: there is one, and it has a size (judged by `innerWidth` and
 * `innerHeight`, never the root's `clientWidth`, which a page in quirks mode sets to 0). A tab
 * woken behind the others, or a document parsed with no view, lays out nothing to measure.
 */
export function laysOut(view: Window | null | undefined): view is Window & typeof globalThis {
  return !!view && view.innerWidth > 0 && view.innerHeight > 0;
}
