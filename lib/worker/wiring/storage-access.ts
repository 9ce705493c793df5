/**
 * Extension storage out of content scripts' reach. A content script runs with its page (a
 * compromised renderer can do what it does), and by default it may read and write
 * `storage.local`: the settings (the API base URL among them), the draft and the logs.
 * `setAccessLevel('TRUSTED_CONTEXTS')` limits an area to the extension's own pages and worker;
 * Chrome has it for `storage.session` (its default there already, said so that it stays true)
 * and for `storage.local` (tests/e2e/trust.test.ts checks it with Chromium 156). Where the
 * browser lacks it (Firefox has it for neither area; there `storage.session` is closed to content
 * scripts by itself), `storage.local` stays readable by content scripts: the key and the history
 * are in the extension's IndexedDB in every browser.
 */

type Area = { setAccessLevel?: (o: { accessLevel: 'TRUSTED_CONTEXTS' }) => Promise<void> };

/** Which areas were closed to content scripts; an area the browser cannot close is not. */
export async function closeStorageToContentScripts(storage: { local: unknown; session: unknown }): Promise<{
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
  const [local, session] = await Promise.all([close(storage.local), close(storage.session)]);
  return { local, session };
}
