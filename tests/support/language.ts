/**
 * The words of a screen in another language, taken from the catalogue the extension ships for it
 * (public/_locales/<lang>/messages.json), so that a browser test finds controls by the names a
 * speaker of that language meets, and expects the plural form that language's rules choose.
 */
import { readCatalogue, substitute } from './catalogue';

export interface Words {
  /** The message `key`, `$1`… replaced by `subs`. Throws when the catalogue lacks it. */
  (key: string, ...subs: Array<string | number>): string;
  /** The form of `base` for `n` by `Intl.PluralRules` of the catalogue's locale; throws when the catalogue lacks that form. */
  plural: (base: string, n: number, ...more: Array<string | number>) => string;
  locale: string;
}

export function wordsOf(lang: string): Words {
  const catalogue = readCatalogue(lang);
  const locale = catalogue.locale?.message ?? lang;
  const number = new Intl.NumberFormat(locale);
  const rules = new Intl.PluralRules(locale);
  const format = (subs: Array<string | number>) => subs.map((s) => (typeof s === 'number' ? number.format(s) : s));
  const words = ((key: string, ...subs: Array<string | number>) => {
    const entry = catalogue[key];
    if (!entry) throw new Error(`the ${lang} catalogue has no "${key}"`);
    return substitute(entry.message, format(subs));
  }) as Words;
  words.plural = (base, n, ...more) => words(`${base}_${rules.select(n)}`, n, ...more);
  words.locale = locale;
  return words;
}
