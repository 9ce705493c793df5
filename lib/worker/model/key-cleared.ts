/**
 * The key goes only where the user said it may (lib/shared/key-destination.ts, the one rule): the
 * settings are used once the key's origin is the base URL's, which the options page asks the user
 * to confirm when it changes. A server on this computer is asked without the key, whatever origin
 * it was confirmed for. Otherwise nothing is read or sent, and the popup says why.
 */
import { originOf } from '@/lib/shared/api-key';
import { keyVerdict } from '@/lib/shared/key-destination';
import type { Settings } from '@/lib/shared/settings';
import type { LoadedSettings } from '@/lib/shared/storage';
import { KeyOriginError } from './errors';

/**
 * The settings a question is asked with: the key in them only when the rule lets it go to the
 * base URL; none for a server on this computer. Throws when the key's origin is not confirmed.
 */
export function keyCleared(settings: LoadedSettings): Settings {
  const { keyOrigin, ...rest } = settings;
  switch (keyVerdict(settings, { key: settings.apiKey, origin: keyOrigin })) {
    case 'unconfirmed':
      throw new KeyOriginError(originOf(settings.baseURL));
    case 'local':
      return { ...rest, apiKey: '' };
    default:
      return rest;
  }
}
