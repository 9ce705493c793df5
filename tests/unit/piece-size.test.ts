/**
 * No piece too big to hold in mind (issue #46): no source file over MAX_FILE_LINES lines and no
 * function (a declaration, a method, an arrow or a function expression, a component) over
 * MAX_FUNCTION_LINES, measured on the TypeScript syntax tree of every source file (tests aside),
 * so that a piece that grows past them fails here rather than in a reviewer's reading.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, SOURCE_DIRS, sourceFiles } from '../support/imports';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 100;

/** The functions of `source` longer than `max` lines, as "file:line name (n lines)". */
export function longFunctions(file: string, source: string, max: number): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const start = tree.getLineAndCharacterOfPosition(node.getStart()).line;
      const lines = tree.getLineAndCharacterOfPosition(node.getEnd()).line - start + 1;
      const named = node.name ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name : undefined);
      if (lines > max) out.push(`${file}:${start + 1} ${named ? named.getText(tree) : '(anonymous)'} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return out;
}

describe('the size of a piece', () => {
  const files = SOURCE_DIRS.flatMap(sourceFiles).map((f) => [f, readFileSync(join(ROOT, f), 'utf8')] as const);

  it(`keeps every source file at ${MAX_FILE_LINES} lines or fewer`, () => {
    const long = files.filter(([, s]) => s.split('\n').length > MAX_FILE_LINES).map(([f, s]) => `${f}: ${s.split('\n').length}`);
    expect(long).toEqual([]);
  });

  it(`keeps every function at ${MAX_FUNCTION_LINES} lines or fewer`, () => {
    expect(files.flatMap(([f, s]) => longFunctions(f, s, MAX_FUNCTION_LINES))).toEqual([]);
  });

  it('measures declarations, methods, arrows and components, each by its own lines', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const source = [
      `export function long() {\n${body(4)}\n}`,
      `const arrow = () => {\n${body(2)}\n};`,
      `class C {\n  method() {\n${body(5)}\n  }\n}`,
    ].join('\n');
    expect(longFunctions('x.ts', source, 5)).toEqual(['x.ts:1 long (6 lines)', 'x.ts:12 method (7 lines)']);
    expect(longFunctions('x.ts', source, 7)).toEqual([]);
  });
});
