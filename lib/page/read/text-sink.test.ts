// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { BLOCK, BOX, CELL, INLINE, TextSink, boxKind, collapse, hasWords } from './text-sink';

/** A sink and a small script to write to it: strings are text nodes, the rest edges. */
function write(steps: Array<string | ((sink: TextSink) => void)>, options: { keepSegments?: boolean; isItem?: boolean } = {}) {
  const sink = new TextSink(options.keepSegments ?? true);
  for (const step of steps) {
    if (typeof step === 'string') sink.text(document.createTextNode(step), step, hasWords(step), options.isItem ?? false);
    else step(sink);
  }
  return sink.finish();
}

const block = (s: TextSink) => s.enter(BLOCK);
const cell = (s: TextSink) => s.enter(CELL);
const box = (s: TextSink) => s.enter(BOX);
const open = (s: TextSink) => s.enter(INLINE);
const close = (s: TextSink) => s.leave(INLINE);
const br = (s: TextSink) => s.lineBreak();
const link = (href: string | null) => (s: TextSink) => {
  if (href === null) {
    s.link = null;
    return;
  }
  const a = document.createElement('a');
  a.setAttribute('href', href);
  s.link = a;
};

function blockTexts(out: ReturnType<TextSink['finish']>): string[] {
  return out.blocks.map((b) => collapse(out.text.slice(b.start, b.end)));
}

describe('TextSink', () => {
  it('writes text nodes untouched and keeps where each one sits', () => {
    const out = write(['Hello ', 'bold', 'italic', '  world']);
    expect(out.text).toBe('Hello bolditalic  world');
    expect(out.segments.map((s) => out.text.slice(s.start, s.end))).toEqual(['Hello ', 'bold', 'italic', '  world']);
    expect(out.segments.map((s) => s.node.data)).toEqual(['Hello ', 'bold', 'italic', '  world']);
  });

  it('keeps no segments when asked not to, and writes the same text', () => {
    const steps = ['a', block, 'b', br, 'c'];
    const out = write(steps, { keepSegments: false });
    expect(out.segments).toEqual([]);
    expect(out.text).toBe(write(steps).text);
  });

  it('keeps blocks, lines and cells apart with one separator, and none at the start', () => {
    const out = write([block, block, 'first', block, block, 'second', br, br, 'line', cell, 'cellA', cell, cell, 'cellB', block]);
    expect(out.text).toBe('first\nsecond\nline\ncellA\ncellB\n');
    // <br> and cells keep words apart inside a block; only block edges end one.
    expect(blockTexts(out)).toEqual(['first', 'second line cellA cellB']);
  });

  it('makes no block of white space alone', () => {
    const out = write([block, '\n   ', block, 'words', block, ' ', block]);
    expect(blockTexts(out)).toEqual(['words']);
  });

  it('keeps words apart around an inline box only where they would touch', () => {
    expect(write(['Price', box, '12 EUR', box, 'now']).text).toBe('Price\n12 EUR\nnow');
    // Written against the box: brackets, dashes, slashes, quotes, punctuation; or a space.
    expect(write(['a series of ', box, 'if', box, '-blocks (of a ', box, 'c/o', box, ').']).text).toBe(
      'a series of if-blocks (of a c/o).',
    );
    expect(write(['"', box, 'x', box, '" and ', box, 'Map', box, "'s keys", box, 'end']).text).toBe('"x" and Map\'s keys\nend');
    // The box edge counts for the next text only.
    expect(write(['a', box, ' ', 'b']).text).toBe('a b');
  });

  it('keeps side-by-side links apart when the next one starts a new word, and only then', () => {
    const tags = write([link('#1'), 'Survival Horror', link('#2'), 'Zombies', link('#3'), '3D']);
    expect(tags.text).toBe('Survival Horror\nZombies\n3D');
    // A word cut into links to one place, footnote marks, text after a space: as shown.
    expect(write([link('#d'), 'D', link('#d'), 'ata']).text).toBe('Data');
    expect(write(['See', link('#n1'), '[12]', link('#n2'), '[13]']).text).toBe('See[12][13]');
    expect(write([link('#a'), 'one ', link('#b'), 'Two']).text).toBe('one Two');
    // Links to different places are two things even when the second starts in lower case.
    expect(write([link('/team'), 'Team-Based', link('/esports'), 'eSports']).text).toBe('Team-Based\neSports');
    // A tag may end in a sign; a link that opens a bracket, quote or dash is written against the next.
    expect(write([link('/t/lgbtq'), 'LGBTQ+', link('/t/horror'), 'Psychological Horror']).text).toBe(
      'LGBTQ+\nPsychological Horror',
    );
    expect(write([link('#1'), 'Part (', link('#2'), 'See']).text).toBe('Part (See');
    // Plain text after a link, and a link after plain text, are read as written.
    expect(write([link('#x'), 'Linked', link(null), 'Tail']).text).toBe('LinkedTail');
    expect(write(['un', link('#x'), 'Linked']).text).toBe('unLinked');
  });

  it('keeps two inline elements of one link apart where the second plainly starts a new word, and only there', () => {
    const a = link('/p/1');
    // <a><span>La Sportiva</span><span>Aragon Climbing Shoes</span></a>: a brand and a product name.
    expect(write([a, open, 'La Sportiva', close, open, 'Aragon', close]).text).toBe('La Sportiva\nAragon');
    expect(write([a, open, 'TENAYA', close, open, open, 'Indalo', close, close]).text).toBe('TENAYA\nIndalo');
    expect(write([a, open, 'La Sportiva', close, open, 'TC Pro', close]).text).toBe('La Sportiva\nTC Pro');
    // Words written against each other inside one element, or between an element and bare
    // text, stay as written; so do a lower-case start, a single capital, and punctuation.
    expect(write([a, open, 'iPhone', close]).text).toBe('iPhone');
    expect(write([a, 'un', open, 'Linked', close]).text).toBe('unLinked');
    expect(write([a, open, 'Java', close, 'Script']).text).toBe('JavaScript');
    expect(write([a, open, 'bold', close, open, 'italic', close]).text).toBe('bolditalic');
    expect(write([a, open, 'ISBN', close, open, 'X', close]).text).toBe('ISBNX');
    expect(write([a, open, 'end.', close, open, 'Next', close]).text).toBe('end.Next');
    // Outside links (a caption glued to its credit), and from outside a link into one: as written.
    expect(write([open, 'Credit', close, open, 'Chang W. Lee', close]).text).toBe('CreditChang W. Lee');
    expect(write([open, 'Posted by', close, a, open, 'Jo', close]).text).toBe('Posted byJo');
  });

  it('makes text of a flex or grid container an item, and block, of its own', () => {
    const out = write(['Home', 'About'], { isItem: true });
    expect(out.text).toBe('Home\nAbout\n');
    expect(blockTexts(out)).toEqual(['Home', 'About']);
  });

  it('gives each block the nearest heading above it, and a section shared with that heading', () => {
    const heading = (level: number, text: string) => (s: TextSink) => {
      s.enter(BLOCK);
      expect(s.openHeading(level)).toBe(true);
      s.text(document.createTextNode(text), text, true, false);
      s.closeHeading();
    };
    const out = write([
      block,
      'intro',
      block,
      heading(1, 'Main  title'),
      'first',
      block,
      heading(2, 'Sub\npart'),
      'second',
      block,
      'third',
    ]);
    expect(out.blocks.map((b) => [collapse(out.text.slice(b.start, b.end)), b.heading ?? null, b.headingLevel ?? 0])).toEqual([
      ['intro', null, 0],
      ['Main title', null, 1],
      ['first', 'Main title', 0],
      ['Sub part', 'Main title', 2],
      ['second', 'Sub part', 0],
      ['third', 'Sub part', 0],
    ]);
    expect(out.blocks[3]!.section).toBe(out.blocks[4]!.section);
    expect(out.blocks[4]!.section).toBe(out.blocks[5]!.section);
    expect(out.blocks[2]!.section).not.toBe(out.blocks[3]!.section);
    expect(out.blocks[0]!.section).toBe(0);
  });

  it('reads a heading inside a heading as its text', () => {
    const sink = new TextSink(false);
    sink.enter(BLOCK);
    expect(sink.openHeading(2)).toBe(true);
    sink.text(document.createTextNode('Outer '), 'Outer ', true, false);
    expect(sink.openHeading(3)).toBe(false);
    sink.text(document.createTextNode('inner'), 'inner', true, false);
    sink.closeHeading();
    sink.text(document.createTextNode('body'), 'body', true, false);
    const out = sink.finish();
    expect(out.blocks).toMatchObject([{ headingLevel: 2 }, { heading: 'Outer inner', section: 1 }]);
  });
});

describe('boxKind', () => {
  it('says how an element sits among its neighbours by its tag, its display, and its parent', () => {
    expect(boxKind('div', 'inline', false)).toBe(BLOCK); // a block tag whatever its style
    expect(boxKind('span', 'block', false)).toBe(BLOCK);
    expect(boxKind('span', 'flex', false)).toBe(BLOCK);
    expect(boxKind('span', 'table-row', false)).toBe(BLOCK);
    expect(boxKind('span', 'inline', true)).toBe(BLOCK); // an item of a flex or grid container
    expect(boxKind('td', 'table-cell', false)).toBe(CELL);
    expect(boxKind('span', 'table-cell', false)).toBe(CELL);
    expect(boxKind('td', '', false)).toBe(CELL);
    expect(boxKind('span', 'inline-block', false)).toBe(BOX);
    expect(boxKind('button', 'inline-flex', false)).toBe(BOX);
    expect(boxKind('span', 'inline', false)).toBe(INLINE);
    expect(boxKind('b', 'contents', false)).toBe(INLINE);
    expect(boxKind('ruby', 'ruby', false)).toBe(INLINE);
    expect(boxKind('x-thing', '', false)).toBe(INLINE); // no style known
  });
});

describe('hasWords', () => {
  it('is true for text with any character that is not white space', () => {
    for (const s of ['a', ' a', '\n\t x', '\u00a0\u2003—', '€', '\u0085']) expect(hasWords(s), JSON.stringify(s)).toBe(true);
    for (const s of [' ', '\n\t  ', '\u00a0', '\u2003\u3000', '\ufeff']) expect(hasWords(s), JSON.stringify(s)).toBe(false);
  });
});
