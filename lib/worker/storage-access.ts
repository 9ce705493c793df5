/**
 * Extension storage out of content scripts' reach. A content script runs with its page (a
 * compromised renderer can do what it does), and by default it may read and write
 * `storage.local`: the settings (the API base URL among them), the draft and the logs.
 * `setAccessLevel('TRUSTED_CONTEXTS')` limits an area to the extension's own pages and worker;
 * Chrome has it for `storage.session` (its default there already, said so that it stays true).
 * For `storage.local` Chromium 156 accepts the call, but afterwards the worker's own calls to
 * `storage.local` fail ("No SW", seen in the e2e harness), so it is not made: `storage.local`
 * (settings, draft, logs) stays readable by content scripts until those move to the extension's
 * IndexedDB, where the key and the history already are. Firefox has `setAccessLevel` for
 * neither area; there `storage.session` is closed to content scripts by itself.
 */

type Area = { setAccessLevel?: (o: { accessLevel: 'TRUSTED_CONTEXTS' }) => Promise<void> };

/** Which areas were closed to content scripts; an area the browser cannot close is not. */
export async function closeStorageToContentScripts(storage: { session: unknown }): Promise<{
  local: boolean;
  session: boolean;
}> {
  const close = async (area: unknown) => {
    const setAccessLevel = (area as Area).setAccessLevel;
    if (typeof setAccessLevel !== 'function') return false;
    try {
      await setAccessLevel.call(area, { accessLevel: 'TRUSTED_CONTEXTS' });
      return true;
    } catch {
      return false;
    }
  };
  return { local: false, session: await close(storage.session) };
}
