/**
 * Keeps the tree honest about where code runs. Each folder is a runtime context: lib/page/ is
 * loaded only by the script injected into web pages, lib/worker/ only by the service worker,
 * lib/offscreen/ only by the offscreen document that reads PDFs, lib/shared/ by everyone, and the screens (popup, side panel, options,
 * PDF viewer) by the extension's own pages. An import across the wrong line would put worker code
 * (and the key's reach) into a page, or the ranking and verifier into a screen's bundle, so every
 * import is read here and checked against layers.js, the table the linter's zones come from too,
 * and any import cycle fails.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  importZones,
  LAYERS,
  layerOf,
  PAGE_STAGES,
  pageStageOf,
  SHARED_TOPICS,
  sharedTopicOf,
  stageOf,
  WORKER_STAGES,
  type Stage,
} from '../../layers.js';
import { importsOf, projectGraph, ROOT } from '../support/imports';

/** The runtime context of a project file, by where it sits (layers.js), or 'other'. */
export function contextOf(file: string): string {
  return layerOf(file)?.name ?? 'other';
}

/** What each context may import, besides packages: the same table the linter's zones come from. */
const ALLOWED: Record<string, string[]> = Object.fromEntries(LAYERS.map((l) => [l.name, l.may]));

/** Every cycle's members, each cycle once (Tarjan's strongly connected components). */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

/** The imports of `files` that cross into a stage their own stage may not import, as `from → to`. */
export function stageCrossings(
  graph: Map<string, string[]>,
  files: string[],
  stageOfFile: (file: string) => Stage | undefined,
): string[] {
  const crossings: string[] = [];
  for (const from of files) {
    const stage = stageOfFile(from)!;
    for (const to of graph.get(from) ?? []) {
      const other = stageOfFile(to);
      if (other && other !== stage && !stage.may.includes(other.name)) crossings.push(`${from} → ${to}`);
    }
  }
  return crossings;
}

describe('the layers', () => {
  const graph = projectGraph();

  it('sees the whole tree', () => {
    expect([...graph.keys()].filter((f) => f.startsWith('lib/page/')).length).toBeGreaterThan(3);
    expect([...graph.keys()].filter((f) => f.startsWith('lib/worker/')).length).toBeGreaterThan(3);
    expect([...graph.keys()].filter((f) => f.startsWith('lib/shared/')).length).toBeGreaterThan(3);
  });

  it('puts every source file in a runtime context', () => {
    expect([...graph.keys()].filter((f) => contextOf(f) === 'other')).toEqual([]);
  });

  it('keeps page code, worker code and the screens apart', () => {
    const crossings: string[] = [];
    for (const [from, targets] of graph) {
      const allowed = ALLOWED[contextOf(from)];
      if (!allowed) continue;
      for (const to of targets) if (!allowed.includes(contextOf(to))) crossings.push(`${from} → ${to}`);
    }
    expect(crossings).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });
});

describe('the worker stages', () => {
  const graph = projectGraph();
  const worker = [...graph.keys()].filter((f) => f.startsWith('lib/worker/'));

  it('put every worker file in a stage folder with its README', () => {
    expect(worker.filter((f) => !stageOf(f))).toEqual([]);
    const folders = readdirSync(join(ROOT, 'lib/worker')).filter((n) => statSync(join(ROOT, 'lib/worker', n)).isDirectory());
    expect(folders.sort()).toEqual(WORKER_STAGES.map((s) => s.name).sort());
    for (const stage of WORKER_STAGES) expect(statSync(join(ROOT, 'lib/worker', stage.name, 'README.md')).isFile()).toBe(true);
  });

  it('import only the stages they build on', () => {
    expect(stageCrossings(graph, worker, stageOf)).toEqual([]);
  });
});

describe('the page stages', () => {
  const graph = projectGraph();
  const page = [...graph.keys()].filter((f) => f.startsWith('lib/page/'));

  it('put every page file in a stage folder with its README', () => {
    expect(page.filter((f) => !pageStageOf(f))).toEqual([]);
    const folders = readdirSync(join(ROOT, 'lib/page')).filter((n) => statSync(join(ROOT, 'lib/page', n)).isDirectory());
    expect(folders.sort()).toEqual(PAGE_STAGES.map((s) => s.name).sort());
    for (const stage of PAGE_STAGES) expect(statSync(join(ROOT, 'lib/page', stage.name, 'README.md')).isFile()).toBe(true);
  });

  it('import only the stages they build on', () => {
    expect(page.filter((f) => pageStageOf(f)?.name === 'seen').length).toBeGreaterThan(3);
    expect(stageCrossings(graph, page, pageStageOf)).toEqual([]);
  });
});

describe('the shared topics', () => {
  const graph = projectGraph();
  const shared = [...graph.keys()].filter((f) => f.startsWith('lib/shared/'));

  it('put every shared file in a topic folder with its README', () => {
    expect(shared.filter((f) => !sharedTopicOf(f))).toEqual([]);
    const folders = readdirSync(join(ROOT, 'lib/shared')).filter((n) => statSync(join(ROOT, 'lib/shared', n)).isDirectory());
    expect(folders.sort()).toEqual(SHARED_TOPICS.map((s) => s.name).sort());
    for (const topic of SHARED_TOPICS) expect(statSync(join(ROOT, 'lib/shared', topic.name, 'README.md')).isFile()).toBe(true);
  });

  it('import only the topics they build on', () => {
    expect(shared.filter((f) => sharedTopicOf(f)?.name === 'store').length).toBeGreaterThan(3);
    expect(stageCrossings(graph, shared, sharedTopicOf)).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('read static, type, dynamic and side-effect imports, relative and aliased', () => {
    const files = new Set(['lib/worker/a.ts', 'lib/shared/core/b.ts', 'lib/page/c.tsx', 'lib/worker/d.ts']);
    const src = [
      "import { x } from './a';",
      "import type { Y } from '@/lib/shared/core/b';",
      "const m = await import('../page/c');",
      "import '@/lib/worker/d.ts';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsOf('lib/worker/e.ts', src, (f) => files.has(f))).toEqual([
      'lib/worker/a.ts',
      'lib/shared/core/b.ts',
      'lib/page/c.tsx',
      'lib/worker/d.ts',
    ]);
  });

  it('find a cycle of three and a file importing itself, and nothing in a tree', () => {
    const cyclic = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['d']],
      ['e', ['a']],
    ]);
    expect(cyclesOf(cyclic)).toEqual([['a', 'b', 'c'], ['d']]);
    expect(
      cyclesOf(
        new Map([
          ['a', ['b', 'c']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('give the linter a zone per layer that forbids exactly the layers it may not import', () => {
    const zones = importZones();
    expect(zones).toHaveLength(LAYERS.length + WORKER_STAGES.length + PAGE_STAGES.length + SHARED_TOPICS.length);
    const page = zones.find((z) => z.target.includes('./lib/page'))!;
    expect(page.from).toEqual(expect.arrayContaining(['./lib/worker', './components', './entrypoints/background.ts']));
    expect(page.from).not.toContain('./lib/shared');
    const screen = zones.find((z) => z.target.includes('./components'))!;
    expect(screen.from).toContain('./lib/worker');
    expect(screen.from).not.toContain('./lib/page');
    const offscreen = zones.find((z) => z.target.includes('./lib/offscreen'))!;
    expect(offscreen.from).toEqual(expect.arrayContaining(['./lib/worker', './lib/page', './components']));
    expect(offscreen.from).not.toContain('./lib/shared');
    const worker = zones.find((z) => z.target.includes('./lib/worker'))!;
    expect(worker.from).toContain('./lib/offscreen');
    const rank = zones.find((z) => z.target.includes('./lib/worker/rank'))!;
    expect(rank.from).toEqual(expect.arrayContaining(['./lib/worker/read', './lib/worker/model', './lib/worker/run']));
    const run = zones.find((z) => z.target.includes('./lib/worker/run'))!;
    expect(run.from).toEqual(['./lib/worker/wiring']);
    const seen = zones.find((z) => z.target.includes('./lib/page/seen'))!;
    expect(seen.from).toEqual(
      expect.arrayContaining(['./lib/page/read', './lib/page/find', './lib/page/pdf', './lib/page/video']),
    );
    expect(seen.from).not.toContain('./lib/page/dom');
    const find = zones.find((z) => z.target.includes('./lib/page/find'))!;
    expect(find.from).toEqual(['./lib/page/pdf', './lib/page/video']);
    const dom = zones.find((z) => z.target.includes('./lib/page/dom'))!;
    expect(dom.from).toEqual(expect.arrayContaining(['./lib/page/seen', './lib/page/read', './lib/page/find']));
    const core = zones.find((z) => z.target.includes('./lib/shared/core'))!;
    expect(core.from).toEqual(expect.arrayContaining(['./lib/shared/protocol', './lib/shared/store', './lib/shared/access']));
    const protocol = zones.find((z) => z.target.includes('./lib/shared/protocol'))!;
    expect(protocol.from).toEqual(expect.arrayContaining(['./lib/shared/answer', './lib/shared/store', './lib/shared/seen']));
    expect(protocol.from).not.toContain('./lib/shared/core');
    const store = zones.find((z) => z.target.includes('./lib/shared/store'))!;
    expect(store.from).toEqual(['./lib/shared/seen', './lib/shared/access']);
  });

  it('report a seen/ file that imports find/ or read/, and not the other way', () => {
    const graph = new Map([
      ['lib/page/seen/a.ts', ['lib/page/find/b.ts', 'lib/page/read/c.ts', 'lib/page/dom/d.ts', 'lib/shared/core/e.ts']],
      ['lib/page/find/b.ts', ['lib/page/seen/a.ts', 'lib/page/read/c.ts']],
      ['lib/page/read/c.ts', ['lib/page/seen/a.ts']],
    ]);
    expect(stageCrossings(graph, [...graph.keys()], pageStageOf)).toEqual([
      'lib/page/seen/a.ts → lib/page/find/b.ts',
      'lib/page/seen/a.ts → lib/page/read/c.ts',
    ]);
  });

  it('report a shared topic that imports one it does not build on', () => {
    const graph = new Map([
      ['lib/shared/core/a.ts', ['lib/shared/store/b.ts']],
      ['lib/shared/store/b.ts', ['lib/shared/core/a.ts', 'lib/shared/access/c.ts']],
      ['lib/shared/access/c.ts', ['lib/shared/store/b.ts']],
    ]);
    expect(stageCrossings(graph, [...graph.keys()], sharedTopicOf)).toEqual([
      'lib/shared/core/a.ts → lib/shared/store/b.ts',
      'lib/shared/store/b.ts → lib/shared/access/c.ts',
    ]);
  });

  it('name the contexts by folder', () => {
    expect(contextOf('entrypoints/page-reader.ts')).toBe('content-entry');
    expect(contextOf('entrypoints/background.ts')).toBe('worker-entry');
    expect(contextOf('entrypoints/popup/App.tsx')).toBe('screen');
    expect(contextOf('components/popup/AskForm.tsx')).toBe('screen');
    expect(contextOf('entrypoints/offscreen/main.ts')).toBe('offscreen');
    expect(contextOf('lib/offscreen/listen.ts')).toBe('offscreen');
    expect(contextOf('lib/pagination.ts')).toBe('other');
    expect(pageStageOf('lib/page/video/youtube/read.ts')?.name).toBe('video');
    expect(pageStageOf('lib/page/seenx/a.ts')).toBeUndefined();
    expect(sharedTopicOf('lib/shared/store/samples/x.ts')?.name).toBe('store');
    expect(sharedTopicOf('lib/shared/corex/a.ts')).toBeUndefined();
  });
});
