/**
 * The stored shape of the API keys and its versions, in one place (zod/mini: the options page
 * loads it). Version 1, written by the builds before keys were kept per server: one record
 * `{key, origin}` under `apiKey` (origin '' while unconfirmed), read with the base URL saved beside
 * it in the settings. Version 2: one key per API origin, each confirmed or not, under `keys`. The
 * step from 1 to 2 is pure and loses nothing: a confirmed key lands under its origin, an
 * unconfirmed one under the base URL's origin, still unconfirmed. Where a key may go is decided
 * elsewhere, once (lib/shared/key-destination.ts).
 */
import * as z from 'zod/mini';
import type { Migrations } from './migrations';

export const KEYS_VERSION = 2;

/** One server's key, and whether the user confirmed that it may go to that origin. */
export interface SavedKey {
  key: string;
  confirmed: boolean;
}

/** The keys by API origin (`https://api.openai.com`); '' holds a key no address could be read for. */
export type SavedKeys = Readonly<Record<string, SavedKey>>;

export interface KeyStore {
  version: typeof KEYS_VERSION;
  byOrigin: SavedKeys;
}

/** What version 1 is made of: the record as stored, and the settings' base URL beside it. */
export interface KeysV1 {
  record: unknown;
  baseURL: string;
}

/**
 * The longest key kept: far above any provider's key, room for a gateway's token (a JWT of a few
 * kB). A key longer than this is refused where it is typed or imported, never kept cut.
 */
export const MAX_KEY_LENGTH = 16_384;

const savedKeySchema = z.object({
  key: z.string().check(z.minLength(1), z.maxLength(MAX_KEY_LENGTH)),
  confirmed: z.boolean(),
});
const byOriginSchema = z.record(z.string().check(z.maxLength(2048)), savedKeySchema);
const v1RecordSchema = z.object({ key: z.string(), origin: z.string() });

/** `https://host[:port]` of a URL, or '' when it is not one. */
function originOrEmpty(url: string): string {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? '' : origin;
  } catch {
    return '';
  }
}

/** The keys of a stored value of version 2; throws when they do not read (nothing is then written). */
export function checkedKeys(raw: unknown): SavedKeys {
  const parsed = z.safeParse(byOriginSchema, raw);
  if (!parsed.success) throw new Error(`keys do not read: ${parsed.error.issues[0]?.path.join('.') ?? ''}`);
  return parsed.data;
}

/** The key store as read: its keys, or why it does not read (then it gives no key, and is kept). */
export type ReadKeyStore = { keys: SavedKeys; unreadable: null } | { keys: SavedKeys; unreadable: string };

/**
 * The stored value under `keys` read: nothing stored is no key; a value of another version or
 * damaged gives no key (nothing is sent on the strength of what cannot be read) and says why, so
 * that it is said and kept, never written over (lib/shared/api-key.ts).
 */
export function readKeyStore(value: unknown): ReadKeyStore {
  if (value === undefined || value === null) return { keys: {}, unreadable: null };
  if (typeof value !== 'object') return { keys: {}, unreadable: 'not a record' };
  const { version, byOrigin } = value as { version?: unknown; byOrigin?: unknown };
  if (version !== KEYS_VERSION) return { keys: {}, unreadable: `version ${String(version)}` };
  try {
    return { keys: checkedKeys(byOrigin), unreadable: null };
  } catch (e) {
    return { keys: {}, unreadable: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Version 1 to 2: the one key under the origin it was confirmed for; unconfirmed ('') under the
 * base URL's origin, still unconfirmed. No key (none stored, or an empty one): no keys.
 */
export function keysFromV1(old: KeysV1): SavedKeys {
  if (old.record === undefined || old.record === null) return {};
  const parsed = z.safeParse(v1RecordSchema, old.record);
  if (!parsed.success) throw new Error('the key record of version 1 does not read');
  const { key, origin } = parsed.data;
  if (key === '') return {};
  const confirmed = originOrEmpty(origin) !== '' && originOrEmpty(origin) === origin;
  return { [confirmed ? origin : originOrEmpty(old.baseURL)]: { key, confirmed } };
}

export const KEY_MIGRATIONS: Migrations = {
  current: KEYS_VERSION,
  steps: {
    1: (old) => checkedKeys(keysFromV1(old as KeysV1)),
  },
};
