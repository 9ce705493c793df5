import { describe, expect, it } from 'vitest';
import { normalize } from '@/lib/shared/text/normalize';
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

  it('never joins spans across a negation the join leaves out: the quote would say what the page does not', () => {
    const policy = new Map<number, RepairFragment>([
      [
        1,
        { index: 1, text: normalize('Critics said the policy will not reduce crime significantly, and police chiefs agreed.') },
      ],
    ]);
    expect(repairCitation(1, 'the policy will … reduce crime significantly', policy, 10)).toBeNull();
    const spanish = new Map<number, RepairFragment>([
      [1, { index: 1, text: normalize('El ayuntamiento dijo que la reforma no reducirá el gasto público este año.') }],
    ]);
    expect(repairCitation(1, 'que la reforma … reducirá el gasto público', spanish, 10)).toBeNull();
    expect(
      repairCitation(
        1,
        'the policy will … reduce crime',
        new Map([[1, { index: 1, text: normalize("the policy will hardly reduce crime, nor won't it reduce crime") }]]),
        10,
      ),
    ).toBeNull();
  });

  it('never joins spans far apart in a fragment, however they read', () => {
    const filler = ' The council met on Tuesday and discussed the budget at length.'.repeat(5);
    const far = new Map<number, RepairFragment>([
      [1, { index: 1, text: normalize(`The new bridge will carry trains.${filler} Its opening is planned for May next year.`) }],
    ]);
    expect(repairCitation(1, 'The new bridge will carry trains … Its opening is planned for May', far, 10)).toBeNull();
    // The same two spans close together are a fair join.
    const near = new Map<number, RepairFragment>([
      [
        1,
        {
          index: 1,
          text: normalize('The new bridge will carry trains. The council met. Its opening is planned for May next year.'),
        },
      ],
    ]);
    expect(repairCitation(1, 'The new bridge will carry trains … Its opening is planned for May', near, 10)?.parts).toHaveLength(
      2,
    );
  });

  it('finds a close placement of the spans when their first occurrences are far apart', () => {
    const filler = ' Nothing else of note happened that week in the town.'.repeat(5);
    const text = normalize(`The ferry runs hourly.${filler} The ferry runs hourly, from the north quay.`);
    const r = repairCitation(1, 'The ferry runs hourly … from the north quay', new Map([[1, { index: 1, text }]]), 10);
    expect(r?.parts).toEqual(['The ferry runs hourly', 'from the north quay']);
  });

  it('keeps every span of a join within one passage when two short passages share a fragment', () => {
    const north = 'Tickets for the north pier cost five euros.';
    const south = 'Tickets for the south pier are free on Sundays.';
    const text = normalize(`${north}\n${south}`);
    const starts = [text.indexOf(normalize(south))];
    const quote = 'Tickets for the north pier … are free on Sundays';
    // The gap is short and says no "not": only the seam between the passages tells it is no quote.
    expect(repairCitation(1, quote, new Map([[1, { index: 1, text }]]), 10)?.parts).toHaveLength(2);
    expect(repairCitation(1, quote, new Map([[1, { index: 1, text, starts }]]), 10)).toBeNull();
    // Within either passage a join stands.
    expect(
      repairCitation(1, 'Tickets for the south pier … free on Sundays', new Map([[1, { index: 1, text, starts }]]), 10)?.parts,
    ).toEqual(['Tickets for the south pier', 'free on Sundays']);
    // Passages that cannot be told apart make no join.
    expect(
      repairCitation(1, 'Tickets for the south pier … free on Sundays', new Map([[1, { index: 1, text, starts: null }]]), 10),
    ).toBeNull();
  });

  it('joins at most eight spans, the most the page can be asked to prove', () => {
    const words = Array.from({ length: 9 }, (_, i) => `clause number ${i + 1} of the act`);
    const text = normalize(words.join(', and '));
    const frag = new Map([[1, { index: 1, text }]]);
    expect(repairCitation(1, words.slice(0, 8).join(' … '), frag, 10)?.parts).toHaveLength(8);
    expect(repairCitation(1, words.join(' … '), frag, 10)).toBeNull();
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
