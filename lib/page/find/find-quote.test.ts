import { describe, expect, it } from 'vitest';
import { normalize, normalizeWithMap, sourceSpan } from '@/lib/shared/text/normalize';
import { findNormalized, normalizedAfter, normalizedBefore, searchText, type Span } from './find-quote';

/** What the search must always agree with: normalise everything, then indexOf. */
function bruteForce(source: string, needle: string): Span[] {
  const full = normalizeWithMap(source);
  const out: Span[] = [];
  for (let i = full.text.indexOf(needle); i >= 0; i = full.text.indexOf(needle, i + 1)) {
    out.push(sourceSpan(full, i, i + needle.length));
  }
  return out;
}

function find(source: string, quote: string): Span[] {
  return findNormalized(searchText(source), normalize(quote));
}

/** A small deterministic generator, so a failure can be replayed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// Letters, their other forms, and everything normalisation forgives or folds.
const ALPHABET = [
  'a',
  'b',
  'k',
  'K',
  '\u212a',
  'e',
  'E',
  '\u00e9',
  'e\u0301',
  'E\u0301',
  'i',
  'I',
  '\u0130',
  's',
  'S',
  '\u00df',
  '\u1e9e',
  ' ',
  '  ',
  '\n',
  '\u00a0',
  '\u00ad',
  '\u200b',
  '\ufeff',
  '-',
  '\u2013',
  "'",
  '\u2019',
  '"',
  '\u201c',
  '\u2026',
  '.',
  '\u6f22',
  '\u5b57',
  '\uf900',
  '\u8c48',
  '\u05e9',
  '\ufb2a',
  '\u05e9\u05c1',
  '\u0627',
  '\u0644',
  '\ud83d\ude00',
  '\u0301',
  '1',
  '2',
];

function randomText(next: () => number, length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += ALPHABET[Math.floor(next() * ALPHABET.length)]!;
  return s;
}

describe('findNormalized', () => {
  it('finds exactly what normalising the whole text finds, on random tricky text', () => {
    const next = rng(12345);
    let compared = 0;
    let nonEmpty = 0;
    for (let round = 0; round < 200; round++) {
      const source = randomText(next, 40 + Math.floor(next() * 400));
      const full = normalize(source);
      // Needles cut from the normalised text (so they occur) and random ones (so they mostly do not).
      for (let j = 0; j < 5; j++) {
        const a = Math.floor(next() * full.length);
        const needle = normalize(full.slice(a, a + 2 + Math.floor(next() * 30)));
        if (!needle) continue;
        const expected = bruteForce(source, needle);
        expect(findNormalized(searchText(source), needle), `${JSON.stringify(source)} / ${JSON.stringify(needle)}`).toEqual(
          expected,
        );
        compared++;
        if (expected.length > 0) nonEmpty++;
      }
      const random = normalize(randomText(next, 3 + Math.floor(next() * 6)));
      if (random) expect(findNormalized(searchText(source), random)).toEqual(bruteForce(source, random));
    }
    expect(compared).toBeGreaterThan(750);
    expect(nonEmpty).toBeGreaterThan(500);
  }, 30_000);

  it('covers the page characters of each occurrence, overlapping ones included', () => {
    expect(find('Café CAFE\u0301 cafe', 'café')).toEqual([
      [0, 4],
      [5, 10],
    ]);
    expect(find('aaaa', 'aaa')).toEqual([
      [0, 3],
      [1, 4],
    ]);
    const source = 'He said \u201cit\u2019s\u00a0done\u201d \u2014 really.';
    const [span] = find(source, 'said "IT\'S done" - really');
    expect(source.slice(...span!)).toBe('said \u201cit\u2019s\u00a0done\u201d \u2014 really');
  });

  it('finds words through soft hyphens, zero-width characters and the Kelvin sign', () => {
    const source = 'The ther\u00admo\u200bmeter read 300 \u212aelvin today.';
    const [span] = find(source, 'thermometer read 300 kelvin');
    expect(source.slice(...span!)).toBe('ther\u00admo\u200bmeter read 300 \u212aelvin');
  });

  it('finds CJK without spaces, right-to-left text and emoji', () => {
    const zh = '北京是中华人民共和国的首都，也是政治中心。';
    expect(find(zh, '中华人民共和国的首都').map((s) => zh.slice(...s))).toEqual(['中华人民共和国的首都']);
    const he = 'שלום עולם, זהו משפט בעברית.';
    expect(find(he, 'זהו משפט').map((s) => he.slice(...s))).toEqual(['זהו משפט']);
    const emoji = 'We love 🍕 and 🎉 parties!';
    expect(find(emoji, 'love 🍕 and 🎉').map((s) => emoji.slice(...s))).toEqual(['love 🍕 and 🎉']);
  });

  it('does not forgive other words, nor a space where the page has none', () => {
    expect(find('The quick brown fox', 'quick brown cat')).toEqual([]);
    expect(find('The quick brown fox', 'quickbrown')).toEqual([]);
    expect(find('anaesthesia', 'anesthesia')).toEqual([]);
  });

  it('falls back to the whole text for quotes without a run of letters, and keeps it', () => {
    const text = searchText('Scores: 1-0, 2-1, 1-0 again.');
    expect(findNormalized(text, '1-0')).toHaveLength(2);
    expect(text.full).toBeDefined();
    expect(findNormalized(text, 'again')).toHaveLength(1);
  });

  it('stays correct when a common word is the only probe', () => {
    const source = `${'the the the '.repeat(300)}the end`;
    expect(find(source, 'the end')).toEqual(bruteForce(source, 'the end'));
  });
});

describe('normalizedBefore / normalizedAfter', () => {
  it('read the normalised context around a span, without the spaces next to it', () => {
    const source = 'First  \u201cpart\u201d,\u00a0then   THE QUOTE and\nthe rest.';
    const at = source.indexOf('THE');
    expect(normalizedBefore(searchText(source), at, 12)).toBe('"part", then');
    expect(normalizedBefore(searchText(source), at, 4)).toBe('then');
    const end = at + 'THE QUOTE'.length;
    expect(normalizedAfter(searchText(source), end, 12)).toBe('and the rest');
    expect(normalizedBefore(searchText(source), 0, 10)).toBe('');
    expect(normalizedAfter(searchText(source), source.length, 10)).toBe('');
  });
});
