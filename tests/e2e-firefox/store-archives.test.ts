/**
 * The archives a publisher uploads: `npm run zip` for the Chrome Web Store, `npm run zip:firefox`
 * for addons.mozilla.org with the sources archive its reviewers rebuild from. Each store reads
 * the manifest at the archive's root; the sources hold what the build needs, and nothing the
 * build makes or installs.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { zipEntries } from '../support/zip-entries';

const ROOT = resolve(import.meta.dirname, '../..');
const OUTPUT = join(ROOT, '.output');
const { name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

const manifestIn = (zip: string) =>
  JSON.parse(zipEntries(join(OUTPUT, zip)).get('manifest.json')!().toString('utf8')) as Record<string, unknown>;

describe('store archives', () => {
  beforeAll(() => {
    for (const f of readdirSync(OUTPUT).filter((f) => f.endsWith('.zip'))) rmSync(join(OUTPUT, f));
    // As from a publisher's shell: without the test runner's NODE_ENV=test, which would make a
    // development build (Preact's devtools hook in it). `npm run` puts the project's Node first.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST')));
    for (const script of ['zip', 'zip:firefox'])
      execFileSync('npm', ['run', '--silent', script], { cwd: ROOT, stdio: 'ignore', env });
  }, 180_000);

  it('npm run zip: the Chrome archive has the MV3 manifest at its root', () => {
    const entries = zipEntries(join(OUTPUT, `${name}-${version}-chrome.zip`));
    expect(manifestIn(`${name}-${version}-chrome.zip`)).toMatchObject({ manifest_version: 3, version });
    // The development builds' fixed id (wxt.config.ts): the Chrome Web Store refuses a manifest with a key.
    expect(manifestIn(`${name}-${version}-chrome.zip`)).not.toHaveProperty('key');
    expect([...entries.keys()]).toEqual(
      expect.arrayContaining(['background.js', 'popup.html', 'options.html', 'page-reader.js']),
    );
  });

  it('npm run zip:firefox: the Firefox archive has the MV2 manifest with its add-on ID at its root', () => {
    const entries = zipEntries(join(OUTPUT, `${name}-${version}-firefox.zip`));
    expect(manifestIn(`${name}-${version}-firefox.zip`)).toMatchObject({
      manifest_version: 2,
      version,
      browser_specific_settings: { gecko: { id: expect.any(String) } },
    });
    expect([...entries.keys()]).toEqual(expect.arrayContaining(['background.js', 'sidepanel.html', 'page-reader.js']));
  });

  it('both are production builds: no development hook in their code', () => {
    for (const zip of [`${name}-${version}-chrome.zip`, `${name}-${version}-firefox.zip`]) {
      for (const [entry, read] of zipEntries(join(OUTPUT, zip))) {
        if (/\.m?js$/.test(entry)) expect(read().includes('__PREACT_DEVTOOLS__'), `${zip}: ${entry}`).toBe(false);
      }
    }
  });

  it('the sources archive holds what a reviewer rebuilds from, without node_modules or build output', () => {
    const names = [...zipEntries(join(OUTPUT, `${name}-${version}-sources.zip`)).keys()];
    expect(names).toEqual(
      expect.arrayContaining([
        'package.json',
        'package-lock.json',
        'wxt.config.ts',
        'tsconfig.json',
        'README.md',
        'entrypoints/background.ts',
      ]),
    );
    expect(names.some((n) => n.startsWith('lib/worker/'))).toBe(true);
    expect(names.filter((n) => /(^|\/)(node_modules|\.output|\.wxt)\//.test(n))).toEqual([]);
  });
});
