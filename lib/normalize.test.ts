import { describe, expect, it } from 'vitest';
import { containsNormalized, normalize, normalizeWithMap, sourceSpan } from './normalize';

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
