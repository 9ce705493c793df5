/**
 * Bundled into each corpus page by eval/check-calls.ts, once against our code and once against a
 * baseline checkout's: the check of every passage (eval/lib/check-all.ts) timed, then its browser
 * calls recorded and timed alone (eval/lib/call-replay.ts), all of them and all but each kind or
 * each style property in turn, so that what a kind costs is what leaving it out saves.
 */
import { checked } from './lib/check-all';
import { recordCalls, replay, type Call } from './lib/call-replay';

/** Milliseconds per run of `f`: the median of `reps` batches of runs long enough for the page's coarse clock. */
function timeOf(f: () => unknown, reps: number): number {
  const t0 = performance.now();
  f();
  const batch = Math.min(100, Math.max(1, Math.ceil(5 / Math.max(performance.now() - t0, 0.05))));
  const times: number[] = [];
  for (let r = 0; r < reps; r++) {
    const start = performance.now();
    for (let i = 0; i < batch; i++) f();
    times.push((performance.now() - start) / batch);
  }
  return times.sort((a, b) => a - b)[times.length >> 1]!;
}

/** What one page's check and its calls cost, in milliseconds per run. */
export interface CallCosts {
  check: number;
  calls: number;
  /** How many calls of each kind (style reads by property: `read <name>`) one check makes. */
  counts: Record<string, number>;
  /** What leaving out each kind, and each property read once per element or more, saves of `calls`. */
  saved: Record<string, number>;
}

/** The check of every passage of this page and its browser calls, each timed `reps` times (median). */
export function callCosts(reps: number): CallCosts {
  checked();
  const calls = recordCalls(checked);
  const counts: Record<string, number> = {};
  for (const c of calls) {
    counts[c.kind] = (counts[c.kind] ?? 0) + 1;
    if (c.kind === 'style read') counts[`read ${c.what}`] = (counts[`read ${c.what}`] ?? 0) + 1;
  }
  const all = timeOf(replay(calls), reps);
  const saved: Record<string, number> = {};
  const styles = counts['computed style'] ?? 0;
  const without = (name: string, leaveOut: (c: Call) => boolean) => (saved[name] = all - timeOf(replay(calls, leaveOut), reps));
  for (const kind of Object.keys(counts)) {
    if (kind.startsWith('read ')) {
      // A property read of at least every other style asked: worth its own figure.
      if (counts[kind]! * 2 >= styles) without(kind, (c) => c.kind === 'style read' && `read ${c.what}` === kind);
    } else if (kind !== 'computed style') {
      without(kind, (c) => c.kind === kind);
    }
  }
  return { check: timeOf(checked, reps), calls: all, counts, saved };
}
