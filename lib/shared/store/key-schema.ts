/**
 * The stored shape of the API keys, of each of its versions (zod/mini: the options page loads it);
 * the version numbers and the runner are lib/shared/store/store-versions.ts's. Version 1, written by the builds before keys were kept per server: one record
 * `{key, origin}` under `apiKey` (origin '' while unconfirmed), read with the base URL saved beside
 * it in the settings. Version 2: one key per API origin, each confirmed or not, under `keys`. The
 * step from 1 to 2 is pure and loses nothing: a confirmed key lands under its origin, an
 * unconfirmed one under the base URL's origin, still unconfirmed. Where a key may go is decided
 * elsewhere, once (lib/shared/store/key-destination.ts).
 */
import * as z from 'zod/mini';

/** One server's key, and whether the user confirmed that it may go to that origin. */
export interface SavedKey {
  key: string;
  confirmed: boolean;
}

/** The keys by API origin (`https://api.openai.com`); '' holds a key no address could be read for. */
export type SavedKeys = Readonly<Record<string, SavedKey>>;

/** The record under `keys`: the keys, and their version beside them (lib/shared/store/store-versions.ts). */
export interface KeyStore {
  version: number;
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
/** Version 2's keys: one per origin, each confirmed or not. */
export const byOriginSchema = z.record(z.string().check(z.maxLength(2048)), savedKeySchema);
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
