/**
 * The interface's words in the user's language. Every string a screen shows, and every message
 * the worker writes for a screen, comes from the browser's own catalogues
 * (`public/_locales/<lang>/messages.json`) through `browser.i18n.getMessage`, whose keys WXT
 * types from the English catalogue. Numbers and dates are formatted for the language of the
 * catalogue the browser picked (its `locale` message), not for `navigator.language`, which can
 * say something else: one source of truth for the words and their figures.
 *
 * A count's words come in every plural form of the language (CLDR's categories, as
 * `Intl.PluralRules` names them): `<base>_zero`, `_one`, `_two`, `_few`, `_many`, `_other`, each
 * catalogue holding exactly the forms its language has (English `_one` and `_other`, Russian
 * `_one`, `_few`, `_many`, `_other`, Japanese `_other` alone).
 */
import { browser } from 'wxt/browser';
import { formatClock } from './clock-time';

/** Every message of the catalogues (the browser's predefined `@@…` ones left out). */
export type MessageKey = Exclude<Parameters<typeof browser.i18n.getMessage>[0], `@@${string}`>;

/** A message's substitution: numbers are formatted for the locale. */
export type Substitution = string | number;

/** The messages that come in plural forms: English has `<base>_one` and `<base>_other` for each. */
export type PluralKey = {
  [K in MessageKey]: K extends `${infer B}_other` ? (`${B}_one` extends MessageKey ? B : never) : never;
}[MessageKey];

/** The language tag of the catalogue in use ("en", "es"): what numbers and dates follow. */
export function locale(): string {
  return browser.i18n.getMessage('locale') || 'en';
}

const formats = new Map<
  string,
  {
    number: Intl.NumberFormat;
    percent: Intl.NumberFormat;
    date: Intl.DateTimeFormat;
    day: Intl.DateTimeFormat;
    plural: Intl.PluralRules;
  }
>();
function formatsFor(tag: string) {
  let f = formats.get(tag);
  if (!f) {
    f = {
      number: new Intl.NumberFormat(tag),
      percent: new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 }),
      date: new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }),
      day: new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' }),
      plural: new Intl.PluralRules(tag),
    };
    formats.set(tag, f);
  }
  return f;
}

/** A number as the catalogue's language writes it: 12,345.5 in English, 12.345,5 in Spanish. */
export function formatNumber(n: number): string {
  return formatsFor(locale()).number.format(n);
}

/** A moment (milliseconds since the epoch) as a medium date and a short time, in the catalogue's language. */
export function formatDate(at: number): string {
  return formatsFor(locale()).date.format(at);
}

/** A day of the diagnostics ("2026-12-05", a UTC day) as the catalogue's language writes a date: "Dec 5, 2026". */
export function formatDay(isoDay: string): string {
  const at = Date.parse(`${isoDay}T00:00:00Z`);
  return Number.isNaN(at) ? isoDay : formatsFor(locale()).day.format(at);
}

/** A fraction (0.25) as a whole percentage, in the catalogue's language ("25%", "25 %"). */
export function formatPercent(x: number): string {
  return formatsFor(locale()).percent.format(x);
}

/** The message `key` with `$1`, `$2`… replaced by `subs` (numbers formatted for the locale). */
export function t(key: MessageKey, ...subs: Substitution[]): string {
  return browser.i18n.getMessage(
    key,
    subs.map((s) => (typeof s === 'number' ? formatNumber(s) : s)),
  );
}

/** A video's moment ("2:31", "1:02:03") as the catalogue's language writes it. */
export function formatMoment(ms: number): string {
  return formatClock(ms, locale());
}

/**
 * The form of `base` for `n` (which is `$1`) in the language's plural category for it (`one`,
 * `few`, `many`…). Where the browser's plural rules name a category that the catalogue does not
 * hold (an older or newer CLDR than the one the catalogue was written for), `_other`: never an
 * empty string.
 */
export function plural(base: PluralKey, n: number, ...more: Substitution[]): string {
  const category = formatsFor(locale()).plural.select(n);
  // The key is built at run time: a category the catalogue lacks gets '' from the browser.
  const form = t(`${base}_${category}` as MessageKey, n, ...more);
  return form || t(`${base}_other`, n, ...more);
}

/** Languages written right to left, for a browser whose `Intl.Locale` does not say (Arabic, Hebrew, Persian, Urdu…). */
const RTL_LANGUAGES = new Set(['ar', 'he', 'iw', 'fa', 'ur', 'yi', 'ps', 'sd', 'ug', 'dv', 'ckb', 'syr']);

/**
 * The writing direction of the catalogue in use: "rtl" for Arabic and Hebrew, "ltr" otherwise.
 * Taken from the catalogue's own `locale`, as numbers are, not from the browser's `@@bidi_dir`,
 * which follows the browser's interface language and can differ from the catalogue it picked
 * (Chromium started with `LANGUAGE=ar` on an English interface says "ltr" over Arabic words).
 */
export function direction(): 'ltr' | 'rtl' {
  const tag = locale();
  try {
    const l = new Intl.Locale(tag) as Intl.Locale & {
      getTextInfo?: () => { direction?: string };
      textInfo?: { direction?: string };
    };
    const said = (l.getTextInfo?.() ?? l.textInfo)?.direction;
    if (said === 'rtl' || said === 'ltr') return said;
    return RTL_LANGUAGES.has(l.language) ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}

/**
 * A screen's document in the catalogue's language: its `lang` (for screen readers), its `dir`
 * (an Arabic or Hebrew screen is laid out right to left: the style sheets use logical properties
 * only) and its title.
 */
export function localizeDocument(doc: Document, title: MessageKey): void {
  doc.documentElement.lang = locale();
  doc.documentElement.dir = direction();
  doc.title = t(title);
}

// Words that come from pages, models or the user (a title, a site, a question) may run the other
// way from the message around them: an English title in an Arabic sentence. A screen passes
// `slot(i)` for such a substitution and renders the message with `splitSlots`, the words in an
// element of their own (`<bdi>`), so each keeps its own order. Characters no title can hold
// as such: U+FFF9 and U+FFFB (interlinear annotation anchor and terminator) around the index.
const SLOTS = /\uFFF9(\d)\uFFFB/g;

/** The stand-in for the `i`-th isolated substitution of a message, given to `t` or `plural`. */
export function slot(i: number): string {
  return `\uFFF9${i}\uFFFB`;
}

/** A message with slots, cut into its own words (strings) and the slots' indexes (numbers), in order. */
export function splitSlots(text: string): Array<string | number> {
  return text
    .split(SLOTS)
    .map((part, i) => (i % 2 === 1 ? Number(part) : part))
    .filter((part) => part !== '');
}
