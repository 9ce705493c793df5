/**
 * What an app with nothing asked yet shows above the question box: what it does, in one line, and,
 * in a new session, the last thread one click away ("Continue: …") — never in the way of asking.
 * Without a key the note beside the question box says the next step and what a question shows
 * then (passages, not quoted claims), so the line about answers is left out; the user's last
 * thread is theirs with or without a key, and is offered all the same.
 */
import { t } from '@/lib/shared/core/i18n';
import { useLatestThread } from './use-latest-thread';

export interface EmptyStateProps {
  /** A browser start or an update emptied the session: the last thread of the history is offered. */
  newSession: boolean;
  /** A key is set: answers quote their pages, as the intro says. */
  hasKey: boolean;
  onContinue: () => void;
}

export function EmptyState({ newSession, hasKey, onContinue }: EmptyStateProps) {
  const latest = useLatestThread(newSession);
  if (!hasKey && !latest) return null;
  return (
    <div class="empty-state">
      {hasKey && (
        <>
          <p class="empty-title">{t('emptyTitle')}</p>
          <p class="muted">{t('emptyBody')}</p>
        </>
      )}
      {latest && (
        <button type="button" class="continue" onClick={onContinue}>
          <span class="continue-label">{t('continueThread')}</span> <bdi>{latest.turns[latest.turns.length - 1]!.question}</bdi>
        </button>
      )}
    </div>
  );
}
