/** The soak benchmark's rules (tests/support/soak-figures.ts): what counts as a leak, a slow answer, a failed run. */
import { describe, expect, it } from 'vitest';
import {
  exitCode,
  leftoversIn,
  listenerGrowth,
  listenersBeyond,
  maxCounts,
  percentile,
  timingFigures,
  type Goal,
} from '../support/soak-figures';

const NAMES = ['cited-quote', 'cited-quote-other'] as const;
const clean = { highlights: [], marks: 0, focusAttributes: 0, styles: 1, overlays: 0, worlds: 1 };

describe('timings', () => {
  it('compares each later answer with the first twenty’s median', () => {
    const times = [...Array.from({ length: 20 }, (_, i) => 100 + (i % 3)), 110, 125, 119, 300];
    const f = timingFigures(times, 20, 1.2);
    expect(f.warmMedian).toBe(101);
    expect(f.later).toBe(4);
    // 125 and 300 are over 121.2 ms; 119 is not.
    expect(f.over).toBe(2);
    expect(f.max).toBe(300);
  });

  it('takes quantiles by nearest rank', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 0.5)).toBe(50);
    expect(percentile(xs, 0.95)).toBe(95);
    expect(percentile([], 0.5)).toBeNaN();
  });
});

describe('listeners', () => {
  it('counts only those beyond what the page had before the extension', () => {
    expect(listenersBeyond({ 'keydown!': 2, click: 1 }, { click: 1, 'keydown!': 1 })).toEqual({ 'keydown!': 1 });
  });

  it('calls a leak a count above both the design and the first questions', () => {
    const allowance = { 'selectionchange!': 2 };
    expect(listenerGrowth({ 'selectionchange!': 2 }, {}, allowance)).toEqual({});
    expect(listenerGrowth({ 'selectionchange!': 3 }, { 'selectionchange!': 3 }, allowance)).toEqual({});
    expect(listenerGrowth({ 'selectionchange!': 4 }, { 'selectionchange!': 3 }, allowance)).toEqual({ 'selectionchange!': 4 });
    expect(listenerGrowth({ click: 1 }, {}, allowance)).toEqual({ click: 1 });
  });

  it('keeps the most of each type seen', () => {
    expect(maxCounts({ a: 1, b: 3 }, { a: 2, c: 1 })).toEqual({ a: 2, b: 3, c: 1 });
  });
});

describe('what a page is left with', () => {
  it('allows the highlights of the citation just clicked in its own page only', () => {
    const shown = { ...clean, highlights: ['cited-quote', 'cited-quote-other'], focusAttributes: 1 };
    expect(leftoversIn(shown, true, NAMES)).toEqual([]);
    expect(leftoversIn(shown, false, NAMES)).toEqual([
      'highlights left: cited-quote, cited-quote-other',
      '1 focus attributes left',
    ]);
  });

  it('names marks, overlays, extra styles and worlds anywhere', () => {
    expect(leftoversIn({ ...clean, marks: 2 }, false, NAMES)).toEqual(['2 marks left']);
    expect(leftoversIn({ ...clean, overlays: 1, styles: 2, worlds: 2 }, true, NAMES)).toEqual([
      '2 style elements',
      '1 overlays',
      '2 extension worlds',
    ]);
    expect(leftoversIn({ ...clean, highlights: ['page-own'] }, true, NAMES)).toEqual(['highlights of another name: page-own']);
  });
});

describe('exit code', () => {
  const goal = (over: Partial<Goal>): Goal => ({ name: 'g', figure: '', pass: true, structural: true, ...over });
  it('fails the short run on a structural goal only, the full run on any but a timing', () => {
    const slow = goal({ pass: false, structural: false, timing: true });
    const missed = goal({ pass: false, structural: false });
    const leak = goal({ pass: false });
    expect(exitCode([goal({}), slow], true)).toBe(0);
    expect(exitCode([slow], false)).toBe(0);
    expect(exitCode([missed], true)).toBe(0);
    expect(exitCode([missed], false)).toBe(1);
    expect(exitCode([leak], true)).toBe(1);
  });
});
