/**
 * The project's own imports, read from its sources: which project files each source file imports
 * (static, dynamic and side-effect imports; types too). The layer test checks them against
 * layers.js, the import bound test counts them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SOURCE_DIRS = ['lib', 'components', 'entrypoints'];

/** The source files under `dir` (tests and declarations aside), relative to the project root. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const rel = posix.join(dir, name);
    if (statSync(join(ROOT, rel)).isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

const IMPORT =
  /(?:^|[^\w.])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[^\w.])import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[^\w.])import\s+['"]([^'"]+)['"]/g;

/** The project files a file imports (static, dynamic and side-effect imports; types too). */
export function importsOf(file: string, source: string, exists: (f: string) => boolean): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3]!;
    let base: string;
    if (spec.startsWith('@/') || spec.startsWith('~/')) base = spec.slice(2);
    else if (spec.startsWith('.')) base = posix.normalize(posix.join(posix.dirname(file), spec));
    else continue;
    const hit = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((e) => base + e).find(exists);
    if (hit && /\.tsx?$/.test(hit)) found.push(hit);
  }
  return found;
}

/** Every source file of the project (tests aside) and the project files it imports. */
export function projectGraph(): Map<string, string[]> {
  const files = SOURCE_DIRS.flatMap(sourceFiles);
  const all = new Set(files);
  const exists = (f: string) => all.has(f);
  return new Map(files.map((f) => [f, importsOf(f, readFileSync(join(ROOT, f), 'utf8'), exists)]));
}
