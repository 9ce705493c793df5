import { describe, expect, it } from 'vitest';
import { MAX_ORDER_SAMPLES, MIN_GLYPH_PX } from '@/lib/shared/seen/thresholds';
import { drawnBackwards, filterEffect, glyphsHide, hiddenRuns, linesOverlap, ownDirection } from './seen';

const reach = { scrollX: 0, scrollY: 0, width: 1000, height: 3000 };
const rect = (left: number, top: number, width: number, height: number) => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

describe('filterEffect', () => {
  it('multiplies opacity() and settles filters that keep words apart', () => {
    expect(filterEffect('none')).toEqual({ opacity: 1, unsettled: false });
    expect(filterEffect('opacity(0)')).toEqual({ opacity: 0, unsettled: false });
    expect(filterEffect('opacity(0.5) grayscale(1)')).toEqual({ opacity: 0.5, unsettled: false });
    expect(filterEffect('drop-shadow(rgb(0, 0, 0) 1px 1px 2px)').unsettled).toBe(false);
  });

  it('leaves unsettled a weak brightness or contrast, a blur, a url()', () => {
    expect(filterEffect('brightness(0)').unsettled).toBe(true);
    expect(filterEffect('contrast(0.1)').unsettled).toBe(true);
    expect(filterEffect('blur(8px)').unsettled).toBe(true);
    expect(filterEffect('url("#x")').unsettled).toBe(true);
    expect(filterEffect('brightness(0.9) blur(0.5px)').unsettled).toBe(false);
  });
});

describe('glyphsHide', () => {
  it('passes a line of readable glyphs on the page', () => {
    expect(glyphsHide([rect(10, 10, 300, 18)], 40, null, reach)).toBeNull();
  });

  it('says glyphs scaled below a readable height are too small, whatever the font size said', () => {
    expect(glyphsHide([rect(10, 10, 3, MIN_GLYPH_PX - 1)], 40, null, reach)).toBe('tiny-font');
  });

  it('says glyphs pressed onto each other (a huge negative letter spacing) cannot be read', () => {
    expect(glyphsHide([rect(10, 10, 20, 18)], 40, null, reach)).toBe('tiny-font');
  });

  it('says glyphs moved off the page (translate, text-indent) are outside it', () => {
    expect(glyphsHide([rect(-9000, 10, 300, 18)], 40, null, reach)).toBe('outside');
  });

  it('says glyphs cut off by a box that hides overflow, or left too short by it, are not seen', () => {
    expect(glyphsHide([rect(10, 10, 300, 18)], 40, rect(0, 0, 1, 1), reach)).toBe('clipped');
    expect(glyphsHide([rect(10, 10, 300, 18)], 40, rect(0, 0, 1000, 12), reach)).toBe('tiny-font');
    expect(glyphsHide([rect(10, 10, 300, 18)], 40, rect(0, 0, 1000, 100), reach)).toBeNull();
  });

  it('says words with no rectangle have no area', () => {
    expect(glyphsHide([], 40, null, reach)).toBe('no-area');
  });
});

describe('hiddenRuns', () => {
  /**
   * A fake layout: characters 10 px wide and 20 px high, `perLine` to a line, the first line moved
   * by `indent` px: the rectangles of `[a, b)`, one per line it covers.
   */
  const layout =
    (perLine: number, indent = 0) =>
    (a: number, b: number) => {
      const out = [];
      for (let line = Math.floor(a / perLine); line * perLine < b; line++) {
        const from = Math.max(a, line * perLine) - line * perLine;
        const to = Math.min(b, (line + 1) * perLine) - line * perLine;
        const x = line === 0 ? indent : 0;
        out.push(rect(x + from * 10, line * 20, (to - from) * 10, 20));
      }
      return out;
    };
  const noSpace = () => false;

  it('finds the lines past a clamp, and nothing when every glyph is inside', () => {
    // 60 characters, 20 to a line, a box two lines high.
    expect(hiddenRuns(60, layout(20), rect(0, 0, 200, 40), noSpace)).toEqual([[40, 60]]);
    expect(hiddenRuns(60, layout(20), rect(0, 0, 200, 60), noSpace)).toEqual([]);
  });

  it('finds the end of a single line cut off by a narrow box, to the character (shown when half of it is)', () => {
    expect(hiddenRuns(60, layout(60), rect(0, 0, 200, 20), noSpace)).toEqual([[20, 60]]);
    expect(hiddenRuns(60, layout(60), rect(0, 0, 205, 20), noSpace)).toEqual([[21, 60]]);
    expect(hiddenRuns(60, layout(60), rect(0, 0, 204, 20), noSpace)).toEqual([[20, 60]]);
    expect(hiddenRuns(60, layout(60), rect(0, 0, 196, 20), noSpace)).toEqual([[20, 60]]);
  });

  it('finds a first line indented away, whatever follows it', () => {
    expect(hiddenRuns(60, layout(20, -10_000), rect(0, 0, 200, 100), noSpace)).toEqual([[0, 20]]);
  });

  it('leaves white space out of the runs it measures', () => {
    const text = 'aaaa    bbbb';
    const space = (i: number) => text[i] === ' ';
    // "bbbb" lies past the box; the spaces between prove nothing.
    const runs = hiddenRuns(text.length, layout(12), rect(0, 0, 45, 20), space);
    expect(runs.map(([a, b]) => text.slice(a, b).trim())).toEqual(['bbbb']);
  });

  it('gives up after a bounded number of measurements, and what is left unsettled is hidden', () => {
    // Every other character drawn outside: no run settles but single characters.
    const striped = (a: number, b: number) =>
      Array.from({ length: b - a }, (_, k) => rect((a + k) % 2 === 0 ? (a + k) * 10 : -10_000, 0, 10, 20));
    const runs = hiddenRuns(2000, striped, rect(0, 0, 100_000, 20), noSpace);
    const hiddenChars = runs.reduce((n, [a, b]) => n + b - a, 0);
    expect(hiddenChars).toBeGreaterThan(1000);
    expect(runs.at(-1)![1]).toBe(2000);
  });
});

describe('filterEffect, filters that make every colour alike', () => {
  it('does not settle a brightness that turns all white or an invert that turns all grey', () => {
    expect(filterEffect('brightness(100)').unsettled).toBe(true);
    expect(filterEffect('brightness(1.2)', true).unsettled).toBe(false);
    expect(filterEffect('invert(0.5)').unsettled).toBe(true);
    // Backed: the element paints what is behind its words, which the filter turns with them.
    expect(filterEffect('invert(1)', true).unsettled).toBe(false);
    expect(filterEffect('invert(0.1)').unsettled).toBe(false);
  });
});

describe('drawnBackwards', () => {
  /** Each character drawn 10 px wide on one line, left to right (`step` 10) or right to left (-10). */
  const line = (step: number) => (a: number) => [rect(500 + a * step, 0, 10, 16)];

  it('knows the direction of letters and digits of every script', () => {
    expect(ownDirection('a')).toBe(1);
    expect(ownDirection('ש')).toBe(-1);
    expect(ownDirection('ع')).toBe(-1);
    // Digits, Arabic-Indic ones too, are drawn left to right in any text.
    expect(ownDirection('٣')).toBe(1);
    expect(ownDirection(' ')).toBe(0);
    expect(ownDirection('.')).toBe(0);
  });

  it('finds Latin drawn right to left, and Arabic drawn left to right', () => {
    expect(drawnBackwards('The ferry', line(10))).toBe(false);
    expect(drawnBackwards('The ferry', line(-10))).toBe(true);
    expect(drawnBackwards('سلام', line(-10))).toBe(false);
    expect(drawnBackwards('سلام', line(10))).toBe(true);
  });

  it('measures the words after an override character, not only the first', () => {
    const text = 'Plain words first, then \u202Eplanted\u202C.';
    const after = text.indexOf('planted');
    // Drawn left to right up to the override, backwards after it.
    const measure = (a: number) => [rect(a < after ? a * 10 : 2000 - a * 10, 0, 10, 16)];
    expect(drawnBackwards(text, measure)).toBe(true);
  });

  it('takes letters on two lines, or stacked (vertical text), for no order', () => {
    expect(drawnBackwards('ab', (a) => [rect(a === 0 ? 900 : 0, a * 20, 10, 16)])).toBe(false);
    expect(drawnBackwards('ab', (a) => [rect(0, a * 18, 10, 16)])).toBe(false);
  });

  it('does not measure a text of more override characters than it can', () => {
    expect(drawnBackwards('\u202Eab'.repeat(MAX_ORDER_SAMPLES), line(10))).toBe('unmeasured');
  });
});

describe("filterEffect, a filter that changes the words' colour and not what shows behind them", () => {
  it('is unproven on an element that paints nothing behind its words, and settled on one that does', () => {
    // Black words under invert(1), with the white page outside the filter behind them: white on white.
    expect(filterEffect('invert(1)').unsettled).toBe(true);
    expect(filterEffect('invert(1)', true).unsettled).toBe(false);
    expect(filterEffect('brightness(2.5)').unsettled).toBe(true);
    expect(filterEffect('contrast(1.8)').unsettled).toBe(true);
    expect(filterEffect('brightness(0.5)').unsettled).toBe(true);
    expect(filterEffect('brightness(2.5)', true).unsettled).toBe(false);
  });

  it('lets a small shift or a filter that recolours nothing through, backed or not', () => {
    expect(filterEffect('brightness(1.05)').unsettled).toBe(false);
    expect(filterEffect('contrast(0.95)').unsettled).toBe(false);
    expect(filterEffect('invert(0.1)').unsettled).toBe(false);
    expect(filterEffect('grayscale(1)').unsettled).toBe(false);
    expect(filterEffect('drop-shadow(rgb(0, 0, 0) 1px 1px 2px)').unsettled).toBe(false);
  });
});

describe('linesOverlap', () => {
  const box = (left: number, top: number, width: number, height: number) => ({
    left,
    top,
    right: left + width,
    bottom: top + height,
  });
  it('measures the height two neighbouring lines share where they share width', () => {
    // Lines a normal line height apart share a sliver of their glyphs' boxes.
    expect(linesOverlap([box(0, 0, 300, 18), box(0, 16, 200, 18)])).toEqual({ shared: 2, shorter: 18 });
    // A line height near zero: each line drawn over the last.
    expect(linesOverlap([box(0, 0, 300, 18), box(0, 16, 200, 18), box(0, 16.2, 250, 18)]).shared).toBeCloseTo(17.8);
  });

  it('counts nothing for boxes side by side on one line (a run split by direction)', () => {
    expect(linesOverlap([box(0, 0, 100, 18), box(100, 0, 80, 18)])).toEqual({ shared: 0, shorter: 0 });
  });
});
