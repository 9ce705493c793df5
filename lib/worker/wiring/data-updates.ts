/**
 * The stored shapes brought up to date each time the worker starts (a browser start, an update,
 * a worker woken for a message), never on `onInstalled` alone, which an update that happened
 * while the browser was closed would miss. Repeatable: done, it finds nothing left to do. Today's
 * one move: `local:history` of the builds before 7aa1205 (version 1, readable by content scripts)
 * into the history's IndexedDB, merged by thread id, then removed. A move that fails keeps the old
 * data where it was and records why, for the options page to say (`dataProblemsItem`). Then the
 * draft and the logs (`LOCAL_STORES`): each store's version read, brought up to date and checked
 * by the one runner (lib/shared/store/store-versions.ts), and written back only when a step changed it; a
 * step that fails, a version newer than this build's, or data that does not read keeps the store
 * as it was, its version unchanged, and is said the same way.
 */
import { mergeHistory } from '@/lib/shared/store/history-schema';
import type { HistoryEntry } from '@/lib/shared/store/history';
import type { DataProblem } from '@/lib/shared/store/storage';
import {
  bringUpToDate,
  LOCAL_STORES,
  STORES,
  upToDate,
  whyNotUpToDate,
  type LocalStore,
  type StoreScheme,
} from '@/lib/shared/store/store-versions';

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
  const migrated = bringUpToDate('history', legacy, 1);
  if (migrated.kind !== 'current') {
    const error = whyNotUpToDate(migrated);
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
  readVersions: () => Promise<Partial<Record<LocalStore, number>>>;
  writeVersions: (versions: Partial<Record<LocalStore, number>>) => Promise<void>;
  /** What the store holds; undefined when nothing. */
  read: (store: LocalStore) => Promise<unknown>;
  write: (store: LocalStore, value: unknown) => Promise<void>;
  sayProblem: (store: DataProblem['store'], problem: DataProblem | null) => Promise<void>;
  now: () => number;
  /** The stores' schemes: `STORES`'s, unless a test gives others (a step to run on the samples). */
  schemes?: Readonly<Record<LocalStore, StoreScheme>>;
}

export type StoreUpdate = 'current' | 'updated' | 'kept';

/** Every versioned store brought to its current version; repeatable (done, each is 'current'). */
export async function updateVersionedStores(deps: StoreUpdateDeps): Promise<Record<LocalStore, StoreUpdate>> {
  const versions = { ...(await deps.readVersions()) };
  const result = {} as Record<LocalStore, StoreUpdate>;
  for (const store of LOCAL_STORES) {
    const scheme = deps.schemes?.[store] ?? STORES[store];
    const version = versions[store] ?? 1;
    const say = (error: string) => deps.sayProblem(store, { store, version, error, at: deps.now() });
    try {
      const raw = await deps.read(store);
      if (raw === undefined || raw === null) {
        versions[store] = scheme.version;
        result[store] = 'current';
        continue;
      }
      const brought = upToDate(scheme, raw, version);
      if (brought.kind !== 'current') {
        await say(whyNotUpToDate(brought));
        result[store] = 'kept';
        continue;
      }
      if (version < scheme.version) await deps.write(store, brought.value);
      result[store] = version < scheme.version ? 'updated' : 'current';
      versions[store] = scheme.version;
      await deps.sayProblem(store, null);
    } catch (e) {
      await say(e instanceof Error ? e.message : String(e));
      result[store] = 'kept';
    }
  }
  await deps.writeVersions(versions);
  return result;
}
