import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunRecord } from './storage';

const record = (at: number): RunRecord => ({
  at,
  model: 'm',
  sites: ['example.org'],
  citations: 1,
  broken: 0,
  retried: false,
  droppedClaims: 0,
  outcome: 'answer',
});

describe('the logs across versions', () => {
  // The storage module reads the extension API when it loads: the fake one is put in place first.
  let store: typeof import('./storage');
  beforeAll(async () => {
    vi.stubGlobal('chrome', fakeBrowser);
    vi.stubGlobal('browser', fakeBrowser);
    store = await import('./storage');
  });
  beforeEach(() => fakeBrowser.reset());

  it('appends to a log of this version (or of before versions were kept)', async () => {
    await store.appendRunRecord(record(1));
    await store.storeVersionsItem.setValue({ runLog: 1 });
    await store.appendRunRecord(record(2));
    expect((await store.runLogItem.getValue()).map((r) => r.at)).toEqual([1, 2]);
  });

  it('never writes over a log a newer version wrote: it is kept as it was', async () => {
    const newer = [{ at: 7, shape: 'of version 3' }];
    await fakeBrowser.storage.local.set({ runLog: newer, failureLog: newer, storeVersions: { runLog: 3, failureLog: 3 } });
    await store.appendRunRecord(record(8));
    await store.appendFailure({ at: 8, question: 'Q', sites: [], attempts: [], outcome: 'error' });
    const raw = await fakeBrowser.storage.local.get(['runLog', 'failureLog']);
    expect(raw.runLog).toEqual(newer);
    expect(raw.failureLog).toEqual(newer);
  });
});
