// @vitest-environment happy-dom
/**
 * Each screen's document takes its direction from the catalogue the browser picked
 * (`@@bidi_dir`): right to left in Arabic and Hebrew, left to right otherwise, and left to right
 * when the browser says nothing. Every screen sets it, through `localizeDocument`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useCatalogue } from '@/tests/support/catalogue';
import { direction, localizeDocument } from '@/lib/shared/i18n';

const ENTRYPOINTS = resolve(import.meta.dirname, '../../entrypoints');

/** The browser as it is in Arabic: its own `@@bidi_dir`, and a catalogue whose `locale` is "ar". */
function browserInArabic(): void {
  useCatalogue('en');
  const english = fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getMessage = ((name: string, subs?: string | string[]) =>
    name === '@@bidi_dir' ? 'rtl' : name === 'locale' ? 'ar' : english(name, subs)) as typeof english;
}

describe('the direction of a screen', () => {
  afterEach(() => {
    useCatalogue('en');
    document.documentElement.removeAttribute('dir');
  });

  it('is right to left when the browser says so, with the language and the title', () => {
    browserInArabic();
    expect(direction()).toBe('rtl');
    localizeDocument(document, 'optionsTitle');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
  });

  it('is left to right in English, and when the browser gives no direction at all', () => {
    localizeDocument(document, 'optionsTitle');
    expect(document.documentElement.dir).toBe('ltr');
    const english = fakeBrowser.i18n.getMessage;
    fakeBrowser.i18n.getMessage = ((name: string, subs?: string | string[]) =>
      name === '@@bidi_dir' ? 'sideways' : english(name, subs)) as typeof english;
    expect(direction()).toBe('ltr');
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
