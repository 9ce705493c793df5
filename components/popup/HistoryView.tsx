/**
 * The history screen: the list of answered threads, or one of them reopened. The list is drawn
 * from the history's listing; a thread's answers are read from the store when it is opened.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ShownCitation } from '@/lib/shared/answer/run';
import type { HistoryEntry } from '@/lib/shared/store/history';
import type { HistorySummary } from '@/lib/shared/store/history-listing';
import { EntryGuard } from './EntryGuard';
import { HistoryList } from './HistoryList';
import { HistoryThread } from './HistoryThread';
import { useHistory } from './use-history';

export interface HistoryViewProps {
  onReveal: (c: ShownCitation) => void;
  /** In the side panel: Next citation and Previous citation through a reopened thread. */
  stepper?: boolean;
  /**
   * Open on the latest thread (the popup after an update, whose last answer the new version
   * cannot show); `onNothingToOpen` when the history has none.
   */
  openLatest?: boolean;
  onNothingToOpen?: () => void;
}

export function HistoryView({ onReveal, stepper = false, openLatest = false, onNothingToOpen }: HistoryViewProps) {
  const history = useHistory();
  const [openedId, setOpenedId] = useState<string | null>(null);
  const loadedEntries = history.entries !== null;
  useEffect(() => {
    if (!openLatest || !history.entries) return;
    const latest = history.entries[0];
    if (latest) setOpenedId(latest.id);
    else onNothingToOpen?.();
  }, [openLatest, loadedEntries]);
  // Back from a thread, the keyboard returns to the thread's button in the list.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  // The thread opened, whole: read again when the history says it was answered since.
  const [whole, setWhole] = useState<HistoryEntry | null>(null);
  const listed = history.entries?.find((e) => e.id === openedId) ?? null;
  useEffect(() => {
    if (!listed) return;
    let live = true;
    void history.entry(listed.id).then((e) => live && setWhole(e));
    return () => {
      live = false;
    };
  }, [listed?.id, listed?.updatedAt]);
  const opened = listed && whole?.id === listed.id ? whole : null;
  if (!history.entries) return null;
  // Until its answers are read (a moment), the thread shows nothing rather than the list.
  if (listed && !opened) return null;
  if (opened) {
    const back = () => {
      setReturnTo(opened.id);
      setOpenedId(null);
    };
    return (
      <EntryGuard
        as="div"
        entry={opened}
        onDelete={(id) => void history.remove(id).then(back)}
        render={() => <HistoryThread entry={opened} onReveal={onReveal} onBack={back} stepper={stepper} />}
      />
    );
  }
  return (
    <HistoryList
      entries={history.entries}
      damaged={history.damaged}
      onOpen={(e: HistorySummary) => setOpenedId(e.id)}
      onDelete={(id) => void history.remove(id)}
      onDeleteAll={() => void history.clear()}
      focusId={returnTo}
    />
  );
}
