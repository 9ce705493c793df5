/**
 * The stored shapes brought up to date each time the worker starts (a browser start, an update,
 * a worker woken for a message), never on `onInstalled` alone, which an update that happened
 * while the browser was closed would miss. Repeatable: done, it finds nothing left to do. Today's
 * one move: `local:history` of the builds before 7aa1205 (version 1, readable by content scripts)
 * into the history's IndexedDB, merged by thread id, then removed. A move that fails keeps the old
 * data where it was and records why, for the options page to say (`dataProblemsItem`).
 */
import { HISTORY_MIGRATIONS, mergeHistory } from '@/lib/shared/history-schema';
import type { HistoryEntry } from '@/lib/shared/history';
import { migrate } from '@/lib/shared/migrations';
import type { DataProblem } from '@/lib/shared/storage';

export interface DataUpdateDeps {
  /** What `local:history` holds; undefined when nothing. */
  readLegacyHistory: () => Promise<unknown>;
  removeLegacyHistory: () => Promise<void>;
  readHistory: () => Promise<HistoryEntry[]>;
  writeHistory: (entries: HistoryEntry[]) => Promise<void>;
  /** Records (or, with null, clears) the problem of `store` for the screens to say. */
  sayProblem: (store: DataProblem['store'], problem: DataProblem | null) => Promise<void>;
  now: () => number;
}

export type DataUpdateResult = 'nothing' | 'moved' | 'kept';

export async function updateStoredData(deps: DataUpdateDeps): Promise<DataUpdateResult> {
  const legacy = await deps.readLegacyHistory();
  if (legacy === undefined || legacy === null) return 'nothing';
  const migrated = migrate(legacy, 1, HISTORY_MIGRATIONS);
  if (migrated.kind !== 'current') {
    const error = migrated.kind === 'failed' ? migrated.error : `version ${migrated.version}`;
    await deps.sayProblem('history', { store: 'history', version: 1, error, at: deps.now() });
    return 'kept';
  }
  try {
    const entries = migrated.value as HistoryEntry[];
    await deps.writeHistory(mergeHistory(await deps.readHistory(), entries));
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    await deps.sayProblem('history', { store: 'history', version: 1, error, at: deps.now() });
    return 'kept';
  }
  // Written where it now lives: only then is the old copy removed.
  await deps.removeLegacyHistory();
  await deps.sayProblem('history', null);
  return 'moved';
}
