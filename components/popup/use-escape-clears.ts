/**
 * In the side panel the keyboard stays in the panel, not in the page: Escape clears the quotes
 * highlighted in the tabs, as Escape in the page does (a text or choice box keeps its own Escape).
 */
import { useEffect } from 'preact/hooks';
import { callWorker } from '@/lib/shared/protocol/call-worker';

/** Whether an Escape press at `target` is the app's to clear the highlights with. */
export function escapeClears(e: Pick<KeyboardEvent, 'key' | 'defaultPrevented'>, target: { tagName?: string } | null): boolean {
  return e.key === 'Escape' && !e.defaultPrevented && target?.tagName !== 'INPUT' && target?.tagName !== 'SELECT';
}

export function useEscapeClears(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (escapeClears(e, e.target as HTMLElement | null)) void callWorker({ type: 'clear-highlights' }).catch(() => {});
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
