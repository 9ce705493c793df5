/**
 * The manifest's words come from the catalogues, in both builds: the name, the description, the
 * toolbar button's title, each shortcut's description and Firefox's sidebar title name a
 * catalogue message (`__MSG_key__`) that English holds; the context menu's entries take their
 * titles from the catalogue in use. A word written into the manifest itself would stay English
 * in every language.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCatalogue } from '@/tests/support/catalogue';
import { MENU_ENTRIES } from '@/lib/worker/wiring/context-menu';
import config from '@/wxt.config';

const en = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../public/_locales/en/messages.json'), 'utf8')) as Record<
  string,
  { message: string }
>;

/** Every string in the manifest under a key a user reads: name, description, title. */
function wordsOf(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return /(^|\.)(name|short_name|description|default_title)$/.test(path) ? [[path, value]] : [];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => wordsOf(v, path ? `${path}.${k}` : k));
}

describe('the manifest', () => {
  it.each(['chrome', 'firefox'] as const)('%s: every name, description and title is a catalogue message', (browser) => {
    const manifest = typeof config.manifest === 'function' ? config.manifest({ browser } as never) : config.manifest;
    const words = wordsOf(manifest);
    expect(words.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        'name',
        'description',
        'action.default_title',
        expect.stringMatching(/^commands\..+\.description$/),
      ]),
    );
    expect(words.filter(([path]) => path.startsWith('commands.')).length).toBe(2);
    const notFromCatalogue = words.filter(([, w]) => !/^__MSG_\w+__$/.test(w) || !en[w.slice(6, -2)]);
    expect(notFromCatalogue).toEqual([]);
  });

  it("the context menu's entries are in the catalogue's language", () => {
    expect(MENU_ENTRIES.map((e) => e.title)).toEqual([en.menuSelection!.message, en.menuPage!.message]);
    useCatalogue('es');
    try {
      expect(MENU_ENTRIES.map((e) => e.title)).not.toEqual([en.menuSelection!.message, en.menuPage!.message]);
      expect(MENU_ENTRIES.every((e) => e.title.trim().length > 0)).toBe(true);
    } finally {
      useCatalogue('en');
    }
  });
});
