/**
 * The interface's words in the user's language. Every string a screen shows, and every message
 * the worker writes for a screen, comes from the browser's own catalogues
 * (`public/_locales/<lang>/messages.json`) through `browser.i18n.getMessage`, whose keys WXT
 * types from the English catalogue. Numbers and dates are formatted for the language of the
 * catalogue the browser picked (its `locale` message), not for `navigator.language`, which can
 * say something else: one source of truth for the words and their figures.
 */
import { browser } from 'wxt/browser';

/** Every message of the catalogues (the browser's predefined `@@…` ones left out). */
export type MessageKey = Exclude<Parameters<typeof browser.i18n.getMessage>[0], `@@${string}`>;

/** A message's substitution: numbers are formatted for the locale. */
export type Substitution = string | number;

/** The messages that come in a singular and a plural form: `<base>_one` and `<base>_other`. */
export type PluralKey = {
  [K in MessageKey]: K extends `${infer B}_other` ? (`${B}_one` extends MessageKey ? B : never) : never;
}[MessageKey];

/** The language tag of the catalogue in use ("en", "es"): what numbers and dates follow. */
export function locale(): string {
  return browser.i18n.getMessage('locale') || 'en';
}

const formats = new Map<
  string,
  { number: Intl.NumberFormat; percent: Intl.NumberFormat; date: Intl.DateTimeFormat; plural: Intl.PluralRules }
>();
function formatsFor(tag: string) {
  let f = formats.get(tag);
  if (!f) {
    f = {
      number: new Intl.NumberFormat(tag),
      percent: new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 }),
      date: new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }),
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

/** The singular or plural form of `base` for `n` (which is `$1`), by the language's plural rules. */
export function plural(base: PluralKey, n: number, ...more: Substitution[]): string {
  const form = formatsFor(locale()).plural.select(n) === 'one' ? 'one' : 'other';
  const key: MessageKey = `${base}_${form}`;
  return t(key, n, ...more);
}

/**
 * The writing direction of the catalogue the browser picked, as the browser says (`@@bidi_dir`):
 * "rtl" for Arabic and Hebrew, "ltr" otherwise (and when it says nothing).
 */
export function direction(): 'ltr' | 'rtl' {
  return browser.i18n.getMessage('@@bidi_dir') === 'rtl' ? 'rtl' : 'ltr';
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
