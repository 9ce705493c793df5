/**
 * "Ask Cited Tabs about the selection": the words the user selected when choosing the menu entry
 * go first, as the selection passage of their tab, even if the page has lost the selection
 * since (a click in the page clears it). Extraction already puts a live selection first; this
 * adds the remembered one only when the tab's reading found none. Pure.
 */
import type { SourcedPassage } from '@/lib/shared/types';

export interface PrioritySelection {
  tabId: number;
  text: string;
}

/** The passage to put first, or null when there is none to add. */
export function prioritySelection(
  passages: SourcedPassage[],
  selection: PrioritySelection | undefined,
  tab: { windowId: number; url: string; title: string } | undefined,
): SourcedPassage | null {
  const text = selection?.text.replace(/\s+/g, ' ').trim();
  if (!selection || !text || !tab) return null;
  if (passages.some((p) => p.selection && p.tabId === selection.tabId)) return null;
  return {
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
}
