/**
 * Where the API keys live, one per API origin, and where they may be sent. The keys are kept in
 * the extension origin's IndexedDB: only the extension's own pages and its worker run in that
 * origin. A content script runs in its page's origin, so it (and a compromised page renderer) can
 * read `storage.local` but not this database; nor is it `storage.session`, which the browser
 * empties when it closes. Each key is kept for the origin the user confirmed it may be sent to
 * (lib/shared/store/key-schema.ts: the shape and its versions; lib/shared/store/key-destination.ts: the one
 * rule of where a key may go).
 */
import { del, get, set, type UseStore } from 'idb-keyval';
import { t } from '@/lib/shared/core/i18n';
import { openStore } from './idb-store';
import { checkedKeys, MAX_KEY_LENGTH, type KeyStore, type SavedKeys } from './key-schema';
import { bringUpToDate, STORES } from './store-versions';

/** The database and store that hold the keys; no content script may reference them. */
export const KEY_DB = 'cited-tabs-key';
const KEY_STORE = 'secrets';
/** Version 1: the one record `{key, origin}` of the builds before keys were kept per server. */
const LEGACY_KEY = 'apiKey';
/** Version 2: `{version, byOrigin}`. */
const KEYS = 'keys';
/** Stored values under `keys` that did not read, as they were, kept when keys were saved over them. */
const SET_ASIDE = 'keysSetAside';

let store: UseStore | undefined;
const keyStore = () => (store ??= openStore(KEY_DB, KEY_STORE));

/** The key store as read: its keys, or why it does not read (then it gives no key, and is kept). */
export type ReadKeyStore = { keys: SavedKeys; unreadable: null } | { keys: SavedKeys; unreadable: string };

/**
 * The stored value under `keys` read: nothing stored is no key; a value of another version or
 * damaged gives no key (nothing is sent on the strength of what cannot be read) and says why, so
 * that it is said and kept, never written over. Only a record of the current version is read: an
 * older one never was stored under `keys` (version 1 was the record `apiKey`, moved by `upgradeKeys`).
 */
export function readKeyStore(value: unknown): ReadKeyStore {
  if (value === undefined || value === null) return { keys: {}, unreadable: null };
  if (typeof value !== 'object') return { keys: {}, unreadable: 'not a record' };
  const { version, byOrigin } = value as { version?: unknown; byOrigin?: unknown };
  if (version !== STORES.keys.version) return { keys: {}, unreadable: `version ${String(version)}` };
  const read = bringUpToDate('keys', byOrigin, version);
  if (read.kind !== 'current') return { keys: {}, unreadable: read.kind === 'failed' ? read.error : `version ${read.version}` };
  return { keys: read.value as SavedKeys, unreadable: null };
}

/**
 * The keys by origin as stored. A stored value that does not read (another version's, damaged)
 * gives no key: nothing is sent on the strength of what cannot be read.
 */
export async function loadKeys(): Promise<SavedKeys> {
  return readKeyStore(await get(KEYS, keyStore())).keys;
}

/** Why the stored keys do not read (said on the options page), or null when they read or there are none. */
export async function unreadableKeys(): Promise<string | null> {
  return readKeyStore(await get(KEYS, keyStore())).unreadable;
}

/**
 * Keeps `keys` as the whole set (an origin left out has its key removed). A stored value that
 * does not read is first moved aside (`SET_ASIDE`, every one kept), never written over: a newer
 * version's keys, or keys a bug damaged, are still there for a later version or a person.
 */
export async function saveKeys(keys: SavedKeys): Promise<void> {
  // What would not read back is not written (a key past MAX_KEY_LENGTH): said where Save is.
  if (Object.values(keys).some((k) => k.key.length > MAX_KEY_LENGTH)) throw new Error(t('keyTooLong', MAX_KEY_LENGTH));
  checkedKeys(keys);
  const stored: unknown = await get(KEYS, keyStore());
  if (readKeyStore(stored).unreadable !== null) {
    const aside: unknown = await get(SET_ASIDE, keyStore());
    await set(SET_ASIDE, [...(Array.isArray(aside) ? (aside as unknown[]) : []), stored], keyStore());
  }
  const record: KeyStore = { version: STORES.keys.version, byOrigin: { ...keys } };
  await set(KEYS, record, keyStore());
}

/**
 * The record of version 1 moved into the per-origin store, if one is left (repeatable: done, it
 * finds nothing). Run as the worker starts and as settings load; a key saved since under the same
 * origin wins. The old record is removed only once the new store is written; a record that does
 * not read is left where it is, and sends nothing.
 */
export async function upgradeKeys(baseURL: string): Promise<'nothing' | 'moved' | 'kept'> {
  const legacy: unknown = await get(LEGACY_KEY, keyStore());
  if (legacy === undefined) return 'nothing';
  const moved = bringUpToDate('keys', { record: legacy, baseURL }, 1);
  if (moved.kind !== 'current') return 'kept';
  await saveKeys({ ...(moved.value as SavedKeys), ...(await loadKeys()) });
  await del(LEGACY_KEY, keyStore());
  return 'moved';
}

/** The Messages API's own origin, the default base URL's. */
export const ANTHROPIC_API_ORIGIN = 'https://api.anthropic.com';

/**
 * The origin a key found where an older version kept it (`storage.local`, which content scripts
 * can write) is confirmed for: the Anthropic API's only. Anything could have put another base URL
 * beside it there; a key that was used with one is kept, unconfirmed ('') until the user
 * confirms that address in the options, and nothing is sent meanwhile.
 */
export function migratedKeyOrigin(legacyBaseURL: string | null, defaultBaseURL: string): string {
  const origin = originOf(legacyBaseURL ?? defaultBaseURL);
  return origin === ANTHROPIC_API_ORIGIN ? origin : '';
}

/** `https://host[:port]` of a base URL, or '' when it is not one. */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}
