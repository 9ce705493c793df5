import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { HistoryEntry } from '@/lib/shared/store/history';
import sample from '@/lib/shared/store/samples/history-v1.json';
import type { DataProblem } from '@/lib/shared/store/storage';
import draftV1 from '@/lib/shared/store/samples/draft-v1.json';
import failureLogV1 from '@/lib/shared/store/samples/failure-log-v1.json';
import runLogV1 from '@/lib/shared/store/samples/run-log-v1.json';
import type { LocalStore, StoreScheme } from '@/lib/shared/store/store-versions';
import { STORES } from '@/lib/shared/store/store-versions';
import { updateStoredData, updateVersionedStores, type StoreUpdateDeps } from './data-updates';

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

/** The draft and the logs as the previous release (5da60b5) wrote them: version 1, no version kept. */
function logsProfile(stored: Partial<Record<LocalStore, unknown>>, versions: Partial<Record<LocalStore, number>> = {}) {
  const state = { stored: { ...stored }, versions, problems: {} as Record<string, DataProblem>, writes: 0 };
  const deps: StoreUpdateDeps = {
    readVersions: async () => state.versions,
    writeVersions: async (v) => void (state.versions = v),
    read: async (store) => state.stored[store],
    write: async (store, value) => {
      state.writes++;
      state.stored[store] = value;
    },
    sayProblem: async (store, p) => {
      if (p) state.problems[store] = p;
      else delete state.problems[store];
    },
    now: () => 1,
  };
  return { state, deps };
}

describe('the draft and the logs brought to their current version at start-up', () => {
  const samples = { draft: draftV1, runLog: runLogV1, failureLog: failureLogV1 };

  it('the previous release’s draft, run log and failure log read as the current version, unchanged, and their versions are kept', async () => {
    const { state, deps } = logsProfile(samples);
    expect(await updateVersionedStores(deps)).toEqual({ draft: 'current', runLog: 'current', failureLog: 'current' });
    expect(state.stored).toEqual(samples);
    expect(state.writes).toBe(0);
    expect(state.versions).toEqual({ draft: 1, runLog: 1, failureLog: 1 });
    expect(state.problems).toEqual({});
    // Again: nothing to do.
    expect(await updateVersionedStores(deps)).toEqual({ draft: 'current', runLog: 'current', failureLog: 'current' });
  });

  it('a log that does not read is kept as it was, its version unchanged, and said; the other stores go on', async () => {
    const damaged = [{ ...runLogV1[0], outcome: 'exploded' }];
    const { state, deps } = logsProfile({ ...samples, runLog: damaged });
    expect(await updateVersionedStores(deps)).toEqual({ draft: 'current', runLog: 'kept', failureLog: 'current' });
    expect(state.stored.runLog).toBe(damaged);
    expect(state.versions).toEqual({ draft: 1, failureLog: 1 });
    expect(state.problems.runLog).toMatchObject({ store: 'runLog', version: 1 });
    expect(state.problems.runLog!.error).toContain('0.outcome');
  });

  it('a store written by a newer version is kept as it is, never read as this version', async () => {
    const { state, deps } = logsProfile(samples, { failureLog: 2 });
    expect((await updateVersionedStores(deps)).failureLog).toBe('kept');
    expect(state.stored.failureLog).toBe(failureLogV1);
    expect(state.versions.failureLog).toBe(2);
    expect(state.problems.failureLog!.error).toBe('written by a newer version (2)');
  });

  it('a store that cannot be read is said, not emptied', async () => {
    const { state, deps } = logsProfile(samples);
    deps.read = async (store) => {
      if (store === 'draft') throw new Error('IO error');
      return state.stored[store];
    };
    expect((await updateVersionedStores(deps)).draft).toBe('kept');
    expect(state.stored.draft).toBe(draftV1);
    expect(state.problems.draft!.error).toBe('IO error');
  });
});

describe('a store whose shape changed: its step runs at start-up (a test-only version 2 of the draft)', () => {
  // Version 2 of the draft as a future build might write it: the question renamed `text`. No build
  // has it; it keeps the start-up's write-back path tested until a real step comes.
  const draftV2: StoreScheme = {
    version: 2,
    schema: z.object({ text: z.string(), scope: z.enum(['tab', 'window', 'tabs']) }),
    steps: {
      1: (old) => {
        const { question, ...rest } = old as { question: string };
        return { ...rest, text: question };
      },
    },
  };
  const schemes = { ...STORES, draft: draftV2 };
  const samples = { draft: draftV1, runLog: runLogV1, failureLog: failureLogV1 };

  it('the previous release’s draft is brought to version 2 and written once, its question kept; the logs untouched', async () => {
    const { state, deps } = logsProfile(samples);
    deps.schemes = schemes;
    expect(await updateVersionedStores(deps)).toEqual({ draft: 'updated', runLog: 'current', failureLog: 'current' });
    const { question, ...rest } = draftV1;
    expect(state.stored.draft).toEqual({ ...rest, text: question });
    expect(state.writes).toBe(1);
    expect(state.versions).toEqual({ draft: 2, runLog: 1, failureLog: 1 });
    // Again: nothing to do, nothing written.
    expect(await updateVersionedStores(deps)).toEqual({ draft: 'current', runLog: 'current', failureLog: 'current' });
    expect(state.writes).toBe(1);
  });

  it('a draft the step cannot bring to version 2 is kept as it was, at version 1, and said', async () => {
    const { state, deps } = logsProfile({ ...samples, draft: { question: 7, scope: 'tab' } });
    deps.schemes = schemes;
    expect((await updateVersionedStores(deps)).draft).toBe('kept');
    expect(state.stored.draft).toEqual({ question: 7, scope: 'tab' });
    expect(state.versions.draft).toBeUndefined();
    expect(state.writes).toBe(0);
    expect(state.problems.draft).toMatchObject({ store: 'draft', version: 1 });
    expect(state.problems.draft!.error).toBe('does not read as version 2: text');
  });
});
