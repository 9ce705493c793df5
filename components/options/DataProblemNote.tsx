/**
 * What an update could not bring up to date, said on the options page: the data is kept as it
 * was (lib/worker/wiring/data-updates.ts), and the user is told so rather than finding it missing.
 * Saved keys that do not read are said here too: none is sent, and they are kept (lib/shared/store/api-key.ts).
 */
import { useEffect, useState } from 'preact/hooks';
import { unreadableKeys } from '@/lib/shared/store/api-key';
import { t } from '@/lib/shared/core/i18n';
import { dataProblemsItem, type DataProblem } from '@/lib/shared/store/storage';

/** What each store is called for the user. */
const STORE_NAMES = { draft: 'storeDraft', runLog: 'storeRunLog', failureLog: 'storeFailureLog' } as const;

export function DataProblemNote() {
  const [problems, setProblems] = useState<DataProblem[]>([]);
  const [keys, setKeys] = useState<string | null>(null);
  useEffect(() => {
    void unreadableKeys()
      .then(setKeys)
      .catch((e: unknown) => setKeys(e instanceof Error ? e.message : String(e)));
  }, []);
  useEffect(() => {
    const show = (all: Partial<Record<string, DataProblem>>) => setProblems(Object.values(all).filter((p) => p !== undefined));
    void dataProblemsItem.getValue().then(show);
    return dataProblemsItem.watch(show);
  }, []);
  if (problems.length === 0 && keys === null) return null;
  return (
    <div role="alert" class="data-problem">
      {keys !== null && <p>{t('keysUnreadable', keys)}</p>}
      {problems.map((p) => (
        <p key={p.store}>
          {p.store === 'history' ? t('historyNotMoved', p.error) : t('storeNotUpdated', t(STORE_NAMES[p.store]), p.error)}
        </p>
      ))}
    </div>
  );
}
