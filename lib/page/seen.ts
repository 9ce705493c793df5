/**
 * One definition of "seen": for a run of words (a text node's, or a frame's box), what was
 * measured of it and, read top to bottom, the rules that make it unseen (a reader cannot see it)
 * or unproven (nothing measured settles it). Anything not measured as seen is not seen: a test
 * that cannot measure answers "not shown", never "shown". The reading walk (a few cheap rows),
 * the check before sending and the proof before showing (every row: lib/page/visibility.ts,
 * lib/page/drawn.ts) and the frames a page embeds (lib/page/frame-visibility.ts) all ask
 * `judge`. Pure: the values are measured by the callers (lib/page/ancestry.ts, visibility.ts,
 * drawn.ts), so that each rule is tested without layout.
 */
import type { NotDrawn } from '@/lib/shared/types';

/** Seen, not seen, or not settled by anything measured (then treated as not seen). */
export type SeenVerdict = { seen: 'seen' } | { seen: 'unseen' | 'unproven'; why: NotDrawn };

/** Below this effective opacity (the product over the words' ancestors) a reader cannot see them. */
export const MIN_OPACITY = 0.1;
/** A line of glyphs drawn shorter than this (CSS pixels, after every transform) cannot be read. */
export const MIN_GLYPH_PX = 4;
/** Glyphs pressed closer than this share of their height per character cannot be read (`letter-spacing: -1em`). */
export const MIN_ADVANCE = 0.1;

/** A rectangle in the viewport's coordinates. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * What was measured of a run of words. A field left out was not asked (the reading walk asks
 * the cheap ones only); a value of `null` was asked and could not be measured.
 */
export interface Measured {
  /** The page lays out: a layout engine, and a view of some size (`innerWidth`, not the root's `clientWidth`). */
  layout?: boolean;
  /** `checkVisibility` of the words' element: false for opacity 0 above, `content-visibility: hidden`, no box. */
  rendered?: boolean | null;
  /** The product of `opacity` and `filter: opacity()` over the words' element and its ancestors. */
  opacity?: number | null;
  /** A mask, a blend mode, or a filter that the computed values cannot settle, on the way up. */
  effects?: boolean | null;
  /** The rules of colour and size (lib/page/paint.ts `paintHides`; 'unproven': a colour not read). */
  paint?: NotDrawn | null;
  /** Where the words' box lies (lib/page/paint.ts `placeHides`), or a clip that leaves nothing. */
  place?: NotDrawn | null;
  /** The words' own glyphs as drawn (`glyphsHide`): null when they have no rectangle to measure. */
  glyphs?: NotDrawn | null | 'unmeasured';
  /** Another box is on top of them where they are in view. */
  covered?: boolean;
}

/** One row of the table: when it applies, what it makes the words, and why, in a reviewer's words. */
export interface SeenRule {
  why: NotDrawn;
  seen: 'unseen' | 'unproven';
  when: (m: Measured) => boolean;
  says: string;
}

/** The rules, first match wins. */
export const SEEN_RULES: readonly SeenRule[] = [
  {
    why: 'unproven',
    seen: 'unproven',
    when: (m) => m.layout === false,
    says: 'The page lays nothing out (no view of any size): no size, place or paint can be measured.',
  },
  {
    why: 'not-rendered',
    seen: 'unseen',
    when: (m) => m.rendered === false,
    says: 'The browser does not render them: opacity 0 above, content-visibility: hidden, no box (unslotted).',
  },
  {
    why: 'faint',
    seen: 'unseen',
    when: (m) => typeof m.opacity === 'number' && !(m.opacity >= MIN_OPACITY),
    says: `Their effective opacity (opacity and filter: opacity() multiplied up the tree) is below ${MIN_OPACITY}.`,
  },
  {
    why: 'tiny-font',
    seen: 'unseen',
    when: (m) => m.paint === 'tiny-font',
    says: 'Their computed font size is below what any reader can read.',
  },
  {
    why: 'transparent',
    seen: 'unseen',
    when: (m) => m.paint === 'transparent',
    says: 'Their colour (-webkit-text-fill-color where set) is transparent or almost, and nothing else paints the glyphs.',
  },
  {
    why: 'same-colour',
    seen: 'unseen',
    when: (m) => m.paint === 'same-colour',
    says: 'Their colour is that of what is behind them, and nothing else sets them apart.',
  },
  {
    why: 'no-area',
    seen: 'unseen',
    when: (m) => m.place === 'no-area' || m.glyphs === 'no-area',
    says: 'Their box or their glyphs have no area (scaled or sized to nothing, clipped by the boxes around them).',
  },
  {
    why: 'outside',
    seen: 'unseen',
    when: (m) => m.place === 'outside' || m.glyphs === 'outside',
    says: 'Their box or their glyphs lie outside what the page can scroll to (translate, text-indent, left: -9999px).',
  },
  {
    why: 'clipped',
    seen: 'unseen',
    when: (m) => m.place === 'clipped' || m.glyphs === 'clipped',
    says: 'A clip or clip-path leaves nothing of them, or a box around them that hides overflow cuts them off.',
  },
  {
    why: 'tiny-font',
    seen: 'unseen',
    when: (m) => m.glyphs === 'tiny-font',
    says: `Their glyphs are drawn shorter than ${MIN_GLYPH_PX}px, or pressed together, after every transform, scale and zoom.`,
  },
  {
    why: 'covered',
    seen: 'unseen',
    when: (m) => m.covered === true,
    says: 'Another box is on top of them where they are in view.',
  },
  {
    why: 'unproven',
    seen: 'unproven',
    when: (m) => m.effects === true,
    says: 'A mask, a blend mode, or a filter other than opacity (or a weak brightness, contrast, a blur) changes how they are drawn.',
  },
  {
    why: 'unproven',
    seen: 'unproven',
    when: (m) =>
      m.rendered === null || m.opacity === null || m.effects === null || m.paint === 'unproven' || m.glyphs === 'unmeasured',
    says: 'A value the rules need could not be read (a colour in a syntax not read, no rectangle to measure).',
  },
];

/** The first rule that applies to what was measured, or seen. */
export function judge(m: Measured): SeenVerdict {
  for (const rule of SEEN_RULES) if (rule.when(m)) return { seen: rule.seen, why: rule.why };
  return { seen: 'seen' };
}

/** Filters that shift colours alike for words and what is around them. */
const SETTLED_FILTERS = new Set(['grayscale', 'sepia', 'saturate', 'hue-rotate', 'invert', 'drop-shadow']);

/**
 * What one element's `filter` does to the words it holds: the opacity it multiplies by, and
 * whether anything else in it is unsettled. Colour shifts that keep words apart from what is
 * around them (grayscale, sepia, saturate, hue-rotate, invert, a drop shadow) settle; a weak
 * brightness or contrast (below 0.3), a blur over 1px, a url() filter do not.
 */
export function filterEffect(filter: string): { opacity: number; unsettled: boolean } {
  if (filter === 'none' || filter === '') return { opacity: 1, unsettled: false };
  let opacity = 1;
  let unsettled = false;
  for (const m of filter.matchAll(/([a-z-]+)\(((?:[^()]|\([^()]*\))*)\)/g)) {
    const name = m[1]!;
    const arg = m[2]!.trim();
    const amount = arg === '' ? 1 : arg.endsWith('%') ? parseFloat(arg) / 100 : parseFloat(arg);
    if (name === 'opacity') opacity *= Math.min(1, Number.isFinite(amount) ? amount : 0);
    else if (name === 'brightness' || name === 'contrast') unsettled ||= !(amount >= 0.3);
    else if (name === 'blur') unsettled ||= !(parseFloat(arg || '0') <= 1);
    else if (!SETTLED_FILTERS.has(name)) unsettled = true;
  }
  // Anything not read as a function (a url(), a syntax not known) is not settled.
  if (filter.replace(/([a-z-]+)\(((?:[^()]|\([^()]*\))*)\)/g, '').trim() !== '') unsettled = true;
  return { opacity, unsettled };
}

/**
 * Why the glyphs of a run of `chars` visible characters, drawn in `rects` (the words' own client
 * rectangles, after every transform), each cut to `clip` (what the boxes around them that hide
 * overflow leave) and to what the page can scroll to (`reach`), cannot be read; null when they can.
 * `chars` may be a count asked only when needed, `maxChars` a bound on it known at once.
 */
export function glyphsHide(
  rects: ArrayLike<Rect>,
  chars: number | (() => number),
  clip: Rect | null,
  reach: { scrollX: number; scrollY: number; width: number; height: number },
  maxChars: number = typeof chars === 'number' ? chars : Infinity,
): NotDrawn | null {
  // One pass, no arrays: asked of every text node the check reads.
  const pageRight = reach.width - reach.scrollX;
  const pageBottom = reach.height - reach.scrollY;
  let drawn = 0;
  let onPage = 0;
  let shown = 0;
  let tall = 0;
  let width = 0;
  let height = 0;
  for (let i = 0; i < rects.length; i++) {
    const r = rects[i]!;
    if (!(r.right - r.left > 0 && r.bottom - r.top > 0)) continue;
    drawn++;
    width += r.right - r.left;
    height = Math.max(height, r.bottom - r.top);
    let left = Math.max(r.left, -reach.scrollX);
    let top = Math.max(r.top, -reach.scrollY);
    let right = Math.min(r.right, pageRight);
    let bottom = Math.min(r.bottom, pageBottom);
    if (!(right > left && bottom > top)) continue;
    onPage++;
    if (clip !== null) {
      left = Math.max(left, clip.left);
      top = Math.max(top, clip.top);
      right = Math.min(right, clip.right);
      bottom = Math.min(bottom, clip.bottom);
      if (!(right > left && bottom > top)) continue;
    }
    shown++;
    if (bottom - top >= MIN_GLYPH_PX) tall++;
  }
  if (drawn === 0) return 'no-area';
  if (onPage === 0) return 'outside';
  if (shown === 0) return 'clipped';
  if (tall === 0) return 'tiny-font';
  // The width the characters take, against the height of their line: glyphs drawn over each other
  // (a huge negative letter spacing) take none. (`chars` may be counted only when the width is small.)
  if (width >= MIN_ADVANCE * height * maxChars) return null;
  const count = typeof chars === 'function' ? chars() : chars;
  if (count > 2 && width / count < MIN_ADVANCE * height) return 'tiny-font';
  return null;
}

/** The part of `a` inside `b`, or null when none (of no area). */
export function cut(a: Rect, b: Rect): Rect | null {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const right = Math.min(a.right, b.right);
  const bottom = Math.min(a.bottom, b.bottom);
  return right > left && bottom > top ? { left, top, right, bottom } : null;
}
