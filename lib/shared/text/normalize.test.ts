import { describe, expect, it } from 'vitest';
import { FNV_OFFSET, fnv1aUnits } from '@/lib/shared/core/fnv1a';
import { containsNormalized, fnv1aNormalized, isSimpleText, normalize, normalizeWithMap, sourceSpan } from './normalize';

describe('normalize', () => {
  it('folds curly and straight quotes to one form', () => {
    expect(normalize('“It’s here,” she said')).toBe(normalize('"It\'s here," she said'));
    expect(normalize('‘single’ «guillemets»')).toBe(`'single' "guillemets"`);
  });

  it('folds every dash to a hyphen', () => {
    expect(normalize('1990–1995 — a decade − minus ‐ hyphen')).toBe('1990-1995 - a decade - minus - hyphen');
  });

  it('collapses NBSP, tabs and line breaks to one space and trims', () => {
    expect(normalize('  a\u00A0\u00A0b\n\n\tc\r\nd  ')).toBe('a b c d');
  });

  it('ignores case, soft hyphens and zero-width characters', () => {
    expect(normalize('Ex\u00ADtra\u200Bordinary SHOUT')).toBe('extraordinary shout');
  });

  it('folds Greek final sigma like upper case does', () => {
    expect(normalize('ὀξύς')).toBe(normalize('ὀξύς'.toUpperCase()));
  });

  it('treats composed and decomposed accents alike', () => {
    expect(normalize('Cafe\u0301')).toBe(normalize('Café'));
  });

  it('keeps different words different', () => {
    expect(normalize('the cat sat')).not.toBe(normalize('the cat sits'));
    expect(containsNormalized('The cat sat on the mat.', 'cat sits')).toBe(false);
  });

  it('maps a normalised match back to the exact source characters', () => {
    const source = 'He said: “Don’t  stop—ever.”';
    const n = normalizeWithMap(source);
    const needle = normalize(`"don't stop-ever."`);
    const at = n.text.indexOf(needle);
    expect(at).toBeGreaterThan(0);
    const [start, end] = sourceSpan(n, at, at + needle.length);
    expect(source.slice(start, end)).toBe('“Don’t  stop—ever.”');
  });

  it('maps through decomposed accents to the whole cluster', () => {
    const source = 'un cafe\u0301 noir';
    const n = normalizeWithMap(source);
    const at = n.text.indexOf('café');
    const [start, end] = sourceSpan(n, at, at + 4);
    expect(source.slice(start, end)).toBe('cafe\u0301');
  });

  it('an empty or blank text normalises to nothing', () => {
    expect(normalize(' \u00A0\n')).toBe('');
    expect(containsNormalized('anything', '   ')).toBe(false);
  });
});

/** The rules applied one cluster at a time, as first written: the fast paths must agree with it. */
function referenceNormalizeWithMap(source: string) {
  const space = /[\s\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]/u;
  const mark = /\p{M}/u;
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let pendingSpace = -1;
  let i = 0;
  while (i < source.length) {
    const start = i;
    i += source.codePointAt(i)! > 0xffff ? 2 : 1;
    while (i < source.length && mark.test(String.fromCodePoint(source.codePointAt(i)!))) {
      i += source.codePointAt(i)! > 0xffff ? 2 : 1;
    }
    const cluster = source.slice(start, i);
    if (space.test(cluster)) {
      if (pendingSpace < 0) pendingSpace = start;
      continue;
    }
    const folded = /[\u00AD\u200B-\u200D\u2060\uFEFF]/u.test(cluster)
      ? ''
      : /[\u2018\u2019\u201A\u201B\u2032\u2035\u0060\u00B4\u02BC]/u.test(cluster)
        ? "'"
        : /[\u201C\u201D\u201E\u201F\u2033\u2036\u00AB\u00BB\u301D\u301E\uFF02]/u.test(cluster)
          ? '"'
          : /[\u2010-\u2015\u2212\u2E3A\u2E3B\uFE58\uFE63\uFF0D]/u.test(cluster)
            ? '-'
            : cluster === '\u2026'
              ? '...'
              : cluster
                  .normalize('NFC')
                  .toLowerCase()
                  .replace(/\u03C2/g, '\u03C3');
    if (folded === '') continue;
    if (pendingSpace >= 0) {
      if (text.length > 0) {
        text += ' ';
        starts.push(pendingSpace);
        ends.push(pendingSpace + 1);
      }
      pendingSpace = -1;
    }
    text += folded;
    for (let k = 0; k < folded.length; k++) {
      starts.push(start);
      ends.push(i);
    }
  }
  return { text, starts, ends };
}

describe('normalizeWithMap fast paths', () => {
  // Characters that exercise every rule: plain ASCII and CJK, upper case, spaces of all kinds,
  // combining marks after plain characters, quotes, dashes, invisibles, surrogate pairs, kana
  // voicing marks, final sigma, dotted capital I, the backtick.
  const alphabet = [
    'a',
    'Z',
    'q',
    '0',
    '.',
    ',',
    '"',
    "'",
    '`',
    ' ',
    '  ',
    '\n',
    '\t',
    '\r\n',
    '\u000b',
    '\u00a0',
    '\u2003',
    '\u3000',
    '\ufeff',
    '\u200b',
    '\u00ad',
    'e\u0301',
    '\u0301',
    '\u0308',
    'É',
    'é',
    'ß',
    'İ',
    'Σ',
    'ΟΣ',
    '\u2019',
    '\u201c',
    '\u00ab',
    '\u2014',
    '\u2212',
    '\u2026',
    '日本',
    'カ',
    '\u3099',
    'ｶ',
    '\ud83d\ude00',
    '\ud835\udc00',
    'ﬁ',
    '\u0915\u093f',
    'Å',
    'A\u030a',
    '\u007f',
    '\u0000',
    '\u2013',
    '\u201d',
    '\u2060',
    '\u02bc',
    '\u00b4',
    '\u0130',
    'Ж',
    'ж',
    '\ud800',
    '\udc00',
  ];
  let seed = 12345;
  const random = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };

  it('gives exactly what cluster-by-cluster folding gives, map included', () => {
    for (let round = 0; round < 3000; round++) {
      let s = '';
      const len = random(24);
      for (let k = 0; k < len; k++) s += alphabet[random(alphabet.length)];
      const expected = referenceNormalizeWithMap(s);
      expect(normalizeWithMap(s), JSON.stringify(s)).toEqual(expected);
      expect(normalize(s)).toBe(expected.text);
    }
  });

  it('agrees on every UTF-16 unit, alone, between letters and before a combining mark', () => {
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      const s = `${ch}x${ch}\u0301 ${ch}`;
      const got = normalizeWithMap(s);
      const want = referenceNormalizeWithMap(s);
      if (got.text !== want.text || got.starts.join() !== want.starts.join() || got.ends.join() !== want.ends.join()) {
        expect(got, `U+${c.toString(16)}`).toEqual(want);
      }
    }
  });

  it('agrees on long ordinary text', () => {
    const s = 'The “Quick” brown fox — naïve café — JUMPED over\u00a0the lazy dog’s back.\n\n  日本語のテキスト。 '.repeat(200);
    expect(normalizeWithMap(s)).toEqual(referenceNormalizeWithMap(s));
  });
});

describe("normalize's and fnv1aNormalized's fast path for simple text", () => {
  it('is taken for passages of ordinary text', () => {
    expect(isSimpleText('The “Quick” brown fox — naïve café’s 1990–1995…\nΑθήνα, Москва, 日本語のテキスト。 한국어 ＡＢＣ')).toBe(
      true,
    );
    for (const s of [
      '',
      ' a',
      'a ',
      'a  b',
      'a\n\nb',
      'a\tb',
      'a\u00a0b',
      'e\u0301',
      'ΟΣ',
      'a\u200bb',
      'a\u00adb',
      '\ud83d\ude00',
    ]) {
      expect(isSimpleText(s), JSON.stringify(s)).toBe(false);
    }
  });

  it('agrees with cluster-by-cluster folding on every UTF-16 unit, in simple text or not', () => {
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      for (const s of [ch, `A${ch}b`, `${ch}${ch} Q\n${ch}`, `x${ch}`, `${ch}\u0301`]) {
        const want = referenceNormalizeWithMap(s).text;
        if (normalize(s) !== want) expect(normalize(s), `U+${c.toString(16)} in ${JSON.stringify(s)}`).toBe(want);
        const hash = fnv1aUnits(FNV_OFFSET, want);
        if (fnv1aNormalized(s) !== hash)
          expect(fnv1aNormalized(s), `hash of U+${c.toString(16)} in ${JSON.stringify(s)}`).toBe(hash);
      }
    }
  });

  it('agrees with cluster-by-cluster folding on random texts, most of them simple', () => {
    const words = [
      'The',
      'naïve',
      'CAFÉ',
      '“quoted”',
      'it’s',
      '—',
      '1990–1995',
      '…',
      '`tick`',
      '«»',
      'Αθήνα',
      'ΦΙΛΟΙ',
      'Москва',
      '日本語',
      'ｶﾀｶﾅ',
      '한국어',
      'İstanbul',
      'ẞ',
      '€5',
      '＂Ｑ＂',
    ];
    const odd = ['e\u0301', 'ΟΣ', 'ΣΟΦΙΑ', '\u00a0', '\u200b', '\t', '\ud83d\ude00', '\u00ad', 'ς'];
    let seed = 424242;
    const random = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    let simple = 0;
    for (let round = 0; round < 5000; round++) {
      let s = '';
      const len = 1 + random(12);
      for (let k = 0; k < len; k++) {
        if (k > 0) s += random(4) === 0 ? '\n' : ' ';
        s += random(20) === 0 ? odd[random(odd.length)] : words[random(words.length)];
      }
      if (isSimpleText(s)) simple++;
      const want = referenceNormalizeWithMap(s).text;
      expect(normalize(s), JSON.stringify(s)).toBe(want);
      expect(fnv1aNormalized(s), JSON.stringify(s)).toBe(fnv1aUnits(FNV_OFFSET, want));
    }
    expect(simple).toBeGreaterThan(2500);
  });
});
