import { describe, expect, it } from 'vitest';
import {
  borderRing,
  bordersHide,
  hidesWhatIsUnder,
  imageHides,
  insetFill,
  mayBeOpaque,
  mayCoverWords,
  outlineRing,
  outlines,
  ringBands,
  ringHolds,
  shadowReach,
} from './cover-style';

describe('box shadows that cover', () => {
  it('measures how far an opaque spread shadow paints on every side, and whether an inset one fills the box', () => {
    expect(shadowReach('rgb(255, 255, 255) 0px 0px 0px 2000px')).toBe(2000);
    expect(shadowReach('rgb(255, 255, 255) 10px 0px 0px 300px')).toBe(290);
    // Not opaque (a modal's dimmed backdrop), blurred only, or inset: it paints no opaque ring.
    expect(shadowReach('rgba(0, 0, 0, 0.5) 0px 0px 0px 9999px')).toBe(0);
    expect(shadowReach('rgb(0, 0, 0) 0px 0px 8px 0px')).toBe(0);
    expect(shadowReach('rgb(255, 255, 255) 0px 0px 0px 1000px inset')).toBe(0);
    expect(insetFill('rgb(255, 255, 255) 0px 0px 0px 1000px inset')).toBe(true);
    expect(insetFill('rgba(0, 0, 0, 0.2) 0px 0px 0px 1000px inset')).toBe(false);
    expect(insetFill('none')).toBe(false);
  });

  it('counts a shadow in a colour syntax not read as opaque (unknown is not seen)', () => {
    expect(shadowReach('oklch(1 0 0) 0px 0px 0px 400px')).toBe(400);
    expect(insetFill('lab(100 0 0) 0px 0px 0px 1000px inset')).toBe(true);
    // Read as not fully opaque, in any syntax: it lets the words show.
    expect(insetFill('oklch(1 0 0 / 0) 0px 0px 0px 1000px inset')).toBe(false);
  });
});

describe('boxes placed over the words', () => {
  const style = (box: Partial<Record<'backgroundColor' | 'boxShadow', string>>) =>
    ({
      backgroundColor: 'rgba(0, 0, 0, 0)',
      boxShadow: 'none',
      getPropertyValue: () => 'none',
      ...box,
    }) as unknown as CSSStyleDeclaration;

  it('asks a box whose background is opaque or in a syntax not read, and lets one read as see-through be', () => {
    expect(hidesWhatIsUnder(style({ backgroundColor: 'rgb(255, 255, 255)' }))).toBe(true);
    expect(hidesWhatIsUnder(style({ backgroundColor: 'oklch(1 0 0)' }))).toBe(true);
    expect(hidesWhatIsUnder(style({ backgroundColor: 'color-mix(in oklch, white, black)' }))).toBe(true);
    expect(hidesWhatIsUnder(style({ backgroundColor: 'rgba(255, 255, 255, 0.5)' }))).toBe(false);
    expect(hidesWhatIsUnder(style({ backgroundColor: 'oklch(1 0 0 / 0)' }))).toBe(false);
    expect(hidesWhatIsUnder(style({}))).toBe(false);
  });
});

describe('outlines that cover', () => {
  const style = (outline: Partial<Record<'outlineStyle' | 'outlineWidth' | 'outlineColor' | 'outlineOffset', string>>) =>
    ({
      outlineStyle: 'solid',
      outlineWidth: '10px',
      outlineColor: 'rgb(255, 255, 255)',
      outlineOffset: '0px',
      ...outline,
    }) as CSSStyleDeclaration;
  const box = { left: 100, top: 100, right: 300, bottom: 120 };

  it('paints a ring from the box moved by the offset, as wide as the outline', () => {
    expect(outlineRing(style({}), box)).toEqual({ left: 90, top: 90, right: 310, bottom: 130, hole: box });
    expect(outlineRing(style({ outlineOffset: '5px' }), box)).toEqual({
      left: 85,
      top: 85,
      right: 315,
      bottom: 135,
      hole: { left: 95, top: 95, right: 305, bottom: 125 },
    });
  });

  it('fills the whole box when drawn inwards past its middle, and a box of no height is all ring', () => {
    expect(outlineRing(style({ outlineWidth: '24px', outlineOffset: '-24px' }), box)).toEqual(box);
    expect(outlineRing(style({ outlineWidth: '13px' }), { left: 0, top: 50, right: 200, bottom: 50 })).toEqual({
      left: -13,
      top: 37,
      right: 213,
      bottom: 63,
    });
  });

  it('paints none where the outline is not drawn or lets what is under it show', () => {
    expect(outlineRing(style({ outlineStyle: 'none' }), box)).toBeNull();
    expect(outlineRing(style({ outlineWidth: '0px' }), box)).toBeNull();
    expect(outlineRing(style({ outlineColor: 'rgba(255, 255, 255, 0.5)' }), box)).toBeNull();
    expect(outlineRing(style({ outlineColor: 'transparent' }), box)).toBeNull();
    expect(outlineRing(style({ outlineColor: 'oklch(0.9 0.1 200 / 0)' }), box)).toBeNull();
  });

  it('paints where its colour is in a syntax not read: not known to let the words show', () => {
    expect(outlineRing(style({ outlineColor: 'oklch(0.98 0.01 200)' }), box)).toEqual({
      left: 90,
      top: 90,
      right: 310,
      bottom: 130,
      hole: box,
    });
    expect(outlines(style({ outlineStyle: 'none' }))).toBe(false);
    expect(outlines(style({ outlineStyle: 'auto' }))).toBe(true);
  });
});

describe('the bands an outline paints', () => {
  it('are the four sides around the hole, or the whole ring when it has none', () => {
    const hole = { left: 100, top: 100, right: 300, bottom: 120 };
    expect(ringBands({ left: 90, top: 90, right: 310, bottom: 130, hole })).toEqual([
      { left: 90, top: 90, right: 310, bottom: 100 },
      { left: 90, top: 120, right: 310, bottom: 130 },
      { left: 90, top: 100, right: 100, bottom: 120 },
      { left: 300, top: 100, right: 310, bottom: 120 },
    ]);
    const filled = { left: 0, top: 0, right: 50, bottom: 24 };
    expect(ringBands(filled)).toEqual([filled]);
  });
});

describe('paint opaque enough to hide words', () => {
  it('hides them under a colour at 0.95 as under one at 1, and not under one at 0.8 or drawn at half opacity', () => {
    expect(mayBeOpaque('rgb(255, 255, 255)')).toBe(true);
    expect(mayBeOpaque('rgba(255, 255, 255, 0.95)')).toBe(true);
    expect(mayBeOpaque('rgba(255, 255, 255, 0.8)')).toBe(false);
    expect(mayBeOpaque('rgb(255, 255, 255)', 0.5)).toBe(false);
    // A syntax not read may be opaque: it hides, unless drawn at an opacity that lets them show.
    expect(mayBeOpaque('oklch(1 0 0)')).toBe(true);
    expect(mayBeOpaque('oklch(1 0 0)', 0.5)).toBe(false);
  });

  it('shows no word through a hole narrower or shorter than the least glyph', () => {
    const words = { left: 10, top: 10, right: 90, bottom: 30 };
    const ring = { left: 0, top: 0, right: 100, bottom: 40 };
    expect(ringHolds({ ...ring, hole: { left: 20, top: 20, right: 21, bottom: 21 } }, words)).toBe(true);
    expect(ringHolds({ ...ring, hole: { left: 20, top: 12, right: 60, bottom: 28 } }, words)).toBe(false);
  });
});

describe('a wide opaque border over words', () => {
  // (A side whose style is none has a computed width of 0.)
  const sides = (width: string, colour = 'rgb(255, 255, 255)') =>
    Object.fromEntries(
      ['Top', 'Right', 'Bottom', 'Left'].flatMap((s) => [
        [`border${s}Width`, width],
        [`border${s}Color`, colour],
      ]),
    ) as unknown as CSSStyleDeclaration;
  const box = { left: 0, top: 0, right: 200, bottom: 100 };

  it('paints the ring between its border box and its padding box, on the sides as wide as a glyph', () => {
    expect(borderRing(sides('20px'), box)).toEqual({ ...box, hole: { left: 20, top: 20, right: 180, bottom: 80 } });
    // Wider than half the box: no hole, the whole box is painted.
    expect(borderRing(sides('60px'), box)).toEqual(box);
    expect(bordersHide(sides('20px'))).toBe(true);
  });

  it('hides nothing where it is thin, see-through or not drawn (a width of 0); a colour not read counts as opaque', () => {
    expect(borderRing(sides('2px'), box)).toBeNull();
    expect(borderRing(sides('20px', 'rgba(255, 255, 255, 0.3)'), box)).toBeNull();
    expect(borderRing(sides('0px'), box)).toBeNull();
    expect(bordersHide(sides('2px'))).toBe(false);
    expect(borderRing(sides('20px', 'oklch(1 0 0)'), box)).not.toBeNull();
  });
});

describe('what the walk notes as a box that may cover words', () => {
  const block = (props: Record<string, string>) =>
    ({
      backgroundColor: 'rgb(255, 255, 255)',
      boxShadow: 'none',
      borderTopWidth: '0px',
      borderRightWidth: '0px',
      borderBottomWidth: '0px',
      borderLeftWidth: '0px',
      getPropertyValue: (name: string) => props[name] ?? '',
    }) as unknown as CSSStyleDeclaration;

  it('asks a block in the flow that holds nothing whether a transform or an opacity paints it over the words of its layer', () => {
    const moved = block({ transform: 'matrix(1, 0, 0, 1, 0, -48)' });
    expect(mayCoverWords(moved, false, 'static', 'block', true)).toBe(true);
    expect(mayCoverWords(block({ opacity: '0.99' }), false, 'static', 'block', true)).toBe(true);
    // One with words of its own is left to the proof; a plain block paints under every word.
    expect(mayCoverWords(moved, false, 'static', 'block', false)).toBe(false);
    expect(mayCoverWords(block({}), false, 'static', 'block', true)).toBe(false);
    // Placed: noted whatever it holds.
    expect(mayCoverWords(block({}), false, 'absolute', 'block', false)).toBe(true);
  });
});

describe('a background image over the words', () => {
  it('hides what is under it where it is a picture, a gradient of opaque colours, or a kind not read', () => {
    expect(imageHides('url("https://example.org/white.png")')).toBe(true);
    expect(imageHides('linear-gradient(rgb(255, 255, 255), rgb(255, 255, 255))')).toBe(true);
    expect(imageHides('linear-gradient(oklch(1 0 0), oklch(1 0 0))')).toBe(true);
    expect(imageHides('image-set(url("a.png") 1x)')).toBe(true);
    // Any layer that hides is enough.
    expect(imageHides('linear-gradient(rgba(0, 0, 0, 0), rgba(0, 0, 0, 0)), url("a.png")')).toBe(true);
  });

  it('lets the words show through none, or a gradient through a see-through colour (a fade)', () => {
    expect(imageHides('none')).toBe(false);
    expect(imageHides('linear-gradient(rgba(255, 255, 255, 0), rgb(255, 255, 255))')).toBe(false);
    expect(imageHides('radial-gradient(rgba(0, 0, 0, 0.2), rgba(0, 0, 0, 0))')).toBe(false);
  });

  it('counts a wide border whose colour lets words show as painted where a border image paints it', () => {
    const imaged = {
      borderTopWidth: '40px',
      borderRightWidth: '0px',
      borderBottomWidth: '0px',
      borderLeftWidth: '0px',
      borderTopColor: 'rgba(0, 0, 0, 0)',
      borderImageSource: 'linear-gradient(rgb(255, 255, 255), rgb(255, 255, 255))',
    } as unknown as CSSStyleDeclaration;
    expect(bordersHide(imaged)).toBe(true);
    expect(bordersHide({ ...imaged, borderImageSource: 'none' } as unknown as CSSStyleDeclaration)).toBe(false);
  });
});
