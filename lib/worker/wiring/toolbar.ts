/**
 * What the toolbar button opens: the popup (the default) or the side panel, as the setting
 * "The toolbar button opens the side panel" says. Chrome opens the panel itself once told to
 * (`sidePanel.setPanelBehavior`) and the popup is unset; Firefox has no such behaviour, so its
 * button, without a popup, toggles the sidebar on click.
 */
import { browser } from 'wxt/browser';

const POPUP_PATH = 'popup.html';

interface FirefoxActions {
  sidebarAction?: { toggle: () => Promise<void> };
  browserAction?: {
    setPopup: (details: { popup: string }) => Promise<void>;
    onClicked: { addListener: (fn: () => void) => void; hasListener: (fn: () => void) => boolean };
  };
}

const firefox = () => browser as unknown as FirefoxActions;
const toggleSidebar = () => void firefox().sidebarAction?.toggle();

export async function applyToolbarBehavior(opensPanel: boolean): Promise<void> {
  if (typeof browser.sidePanel?.setPanelBehavior === 'function') {
    await browser.sidePanel.setPanelBehavior({ openPanelOnActionClick: opensPanel });
    await browser.action.setPopup({ popup: opensPanel ? '' : POPUP_PATH });
    return;
  }
  const { sidebarAction, browserAction } = firefox();
  if (!sidebarAction || !browserAction) return;
  await browserAction.setPopup({ popup: opensPanel ? '' : POPUP_PATH });
}

/**
 * Firefox: a click on a button without a popup toggles the sidebar. Registered as the background
 * starts, so that a click wakes it; with a popup set, the browser never fires it.
 */
export function listenForToolbarClicks(): void {
  const { sidebarAction, browserAction } = firefox();
  if (!sidebarAction || !browserAction || typeof browser.sidePanel?.open === 'function') return;
  if (!browserAction.onClicked.hasListener(toggleSidebar)) browserAction.onClicked.addListener(toggleSidebar);
}
