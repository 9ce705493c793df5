/**
 * The run's state and its logs, as the steps of a question write them. The state is read, changed
 * and written one update at a time (serial.ts), so a late stage update never undoes "done", and a
 * newer question's state is never overwritten by an older one's late results. The logs are on disk:
 * a question about incognito tabs leaves only what went wrong and when, never its question, quotes
 * or sites. Storage is passed in, so this is tested without a browser.
 */
import { privateFailureEntry } from '@/lib/shared/log-limits';
import type { FailureLogEntry } from '@/lib/shared/run';
import type { RunRecord, RunState } from '@/lib/shared/storage';
import { StorageWriteError } from '@/lib/worker/model/errors';
import { serialQueue } from './serial';

export interface RunStoreDeps {
  load(): Promise<RunState | null>;
  save(run: RunState): Promise<void>;
  appendFailure(entry: FailureLogEntry): Promise<void>;
  appendRunRecord(record: RunRecord): Promise<void>;
}

export interface RunStore {
  /** The question's first state, replacing whatever run was stored. */
  start(run: RunState): Promise<void>;
  /** The stored run `id`, changed by `patch`; nothing if a newer question replaced it. */
  update(id: string, patch: Partial<RunState>): Promise<void>;
  /** A progress report: if it cannot be written, the question goes on without it. */
  report(id: string, patch: Partial<RunState>): void;
  logFailure(entry: FailureLogEntry): Promise<void>;
  logRecord(record: RunRecord): Promise<void>;
}

export function runStore(deps: RunStoreDeps): RunStore {
  // A failed write fails its own update only (serial.ts): the next question is not stuck.
  const serially = serialQueue();
  const update = (id: string, patch: Partial<RunState>): Promise<void> =>
    serially(async () => {
      const run = await deps.load();
      if (run?.id !== id) return;
      try {
        await deps.save({ ...run, ...patch });
      } catch (err) {
        throw new StorageWriteError(err);
      }
    });
  // The run state itself is in memory (`storage.session`); whether it is private decides the logs.
  const isPrivate = async () => (await deps.load().catch(() => null))?.incognito === true;
  return {
    start: (run) => deps.save(run),
    update,
    report: (id, patch) => void update(id, patch).catch(() => {}),
    logFailure: async (entry) => deps.appendFailure((await isPrivate()) ? privateFailureEntry(entry) : entry),
    logRecord: async (record) =>
      deps.appendRunRecord((await isPrivate()) ? { ...record, sites: [], detail: record.detail?.split(':')[0] } : record),
  };
}
