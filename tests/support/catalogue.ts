/**
 * The browser's i18n for tests without a browser: `getMessage` answered from one of the
 * extension's own catalogues (public/_locales/<lang>/messages.json), substituting `$1`…`$9` and
 * `$$` as Chromium and Firefox do. Unit tests run with the English catalogue (so they find the
 * English names), and a test may switch to another, or to a small catalogue of its own, to check
 * what changes with the language.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fakeBrowser } from 'wxt/testing/fake-browser';

export type Catalogue = Record<string, { message: string; description?: string }>;

const LOCALES = resolve(import.meta.dirname, '../../public/_locales');

/** The catalogue of `lang`, as the extension ships it. */
export function readCatalogue(lang: string): Catalogue {
  return JSON.parse(readFileSync(resolve(LOCALES, lang, 'messages.json'), 'utf8')) as Catalogue;
}

/** `$1`…`$9` replaced by the substitutions (missing ones by nothing), `$$` by `$`. */
export function substitute(message: string, subs: string[]): string {
  return message.replace(/\$(\$|[1-9])/g, (_, d: string) => (d === '$' ? '$' : (subs[Number(d) - 1] ?? '')));
}

/** Makes the fake browser's `i18n.getMessage` answer from the catalogue of `lang`. */
export function useCatalogue(lang: string): void {
  useMessages(readCatalogue(lang));
}

/** Makes the fake browser's `i18n.getMessage` answer from `catalogue` (a test's own, or a shipped one). */
export function useMessages(catalogue: Catalogue): void {
  fakeBrowser.i18n.getMessage = (name: string, substitutions?: string | Array<string | number>) => {
    const entry = catalogue[name];
    if (!entry) return '';
    const subs = substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
    return substitute(entry.message, subs.map(String));
  };
}
