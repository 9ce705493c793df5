/**
 * The question asked at Save before a key goes to an origin the user has not confirmed for it
 * (lib/shared/store/key-destination.ts): it takes the focus, and nothing is saved until it is answered.
 */
import { t } from '@/lib/shared/core/i18n';
import type { SettingsDraft } from './use-settings-draft';

export function KeyConfirm({ form }: { form: SettingsDraft }) {
  const { pending, pendingOrigin, keptAt } = form;
  if (!pending) return null;
  return (
    <div class="confirm" role="alertdialog" aria-labelledby="confirm-origin-title" aria-describedby="confirm-origin-text">
      <p id="confirm-origin-title">
        <strong>{t('confirmTitle', pendingOrigin)}</strong>
      </p>
      <p id="confirm-origin-text">{keptAt ? t('confirmText', keptAt, pendingOrigin) : t('confirmTextNew', pendingOrigin)}</p>
      <div class="actions">
        <button type="button" class="primary" ref={form.refs.confirm} onClick={form.confirm}>
          {t('confirmSend', pendingOrigin)}
        </button>
        <button type="button" onClick={form.cancel}>
          {t('confirmCancel')}
        </button>
      </div>
    </div>
  );
}
