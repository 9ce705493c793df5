/**
 * `npm run screenshots`: the README's pictures, made from the built extension in headless
 * Chromium with the Messages API stand-in (no network), by the flow of tests/support/screens.ts:
 * the popup with an answer, the side panel beside a page with its highlight (light and dark), the
 * history, and the options page. Written to docs/screenshots/, with screens.json: the names and
 * labels each picture shows, which tests/e2e/screenshots.test.ts compares with today's screens.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { launch, type Harness } from '@/tests/support/harness';
import {
  driveAnswerFirstScreens,
  driveScreens,
  driveSettingsScreens,
  SCREENS_JSON,
  type Camera,
  type ScreenNames,
} from '@/tests/support/screens';

const OUT = resolve(import.meta.dirname, '../docs/screenshots');

const camera: Camera = {
  pictures: true,
  shoot: async (page, name) => {
    const png = Buffer.from(await page.screenshot({ type: 'png' }));
    writeFileSync(resolve(OUT, name), png);
    console.log(`docs/screenshots/${name}`);
    return png;
  },
};

/** Issue #43's screens (tests/support/screens.ts, `driveAnswerFirstScreens`) in `lang` (a browser of its own for Spanish). */
async function answerFirstScreens(launched: Harness | null, lang: 'en' | 'es'): Promise<Record<string, ScreenNames>> {
  const h = launched ?? (await launch({ lang }));
  try {
    return await driveAnswerFirstScreens(h, camera, lang);
  } finally {
    if (!launched) await h.close();
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const h = await launch({ keepWelcome: true });
  try {
    const names = await driveScreens(h, camera);
    Object.assign(names, await answerFirstScreens(h, 'en'));
    Object.assign(names, await answerFirstScreens(null, 'es'));
    Object.assign(names, await settingsScreens(h, 'en'));
    Object.assign(names, await settingsScreens(null, 'es'));
    writeFileSync(SCREENS_JSON, JSON.stringify(names, null, 2) + '\n');
    console.log('docs/screenshots/screens.json');
  } finally {
    await h.close();
  }
}

/** Writes a picture to docs/screenshots/: the whole page. */
async function shootWhole(page: Parameters<Parameters<typeof driveSettingsScreens>[1]['shoot']>[0], name: string) {
  const png = Buffer.from(await page.screenshot({ type: 'png', fullPage: true }));
  writeFileSync(resolve(OUT, name), png);
  console.log(`docs/screenshots/${name}`);
  return png;
}

/** The options and the welcome, light and dark, in `lang` (a browser of its own for Spanish). */
async function settingsScreens(
  launched: Awaited<ReturnType<typeof launch>> | null,
  lang: 'en' | 'es',
): Promise<Record<string, ScreenNames>> {
  const h = launched ?? (await launch({ lang, keepWelcome: true }));
  try {
    return await driveSettingsScreens(h, { pictures: true, shoot: shootWhole }, lang);
  } finally {
    if (!launched) await h.close();
  }
}

await main();
