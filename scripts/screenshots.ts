/**
 * `npm run screenshots`: the README's pictures, made from the built extension in headless
 * Chromium with the Messages API stand-in (no network), by the flow of tests/support/screens.ts:
 * the popup with an answer, the side panel beside a page with its highlight (light and dark), the
 * history, and the options page. Written to docs/screenshots/, with screens.json: the names and
 * labels each picture shows, which tests/e2e/screenshots.test.ts compares with today's screens.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { launch } from '@/tests/support/harness';
import { driveScreens, SCREENS_JSON } from '@/tests/support/screens';

const OUT = resolve(import.meta.dirname, '../docs/screenshots');

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const h = await launch();
  try {
    const names = await driveScreens(h, {
      pictures: true,
      shoot: async (page, name) => {
        const png = Buffer.from(await page.screenshot({ type: 'png' }));
        writeFileSync(resolve(OUT, name), png);
        console.log(`docs/screenshots/${name}`);
        return png;
      },
    });
    writeFileSync(SCREENS_JSON, JSON.stringify(names, null, 2) + '\n');
    console.log('docs/screenshots/screens.json');
  } finally {
    await h.close();
  }
}

await main();
