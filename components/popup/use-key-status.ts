/**
 * Whether the worker can ask a model (a key, or a server on this computer that needs none), and
 * the host the fragments would go to, for the review. Kept current as the options change.
 */
import { useLayoutEffect, useState } from 'preact/hooks';
import { isLocalServer } from '@/lib/shared/servers/servers';
import { hostOf } from '@/lib/shared/answer/site';
import { loadSettings, settingsItem, type LoadedSettings } from '@/lib/shared/store/storage';

export interface KeyStatus {
  hasKey: boolean;
  /** The API's host, where the fragments would go. */
  apiHost: string;
  loaded: boolean;
}

/** What the screens need to know of the settings. */
export function keyStatusOf(settings: LoadedSettings): Omit<KeyStatus, 'loaded'> {
  return { hasKey: settings.apiKey !== '' || isLocalServer(settings), apiHost: hostOf(settings.baseURL) };
}

export function useKeyStatus(): KeyStatus {
  const [status, setStatus] = useState<KeyStatus>({ hasKey: false, apiHost: '', loaded: false });
  // Read from the first render on, before the first paint (the popup's first screen waits for it).
  useLayoutEffect(() => {
    const load = () => void loadSettings().then((s) => setStatus({ ...keyStatusOf(s), loaded: true }));
    load();
    // The key is not in the settings item (lib/shared/store/api-key.ts): load both again on a change.
    return settingsItem.watch(load);
  }, []);
  return status;
}
