/**
 * Which tabs a question reads, from the window's tabs and the question's scope: the active one,
 * all of them, or those the user ticked. A ticked id that is not a tab of the question's window
 * is ignored: the message names the window, and nothing outside it is read. Pure.
 */
export interface ScopedAsk {
  scope: 'tab' | 'window' | 'tabs';
  windowId: number;
  tabIds?: number[];
}

export interface WindowTab {
  id?: number;
  windowId?: number;
  active?: boolean;
}

/** `tabs`: the window's tabs, in tab order. */
export function tabsToRead<T extends WindowTab>(tabs: T[], ask: ScopedAsk): T[] {
  const inWindow = tabs.filter((t) => t.windowId === ask.windowId && t.id !== undefined);
  if (ask.scope === 'tab') return inWindow.filter((t) => t.active);
  if (ask.scope === 'window') return inWindow;
  const chosen = new Set(ask.tabIds ?? []);
  return inWindow.filter((t) => chosen.has(t.id!));
}
