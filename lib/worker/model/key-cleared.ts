/**
 * The key goes only where the user said it may: the settings are used once the key's origin is the
 * base URL's, which the options page asks the user to confirm when it changes. Otherwise nothing is
 * read or sent, and the popup says why.
 */
import { originOf } from '@/lib/shared/api-key';
import type { Settings } from '@/lib/shared/settings';
import type { LoadedSettings } from '@/lib/shared/storage';
import { KeyOriginError } from './errors';

/**
 * The settings, once the key may go to the base URL: the user confirmed its origin (the options
 * page asks when it changes). Otherwise nothing is read or sent, and the popup says why.
 */
export function keyCleared(settings: LoadedSettings): Settings {
  const target = originOf(settings.baseURL);
  if (settings.apiKey !== '' && settings.keyOrigin !== target) throw new KeyOriginError(target);
  return settings;
}
