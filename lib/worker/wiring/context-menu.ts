/**
 * The right-click entries and the keyboard command that open the side panel: "Ask Cited Tabs
 * about the selection" (the selection becomes the question's priority fragment) and "Ask Cited
 * Tabs about this page". The browser opens a panel only within the user's gesture, so the panel
 * is opened first, before anything is awaited; what it should ask about is then left for it in
 * session storage (`panelIntentItem`), which the panel reads.
 */
import type { PanelIntent } from '@/lib/shared/store/storage';
import { t } from '@/lib/shared/core/i18n';

export const MENU_SELECTION = 'ask-selection';
export const MENU_PAGE = 'ask-page';
export const OPEN_PANEL_COMMAND = 'open-side-panel';

// Titles in the catalogue's language, read when the menu is made.
export const MENU_ENTRIES = [
  {
    id: MENU_SELECTION,
    get title() {
      return t('menuSelection');
    },
    contexts: ['selection'],
  },
  {
    id: MENU_PAGE,
    get title() {
      return t('menuPage');
    },
    contexts: ['page'],
  },
] as const;

/** At most this much of a selection is kept (the rank budget cuts it further). */
export const MAX_SELECTION_CHARS = 20_000;

export interface MenuDeps {
  openPanel: (windowId: number) => Promise<void>;
  setIntent: (intent: PanelIntent) => Promise<void>;
  now: () => number;
}

export interface MenuClick {
  menuItemId: string | number;
  selectionText?: string;
}

export interface ClickedTab {
  id?: number;
  windowId?: number;
}

/** A click on one of our entries: the panel opens in the tab's window and is told what to ask about. */
export function onMenuClick(info: MenuClick, tab: ClickedTab | undefined, deps: MenuDeps): Promise<void> {
  if (info.menuItemId !== MENU_SELECTION && info.menuItemId !== MENU_PAGE) return Promise.resolve();
  if (tab?.id === undefined || tab.windowId === undefined) return Promise.resolve();
  const opened = deps.openPanel(tab.windowId).catch(() => {});
  const selection = info.menuItemId === MENU_SELECTION ? (info.selectionText ?? '').slice(0, MAX_SELECTION_CHARS).trim() : '';
  const intent: PanelIntent = {
    windowId: tab.windowId,
    tabId: tab.id,
    at: deps.now(),
    ...(selection ? { selection } : {}),
  };
  return Promise.all([opened, deps.setIntent(intent)]).then(() => {});
}
