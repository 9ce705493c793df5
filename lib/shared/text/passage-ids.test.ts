import { describe, expect, it } from 'vitest';
import { fnv1a } from '@/lib/shared/core/fnv1a';
import { normalize } from './normalize';
import { PassageIds } from './passage-ids';

/** The ids as first defined: the hash of the normal form, counted per normal form, then made unique. */
function referenceIds(texts: string[], prefix = ''): string[] {
  const used = new Set<string>();
  const seen = new Map<string, number>();
  return texts.map((text) => {
    const norm = normalize(text);
    const k = seen.get(norm) ?? 0;
    seen.set(norm, k + 1);
    let id = prefix + fnv1a(k === 0 ? norm : `${norm}\u241f${k}`);
    for (let n = 1; used.has(id); n++) id = `${id}_${n}`;
    used.add(id);
    return id;
  });
}

describe('PassageIds', () => {
  it('pins the id of a text', () => {
    expect(new PassageIds().next('The ferry leaves at seven.')).toBe(fnv1a('the ferry leaves at seven.'));
  });

  it('gives the same ids as the hash of each normal form, repeats counted', () => {
    const texts = [
      'Read more',
      'READ MORE',
      'Read more',
      'Read\u00a0more',
      'The “Quick” brown fox — it’s naïve.\nΑθήνα, Москва, 日本語。',
      'The "quick" brown fox - it\'s naïve. αθήνα, москва, 日本語。',
      'e\u0301te\u0301',
      'été',
      'ΟΣ',
      'İstanbul',
      '\ud83d\ude00 Emoji',
      'Read more',
    ];
    const ids = new PassageIds();
    expect(texts.map((t) => ids.next(t))).toEqual(referenceIds(texts));
    const pdf = new PassageIds('p');
    expect(texts.map((t) => pdf.next(t))).toEqual(referenceIds(texts, 'p'));
  });

  it('gives the same ids on random texts with many repeats', () => {
    const words = ['Read', 'more', 'MORE', '“a”', '"a"', '—', '-', 'café', 'cafe\u0301', 'Σ', 'σ', '日本'];
    let seed = 7;
    const random = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const texts: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const len = 1 + random(3);
      const parts: string[] = [];
      for (let k = 0; k < len; k++) parts.push(words[random(words.length)]!);
      texts.push(parts.join(random(3) === 0 ? '\n' : ' '));
    }
    const ids = new PassageIds();
    expect(texts.map((t) => ids.next(t))).toEqual(referenceIds(texts));
  });

  it('keeps an id taken with unique apart', () => {
    const ids = new PassageIds();
    const taken = ids.unique(fnv1a('read more'));
    expect(ids.next('Read more')).toBe(`${taken}_1`);
  });
});
