/**
 * The API key is out of the content script's reach: no module the page script loads touches the
 * store that holds the key (or the settings, runs and history); tests/e2e/content-script-bundle.test.ts
 * checks the built bundle, after the build.
 * A content script runs with its page: whatever it can read, a compromised renderer can too.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEY_DB } from '@/lib/shared/store/api-key';
import { HISTORY_DB } from '@/lib/shared/store/history-db';

const ROOT = resolve(import.meta.dirname, '../..');
/** The scripts the worker injects into pages, and a module each must reach (the walk did go in). */
const ENTRIES = [
  ['entrypoints/page-reader.ts', 'lib/page/read/read-frame.ts'],
  ['entrypoints/quote-finder.ts', 'lib/page/find/highlight-locate.ts'],
] as const;

/** Every module of ours reached from `entry` by static or dynamic imports, and the packages they import. */
function importGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(
      /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g,
    )) {
      const spec = m[1] ?? m[2] ?? m[3]!;
      const base = spec.startsWith('@/') ? join(ROOT, spec.slice(2)) : spec.startsWith('.') ? resolve(dirname(file), spec) : null;
      if (base === null) {
        packages.add(spec);
        continue;
      }
      const found = ['', '.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((p) => existsSync(p) && !p.endsWith('/'));
      if (!found) throw new Error(`cannot resolve ${spec} from ${file}`);
      visit(found);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the content script and the key', () => {
  it.each(ENTRIES)('%s imports nothing that reads the key, the settings or the runs', (entry, own) => {
    const { files, packages } = importGraph(join(ROOT, entry));
    const ours = [...files].map((f) => f.slice(ROOT.length + 1));
    // The walk did reach the script's own modules.
    expect(ours).toContain(own);
    for (const forbidden of [
      'lib/shared/store/api-key.ts',
      'lib/shared/store/storage.ts',
      'lib/shared/store/settings-schema.ts',
      'lib/shared/store/history-store.ts',
    ]) {
      expect(ours).not.toContain(forbidden);
    }
    expect([...packages].filter((p) => p === 'idb-keyval' || p.startsWith('wxt/utils/storage'))).toEqual([]);
    for (const file of files) {
      expect(readFileSync(file, 'utf8')).not.toContain(KEY_DB);
      expect(readFileSync(file, 'utf8')).not.toContain(HISTORY_DB);
    }
  });
});
