import { describe, expect, it } from 'vitest';
import { filterEffect, glyphsHide } from './seen';
import { MIN_GLYPH_PX } from '@/lib/shared/seen';

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
