/**
 * Says, in the popup and the side panel, that the browser refused to keep the last answered thread
 * in the history (its storage full, most often): the worker writes the history while no screen
 * may be open, and would otherwise lose it without a word. Gone once a later write succeeds.
 */
import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/shared/core/i18n';
import { historyWriteProblemItem, type HistoryWriteProblem } from '@/lib/shared/store/storage';

export function HistoryWriteNote() {
  const [problem, setProblem] = useState<HistoryWriteProblem | null>(null);
  useEffect(() => {
    void historyWriteProblemItem.getValue().then(setProblem);
    return historyWriteProblemItem.watch(setProblem);
  }, []);
  if (!problem) return null;
  return (
    <p class="error history-write-problem" role="alert">
      {t('historyWriteRefused', problem.error)}
    </p>
  );
}
