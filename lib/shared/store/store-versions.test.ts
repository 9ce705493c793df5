/**
 * The one runner of the stores' versions, held to its contract by test-only steps on the samples
 * the previous release wrote (lib/shared/store/samples/): no store has a step from version 1 of the
 * draft or the logs yet, and a runner that nothing runs through would rot unseen. Then the real
 * table: every store has a step from each older version, and every sample reads.
 */
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { bringUpToDate, STORES, upToDate, whyNotUpToDate, type StoreScheme } from './store-versions';
import draftV1 from './samples/draft-v1.json';
import failureLogV1 from './samples/failure-log-v1.json';
import historyV1 from './samples/history-v1.json';
import keysV1 from './samples/keys-v1.json';
import runLogV1 from './samples/run-log-v1.json';

/** A run log of a made-up version 3: each record's `model` became `models` (v2), then `at` seconds (v3). */
const runLogV3: StoreScheme = {
  version: 3,
  schema: z.array(z.object({ atS: z.number(), models: z.array(z.string()), outcome: z.string() })),
  steps: {
    1: (old) => (old as Array<Record<string, unknown>>).map(({ model, ...r }) => ({ ...r, models: [model] })),
    2: (old) => (old as Array<Record<string, unknown>>).map(({ at, ...r }) => ({ ...r, atS: (at as number) / 1000 })),
  },
};

describe('the runner, on a test-only version 3 of the run log', () => {
  it('takes the previous release’s log through every step in order, and keeps what the steps did not touch', () => {
    const result = upToDate(runLogV3, runLogV1, 1);
    expect(result.kind).toBe('current');
    const first = (result as { value: Array<Record<string, unknown>> }).value[0]!;
    expect(first).toMatchObject({ atS: runLogV1[0]!.at / 1000, models: [runLogV1[0]!.model], sites: runLogV1[0]!.sites });
    expect(first).not.toHaveProperty('model');
    // From the middle: only the steps after its version.
    const v2 = runLogV3.steps[1]!(runLogV1) as unknown[];
    expect(upToDate(runLogV3, v2, 2)).toEqual(result.kind === 'current' ? { ...result, from: 2 } : null);
  });

  it('leaves the stored value as it was: the steps work on copies', () => {
    const stored = structuredClone(runLogV1);
    upToDate(runLogV3, stored, 1);
    expect(stored).toEqual(runLogV1);
  });

  it('a step that throws, a missing step, or a result that does not read fails at its version, saying why', () => {
    const throwing = {
      ...runLogV3,
      steps: {
        ...runLogV3.steps,
        2: () => {
          throw new Error('no clock');
        },
      },
    };
    expect(upToDate(throwing, runLogV1, 1)).toEqual({ kind: 'failed', version: 2, error: 'no clock' });
    expect(upToDate({ ...runLogV3, steps: { 1: runLogV3.steps[1]! } }, runLogV1, 1)).toEqual({
      kind: 'failed',
      version: 2,
      error: 'no step from version 2',
    });
    const result = upToDate(runLogV3, [{ ...runLogV1[0], model: undefined, models: 'x' }], 1);
    expect(result).toMatchObject({ kind: 'failed', version: 1 });
    expect(whyNotUpToDate(result as Exclude<typeof result, { kind: 'current' }>)).toMatch(
      /^does not read as version 3: 0\.models/,
    );
  });

  it('a value of a version newer than the scheme, or of no version, is never read', () => {
    expect(upToDate(runLogV3, runLogV1, 4)).toEqual({ kind: 'newer', version: 4 });
    expect(whyNotUpToDate({ kind: 'newer', version: 4 })).toBe('written by a newer version (4)');
    for (const version of [0, 1.5, Number.NaN]) expect(upToDate(runLogV3, runLogV1, version).kind).toBe('failed');
  });
});

describe('the stores’ table', () => {
  it('every store has a step from each version older than its current one (session storage aside: an update empties it)', () => {
    expect(
      Object.entries(STORES)
        .filter(([, s]) => 'session' in s)
        .map(([store]) => store),
    ).toEqual(['lastRun']);
    for (const [store, scheme] of Object.entries(STORES).filter(([, s]) => !('session' in s))) {
      const missing = Array.from({ length: scheme.version - 1 }, (_, i) => i + 1).filter((n) => !(n in scheme.steps));
      expect(missing, store).toEqual([]);
    }
  });

  it('what the previous releases wrote reads as the current version: draft, logs, history, keys', () => {
    expect(bringUpToDate('draft', draftV1, 1)).toEqual({ kind: 'current', value: draftV1, from: 1 });
    expect(bringUpToDate('runLog', runLogV1, 1)).toEqual({ kind: 'current', value: runLogV1, from: 1 });
    expect(bringUpToDate('failureLog', failureLogV1, 1)).toEqual({ kind: 'current', value: failureLogV1, from: 1 });
    expect(bringUpToDate('history', historyV1, 1)).toEqual({ kind: 'current', value: historyV1, from: 1 });
    const { idb, storageLocal } = keysV1.confirmed;
    expect(bringUpToDate('keys', { record: idb.apiKey, baseURL: storageLocal.settings.baseURL }, 1)).toMatchObject({
      kind: 'current',
      value: { 'https://api.anthropic.com': { key: 'sk-ant-api03-sample-confirmed', confirmed: true } },
    });
    expect(bringUpToDate('settings', storageLocal.settings, 1).kind).toBe('current');
  });
});
