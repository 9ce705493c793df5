/**
 * The region "History": the answered threads, newest first, searchable; each a button named by
 * its first question that reopens it; each deletable, and all at once after a second click.
 */
import { useState } from 'preact/hooks';
import { searchHistory, type HistoryEntry } from '@/lib/shared/history';
import { siteOf } from '@/lib/shared/site';
import { unreadableReason } from '@/lib/shared/tabs';

export interface HistoryListProps {
  entries: HistoryEntry[];
  onOpen: (entry: HistoryEntry) => void;
  onDelete: (id: string) => void;
  onDeleteAll: () => void;
}

export const when = (at: number) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function summary(e: HistoryEntry): string {
  const sites = [...new Set(e.pages.filter((p) => unreadableReason(p.url) === null).map((p) => siteOf(p.url)))];
  const questions = e.turns.length === 1 ? '1 question' : `${e.turns.length} questions`;
  const shownSites = sites.length > 2 ? `${sites.slice(0, 2).join(', ')} and ${sites.length - 2} more` : sites.join(', ');
  return [when(e.updatedAt), questions, shownSites].filter(Boolean).join(' · ');
}

export function HistoryList({ entries, onOpen, onDelete, onDeleteAll }: HistoryListProps) {
  const [query, setQuery] = useState('');
  const [confirming, setConfirming] = useState(false);
  const shown = searchHistory(entries, query);
  return (
    <section class="history" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <p class="note">Kept in this browser only; nothing of it is sent anywhere.</p>
      {entries.length === 0 ? (
        <p class="note">No answers yet. Each answered question is kept here.</p>
      ) : (
        <>
          <label class="history-search">
            <span class="visually-hidden">Search history</span>
            <input type="search" placeholder="Search history" value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
          </label>
          {shown.length === 0 && <p class="note">Nothing in the history matches “{query.trim()}”.</p>}
          <ul class="history-entries">
            {shown.map((e) => {
              const question = e.turns[0]!.question;
              return (
                <li key={e.id} class="history-entry">
                  <button type="button" class="history-open" onClick={() => onOpen(e)}>
                    {question}
                  </button>
                  <span class="note">{summary(e)}</span>
                  <button
                    type="button"
                    class="history-delete"
                    aria-label={`Delete “${question}”`}
                    title="Delete"
                    onClick={() => onDelete(e.id)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <div class="history-actions">
            {confirming ? (
              <>
                <span>{`Delete ${entries.length === 1 ? 'the one thread' : `all ${entries.length} threads`} in the history?`}</span>
                <button
                  type="button"
                  onClick={() => {
                    setConfirming(false);
                    onDeleteAll();
                  }}
                >
                  Delete all
                </button>
                <button type="button" onClick={() => setConfirming(false)}>
                  Keep them
                </button>
              </>
            ) : (
              <button type="button" onClick={() => setConfirming(true)}>
                Delete all history
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
