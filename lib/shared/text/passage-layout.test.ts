import { describe, expect, it } from 'vitest';
import { defaultBounds, mayBeDense } from './passage-layout';

const DENSE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

describe('mayBeDense', () => {
  it('says yes for every character of Han, Hiragana, Katakana or Hangul, in every plane', () => {
    const missed: number[] = [];
    for (let cp = 0; cp <= 0x3ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (DENSE.test(ch) && !mayBeDense(ch)) missed.push(cp);
    }
    expect(missed).toEqual([]);
  });

  it('says no for text in Latin, Greek, Cyrillic or Arabic with typographic signs', () => {
    expect(mayBeDense('Le café “ouvert” — 9 h–18 h… Ελληνικά, кириллица, العربية €')).toBe(false);
  });
});

describe('defaultBounds', () => {
  it('halves the bounds where Chinese, Japanese or Korean is most of the text, not otherwise', () => {
    expect(defaultBounds('The ferry leaves at seven. “Quotes” and dashes — too.')).toEqual({ minChars: 300, maxChars: 900 });
    expect(defaultBounds('渡轮每天早上七点从北码头出发。')).toEqual({ minChars: 150, maxChars: 450 });
  });
});
