/**
 * What a screen's page loads before it can show anything: the scripts its HTML names (its module
 * script and the `modulepreload` links Vite writes beside it) and every chunk they import
 * statically, transitively. A chunk reached only by a dynamic `import()` is loaded when its part
 * of the screen opens, so it is not counted. Read from the build's files (passed in, so that a
 * made-up tree tests it), each file's size raw and gzipped (node:zlib, default level, as a
 * server or a store would compress it): what `npm run bench:popup` reports against a baseline
 * and `tests/e2e/screen-bundle.test.ts` keeps within its budget.
 */
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface LoadedScript {
  /** The file's path in the build, as the HTML names it without its leading slash. */
  file: string;
  raw: number;
  gzip: number;
}

/** The scripts `html` (a page's markup) names: its module scripts and its modulepreload links. */
export function scriptsNamed(html: string): string[] {
  const files: string[] = [];
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const attrs = tag[0];
    const isScript = tag[1] === 'script' && /\btype="module"/.test(attrs);
    const isPreload = tag[1] === 'link' && /\brel="modulepreload"/.test(attrs);
    const url = /\b(?:src|href)="([^"]+\.js)"/.exec(attrs)?.[1];
    if ((isScript || isPreload) && url) files.push(url.replace(/^\//, ''));
  }
  return files;
}

/**
 * The chunks `code` imports statically, relative to its own file `file`: `import … from "./x.js"`
 * and `import "./x.js"`, never `import("./x.js")`, whose chunk waits until the code runs it.
 */
export function staticImports(file: string, code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(?<![\w$.])(?:import|export)\s*(?:[\w${},*\s]+?\s*from\s*)?["']([^"']+\.js)["']/g)) {
    out.push(posix.normalize(posix.join(posix.dirname(file), m[1]!)));
  }
  return out;
}

/** Every script the page `html` loads at first, in the order found, with its sizes. */
export function firstLoad(html: string, read: (file: string) => string): LoadedScript[] {
  const seen = new Map<string, LoadedScript>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const code = read(file);
    seen.set(file, { file, raw: Buffer.byteLength(code), gzip: gzipSync(code).length });
    for (const next of staticImports(file, code)) visit(next);
  };
  for (const file of scriptsNamed(html)) visit(file);
  return [...seen.values()];
}

/** The first load of `page` (e.g. `popup.html`) in the build at `dir`. */
export function firstLoadOf(dir: string, page: string): LoadedScript[] {
  return firstLoad(readFileSync(join(dir, page), 'utf8'), (file) => readFileSync(join(dir, file), 'utf8'));
}

/** The sum of the sizes of `scripts`. */
export function total(scripts: LoadedScript[]): { raw: number; gzip: number } {
  return scripts.reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), { raw: 0, gzip: 0 });
}
