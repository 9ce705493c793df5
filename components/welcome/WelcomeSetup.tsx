/**
 * The welcome's first three steps: choose a server, paste its key, test the connection. The same
 * fields and rules as the options (components/options/use-settings-draft.ts: which key the field
 * shows, where a key may go once the user confirmed it, which model a server gets), one Save for
 * what the steps set; Test connection tests the server as typed, the key going with it only as
 * that rule says.
 */
import { t } from '@/lib/shared/core/i18n';
import { isLocalKind, PRESETS } from '@/lib/shared/servers/servers';
import { BaseUrlField } from '@/components/options/BaseUrlField';
import { KeyConfirm } from '@/components/options/KeyConfirm';
import { KeyField } from '@/components/options/KeyField';
import { ModelField } from '@/components/options/ModelField';
import { ServerChoice } from '@/components/options/ServerChoice';
import { TestConnection } from '@/components/options/TestConnection';
import { type SettingsDraftProps, useSettingsDraft } from '@/components/options/use-settings-draft';
import { WelcomeStep } from './WelcomeStep';

export function WelcomeSetup(props: SettingsDraftProps) {
  const form = useSettingsDraft(props);
  const { draft } = form;
  // The address is asked for where no preset knows it, or where a local server may listen elsewhere.
  const needsAddress = PRESETS[draft.server].baseURL === '' || isLocalKind(draft.server);
  return (
    <form
      class="welcome-setup"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        form.submit();
      }}
    >
      <WelcomeStep n={1} id="step-server" title={t('welcomeStepServer')}>
        <ServerChoice draft={draft} models={form.models} onChange={form.patch} onChosen={form.chosen} />
        <ModelField form={form} />
        {needsAddress && <BaseUrlField form={form} />}
      </WelcomeStep>
      <WelcomeStep n={2} id="step-key" title={t('welcomeStepKey')}>
        <p class="hint">{t('welcomeKeyHint')}</p>
        <KeyField form={form} withSavedKeys={false} />
        <div class="actions">
          <button type="submit" class="primary" ref={form.refs.save}>
            {t('save')}
          </button>
          <p role="status" class="status">
            {form.status}
          </p>
        </div>
        <KeyConfirm form={form} />
        <p class="hint">{t('welcomeNoKey')}</p>
      </WelcomeStep>
      <WelcomeStep n={3} id="step-test" title={t('welcomeStepTest')}>
        <p class="hint">{t('welcomeTestHint')}</p>
        <TestConnection draft={draft} keys={form.draftKeys(draft)} onModels={form.show} />
      </WelcomeStep>
    </form>
  );
}
