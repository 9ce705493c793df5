import { describe, expect, it } from 'vitest';
import { normalize } from '@/lib/shared/normalize';
import { repairCitation, splitAtEllipses, unwrap, type RepairFragment } from './repair';

const texts: Array<[number, string, number?]> = [
  [1, 'The bridge opened in 1932 after six years of work. It carries eight lanes of traffic and two railway lines.', 2],
  [2, 'Tolls were collected until 1987. The pylons are made of granite quarried near the town of Moruya.'],
  [3, 'A museum in the south pylon tells the story of its building, with photographs and tools.'],
  [4, 'Tolls were collected until 1987 on the old ferry route as well.'],
];
const fragments = new Map<number, RepairFragment>(
  texts.map(([index, text, next]) => [index, { index, text: normalize(text), ...(next ? { next } : {}) }]),
);
const repair = (index: number, literal: string) => repairCitation(index, literal, fragments, 15);

describe('repairCitation, one slip at a time', () => {
  it('strips quotation marks around words that stand in the fragment', () => {
    expect(repair(1, '"It carries eight lanes of traffic"')).toEqual({
      classes: ['quote-marks'],
      index: 1,
      literal: 'It carries eight lanes of traffic',
    });
    expect(repair(1, '\u201CIt carries eight lanes of traffic.\u201D')?.literal).toBe('It carries eight lanes of traffic');
  });

  it('strips Markdown emphasis inside and around the quote', () => {
    expect(repair(1, 'It carries **eight lanes** of traffic')).toMatchObject({
      classes: ['emphasis'],
      literal: 'It carries eight lanes of traffic',
    });
    expect(repair(1, '*It carries eight lanes of traffic*')).toMatchObject({ classes: ['emphasis'] });
  });

  it('strips a list marker', () => {
    expect(repair(1, '- It carries eight lanes of traffic')).toMatchObject({ classes: ['list-marker'] });
    expect(repair(1, '2. It carries eight lanes of traffic')).toMatchObject({ classes: ['list-marker'] });
  });

  it('strips an ellipsis at either end, in any form', () => {
    for (const literal of [
      '...carries eight lanes of traffic',
      'It carries eight lanes \u2026',
      '[...] eight lanes of traffic and',
      '(…) eight lanes of traffic',
    ]) {
      expect([literal, repair(1, literal)?.classes]).toEqual([literal, ['edge-ellipsis']]);
    }
  });

  it('keeps "A … B" as two spans when both are long enough and stand in order in one fragment', () => {
    expect(repair(1, 'The bridge opened in 1932 ... two railway lines')).toEqual({
      classes: ['ellipsis-join'],
      index: 1,
      literal: 'The bridge opened in 1932 \u2026 two railway lines',
      parts: ['The bridge opened in 1932', 'two railway lines'],
    });
  });

  it('refuses "A … B" out of order, with a part too short, or with parts in two fragments', () => {
    expect(repair(1, 'two railway lines ... The bridge opened in 1932')).toBeNull();
    expect(repair(1, 'The bridge opened in 1932 … lanes')).toBeNull();
    expect(repair(1, 'The bridge opened in 1932 … Tolls were collected')).toBeNull();
  });

  it('re-points words cited under the wrong number to the one other fragment that holds them', () => {
    expect(repair(1, 'A museum in the south pylon')).toEqual({
      classes: ['wrong-index'],
      index: 3,
      literal: 'A museum in the south pylon',
    });
    expect(repair(9, 'A museum in the south pylon')).toMatchObject({ classes: ['wrong-index'], index: 3 });
  });

  it('does not re-point words that stand in several other fragments', () => {
    expect(repair(3, 'Tolls were collected until 1987')).toBeNull();
  });

  it('accepts a quote running from one passage into the next of its frame, cited under either', () => {
    const literal = 'two railway lines. Tolls were collected until 1987';
    expect(repair(1, literal)).toEqual({ classes: ['across-passages'], index: 1, literal, runsInto: 2 });
    expect(repair(2, literal)).toMatchObject({ classes: ['across-passages'], index: 1, runsInto: 2 });
  });

  it('does not join passages that do not follow each other', () => {
    expect(repair(2, 'near the town of Moruya. A museum in the south pylon')).toBeNull();
  });

  it('records two slips of one quote, each once', () => {
    expect(repair(2, '"A museum in the **south** pylon"')?.classes.sort()).toEqual(['emphasis', 'quote-marks', 'wrong-index']);
  });
});

describe('repairCitation never changes words', () => {
  it.each([
    ['a changed word', 'It carries nine lanes of traffic'],
    ['an added word', 'It carries eight wide lanes of traffic'],
    ['a dropped word', 'It carries eight of traffic and two'],
    ['a translated quote', 'Lleva ocho carriles de tráfico'],
    ['an invented quote', '"The bridge was painted grey in 1950"'],
    ['a part of "A … B" with a changed word', 'The bridge opened in 1933 … two railway lines'],
  ])('%s is not repaired', (_, literal) => {
    expect(repair(1, literal)).toBeNull();
  });
});

describe('unwrap and splitAtEllipses', () => {
  it('leave the words themselves alone', () => {
    expect(unwrap('  "**It** carries"  ')).toEqual({ text: 'It carries', classes: ['emphasis', 'quote-marks'] });
    expect(unwrap('It carries')).toEqual({ text: 'It carries', classes: [] });
    expect(splitAtEllipses('a b . . . c d [...] e')).toEqual(['a b', 'c d', 'e']);
  });
});
