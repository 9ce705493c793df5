/** The history screen: the list of answered threads, or one of them reopened. */
import { useEffect, useState } from 'preact/hooks';
import type { ShownCitation } from '@/lib/shared/run';
import type { HistoryEntry } from '@/lib/shared/history';
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
  const opened = history.entries?.find((e) => e.id === openedId) ?? null;
  if (!history.entries) return null;
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
      onOpen={(e: HistoryEntry) => setOpenedId(e.id)}
      onDelete={(id) => void history.remove(id)}
      onDeleteAll={() => void history.clear()}
      focusId={returnTo}
    />
  );
}
