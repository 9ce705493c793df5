import { describe, expect, it } from 'vitest';
import { foldForSearch, plainWords, searchWords, wordGrams } from './tokenize';

describe('foldForSearch', () => {
  it('forgives case, accents and typography in Latin, Greek and Cyrillic', () => {
    expect(foldForSearch('Le CAFÉ d’Ærø, Straße')).toBe("le cafe d'aero, strasse");
    expect(foldForSearch('Ἀθῆναι ΣΟΦΟΣ')).toBe('αθηναι σοφοσ');
    expect(foldForSearch('Ёлка')).toBe('елка');
  });

  it('reads full-width letters as the letters they are', () => {
    expect(foldForSearch('ＡＢＣ１２３')).toBe('abc123');
  });

  it('keeps the marks that are letters in other scripts', () => {
    // Thai vowels and Devanagari matras are combining marks: dropping them would change the word.
    expect(foldForSearch('น้ำ')).toBe('น้ำ');
    expect(foldForSearch('हिन्दी')).toBe('हिन्दी');
    expect(foldForSearch('が')).toBe('が');
  });
});

describe('searchWords', () => {
  it('splits English and French words at apostrophes', () => {
    expect(plainWords("Tesla's coil isn't l'homme")).toEqual(['tesla', 's', 'coil', 'isn', 't', 'l', 'homme']);
  });

  it('keeps numbers whole', () => {
    expect(plainWords('711,988 inhabitants in 1.5 km2')).toEqual(['711,988', 'inhabitants', 'in', '1.5', 'km2']);
  });

  it('finds Chinese words without spaces, and their bigrams', () => {
    const words = searchWords('黑豹队的防守只丢了308分');
    expect(plainWords('黑豹队的防守')).toContain('防守');
    // Bigrams make "豹队" findable whatever the dictionary made of "黑豹队".
    expect(words).toEqual(expect.arrayContaining(['黑豹', '豹队', '防守', '308']));
  });

  it('finds Japanese words in kana and kanji', () => {
    expect(plainWords('東京は日本の首都です')).toEqual(expect.arrayContaining(['東京', '日本', '首都']));
  });

  it('finds Thai words without spaces', () => {
    expect(plainWords('ภาษาไทยไม่มีการเว้นวรรค')).toEqual(expect.arrayContaining(['ภาษา', 'ไทย', 'การ']));
  });

  it('gives Korean words the bigrams their particles hide', () => {
    expect(searchWords('서울에서 살아요')).toContain('서울');
  });

  it('splits a Latin word from the Chinese next to it', () => {
    expect(plainWords('NFL球队')).toEqual(['nfl', '球队']);
  });

  it('folds the question as it folds the page: Spanish accents and inverted marks', () => {
    expect(plainWords('¿Cuántos balones interceptó?')).toEqual(['cuantos', 'balones', 'intercepto']);
  });
});

describe('wordGrams', () => {
  it('gives words of one stem shared 4-grams, whatever their endings', () => {
    const a = new Set(wordGrams('intercepto'));
    const shared = wordGrams('intercepciones').filter((g) => a.has(g));
    expect(shared).toEqual(['^int', 'inte', 'nter', 'terc', 'erce', 'rcep']);
  });

  it('leaves short words, numbers and Chinese words whole', () => {
    expect(wordGrams('die')).toEqual(['die']);
    expect(wordGrams('1943')).toEqual(['1943']);
    expect(wordGrams('首都')).toEqual(['首都']);
  });
});
