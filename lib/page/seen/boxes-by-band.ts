/**
 * The boxes of words a cover may lie over, found without asking every box of the page: every box
 * with an opaque background may cover words, whatever its place (a grid cell laid over another, a
 * block pulled up by a negative margin, a flex item put first by `order`), so a page has hundreds
 * of covers and thousands of boxes of words, and asking each pair would cost more than the walk.
 * The boxes are filed by the horizontal bands of the page they cross, and a cover asks only the
 * boxes filed in the bands it crosses. Pure: rectangles in, boxes out.
 */
import type { Rect } from '@/lib/page/dom/geometry';

/** Bands this tall (CSS pixels): a few lines of text, so that most boxes are filed once or twice. */
const BAND_PX = 256;
/** A box or a cover taller than this many bands is filed under none and met by every query (a page-long wrapper). */
const MOST_BANDS = 64;

export class BoxesByBand<T> {
  private readonly bands = new Map<number, T[]>();
  /** Boxes too tall to file: asked by every query. */
  private readonly tall: T[] = [];

  constructor(boxes: readonly T[], rectOf: (box: T) => Rect) {
    for (const box of boxes) {
      const r = rectOf(box);
      // (A box with no area lies under no cover: `meets` would say so.)
      if (!(r.bottom > r.top) || !(r.right > r.left)) continue;
      const first = Math.floor(r.top / BAND_PX);
      const last = Math.floor(r.bottom / BAND_PX);
      if (last - first >= MOST_BANDS) {
        this.tall.push(box);
        continue;
      }
      for (let b = first; b <= last; b++) {
        let list = this.bands.get(b);
        if (list === undefined) this.bands.set(b, (list = []));
        list.push(box);
      }
    }
  }

  /** Every box filed in a band `r` crosses (each once), and every tall box: a superset of those `r` meets. */
  near(r: Rect): T[] {
    const out = new Set<T>(this.tall);
    const first = Math.floor(r.top / BAND_PX);
    const last = Math.floor(r.bottom / BAND_PX);
    if (last - first >= MOST_BANDS) {
      for (const list of this.bands.values()) for (const box of list) out.add(box);
    } else {
      for (let b = first; b <= last; b++) for (const box of this.bands.get(b) ?? []) out.add(box);
    }
    return [...out];
  }
}
