/**
 * "Your data" in the options: Export my data writes one backup file (ExportData.tsx, the key in it
 * only when ticked, with a warning); Import my data reads one, says what it will add before it adds
 * anything (ImportReview.tsx), merges the threads by id, and refuses a damaged or foreign file with
 * nothing changed. The file's settings and keys, when ticked, are input like any other: a server or
 * base URL the file sets, or a key of its that would go there, waits for the question Save asks
 * (ImportQuestion.tsx), and a key of this profile is replaced only when ticked
 * (use-data-import.ts, lib/shared/store/backup-import.ts). Also says how much history is kept, so nobody
 * finds the limit by losing threads.
 */
import { useState } from 'preact/hooks';
import { HISTORY_LIMITS } from '@/lib/shared/store/history';
import { plural, t } from '@/lib/shared/core/i18n';
import { ExportData } from './ExportData';
import { ImportReview } from './ImportReview';
import { useDataImport } from './use-data-import';

export interface DataBackupProps {
  /** The settings were replaced by the file's: the form shows them. */
  onSettingsImported: () => void;
}

export function DataBackup({ onSettingsImported }: DataBackupProps) {
  const [status, setStatus] = useState('');
  const data = useDataImport(setStatus, onSettingsImported);
  return (
    <section class="data-backup" aria-labelledby="data-heading">
      <h2 id="data-heading">{t('dataHeading')}</h2>
      <p class="hint">{plural('dataHint', HISTORY_LIMITS.entries)}</p>
      <div class="data-actions">
        <ExportData onStatus={setStatus} />
        <div class="stack">
          <label for="import-file">{t('importData')}</label>
          <input
            id="import-file"
            type="file"
            accept="application/json,.json"
            onChange={(e) => void data.choose(e.currentTarget.files?.[0])}
          />
        </div>
      </div>
      {data.pending && <ImportReview pending={data.pending} data={data} />}
      <p role="status" class="status">
        {status}
      </p>
    </section>
  );
}
