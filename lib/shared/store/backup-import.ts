/**
 * What "Also use the settings and the API key in the file" may change, decided before anything is
 * written: a backup is a file, and a file is input like any other. It never moves the server or
 * the base URL, nor marks a key confirmed, without the question Save asks (the address shown,
 * components/options/ImportQuestion.tsx); its keys are never taken as confirmed, whatever it says
 * of them; and a key it has for an origin that already has another key here replaces that key
 * only when the user says so. Where a key may go is still the one rule's
 * (lib/shared/store/key-destination.ts). Pure: the options page asks, then writes.
 */
import { ANTHROPIC_API_ORIGIN, originOf } from './api-key';
import { keyAt, keysAfterSave, keyVerdict, type KeyTarget } from './key-destination';
import type { SavedKeys } from './key-schema';

/** The question to ask before the file's settings are used: the address questions and keys would go to. */
export interface ImportQuestion {
  /** The origin the file's settings send questions to (what the question shows). */
  origin: string;
  /** A key would go there with them once confirmed (the question is then Save's about the key). */
  withKey: boolean;
  /** Where else the same key is kept and confirmed (Save's words "Until now your key went only to …"). */
  keptAt: string;
}

export interface SettingsImportPlan {
  /** The keys as they are after the import, before the question's answer (nothing confirmed by the file). */
  keys: SavedKeys;
  /** Origins kept here with another key than the file's: this profile's key stays unless replaced. */
  differing: string[];
  /** Asked before anything is written; null when the file changes neither the address nor a confirmation. */
  question: ImportQuestion | null;
}

/** Where else `key` is kept and confirmed than at `origin` ('' when nowhere): the words of the question. */
export function confirmedElsewhere(keys: SavedKeys, origin: string, key: string): string {
  if (key === '') return '';
  return Object.entries(keys).find(([o, k]) => o !== origin && k.confirmed && k.key === key)?.[0] ?? '';
}

/** `https://host[:port]` (or http) exactly, as the keys are kept by. */
export function isServerOrigin(name: string): boolean {
  try {
    const u = new URL(name);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === name;
  } catch {
    return false;
  }
}

/** Origins kept here with another key than the file has for them, in order. */
export function differingKeys(here: SavedKeys, file: SavedKeys): string[] {
  return Object.keys(file)
    .filter((o) => isServerOrigin(o) && Object.hasOwn(here, o) && here[o]!.key !== file[o]!.key)
    .sort();
}

/** The same address: the same kind of server at the same base URL (a trailing slash aside). */
function sameTarget(a: KeyTarget, b: KeyTarget): boolean {
  return a.server === b.server && a.baseURL.replace(/\/+$/, '') === b.baseURL.replace(/\/+$/, '');
}

/**
 * What importing the file's settings (`file`) over this profile's (`current`) does, with the file's
 * keys (`fileKeys`) and the origins whose key the user chose to replace by the file's (`replace`):
 * - a key for an origin with no key here joins the keys unconfirmed (as shipped, a first key for
 *   the Anthropic API's own origin is confirmed, as Save does for a key typed for it);
 * - the same key as here changes nothing; another key than here's is kept out (`differing`) unless
 *   its origin is in `replace`, and then takes the place of this one with this one's confirmation;
 * - `question`, when the file's server or base URL is not the one in use, or when the file brings
 *   the key for it, which waits for a confirmation: nothing is written before the user confirms.
 */
export function planSettingsImport(
  current: { target: KeyTarget; keys: SavedKeys },
  file: { target: KeyTarget; keys?: SavedKeys },
  replace: readonly string[] = [],
): SettingsImportPlan {
  const keys: Record<string, { key: string; confirmed: boolean }> = { ...current.keys };
  const differing = differingKeys(current.keys, file.keys ?? {});
  for (const [origin, { key }] of Object.entries(file.keys ?? {})) {
    // Only a key kept under an address's own origin ("https://host[:port]") comes in: a name that
    // is none ("__proto__", a path, a scheme of no server) could never be sent, and is left out.
    if (!isServerOrigin(origin)) continue;
    const here = Object.hasOwn(current.keys, origin) ? current.keys[origin] : undefined;
    if (!here) keys[origin] = { key, confirmed: origin === ANTHROPIC_API_ORIGIN };
    else if (here.key !== key && replace.includes(origin)) keys[origin] = { key, confirmed: here.confirmed };
  }
  const verdict = keyVerdict(file.target, keys);
  const moved = !sameTarget(current.target, file.target);
  const origin = originOf(file.target.baseURL);
  const key = verdict === 'none' || verdict === 'local' ? '' : (keyAt(file.target.baseURL, keys)?.key ?? '');
  // The file's key for the address in use, not yet confirmed there (one this profile had unconfirmed stays Save's to ask).
  const fileKeyWaits =
    verdict === 'unconfirmed' && keyAt(file.target.baseURL, keys)?.key !== keyAt(file.target.baseURL, current.keys)?.key;
  const question = moved || fileKeyWaits ? { origin, withKey: key !== '', keptAt: confirmedElsewhere(keys, origin, key) } : null;
  return { keys, differing: differing.sort(), question };
}

/**
 * The keys once the user confirmed the file's address: its key (if one is kept for it) confirmed
 * as Save confirms one (`keysAfterSave`: never for a server on this computer, nor an address a key
 * may not go to).
 */
export function keysConfirmedFor(target: KeyTarget, keys: SavedKeys): SavedKeys {
  const kept = keyAt(target.baseURL, keys);
  return kept ? keysAfterSave(target, keys, kept.key, true) : keys;
}
