/**
 * The region "History": the answered threads, newest first, searchable; each a button named by
 * its first question that reopens it; each deletable, and all at once after a second click.
 */
import { useState } from 'preact/hooks';
import { searchHistory, type HistoryEntry } from '@/lib/shared/history';
import { siteOf } from '@/lib/shared/site';
import { unreadableReason } from '@/lib/shared/tabs';
import { formatDate, plural, t } from '@/lib/shared/i18n';

export interface HistoryListProps {
  entries: HistoryEntry[];
  onOpen: (entry: HistoryEntry) => void;
  onDelete: (id: string) => void;
  onDeleteAll: () => void;
}

export const when = formatDate;

function summary(e: HistoryEntry): string {
  const sites = [...new Set(e.pages.filter((p) => unreadableReason(p.url) === null).map((p) => siteOf(p.url)))];
  const questions = plural('historyQuestions', e.turns.length);
  const shownSites =
    sites.length > 2
      ? plural('historySitesMore', sites.length - 2, sites.slice(0, 2).join(t('listSeparator')))
      : sites.join(t('listSeparator'));
  return [when(e.updatedAt), questions, shownSites].filter(Boolean).join(' · ');
}

export function HistoryList({ entries, onOpen, onDelete, onDeleteAll }: HistoryListProps) {
  const [query, setQuery] = useState('');
  const [confirming, setConfirming] = useState(false);
  const shown = searchHistory(entries, query);
  return (
    <section class="history" aria-labelledby="history-heading">
      <h2 id="history-heading">{t('history')}</h2>
      <p class="note">{t('historyPrivate')}</p>
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
          {shown.length === 0 && <p class="note">{t('historyNoMatch', query.trim())}</p>}
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
                    aria-label={t('deleteEntry', question)}
                    title={t('delete')}
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
                <span>{plural('deleteAllConfirm', entries.length)}</span>
                <button
                  type="button"
                  onClick={() => {
                    setConfirming(false);
                    onDeleteAll();
                  }}
                >
                  {t('deleteAll')}
                </button>
                <button type="button" onClick={() => setConfirming(false)}>
                  {t('keepThem')}
                </button>
              </>
            ) : (
              <button type="button" onClick={() => setConfirming(true)}>
                {t('deleteAllHistory')}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
