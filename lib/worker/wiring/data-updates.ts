/**
 * The stored shapes brought up to date each time the worker starts (a browser start, an update,
 * a worker woken for a message), never on `onInstalled` alone, which an update that happened
 * while the browser was closed would miss. Repeatable: done, it finds nothing left to do. Today's
 * one move: `local:history` of the builds before 7aa1205 (version 1, readable by content scripts)
 * into the history's IndexedDB, merged by thread id, then removed. A move that fails keeps the old
 * data where it was and records why, for the options page to say (`dataProblemsItem`). Then the
 * draft and the logs (lib/shared/store-versions.ts): each store's version read, its steps run,
 * the result checked against the current shape, and written back only when a step changed it; a
 * step that fails, a version newer than this build's, or data that does not read keeps the store
 * as it was, its version unchanged, and is said the same way.
 */
import { HISTORY_MIGRATIONS, mergeHistory } from '@/lib/shared/history-schema';
import type { HistoryEntry } from '@/lib/shared/history';
import { migrate } from '@/lib/shared/migrations';
import type { DataProblem } from '@/lib/shared/storage';
import { STORE_VERSIONS, VERSIONED_STORES, type VersionedStore } from '@/lib/shared/store-versions';
import * as z from 'zod/mini';

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

export interface StoreUpdateDeps {
  /** Each store's version as kept (`local:storeVersions`); a store missing there is version 1. */
  readVersions: () => Promise<Partial<Record<VersionedStore, number>>>;
  writeVersions: (versions: Partial<Record<VersionedStore, number>>) => Promise<void>;
  /** What the store holds; undefined when nothing. */
  read: (store: VersionedStore) => Promise<unknown>;
  write: (store: VersionedStore, value: unknown) => Promise<void>;
  sayProblem: (store: DataProblem['store'], problem: DataProblem | null) => Promise<void>;
  now: () => number;
}

export type StoreUpdate = 'current' | 'updated' | 'kept';

/** Every versioned store brought to its current version; repeatable (done, each is 'current'). */
export async function updateVersionedStores(deps: StoreUpdateDeps): Promise<Record<VersionedStore, StoreUpdate>> {
  const versions = { ...(await deps.readVersions()) };
  const result = {} as Record<VersionedStore, StoreUpdate>;
  for (const store of VERSIONED_STORES) {
    const { migrations, schema } = STORE_VERSIONS[store];
    const version = versions[store] ?? 1;
    const say = (error: string) => deps.sayProblem(store, { store, version, error, at: deps.now() });
    try {
      const raw = await deps.read(store);
      if (raw === undefined || raw === null) {
        versions[store] = migrations.current;
        result[store] = 'current';
        continue;
      }
      const migrated = migrate(raw, version, migrations);
      if (migrated.kind !== 'current') {
        await say(migrated.kind === 'failed' ? migrated.error : `written by a newer version (${migrated.version})`);
        result[store] = 'kept';
        continue;
      }
      const parsed = z.safeParse(schema, migrated.value);
      if (!parsed.success) {
        await say(`does not read as version ${migrations.current}: ${parsed.error.issues[0]?.path.join('.') ?? ''}`);
        result[store] = 'kept';
        continue;
      }
      if (version < migrations.current) await deps.write(store, migrated.value);
      result[store] = version < migrations.current ? 'updated' : 'current';
      versions[store] = migrations.current;
      await deps.sayProblem(store, null);
    } catch (e) {
      await say(e instanceof Error ? e.message : String(e));
      result[store] = 'kept';
    }
  }
  await deps.writeVersions(versions);
  return result;
}
