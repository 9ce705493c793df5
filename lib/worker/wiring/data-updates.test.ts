import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@/lib/shared/history';
import sample from '@/lib/shared/samples/history-v1.json';
import type { DataProblem } from '@/lib/shared/storage';
import { updateStoredData } from './data-updates';

/** Storage as a user's profile holds it after an update from a build that kept `local:history`. */
function profile(legacy: unknown, history: HistoryEntry[] = [], failWrite = false) {
  const state = { legacy, history, problems: {} as Record<string, DataProblem> };
  const deps = {
    readLegacyHistory: async () => state.legacy,
    removeLegacyHistory: async () => void (state.legacy = undefined),
    readHistory: async () => state.history,
    writeHistory: async (e: HistoryEntry[]) => {
      if (failWrite) throw new Error('QuotaExceededError');
      state.history = e;
    },
    sayProblem: async (store: DataProblem['store'], p: DataProblem | null) => {
      if (p) state.problems[store] = p;
      else delete state.problems[store];
    },
    now: () => 1,
  };
  return { state, deps };
}
const v1 = sample as unknown as HistoryEntry[];

describe('stored data brought up to date at start-up', () => {
  it('the old local:history is moved into the history, merged with what is there, then removed; again, nothing to do', async () => {
    const newer = { ...v1[1]!, id: 'thread-new', updatedAt: v1[0]!.updatedAt + 1 };
    const { state, deps } = profile(sample, [newer]);
    expect(await updateStoredData(deps)).toBe('moved');
    expect(state.history.map((e) => e.id)).toEqual(['thread-new', v1[0]!.id, v1[1]!.id]);
    expect(state.legacy).toBeUndefined();
    expect(await updateStoredData(deps)).toBe('nothing');
    expect(state.history).toHaveLength(3);
  });

  it('an old history that does not read is kept where it was, the history untouched, and the problem recorded', async () => {
    const damaged = [{ ...v1[0]!, turns: 'x' }];
    const { state, deps } = profile(damaged, [v1[1]!]);
    expect(await updateStoredData(deps)).toBe('kept');
    expect(state.legacy).toBe(damaged);
    expect(state.history).toEqual([v1[1]]);
    expect(state.problems.history).toMatchObject({ store: 'history', version: 1 });
  });

  it('a refused write (quota) keeps the old history where it was, and says why', async () => {
    const { state, deps } = profile(sample, [], true);
    expect(await updateStoredData(deps)).toBe('kept');
    expect(state.legacy).toBe(sample);
    expect(state.problems.history?.error).toBe('QuotaExceededError');
  });
});
