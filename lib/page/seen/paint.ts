/**
 * Whether words are drawn where a reader can see them, decided from values the browser computed
 * (colours as CSS serialises them, sizes, rectangles): pure functions, so that each rule is
 * tested without layout. They measure; the one table of rules (lib/shared/seen/seen.ts) decides, for
 * extraction (lib/page/seen/visibility.ts) and the proof that a cited quote is drawn (lib/page/find/quote-seen.ts)
 * alike, so that "read" and "shown as checked" agree.
 */
import type { Rect } from '@/lib/page/dom/geometry';
import type { NotSeen } from '@/lib/shared/protocol/types';
import { asker, whyUnseen } from '@/lib/shared/seen/seen';
import type { ClipMeasured, Measured, PlaceMeasured } from '@/lib/shared/seen/measured';

/** An sRGB colour, channels 0–255, alpha 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const RGB = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*(?:[,/]\s*([\d.]+)(%?))?\s*\)$/;

/**
 * A computed colour (`rgb(…)`, `rgba(…)`, `transparent`, `color(srgb …)` as `color-mix` computes);
 * null for what cannot be read here (`oklch(…)`…): the page code reads those through a canvas
 * (lib/page/seen/colour.ts), and a colour read by neither leaves the words unproven.
 */
export function parseColor(value: string): Rgba | null {
  if (value === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const m = RGB.exec(value);
  if (!m) {
    const srgb = SRGB.exec(value);
    if (srgb) {
      const alpha = srgb[4] === undefined ? 1 : Number(srgb[4]) / (srgb[5] ? 100 : 1);
      return { r: Number(srgb[1]) * 255, g: Number(srgb[2]) * 255, b: Number(srgb[3]) * 255, a: alpha };
    }
    // Any other syntax with an alpha of exactly zero is still invisible: "… / 0)".
    return /\/\s*0(?:\.0*)?%?\s*\)$/.test(value) ? { r: 0, g: 0, b: 0, a: 0 } : null;
  }
  const alpha = m[4] === undefined ? 1 : Number(m[4]) / (m[5] ? 100 : 1);
  return { r: Number(m[1]), g: Number(m[2]), b: Number(m[3]), a: alpha };
}

const SRGB = /^color\(srgb\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*(?:\/\s*([\d.]+)(%?))?\s*\)$/;

/** The colour of `top` painted over the opaque `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a;
  return { r: top.r * a + bottom.r * (1 - a), g: top.g * a + bottom.g * (1 - a), b: top.b * a + bottom.b * (1 - a), a: 1 };
}

function luminance(c: Rgba): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

/** The WCAG contrast ratio of two opaque colours: 1 (the same) to 21 (black on white). */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** What the browser computed for the element whose text is asked about. */
export interface TextPaint {
  /** The text's colour (`color`). */
  color: string;
  /** `-webkit-text-fill-color` where the browser has it: what actually fills the glyphs. */
  fill?: string;
  /** The glyphs are painted some other way: a background clipped to the text, a stroke, a shadow. */
  paintedOtherwise?: boolean;
  fontSize: string;
  /** The opaque colour behind the text, when known (null: an image, a gradient, or unknown). */
  background: Rgba | null;
}

/**
 * What the table of rules (lib/shared/seen/seen.ts) reads of words painted as `paint` says: their font
 * size, the alpha of the colour that fills them (null: a colour not read), and their contrast with
 * what is behind them, where that is known.
 */
export function paintMeasured(
  paint: TextPaint,
): Pick<Measured, 'fontPx' | 'alpha' | 'contrast' | 'distance' | 'paintedOtherwise'> {
  const fontPx = parseFloat(paint.fontSize);
  if (paint.paintedOtherwise) return { fontPx, paintedOtherwise: true };
  const color = parseColor(paint.fill !== undefined && paint.fill !== '' ? paint.fill : paint.color);
  if (!color) return { fontPx, alpha: null };
  if (paint.background === null) return { fontPx, alpha: color.a };
  const glyphs = over(color, paint.background);
  const b = paint.background;
  const distance = Math.hypot(glyphs.r - b.r, glyphs.g - b.g, glyphs.b - b.b);
  return { fontPx, alpha: color.a, contrast: contrastRatio(glyphs, b), distance };
}

/** Why the text painted as `paint` says is not seen, by the table of rules (lib/shared/seen/seen.ts), or null. */
export function paintHides(paint: TextPaint): NotSeen | null {
  return whyUnseen(paintMeasured(paint));
}

/** The part of the page a reader can scroll to, in the same coordinates. */
export interface Reach {
  /** The page's scroll position: the document's origin is at (-scrollX, -scrollY). */
  scrollX: number;
  scrollY: number;
  /** The document's scrollable size. */
  width: number;
  height: number;
}

/** Where a box lies: whether it has an area, and whether any of it is within what the page can scroll to. */
export function placeMeasured(box: Rect, reach: Reach): PlaceMeasured {
  const area = box.right - box.left > 0 && box.bottom - box.top > 0;
  const left = box.left + reach.scrollX;
  const top = box.top + reach.scrollY;
  const right = box.right + reach.scrollX;
  const bottom = box.bottom + reach.scrollY;
  return { area, onPage: !(right <= 0 || bottom <= 0 || left >= reach.width || top >= reach.height) };
}

const askPlace = asker(['placed']);

/**
 * Why words whose box is `box` are not seen, by the table's rows, or null: a box of no area
 * (scaled or sized to nothing), or one entirely outside what the page can scroll to (`left: -9999px`).
 */
export function placeHides(box: Rect, reach: Reach): NotSeen | null {
  const verdict = askPlace({ placed: placeMeasured(box, reach) });
  return verdict.seen === 'seen' ? null : verdict.why;
}

const CLIP_RECT = /^rect\(\s*(-?[\d.]+)px[\s,]+(-?[\d.]+)px[\s,]+(-?[\d.]+)px[\s,]+(-?[\d.]+)px\s*\)$/;

/**
 * What a box's computed `clip` (on a positioned box: absolute or fixed) and `clip-path` leave of
 * it, as the table's rows read it: an empty `clip` rectangle, the share of a `clip-path: inset()`
 * in per cent, a circle or ellipse of no radius.
 */
export function clipMeasured(clip: string, clipPath: string, position: string): ClipMeasured {
  let emptyRect = false;
  if (clip !== 'auto' && clip !== '' && (position === 'absolute' || position === 'fixed')) {
    const m = CLIP_RECT.exec(clip);
    if (m) {
      const [top, right, bottom, left] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
      emptyRect = right - left <= 0 || bottom - top <= 0;
    }
  }
  if (clipPath === 'none' || clipPath === '') return { emptyRect, insetPercent: 0, noRadius: false };
  const inset = /^inset\(\s*([\d.]+)(%|px)?/.exec(clipPath);
  return {
    emptyRect,
    insetPercent: inset && inset[2] === '%' ? Number(inset[1]) : 0,
    noRadius: /^circle\(\s*0(?:px|%)?[\s)]/.test(clipPath) || /^ellipse\(\s*0(?:px|%)?\s/.test(clipPath),
  };
}

const askClip = asker(['clip']);

/**
 * True when a clip leaves nothing of its box, by the table's rows: `clip: rect(0 0 0 0)` (or any
 * empty rectangle) on a positioned box, `clip-path: inset(50%)` or a circle of no radius.
 */
export function clipHides(clip: string, clipPath: string, position: string): boolean {
  return askClip({ clip: clipMeasured(clip, clipPath, position) }).seen !== 'seen';
}

const askSecurity = asker(['textSecurity']);

/** Whether the table's rows let glyphs of computed `-webkit-text-security` `value` show as words (not as discs). */
export function securityShows(value: string): boolean {
  return askSecurity({ textSecurity: value }).seen === 'seen';
}

/** One shadow of a computed `text-shadow` or `box-shadow`. */
export interface Shadow {
  /** Its colour as the browser wrote it (`rgb(…)`, or any other syntax); null when none was found. */
  colour: string | null;
  /** Its lengths in pixels, in order: offsets, then blur, then (a box shadow's) spread. */
  lengths: number[];
  inset: boolean;
}

/** The shadows of a computed `text-shadow` or `box-shadow` value (apart by commas outside parentheses). */
export function shadowsOf(value: string): Shadow[] {
  if (value === 'none' || value === '') return [];
  return value.split(/,(?![^(]*\))/).map((shadow) => {
    const inset = /\binset\b/.test(shadow);
    const rest = shadow.replace(/\binset\b/g, '');
    const colour = /(?:rgba?|color|hsla?|oklch|oklab|lab|lch)\([^)]*\)|#[0-9a-f]+|\b[a-z]+\b(?![(-])/i.exec(
      rest.replace(/-?[\d.]+px/g, ''),
    );
    const lengths = [...rest.replace(/\([^)]*\)/g, '').matchAll(/(-?[\d.]+)px/g)].map((m) => Number(m[1]));
    return { colour: colour === null ? null : colour[0].trim(), lengths, inset };
  });
}

/** How a browser serialises a background of no colour (most boxes paint none: told apart without parsing). */
export const TRANSPARENT = 'rgba(0, 0, 0, 0)';

/** Elements that paint a picture of their own (or a page), opaque for all a reader can tell. */
export const PICTURES = 'img, picture, video, canvas, svg, iframe, object, embed';

/** The tag names of `PICTURES`. */
export const PICTURE_TAGS: ReadonlySet<string> = new Set(PICTURES.split(', '));
