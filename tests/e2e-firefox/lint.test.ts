/**
 * `web-ext lint` on the Firefox build, as addons.mozilla.org's validator reads an upload: no
 * error, no notice, and no warning but the few that the validator raises on libraries' code,
 * each named here with the words around it and why it stays. A new warning, in our code or a
 * library's, fails until it is fixed or explained here.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIREFOX_EXTENSION_DIR } from '../support/firefox';

interface Message {
  code: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
}
interface LintReport {
  errors: Message[];
  notices: Message[];
  warnings: Message[];
}

/** Library code the validator flags, found by words that only that code has near the spot. */
const LIBRARY_WARNINGS: Array<{ code: string; near: string; why: string }> = [
  {
    code: 'DANGEROUS_EVAL',
    near: 'jitless',
    why: 'zod probes whether `Function` may be called, unless `jitless` is set; every entry point sets it, so zod never compiles code',
  },
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    near: 'dangerouslySetInnerHTML',
    why: "Preact's support for the `dangerouslySetInnerHTML` prop, which no component of ours uses (checked below)",
  },
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    near: 'data-l10n-name',
    why: "pdf.js's viewer localises its own strings through a <template>; no page or PDF text goes there",
  },
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    near: 'QuickJSSandbox',
    why: "pdf.js's scripting sandbox module, loaded from the add-on's own files (PDF scripting is not enabled)",
  },
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    near: 'WorkerMessageHandler',
    why: "pdf.js's worker module, imported from the add-on's own files when a worker cannot start",
  },
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    near: 'WasmImage',
    why: "pdf.js's image decoders, imported from the add-on's own files",
  },
];

function lint(dir: string): LintReport {
  const bin = resolve(import.meta.dirname, '../../node_modules/web-ext/bin/web-ext.js');
  let out: string;
  try {
    out = execFileSync(process.execPath, [bin, 'lint', '--source-dir', dir, '--output', 'json', '--boring'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (err) {
    // web-ext exits non-zero when there are errors; the report is still on stdout.
    out = String((err as { stdout?: string }).stdout ?? '');
  }
  return JSON.parse(out.slice(out.indexOf('{'))) as LintReport;
}

/** The build's text around a warning's position, where the library's own words are. */
function around(m: Message): string {
  if (!m.file || !m.line) return '';
  const line = readFileSync(join(FIREFOX_EXTENSION_DIR, m.file), 'utf8').split('\n')[m.line - 1] ?? '';
  const at = m.column ?? 0;
  return line.slice(Math.max(0, at - 400), at + 200);
}

const describeMessage = (m: Message) => `${m.code} ${m.file ?? ''}:${m.line ?? ''}:${m.column ?? ''} ${m.message}`;

describe('web-ext lint on the Firefox build', () => {
  const report = lint(FIREFOX_EXTENSION_DIR);

  it('finds no error and no notice', () => {
    expect(report.errors.map(describeMessage)).toEqual([]);
    expect(report.notices.map(describeMessage)).toEqual([]);
  });

  it('warns only of listed library code (the manifest: add-on ID, data collection, minimum version)', () => {
    const unexplained = report.warnings.filter(
      (w) => !LIBRARY_WARNINGS.some((known) => known.code === w.code && around(w).includes(known.near)),
    );
    expect(unexplained.map(describeMessage)).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(FIREFOX_EXTENSION_DIR, 'manifest.json'), 'utf8')) as {
      browser_specific_settings?: { gecko?: { id?: string; strict_min_version?: string; data_collection_permissions?: unknown } };
    };
    expect(manifest.browser_specific_settings?.gecko).toMatchObject({
      id: expect.any(String),
      strict_min_version: expect.any(String),
      data_collection_permissions: { required: expect.arrayContaining(['websiteContent']) },
    });
  });

  it('no code of ours (tests aside) sets markup: the innerHTML warning stays with Preact’s unused prop', () => {
    // git grep exits 1 when nothing matches.
    let found = '';
    try {
      found = execFileSync(
        'git',
        [
          'grep',
          '-l',
          '-e',
          'dangerouslySetInnerHTML',
          '-e',
          'innerHTML',
          '--',
          'components',
          'entrypoints',
          'lib',
          ':!*.test.ts',
          ':!*.test.tsx',
        ],
        {
          cwd: resolve(import.meta.dirname, '../..'),
          encoding: 'utf8',
        },
      );
    } catch (err) {
      if ((err as { status?: number }).status !== 1) throw err;
    }
    expect(found).toBe('');
  });
});
