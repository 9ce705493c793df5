import { describe, expect, it } from 'vitest';
import { readableShadow, uniformImageColour } from './behind';

describe('readableShadow', () => {
  it('counts a shadow that draws the glyphs again where a reader can read them', () => {
    expect(readableShadow('rgb(51, 51, 51) 0px 0px 0px')).toBe(true);
    expect(readableShadow('rgba(0, 0, 0, 0.5) 1px 1px 2px')).toBe(true);
    // One readable shadow among others is enough.
    expect(readableShadow('rgba(0, 0, 0, 0) 0px 0px 0px, rgb(200, 0, 0) 2px 2px 1px')).toBe(true);
  });

  it('does not count a shadow of no colour, blurred to a haze, or thrown off the page', () => {
    expect(readableShadow('rgba(0, 0, 0, 0) 0px 0px 0px')).toBe(false);
    expect(readableShadow('rgba(0, 0, 0, 0.05) 0px 0px 0px')).toBe(false);
    expect(readableShadow('rgb(0, 0, 0) 0px 0px 30px')).toBe(false);
    expect(readableShadow('rgb(0, 0, 0) -9999px 0px 0px')).toBe(false);
  });

  it('does not count a shadow the colour of what is behind it, where that is known', () => {
    const white = { r: 255, g: 255, b: 255, a: 1 };
    expect(readableShadow('rgb(255, 255, 255) 0px 0px 0px', white)).toBe(false);
    expect(readableShadow('rgb(51, 51, 51) 0px 0px 0px', white)).toBe(true);
  });
});

describe('uniformImageColour', () => {
  it('is the colour of gradients whose every stop is opaque and alike', () => {
    expect(uniformImageColour('linear-gradient(rgb(255, 255, 255), rgb(255, 255, 255))')).toEqual({
      r: 255,
      g: 255,
      b: 255,
      a: 1,
    });
    expect(uniformImageColour('linear-gradient(90deg, rgb(17, 17, 17) 0%, rgb(20, 20, 20) 100%)')).toEqual({
      r: 17,
      g: 17,
      b: 17,
      a: 1,
    });
  });

  it('is not known for a picture, stops that differ or see through, or a colour it does not read', () => {
    expect(uniformImageColour('url("https://example.com/a.png")')).toBeNull();
    expect(uniformImageColour('linear-gradient(rgb(0, 0, 0), rgb(255, 255, 255))')).toBeNull();
    expect(uniformImageColour('linear-gradient(rgba(255, 255, 255, 0.5), rgb(255, 255, 255))')).toBeNull();
    expect(uniformImageColour('linear-gradient(oklch(0.9 0 0), rgb(255, 255, 255))')).toBeNull();
    expect(uniformImageColour('linear-gradient(rgb(255, 255, 255), rgb(255, 255, 255)), url("a.png")')).toBeNull();
  });
});
