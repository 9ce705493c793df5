/**
 * Where the API key lives, and where it may be sent. The key is kept in the extension origin's
 * IndexedDB: only the extension's own pages and its worker run in that origin. A content script
 * runs in its page's origin, so it (and a compromised page renderer) can read `storage.local`
 * but not this database; nor is it `storage.session`, which the browser empties when it closes.
 * With the key goes the origin the user confirmed it may be sent to: when the API base URL
 * points elsewhere, nothing is sent until the user confirms the new one in the options.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { t } from '@/lib/shared/i18n';

/** The database and store that hold the key; no content script may reference them. */
export const KEY_DB = 'cited-tabs-key';
const KEY_STORE = 'secrets';
const KEY = 'apiKey';

export interface KeyRecord {
  key: string;
  /** The API origin the user confirmed the key may be sent to (`https://api.anthropic.com`). */
  origin: string;
}

let store: UseStore | undefined;
const keyStore = () => (store ??= createStore(KEY_DB, KEY_STORE));

export async function loadKeyRecord(): Promise<KeyRecord | null> {
  const value: unknown = await get(KEY, keyStore());
  if (!value || typeof value !== 'object') return null;
  const { key, origin } = value as Partial<KeyRecord>;
  return typeof key === 'string' && key !== '' && typeof origin === 'string' ? { key, origin } : null;
}

/** Keeps `key` for `origin`; an empty key forgets it. */
export async function saveKeyRecord(record: KeyRecord): Promise<void> {
  if (record.key === '') await del(KEY, keyStore());
  else await set(KEY, { key: record.key, origin: record.origin }, keyStore());
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
