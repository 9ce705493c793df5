import { describe, expect, it } from 'vitest';
import { clipHides, contrastRatio, paintHides, parseColor, placeHides } from './paint';
import { MIN_CONTRAST } from '@/lib/shared/seen/thresholds';

const WHITE = { r: 255, g: 255, b: 255, a: 1 };
const BLACK = { r: 0, g: 0, b: 0, a: 1 };

describe('parseColor', () => {
  it('reads the colours browsers compute, alpha included', () => {
    expect(parseColor('rgb(255, 255, 255)')).toEqual(WHITE);
    expect(parseColor('rgba(0, 0, 0, 0)')).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    expect(parseColor('rgba(10, 20, 30, 0.5)')).toEqual({ r: 10, g: 20, b: 30, a: 0.5 });
    expect(parseColor('rgb(10 20 30 / 25%)')).toEqual({ r: 10, g: 20, b: 30, a: 0.25 });
    expect(parseColor('transparent')).toMatchObject({ a: 0 });
  });

  it('reads color(srgb …), as color-mix computes, alpha included', () => {
    expect(parseColor('color(srgb 1 1 1)')).toEqual(WHITE);
    expect(parseColor('color(srgb 0 0 0 / 0.02)')).toEqual({ r: 0, g: 0, b: 0, a: 0.02 });
  });

  it('takes any other syntax as unknown, unless its alpha is zero', () => {
    expect(parseColor('oklch(0.7 0.1 200)')).toBeNull();
    expect(parseColor('oklch(0.7 0.1 200 / 0)')).toMatchObject({ a: 0 });
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
  });
});

describe('paintHides', () => {
  const paint = (over: Partial<Parameters<typeof paintHides>[0]>) =>
    paintHides({ color: 'rgb(34, 34, 34)', fontSize: '16px', background: WHITE, ...over });

  it('passes ordinary text, faint grey captions included', () => {
    expect(paint({})).toBeNull();
    expect(paint({ color: 'rgb(200, 200, 200)' })).toBeNull();
    expect(contrastRatio({ r: 200, g: 200, b: 200, a: 1 }, WHITE)).toBeGreaterThan(MIN_CONTRAST);
  });

  it('hides text of a transparent colour or fill, and of no size', () => {
    expect(paint({ color: 'rgba(0, 0, 0, 0)' })).toBe('transparent');
    expect(paint({ fill: 'rgba(0, 0, 0, 0)' })).toBe('transparent');
    expect(paint({ fontSize: '0px' })).toBe('tiny-font');
    expect(paint({ fontSize: '1px' })).toBe('tiny-font');
  });

  it('keeps transparent text whose glyphs are painted some other way (gradient headings)', () => {
    expect(paint({ color: 'rgba(0, 0, 0, 0)', paintedOtherwise: true })).toBeNull();
  });

  it('hides text the colour of what is behind it, and text too faint to see there', () => {
    expect(paint({ color: 'rgb(255, 255, 255)' })).toBe('same-colour');
    expect(paint({ color: 'rgb(250, 250, 250)' })).toBe('same-colour');
    expect(paint({ color: 'rgb(20, 20, 20)', background: { r: 20, g: 20, b: 20, a: 1 } })).toBe('same-colour');
    // White at half strength over white is white to a reader.
    expect(paint({ color: 'rgba(255, 255, 255, 0.5)' })).toBe('same-colour');
    expect(paint({ color: 'rgb(255, 255, 255)', background: BLACK })).toBeNull();
  });

  it('keeps text as light as what is behind it but of another hue: a reader tells blue from grey', () => {
    // Link blue on the grey-blue middle of a gradient: the same luminance, far apart in colour.
    const grey = { r: 72, g: 72, b: 72, a: 1 };
    expect(contrastRatio(parseColor('rgb(0, 0, 238)')!, grey)).toBeLessThan(1.1);
    expect(paint({ color: 'rgb(0, 0, 238)', background: grey })).toBeNull();
    // A hue only a little apart is still the colour of what is behind it.
    expect(paint({ color: 'rgb(80, 70, 70)', background: grey })).toBe('same-colour');
  });

  it('hides text of an almost transparent colour, whatever is behind it', () => {
    expect(paint({ color: 'rgba(0, 0, 0, 0.02)', background: null })).toBe('transparent');
    expect(paint({ color: 'color(srgb 0 0 0 / 0.05)', background: null })).toBe('transparent');
    expect(paint({ color: 'rgba(0, 0, 0, 0.5)', background: null })).toBeNull();
  });

  it('judges no contrast when what is behind is not known; a colour not read proves nothing', () => {
    expect(paint({ color: 'rgb(255, 255, 255)', background: null })).toBeNull();
    expect(paint({ color: 'oklch(1 0 0)' })).toBe('unproven');
  });
});

describe('placeHides', () => {
  const reach = { scrollX: 0, scrollY: 0, width: 1000, height: 3000 };
  const box = (left: number, top: number, width: number, height: number) => ({
    left,
    top,
    right: left + width,
    bottom: top + height,
  });

  it('passes a box on the page, in view or not', () => {
    expect(placeHides(box(10, 10, 300, 20), reach)).toBeNull();
    expect(placeHides(box(10, 2500, 300, 20), reach)).toBeNull();
    // Partly off the page: some of it shows.
    expect(placeHides(box(-100, 10, 300, 20), reach)).toBeNull();
  });

  it('hides a box of no area: sized or scaled to nothing', () => {
    expect(placeHides(box(10, 10, 0, 20), reach)).toBe('no-area');
    expect(placeHides(box(10, 10, 300, 0), reach)).toBe('no-area');
  });

  it('hides a box entirely outside what the page scrolls to, on any side', () => {
    expect(placeHides(box(-10000, 10, 300, 20), reach)).toBe('outside');
    expect(placeHides(box(10, -500, 300, 20), reach)).toBe('outside');
    expect(placeHides(box(1000, 10, 300, 20), reach)).toBe('outside');
    expect(placeHides(box(10, 3000, 300, 20), reach)).toBe('outside');
  });

  it('measures from the document, not the view: a scrolled page moves its boxes up', () => {
    const scrolled = { ...reach, scrollY: 2000 };
    // Above the view but on the page.
    expect(placeHides(box(10, -1500, 300, 20), scrolled)).toBeNull();
    expect(placeHides(box(10, -2100, 300, 20), scrolled)).toBe('outside');
  });
});

describe('clipHides', () => {
  it('hides a positioned box clipped to an empty rectangle', () => {
    expect(clipHides('rect(0px, 0px, 0px, 0px)', 'none', 'absolute')).toBe(true);
    expect(clipHides('rect(1px, 1px, 1px, 1px)', 'none', 'fixed')).toBe(true);
    expect(clipHides('rect(0px, 300px, 40px, 0px)', 'none', 'absolute')).toBe(false);
    // `clip` applies to positioned boxes only.
    expect(clipHides('rect(0px, 0px, 0px, 0px)', 'none', 'static')).toBe(false);
  });

  it('hides a clip-path that leaves nothing, and keeps one that leaves something', () => {
    expect(clipHides('auto', 'inset(50%)', 'static')).toBe(true);
    expect(clipHides('auto', 'circle(0px at 50% 50%)', 'static')).toBe(true);
    expect(clipHides('auto', 'inset(10%)', 'static')).toBe(false);
    expect(clipHides('auto', 'circle(40% at 50% 50%)', 'static')).toBe(false);
    expect(clipHides('auto', 'none', 'static')).toBe(false);
  });
});
