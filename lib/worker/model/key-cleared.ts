/**
 * A key goes only where the user said it may (lib/shared/store/key-destination.ts, the one rule): the
 * key kept for the base URL's origin, once the user confirmed that origin in the options; never a
 * key kept for another origin. A server on this computer is asked without a key. A key kept for
 * the origin but not confirmed (moved from an older version): nothing is read or sent, and the
 * popup says why.
 */
import { originOf } from '@/lib/shared/store/api-key';
import { keyFor, keyVerdict } from '@/lib/shared/store/key-destination';
import type { Settings } from '@/lib/shared/store/settings';
import type { LoadedSettings } from '@/lib/shared/store/storage';
import { KeyOriginError } from './errors';

/**
 * The settings a question is asked with: the base URL's key in them only when the rule lets it
 * go there; none for a server on this computer, nor when no key is kept for that origin. Throws
 * when the origin's key is not confirmed.
 */
export function keyCleared(settings: LoadedSettings): Settings {
  const { keys, ...rest } = settings;
  switch (keyVerdict(settings, keys)) {
    case 'unconfirmed':
      throw new KeyOriginError(originOf(settings.baseURL));
    case 'send':
      return { ...rest, apiKey: keyFor(settings, keys) };
    default:
      return { ...rest, apiKey: '' };
  }
}
