/**
 * What a backup file would add, asked before anything is added (DataBackup.tsx): the threads new
 * and updated (the first ten named), those left out by the history's limit, a box for the file's
 * settings (and key), the keys of this profile it would replace, then Add or Cancel, or the
 * question asked before its settings send questions to a new address (ImportQuestion.tsx).
 */
import { HISTORY_LIMITS } from '@/lib/shared/store/history';
import { plural, t } from '@/lib/shared/core/i18n';
import { ImportQuestion } from './ImportQuestion';
import { hostOf } from './SavedKeysList';
import type { DataImport, PendingImport } from './use-data-import';

export interface ImportReviewProps {
  pending: PendingImport;
  data: DataImport;
}

export function ImportReview({ pending, data }: ImportReviewProps) {
  const { preview, backup } = pending;
  const { question } = data;
  return (
    <div class="import-preview" role="group" aria-labelledby="import-preview-title">
      <p id="import-preview-title">{plural('importPreview', preview.added.length, preview.updated.length)}</p>
      {preview.leftOut > 0 && <p class="field-problem">{plural('importLeftOut', preview.leftOut, HISTORY_LIMITS.entries)}</p>}
      <ul>
        {preview.added.slice(0, 10).map((e) => (
          <li key={e.id}>{e.turns[0]?.question}</li>
        ))}
      </ul>
      <label class="check">
        <input type="checkbox" checked={data.useSettings} onChange={(e) => data.setUseSettings(e.currentTarget.checked)} />
        {t(backup.keys ? 'importSettingsAndKey' : 'importSettings')}
      </label>
      {data.differing.length > 0 && (
        <fieldset class="import-keys">
          <legend>{t('importKeysDiffer')}</legend>
          {data.differing.map((origin) => (
            <label class="check" key={origin}>
              <input
                type="checkbox"
                checked={data.replace.includes(origin)}
                onChange={(e) => data.setReplacing(origin, e.currentTarget.checked)}
              />
              {t('importReplaceKey', hostOf(origin))}
            </label>
          ))}
        </fieldset>
      )}
      {question ? (
        <ImportQuestion
          question={question}
          onConfirm={() => void data.add(question.origin)}
          onCancel={() => data.drop(t('importNotConfirmed', question.origin))}
        />
      ) : (
        <div class="actions">
          <button type="button" class="primary" onClick={() => void data.add(null)}>
            {t('importConfirm')}
          </button>
          <button type="button" onClick={() => data.drop(t('importCancelled'))}>
            {t('importCancel')}
          </button>
        </div>
      )}
    </div>
  );
}
