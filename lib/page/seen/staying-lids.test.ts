/**
 * Words under a box that stays put in the view are unseen only where no scroll brings them out
 * from under it (staying-lids.ts): the geometry alone, at its edges.
 */
import { describe, expect, it } from 'vitest';
import { underAtEveryScroll } from './staying-lids';

const VIEW = { y: 0, max: 2000, height: 800 };
const row = (top: number, bottom: number, left = 100, right = 500) => ({ left, right, top, bottom });

describe('underAtEveryScroll', () => {
  it('a box over the whole view covers words anywhere on the page, in view or far below it', () => {
    const lid = row(0, 800, 0, 1000);
    expect(underAtEveryScroll(row(100, 120), lid, VIEW)).toBe(true);
    expect(underAtEveryScroll(row(2500, 2520), lid, VIEW)).toBe(true);
    // Scrolled halfway: the same words, measured where they are now.
    expect(underAtEveryScroll(row(-900, -880), lid, { ...VIEW, y: 1000 })).toBe(true);
  });

  it('a bar over the bottom of the view covers only the last lines of the page, which no scroll lifts above it', () => {
    const bar = row(740, 800, 0, 1000);
    // The page ends at 2800: the last 60 px stay under the bar at the bottom of the scroll.
    expect(underAtEveryScroll(row(2745, 2790), bar, VIEW)).toBe(true);
    expect(underAtEveryScroll(row(2735, 2755), bar, VIEW)).toBe(false);
    // Words under it now, higher on the page: scrolled up from under it.
    expect(underAtEveryScroll(row(760, 780), bar, VIEW)).toBe(false);
  });

  it('a header over the top of the view covers only the first lines of the page, which no scroll brings below it', () => {
    const header = row(0, 60, 0, 1000);
    expect(underAtEveryScroll(row(10, 50), header, VIEW)).toBe(true);
    expect(underAtEveryScroll(row(50, 70), header, VIEW)).toBe(false);
    // A page that does not scroll: what is under the header now is under it for good.
    expect(underAtEveryScroll(row(20, 40), row(10, 50, 0, 1000), { y: 0, max: 0, height: 800 })).toBe(true);
    expect(underAtEveryScroll(row(5, 40), row(10, 50, 0, 1000), { y: 0, max: 0, height: 800 })).toBe(false);
  });

  it('covers only words that lie within its sides', () => {
    const side = row(0, 800, 800, 1000);
    expect(underAtEveryScroll(row(300, 320, 820, 980), side, VIEW)).toBe(true);
    expect(underAtEveryScroll(row(300, 320, 790, 980), side, VIEW)).toBe(false);
    expect(underAtEveryScroll(row(300, 320, 820, 1010), side, VIEW)).toBe(false);
  });

  it('asks nothing of words with no area', () => {
    expect(underAtEveryScroll(row(100, 100), row(0, 800, 0, 1000), VIEW)).toBe(false);
    expect(underAtEveryScroll(row(100, 120, 300, 300), row(0, 800, 0, 1000), VIEW)).toBe(false);
  });
});
