/**
 * No god module: a source file that imports more than a handful of the project's own modules does
 * too many things to read in one sitting (the ask coordinator once imported 31 of them). Each file
 * may import at most MAX_PROJECT_IMPORTS distinct project modules, counted with the same import
 * reading as the layer test.
 */
import { describe, expect, it } from 'vitest';
import { importsOf, projectGraph } from '../support/imports';

export const MAX_PROJECT_IMPORTS = 15;

/** Files with more distinct project imports than they may have, with their counts. */
export function overBound(graph: Map<string, string[]>, max: number, allowed: Record<string, number> = {}): string[] {
  return [...graph]
    .map(([file, targets]) => [file, new Set(targets).size] as const)
    .filter(([file, n]) => n > (allowed[file] ?? max))
    .map(([file, n]) => `${file}: ${n}`);
}

describe('the import bound', () => {
  it('keeps every source file at 15 project imports or fewer', () => {
    expect(overBound(projectGraph(), MAX_PROJECT_IMPORTS)).toEqual([]);
  });

  it('counts distinct project modules, types and re-exports included, packages not', () => {
    const files = new Set(['lib/worker/a.ts', 'lib/shared/core/b.ts', 'lib/shared/core/c.ts']);
    const src = [
      "import { x } from './a';",
      "import type { Y } from './a';",
      "import type { B } from '@/lib/shared/core/b';",
      "export { c } from '@/lib/shared/core/c';",
      "import * as z from 'zod';",
    ].join('\n');
    const graph = new Map([['lib/worker/e.ts', importsOf('lib/worker/e.ts', src, (f) => files.has(f))]]);
    expect(overBound(graph, 3)).toEqual([]);
    expect(overBound(graph, 2)).toEqual(['lib/worker/e.ts: 3']);
    expect(overBound(graph, 2, { 'lib/worker/e.ts': 3 })).toEqual([]);
  });
});
