/**
 * The window the app belongs to and its pages as a thread names them: the side panel's "This
 * tab" is that window's active tab, and the stored thread is compared with these pages.
 */
import { useEffect, useState } from 'preact/hooks';
import { pageUrl } from '@/lib/shared/answer/thread';
import type { HerePages } from './use-thread';

export function useHere(): { windowId: number | null; here: HerePages | null } {
  const [state, setState] = useState<{ windowId: number | null; here: HerePages | null }>({ windowId: null, here: null });
  useEffect(() => {
    void browser.windows.getCurrent({ populate: true }).then((win) => {
      const tabs = (win.tabs ?? []).map((t) => ({
        active: t.active,
        page: { tabId: t.id ?? -1, url: pageUrl(t.url ?? ''), title: t.title ?? '' },
      }));
      setState({
        windowId: win.id ?? null,
        here: {
          windowId: win.id ?? -1,
          tabs: tabs.map((t) => t.page),
          active: tabs.filter((t) => t.active).map((t) => t.page),
        },
      });
    });
  }, []);
  return state;
}
