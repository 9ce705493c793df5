// @vitest-environment happy-dom
/**
 * Each screen's document takes its direction from the catalogue in use: right to left in Arabic
 * and Hebrew, left to right otherwise, whatever the browser's own interface says (`@@bidi_dir`
 * follows the browser's language, which can differ from the catalogue it picked). Every screen
 * sets it, through `localizeDocument`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useCatalogue } from '@/tests/support/catalogue';
import { direction, localizeDocument } from '@/lib/shared/core/i18n';

const ENTRYPOINTS = resolve(import.meta.dirname, '../../entrypoints');

/** The English catalogue's words, with the browser's `locale` and `@@bidi_dir` as given. */
function browserWith(locale: string, bidiDir: string): void {
  useCatalogue('en');
  const english = fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getMessage = ((name: string, subs?: string | string[]) =>
    name === '@@bidi_dir' ? bidiDir : name === 'locale' ? locale : english(name, subs)) as typeof english;
}

describe('the direction of a screen', () => {
  afterEach(() => {
    useCatalogue('en');
    document.documentElement.removeAttribute('dir');
  });

  it('is right to left with an Arabic or Hebrew catalogue, even when the browser’s own interface is left to right', () => {
    browserWith('ar', 'ltr');
    expect(direction()).toBe('rtl');
    localizeDocument(document, 'optionsTitle');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    browserWith('he', 'rtl');
    expect(direction()).toBe('rtl');
  });

  it('is left to right in English, Japanese and Russian, even in a right-to-left browser', () => {
    localizeDocument(document, 'optionsTitle');
    expect(document.documentElement.dir).toBe('ltr');
    for (const tag of ['en', 'ja', 'ru', 'pt-BR', 'zh-CN']) {
      browserWith(tag, 'rtl');
      expect(direction(), tag).toBe('ltr');
    }
  });

  it('is set by every screen: popup, side panel, options, welcome, PDF viewer', () => {
    const screens = readdirSync(ENTRYPOINTS, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'offscreen')
      .map((d) => d.name)
      .sort();
    expect(screens).toEqual(['options', 'pdf-viewer', 'popup', 'sidepanel', 'welcome']);
    for (const screen of screens) {
      const main = readdirSync(resolve(ENTRYPOINTS, screen)).find((f) => /^main\.tsx?$/.test(f))!;
      expect(readFileSync(resolve(ENTRYPOINTS, screen, main), 'utf8'), screen).toMatch(/\blocalizeDocument\(document,/);
    }
  });
});
