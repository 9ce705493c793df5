import { describe, expect, it } from 'vitest';
import { bodySize, pageBlocks, pageText, type PdfTextItem } from './pdf-text';

/** An item at baseline `y`, in type of `size`, as pdf.js gives it. */
const item = (str: string, y: number, size = 12, hasEOL = true, x = 72): PdfTextItem => ({
  str,
  hasEOL,
  transform: [size, 0, 0, size, x, y],
});

describe('pageText', () => {
  it('joins items as the text layer shows them: a line break between lines, none inside one', () => {
    const t = pageText([
      item('Tides ', 700, 12, false),
      item('rise twice', 700, 12, false, 110),
      item(' a day.', 700),
      item('They fall too.', 686),
    ]);
    expect(t.text).toBe('Tides rise twice a day.\nThey fall too.');
    expect(t.lines).toHaveLength(2);
    // Every item's text sits at its start offset: what the viewer maps back to its spans.
    expect(t.starts.map((s, i) => t.text.slice(s, s + ['Tides ', 'rise twice', ' a day.', 'They fall too.'][i]!.length))).toEqual(
      ['Tides ', 'rise twice', ' a day.', 'They fall too.'],
    );
  });

  it('reads a word cut at a line-end hyphen as one word, and keeps other line ends', () => {
    const t = pageText([item('returned it to the Panthers 4-', 700), item('yard line. Then -', 686), item('- nothing', 672)]);
    expect(t.text).toBe('returned it to the Panthers 4-yard line. Then -\n- nothing');
  });

  it('writes one break for an empty end-of-line item after a line without one', () => {
    const t = pageText([item('touchdowns.', 700, 12, false), item('', 675), item('The Broncos won.', 675)]);
    expect(t.text).toBe('touchdowns.\nThe Broncos won.');
  });
});

describe('pageBlocks', () => {
  const lines = (ys: number[], size = 12) => ys.map((y, i) => item(`Line ${i} of the text.`, y, size));

  it('cuts paragraphs at gaps wider than the usual line spacing, and finds headings by type size', () => {
    const items = [item('Harbour tides', 760, 24), ...lines([730, 716.5, 703, 689.5]), ...lines([664, 650.5])];
    const t = pageText(items);
    const blocks = pageBlocks(t, bodySize([{ items }]));
    const texts = blocks.map((b) => t.text.slice(b.start, b.end).replace(/\n/g, ' | '));
    expect(texts).toEqual([
      'Harbour tides',
      'Line 0 of the text. | Line 1 of the text. | Line 2 of the text. | Line 3 of the text.',
      'Line 0 of the text. | Line 1 of the text.',
    ]);
    expect(blocks[0]!.headingLevel).toBe(1);
    expect(blocks[1]!.heading).toBe('Harbour tides');
    expect(blocks[2]!.heading).toBe('Harbour tides');
    expect(blocks[1]!.section).toBe(blocks[0]!.section);
  });

  it('keeps double-spaced lines together (the spacing is the page’s own)', () => {
    const items = lines([700, 676, 652, 628]);
    const t = pageText(items);
    expect(pageBlocks(t, 12)).toHaveLength(1);
  });

  it('starts a new block where the text goes back up the page (a second column)', () => {
    const items = [
      ...lines([700, 686, 672]),
      item('Second column starts here.', 700, 12, true, 320),
      item('And goes on.', 686, 12, true, 320),
    ];
    const t = pageText(items);
    expect(pageBlocks(t, 12)).toHaveLength(2);
  });

  it('has no block for a page without text', () => {
    expect(pageBlocks(pageText([]), 12)).toEqual([]);
    expect(pageBlocks(pageText([item(' ', 700)]), 12)).toEqual([]);
  });
});

describe('pageText, lines broken at dashes', () => {
  it('joins a line broken after an en dash or before an em dash, not a list item’s dash nor a line ending in an em dash', () => {
    const t = pageText([
      { str: 'Schumpeter (1883–', hasEOL: true },
      { str: '1950) wrote about ecosystems', hasEOL: true },
      { str: '—of the order of tonnes.', hasEOL: true },
      { str: '– an item of a list, and Houbolt’s work—', hasEOL: true },
      { str: 'played a role.', hasEOL: true },
    ]);
    expect(t.text).toBe(
      'Schumpeter (1883–1950) wrote about ecosystems—of the order of tonnes.\n– an item of a list, and Houbolt’s work—\nplayed a role.',
    );
  });
});
