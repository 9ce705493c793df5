/**
 * "Ask Cited Tabs about the selection": the words the user selected when choosing the menu entry
 * go first, as the selection passage of their tab, even if the page has lost the selection
 * since (a click in the page clears it). The browser gives them (the menu's `selectionText`): they
 * are the user's, and no selection a page holds when it is read replaces them; a page's script can
 * select words of its own, and a selection read in a page is checked before it is sent
 * (run/seen-step.ts), but this one is the selection. Pure.
 */
import type { SourcedPassage } from '@/lib/shared/protocol/types';

export interface PrioritySelection {
  tabId: number;
  text: string;
}

/**
 * The passages with the menu's selection first, in place of any selection read in a page; as
 * they are when there is none to add (no selection, an empty one, its tab not read).
 */
export function withPrioritySelection(
  passages: SourcedPassage[],
  selection: PrioritySelection | undefined,
  tab: { windowId: number; url: string; title: string } | undefined,
): SourcedPassage[] {
  const text = selection?.text.replace(/\s+/g, ' ').trim();
  if (!selection || !text || !tab) return passages;
  const given: SourcedPassage = {
    id: `menu-selection-${selection.tabId}`,
    text,
    selection: true,
    order: -1,
    tabId: selection.tabId,
    windowId: tab.windowId,
    frameId: 0,
    url: tab.url,
    title: tab.title,
  };
  return [given, ...passages.filter((p) => !p.selection)];
}
