/**
 * The run's state and its logs, as the steps of a question write them. The state is read, changed
 * and written one update at a time (serial.ts), so a late stage update never undoes "done", and a
 * newer question's state is never overwritten by an older one's late results. The logs are on disk:
 * a question about incognito tabs leaves only what went wrong and when, never its question, quotes
 * or sites. Each line is written for the run it belongs to, with that run's own privacy, never the
 * privacy of whichever run is stored when it is written; a run cancelled or replaced by a newer
 * question logs nothing more. Storage is passed in, so this is tested without a browser.
 */
import { privateDetail, privateFailureEntry } from '@/lib/shared/store/log-limits';
import type { FailureLogEntry } from '@/lib/shared/answer/run';
import type { RunRecord } from '@/lib/shared/store/storage';
import { progressed, type RunProgress, type RunState } from '@/lib/shared/answer/run-state';
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
  /**
   * The stored run `id`, made `next` by a run-state constructor (lib/shared/answer/run-state.ts);
   * nothing if a newer question replaced it.
   */
  update(id: string, next: (run: RunState) => RunState): Promise<void>;
  /** What the question in flight learnt; nothing once it has ended (`progressed`). */
  progress(id: string, patch: RunProgress): Promise<void>;
  /** A progress report: if it cannot be written, the question goes on without it. */
  report(id: string, patch: RunProgress): void;
  /**
   * Logs run `id`'s failure entry (its private form for an incognito question); nothing once the
   * run was cancelled or a newer question replaced it.
   */
  logFailure(id: string, entry: FailureLogEntry): Promise<void>;
  /** Logs run `id`'s line of the run log, as `logFailure` does. */
  logRecord(id: string, record: RunRecord): Promise<void>;
}

/** A run log line of an incognito question: no site, and of its detail only a kind the code names. */
function privateRecord(record: RunRecord): RunRecord {
  const { detail, ...rest } = record;
  const kept = privateDetail(detail);
  return { ...rest, sites: [], ...(kept !== undefined ? { detail: kept } : {}) };
}

/** Whether run `id`, as stored, may still log, and in which form: null once it is not to log. */
function logFormOf(run: RunState | null, id: string): 'private' | 'plain' | null {
  if (run?.id !== id) return null;
  if (run.status === 'error' && run.error.kind === 'cancelled') return null;
  return run.incognito === true ? 'private' : 'plain';
}

export function runStore(deps: RunStoreDeps): RunStore {
  // A failed write fails its own update only (serial.ts): the next question is not stuck.
  const serially = serialQueue();
  const update = (id: string, next: (run: RunState) => RunState): Promise<void> =>
    serially(async () => {
      const run = await deps.load();
      if (run?.id !== id) return;
      try {
        await deps.save(next(run));
      } catch (err) {
        throw new StorageWriteError(err);
      }
    });
  // The run state itself is in memory (`storage.session`): the run's own state decides its line's
  // form, read in turn with the updates, so a flag set by the run (incognito tabs) is seen.
  const logAs = (id: string, write: (form: 'private' | 'plain') => Promise<void>): Promise<void> =>
    serially(async () => {
      const form = logFormOf(await deps.load().catch(() => null), id);
      if (form) await write(form);
    });
  return {
    start: (run) => deps.save(run),
    update,
    progress: (id, patch) => update(id, (run) => progressed(run, patch)),
    report: (id, patch) => void update(id, (run) => progressed(run, patch)).catch(() => {}),
    logFailure: (id, entry) => logAs(id, (form) => deps.appendFailure(form === 'private' ? privateFailureEntry(entry) : entry)),
    logRecord: (id, record) => logAs(id, (form) => deps.appendRunRecord(form === 'private' ? privateRecord(record) : record)),
  };
}
