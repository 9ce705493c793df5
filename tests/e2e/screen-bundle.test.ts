/**
 * The popup and side panel open on every question, so what they load is what the user waits for:
 * they check the worker's replies with `zod/mini`, and full zod (its method-chaining classes,
 * three times the size) must not creep back in through a shared module. And the popup's first
 * load (what its page loads before it can show the question box, tests/support/first-load.ts:
 * the parts the first screen does not show come later, by `import()`) keeps within 45 kB
 * gzipped; `npm run bench:popup` measures it against a baseline. Read from the build (the e2e
 * project runs after it).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXTENSION_DIR } from '../support/extension-browser';
import { FULL_ZOD } from '../support/zod-marker';
import { firstLoadOf, total } from '../support/first-load';

/** Bytes of gzipped script the popup may load before its first screen (issue #43). */
const POPUP_FIRST_LOAD = 45_000;

/** Every script a screen's HTML loads, with the chunks they import, transitively, now or later. */
function scriptsOf(html: string): string[] {
  const start = [...readFileSync(join(EXTENSION_DIR, html), 'utf8').matchAll(/<script[^>]*src="\/([^"]+)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(EXTENSION_DIR, file), 'utf8');
    // Static imports, and `import()` (a part loaded later, written with backquotes), too.
    for (const m of code.matchAll(/(?:from|import)\s*\(?\s*["'`]\.\/([^"'`]+\.js)["'`]/g)) visit(join(file, '..', m[1]!));
  };
  start.forEach(visit);
  return [...seen];
}

describe('what the screens load', () => {
  it('the marker of full zod is full zod’s alone', () => {
    const source = (p: string) => readFileSync(join('node_modules/zod/v4', p), 'utf8');
    expect(source('classic/schemas.js')).toMatch(FULL_ZOD);
    for (const other of ['mini/schemas.js', 'core/schemas.js']) expect(source(other)).not.toMatch(FULL_ZOD);
  });

  it.each(['popup.html', 'sidepanel.html'])('%s loads zod/mini, never full zod', (html) => {
    const scripts = scriptsOf(html);
    expect(scripts.length).toBeGreaterThan(1);
    const codes = scripts.map((f) => readFileSync(join(EXTENSION_DIR, f), 'utf8'));
    for (const [i, code] of codes.entries()) expect(FULL_ZOD.test(code), `${scripts[i]} holds full zod`).toBe(false);
    const gzip = codes.reduce((sum, code) => sum + gzipSync(code).length, 0);
    console.log(`${html}: ${scripts.length} scripts, ${(gzip / 1024).toFixed(1)} kB gzip`);
  });

  it('popup.html loads at most 45 kB of gzipped script before its first screen', () => {
    const scripts = firstLoadOf(EXTENSION_DIR, 'popup.html');
    const sum = total(scripts);
    console.log(`popup.html first load: ${scripts.length} scripts, ${sum.raw} B, ${sum.gzip} B gzip`);
    // The history is among what comes later: its chunk is not in the first load.
    expect(scripts.some((s) => s.file.includes('HistoryView'))).toBe(false);
    expect(sum.gzip).toBeLessThanOrEqual(POPUP_FIRST_LOAD);
  });
});
