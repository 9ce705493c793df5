/**
 * The welcome page opens once, when the extension is installed: never on an update or a browser
 * update, which keep the user's settings and keys as they were and need no setting up again.
 */

/** The page to open, relative to the extension's root. */
export const WELCOME_PAGE = '/welcome.html';

/** `details`: what `runtime.onInstalled` says; `open`: opens an extension page in a new tab. */
export function welcomeOnInstall(details: { reason: string }, open: (path: typeof WELCOME_PAGE) => Promise<unknown>): boolean {
  if (details.reason !== 'install') return false;
  void open(WELCOME_PAGE).catch(() => {});
  return true;
}
