import { describe, expect, it } from 'vitest';
import { textDirection } from './text-direction';

describe('which way a text runs', () => {
  it('goes by its first letter, past digits and punctuation', () => {
    expect(textDirection('يفتح المتحف في العاشرة')).toBe('rtl');
    expect(textDirection('“10” — המוזיאון נפתח')).toBe('rtl');
    expect(textDirection('9 a.m. — يفتح')).toBe('ltr');
    expect(textDirection('The museum opens at 9 a.m.')).toBe('ltr');
    expect(textDirection('博物館は9時に開きます')).toBe('ltr');
  });

  it('says nothing of a text with no letter', () => {
    expect(textDirection('12:30 — 14:00')).toBeUndefined();
    expect(textDirection('')).toBeUndefined();
  });
});
