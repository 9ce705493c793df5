/**
 * The keyboard's focus in the history's list (HistoryList.tsx): on the thread just closed when the
 * list comes back, and on the control that takes the place of one that went (history-refocus.ts).
 */
import type { RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { HistorySummary } from '@/lib/shared/store/history-listing';
import { refocusTarget, type Refocus } from './history-refocus';

/** Focuses the thread `focusId` in `root`; returns how to say where the focus goes once a control goes. */
export function useHistoryFocus(
  root: RefObject<HTMLElement | null>,
  entries: HistorySummary[],
  focusId: string | null,
): (refocus: Refocus) => void {
  const [refocus, setRefocus] = useState<Refocus | null>(null);
  useEffect(() => {
    if (!focusId) return;
    const buttons = [...(root.current?.querySelectorAll<HTMLButtonElement>('.history-open') ?? [])];
    buttons.find((b) => b.dataset.entryId === focusId)?.focus();
  }, [focusId]);
  useEffect(() => {
    if (refocus === null) return;
    const el = root.current;
    const deletes = [...(el?.querySelectorAll<HTMLButtonElement>('.history-delete') ?? [])];
    const target = refocusTarget(refocus, entries.length, deletes.length);
    if (target === 'wait') return;
    if (typeof target === 'object') deletes[target.delete]!.focus();
    else if (target === 'keep') el?.querySelector<HTMLButtonElement>('.history-keep')?.focus();
    else if (target === 'delete-all') el?.querySelector<HTMLButtonElement>('.history-delete-all')?.focus();
    else el?.querySelector<HTMLElement>('h2')?.focus();
    setRefocus(null);
  }, [refocus, entries]);
  return setRefocus;
}
