/**
 * The built content script, read after the build (the e2e project runs then, so this never skips):
 * it names neither the key's store nor the history's, nor the settings or the runs. A content
 * script runs with its page: whatever it can read, a compromised renderer can too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEY_DB } from '@/lib/shared/api-key';
import { HISTORY_DB } from '@/lib/shared/history-store';
import { EXTENSION_DIR } from '../support/extension-browser';

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
});
