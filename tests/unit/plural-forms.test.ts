/**
 * Every plural form of every language: `plural()` picks the message of the CLDR category that
 * `Intl.PluralRules` names for the count in the catalogue's language (Russian one/few/many,
 * Arabic all six, Japanese other alone), and falls back to `_other` when the browser names a
 * category the catalogue lacks, never showing an empty string. Small test-only catalogues stand
 * in for the languages whose catalogues are not written yet; Spanish is the shipped one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Catalogue, useCatalogue, useMessages } from '@/tests/support/catalogue';
import { formatMoment, plural } from '@/lib/shared/core/i18n';

/** A catalogue of `tag` whose `tabsNotRead` says which form it is, in each of `forms`. */
function catalogueOf(tag: string, forms: string[]): Catalogue {
  const c: Catalogue = { locale: { message: tag } };
  for (const form of forms) c[`tabsNotRead_${form}`] = { message: `${form}: $1` };
  return c;
}

const formOf = (n: number) => plural('tabsNotRead', n).split(':')[0];

describe('plural forms follow the language of the catalogue in use', () => {
  afterEach(() => useCatalogue('en'));

  it('English: one for 1, other for 0, 2, 21 and 1.5', () => {
    expect([1, 0, 2, 21, 1.5].map((n) => plural('tabsNotRead', n))).toEqual([
      '1 tab was not read',
      '0 tabs were not read',
      '2 tabs were not read',
      '21 tabs were not read',
      '1.5 tabs were not read',
    ]);
  });

  it('Russian: 1, 2, 5, 21, 22, 11, 111 take one, few, many, one, few, many, many', () => {
    useMessages(catalogueOf('ru', ['one', 'few', 'many', 'other']));
    expect([1, 2, 5, 21, 22, 11, 111].map(formOf)).toEqual(['one', 'few', 'many', 'one', 'few', 'many', 'many']);
    // A fraction is "other" in Russian, and the number is written the Russian way.
    expect(plural('tabsNotRead', 1.5)).toBe('other: 1,5');
  });

  it('Arabic: 0, 1, 2, 3, 11, 100 take zero, one, two, few, many, other', () => {
    useMessages(catalogueOf('ar', ['zero', 'one', 'two', 'few', 'many', 'other']));
    expect([0, 1, 2, 3, 11, 100].map(formOf)).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
  });

  it('Japanese: every count takes other', () => {
    useMessages(catalogueOf('ja', ['other']));
    expect([0, 1, 2, 5, 21].map(formOf)).toEqual(['other', 'other', 'other', 'other', 'other']);
  });

  it('Spanish, as shipped: 1 pestaña, 2 pestañas, 1.000.000 de pestañas', () => {
    useCatalogue('es');
    expect(plural('tabsNotRead', 1)).toBe('1 pestaña no se leyó');
    expect(plural('tabsNotRead', 2)).toBe('2 pestañas no se leyeron');
    expect(plural('tabsNotRead', 1_000_000)).toBe('1.000.000 de pestañas no se leyeron');
    expect(plural('stageReadingTabs', 2_000_000)).toBe('Leyendo 2.000.000 de pestañas…');
  });

  it('falls back to _other when the rules name a category the catalogue lacks, never to an empty string', () => {
    // A catalogue written for rules without "many" (CLDR before Spanish had it), read by a browser whose rules have it.
    const es = catalogueOf('es', ['one', 'other']);
    useMessages(es);
    expect(new Intl.PluralRules('es').select(1_000_000)).toBe('many');
    expect(plural('tabsNotRead', 1_000_000)).toBe('other: 1.000.000');
    // Russian rules, a catalogue holding only one and other.
    useMessages(catalogueOf('ru', ['one', 'other']));
    expect([1, 2, 5].map((n) => plural('tabsNotRead', n))).toEqual(['one: 1', 'other: 2', 'other: 5']);
  });
});

describe("a video's moment is written by Intl in the catalogue's language", () => {
  afterEach(() => useCatalogue('en'));

  it('in English as a player writes it: 0:07, 2:31, 1:02:03', () => {
    expect([0, 7_900, 151_000, 3_599_000, 3_723_000].map(formatMoment)).toEqual(['0:00', '0:07', '2:31', '59:59', '1:02:03']);
  });

  it("in Egyptian Arabic in that language's digits", () => {
    useMessages({ locale: { message: 'ar-EG' } });
    expect(formatMoment(151_000)).toBe('٢:٣١');
  });
});

describe('counts once written without plural()', () => {
  it('say "1 second", "1 quote", "1 day" in English', () => {
    expect(plural('errorChatRateLimit', 1, 'OpenAI', '')).toBe(
      'OpenAI is limiting your requests (429). It asked to wait 1 second: ask again then.',
    );
    expect(plural('chartBar', 1, '2026-12-05', 1)).toBe('2026-12-05: 1 of 1 quote broken');
    expect(plural('chartEmpty', 1)).toBe('No quotes checked in the last day.');
    expect(plural('errorLocalTimeout', 1)).toMatch(/within 1 second;/);
  });
});
