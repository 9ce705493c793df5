/**
 * The tabs of the app's window, kept current as tabs open, close, load and change title: for
 * "Choose tabs" and for the favicons beside citations (the tab's own `favIconUrl`, never fetched
 * by us from anywhere).
 */
import { useEffect, useState } from 'preact/hooks';

export interface WindowTab {
  id: number;
  title: string;
  url: string;
  favIconUrl?: string;
  active: boolean;
}

export function useWindowTabs(windowId: number | null): WindowTab[] {
  const [tabs, setTabs] = useState<WindowTab[]>([]);
  useEffect(() => {
    if (windowId === null) return;
    let live = true;
    const load = () =>
      void browser.tabs.query({ windowId }).then((all) => {
        if (!live) return;
        setTabs(
          all
            .filter((t) => t.id !== undefined)
            .map((t) => ({
              id: t.id!,
              title: t.title || t.url || 'Untitled',
              url: t.url ?? '',
              favIconUrl: t.favIconUrl,
              active: t.active,
            })),
        );
      });
    load();
    const events = [
      browser.tabs.onCreated,
      browser.tabs.onRemoved,
      browser.tabs.onUpdated,
      browser.tabs.onActivated,
      browser.tabs.onMoved,
    ];
    for (const e of events) (e.addListener as (fn: () => void) => void)(load);
    return () => {
      live = false;
      for (const e of events) (e.removeListener as (fn: () => void) => void)(load);
    };
  }, [windowId]);
  return tabs;
}
