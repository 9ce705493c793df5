/**
 * The colours a picture behind words may show at any point, and whether words of a colour stand
 * out from every one of them. A picture is settled by its pixels: each layer's colours (a
 * picture's pixels as the browser decoded them, a gradient's samples) painted over what is below,
 * down to the box's opaque colour. Where is not asked: words stand out from a picture only when
 * they stand out from every colour it holds, by the same rule as from a colour
 * (lib/shared/seen/seen.ts, through `paintHides`). Pure functions, tested without a browser.
 */
import { over, paintHides, type Rgba } from './paint';
import type { PictureBehind } from './picture-layers';
import { MAX_COMPOSITIONS } from '@/lib/shared/seen/thresholds';

/** The colours a picture may show, opaque, each once (channels rounded to 6 bits); null: not known. */
export type Samples = ReadonlyMap<number, Rgba>;

/** One picture's pixels, RGBA bytes as a canvas gives them. */
export interface Pixels {
  readonly data: Uint8ClampedArray | Uint8Array;
}

/**
 * The colours a picture behind words shows: `pixels` gives each `url` layer's pixels (null: not
 * read, as a picture of another site that does not allow it; `'none'`: the picture did not load
 * and paints nothing). Null when anything needed is not known.
 */
export function samplesOf(picture: PictureBehind, pixels: (url: string) => Pixels | null | 'none'): Samples | null {
  let below: Map<number, Rgba> | null = picture.base === null ? null : keyed([picture.base]);
  for (let i = picture.layers.length - 1; i >= 0; i--) {
    const layer = picture.layers[i]!;
    let colours: Rgba[];
    let covers: boolean;
    if (layer.kind === 'unknown') return null;
    if (layer.kind === 'colour') {
      colours = [layer.colour];
      covers = true;
    } else if (layer.kind === 'colours') {
      colours = [...layer.colours];
      covers = layer.covers;
    } else {
      const read = pixels(layer.url);
      if (read === 'none') continue;
      if (read === null) return null;
      colours = pixelColours(read);
      covers = layer.covers;
    }
    const next = new Map<number, Rgba>();
    // What is below shows beside a layer that does not cover the box.
    if (!covers) {
      if (below === null) return null;
      for (const [k, c] of below) next.set(k, c);
    }
    const opaque = colours.filter((c) => c.a >= 1);
    for (const c of opaque) next.set(keyOf(c), c);
    const seeThrough = colours.filter((c) => c.a < 1);
    if (seeThrough.length > 0) {
      if (below === null) return null;
      if (seeThrough.length * below.size > MAX_COMPOSITIONS) return null;
      for (const top of seeThrough) {
        for (const bottom of below.values()) {
          const c = over(top, bottom);
          next.set(keyOf(c), c);
        }
      }
    }
    below = next;
  }
  return below;
}

/** The distinct colours of some pixels (alpha as a fraction), rounded as `Samples` keeps them. */
export function pixelColours(pixels: Pixels): Rgba[] {
  // Six bits per channel and alpha (a photo's colours fit in tens of thousands), told apart by a
  // bit per key: a megapixel is read in one pass without a map.
  const seen = new Uint32Array(1 << 19);
  const out: Rgba[] = [];
  const d = pixels.data;
  for (let i = 0; i + 3 < d.length; i += 4) {
    const key = ((d[i]! >> 2) << 18) | ((d[i + 1]! >> 2) << 12) | ((d[i + 2]! >> 2) << 6) | (d[i + 3]! >> 2);
    const word = key >>> 5;
    const bit = 1 << (key & 31);
    if ((seen[word]! & bit) !== 0) continue;
    seen[word] = seen[word]! | bit;
    out.push({ r: d[i]!, g: d[i + 1]!, b: d[i + 2]!, a: d[i + 3]! / 255 });
  }
  return out;
}

/** Opaque colours keyed by their channels rounded to six bits. */
function keyed(colours: readonly Rgba[]): Map<number, Rgba> {
  const out = new Map<number, Rgba>();
  for (const c of colours) out.set(keyOf(c), c);
  return out;
}

function keyOf(c: Rgba): number {
  return ((Math.round(c.r) >> 2) << 12) | ((Math.round(c.g) >> 2) << 6) | (Math.round(c.b) >> 2);
}

/**
 * Whether words painted `color` at `fontSize` stand out from every colour of `samples` by the
 * table's rule (a colour a reader cannot tell from what is behind it at one point of the picture
 * may be the one behind the words: where is not known, so every point counts). A picture that
 * shows no colour at all (every layer failed to load, over nothing known) proves nothing.
 */
export function standsOutFromAll(samples: Samples, color: string, fontSize: string): boolean {
  if (samples.size === 0) return false;
  for (const background of samples.values()) {
    if (paintHides({ color, fontSize, background }) !== null) return false;
  }
  return true;
}
