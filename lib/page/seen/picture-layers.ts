/**
 * What a box's background paints behind words, layer by layer, when it is more than a colour: its
 * computed `background-image` read as pictures (a `url()`, whose pixels only the browser can give:
 * lib/page/seen/pictures.ts) and gradients (whose colours are sampled here), over the colour below. A
 * computed value is what the browser will paint, so nothing here guesses: a layer in a syntax not
 * read (`image-set()`, `paint()`, a colour the rules cannot read) makes the whole picture unknown,
 * and words over it unproven. Pure functions, tested without a browser.
 */
import { parseColor, type Rgba } from './paint';

/** One layer of a background, top first: a picture to load, colours sampled from a gradient, or a colour. */
export type PictureLayer =
  | { kind: 'url'; url: string; covers: boolean }
  | { kind: 'colours'; colours: readonly Rgba[]; covers: boolean }
  | { kind: 'colour'; colour: Rgba }
  /** A layer in a syntax not read (`image-set()`, `paint()`), or blended other than painted over: nothing it shows is known. */
  | { kind: 'unknown' };

/**
 * What is painted behind some words, when a picture is part of it: the layers top first, over an
 * opaque `base` (null: not known, as under a colour not read). `key` names it for the caches.
 */
export interface PictureBehind {
  readonly key: string;
  readonly layers: readonly PictureLayer[];
  readonly base: Rgba | null;
}

/** Points sampled between two stops of a gradient: enough to follow a hue turning (red to green dips in luminance midway). */
const STEPS_PER_STOP = 16;

/**
 * The layers of a computed `background-image`, top first, each told whether it covers the whole
 * box (`repeat`, `size` are the computed `background-repeat` and `background-size`, one value per
 * layer, repeated as CSS repeats them); null when any layer is in a syntax not read.
 */
export function pictureLayers(image: string, repeat: string, size: string): PictureLayer[] | null {
  const images = topLevel(image);
  const repeats = topLevel(repeat);
  const sizes = topLevel(size);
  const out: PictureLayer[] = [];
  for (let i = 0; i < images.length; i++) {
    const one = images[i]!;
    if (one === 'none') continue;
    const covers = coversBox(repeats[i % repeats.length] ?? 'repeat', sizes[i % sizes.length] ?? 'auto');
    const url = /^url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)"'\s]*))\s*\)$/.exec(one);
    if (url) {
      const raw = url[1] ?? url[2] ?? url[3] ?? '';
      out.push({ kind: 'url', url: raw.replace(/\\(.)/g, '$1'), covers });
      continue;
    }
    const colours = gradientColours(one);
    if (colours === null) return null;
    out.push({ kind: 'colours', colours, covers });
  }
  return out;
}

/**
 * Whether a layer painted with this computed repeat and size fills its box: it repeats both ways
 * without gaps (`space` leaves some), or is sized to cover it. Otherwise what is below shows too.
 */
export function coversBox(repeat: string, size: string): boolean {
  if (size.trim() === 'cover') return true;
  const parts = repeat.trim().split(/\s+/);
  const x = parts[0] === 'repeat-x' ? 'repeat' : parts[0] === 'repeat-y' ? 'no-repeat' : parts[0];
  const y = parts[0] === 'repeat-x' ? 'no-repeat' : parts[0] === 'repeat-y' ? 'repeat' : (parts[1] ?? parts[0]);
  const fills = (v: string | undefined) => v === 'repeat' || v === 'round';
  return fills(x) && fills(y);
}

/**
 * The colours a computed gradient paints: its stops, and points between each two (a gradient
 * interpolates, and the luminance between two stops may lie outside theirs). Null for anything
 * but gradients whose colours the rules read.
 */
export function gradientColours(value: string): Rgba[] | null {
  const m = /^(?:repeating-)?(?:linear|radial|conic)-gradient\((.*)\)$/.exec(value.trim());
  if (!m) return null;
  const colourSyntax = /rgba?\([^()]*\)|color\(srgb[^()]*\)/g;
  // Anything with parentheses but colours read here (`oklch(…)`, `calc(…)` in a stop) is not read.
  if (m[1]!.replace(colourSyntax, '').includes('(')) return null;
  const stops: Rgba[] = [];
  for (const c of m[1]!.matchAll(colourSyntax)) {
    const colour = parseColor(c[0]);
    if (colour === null) return null;
    stops.push(colour);
  }
  if (stops.length === 0) return null;
  const out: Rgba[] = [stops[0]!];
  for (let i = 1; i < stops.length; i++) {
    const a = stops[i - 1]!;
    const b = stops[i]!;
    for (let s = 1; s <= STEPS_PER_STOP; s++) out.push(mix(a, b, s / STEPS_PER_STOP));
  }
  return out;
}

/** The colour a fraction `t` of the way from `a` to `b`, interpolated as browsers do (premultiplied sRGB). */
function mix(a: Rgba, b: Rgba, t: number): Rgba {
  const alpha = a.a + (b.a - a.a) * t;
  if (alpha === 0) return { r: 0, g: 0, b: 0, a: 0 };
  const ch = (x: number, y: number) => (x * a.a * (1 - t) + y * b.a * t) / alpha;
  return { r: ch(a.r, b.r), g: ch(a.g, b.g), b: ch(a.b, b.b), a: alpha };
}

/** The comma-separated items of a computed value, apart at commas outside parentheses and quotes. */
export function topLevel(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(value.slice(start).trim());
  return out.filter((s) => s !== '');
}

/** A picture behind words: `layers` (top first) over `base`, with a key naming both. */
export function pictureBehind(layers: readonly PictureLayer[], base: Rgba | null): PictureBehind {
  return { key: JSON.stringify([layers, base]), layers, base };
}
