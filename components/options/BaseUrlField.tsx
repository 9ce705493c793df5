/** The "API base URL" field of the options and the welcome: asked nothing while it is typed. */
import { t } from '@/lib/shared/i18n';
import type { SettingsDraft } from './use-settings-draft';

export function BaseUrlField({ form }: { form: SettingsDraft }) {
  return (
    <div class="field">
      <label for="base-url">{t('baseUrl')}</label>
      <input
        id="base-url"
        type="url"
        spellcheck={false}
        value={form.draft.baseURL}
        aria-describedby="base-url-hint"
        onInput={(e) => form.set('baseURL', e.currentTarget.value)}
      />
      <p class="hint" id="base-url-hint">
        {t('baseUrlHint')}
      </p>
    </div>
  );
}
