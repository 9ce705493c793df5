/**
 * What the worker does as the extension is installed or updated, and its answer to a screen that
 * asks which build it runs: one place for the extension's life events, so the entrypoint only
 * binds them to the browser.
 */
import { BUILD_ID } from '@/lib/shared/core/build-id';
import { MENU_ENTRIES } from './context-menu';
import { welcomeOnInstall, type WELCOME_PAGE } from './welcome';

export interface InstalledDeps {
  /** Opens an extension page in a new tab. */
  open: (path: typeof WELCOME_PAGE) => Promise<unknown>;
  /** Removes every context-menu entry, then adds those given. */
  setMenus: (entries: typeof MENU_ENTRIES) => Promise<void>;
}

/** `runtime.onInstalled`: the welcome page on install only, and the right-click entries every time. */
export function onInstalled(details: { reason: string }, deps: InstalledDeps): void {
  welcomeOnInstall(details, deps.open);
  void deps.setMenus(MENU_ENTRIES).catch(() => {});
}

/** The build this worker runs, for the screens to compare with their own (lib/shared/core/build-id.ts). */
export const buildReply = () => ({ build: BUILD_ID });
