/**
 * Which scripts count as a screen's first load (tests/support/first-load.ts), on a made-up build:
 * what the page names and what that imports statically, never a chunk reached only by `import()`.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { firstLoad, staticImports, total } from '../support/first-load';

const HTML = `<!doctype html><html><head>
<script type="module" crossorigin src="/chunks/popup-a.js"></script>
<link rel="modulepreload" crossorigin href="/chunks/shared-b.js">
<link rel="stylesheet" crossorigin href="/assets/app.css">
<script src="/not-a-module.js"></script>
</head><body></body></html>`;

const TREE: Record<string, string> = {
  'chunks/popup-a.js': 'import{t as e}from"./app-c.js";import"./side-effect-d.js";e();',
  'chunks/shared-b.js': 'export const x=1;',
  'chunks/app-c.js': `import{x}from"./shared-b.js";export*from"./re-exported-e.js";const h=()=>import("./History-f.js");export const t=()=>h;`,
  'chunks/side-effect-d.js': 'console.log(1)',
  'chunks/re-exported-e.js': 'export const y=2;',
  'chunks/History-f.js': 'import{x}from"./only-history-g.js";export const H=x;',
  'chunks/only-history-g.js': 'export const x=3;',
};

describe('first load', () => {
  it('counts the module script, the modulepreloads and their static imports, not what import() loads later', () => {
    const read = (file: string) => {
      const code = TREE[file];
      if (code === undefined) throw new Error(`read ${file}, which the page never loads`);
      return code;
    };
    const scripts = firstLoad(HTML, read);
    expect(scripts.map((s) => s.file).sort()).toEqual([
      'chunks/app-c.js',
      'chunks/popup-a.js',
      'chunks/re-exported-e.js',
      'chunks/shared-b.js',
      'chunks/side-effect-d.js',
    ]);
    const app = scripts.find((s) => s.file === 'chunks/app-c.js')!;
    expect(app.raw).toBe(TREE['chunks/app-c.js']!.length);
    expect(app.gzip).toBe(gzipSync(TREE['chunks/app-c.js']!).length);
    expect(total(scripts).raw).toBe(scripts.reduce((n, s) => n + s.raw, 0));
  });

  it('resolves an import against the importing chunk, and skips import() and words that only look like imports', () => {
    expect(staticImports('chunks/a.js', 'import{b}from"../b.js";import("./c.js");const s="reimport";')).toEqual(['b.js']);
  });
});
