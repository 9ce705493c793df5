/**
 * How eval/extract.ts reads a corpus page's expected.txt into the sentences its recall is measured
 * on, and the annotation drift it forgives in its second figure. Pure functions, unit tested.
 */
import { normalize } from '@/lib/shared/text/normalize';

/** Shorter sentences ("Share", "Read more", dates) prove little either way. */
export const MIN_SENTENCE_CHARS = 20;

/** The sentences of expected.txt that the recall is measured on, normalised. */
export function expectedSentences(expected: string, lang: string | undefined): string[] {
  let locale = 'en';
  try {
    if (lang) locale = Intl.getCanonicalLocales(lang.replace('_', '-'))[0] ?? 'en';
  } catch {
    // an odd lang attribute: English rules are a fair default for sentence ends
  }
  const segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
  const out: string[] = [];
  for (const line of expected.split('\n')) {
    for (const unit of lineUnits(line)) {
      for (const s of segmenter.segment(unit)) {
        const n = normalize(s.segment);
        if (n.length >= MIN_SENTENCE_CHARS) out.push(n);
      }
    }
  }
  return out;
}

const LIST_MARKER = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^[\s|:-]*$/;
const CELL_BAR = / \| /;

/**
 * The text units of one line of expected.txt. Some corpora (WCXB) write lists and tables in
 * Markdown: a list marker ("- ", "* ", "1. ") is drawn by the page's CSS, not written in its text,
 * so it is dropped; a table row "| a | b |" is cells, each a unit of its own. Dropping a marker
 * only ever shortens a sentence, so a page that does write "1. " in its text still matches.
 */
export function lineUnits(line: string): string[] {
  if (TABLE_ROW.test(line)) {
    if (TABLE_RULE.test(line)) return [];
    return line
      .split('|')
      .map((c) => c.trim())
      .filter(Boolean);
  }
  // Rows are also written without the outer bars ("Level | When it's used"). A page whose own
  // text has " | " still matches: splitting only ever shortens what is looked for.
  if (CELL_BAR.test(line))
    return line
      .replace(LIST_MARKER, '')
      .split(CELL_BAR)
      .map((c) => c.trim())
      .filter(Boolean);
  return [line.replace(LIST_MARKER, '')];
}

/**
 * What the annotators of a corpus wrote differently from the page without any extraction error,
 * on top of lib/shared/text/normalize.ts and applied to both sides alike: spaces next to punctuation
 * ("then() , catch()" for "then(), catch()", "( my fave )" for "(my fave)", "Developed By: X"
 * for a page's "Developed By:X"), the ™ ® © signs
 * some annotations drop, single for double quotes ('significantly' for "significantly"), and
 * accents dropped ("cafe" for "café"). Never a space between two letters or digits: glued words
 * stay errors, and so does any word or sign the annotation added or left out.
 */
export function forgiving(s: string): string {
  return s
    .replace(/[™®©℠]/g, '') // before NFKD, which would spell ™ as "TM"
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/"/g, "'")
    .replace(/ +(?=[,.;:!?)\]}/])/g, '')
    .replace(/([([{/,.;:!?]) +/g, '$1')
    .replace(/ {2,}/g, ' ')
    .trim();
}
