/**
 * The "Model" field of the options and the welcome: the model typed or picked from the server's
 * list; when Save found none, the problem is said beside it, tied to the field.
 */
import { t } from '@/lib/shared/core/i18n';
import type { SettingsDraft } from './use-settings-draft';

export function ModelField({ form }: { form: SettingsDraft }) {
  return (
    <div class="field">
      <label for="model">{t('model')}</label>
      <input
        id="model"
        ref={form.refs.model}
        value={form.draft.model}
        spellcheck={false}
        aria-invalid={form.modelMissing}
        aria-describedby={form.modelMissing ? 'model-problem' : undefined}
        onInput={(e) => form.set('model', e.currentTarget.value)}
      />
      {form.modelMissing && (
        <p id="model-problem" class="field-problem">
          {t('modelMissing')}
        </p>
      )}
    </div>
  );
}
