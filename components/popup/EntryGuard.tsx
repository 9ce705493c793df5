/**
 * One history thread on screen, guarded: whatever in a thread breaks its drawing (an entry stored
 * by another version, imported from a file, or a bug of ours) leaves the other threads and the
 * screen standing. In its place: which thread it is (its first question, or its id) and its Delete.
 */
import { Component, type ComponentChildren } from 'preact';
import type { HistorySummary } from '@/lib/shared/store/history-listing';
import { t } from '@/lib/shared/core/i18n';

/** What the guard names a thread by: a listed thread's summary, or a thread whole. */
type Named = Pick<HistorySummary, 'id' | 'turns'>;

export interface EntryGuardProps {
  entry: Named;
  /** Draws the thread; called inside the guard, so that what it throws is caught here. */
  render: () => ComponentChildren;
  onDelete: (id: string) => void;
  /** As what the thread stands: an item of the list, or the thread reopened. */
  as?: 'li' | 'div';
}

/** The thread's name for a person: its first question if it has one it can say, else its id. */
export function entryName(entry: Named): string {
  try {
    const q: unknown = entry.turns?.[0]?.question;
    return typeof q === 'string' && q.trim() !== '' ? q : String(entry.id);
  } catch {
    return String(entry?.id);
  }
}

/** What throws in `render` throws in this child of the guard, where the guard catches it. */
function Drawn({ render }: { render: () => ComponentChildren }) {
  return <>{render()}</>;
}

export class EntryGuard extends Component<EntryGuardProps, { broken: boolean }> {
  override state = { broken: false };

  static override getDerivedStateFromError(): { broken: boolean } {
    return { broken: true };
  }

  override componentDidCatch(): void {
    this.setState({ broken: true });
  }

  override render() {
    const { entry, render, onDelete, as = 'li' } = this.props;
    if (!this.state.broken) return <Drawn render={render} />;
    const name = entryName(entry);
    const Tag = as;
    return (
      <Tag class="history-entry history-broken" role="group" aria-label={name}>
        <p class="note">{t('historyEntryBroken', name)}</p>
        <button type="button" class="history-delete" onClick={() => onDelete(entry.id)}>
          {t('deleteEntry', name)}
        </button>
      </Tag>
    );
  }
}
