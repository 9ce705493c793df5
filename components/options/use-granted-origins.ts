/**
 * The host permissions the extension holds, kept current: a permission request must be made
 * inside the user's gesture, so what is already held is known beforehand, not awaited then.
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';

export function useGrantedOrigins(): string[] {
  const [origins, setOrigins] = useState<string[]>([]);
  useEffect(() => {
    const load = () => void browser.permissions.getAll().then((p) => setOrigins(p.origins ?? []));
    load();
    browser.permissions.onAdded.addListener(load);
    browser.permissions.onRemoved.addListener(load);
    return () => {
      browser.permissions.onAdded.removeListener(load);
      browser.permissions.onRemoved.removeListener(load);
    };
  }, []);
  return origins;
}
