/**
 * Which way a text runs, by its first strong letter, as `dir="auto"` decides: a line that holds
 * a model's words and our own controls (a claim and its markers) cannot leave it to `dir="auto"`,
 * which skips every child that has a `dir` of its own and so would find no letter at all.
 */

/** Hebrew, Arabic, Syriac, Thaana, N'Ko… and their presentation forms: the scripts written right to left. */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
const LETTER = /\p{L}/u;

/** 'rtl' or 'ltr' by the first letter of `text`, or undefined when it has none (the line keeps the screen's). */
export function textDirection(text: string): 'ltr' | 'rtl' | undefined {
  for (const ch of text) {
    if (RTL_LETTER.test(ch)) return 'rtl';
    if (LETTER.test(ch)) return 'ltr';
  }
  return undefined;
}
