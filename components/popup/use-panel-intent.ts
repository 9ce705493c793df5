/**
 * What the context menu opened the side panel for (`panelIntentItem`): this page, or a selection
 * in it. The panel of that window takes it once (and clears it), so reopening the panel later
 * does not bring it back.
 */
import { useEffect, useState } from 'preact/hooks';
import { panelIntentItem, type PanelIntent } from '@/lib/shared/store/storage';

/** Older than this, an intent is stale: the panel was not there to take it. */
const FRESH_MS = 60_000;

export function usePanelIntent(windowId: number | null, enabled: boolean): [PanelIntent | null, () => void] {
  const [intent, setIntent] = useState<PanelIntent | null>(null);
  useEffect(() => {
    if (!enabled || windowId === null) return;
    const take = (i: PanelIntent | null) => {
      if (!i || i.windowId !== windowId || Date.now() - i.at > FRESH_MS) return;
      setIntent(i);
      void panelIntentItem.setValue(null);
      document.getElementById('question')?.focus();
    };
    void panelIntentItem.getValue().then(take);
    return panelIntentItem.watch(take);
  }, [windowId, enabled]);
  return [intent, () => setIntent(null)];
}
