/**
 * The region "History": the answered threads, newest first, searchable; each a button named by
 * its first question that reopens it; each deletable, and all at once after a second click. A
 * full history is 500 threads: the list draws the first screenfuls and more as the user scrolls
 * (or tabs) to its end, and searches the threads' words folded once (history-listing.ts).
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { HISTORY_LIMITS, nearHistoryLimit } from '@/lib/shared/history';
import type { HistorySummary } from '@/lib/shared/history-listing';
import { matching, searchIndex } from '@/lib/shared/history-search';
import { siteOf } from '@/lib/shared/site';
import { unreadableReason } from '@/lib/shared/tabs';
import { formatDate, plural, slot, t } from '@/lib/shared/i18n';
import { EntryGuard } from './EntryGuard';
import { Isolated } from './Isolated';
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

/**
 * Where the keyboard goes once a control it was on is gone: the next entry's Delete after a
 * delete, Keep them or Delete all history as the question to confirm comes and goes, the heading
 * once the list is empty.
 */
type Refocus = { entry: number; of: number } | 'keep' | 'delete-all' | 'heading' | null;

export const when = formatDate;

/** Threads drawn at first, and added each time the end of the list comes into view. */
const PAGE = 40;

/** The line under a thread: when, how many questions, its sites (each shown in its own direction: `Isolated`). */
function summary(e: HistorySummary): { message: string; words: string[] } {
  const sites = [...new Set(e.pages.filter((p) => unreadableReason(p.url) === null).map((p) => siteOf(p.url)))];
  const words = sites.slice(0, 2);
  const list = words.map((_, i) => slot(i)).join(t('listSeparator'));
  const questions = plural('historyQuestions', e.turns.length);
  const shownSites = sites.length > 2 ? plural('historySitesMore', sites.length - 2, list) : list;
  return { message: [when(e.updatedAt), questions, shownSites].filter(Boolean).join(' · '), words };
}

export function HistoryList({ entries, damaged = 0, onOpen, onDelete, onDeleteAll, focusId = null }: HistoryListProps) {
  const [query, setQuery] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [refocus, setRefocus] = useState<Refocus>(null);
  const root = useRef<HTMLElement>(null);
  const index = useMemo(() => searchIndex(entries), [entries]);
  const shown = useMemo(() => {
    const hits = matching(index, query);
    return hits.length === entries.length ? entries : hits.map((i) => entries[i]!);
  }, [index, query]);
  // The thread to come back to is drawn, however far down the list it is.
  const back = focusId ? entries.findIndex((e) => e.id === focusId) : -1;
  const [drawn, end] = useMoreAtEnd<HTMLLIElement>(shown.length, PAGE, back + 1, query);
  useEffect(() => {
    if (!focusId) return;
    const buttons = [...(root.current?.querySelectorAll<HTMLButtonElement>('.history-open') ?? [])];
    buttons.find((b) => b.dataset.entryId === focusId)?.focus();
  }, [focusId]);
  useEffect(() => {
    if (refocus === null) return;
    // A delete is done when the list is shorter: until then the deleted entry's button is there.
    if (typeof refocus === 'object' && entries.length >= refocus.of) return;
    if (refocus === 'heading' && entries.length > 0) return;
    const el = root.current;
    const deletes = [...(el?.querySelectorAll<HTMLButtonElement>('.history-delete') ?? [])];
    if (typeof refocus === 'object' && deletes.length > 0) deletes[Math.min(refocus.entry, deletes.length - 1)]!.focus();
    else if (refocus === 'keep') el?.querySelector<HTMLButtonElement>('.history-keep')?.focus();
    else if (refocus === 'delete-all') el?.querySelector<HTMLButtonElement>('.history-delete-all')?.focus();
    else el?.querySelector<HTMLElement>('h2')?.focus();
    setRefocus(null);
  }, [refocus, entries]);
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
                render={() => {
                  const question = e.turns[0]!.question;
                  return (
                    <li class="history-entry">
                      {/* The question and the sites in their own direction, the list in the screen's. */}
                      <button type="button" class="history-open" data-entry-id={e.id} onClick={() => onOpen(e)}>
                        <bdi>{question}</bdi>
                      </button>
                      <span class="note">
                        <Isolated {...summary(e)} />
                      </span>
                      <button
                        type="button"
                        class="history-delete"
                        aria-label={t('deleteEntry', question)}
                        title={t('delete')}
                        onClick={() => {
                          setRefocus({ entry: i, of: entries.length });
                          onDelete(e.id);
                        }}
                      >
                        <span aria-hidden="true">×</span>
                      </button>
                    </li>
                  );
                }}
              />
            ))}
            {drawn < shown.length && <li class="history-more" ref={end} aria-hidden="true" />}
          </ul>
          <div class="history-actions">
            {confirming ? (
              <>
                <span>{plural('deleteAllConfirm', entries.length)}</span>
                <button
                  type="button"
                  onClick={() => {
                    setConfirming(false);
                    setRefocus('heading');
                    onDeleteAll();
                  }}
                >
                  {t('deleteAll')}
                </button>
                <button
                  type="button"
                  class="history-keep"
                  onClick={() => {
                    setConfirming(false);
                    setRefocus('delete-all');
                  }}
                >
                  {t('keepThem')}
                </button>
              </>
            ) : (
              <button
                type="button"
                class="history-delete-all"
                onClick={() => {
                  setConfirming(true);
                  setRefocus('keep');
                }}
              >
                {t('deleteAllHistory')}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
