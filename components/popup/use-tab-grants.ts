/**
 * The tabs the browser gave us through `activeTab` (lib/shared/store/tab-grants.ts), kept current: the
 * popup records the tab it opened over (its opening gave us that tab), and the side panel drops
 * a tab's grant when the tab starts loading a page, which ends the browser's grant.
 */
import { useEffect, useState } from 'preact/hooks';
import { recordTabGrant, tabGrantsItem } from '@/lib/shared/store/storage';
import { dropGrant, type TabGrant } from '@/lib/shared/store/tab-grants';
import type { WindowTab } from './use-window-tabs';

export function useTabGrants(surface: 'popup' | 'panel', tabs: readonly WindowTab[]): TabGrant[] {
  const [grants, setGrants] = useState<TabGrant[]>([]);
  useEffect(() => {
    void tabGrantsItem.getValue().then(setGrants);
    const unwatch = tabGrantsItem.watch((g) => setGrants(g ?? []));
    const onUpdated = (tabId: number, change: { status?: string }) => {
      if (change.status === 'loading')
        void tabGrantsItem
          .getValue()
          .then((g) => (g.some((x) => x.tabId === tabId) ? tabGrantsItem.setValue(dropGrant(g, tabId)) : undefined));
    };
    if (surface === 'panel') browser.tabs.onUpdated.addListener(onUpdated);
    return () => {
      unwatch();
      if (surface === 'panel') browser.tabs.onUpdated.removeListener(onUpdated);
    };
  }, [surface]);
  // The popup's tab: the toolbar button, its shortcut or the context menu that opened it gave it to us.
  const active = surface === 'popup' ? tabs.find((t) => t.active) : undefined;
  useEffect(() => {
    if (!active?.url) return;
    void recordTabGrant(active.id, active.url);
  }, [active?.id, active?.url]);
  return grants;
}
