/**
 * The "API base URL" field of the options and the welcome: asked nothing while it is typed; its
 * hint names the API the chosen server is asked through (Messages or Chat Completions).
 */
import { t } from '@/lib/shared/core/i18n';
import { apiFor } from '@/lib/shared/servers/servers';
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
        {t(apiFor(form.draft.server, form.draft.api) === 'chat' ? 'baseUrlHintChat' : 'baseUrlHint')}
      </p>
    </div>
  );
}
