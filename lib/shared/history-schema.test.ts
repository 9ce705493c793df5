import { describe, expect, it } from 'vitest';
import { HISTORY_MIGRATIONS, HISTORY_VERSION, mergeHistory, readHistoryEntries } from './history-schema';
import { migrate } from './migrations';
import sample from './samples/history-v1.json';

/**
 * `sample`: `local:history` as the builds before 7aa1205 wrote it (one answered thread with its
 * citation, one "not found"), in their types (lib/shared/history.ts at 7aa1205^).
 */
describe('history migrations', () => {
  it('version 1 (storage.local) becomes version 2 with every thread, question and quote kept', () => {
    const m = migrate(sample, 1, HISTORY_MIGRATIONS);
    expect(m).toEqual({ kind: 'current', value: sample, from: 1 });
    expect(HISTORY_VERSION).toBe(2);
  });

  it('a damaged version 1 fails the step, saying where, instead of becoming an empty history', () => {
    const damaged = structuredClone(sample) as unknown as Array<Record<string, unknown>>;
    delete damaged[1]!.turns;
    const m = migrate(damaged, 1, HISTORY_MIGRATIONS);
    expect(m).toMatchObject({ kind: 'failed', version: 1 });
    expect((m as { error: string }).error).toContain('1.turns');
  });

  it('a version newer than this build is kept as it is, never read', () => {
    expect(migrate([], HISTORY_VERSION + 1, HISTORY_MIGRATIONS)).toEqual({ kind: 'newer', version: 3 });
  });

  it('merged by thread id: the later copy of a thread wins, nothing else is dropped', () => {
    const [a, b] = sample as unknown as Parameters<typeof mergeHistory>[0];
    const later = { ...a!, updatedAt: a!.updatedAt + 1000, turns: [...a!.turns, { ...a!.turns[0]!, id: 'run-2' }] };
    const merged = mergeHistory([later], [a!, b!]);
    expect(merged.map((e) => [e.id, e.turns.length])).toEqual([
      [a!.id, 2],
      [b!.id, 1],
    ]);
  });
});

describe('the history read back from its store', () => {
  it('keeps every entry that reads, as stored, and sets aside each one that does not, never the whole list', () => {
    const damaged = { ...sample[1], turns: 'not turns' };
    const newer = { id: 'from-a-newer-version', shape: 'unknown' };
    const read = readHistoryEntries([sample[0], damaged, newer]);
    expect(read.entries).toEqual([sample[0]]);
    expect(read.damaged).toEqual([damaged, newer]);
  });

  it('nothing stored is an empty history; a value that is not a list is one damaged thing, not an empty history', () => {
    expect(readHistoryEntries(undefined)).toEqual({ entries: [], damaged: [] });
    expect(readHistoryEntries({ entries: sample })).toEqual({ entries: [], damaged: [{ entries: sample }] });
  });
});
