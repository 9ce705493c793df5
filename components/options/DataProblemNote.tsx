/**
 * What an update could not bring up to date, said on the options page: the data is kept as it
 * was (lib/worker/wiring/data-updates.ts), and the user is told so rather than finding it missing.
 */
import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/shared/i18n';
import { dataProblemsItem, type DataProblem } from '@/lib/shared/storage';

/** What each store is called for the user. */
const STORE_NAMES = { draft: 'storeDraft', runLog: 'storeRunLog', failureLog: 'storeFailureLog' } as const;

export function DataProblemNote() {
  const [problems, setProblems] = useState<DataProblem[]>([]);
  useEffect(() => {
    const show = (all: Partial<Record<string, DataProblem>>) => setProblems(Object.values(all).filter((p) => p !== undefined));
    void dataProblemsItem.getValue().then(show);
    return dataProblemsItem.watch(show);
  }, []);
  if (problems.length === 0) return null;
  return (
    <div role="alert" class="data-problem">
      {problems.map((p) => (
        <p key={p.store}>
          {p.store === 'history' ? t('historyNotMoved', p.error) : t('storeNotUpdated', t(STORE_NAMES[p.store]), p.error)}
        </p>
      ))}
    </div>
  );
}
