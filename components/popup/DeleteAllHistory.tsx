/**
 * Delete all history, under the history's list (HistoryList.tsx), after a second click: the first
 * asks, with the number of threads, and offers Delete all or Keep them.
 */
import { useState } from 'preact/hooks';
import { plural, t } from '@/lib/shared/core/i18n';
import type { Refocus } from './history-refocus';

export interface DeleteAllHistoryProps {
  /** Threads listed, said in the question. */
  count: number;
  onDeleteAll: () => void;
  /** Where the keyboard goes once the control it was on is gone (history-refocus.ts). */
  onRefocus: (refocus: Refocus) => void;
}

export function DeleteAllHistory({ count, onDeleteAll, onRefocus }: DeleteAllHistoryProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div class="history-actions">
      {confirming ? (
        <>
          <span>{plural('deleteAllConfirm', count)}</span>
          <button
            type="button"
            onClick={() => {
              setConfirming(false);
              onRefocus('heading');
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
              onRefocus('delete-all');
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
            onRefocus('keep');
          }}
        >
          {t('deleteAllHistory')}
        </button>
      )}
    </div>
  );
}
