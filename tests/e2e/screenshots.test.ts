import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useHarness, type Harness } from '../support/harness';
import {
  ANSWER_FIRST_PICTURE,
  driveAnswerFirstScreens,
  driveScreens,
  driveSettingsScreens,
  SCREENS_JSON,
  SETTINGS_PICTURE,
  type ScreenNames,
} from '../support/screens';

/**
 * The README's pictures show today's screens (issue #35, item 6): the screens are driven through
 * the states `npm run screenshots` pictured (tests/support/screens.ts, the script's own flow), and
 * the names and labels each shows today are compared with those recorded beside its picture
 * (docs/screenshots/screens.json). A renamed button, a new field or a removed heading fails here
 * until the pictures are made again; the pixels are not compared.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const recorded = JSON.parse(readFileSync(SCREENS_JSON, 'utf8')) as Record<string, ScreenNames>;

describe('the README’s pictures', () => {
  let h: Harness;
  useHarness((x) => (h = x), { reset: false });

  it('each picture the docs show was made by npm run screenshots, and is there', () => {
    const docs = ['README.md', ...['using.md', 'options.md'].map((f) => `docs/${f}`)];
    const shown = new Set<string>();
    for (const doc of docs) {
      for (const m of readFileSync(join(ROOT, doc), 'utf8').matchAll(/screenshots\/([\w-]+\.png)/g)) shown.add(m[1]!);
    }
    expect(shown.size).toBeGreaterThan(0);
    for (const name of shown) expect(Object.keys(recorded), `${name} is not made by npm run screenshots`).toContain(name);
    for (const name of Object.keys(recorded)) expect(existsSync(join(dirname(SCREENS_JSON), name)), name).toBe(true);
  });

  it('each screen shows today the names and labels its picture shows (else: npm run screenshots)', async () => {
    const today = await driveScreens(h, { pictures: false, shoot: async () => null });
    const pictured = Object.entries(recorded).filter(
      ([name]) => !SETTINGS_PICTURE.test(name) && !ANSWER_FIRST_PICTURE.test(name),
    );
    expect(Object.keys(today)).toEqual(pictured.map(([name]) => name));
    for (const [name, names] of pictured) expect(today[name], name).toEqual(names);
  }, 120_000);
});

/** The options and the welcome, light and dark, in English and Spanish (issue #43). */
for (const lang of ['en', 'es'] as const) {
  describe(`the options and the welcome as pictured (${lang})`, () => {
    let h: Harness;
    useHarness((x) => (h = x), { reset: false, keepWelcome: true, ...(lang === 'es' ? { lang } : {}) });

    it('show today the names and labels their pictures show (else: npm run screenshots)', async () => {
      const today = await driveSettingsScreens(h, { pictures: false, shoot: async () => null }, lang);
      const pictured = Object.keys(recorded).filter((name) => SETTINGS_PICTURE.test(name) && name.includes(`-${lang}`));
      expect(Object.keys(today)).toEqual(pictured);
      for (const name of pictured) expect(today[name], name).toEqual(recorded[name]);
    }, 120_000);
  });
}

/**
 * The popup with nine claims and with a three-turn thread, the side panel at 400 px, light and
 * dark (issue #43), in English and in Spanish (a browser of its own).
 */
for (const lang of ['en', 'es'] as const) {
  describe(`the answer-first screens as pictured (${lang})`, () => {
    let h: Harness;
    useHarness((x) => (h = x), { reset: false, ...(lang === 'es' ? { lang } : {}) });

    it('show today the names and labels their pictures show (else: npm run screenshots)', async () => {
      const today = await driveAnswerFirstScreens(h, { pictures: false, shoot: async () => null }, lang);
      const pictured = Object.keys(recorded).filter((name) => ANSWER_FIRST_PICTURE.test(name) && name.includes(`-${lang}`));
      expect(pictured).toHaveLength(6);
      expect(Object.keys(today)).toEqual(pictured);
      for (const name of pictured) expect(today[name], name).toEqual(recorded[name]);
    }, 180_000);
  });
}
