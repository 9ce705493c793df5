/**
 * The tabs in scope, read (a few at a time: read/read-pace.ts) and gathered: their passages, the
 * selection the context menu gave first (read/priority-selection.ts), what was not read and why, and the
 * coverage the popup shows. Each tab is read by the function passed in (read-tab.ts).
 */
import type { Browser } from 'wxt/browser';
import type { AskMessage } from '@/lib/shared/messages';
import type { RunCoverage } from '@/lib/shared/run-state';
import type { SkippedTab, SourcedPassage } from '@/lib/shared/types';
import { partialTab, passagesOfTab, tabTotals, type TabRead } from '@/lib/worker/read/frames';
import { withPrioritySelection } from '@/lib/worker/read/priority-selection';
import { readAtPace } from '@/lib/worker/read/read-pace';

/** How much of the tabs was read, before the plan says what is sent. */
export type ReadCoverage = Omit<RunCoverage, 'sent' | 'leftOut'>;

export interface ScopeRead {
  passages: SourcedPassage[];
  skipped: SkippedTab[];
  coverage: ReadCoverage;
  /** No tab could be read at all: the run ends with why, not with "not found in these pages". */
  nothingRead: boolean;
}

export async function readScope(
  tabs: Browser.tabs.Tab[],
  selection: AskMessage['selection'],
  readOne: (tab: Browser.tabs.Tab) => Promise<TabRead | SkippedTab>,
  signal: AbortSignal,
  /** Given each tab's passages as soon as it is read (its place in the queue given up), while the others are still reading. */
  onRead?: (passages: SourcedPassage[]) => void,
): Promise<ScopeRead> {
  let passages: SourcedPassage[] = [];
  const skipped: SkippedTab[] = [];
  const partial: SkippedTab[] = [];
  let chars = 0;
  let frames = 0;
  // In parallel, a few at a time: more at once only makes each slower.
  const results = await readAtPace(tabs, async (tab) => {
    const result = await readOne(tab);
    if ('reason' in result) return { tab, result, passages: [] };
    const names = { tabId: tab.id!, windowId: tab.windowId, title: tab.title, active: tab.active, url: tab.url };
    const passages = passagesOfTab(result, names);
    // Once this read has given its place to the next tab: that tab's page works meanwhile.
    if (onRead) setTimeout(() => signal.aborted || onRead(passages), 0);
    return { tab, result, passages };
  });
  for (const { tab, result, passages: ofTab } of results) {
    if ('reason' in result) {
      skipped.push(result);
      continue;
    }
    const names = { tabId: tab.id!, windowId: tab.windowId, title: tab.title, active: tab.active, url: tab.url };
    passages.push(...ofTab);
    const totals = tabTotals(result);
    chars += totals.chars;
    frames += totals.frames;
    const part = partialTab(result, names);
    if (part) partial.push(part);
  }
  signal.throwIfAborted();
  // "Ask Cited Tabs about the selection": the words selected then, first, in place of any
  // selection a page holds now.
  const selectedTab = tabs.find((t) => t.id === selection?.tabId && !skipped.some((x) => x.tabId === t.id));
  passages = withPrioritySelection(
    passages,
    selection,
    selectedTab && { windowId: selectedTab.windowId, url: selectedTab.url ?? '', title: selectedTab.title ?? '' },
  );
  return {
    passages,
    skipped,
    coverage: { tabs: tabs.length - skipped.length, passages: passages.length, chars, frames, partial },
    nothingRead: passages.length === 0 && skipped.length > 0 && skipped.length === tabs.length,
  };
}
