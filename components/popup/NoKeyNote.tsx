/** Shown instead of asking when no API key is set: how to set one. */
import { t } from '@/lib/shared/core/i18n';

export interface NoKeyNoteProps {
  onOpenOptions: () => void;
}

/** Shown instead of asking when no API key is set: how to set one. */
export function NoKeyNote({ onOpenOptions }: NoKeyNoteProps) {
  return (
    <div class="no-key" role="alert">
      <p>{t('noKeyText')}</p>
      <button type="button" onClick={onOpenOptions}>
        {t('openOptionsForKey')}
      </button>
    </div>
  );
}
