/**
 * The models the chosen server offers, as last listed (./use-model-list.ts), to pick one from:
 * the model field stays editable beside it (./ModelField.tsx). Disabled, and saying so, while
 * there is no list.
 */
import { t } from '@/lib/shared/core/i18n';
import type { Settings } from '@/lib/shared/store/settings';

export interface ModelsOfferedProps {
  /** The models the server offers, as last listed. */
  models: string[];
  /** The model in the draft: selected when the list has it. */
  model: string;
  onChange: (patch: Partial<Settings>) => void;
}

/** The "Models offered" select: a model picked is set in the draft. */
export function ModelsOffered({ models, model, onChange }: ModelsOfferedProps) {
  return (
    <div class="field">
      <label for="server-models">{t('modelsOffered')}</label>
      <select
        id="server-models"
        value={models.includes(model) ? model : ''}
        disabled={models.length === 0}
        onChange={(e) => e.currentTarget.value && onChange({ model: e.currentTarget.value })}
      >
        <option value="">{models.length === 0 ? t('modelsNone') : '—'}</option>
        {models.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
    </div>
  );
}
