import { describe, expect, it } from 'vitest';
import { backdropOf, isPicture, type BackgroundStyle } from './backdrops';
import { parseColor } from './paint';
import { samplesOf } from './picture-samples';

const style = (over: Partial<BackgroundStyle>): BackgroundStyle => ({
  backgroundColor: 'rgba(0, 0, 0, 0)',
  backgroundImage: 'none',
  backgroundRepeat: 'repeat',
  backgroundSize: 'auto',
  backgroundClip: 'border-box',
  backgroundBlendMode: 'normal',
  ...over,
});
const WHITE = { r: 255, g: 255, b: 255, a: 1 };
const read = (v: string) => parseColor(v);

describe('backdropOf', () => {
  it('a box that paints nothing shows what is below it', () => {
    expect(backdropOf(style({}), () => WHITE, read)).toBe(WHITE);
  });

  it('an opaque colour is what is behind, whatever is below', () => {
    let asked = false;
    const out = backdropOf(style({ backgroundColor: 'rgb(34, 34, 34)' }), () => ((asked = true), WHITE), read);
    expect(out).toEqual({ r: 34, g: 34, b: 34, a: 1 });
    expect(asked).toBe(false);
  });

  it('a picture over a dark colour is a picture, its base that colour', () => {
    const out = backdropOf(style({ backgroundColor: 'rgb(34, 34, 34)', backgroundImage: 'url("w.svg")' }), () => WHITE, read);
    expect(isPicture(out)).toBe(true);
    expect(isPicture(out) && out.base).toEqual({ r: 34, g: 34, b: 34, a: 1 });
  });

  it('a see-through colour over a picture below is one more layer of it', () => {
    const below = backdropOf(style({ backgroundImage: 'url("w.svg")' }), () => WHITE, read);
    const out = backdropOf(style({ backgroundColor: 'rgba(0, 0, 0, 0.5)' }), () => below, read);
    expect(isPicture(out) && out.layers.map((l) => l.kind)).toEqual(['colour', 'url']);
    expect(isPicture(out) && out.base).toEqual(WHITE);
  });

  it('a background clipped to the text is not behind it', () => {
    expect(backdropOf(style({ backgroundImage: 'url("w.svg")', backgroundClip: 'text' }), () => WHITE, read)).toBe(WHITE);
  });

  it('a colour not read is not known', () => {
    expect(
      backdropOf(
        style({ backgroundColor: 'oklch(0.5 0.1 100)' }),
        () => WHITE,
        () => null,
      ),
    ).toBeNull();
  });

  it('a layer not read, or layers blended, make a picture whose colours are not known (words over it unproven)', () => {
    for (const over of [
      { backgroundImage: 'paint(x)' },
      { backgroundImage: 'url("w.svg")', backgroundBlendMode: 'normal, screen' },
    ]) {
      const out = backdropOf(style({ backgroundColor: 'rgb(34, 34, 34)', ...over }), () => WHITE, read);
      expect(isPicture(out) && out.layers).toEqual([{ kind: 'unknown' }]);
      expect(isPicture(out) && samplesOf(out, () => null)).toBeNull();
    }
  });
});
