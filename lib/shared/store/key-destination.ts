/**
 * Where an API key may go: the one rule every screen and the worker ask before a request leaves
 * (the options page's model list and Test connection, the worker's model calls), for the keys
 * kept by origin (lib/shared/store/key-schema.ts) and the origin a request goes to. A key goes only to
 * the origin it is kept for, once the user confirmed it in the options, over https or to this
 * computer; a key kept for one origin never goes to another, whatever the base URL says;
 * never to a server run as the user's own on this computer (a local preset at a loopback address:
 * it needs no key, and whatever listens on its port is not the API the key was confirmed for),
 * even when a key was once confirmed for that origin; never to an address the user has not
 * confirmed, typed or not.
 */
import { ANTHROPIC_API_ORIGIN, originOf } from './api-key';
import { baseUrlProblem } from '@/lib/shared/servers/base-url';
import type { SavedKey, SavedKeys } from './key-schema';
import { isLocalServer, type ServerKind } from '@/lib/shared/servers/servers';

/** Where a request is about to go. */
export interface KeyTarget {
  server: ServerKind;
  baseURL: string;
}

/**
 * What the rule says of the keys and a target, by the key kept for the target's own origin:
 * - `send`: that key goes with the request;
 * - `none`: no key is kept for the target's origin (a key kept for another origin never goes);
 * - `local`: the target is a server on this computer (`isLocalServer`); it is asked without a key;
 * - `unconfirmed`: a key is kept for the origin but the user has not confirmed it may go there (a
 *   key moved from an older version), or the address is not one a key may go to at all: nothing
 *   goes with the key until the user confirms it.
 */
export type KeyVerdict = 'send' | 'none' | 'local' | 'unconfirmed';

export function keyVerdict(target: KeyTarget, keys: SavedKeys): KeyVerdict {
  const saved = keyAt(target.baseURL, keys);
  if (!saved) return 'none';
  if (isLocalServer(target)) return 'local';
  if (!saved.confirmed || baseUrlProblem(target.baseURL) !== null) return 'unconfirmed';
  return 'send';
}

/** The key to put on a request to `target`: its origin's key when the rule says `send`, else ''. */
export function keyFor(target: KeyTarget, keys: SavedKeys): string {
  return keyVerdict(target, keys) === 'send' ? (keyAt(target.baseURL, keys)?.key ?? '') : '';
}

/** The key kept for the origin of `baseURL`, confirmed or not; none for an address that is no origin. */
export function keyAt(baseURL: string, keys: SavedKeys): SavedKey | undefined {
  const origin = originOf(baseURL);
  return origin === '' || origin === 'null' || !Object.hasOwn(keys, origin) ? undefined : keys[origin];
}

/**
 * The keys as they would be with `typed` as the key of the target's origin, before anything is
 * saved (what the options page asks the rule of): confirmed if that origin's key was, or if it is
 * the Anthropic API's own origin, the default address a first key goes to as shipped. A key typed
 * while another origin was chosen (`typedFor`) is not confirmed by this one's confirmation: it
 * goes nowhere (no model list, no Test connection) until Save asks about this address. A server
 * on this computer keeps no key; an empty key is none.
 */
export function keysWithTyped(
  target: KeyTarget,
  keys: SavedKeys,
  typed: string,
  typedFor: string = originOf(target.baseURL),
): SavedKeys {
  const origin = originOf(target.baseURL);
  if (origin === '' || origin === 'null' || isLocalServer(target)) return keys;
  const { [origin]: before, ...others } = keys;
  if (typed === '') return others;
  const here = typedFor === origin || typed === before?.key;
  return {
    ...others,
    [origin]: { key: typed, confirmed: here && ((before?.confirmed ?? false) || origin === ANTHROPIC_API_ORIGIN) },
  };
}

/**
 * The keys saved with `target` and the key `typed` for it: `confirmed` when the user has just
 * confirmed the target's origin. Keys of other origins are kept as they were; a server on this
 * computer changes none (it never gets one).
 */
export function keysAfterSave(target: KeyTarget, keys: SavedKeys, typed: string, confirmed: boolean): SavedKeys {
  const next = keysWithTyped(target, keys, typed);
  const origin = originOf(target.baseURL);
  const saved = next[origin];
  if (!confirmed || !saved || isLocalServer(target) || baseUrlProblem(target.baseURL) !== null) return next;
  return { ...next, [origin]: { ...saved, confirmed: true } };
}

/** A key removed by the user ("Remove" beside "Key saved for …"): the others stay. */
export function keysWithout(keys: SavedKeys, origin: string): SavedKeys {
  const { [origin]: _removed, ...others } = keys;
  return others;
}
