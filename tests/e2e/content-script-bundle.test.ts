/**
 * The built content script, read after the build (the e2e project runs then, so this never skips):
 * it names neither the key's store nor the history's, nor the settings or the runs. A content
 * script runs with its page: whatever it can read, a compromised renderer can too. And it is
 * injected into every tab a question reads: it checks messages with zod/mini, since full zod's
 * definitions took 30–50 ms of each injection to load on this machine (zod/mini's about half).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEY_DB } from '@/lib/shared/api-key';
import { HISTORY_DB } from '@/lib/shared/history-store';
import { EXTENSION_DIR } from '../support/extension-browser';
import { FULL_ZOD } from '../support/zod-marker';

describe('the built content script', () => {
  it('names neither the key store, the history, the settings nor the runs', () => {
    const dir = join(EXTENSION_DIR, 'content-scripts');
    const bundles = readdirSync(dir).filter((f) => f.endsWith('.js'));
    expect(bundles.length).toBeGreaterThan(0);
    for (const name of bundles) {
      const code = readFileSync(join(dir, name), 'utf8');
      for (const needle of [KEY_DB, HISTORY_DB, 'indexedDB', 'apiKey', 'local:settings', 'lastRun']) {
        expect(code.includes(needle), `${name} mentions ${needle}`).toBe(false);
      }
    }
  });

  it('loads zod/mini, never full zod', () => {
    const code = readFileSync(join(EXTENSION_DIR, 'content-scripts/page.js'), 'utf8');
    expect(FULL_ZOD.test(code), 'content-scripts/page.js holds full zod').toBe(false);
    console.log(
      `content-scripts/page.js: ${(code.length / 1024).toFixed(1)} kB, ${(gzipSync(code).length / 1024).toFixed(1)} kB gzip`,
    );
  });
});
