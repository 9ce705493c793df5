/**
 * A house rule as a test: every module of lib/ and entrypoints/, and the test support, begins with
 * a comment that says why it exists, before its imports. (Components carry theirs on the exported
 * component, one per file, as the Hypothesis client does.)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function modules(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const rel = posix.join(dir, name);
    if (statSync(join(ROOT, rel)).isDirectory()) out.push(...modules(rel));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

/** True when the first line that is not blank opens a comment. */
export function opensWithComment(source: string): boolean {
  const first = source.split('\n').find((l) => l.trim() !== '') ?? '';
  return /^\s*(\/\*|\/\/)/.test(first);
}

describe('module comments', () => {
  it('open every module of lib/, entrypoints/ and tests/support/', () => {
    const files = ['lib', 'entrypoints', 'tests/support'].flatMap(modules);
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter((f) => !opensWithComment(readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
  });

  it('are told from imports and code', () => {
    expect(opensWithComment('/** Why. */\nimport x from "y";')).toBe(true);
    expect(opensWithComment('\n// Why.\nexport const a = 1;')).toBe(true);
    expect(opensWithComment("import x from 'y';\n/** Why. */")).toBe(false);
    expect(opensWithComment('export const a = 1;')).toBe(false);
  });
});
