/**
 * Where the API key may go: the one rule every screen and the worker ask before a request leaves
 * (the options page's model list and Test connection, the worker's model calls). The key goes
 * only to the origin the user confirmed for it in the options, over https or to this computer;
 * never to a server run as the user's own on this computer (a local preset at a loopback address:
 * it needs no key, and whatever listens on its port is not the API the key was confirmed for),
 * even when a key was once confirmed for that origin; never to an address the user has not
 * confirmed, typed or not.
 */
import { baseUrlProblem, originOf } from './api-key';
import { isLocalServer, type ServerKind } from './servers';

/** Where a request is about to go. */
export interface KeyTarget {
  server: ServerKind;
  baseURL: string;
}

/** The key and the origin the user confirmed it for ('' or null: none confirmed). */
export interface HeldKey {
  key: string;
  origin: string | null;
}

/**
 * What the rule says of a key and a target:
 * - `send`: the key goes with the request;
 * - `none`: there is no key to send;
 * - `local`: the target is a server on this computer (`isLocalServer`); it is asked without the key;
 * - `unconfirmed`: the target's origin is not the one the key was confirmed for (or the address
 *   is not one a key may go to at all): nothing goes with the key until the user confirms it.
 */
export type KeyVerdict = 'send' | 'none' | 'local' | 'unconfirmed';

export function keyVerdict(target: KeyTarget, held: HeldKey): KeyVerdict {
  if (held.key === '') return 'none';
  if (isLocalServer(target)) return 'local';
  const origin = originOf(target.baseURL);
  if (origin === '' || origin !== held.origin || baseUrlProblem(target.baseURL) !== null) return 'unconfirmed';
  return 'send';
}

/** The key to put on a request to `target`: the key when the rule says `send`, else ''. */
export function keyFor(target: KeyTarget, held: HeldKey): string {
  return keyVerdict(target, held) === 'send' ? held.key : '';
}

/**
 * The origin the key stays confirmed for once the settings are saved with `target`: the target's
 * own when the user confirmed it (`confirmed`), or when the key goes there already; else the one
 * it had (a local preset chosen keeps the key confirmed for the API it was confirmed for).
 */
export function originKeptFor(target: KeyTarget, held: HeldKey, confirmed: boolean): string {
  if (confirmed && !isLocalServer(target)) return originOf(target.baseURL);
  return keyVerdict(target, held) === 'send' ? originOf(target.baseURL) : (held.origin ?? '');
}
