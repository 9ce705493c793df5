import { describe, expect, it } from 'vitest';
import { BoxesByBand } from './boxes-by-band';
import { meets, type Rect } from '@/lib/page/dom/geometry';

const box = (left: number, top: number, width: number, height: number): Rect => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

describe('BoxesByBand', () => {
  it('finds every box a cover meets, however far down the page, and few of the others', () => {
    // A long page: a line of words every 30 px, and a page-long wrapper.
    const boxes = Array.from({ length: 2000 }, (_, i) => box(10, i * 30, 500, 24));
    const wrapper = box(0, 0, 800, 60_000);
    const all = [...boxes, wrapper];
    const index = new BoxesByBand(all, (b) => b);
    for (const cover of [box(0, 0, 800, 40), box(0, 31_000, 300, 90), box(200, 59_990, 10, 10), box(0, -5000, 800, 100_000)]) {
      const near = index.near(cover);
      const met = all.filter((b) => meets(cover, b));
      // Every box it meets is near it (none is missed)...
      for (const b of met) expect(near).toContain(b);
      // ...each once.
      expect(new Set(near).size).toBe(near.length);
    }
    // A small cover is asked about a few boxes, not thousands (the wrapper among them).
    const small = index.near(box(0, 31_000, 300, 90));
    expect(small.length).toBeLessThan(30);
    expect(small).toContain(wrapper);
  });

  it('leaves out boxes of no area', () => {
    const flat = box(0, 10, 100, 0);
    expect(new BoxesByBand([flat], (b) => b).near(box(0, 0, 200, 200))).toEqual([]);
  });
});
