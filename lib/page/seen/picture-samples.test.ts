import { describe, expect, it } from 'vitest';
import { pictureBehind, type PictureLayer } from './picture-layers';
import { pixelColours, samplesOf, standsOutFromAll } from './picture-samples';

const WHITE = { r: 255, g: 255, b: 255, a: 1 };
const DARK = { r: 34, g: 34, b: 34, a: 1 };

/** A picture of `n` pixels of one RGBA colour, then `m` of another. */
function pixels(a: [number, number, number, number], n: number, b?: [number, number, number, number], m = 0) {
  const data = new Uint8ClampedArray((n + m) * 4);
  for (let i = 0; i < n; i++) data.set(a, i * 4);
  for (let i = 0; i < m; i++) data.set(b!, (n + i) * 4);
  return { data };
}

const url = (covers = true): PictureLayer => ({ kind: 'url', url: 'p.png', covers });

describe('samplesOf and standsOutFromAll', () => {
  it('white words on a dark box that paints a white picture stand out from nothing', () => {
    const samples = samplesOf(pictureBehind([url()], DARK), () => pixels([255, 255, 255, 255], 64))!;
    expect(standsOutFromAll(samples, 'rgb(255, 255, 255)', '16px')).toBe(false);
    expect(standsOutFromAll(samples, 'rgb(34, 34, 34)', '16px')).toBe(true);
  });

  it('white words on a dark picture stand out from it', () => {
    const samples = samplesOf(pictureBehind([url()], WHITE), () => pixels([20, 30, 40, 255], 50, [60, 50, 40, 255], 50))!;
    expect(standsOutFromAll(samples, 'rgb(255, 255, 255)', '16px')).toBe(true);
  });

  it('one patch of the words’ colour anywhere in the picture is enough to leave them unproven', () => {
    const samples = samplesOf(pictureBehind([url()], DARK), () => pixels([0, 0, 0, 255], 999, [255, 255, 255, 255], 1))!;
    expect(standsOutFromAll(samples, 'rgb(255, 255, 255)', '16px')).toBe(false);
  });

  it('a see-through picture is painted over the box colour below it', () => {
    // Half-transparent black over white is mid grey: white words stand out from it, grey ones do not.
    const samples = samplesOf(pictureBehind([url()], WHITE), () => pixels([0, 0, 0, 128], 4))!;
    expect([...samples.values()][0]!.r).toBeCloseTo(127, 0);
    expect(standsOutFromAll(samples, 'rgb(0, 0, 0)', '16px')).toBe(true);
    expect(standsOutFromAll(samples, 'rgb(128, 128, 128)', '16px')).toBe(false);
  });

  it('a picture that does not cover its box shows the box colour too', () => {
    const samples = samplesOf(pictureBehind([url(false)], WHITE), () => pixels([0, 0, 0, 255], 4))!;
    expect(standsOutFromAll(samples, 'rgb(255, 255, 255)', '16px')).toBe(false);
    expect(standsOutFromAll(samples, 'rgb(128, 128, 128)', '16px')).toBe(true);
  });

  it('a dark overlay gradient over a white picture makes white words stand out', () => {
    const overlay: PictureLayer = { kind: 'colours', colours: [{ r: 0, g: 0, b: 0, a: 0.7 }], covers: true };
    const samples = samplesOf(pictureBehind([overlay, url()], WHITE), () => pixels([255, 255, 255, 255], 4))!;
    expect(standsOutFromAll(samples, 'rgb(255, 255, 255)', '16px')).toBe(true);
  });

  it('a picture the page may not read, or see-through over a colour not known, proves nothing', () => {
    expect(samplesOf(pictureBehind([url()], DARK), () => null)).toBeNull();
    expect(samplesOf(pictureBehind([url()], null), () => pixels([0, 0, 0, 128], 4))).toBeNull();
  });

  it('a picture that does not load paints nothing: the colour below is what is behind', () => {
    const samples = samplesOf(pictureBehind([url()], DARK), () => 'none')!;
    expect(standsOutFromAll(samples, 'rgb(255, 255, 255)', '16px')).toBe(true);
    expect(standsOutFromAll(samples, 'rgb(34, 34, 34)', '16px')).toBe(false);
  });

  it('an empty set of colours proves nothing', () => {
    expect(standsOutFromAll(new Map(), 'rgb(0, 0, 0)', '16px')).toBe(false);
  });
});

describe('pixelColours', () => {
  it('keeps each colour once, and tells colours apart that differ in a high bit', () => {
    const read = pixelColours(pixels([10, 20, 30, 255], 1000, [200, 20, 30, 255], 3));
    expect(read).toHaveLength(2);
    expect(read[1]).toEqual({ r: 200, g: 20, b: 30, a: 1 });
  });
});
