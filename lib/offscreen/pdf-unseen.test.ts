import { describe, expect, it } from 'vitest';
import { pageGlyphs, withoutUnseen } from './pdf-unseen';

const OPS = { save: 10, restore: 11, setTextRenderingMode: 38, setFillRGBColor: 59, showText: 44, paintImageXObject: 85 };
const glyphs = (text: string) => [[...text].map((unicode) => ({ unicode }))];
const item = (str: string) => ({ str, hasEOL: true });

describe('words of a PDF no reader sees', () => {
  const list = {
    fnArray: [44, 10, 38, 44, 11, 59, 44, 59, 44],
    argsArray: [
      glyphs('Seen words.'),
      null,
      [3],
      glyphs('Invisible words.'),
      null,
      ['#ffffff'],
      glyphs('White words.'),
      ['#202020'],
      glyphs('Dark words.'),
    ],
  };

  it('are the glyphs drawn in render mode 3 or in white, on a page that paints no picture', () => {
    const items = [item('Seen words.'), item('Invisible words.'), item('White words.'), item('Dark words.')];
    expect(withoutUnseen(items, pageGlyphs(list, OPS)).map((i) => i.str)).toEqual(['Seen words.', '', '', 'Dark words.']);
  });

  it('are cut out of an item that holds seen words too', () => {
    const mixed = { fnArray: [44, 38, 44], argsArray: [glyphs('Seen '), [3], glyphs('hidden')] };
    expect(withoutUnseen([item('Seen hidden')], pageGlyphs(mixed, OPS)).map((i) => i.str)).toEqual(['Seen ']);
  });

  it('are type under a point, wherever it is drawn', () => {
    const items = [
      { str: 'Seen words.', hasEOL: true, transform: [11, 0, 0, 11, 56, 700] },
      { str: 'Speck words.', hasEOL: true, transform: [0.5, 0, 0, 0.5, 56, 690] },
    ];
    const plain = { fnArray: [44, 44], argsArray: [glyphs('Seen words.'), glyphs('Speck words.')] };
    expect(withoutUnseen(items, pageGlyphs(plain, OPS)).map((i) => i.str)).toEqual(['Seen words.', '']);
  });

  it('stay on a page that paints a picture: a scan’s text layer is read in it', () => {
    const scan = { fnArray: [85, ...list.fnArray], argsArray: [null, ...list.argsArray] };
    const items = [item('Seen words.'), item('Invisible words.')];
    expect(withoutUnseen(items, pageGlyphs(scan, OPS))).toEqual(items);
  });

  it('include an item the drawing does not hold, and every word of a page whose drawing could not be read', () => {
    const items = [item('Seen words.'), item('Words from nowhere.')];
    expect(withoutUnseen(items, pageGlyphs(list, OPS)).map((i) => i.str)).toEqual(['Seen words.', '']);
    expect(withoutUnseen(items, null).map((i) => i.str)).toEqual(['', '']);
    // A page that draws nothing unseen is read as it is.
    const plain = { fnArray: [44], argsArray: [glyphs('Seen words.')] };
    expect(withoutUnseen(items, pageGlyphs(plain, OPS))).toEqual(items);
  });
});
