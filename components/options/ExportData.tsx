/**
 * Export my data, in "Your data" of the options (DataBackup.tsx): one backup file of the history
 * and settings (lib/shared/store/backup.ts), the key in it only when ticked, with a warning beside the box.
 */
import { useState } from 'preact/hooks';
import { loadKeys } from '@/lib/shared/store/api-key';
import { makeBackup } from '@/lib/shared/store/backup';
import { historyItem } from '@/lib/shared/store/history-store';
import { plural, t } from '@/lib/shared/core/i18n';
import { settingsItem } from '@/lib/shared/store/storage';

export interface ExportDataProps {
  /** Says how the export went (the section's status line). */
  onStatus: (status: string) => void;
}

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Writes the history, the settings and, when ticked, the keys into one file the browser downloads; says how many threads. */
async function downloadBackup(withKey: boolean): Promise<number> {
  const entries = await historyItem.getValue();
  const backup = makeBackup(
    { entries, settings: await settingsItem.getValue(), keys: withKey ? await loadKeys() : null },
    Date.now(),
  );
  const url = URL.createObjectURL(new Blob([JSON.stringify(backup)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `cited-tabs-backup-${new Date().toISOString().slice(0, 10)}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return entries.length;
}

/** The export's box and button; the export says how it went through `onStatus`. */
export function ExportData({ onStatus }: ExportDataProps) {
  const [withKey, setWithKey] = useState(false);
  const exportData = async () => {
    try {
      onStatus(plural('exported', await downloadBackup(withKey)));
    } catch (e) {
      onStatus(t('exportFailed', reason(e)));
    }
  };
  return (
    <div class="stack">
      <label class="check">
        <input type="checkbox" checked={withKey} onChange={(e) => setWithKey(e.currentTarget.checked)} />
        {t('exportWithKey')}
      </label>
      {withKey && <p class="field-problem">{t('exportKeyWarning')}</p>}
      <button type="button" onClick={() => void exportData()}>
        {t('exportData')}
      </button>
    </div>
  );
}
