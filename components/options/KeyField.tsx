/**
 * The "API key" field of the options and the welcome: the key of the base URL's origin as the
 * draft holds it (./use-settings-draft.ts), none for a server on this computer (none is sent to
 * one), with the keys saved per server and their Remove beside it.
 */
import { t } from '@/lib/shared/core/i18n';
import { SavedKeysList } from './SavedKeysList';
import type { SettingsDraft } from './use-settings-draft';

export interface KeyFieldProps {
  form: SettingsDraft;
  /** The list of keys saved per server, each with Remove (the options); the welcome leaves it out. */
  withSavedKeys?: boolean;
}

export function KeyField({ form, withSavedKeys = true }: KeyFieldProps) {
  const { draft, local } = form;
  return (
    <div class="field">
      <label for="api-key">{t('apiKey')}</label>
      <input
        id="api-key"
        type="password"
        autocomplete="off"
        spellcheck={false}
        value={local ? '' : draft.apiKey}
        disabled={local}
        aria-describedby="api-key-hint"
        onInput={(e) => form.typeKey(e.currentTarget.value)}
      />
      <p class="hint" id="api-key-hint">
        {t(local ? 'apiKeyLocal' : 'apiKeyHint')}
      </p>
      {withSavedKeys && <SavedKeysList keys={form.keys} onRemove={form.remove} />}
    </div>
  );
}
