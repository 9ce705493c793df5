import { describe, expect, it } from 'vitest';
import type { FailureLogEntry } from '@/lib/shared/run';
import type { RunRecord, RunState } from '@/lib/shared/storage';
import { StorageWriteError } from '@/lib/worker/model/errors';
import { runStore } from './run-store';

const run = (id: string, extra: Partial<RunState> = {}): RunState => ({
  id,
  question: 'What does the bank charge?',
  scope: 'tab',
  status: 'working',
  stage: 'reading',
  startedAt: 1,
  skipped: [],
  ...extra,
});

function store(initial: RunState | null) {
  let stored = initial;
  const failures: FailureLogEntry[] = [];
  const records: RunRecord[] = [];
  let failNextSave = false;
  const runs = runStore({
    load: async () => stored,
    save: async (next) => {
      if (failNextSave) {
        failNextSave = false;
        throw new Error('QUOTA_BYTES quota exceeded');
      }
      stored = next;
    },
    appendFailure: async (e) => void failures.push(e),
    appendRunRecord: async (r) => void records.push(r),
  });
  return { runs, stored: () => stored, failures, records, failSave: () => (failNextSave = true) };
}

const failure: FailureLogEntry = {
  at: 5,
  question: 'What does the bank charge?',
  sites: ['bank.example'],
  attempts: [],
  outcome: 'error',
  detail: 'network: offline',
};

describe('the run store', () => {
  it('changes the stored run step by step, in order', async () => {
    const s = store(run('a'));
    s.runs.report('a', { stage: 'choosing' });
    await s.runs.update('a', { status: 'done', finishedAt: 9 });
    expect(s.stored()).toMatchObject({ id: 'a', stage: 'choosing', status: 'done', finishedAt: 9 });
  });

  it("never writes an older question's late results over a newer question", async () => {
    const s = store(run('newer'));
    await s.runs.update('older', { status: 'done', finishedAt: 9 });
    expect(s.stored()).toEqual(run('newer'));
  });

  it('fails the one update whose write failed; the next still goes through', async () => {
    const s = store(run('a'));
    s.failSave();
    await expect(s.runs.update('a', { stage: 'choosing' })).rejects.toBeInstanceOf(StorageWriteError);
    await s.runs.update('a', { stage: 'asking' });
    expect(s.stored()?.stage).toBe('asking');
  });

  it('keeps the question, quotes and sites of an incognito question out of the logs', async () => {
    const s = store(run('a', { incognito: true }));
    await s.runs.logFailure(failure);
    await s.runs.logRecord({ ...baseRecord, sites: ['bank.example'], detail: 'network: offline' });
    expect(s.failures[0]!.question).not.toContain('bank');
    expect(s.failures[0]!.sites).toEqual([]);
    expect(s.records[0]).toMatchObject({ sites: [], detail: 'network' });
  });

  it('logs a regular question as it is', async () => {
    const s = store(run('a'));
    await s.runs.logFailure(failure);
    expect(s.failures).toEqual([failure]);
  });
});

const baseRecord: RunRecord = {
  at: 1,
  model: 'claude-test',
  sites: [],
  citations: 0,
  broken: 0,
  retried: false,
  droppedClaims: 0,
  outcome: 'error',
};
