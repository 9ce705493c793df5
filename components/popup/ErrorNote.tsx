/**
 * A failure in words, the server it concerns (its host: which of the user's servers did not
 * answer), and what helps next: "Try again" with the question kept, and the options when the
 * settings are the cause.
 */
import type { ShownError } from '@/lib/shared/answer/run';
import { t } from '@/lib/shared/core/i18n';

export interface ErrorNoteProps {
  error: ShownError;
  /** The host of the server asked, when one was. */
  server?: string;
  onOpenOptions: () => void;
  onAskAgain: () => void;
}

export function ErrorNote({ error, server, onOpenOptions, onAskAgain }: ErrorNoteProps) {
  const options = error.action === 'open-options';
  return (
    <div class="error" role="alert">
      <p>{error.message}</p>
      {server && (
        <p class="error-server">
          {t('serverHost')} <bdi>{server}</bdi>
        </p>
      )}
      <div class="actions">
        <button type="button" class={options ? undefined : 'primary'} onClick={onAskAgain}>
          {t('askAgain')}
        </button>
        {options && (
          <button type="button" class="primary" onClick={onOpenOptions}>
            {t('openOptions')}
          </button>
        )}
      </div>
    </div>
  );
}
