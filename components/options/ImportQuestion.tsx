/**
 * The question asked before a backup's settings are used (lib/shared/store/backup-import.ts): the
 * address the file would send questions to, shown, in Save's own words when a key would go there
 * with them (components/options/SettingsForm.tsx), and nothing written until the user confirms.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ImportQuestion as Question } from '@/lib/shared/store/backup-import';
import { t } from '@/lib/shared/core/i18n';

export interface ImportQuestionProps {
  question: Question;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ImportQuestion({ question, onConfirm, onCancel }: ImportQuestionProps) {
  const { origin, withKey, keptAt } = question;
  const confirm = useRef<HTMLButtonElement>(null);
  // As Save's question: it takes the focus.
  useLayoutEffect(() => confirm.current?.focus(), []);
  const text = !withKey ? t('importServerText', origin) : keptAt ? t('confirmText', keptAt, origin) : t('confirmTextNew', origin);
  return (
    <div class="confirm" role="alertdialog" aria-labelledby="import-confirm-title" aria-describedby="import-confirm-text">
      <p id="import-confirm-title">
        <strong>{withKey ? t('confirmTitle', origin) : t('importServerTitle', origin)}</strong>
      </p>
      <p id="import-confirm-text">{text}</p>
      <button type="button" ref={confirm} onClick={onConfirm}>
        {withKey ? t('confirmSend', origin) : t('importUseServer', origin)}
      </button>
      <button type="button" onClick={onCancel}>
        {t('confirmCancel')}
      </button>
    </div>
  );
}
