import { describe, expect, it } from 'vitest';
import { passage } from '@/tests/support/passages';
import type { Outcome, ShownCitation } from './run';
import {
  claimsShown,
  doneRun,
  errorRun,
  outcomeOf,
  progressed,
  readRun,
  readSessionRun,
  RUN_WRITTEN_KEY,
  reviewRun,
  RUN_STATE_VERSION,
  workingRun,
  type RunCommon,
  type RunState,
} from './run-state';

const citation: ShownCitation = {
  literal: 'The museum opens at 9 a.m.',
  index: 1,
  passageId: 'p1',
  passageText: 'The museum opens at 9 a.m. It closes at 6 p.m.',
  passageOrder: 0,
  tabId: 3,
  windowId: 1,
  frameId: 0,
  url: 'https://museum.example/hours',
  title: 'Hours',
  site: 'museum.example',
};
const claim = { text: 'It opens at 9 a.m.', citations: [citation] };
const answer: Outcome = {
  kind: 'answer',
  claims: [claim],
  droppedClaims: 0,
  retried: false,
  checks: { citations: 1, broken: 0, repaired: { 'quote-marks': 1 } },
  judged: { policy: 'mark', unsupported: 0 },
  usage: { input: 10, cacheRead: 0, cacheWrite: 5, output: 7, calls: 1 },
};
const plan = {
  passages: [passage('The museum opens at 9 a.m.', { heading: 'Hours', page: 2 })],
  groups: [1],
  tokens: 12,
  reused: 0,
  budget: 8000,
  history: [
    { question: 'When?', fragments: 1, textOnly: false, claims: [{ text: 'x', citations: [{ literal: 'y', source: 'z' }] }] },
  ],
};
const common: RunCommon = {
  id: 'r1',
  question: 'When does it open?',
  scope: 'window',
  startedAt: 1,
  skipped: [{ tabId: 9, title: 'Settings', url: 'chrome://settings', reason: 'A browser page.' }],
  selection: { text: 'opens at 9', title: 'Hours' },
  threadId: 'th',
  newThread: 'pages-changed',
  coverage: { tabs: 2, passages: 10, sent: 1, leftOut: 3, chars: 900, frames: 3, partial: [] },
  plan,
};

/** What the screens get back once the worker's run has been through storage. */
const throughStorage = (run: RunState) => readRun(JSON.parse(JSON.stringify(run)));

describe('the run state', () => {
  it('every status, as its constructor makes it, is read back as it was written', () => {
    const runs: RunState[] = [
      workingRun(common, { stage: 'waiting', retryAt: 5, received: 40, claims: [claim] }),
      reviewRun({ ...common, plan }),
      doneRun(common, { finishedAt: 2, outcome: answer }),
      doneRun(common, {
        finishedAt: 2,
        outcome: { kind: 'abstain', reason: 'unverifiable', retried: true, checks: { citations: 2, broken: 2 } },
      }),
      doneRun(common, { finishedAt: 2, results: [citation] }),
      errorRun(common, { finishedAt: 2, error: { kind: 'rate-limit', message: 'Busy.', action: 'ask-again' }, claims: [claim] }),
    ];
    for (const run of runs) expect(throughStorage(run)).toEqual({ kind: 'run', run });
    expect(runs.map((r) => r.status)).toEqual(['working', 'review', 'done', 'done', 'done', 'error']);
  });

  it('a status keeps only its own fields: a failure after an answer streamed has no stage, no outcome', () => {
    const streaming = workingRun(common, { stage: 'asking', received: 99, claims: [claim] });
    const failed = errorRun(streaming, {
      finishedAt: 3,
      error: { kind: 'network', message: 'Offline.' },
      claims: claimsShown(streaming),
    });
    expect(failed).not.toHaveProperty('stage');
    expect(failed).not.toHaveProperty('received');
    expect(failed.claims).toEqual([claim]);
    const done = doneRun(streaming, { finishedAt: 3, outcome: answer });
    expect(done).not.toHaveProperty('claims');
    expect(outcomeOf(done)).toEqual(answer);
    expect(outcomeOf(failed)).toBeUndefined();
  });

  it('progress reaches a run in progress only: a late report leaves a finished run as it was', () => {
    const working = workingRun(common, { stage: 'reading' });
    expect(progressed(working, { stage: 'asking', received: 12 })).toMatchObject({
      status: 'working',
      stage: 'asking',
      received: 12,
    });
    expect(progressed(working, { incognito: true })).toMatchObject({ stage: 'reading', incognito: true });
    const done = doneRun(working, { finishedAt: 2, outcome: answer });
    expect(progressed(done, { stage: 'asking', received: 12 })).toBe(done);
  });

  it('a run stored by the version before (no version, the fields of every status mixed) is refused as such', () => {
    const older = {
      id: 'r0',
      question: 'When does it open?',
      scope: 'tab',
      status: 'done',
      stage: 'checking',
      startedAt: 0,
      finishedAt: 1,
      skipped: [],
      outcome: answer,
      claims: [],
    };
    expect(readRun(older)).toEqual({ kind: 'unreadable', why: 'old-version' });
    expect(readRun({ ...older, version: RUN_STATE_VERSION + 1 })).toEqual({ kind: 'unreadable', why: 'old-version' });
  });

  it('a session with no lastRun at all is a new one (browser start, update); "New question" (null) is not', () => {
    expect(readSessionRun({})).toEqual({ kind: 'none', newSession: true });
    expect(readSessionRun({ lastRun: null })).toEqual({ kind: 'none' });
    // "New question" is kept by removing lastRun: the marker says the session has asked already.
    expect(readSessionRun({ [RUN_WRITTEN_KEY]: true })).toEqual({ kind: 'none' });
    const done = doneRun(common, { finishedAt: 2, outcome: answer });
    expect(readSessionRun({ lastRun: JSON.parse(JSON.stringify(done)) })).toEqual({ kind: 'run', run: done });
  });

  it('a malformed run of this version is refused, not read in part', () => {
    const done = doneRun(common, { finishedAt: 2, outcome: answer });
    const broken = (change: (run: Record<string, unknown>) => void) => {
      const copy = JSON.parse(JSON.stringify(done)) as Record<string, unknown>;
      change(copy);
      return readRun(copy);
    };
    const malformed = { kind: 'unreadable', why: 'malformed' };
    expect(broken((r) => (r.status = 'finished'))).toEqual(malformed);
    expect(broken((r) => ((r.outcome as { claims: unknown }).claims = 'It opens at 9.'))).toEqual(malformed);
    expect(broken((r) => delete r.outcome)).toEqual(malformed);
    expect(broken((r) => (r.results = []))).toEqual(malformed);
    expect(broken((r) => ((r.coverage as { tabs: unknown }).tabs = '2'))).toEqual(malformed);
    expect(readRun({ ...reviewRun({ ...common, plan }), plan: undefined })).toEqual(malformed);
    expect(readRun({ ...workingRun(common, { stage: 'reading' }), stage: 'dreaming' })).toEqual(malformed);
    expect(readRun('done')).toEqual(malformed);
  });

  it('nothing stored is no run, not an error', () => {
    expect(readRun(null)).toEqual({ kind: 'none' });
    expect(readRun(undefined)).toEqual({ kind: 'none' });
  });
});
