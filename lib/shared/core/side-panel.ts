/**
 * Opening the side panel, the one place that knows the two browsers' APIs: Chrome's
 * `sidePanel` (MV3) and Firefox's `sidebarAction`. Both refuse unless called while handling a
 * user's gesture (a click, a shortcut, a menu entry), so callers call it first, before any await.
 */
import { browser } from 'wxt/browser';
import { t } from '@/lib/shared/core/i18n';

interface SidebarAction {
  open: () => Promise<void>;
  toggle?: () => Promise<void>;
}

function sidebarAction(): SidebarAction | undefined {
  return (browser as unknown as { sidebarAction?: SidebarAction }).sidebarAction;
}

/** Whether this browser has a side panel (or sidebar) the extension can open. */
export function hasSidePanel(): boolean {
  return typeof browser.sidePanel?.open === 'function' || typeof sidebarAction()?.open === 'function';
}

/** Opens the panel in `windowId` (Firefox: in the current window). Rejects when the browser refuses. */
export function openSidePanel(windowId: number): Promise<void> {
  if (typeof browser.sidePanel?.open === 'function') return browser.sidePanel.open({ windowId });
  const sidebar = sidebarAction();
  if (sidebar) return sidebar.open();
  return Promise.reject(new Error(t('noSidePanel')));
}
