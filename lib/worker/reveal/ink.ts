/**
 * Whether the pixels of a captured tab show a quote's glyphs: the last proof of a click, after
 * the page's code said the words are drawn (lib/page/find/quote-seen.ts) and before they are highlighted as
 * the page's. What the computed values cannot tell (white words over a white picture on a dark
 * box, a cover the hit test missed, a font whose glyphs are blank) the pixels do: inside each of
 * the quote's line boxes, the glyphs must be ink that stands out from the colour behind and
 * around them. Pure: the capture and its decoding are the caller's (screen-proof.ts), so every
 * rule here is tested on pixel arrays without a browser.
 */
import { INK_CONTRAST, MAX_ASPECT_SLIP, MIN_COLOUR_DISTANCE } from '@/lib/shared/seen/thresholds';
import type { Box, ScreenBoxes } from '@/lib/shared/protocol/types';
import { judgeInk, judgesBox, type InkVerdict } from '@/lib/shared/seen/ink-seen';

/** An RGBA image, row by row, 4 bytes a pixel (ImageData's layout). */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/**
 * The boxes in the image's pixels: scaled by the image's width over the view's (the device pixel
 * ratio and the zoom, whatever they are), rounded outwards. Null when the image is not of the
 * view (its aspect differs) or a box lies even partly outside it: what is not captured is not
 * measured.
 */
export function onImage(screen: ScreenBoxes, image: { width: number; height: number }): Box[] | null {
  const { view } = screen;
  if (!(view.width > 0 && view.height > 0 && image.width > 0 && image.height > 0)) return null;
  const sx = image.width / view.width;
  const sy = image.height / view.height;
  if (Math.abs(sx - sy) / sx > MAX_ASPECT_SLIP) return null;
  const out: Box[] = [];
  for (const b of screen.boxes) {
    const x0 = Math.floor(b.x * sx);
    const y0 = Math.floor(b.y * sy);
    const x1 = Math.ceil((b.x + b.width) * sx);
    const y1 = Math.ceil((b.y + b.height) * sy);
    if (x0 < 0 || y0 < 0 || x1 > image.width || y1 > image.height) return null;
    out.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
  }
  return out;
}

/** The part of the image that holds every box, to decode no more than that. */
export function boundsOf(boxes: Box[]): Box | null {
  if (boxes.length === 0) return null;
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** Relative luminance (WCAG 2) of an sRGB colour, 0–255 a channel. */
export function luminance(r: number, g: number, b: number): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** What one box holds: its pixels, those that are ink, and those of the background's colour. */
interface Count {
  area: number;
  ink: number;
  background: number;
}

/**
 * Counts a cell (a square of the line box, so that a picture or a gradient behind the line is
 * judged piece by piece): its background is its most common colour (4 bits a channel), and each
 * pixel far enough from it is ink: at least `MIN_COLOUR_DISTANCE` from it (a colour of the same
 * lightness, red on green), or of a contrast with it of at least `INK_CONTRAST` (the table's
 * numbers, asked here of every pixel).
 */
function countCell(px: Pixels, x0: number, y0: number, x1: number, y1: number): Count {
  const { width, data } = px;
  const bins = new Map<number, number>();
  let best = -1;
  let bestN = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * width + x) * 4;
      const key = ((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4);
      const n = (bins.get(key) ?? 0) + 1;
      bins.set(key, n);
      if (n > bestN) {
        bestN = n;
        best = key;
      }
    }
  }
  // The background's colour: the mean of the pixels in its bin.
  let r = 0;
  let g = 0;
  let b = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * width + x) * 4;
      if ((((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4)) !== best) continue;
      r += data[i]!;
      g += data[i + 1]!;
      b += data[i + 2]!;
    }
  }
  r /= bestN;
  g /= bestN;
  b /= bestN;
  const behind = luminance(r, g, b);
  let ink = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * width + x) * 4;
      const dr = data[i]! - r;
      const dg = data[i + 1]! - g;
      const db = data[i + 2]! - b;
      if (dr * dr + dg * dg + db * db >= MIN_COLOUR_DISTANCE * MIN_COLOUR_DISTANCE) ink++;
      else if (contrast(luminance(data[i]!, data[i + 1]!, data[i + 2]!), behind) >= INK_CONTRAST) ink++;
    }
  }
  return { area: (x1 - x0) * (y1 - y0), ink, background: bestN };
}

/** One line box, cell by cell (cells as wide as the box is high: a few glyphs each); `busy`: a cell the proof's table leaves unmeasured. */
function countBox(px: Pixels, box: Box): Count & { busy: boolean } {
  const total: Count = { area: 0, ink: 0, background: 0 };
  let busy = false;
  const side = Math.max(box.height, 4);
  for (let x = box.x; x < box.x + box.width; x += side) {
    const right = Math.min(x + side, box.x + box.width);
    const cell = countCell(px, x, box.y, right, box.y + box.height);
    total.area += cell.area;
    total.ink += cell.ink;
    total.background += cell.background;
    if (!judgeInk({ cell }).shown) busy = true;
  }
  return { ...total, busy };
}

/**
 * Whether the boxes (in the image's pixels, `onImage`) show glyphs, by the proof's table
 * (lib/shared/seen/ink-seen.ts): a box off the image or too busy to tell its background is
 * unmeasured, a box at least as wide as it is high must hold ink over `MIN_INK_SHARE` of it, and
 * so must all the boxes together; no box to judge is unmeasured too. Boxes the table does not
 * judge (`judgesBox`: too small) are not asked.
 */
export function inkVerdict(px: Pixels, boxes: Box[]): InkVerdict {
  let area = 0;
  let ink = 0;
  let judged = 0;
  for (const box of boxes) {
    if (!judgesBox(box)) continue;
    const onImage = !(box.x < 0 || box.y < 0 || box.x + box.width > px.width || box.y + box.height > px.height);
    const placed = judgeInk({ onImage });
    if (!placed.shown) return placed;
    const count = countBox(px, box);
    if (count.busy) return { shown: false, why: 'unmeasured' };
    judged++;
    area += count.area;
    ink += count.ink;
    const one = judgeInk({ box: { area: count.area, ink: count.ink, wide: box.width >= box.height } });
    if (!one.shown) return one;
  }
  return judgeInk({ judged, all: { area, ink } });
}
