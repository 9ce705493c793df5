import { describe, expect, it } from 'vitest';
import { coversBox, gradientColours, pictureLayers, topLevel } from './picture-layers';

describe('pictureLayers', () => {
  it('reads a picture and a gradient over it, top first, with the URL unquoted', () => {
    const layers = pictureLayers(
      'linear-gradient(rgba(0, 0, 0, 0.5), rgba(0, 0, 0, 0.5)), url("https://example.com/a,b.png")',
      'repeat, no-repeat',
      'auto, auto',
    );
    expect(layers).toHaveLength(2);
    expect(layers![0]).toMatchObject({ kind: 'colours', covers: true });
    expect(layers![1]).toEqual({ kind: 'url', url: 'https://example.com/a,b.png', covers: false });
  });

  it('repeats the repeat and size lists as CSS does', () => {
    const layers = pictureLayers('url("a.png"), url("b.png"), url("c.png")', 'no-repeat, repeat', 'auto');
    expect(layers!.map((l) => 'covers' in l && l.covers)).toEqual([false, true, false]);
  });

  it('a layer in a syntax not read makes the whole picture unknown', () => {
    expect(pictureLayers('image-set(url("a.png") 1x), url("b.png")', 'repeat', 'auto')).toBeNull();
    expect(pictureLayers('linear-gradient(oklch(0.9 0.1 100), rgb(0, 0, 0))', 'repeat', 'auto')).toBeNull();
    expect(pictureLayers('paint(squiggle)', 'repeat', 'auto')).toBeNull();
  });

  it('keeps escaped quotes inside a URL', () => {
    expect(pictureLayers('url("a\\"b.png")', 'repeat', 'auto')).toEqual([{ kind: 'url', url: 'a"b.png', covers: true }]);
  });
});

describe('coversBox', () => {
  it('a picture repeated both ways or sized to cover fills its box; one left alone or spaced does not', () => {
    expect(coversBox('repeat', 'auto')).toBe(true);
    expect(coversBox('round', '10px')).toBe(true);
    expect(coversBox('no-repeat', 'cover')).toBe(true);
    expect(coversBox('no-repeat', 'auto')).toBe(false);
    expect(coversBox('repeat-x', 'auto')).toBe(false);
    expect(coversBox('repeat no-repeat', 'auto')).toBe(false);
    expect(coversBox('space', 'auto')).toBe(false);
    expect(coversBox('no-repeat', 'contain')).toBe(false);
  });
});

describe('gradientColours', () => {
  it('samples between stops, where a hue turning dips below both ends in luminance', () => {
    const colours = gradientColours('linear-gradient(to right, rgb(255, 0, 0), rgb(0, 255, 0))')!;
    expect(colours[0]).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(colours.at(-1)).toEqual({ r: 0, g: 255, b: 0, a: 1 });
    const mid = colours[8]!;
    expect(mid.r).toBeCloseTo(127.5);
    expect(mid.g).toBeCloseTo(127.5);
  });

  it('interpolates alpha premultiplied: a fade to transparent keeps its colour', () => {
    const colours = gradientColours('linear-gradient(rgb(255, 255, 255), rgba(0, 0, 0, 0))')!;
    expect(colours[8]).toMatchObject({ r: 255, g: 255, b: 255 });
    expect(colours[8]!.a).toBeCloseTo(0.5);
  });

  it('reads nothing else', () => {
    expect(gradientColours('url("a.png")')).toBeNull();
    expect(gradientColours('linear-gradient(calc(10deg + 5deg), rgb(0, 0, 0), rgb(1, 1, 1))')).toBeNull();
  });
});

describe('topLevel', () => {
  it('splits at commas outside parentheses and quotes', () => {
    expect(topLevel('url("a,b"), linear-gradient(rgb(0, 0, 0), rgb(1, 2, 3)), none')).toEqual([
      'url("a,b")',
      'linear-gradient(rgb(0, 0, 0), rgb(1, 2, 3))',
      'none',
    ]);
  });
});
