/**
 * One thread of the history's list (HistoryList.tsx): a button named by its first question that
 * reopens it, the line under it (when, how many questions, its sites), and its Delete. The
 * question and the sites in their own direction, the list in the screen's.
 */
import type { HistorySummary } from '@/lib/shared/store/history-listing';
import { siteOf } from '@/lib/shared/answer/site';
import { unreadableReason } from '@/lib/shared/access/tabs';
import { formatDate, plural, slot, t } from '@/lib/shared/core/i18n';
import { Isolated } from './Isolated';

export interface HistoryEntryProps {
  entry: HistorySummary;
  onOpen: (entry: HistorySummary) => void;
  onDelete: (id: string) => void;
}

/** The line under a thread: when, how many questions, its sites (each shown in its own direction: `Isolated`). */
function summary(e: HistorySummary): { message: string; words: string[] } {
  const sites = [...new Set(e.pages.filter((p) => unreadableReason(p.url) === null).map((p) => siteOf(p.url)))];
  const words = sites.slice(0, 2);
  const list = words.map((_, i) => slot(i)).join(t('listSeparator'));
  const questions = plural('historyQuestions', e.turns.length);
  const shownSites = sites.length > 2 ? plural('historySitesMore', sites.length - 2, list) : list;
  return { message: [formatDate(e.updatedAt), questions, shownSites].filter(Boolean).join(' · '), words };
}

export function HistoryEntry({ entry, onOpen, onDelete }: HistoryEntryProps) {
  const question = entry.turns[0]!.question;
  return (
    <li class="history-entry">
      <button type="button" class="history-open" data-entry-id={entry.id} onClick={() => onOpen(entry)}>
        <bdi>{question}</bdi>
      </button>
      <span class="note">
        <Isolated {...summary(entry)} />
      </span>
      <button
        type="button"
        class="history-delete"
        aria-label={t('deleteEntry', question)}
        title={t('delete')}
        onClick={() => onDelete(entry.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
