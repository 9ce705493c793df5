/** The history screen: the list of answered threads, or one of them reopened. */
import { useState } from 'preact/hooks';
import type { ShownCitation } from '@/lib/shared/run';
import type { HistoryEntry } from '@/lib/shared/history';
import { HistoryList } from './HistoryList';
import { HistoryThread } from './HistoryThread';
import { useHistory } from './use-history';

export interface HistoryViewProps {
  onReveal: (c: ShownCitation) => void;
  /** In the side panel: Next citation and Previous citation through a reopened thread. */
  stepper?: boolean;
}

export function HistoryView({ onReveal, stepper = false }: HistoryViewProps) {
  const history = useHistory();
  const [openedId, setOpenedId] = useState<string | null>(null);
  // Back from a thread, the keyboard returns to the thread's button in the list.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const opened = history.entries?.find((e) => e.id === openedId) ?? null;
  if (!history.entries) return null;
  if (opened) {
    const back = () => {
      setReturnTo(opened.id);
      setOpenedId(null);
    };
    return <HistoryThread entry={opened} onReveal={onReveal} onBack={back} stepper={stepper} />;
  }
  return (
    <HistoryList
      entries={history.entries}
      onOpen={(e: HistoryEntry) => setOpenedId(e.id)}
      onDelete={(id) => void history.remove(id)}
      onDeleteAll={() => void history.clear()}
      focusId={returnTo}
    />
  );
}
