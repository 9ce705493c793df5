import { describe, expect, it } from 'vitest';
import type { FailureLogEntry } from '@/lib/shared/answer/run';
import type { RunRecord } from '@/lib/shared/store/storage';
import { doneRun, errorRun, workingRun, type RunCommon, type RunState } from '@/lib/shared/answer/run-state';
import { StorageWriteError } from '@/lib/worker/model/errors';
import { runStore } from './run-store';

const run = (id: string, extra: Partial<RunCommon> = {}): RunState =>
  workingRun(
    { id, question: 'What does the bank charge?', scope: 'tab', startedAt: 1, skipped: [], ...extra },
    { stage: 'reading' },
  );

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
    await s.runs.progress('a', { received: 5 });
    expect(s.stored()).toMatchObject({ id: 'a', status: 'working', stage: 'choosing', received: 5 });
    await s.runs.update('a', (r) => doneRun(r, { finishedAt: 9, results: [] }));
    expect(s.stored()).toMatchObject({ id: 'a', status: 'done', finishedAt: 9 });
    // A late report leaves the finished run as it is.
    await s.runs.progress('a', { stage: 'asking' });
    expect(s.stored()).not.toHaveProperty('stage');
  });

  it("never writes an older question's late results over a newer question", async () => {
    const s = store(run('newer'));
    await s.runs.update('older', (r) => doneRun(r, { finishedAt: 9, results: [] }));
    expect(s.stored()).toEqual(run('newer'));
  });

  it('fails the one update whose write failed; the next still goes through', async () => {
    const s = store(run('a'));
    s.failSave();
    await expect(s.runs.progress('a', { stage: 'choosing' })).rejects.toBeInstanceOf(StorageWriteError);
    await s.runs.progress('a', { stage: 'asking' });
    expect(s.stored()).toMatchObject({ stage: 'asking' });
  });

  it('keeps the question, quotes and sites of an incognito question out of the logs', async () => {
    const s = store(run('a', { incognito: true }));
    await s.runs.logFailure('a', failure);
    await s.runs.logRecord('a', { ...baseRecord, sites: ['bank.example'], detail: 'offline: bank.example did not answer' });
    expect(s.failures[0]!.question).not.toContain('bank');
    expect(s.failures[0]!.sites).toEqual([]);
    expect(s.records[0]).toMatchObject({ sites: [], detail: 'offline' });
    expect(JSON.stringify(s.records)).not.toContain('bank');
  });

  it('writes nothing of an incognito refusal’s explanation, nor of any detail not a kind the code names', async () => {
    // A refusal's explanation has no colon: the whole of it was kept as the detail's "kind".
    const refusal = 'Claude declined to answer this question. The page about the bank account 4471 asks for it';
    for (const detail of [refusal, `refused: ${refusal}`, 'bank account 4471', 'account:4471', ' 4471 ']) {
      const s = store(run('a', { incognito: true }));
      await s.runs.logFailure('a', { ...failure, detail });
      await s.runs.logRecord('a', { ...baseRecord, outcome: 'error', detail });
      const written = JSON.stringify([s.failures, s.records]);
      expect(written, detail).not.toMatch(/4471|bank|declined/);
      expect(s.failures[0]!.detail, detail).toBe(detail.startsWith('refused') ? 'refused' : undefined);
    }
  });

  it('logs a regular question as it is', async () => {
    const s = store(run('a'));
    await s.runs.logFailure('a', failure);
    expect(s.failures).toEqual([failure]);
  });

  it('writes nothing of an incognito question that finishes after a regular question started', async () => {
    const s = store(run('private', { incognito: true }));
    // The user asks again, in a regular window, while the incognito question is still finishing.
    await s.runs.start(run('regular'));
    await s.runs.logFailure('private', failure);
    await s.runs.logRecord('private', { ...baseRecord, sites: ['bank.example'], detail: 'network: offline' });
    expect(s.failures).toEqual([]);
    expect(s.records).toEqual([]);
    // The regular question's own lines are written as they are.
    await s.runs.logFailure('regular', failure);
    expect(s.failures).toEqual([failure]);
  });

  it("keeps a regular question's line out of an incognito question's privacy, and the other way round", async () => {
    const s = store(run('private', { incognito: true }));
    await s.runs.logRecord('private', { ...baseRecord, sites: ['bank.example'] });
    await s.runs.start(run('regular'));
    await s.runs.logRecord('regular', { ...baseRecord, sites: ['news.example'] });
    expect(s.records.map((r) => r.sites)).toEqual([[], ['news.example']]);
  });

  it('sees the privacy a run learnt on the way (a tab that turned out incognito) before its line is written', async () => {
    const s = store(run('a'));
    s.runs.report('a', { incognito: true });
    await s.runs.logRecord('a', { ...baseRecord, sites: ['bank.example'] });
    expect(s.records[0]!.sites).toEqual([]);
  });

  it('logs nothing more for a run the user cancelled', async () => {
    const s = store(run('a'));
    await s.runs.update('a', (r) => errorRun(r, { finishedAt: 2, error: { kind: 'cancelled', message: 'Cancelled.' } }));
    await s.runs.logFailure('a', failure);
    await s.runs.logRecord('a', baseRecord);
    expect(s.failures).toEqual([]);
    expect(s.records).toEqual([]);
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
