import type { ShownError } from '@/lib/shared/run';
import { t } from '@/lib/shared/i18n';

export interface ErrorNoteProps {
  error: ShownError;
  onOpenOptions: () => void;
  onAskAgain: () => void;
}

/** A failure in words, with the one action that helps. */
export function ErrorNote({ error, onOpenOptions, onAskAgain }: ErrorNoteProps) {
  return (
    <div class="error" role="alert">
      <p>{error.message}</p>
      {error.action === 'open-options' && (
        <button type="button" onClick={onOpenOptions}>
          {t('openOptions')}
        </button>
      )}
      {error.action === 'ask-again' && (
        <button type="button" onClick={onAskAgain}>
          {t('askAgain')}
        </button>
      )}
    </div>
  );
}
