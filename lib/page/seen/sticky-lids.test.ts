/**
 * Words under a sticky box are unseen only where no scroll brings them out from under it
 * (sticky-lids.ts): the geometry alone, where the box's place in the flow is known and where it
 * is not (stuck now: every place its block leaves is tried).
 */
import { describe, expect, it } from 'vitest';
import { underAtEveryStickyScroll, type Sticky } from './sticky-lids';

const row = (top: number, bottom: number, left = 100, right = 500) => ({ left, right, top, bottom });
const VIEW = { y: 0, max: 4000, height: 800 };
/** Whether the words scroll with the page. */
const yes = () => true;
const no = () => false;
/** A white box 48 px high, sticking to the top of the view, in a block from `low` to `high` + 48. */
const sticky = (top: number, more: Partial<Sticky> = {}): Sticky => ({
  box: row(top, top + 48, 0, 1000),
  top: 0,
  bottom: null,
  low: 0,
  high: 4700,
  known: true,
  flow: top,
  ...more,
});

describe('underAtEveryStickyScroll', () => {
  it('a header at the top of a long page covers no words: the page scrolls them out from under it', () => {
    const header = sticky(0);
    expect(underAtEveryStickyScroll(row(100, 120), header.box, header, VIEW, yes)).toBe(false);
    expect(underAtEveryStickyScroll(row(2000, 2020), header.box, header, VIEW, yes)).toBe(false);
    // Scrolled down: stuck over words now; they came from below it and go back there.
    const stuck = sticky(0, { flow: -1500, low: -1500, high: 3200 });
    expect(underAtEveryStickyScroll(row(10, 30), stuck.box, stuck, { ...VIEW, y: 1500 }, yes)).toBe(false);
    expect(underAtEveryStickyScroll(row(-900, -880), stuck.box, stuck, { ...VIEW, y: 1500 }, yes)).toBe(false);
  });

  it('a box laid over words, in a block too short for it to move, covers them in view and far below', () => {
    // Its block holds it from 300 to 318: it can move 0 px down from where it lies over the words.
    const lid = sticky(300, { low: 300, high: 300 });
    expect(underAtEveryStickyScroll(row(300, 318), lid.box, lid, VIEW, yes)).toBe(true);
    const far = sticky(3000, { low: 3000, high: 3000, flow: 3000 });
    expect(underAtEveryStickyScroll(row(3000, 3018), far.box, far, VIEW, yes)).toBe(true);
    // Words beside it or below it are not under it.
    expect(underAtEveryStickyScroll(row(300, 318, 1010, 1200), lid.box, lid, VIEW, yes)).toBe(false);
    expect(underAtEveryStickyScroll(row(340, 358), lid.box, lid, VIEW, yes)).toBe(false);
  });

  it('a box that moves down its block as the page scrolls lets words below its first place show', () => {
    // Its block runs 300 px under it: scrolled, it slides down over the words and past them.
    const slides = sticky(300, { low: 300, high: 600 });
    expect(underAtEveryStickyScroll(row(320, 340), slides.box, slides, VIEW, yes)).toBe(true);
    expect(underAtEveryStickyScroll(row(400, 420), slides.box, slides, VIEW, yes)).toBe(false);
  });

  it('stuck now, its place in the flow not measured: any place its block leaves that hides the words hides them', () => {
    // Scrolled 1500 px: the box is stuck at the top; unmeasured, it may have been laid over words
    // 200 px above the view, in a block too short for it to leave them.
    const unmeasured = sticky(0, { flow: null, low: -1500, high: 0 });
    expect(underAtEveryStickyScroll(row(-200, -182), unmeasured.box, unmeasured, { ...VIEW, y: 1500 }, yes)).toBe(true);
    // Measured in the flow at the page's top, it never lay there: the words show.
    const measured = { ...unmeasured, flow: -1500 };
    expect(underAtEveryStickyScroll(row(-200, -182), measured.box, measured, { ...VIEW, y: 1500 }, yes)).toBe(false);
  });

  it('a bar stuck to the bottom of the view covers only the words its block ends on', () => {
    const bar = { ...sticky(752, { flow: 4752, low: 0, high: 4752 }), top: null, bottom: 0 };
    // The last words of its block: the bar comes to rest on them.
    expect(underAtEveryStickyScroll(row(4760, 4780), bar.box, bar, VIEW, yes)).toBe(true);
    // Words under it now, higher on the page: scrolled up from under it.
    expect(underAtEveryStickyScroll(row(760, 780), bar.box, bar, VIEW, yes)).toBe(false);
  });

  it('where its place at another scroll is not known, or the words do not move, it covers what it lies over now', () => {
    const boxed = sticky(300, { known: false });
    expect(underAtEveryStickyScroll(row(310, 330), boxed.box, boxed, VIEW, yes)).toBe(true);
    expect(underAtEveryStickyScroll(row(360, 380), boxed.box, boxed, VIEW, yes)).toBe(false);
    const header = sticky(0);
    expect(underAtEveryStickyScroll(row(10, 30), header.box, header, VIEW, no)).toBe(true);
  });
});
