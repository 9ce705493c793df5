/**
 * Where the API keys live, one per API origin, and where they may be sent. The keys are kept in
 * the extension origin's IndexedDB: only the extension's own pages and its worker run in that
 * origin. A content script runs in its page's origin, so it (and a compromised page renderer) can
 * read `storage.local` but not this database; nor is it `storage.session`, which the browser
 * empties when it closes. Each key is kept for the origin the user confirmed it may be sent to
 * (lib/shared/key-schema.ts: the shape and its versions; lib/shared/key-destination.ts: the one
 * rule of where a key may go).
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { t } from '@/lib/shared/i18n';
import { checkedKeys, KEY_MIGRATIONS, KEYS_VERSION, MAX_KEY_LENGTH, readKeyStore, type SavedKeys } from './key-schema';
import { migrate } from './migrations';

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
const keyStore = () => (store ??= createStore(KEY_DB, KEY_STORE));

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
  await set(KEYS, { version: KEYS_VERSION, byOrigin: { ...keys } }, keyStore());
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
  const moved = migrate({ record: legacy, baseURL }, 1, KEY_MIGRATIONS);
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

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a base URL may not carry the key, in words for the options page; null when it may: https,
 * or http to this machine only (a local proxy, a test server). Anything else would send the key
 * in clear text over the network.
 */
export function baseUrlProblem(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return t('baseUrlInvalid');
  }
  if (u.username || u.password) return t('baseUrlCredentials');
  if (u.protocol === 'https:') return null;
  if (u.protocol === 'http:' && LOOPBACK.has(u.hostname)) return null;
  return t('baseUrlInsecure');
}
