/**
 * The region "History": the answered threads, newest first, searchable; each a button named by
 * its first question that reopens it (HistoryEntry.tsx); each deletable, and all at once after a
 * second click (DeleteAllHistory.tsx), the focus kept on a control that is there
 * (use-history-focus.ts). A full history is 500 threads: the list draws the first screenfuls and
 * more as the user scrolls (or tabs) to its end, and searches the threads' words folded once
 * (history-listing.ts).
 */
import { useMemo, useRef, useState } from 'preact/hooks';
import { HISTORY_LIMITS, nearHistoryLimit } from '@/lib/shared/store/history';
import type { HistorySummary } from '@/lib/shared/store/history-listing';
import { matching, searchIndex } from '@/lib/shared/store/history-search';
import { formatDate, plural, slot, t } from '@/lib/shared/core/i18n';
import { DeleteAllHistory } from './DeleteAllHistory';
import { EntryGuard } from './EntryGuard';
import { HistoryEntry } from './HistoryEntry';
import { Isolated } from './Isolated';
import { useHistoryFocus } from './use-history-focus';
import { useMoreAtEnd } from './use-more-at-end';

export interface HistoryListProps {
  entries: HistorySummary[];
  /** Threads stored that do not read, kept aside: said above the list. */
  damaged?: number;
  onOpen: (entry: HistorySummary) => void;
  onDelete: (id: string) => void;
  onDeleteAll: () => void;
  /** The entry whose button gets the keyboard focus (the thread just closed). */
  focusId?: string | null;
}

export const when = formatDate;

/** Threads drawn at first, and added each time the end of the list comes into view. */
const PAGE = 40;

export function HistoryList({ entries, damaged = 0, onOpen, onDelete, onDeleteAll, focusId = null }: HistoryListProps) {
  const [query, setQuery] = useState('');
  const root = useRef<HTMLElement>(null);
  const index = useMemo(() => searchIndex(entries), [entries]);
  const shown = useMemo(() => {
    const hits = matching(index, query);
    return hits.length === entries.length ? entries : hits.map((i) => entries[i]!);
  }, [index, query]);
  // The thread to come back to is drawn, however far down the list it is.
  const back = focusId ? entries.findIndex((e) => e.id === focusId) : -1;
  const [drawn, end] = useMoreAtEnd<HTMLLIElement>(shown.length, PAGE, back + 1, query);
  const setRefocus = useHistoryFocus(root, entries, focusId);
  return (
    <section class="history" aria-labelledby="history-heading" ref={root}>
      <h2 id="history-heading" tabIndex={-1}>
        {t('history')}
      </h2>
      <p class="note">{t('historyPrivate')}</p>
      {nearHistoryLimit(entries.length) && <p class="note">{plural('historyNearlyFull', HISTORY_LIMITS.entries)}</p>}
      {damaged > 0 && (
        <p class="note" role="status">
          {plural('historyDamaged', damaged)}
        </p>
      )}
      {entries.length === 0 ? (
        <p class="note">{t('historyEmpty')}</p>
      ) : (
        <>
          <label class="history-search">
            <span class="visually-hidden">{t('searchHistory')}</span>
            <input
              type="search"
              placeholder={t('searchHistory')}
              value={query}
              onInput={(e) => setQuery(e.currentTarget.value)}
            />
          </label>
          {shown.length === 0 && (
            <p class="note">
              <Isolated message={t('historyNoMatch', slot(0))} words={[query.trim()]} />
            </p>
          )}
          <ul class="history-entries">
            {shown.slice(0, drawn).map((e, i) => (
              // A thread that cannot be drawn is named, with its Delete, in its place (EntryGuard.tsx).
              <EntryGuard
                key={e.id}
                entry={e}
                onDelete={onDelete}
                render={() => (
                  <HistoryEntry
                    entry={e}
                    onOpen={onOpen}
                    onDelete={(id) => {
                      setRefocus({ entry: i, of: entries.length });
                      onDelete(id);
                    }}
                  />
                )}
              />
            ))}
            {drawn < shown.length && <li class="history-more" ref={end} aria-hidden="true" />}
          </ul>
          <DeleteAllHistory count={entries.length} onDeleteAll={onDeleteAll} onRefocus={setRefocus} />
        </>
      )}
    </section>
  );
}
