/**
 * Words for ranking, in any language, with no word list of any language. Intl.Segmenter finds
 * the words of the scripts written without spaces (its dictionaries know Thai, Lao, Khmer,
 * Burmese, Chinese and Japanese); a Unicode pattern finds those of the spaced scripts, where it
 * gives the segmenter's words much faster. Folding forgives case, accents and typography, and two
 * language-neutral devices stand in for stemming: characters and character bigrams for Chinese,
 * Japanese and Korean (a match never hangs on where a dictionary puts a boundary), character
 * 4-grams inside longer words for the inflected languages ("interceptó" and "intercepciones"
 * share "inte", "nter", "terc"…).
 *
 * This folding is for matching only. Quotes are compared with lib/shared/text/normalize.ts, which never
 * forgives a different letter.
 */

// Letters whose accents are marks to drop: "é" is "e" to a reader searching Latin, Greek or
// Cyrillic text. Marks on other scripts (Thai vowels, Devanagari matras, kana voicing) are
// letters in all but name and stay.
const MARKS_ON_LGC = /([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])\p{M}+/gu;
// Latin letters that no canonical decomposition takes apart, and Greek's final sigma.
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ł: 'l',
  þ: 'th',
  ς: 'σ',
};
const SPECIAL = /[ßæœøđðħıłþς]/g;
// Full-width Latin and digits, half-width katakana, and ligatures: the compatibility forms a
// reader does not tell apart. NFKC is applied to these alone, since on Thai or Lao it would split
// vowels (ำ into ํ + า) and break the segmenter's dictionary words.
const COMPATIBILITY = /[\uFB00-\uFB06\uFF01-\uFF5E\uFF65-\uFFDC]/g;
const APOSTROPHES = /[\u2018\u2019\u02BC\u0060\u00B4\u2032]/g;

export function foldForSearch(text: string): string {
  return text
    .replace(COMPATIBILITY, (c) => c.normalize('NFKC'))
    .toLowerCase()
    .normalize('NFD')
    .replace(MARKS_ON_LGC, '$1')
    .normalize('NFC')
    .replace(SPECIAL, (c) => SPECIAL_LETTERS[c]!)
    .replace(APOSTROPHES, "'");
}

/** Scripts whose words get character bigrams: Han, kana, and Hangul (whose words carry particles). */
const BIGRAM_SCRIPT = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC]+$/u;

/**
 * A run of a script written without spaces (Intl.Segmenter's dictionaries find its words), or a
 * word of any other script (letters, marks and digits, with the apostrophes and the dots and
 * commas of "U.S." and "711,988" inside). Splitting the spaced scripts by this pattern gives the
 * segmenter's words at a fraction of its time: the segmenter is kept for where it is needed.
 */
const SPACELESS =
  '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u30FC\\p{Script=Thai}\\p{Script=Lao}\\p{Script=Khmer}\\p{Script=Myanmar}]';
const WORD_CHAR = `[[\\p{L}\\p{M}\\p{N}]--${SPACELESS}]`;
const TOKEN = new RegExp(`(${SPACELESS}+)|${WORD_CHAR}+(?:['.,]${WORD_CHAR}+)*`, 'gv');

let segmenter: Intl.Segmenter | null = null;

/**
 * The words of `text` for ranking, folded. Apostrophes split words ("tesla's" → "tesla", "s";
 * "l'homme" → "l", "homme"): the parts are what a question repeats. Chinese and Japanese give
 * their characters and bigrams; Hangul words give their bigrams too, which their particles
 * would otherwise hide ("서울에서" holds "서울").
 */
export function searchWords(text: string): string[] {
  return segmentWords(text, true);
}

/** The words of `text`, folded, without bigrams. */
export function plainWords(text: string): string[] {
  return segmentWords(text, false);
}

/**
 * What a question asks about: its words, with each run of single Han or kana characters joined
 * into one. The segmenter's dictionary cuts a word it does not know (a transliterated name such
 * as 杰克逊维尔) into single characters, which would each weigh as little as 的.
 */
export function questionWords(text: string): string[] {
  const out: string[] = [];
  let run = '';
  const endRun = () => {
    if (run) out.push(run);
    run = '';
  };
  for (const w of plainWords(text)) {
    if ([...w].length === 1 && BIGRAM_SCRIPT.test(w)) {
      run += w;
      continue;
    }
    endRun();
    out.push(w);
  }
  endRun();
  return out;
}

function segmentWords(text: string, withBigrams: boolean): string[] {
  const out: string[] = [];
  const bigrams = (run: string) => {
    if (withBigrams && BIGRAM_SCRIPT.test(run)) for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
  };
  for (const m of foldForSearch(text).matchAll(TOKEN)) {
    const token = m[0];
    if (m[1] !== undefined) {
      if (withBigrams && BIGRAM_SCRIPT.test(token)) {
        // Characters and bigrams are the words of Chinese and Japanese for ranking: as good as
        // the dictionary's words here (measured), and many times faster to find.
        for (const ch of token) out.push(ch);
        bigrams(token);
        continue;
      }
      segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
      for (const s of segmenter.segment(token)) if (s.isWordLike) out.push(s.segment);
      if (token.length > 1) bigrams(token);
    } else if (token.includes("'")) {
      for (const part of token.split("'")) if (part) out.push(part);
    } else {
      out.push(token);
      if (token.length > 2) bigrams(token);
    }
  }
  return out;
}

export const GRAM = 4;
const GRAMMABLE = /^[\p{L}\p{M}]+$/u;

/** True for the words that `wordGrams` cuts: letters only, longer than a gram, not bigrammed. */
export function isGrammable(word: string): boolean {
  return word.length > GRAM && GRAMMABLE.test(word) && !BIGRAM_SCRIPT.test(word);
}

/**
 * The character 4-grams of a word, its start and end marked ("^int", "ptó$"), so that words of
 * one stem meet whatever their endings. Short words, numbers and bigrammed words are themselves.
 */
export function wordGrams(word: string): string[] {
  if (!isGrammable(word)) return [word];
  const marked = `^${word}$`;
  const grams: string[] = [];
  for (let i = 0; i + GRAM <= marked.length; i++) grams.push(marked.slice(i, i + GRAM));
  return grams;
}

/** The character bigrams of a word of Han, kana or Hangul longer than two characters, else none. */
export function wordBigrams(word: string): string[] {
  if (word.length <= 2 || !BIGRAM_SCRIPT.test(word)) return [];
  const out: string[] = [];
  for (let i = 0; i + 1 < word.length; i++) out.push(word.slice(i, i + 2));
  return out;
}

/** How many grams `wordGrams(word)` returns, without making them. */
export function gramCount(word: string): number {
  return isGrammable(word) ? word.length + 2 - GRAM + 1 : 1;
}
